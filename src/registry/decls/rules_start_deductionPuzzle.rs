//! Declarations of Ludii package `game.rules.start.deductionPuzzle`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "deductionPuzzle.set",
    rule: "(set [<siteType>] {{int}})",
    doc: "Sets the initial values of a deduction puzzle's sites.",
    example: "(set {{0 1} {5 3}})",
}];
