//! Declarations of Ludii package `game.rules.start`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "start",
        rule: "(start ({<startRule>} | <startRule>))",
        doc: "Rules that set up the starting position.",
        example: "(start (place \"Disc1\" (sites Bottom)))",
    },
    Decl {
        id: "start.deal",
        rule: "(deal <dealableType> [int])",
        doc: "Deals cards or dominoes at the start.",
        example: "(deal Dominoes 7)",
    },
    Decl {
        id: "startRule",
        rule: "<start.deal> | <forEach.forEach> | <place> | <deductionPuzzle.set> | <start.set.set> | <split>",
        doc: "Any starting rule.",
        example: "",
    },
];
