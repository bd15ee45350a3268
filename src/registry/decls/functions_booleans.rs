//! Declarations of Ludii package `game.functions.booleans`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "boolean",
        rule: "<!=> | <<> | <<=> | <=> | <>> | <>=> | <booleans.all.all> | <deductionPuzzle.all.all> | <math.and> | boolean | <can> | <forAll> | <booleans.math.if> | <booleans.is.is> | <deductionPuzzle.is.is> | <booleans.no.no> | <not> | <math.or> | <toBool> | <was> | <xor>",
        doc: "A boolean value: a constant or a condition.",
        example: "",
    },
    Decl {
        id: "toBool",
        rule: "(toBool (<int> | <float>))",
        doc: "Converts an integer or float to a boolean.",
        example: "(toBool (count Pieces Mover))",
    },
];
