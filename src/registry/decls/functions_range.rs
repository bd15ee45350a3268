//! Declarations of Ludii package `game.functions.range`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "range",
    rule: "(range <int> [<int>]) | <exact> | <range.math.max> | <range.math.min>",
    doc: "A range of integers, from a minimum to an optional maximum.",
    example: "(range 1 3)",
}];
