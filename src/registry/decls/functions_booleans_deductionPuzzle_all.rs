//! Declarations of Ludii package `game.functions.booleans.deductionPuzzle.all`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "deductionPuzzle.all.all",
    rule: "(all Different [<siteType>] [<sites>] [except:<int> | excepts:{<int>}])",
    doc: "True when all the values in a region differ (puzzles).",
    example: "(all Different)",
}];
