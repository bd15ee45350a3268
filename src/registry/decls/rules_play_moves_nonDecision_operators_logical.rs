//! Declarations of Ludii package `game.rules.play.moves.nonDecision.operators.logical`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "allCombinations",
        rule: "(allCombinations <moves> <moves> [<then>])",
        doc: "Makes every combination of the moves of two generators.",
        example: "(allCombinations (add (to (sites Empty))) (flip (last To)))",
    },
    Decl {
        id: "append",
        rule: "(append <nonDecision> [<then>])",
        doc: "Appends its moves to the previous move rather than making separate moves.",
        example: "(append (remove (last From)))",
    },
    Decl {
        id: "logical.and",
        rule: "(and {<moves>} [<then>]) | (and <moves> <moves> [<then>])",
        doc: "All the moves of several generators together.",
        example: "(and (move Pass) (move Step (to if:(is Empty (to)))))",
    },
    Decl {
        id: "logical.if",
        rule: "(if <boolean> <moves> [<moves>] [<then>])",
        doc: "Moves that depend on a condition, with optional alternative moves.",
        example: "(if (is Mover P1) (move Pass) (roll))",
    },
    Decl {
        id: "logical.or",
        rule: "(or {<moves>} [<then>]) | (or <moves> <moves> [<then>])",
        doc: "The moves of either generator.",
        example: "(or (move Pass) (move Step (to if:(is Empty (to)))))",
    },
    Decl {
        id: "seq",
        rule: "(seq {<moves>})",
        doc: "A sequence of moves applied one after the other.",
        example: "(seq {(remove (last To)) (moveAgain)})",
    },
];
