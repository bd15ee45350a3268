//! Declarations of Ludii package `game.rules.play.moves.nonDecision.effect.take`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "take",
        rule: "(take Control (of:<roleType> | of:<int>) (by:<roleType> | by:<int>) [at:<int> | to:<sites>] [<siteType>] [<then>]) | (take Domino [<then>])",
        doc: "Takes control of pieces belonging to another player, or takes a domino.",
        example: "(take Domino)",
    },
];
