//! Declarations of Ludii package `game.functions.dim`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "dim",
        rule: "<dim.math.*> | <dim.math.+> | <dim.math.-> | <dim.math./> | <dim.math.^> | <dim.math.abs> | int | <dim.math.max> | <dim.math.min>",
        doc: "A dimension: a constant integer or arithmetic on dimensions, used to size boards.",
        example: "",
    },
];
