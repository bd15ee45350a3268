//! Declarations of Ludii package `metadata.ai.features.trees.logits`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "logitTree",
        rule: "(logitTree <roleType> <logitNode>)",
        doc: "A logit tree of features for one player.",
        example: "(logitTree P1 (leaf {(pair \"Intercept\" 0.0)}))",
    },
    Decl {
        id: "logitNode",
        rule: "<logits.if> | <logits.leaf>",
        doc: "A node of a logit tree.",
        example: "",
    },
    Decl {
        id: "logits.leaf",
        rule: "(leaf {<misc.pair>})",
        doc: "A leaf of a logit tree: weights of features.",
        example: "(leaf {(pair \"Intercept\" 0.0)})",
    },
    Decl {
        id: "logits.if",
        rule: "(if <string> then:<logitNode> else:<logitNode>)",
        doc: "A logit tree branch on whether a feature is active.",
        example: "(if \"rel:to=<{}>:pat=<els=[f{0}]>\" then:(leaf {(pair \"Intercept\" 1.0)}) else:(leaf {(pair \"Intercept\" 0.0)}))",
    },
];
