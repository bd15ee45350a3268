//! Declarations of Ludii package `game.rules.play.moves.nonDecision.effect.state.remember`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "remember",
    rule: "(remember State [<then>]) | (remember Value [<string>] <int> [unique:<boolean>] [<then>])",
    doc: "Stores the current state or a value so later rules can refer to it.",
    example: "(remember Value (last To))",
}];
