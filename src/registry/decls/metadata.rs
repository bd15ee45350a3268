//! Declarations of Ludii package `metadata`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "metadata",
        rule: "(metadata) | (metadata [<info>] [<graphics>] [<ai>] [<recon>])",
        doc: "Information outside the rules: game info, graphics, AI hints and reconstruction data.",
        example: "(metadata (info {(author \"Anon\")}) (graphics {(board Colour Phase0 (colour White))}))",
    },
    Decl {
        id: "metadataItem",
        rule: "",
        doc: "Any top-level metadata item (no forms of its own in the grammar).",
        example: "",
    },
];
