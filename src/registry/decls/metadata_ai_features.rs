//! Declarations of Ludii package `metadata.ai.features`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "features",
        rule: "(features [{<featureSet>}]) | (features [<featureSet>])",
        doc: "Feature sets used by AI agents.",
        example: "(features (featureSet All {(pair \"rel:to=<{}>:pat=<els=[f{0}]>\" 1.0)}))",
    },
    Decl {
        id: "featureSet",
        rule: "(featureSet <roleType> [selectionFeatures:{<misc.pair>}] [playoutFeatures:{<misc.pair>}] [tspgFeatures:{<misc.pair>}]) | (featureSet <roleType> {<misc.pair>})",
        doc: "A set of weighted features for one player (or all).",
        example: "(featureSet All {(pair \"rel:to=<{}>:pat=<els=[f{0}]>\" 1.0)})",
    },
];
