//! Lowering: a checked description becomes the executable rule tree of [`crate::ir`].
//!
//! Every call is first matched to its declared form by the checker's own rules
//! ([`Checker::resolve`]), so each argument arrives in its parameter slot; the lowering of a
//! ludeme reads its slots by name or by type. Names (components, roles, directions,
//! variables) are resolved here, once. A ludeme the engine cannot run yet is an
//! [`LowerError::Unsupported`] naming it, never a panic.

mod lower;

pub use lower::{
    lower_board, lower_board_tracks, lower_game, lower_game_start, lower_layout, lower_looks, lower_match,
    match_subgames, LowerError, Subgame,
};
