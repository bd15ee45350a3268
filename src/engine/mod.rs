//! The engine: boards as graphs, game state, move generation and application.
//!
//! The engine never sees syntax: it runs the executable rule tree that lowering produces.

mod api;
pub mod board;
mod game;
mod moves;
pub mod playout;
mod region;
mod state;

pub use api::{Game, LoadError, Move, State};
