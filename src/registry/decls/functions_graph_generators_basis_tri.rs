//! Declarations of Ludii package `game.functions.graph.generators.basis.tri`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "tri",
        rule: "(tri (<poly> | {<dim>})) | (tri [<triShapeType>] <dim> [<dim>])",
        doc: "A board built from triangles, of a shape and size.",
        example: "(tri 5)",
    },
    Decl {
        id: "triShapeType",
        rule: "Diamond | Hexagon | Limping | NoShape | Prism | Rectangle | Square | Star | Triangle",
        doc: "The outline of a triangular-tiled board.",
        example: "Hexagon",
    },
];
