//! Declarations of Ludii package `game.util.math`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "math.count",
        rule: "(count <string> <int>)",
        doc: "A number of copies of a named item (for random placement).",
        example: "(count \"Pawn1\" 8)",
    },
    Decl {
        id: "math.pair",
        rule: "(pair <string> <string>) | (pair <roleType> <roleType>) | (pair <roleType> <int>) | (pair <int> <int>) | (pair <string> <roleType>) | (pair <roleType> <landmarkType>) | (pair <roleType> <string>) | (pair <int> <string>)",
        doc: "A pair of values (names, roles, integers or landmarks) for maps and similar lists.",
        example: "(pair P1 \"Pawn\")",
    },
];
