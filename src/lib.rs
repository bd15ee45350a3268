//! `ludeme`: a fast, Ludii-compatible game-rules interpreter.
//!
//! Layers (see `ARCHITECTURE.md`): [`syntax`] → [`expand`] → [`registry`]/[`check`] → … → `cli`.

pub mod ai;
pub mod check;
pub mod cli;
pub mod compile;
pub mod diag;
pub mod engine;
pub mod expand;
pub mod ir;
pub mod registry;
pub mod source;
pub mod syntax;
pub mod trace;
