//! Declarations of Ludii package `game.functions.ints.dice`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "dice.face",
    rule: "(face <int>)",
    doc: "The face shown by the die at a site.",
    example: "(face 26)",
}];
