//! Declarations of Ludii package `game.functions.ints.last`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "ints.last.last",
        rule: "(last <lastType> [afterConsequence:<boolean>])",
        doc: "A site or level of the last move made.",
        example: "(last To)",
    },
    Decl {
        id: "lastType",
        rule: "From | LevelFrom | LevelTo | To",
        doc: "Which part of the last move: from or to site, or from or to level.",
        example: "To",
    },
];
