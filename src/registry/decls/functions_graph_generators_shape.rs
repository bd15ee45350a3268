//! Declarations of Ludii package `game.functions.graph.generators.shape`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "rectangle",
        rule: "(rectangle <dim> [<dim>] [diagonals:<diagonalsType>])",
        doc: "A rectangular board of squares.",
        example: "(rectangle 3 5)",
    },
    Decl {
        id: "regular",
        rule: "(regular <basisType> <shapeType> <dim> [<dim>]) | (regular [Star] <dim>)",
        doc: "A board of a given basis and shape; or a regular star.",
        example: "(regular Square Diamond 4)",
    },
    Decl {
        id: "repeat",
        rule: "(repeat <dim> <dim> step:{{float}} (<poly> | {<poly>}))",
        doc: "Repeats polygons in rows and columns with a given step.",
        example: "(repeat 3 3 step:{{1 0} {0 1}} (poly {{0 0} {1 0} {1 1} {0 1}}))",
    },
    Decl {
        id: "spiral",
        rule: "(spiral turns:<dim> sites:<dim> [clockwise:boolean])",
        doc: "A spiral board with a number of turns and sites.",
        example: "(spiral turns:4 sites:80)",
    },
    Decl {
        id: "wedge",
        rule: "(wedge <dim> [<dim>])",
        doc: "A wedge-shaped (triangular) board of rows.",
        example: "(wedge 4)",
    },
];
