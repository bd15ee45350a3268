//! `ludeme`: a fast, Ludii-compatible game-rules interpreter.
//!
//! Layers (see `ARCHITECTURE.md`): [`expand`] → [`syntax`] → [`registry`]/[`check`] → [`board`] →
//! [`ir`] → [`compile`] → [`engine`] → [`load`] → [`trace`]/[`ai`] → `cli`.

pub mod ai;
pub mod board;
pub mod check;
pub mod cli;
pub mod compile;
pub mod diag;
pub mod engine;
pub mod expand;
pub mod ir;
pub mod load;
pub mod registry;
pub mod source;
pub mod syntax;
pub mod trace;
