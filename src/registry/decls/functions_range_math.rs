//! Declarations of Ludii package `game.functions.range.math`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "exact",
        rule: "(exact <int>)",
        doc: "A range of exactly one value.",
        example: "(exact 3)",
    },
    Decl {
        id: "range.math.max",
        rule: "(max <int>)",
        doc: "A range from 1 up to a maximum.",
        example: "(max 3)",
    },
    Decl {
        id: "range.math.min",
        rule: "(min <int>)",
        doc: "A range from a minimum upwards.",
        example: "(min 2)",
    },
];
