//! Declarations of Ludii package `game.functions.graph.generators.basis.tiling`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "tiling",
        rule: "(tiling <tilingType> <dim> [<dim>]) | (tiling <tilingType> (<poly> | {<dim>}))",
        doc: "A board on a semi-regular tiling.",
        example: "(tiling T3464 2)",
    },
    Decl {
        id: "tilingType",
        rule: "T31212 | T333333_33434 | T33336 | T33344 | T33434 | T3464 | T3636 | T4612 | T488",
        doc: "A semi-regular tiling, named by the polygons around each vertex.",
        example: "T3464",
    },
];
