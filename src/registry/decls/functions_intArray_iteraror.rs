//! Declarations of Ludii package `game.functions.intArray.iteraror`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "team",
    rule: "(team)",
    doc: "The players of the team being iterated over.",
    example: "(team)",
}];
