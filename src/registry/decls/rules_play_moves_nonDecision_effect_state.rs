//! Declarations of Ludii package `game.rules.play.moves.nonDecision.effect.state`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "addScore",
        rule: "(addScore ({<int>} | {<roleType>}) {<int>} [<then>]) | (addScore (<moves.player> | <roleType>) <int> [<then>])",
        doc: "Adds to the score of a player (or players).",
        example: "(addScore Mover 1)",
    },
    Decl {
        id: "moveAgain",
        rule: "(moveAgain [<then>])",
        doc: "Makes the mover move again.",
        example: "(moveAgain)",
    },
];
