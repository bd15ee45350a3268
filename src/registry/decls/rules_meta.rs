//! Declarations of Ludii package `game.rules.meta`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "meta",
        rule: "(meta ({<metaRule>} | <metaRule>))",
        doc: "Meta rules, which apply to the whole game.",
        example: "(meta (swap))",
    },
    Decl {
        id: "automove",
        rule: "(automove)",
        doc: "Plays automatically whenever there is only one legal move.",
        example: "(automove)",
    },
    Decl {
        id: "gravity",
        rule: "(gravity [PyramidalDrop])",
        doc: "Makes pieces drop to the lowest free site (optionally pyramidally).",
        example: "(gravity)",
    },
    Decl {
        id: "meta.swap",
        rule: "(swap)",
        doc: "The swap (pie) rule: the second player may swap sides after the first move.",
        example: "(swap)",
    },
    Decl {
        id: "metaRule",
        rule: "<automove> | <gravity> | <meta.no.no> | <noStackOn> | <passEnd> | <pin> | <meta.swap>",
        doc: "Any meta rule.",
        example: "",
    },
    Decl {
        id: "noStackOn",
        rule: "(noStackOn Fallen)",
        doc: "Forbids stacking on fallen pieces.",
        example: "(noStackOn Fallen)",
    },
    Decl {
        id: "passEnd",
        rule: "(passEnd <passEndType>)",
        doc: "What happens when all players pass in a row: a draw or no ending.",
        example: "(passEnd NoEnd)",
    },
    Decl {
        id: "pin",
        rule: "(pin SupportMultiple)",
        doc: "Pieces supporting several others cannot move (pinned).",
        example: "(pin SupportMultiple)",
    },
];
