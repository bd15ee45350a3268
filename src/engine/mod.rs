//! The engine: boards as graphs, game state, move generation and application.
//!
//! The engine never sees syntax: it runs the executable rule tree that lowering produces.

mod api;
mod apply;
pub mod board;
mod compiled;
mod eval;
mod game;
mod generate;
mod moves;
pub mod playout;
mod position;
mod region;
mod requirement;
mod select;
mod state;
mod text;

pub use api::{Game, LoadError, Move, SiteView, State};
