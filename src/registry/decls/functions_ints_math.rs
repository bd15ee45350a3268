//! Declarations of Ludii package `game.functions.ints.math`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "%",
        rule: "(% <int> <int>)",
        doc: "The remainder of dividing one integer by another.",
        example: "(% (count Turns) 2)",
    },
    Decl {
        id: "ints.math.*",
        rule: "(* ({<int>} | <ints>)) | (* <int> <int>)",
        doc: "The product of integers.",
        example: "(* 2 (count Pieces Mover))",
    },
    Decl {
        id: "ints.math.+",
        rule: "(+ ({<int>} | <ints>)) | (+ <int> <int>)",
        doc: "The sum of integers.",
        example: "(+ (score P1) 1)",
    },
    Decl {
        id: "ints.math.-",
        rule: "(- [<int>] <int>)",
        doc: "The difference of two integers, or the negation of one.",
        example: "(- (count Rows) 1)",
    },
    Decl {
        id: "ints.math./",
        rule: "(/ <int> <int>)",
        doc: "Integer division.",
        example: "(/ (count Sites in:(sites Board)) 2)",
    },
    Decl {
        id: "ints.math.^",
        rule: "(^ <int> <int>)",
        doc: "An integer raised to a power.",
        example: "(^ 2 3)",
    },
    Decl {
        id: "ints.math.abs",
        rule: "(abs <int>)",
        doc: "The absolute value of an integer.",
        example: "(abs (- (row of:(from)) (row of:(to))))",
    },
    Decl {
        id: "ints.math.if",
        rule: "(if <boolean> <int> <int>)",
        doc: "One integer or another depending on a condition.",
        example: "(if (is Mover P1) 1 2)",
    },
    Decl {
        id: "ints.math.max",
        rule: "(max <ints>) | (max <int> <int>)",
        doc: "The largest of integers.",
        example: "(max (score P1) (score P2))",
    },
    Decl {
        id: "ints.math.min",
        rule: "(min <ints>) | (min <int> <int>)",
        doc: "The smallest of integers.",
        example: "(min (count Pieces P1) 3)",
    },
];
