//! Declarations of Ludii package `game.functions.graph.generators.basis.hex`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "hex",
        rule: "(hex (<poly> | {<dim>})) | (hex [<hexShapeType>] <dim> [<dim>])",
        doc: "A board built from hexagons, of a shape and size.",
        example: "(hex 5)",
    },
    Decl {
        id: "hexShapeType",
        rule: "Diamond | Hexagon | Limping | NoShape | Prism | Rectangle | Square | Star | Triangle",
        doc: "The outline of a hexagon-tiled board.",
        example: "Diamond",
    },
];
