//! Declarations of Ludii package `game.functions.graph.generators.basis.square`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "square",
        rule: "(square (<poly> | {<dim>}) [diagonals:<diagonalsType>]) | (square [<squareShapeType>] <dim> [diagonals:<diagonalsType> | pyramidal:boolean])",
        doc: "A board of squares, of a shape and size, optionally with diagonals.",
        example: "(square 8)",
    },
    Decl {
        id: "diagonalsType",
        rule: "Alternating | Concentric | Implied | Radiating | Solid | SolidNoSplit",
        doc: "How diagonals are drawn on a square board.",
        example: "Alternating",
    },
    Decl {
        id: "squareShapeType",
        rule: "Diamond | Limping | NoShape | Rectangle | Square",
        doc: "The outline of a square-tiled board.",
        example: "Diamond",
    },
];
