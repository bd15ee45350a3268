//! Declarations of Ludii package `game.util.end`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "end.score",
        rule: "(score <roleType> <int>)",
        doc: "A final score for a player, for ranking by score.",
        example: "(score P1 (count Pieces P1))",
    },
    Decl {
        id: "payoff",
        rule: "(payoff <roleType> <float>)",
        doc: "The payoff for a player at the end of the game.",
        example: "(payoff P1 1.5)",
    },
];
