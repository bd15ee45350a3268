//! Declarations of Ludii package `game.types.play`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "modeType",
        rule: "Alternating | Simulation | Simultaneous",
        doc: "How turns are taken: alternating, simultaneous or simulation.",
        example: "Alternating",
    },
    Decl {
        id: "passEndType",
        rule: "Draw | NoEnd",
        doc: "What a round of passes leads to: a draw or no end.",
        example: "Draw",
    },
    Decl {
        id: "prevType",
        rule: "Mover | MoverLastTurn",
        doc: "Which previous player: of the previous move, or of the mover's last turn.",
        example: "Mover",
    },
    Decl {
        id: "repetitionType",
        rule: "Positional | PositionalInTurn | Situational | SituationalInTurn",
        doc: "Which kind of repetition is forbidden or tested: positional or situational, globally or within a turn.",
        example: "Positional",
    },
    Decl {
        id: "resultType",
        rule: "Abandon | Crash | Draw | Loss | Tie | Win",
        doc: "A game result for a player: win, loss, draw, tie, crash or abandon.",
        example: "Win",
    },
    Decl {
        id: "roleType",
        rule: "All | Ally | Each | Enemy | Friend | Mover | Neutral | Next | NonMover | P1 | P10 | P11 | P12 | P13 | P14 | P15 | P16 | P2 | P3 | P4 | P5 | P6 | P7 | P8 | P9 | Player | Prev | Shared | Team1 | Team10 | Team11 | Team12 | Team13 | Team14 | Team15 | Team16 | Team2 | Team3 | Team4 | Team5 | Team6 | Team7 | Team8 | Team9 | TeamMover",
        doc: "Which player or players a rule refers to.",
        example: "Mover",
    },
    Decl {
        id: "whenType",
        rule: "EndOfTurn | StartOfTurn",
        doc: "When something happens: at the start or the end of a turn.",
        example: "EndOfTurn",
    },
];
