//! Declarations of Ludii package `metadata.ai.agents.minimax`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "alphaBeta",
    rule: "(alphaBeta [<heuristics>])",
    doc: "An alpha-beta search agent, with optional heuristics.",
    example: "(alphaBeta (heuristics (material)))",
}];
