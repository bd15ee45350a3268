//! Declarations of Ludii package `game.rules.play.moves.nonDecision.effect.state.swap`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "swap.swap",
    rule: "(swap Players (<int> | <roleType>) (<int> | <roleType>) [<then>]) | (swap Pieces [<int> <int>] [<then>])",
    doc: "Swaps two players, or the pieces on two sites.",
    example: "(swap Players 1 2)",
}];
