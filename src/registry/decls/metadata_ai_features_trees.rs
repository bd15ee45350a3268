//! Declarations of Ludii package `metadata.ai.features.trees`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "featureTrees",
    rule: "(featureTrees [logitTrees:{<logitTree>}] [decisionTrees:{<decisionTree>}])",
    doc: "Trees of features (logit or decision trees) trained for the game.",
    example: "(featureTrees logitTrees:{(logitTree P1 (leaf {(pair \"Intercept\" 0.0)}))})",
}];
