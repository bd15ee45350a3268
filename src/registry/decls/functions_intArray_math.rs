//! Declarations of Ludii package `game.functions.intArray.math`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "intArray.math.difference",
        rule: "(difference <ints> (<ints> | <int>))",
        doc: "The values of an array that are not in another array (or not a value).",
        example: "(difference (values Remembered) 2)",
    },
    Decl {
        id: "intArray.math.if",
        rule: "(if <boolean> <ints> [<ints>])",
        doc: "One integer array or another depending on a condition.",
        example: "(if (is Mover P1) {1 2} {3 4})",
    },
    Decl {
        id: "intArray.math.intersection",
        rule: "(intersection {<ints>}) | (intersection <ints> <ints>)",
        doc: "The values common to integer arrays.",
        example: "(intersection {1 2 3} {2 3 4})",
    },
    Decl {
        id: "intArray.math.union",
        rule: "(union {<ints>}) | (union <ints> <ints>)",
        doc: "The values in any of the integer arrays.",
        example: "(union {1 2} {3 4})",
    },
    Decl {
        id: "results",
        rule: "(results (from:<int> | from:<sites>) (to:<int> | to:<sites>) <int>)",
        doc: "The values of a function for each pair of from and to sites.",
        example: "(results from:(last To) to:(sites Around (from)) (to))",
    },
];
