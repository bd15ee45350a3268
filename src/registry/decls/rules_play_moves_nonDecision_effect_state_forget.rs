//! Declarations of Ludii package `game.rules.play.moves.nonDecision.effect.state.forget`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "forget",
    rule: "(forget Value [<string>] <int> [<then>]) | (forget Value [<string>] All [<then>])",
    doc: "Removes a remembered value (or all of them).",
    example: "(forget Value All)",
}];
