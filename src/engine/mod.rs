//! The engine: boards as graphs, game state, move generation and application.
//!
//! The engine never sees syntax: it runs the executable rule tree that lowering produces.

mod api;
mod apply;

mod captures;
mod compiled;
mod connection;
mod dice;
mod directions;
mod dominoes;
mod encode;
mod eval;
mod forms;
mod game;
mod generate;
mod graphs;
mod hidden;
mod joint;
mod large;
mod lines;
mod matches;
mod movement;
mod moves;
mod outcome;
pub mod playout;
mod pool;
mod position;
mod probe;
mod puzzle;
mod region;
mod requirement;
mod select;
mod shapes;
mod sowing;
mod state;
mod statics;
mod tables;
mod text;
mod threat;
mod tiles;
mod typed;

pub use api::{Game, Move, MoveKey, PieceView, SiteView, State};
pub use encode::{sorted_unique, ActionShape, OTHER_ACTION, PASS_ACTION, SWAP_ACTION};
pub use game::java_double;
pub use game::BuildError;
pub use moves::{Action, StartMove, TOP, TOP_LEVEL};
pub use state::SplitMix64;

/// The most rounds a `(while ..)` runs (Ludii's bound on its iterations): a condition the
/// moves never falsify stops there.
pub const MAX_WHILE_ROUNDS: usize = 10_000;

/// The most values past the first a start rule's `(forEach Value ..)` runs through.
pub const MAX_START_VALUES: i32 = 100_000;

/// The sites the legal moves of `s` go to, in increasing order, for unit tests.
#[cfg(test)]
fn legal_targets(game: &Game, s: &State) -> Vec<i32> {
    let mut to: Vec<i32> = game.legal_moves(s).iter().map(|m| m.inner.to).collect();
    to.sort();
    to
}

/// A file of Ludii's corpus (`path` under `lud/`), loaded with `sel`, for unit tests.
#[cfg(test)]
fn corpus_game(path: &str, sel: &crate::expand::Selections) -> Game {
    let full = format!("{}/../shared/ludii/lud/{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"));
    Game::load(path, &text, sel).unwrap_or_else(|e| panic!("{path}: {e:?}"))
}
