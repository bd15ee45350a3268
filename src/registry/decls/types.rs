//! Declarations of Ludii package `game.types`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "string",
    rule: "string",
    doc: "A string literal in double quotes.",
    example: "\"Pawn\"",
}];
