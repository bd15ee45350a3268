//! Declarations of Ludii package `game.rules.play.moves.nonDecision.effect.requirement.max`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "max.max",
        rule: "(max Distance [<string>] [<roleType>] <moves> [<then>]) | (max <maxMovesType> [withValue:<boolean>] <moves> [<then>])",
        doc: "Keeps only the moves with the greatest distance, captures or moves.",
        example: "(max Captures (forEach Piece))",
    },
    Decl {
        id: "maxMovesType",
        rule: "Captures | Moves",
        doc: "What `max` maximises: captures made or moves made.",
        example: "Captures",
    },
];
