//! Declarations of Ludii package `metadata.ai.agents.mcts`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "mcts",
    rule: "(mcts [<selection>])",
    doc: "A Monte Carlo tree search agent, with an optional selection strategy.",
    example: "(mcts (ucb1))",
}];
