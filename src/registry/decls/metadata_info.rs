//! Declarations of Ludii package `metadata.info`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "info",
        rule: "(info (<infoItem> | {<infoItem>}))",
        doc: "Information about the game: names, origin, rules, sources, credits and so on.",
        example: "(info {(description \"A line game.\") (rules \"Make a line of three.\")})",
    },
    Decl {
        id: "infoItem",
        rule: "<credit> | <aliases> | <source> | <publisher> | <classification> | <origin> | <description> | <database.rules> | <version> | <author> | <database.id> | <date>",
        doc: "Any info item (no forms of its own in the grammar).",
        example: "",
    },
];
