//! Declarations of Ludii package `game.functions.graph.generators.basis.brick`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "brick",
        rule: "(brick [<brickShapeType>] <dim> [<dim>] [trim:boolean])",
        doc: "A board of bricks in rows.",
        example: "(brick 4)",
    },
    Decl {
        id: "brickShapeType",
        rule: "Diamond | Limping | Prism | Rectangle | Spiral | Square",
        doc: "The outline of a brick-tiled board.",
        example: "Rectangle",
    },
];
