//! Declarations of Ludii package `game.functions.booleans.math`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "!=",
        rule: "(!= <sites> <sites>) | (!= <int> (<int> | <roleType>))",
        doc: "True when two regions or integers differ.",
        example: "(!= (who at:(to)) Mover)",
    },
    Decl {
        id: "<",
        rule: "(< <int> <int>)",
        doc: "True when the first integer is less than the second.",
        example: "(< (count Pieces Mover) 3)",
    },
    Decl {
        id: "<=",
        rule: "(<= <int> <int>)",
        doc: "True when the first integer is at most the second.",
        example: "(<= (count Pieces Next) 2)",
    },
    Decl {
        id: "=",
        rule: "(= <sites> <sites>) | (= <int> (<int> | <roleType>))",
        doc: "True when two regions or integers are equal.",
        example: "(= (count Pieces Next) 0)",
    },
    Decl {
        id: ">",
        rule: "(> <int> <int>)",
        doc: "True when the first integer is greater than the second.",
        example: "(> (score Mover) 10)",
    },
    Decl {
        id: ">=",
        rule: "(>= <int> <int>)",
        doc: "True when the first integer is at least the second.",
        example: "(>= (count Turns) 50)",
    },
    Decl {
        id: "booleans.math.if",
        rule: "(if <boolean> <boolean> [<boolean>])",
        doc: "One condition or another depending on a condition.",
        example: "(if (is Mover P1) (is Full) (no Moves Next))",
    },
    Decl {
        id: "math.and",
        rule: "(and {<boolean>}) | (and <boolean> <boolean>)",
        doc: "True when all the conditions hold.",
        example: "(and (is Empty (to)) (is In (to) (sites Top)))",
    },
    Decl {
        id: "math.or",
        rule: "(or {<boolean>}) | (or <boolean> <boolean>)",
        doc: "True when any of the conditions holds.",
        example: "(or (is Full) (no Moves Next))",
    },
    Decl {
        id: "not",
        rule: "(not <boolean>)",
        doc: "The negation of a condition.",
        example: "(not (is Empty (to)))",
    },
    Decl {
        id: "xor",
        rule: "(xor <boolean> <boolean>)",
        doc: "True when exactly one of two conditions holds.",
        example: "(xor (is Full) (no Moves Next))",
    },
];
