//! Declarations of Ludii package `game.rules.phase`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "phase.phase",
        rule: "(phase <string> [<roleType>] [<mode>] <play> [<end>] [<nextPhase> | {<nextPhase>}])",
        doc:
            "A named phase of play with its own moves, optional end rules and conditions for moving to the next phase.",
        example: "(phase \"Placement\" (play (move Add (to (sites Empty)))) (nextPhase (is Full) \"Movement\"))",
    },
    Decl {
        id: "nextPhase",
        rule: "(nextPhase [<roleType> | <moves.player>] [<boolean>] [<string>])",
        doc: "Names the phase that follows, optionally for one player and under a condition.",
        example: "(nextPhase Mover (= (count Pieces Mover in:(sites Hand Mover)) 0) \"Movement\")",
    },
];
