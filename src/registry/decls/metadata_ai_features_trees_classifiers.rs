//! Declarations of Ludii package `metadata.ai.features.trees.classifiers`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "binaryLeaf",
        rule: "(binaryLeaf float)",
        doc: "A leaf of a binary decision tree, holding a probability.",
        example: "(binaryLeaf 0.75)",
    },
    Decl {
        id: "decisionTreeNode",
        rule: "<binaryLeaf> | <classifiers.if> | <classifiers.leaf>",
        doc: "A node of a decision tree of features.",
        example: "",
    },
    Decl {
        id: "decisionTree",
        rule: "(decisionTree <roleType> <decisionTreeNode>)",
        doc: "A decision tree of features for one player.",
        example: "(decisionTree P1 (binaryLeaf 0.5))",
    },
    Decl {
        id: "classifiers.leaf",
        rule: "(leaf bottom25:float iqr:float top25:float)",
        doc: "A leaf of a decision tree, holding the quartiles of a distribution.",
        example: "(leaf bottom25:0.1 iqr:0.5 top25:0.9)",
    },
    Decl {
        id: "classifiers.if",
        rule: "(if <string> then:<decisionTreeNode> else:<decisionTreeNode>)",
        doc: "A decision tree branch on whether a feature is active.",
        example: "(if \"rel:to=<{}>:pat=<els=[f{0}]>\" then:(binaryLeaf 0.8) else:(binaryLeaf 0.2))",
    },
];
