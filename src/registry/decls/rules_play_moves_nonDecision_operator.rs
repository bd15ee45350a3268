//! Declarations of Ludii package `game.rules.play.moves.nonDecision.operator`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "operator",
    rule: "<allCombinations> | <logical.and> | <append> | <logical.if> | <logical.or>",
    doc: "A ludeme that combines or transforms other moves.",
    example: "",
}];
