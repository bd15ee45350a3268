//! Declarations of Ludii package `game.functions.graph.generators.shape.concentric`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "concentric",
        rule: "(concentric (<concentricShapeType> | sides:<dim> | {<dim>}) [rings:<dim>] [steps:<dim>] [midpoints:<boolean>] [joinMidpoints:<boolean>] [joinCorners:<boolean>] [stagger:<boolean>])",
        doc: "A board of concentric rings (as Nine Men's Morris).",
        example: "(concentric Square rings:3)",
    },
    Decl {
        id: "concentricShapeType",
        rule: "Hexagon | Square | Target | Triangle",
        doc: "The shape of the rings of a concentric board.",
        example: "Square",
    },
];
