//! Declarations of Ludii package `metadata.ai.agents`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "bestAgent",
        rule: "(bestAgent <string>)",
        doc: "Names the agent that plays the game best.",
        example: "(bestAgent \"UCT\")",
    },
    Decl {
        id: "agent",
        rule: "<bestAgent> | <mcts> | <alphaBeta>",
        doc: "An AI agent description (no forms of its own in the grammar).",
        example: "",
    },
];
