//! Declarations of Ludii package `game.rules.end`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "end",
        rule: "(end (<endRule> | {<endRule>}))",
        doc: "The ending rules.",
        example: "(end (if (no Moves Next) (result Mover Win)))",
    },
    Decl {
        id: "byScore",
        rule: "(byScore [{<end.score>}] [misere:<boolean>])",
        doc: "Ranks the players by score (or given scores), optionally reversed.",
        example: "(byScore)",
    },
    Decl {
        id: "end.forEach",
        rule: "(forEach [<roleType> | Track] if:<boolean> <result>)",
        doc: "Applies an ending condition for each player (or track).",
        example: "(forEach NonMover if:(no Pieces Player) (result Player Loss))",
    },
    Decl {
        id: "end.if",
        rule: "(if <boolean> [<end.if> | {<end.if>}] [<result>])",
        doc: "Ends the game with a result when a condition holds.",
        example: "(if (is Line 3) (result Mover Win))",
    },
    Decl {
        id: "endRule",
        rule: "<end.forEach> | <end.if>",
        doc: "Any ending rule.",
        example: "",
    },
    Decl {
        id: "payoffs",
        rule: "(payoffs {<payoff>})",
        doc: "The payoff of each player at the end.",
        example: "(payoffs {(payoff P1 5.5) (payoff P2 1.2)})",
    },
    Decl {
        id: "result",
        rule: "(result <roleType> <resultType>) | <byScore> | <payoffs>",
        doc: "The result of the game for a player; or a result by score or payoffs.",
        example: "(result Mover Win)",
    },
];
