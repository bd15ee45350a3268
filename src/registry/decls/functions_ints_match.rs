//! Declarations of Ludii package `game.functions.ints.match`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "matchScore",
    rule: "(matchScore <roleType>)",
    doc: "The score of a player in the match.",
    example: "(matchScore P1)",
}];
