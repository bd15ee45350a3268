//! The engine: boards as graphs, game state, move generation and application.
//!
//! The engine never sees syntax: it runs the executable rule tree that lowering produces.

pub mod board;
