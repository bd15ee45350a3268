//! The state of a game in progress.

use smallvec::SmallVec;

/// One piece (or, in a flat game, the site's content with its count).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Piece {
    /// Component index (1-based, as Ludii numbers components); never 0 for a real piece.
    pub what: u16,
    /// Owner: 0 neutral, else the player.
    pub who: u8,
    pub count: u32,
    pub state: i32,
    pub value: i32,
    pub rotation: i32,
}

/// What a past move left for `(last ..)`, `(all Passed)` and friends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    pub mover: u8,
    pub from: i32,
    pub to: i32,
    pub pass: bool,
}

/// How many past moves are kept (Ludii's rules here look back at most a few turns).
pub const HISTORY: usize = 12;

#[derive(Clone, Debug, PartialEq)]
pub struct StateData {
    /// Per site, the pieces from the bottom of the stack up (at most one in flat games).
    pub sites: Vec<SmallVec<[Piece; 1]>>,
    /// Scores by player (index 0 unused).
    pub scores: SmallVec<[i32; 5]>,
    pub mover: u8,
    pub next: u8,
    pub prev: u8,
    /// `(var)`, -1 until set.
    pub var: i32,
    /// Named variables `(var "k")` by interned name.
    pub vars: SmallVec<[(u16, i32); 2]>,
    pub pending: SmallVec<[i32; 4]>,
    pub remembered: SmallVec<[i32; 4]>,
    pub propositions: SmallVec<[u16; 2]>,
    /// Bit per player: stalemated (no legal move when last asked).
    pub stalemated: u32,
    /// Bit per player: still playing.
    pub active: u32,
    pub over: bool,
    /// Ludii's ranking once over (index 0 unused).
    pub ranking: SmallVec<[f64; 5]>,
    pub num_turn: u32,
    /// Decisions applied since the start rules.
    pub num_decisions: u32,
    /// The most recent moves, oldest first, including the start rules' moves (mover 0).
    pub history: SmallVec<[MoveRecord; HISTORY]>,
    /// Whether older moves than `history` exist.
    pub history_truncated: bool,
}
