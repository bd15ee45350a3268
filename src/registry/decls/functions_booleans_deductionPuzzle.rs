//! Declarations of Ludii package `game.functions.booleans.deductionPuzzle`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "forAll",
    rule: "(forAll <puzzleElementType> <boolean>)",
    doc: "True when a condition holds for every puzzle element of a type.",
    example: "(forAll Hint (is Count (sites Around (hint)) of:1 (hint)))",
}];
