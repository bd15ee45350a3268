//! Declarations of Ludii package `game.functions.graph.generators.basis`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "basis",
        rule: "<brick> | <celtic> | <concentric> | <hex> | <quadhex> | <rectangle> | <spiral> | <square> | <tiling> | <tri> | <wedge>",
        doc: "Any board generator built on a regular basis.",
        example: "",
    },
];
