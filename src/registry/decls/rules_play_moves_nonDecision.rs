//! Declarations of Ludii package `game.rules.play.moves.nonDecision`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "nonDecision",
    rule: "<effect> | <operator>",
    doc: "Any move that is not a decision: an effect or a moves operator.",
    example: "",
}];
