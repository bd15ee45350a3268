//! Declarations of Ludii package `game.functions.floats.math`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "cos",
        rule: "(cos <float>)",
        doc: "The cosine of a float.",
        example: "(cos 0.5)",
    },
    Decl {
        id: "exp",
        rule: "(exp <float>)",
        doc: "e raised to a float.",
        example: "(exp 1.0)",
    },
    Decl {
        id: "floats.math.*",
        rule: "(* {<float>}) | (* <float> <float>)",
        doc: "The product of floats.",
        example: "(* 2.0 1.5)",
    },
    Decl {
        id: "floats.math.+",
        rule: "(+ {<float>}) | (+ <float> <float>)",
        doc: "The sum of floats.",
        example: "(+ 2.0 1.5)",
    },
    Decl {
        id: "floats.math.-",
        rule: "(- <float> <float>)",
        doc: "The difference of two floats.",
        example: "(- 2.0 1.5)",
    },
    Decl {
        id: "floats.math./",
        rule: "(/ <float> <float>)",
        doc: "A float divided by another.",
        example: "(/ 3.0 2.0)",
    },
    Decl {
        id: "floats.math.^",
        rule: "(^ <float> <float>)",
        doc: "A float raised to a power.",
        example: "(^ 2.0 0.5)",
    },
    Decl {
        id: "floats.math.abs",
        rule: "(abs <float>)",
        doc: "The absolute value of a float.",
        example: "(abs -1.5)",
    },
    Decl {
        id: "floats.math.max",
        rule: "(max {<float>}) | (max <float> <float>)",
        doc: "The largest of floats.",
        example: "(max 1.5 2.5)",
    },
    Decl {
        id: "floats.math.min",
        rule: "(min {<float>}) | (min <float> <float>)",
        doc: "The smallest of floats.",
        example: "(min 1.5 2.5)",
    },
    Decl {
        id: "log",
        rule: "(log <float>)",
        doc: "The natural logarithm of a float.",
        example: "(log 2.0)",
    },
    Decl {
        id: "log10",
        rule: "(log10 <float>)",
        doc: "The base-10 logarithm of a float.",
        example: "(log10 100.0)",
    },
    Decl {
        id: "sin",
        rule: "(sin <float>)",
        doc: "The sine of a float.",
        example: "(sin 0.5)",
    },
    Decl {
        id: "sqrt",
        rule: "(sqrt <float>)",
        doc: "The square root of a float.",
        example: "(sqrt 2.0)",
    },
    Decl {
        id: "tan",
        rule: "(tan <float>)",
        doc: "The tangent of a float.",
        example: "(tan 0.5)",
    },
];
