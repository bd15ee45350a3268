//! Declarations of Ludii package `metadata.ai`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "ai",
        rule: "(ai [<agent>] [<heuristics>] [trainedHeuristics:<heuristics>] [<features>] [trainedFeatures:<features>] [trainedFeatureTrees:<featureTrees>])",
        doc: "AI hints for the game: a preferred agent, heuristics, features and trained features.",
        example: "(ai (bestAgent \"Alpha-Beta\"))",
    },
    Decl {
        id: "aIItem",
        rule: "",
        doc: "Any item of the `ai` metadata (no forms of its own in the grammar).",
        example: "",
    },
];
