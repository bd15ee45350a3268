//! Declarations of Ludii package `game.functions.booleans.was`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "was",
    rule: "(was Pass)",
    doc: "True when the last move was a pass.",
    example: "(was Pass)",
}];
