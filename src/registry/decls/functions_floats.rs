//! Declarations of Ludii package `game.functions.floats`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "float",
        rule: "<floats.math.*> | <floats.math.+> | <floats.math.-> | <floats.math./> | <floats.math.^> | <floats.math.abs> | <cos> | <exp> | float | <log> | <log10> | <floats.math.max> | <floats.math.min> | <sin> | <sqrt> | <tan> | <toFloat>",
        doc: "A floating-point value: a constant or a float function.",
        example: "",
    },
    Decl {
        id: "toFloat",
        rule: "(toFloat (<boolean> | <int>))",
        doc: "Converts a boolean or integer to a float.",
        example: "(toFloat (count Pieces Mover))",
    },
];
