//! Declarations of Ludii package `metadata.ai.heuristics`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "heuristics",
    rule: "(heuristics [<heuristicTerm>]) | (heuristics [{<heuristicTerm>}])",
    doc: "A heuristic for AI agents: a weighted sum of heuristic terms.",
    example: "(heuristics {(material weight:1.0) (mobilitySimple weight:0.1)})",
}];
