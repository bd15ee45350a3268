//! Declarations of Ludii package `game.functions.dim.math`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "dim.math.*",
        rule: "(* {<dim>}) | (* <dim> <dim>)",
        doc: "The product of dimensions.",
        example: "(* 2 3)",
    },
    Decl {
        id: "dim.math.+",
        rule: "(+ {<dim>}) | (+ <dim> <dim>)",
        doc: "The sum of dimensions.",
        example: "(+ 3 1)",
    },
    Decl {
        id: "dim.math.-",
        rule: "(- <dim> <dim>)",
        doc: "The difference of two dimensions.",
        example: "(- 8 2)",
    },
    Decl {
        id: "dim.math./",
        rule: "(/ <dim> <dim>)",
        doc: "A dimension divided by another.",
        example: "(/ 8 2)",
    },
    Decl {
        id: "dim.math.^",
        rule: "(^ <dim> <dim>)",
        doc: "A dimension raised to a power.",
        example: "(^ 2 3)",
    },
    Decl {
        id: "dim.math.abs",
        rule: "(abs <dim>)",
        doc: "The absolute value of a dimension.",
        example: "(abs -3)",
    },
    Decl {
        id: "dim.math.max",
        rule: "(max <dim> <dim>)",
        doc: "The larger of two dimensions.",
        example: "(max 3 4)",
    },
    Decl {
        id: "dim.math.min",
        rule: "(min <dim> <dim>)",
        doc: "The smaller of two dimensions.",
        example: "(min 3 4)",
    },
];
