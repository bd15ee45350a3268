//! Declarations of Ludii package `metadata.ai.heuristics.transformations`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "divNumBoardSites",
        rule: "(divNumBoardSites)",
        doc: "Heuristic transformation: divides a term's value by the number of board sites.",
        example: "(divNumBoardSites)",
    },
    Decl {
        id: "logisticFunction",
        rule: "(logisticFunction)",
        doc: "Heuristic transformation: passes a term's value through a logistic (sigmoid) function.",
        example: "(logisticFunction)",
    },
    Decl {
        id: "divNumInitPlacement",
        rule: "(divNumInitPlacement)",
        doc: "Heuristic transformation: divides a term's value by the number of pieces placed at the start.",
        example: "(divNumInitPlacement)",
    },
    Decl {
        id: "heuristicTransformation",
        rule: "<divNumBoardSites> | <divNumInitPlacement> | <logisticFunction> | <tanh>",
        doc: "A transformation applied to a heuristic term's raw value (no forms of its own in the grammar).",
        example: "",
    },
    Decl {
        id: "tanh",
        rule: "(tanh)",
        doc: "Heuristic transformation: passes a term's value through tanh.",
        example: "(tanh)",
    },
];
