//! Declarations of Ludii package `game.rules.play.moves.nonDecision.effect.requirement`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "avoidStoredState",
        rule: "(avoidStoredState <moves> [<then>])",
        doc: "Filters out moves that would reach the stored state.",
        example: "(avoidStoredState (move Step (to if:(is Empty (to)))))",
    },
    Decl {
        id: "do",
        rule: "(do <moves> [next:<moves>] [ifAfterwards:<boolean>] [<then>])",
        doc: "Moves that are legal only if a condition holds after them (or before a next move).",
        example: "(do (move Step (to if:(is Empty (to)))) ifAfterwards:(not (is Threatened (id \"King\" Mover))))",
    },
    Decl {
        id: "firstMoveOnTrack",
        rule: "(firstMoveOnTrack [<string>] [<roleType>] <moves> [<then>])",
        doc: "Keeps only the first legal move along a track.",
        example: "(firstMoveOnTrack (forEach Site (sites Track) (move Step (to if:(is Empty (to))))))",
    },
    Decl {
        id: "priority",
        rule: "(priority <moves> <moves> [<then>]) | (priority {<moves>} [<then>])",
        doc: "Uses the first list of moves that is non-empty.",
        example: "(priority (move Hop (to if:(is Empty (to)))) (move Step (to if:(is Empty (to)))))",
    },
    Decl {
        id: "while",
        rule: "(while <boolean> <moves> [<then>])",
        doc: "Repeats moves while a condition holds.",
        example: "(while (< (counter) 3) (moveAgain))",
    },
];
