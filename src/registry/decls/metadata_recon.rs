//! Declarations of Ludii package `metadata.recon`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "recon",
        rule: "(recon (<reconItem> | {<reconItem>}))",
        doc: "Reconstruction data: concepts a reconstructed game should have.",
        example: "(recon {(concept \"Stacking\" False)})",
    },
    Decl {
        id: "reconItem",
        rule: "<concept>",
        doc: "Any reconstruction item (no forms of its own in the grammar).",
        example: "",
    },
];
