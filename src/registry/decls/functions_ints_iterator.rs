//! Declarations of Ludii package `game.functions.ints.iterator`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "iterator.between",
        rule: "(between)",
        doc: "The site between, in an iteration over between sites.",
        example: "(between)",
    },
    Decl {
        id: "iterator.edge",
        rule: "(edge) | (edge <int> <int>)",
        doc: "The edge being iterated over, or the edge joining two vertices.",
        example: "(edge 0 1)",
    },
    Decl {
        id: "iterator.from",
        rule: "(from [at:<whenType>])",
        doc: "The from site of the move being built.",
        example: "(from)",
    },
    Decl {
        id: "iterator.hint",
        rule: "(hint [<siteType>] [at:<int>])",
        doc: "The hint at a site, in a puzzle.",
        example: "(hint)",
    },
    Decl {
        id: "iterator.player",
        rule: "(player)",
        doc: "The player being iterated over.",
        example: "(player)",
    },
    Decl {
        id: "iterator.to",
        rule: "(to)",
        doc: "The to site of the move being built.",
        example: "(to)",
    },
    Decl {
        id: "iterator.track",
        rule: "(track)",
        doc: "The track being iterated over.",
        example: "(track)",
    },
    Decl {
        id: "level",
        rule: "(level)",
        doc: "The level being iterated over.",
        example: "(level)",
    },
    Decl {
        id: "pips",
        rule: "(pips)",
        doc: "The die value being iterated over.",
        example: "(pips)",
    },
    Decl {
        id: "site",
        rule: "(site)",
        doc: "The site being iterated over.",
        example: "(site)",
    },
];
