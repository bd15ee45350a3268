//! Declarations of Ludii package `metadata.ai.agents.mcts.selection`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "ag0",
        rule: "(ag0 [float])",
        doc: "The AlphaGo-Zero style selection strategy for MCTS, with an optional exploration constant.",
        example: "(ag0 2.5)",
    },
    Decl {
        id: "ucb1",
        rule: "(ucb1 [float])",
        doc: "The UCB1 selection strategy for MCTS, with an optional exploration constant.",
        example: "(ucb1 1.41)",
    },
    Decl {
        id: "selection",
        rule: "<ag0> | <ucb1>",
        doc: "A selection strategy for MCTS.",
        example: "",
    },
];
