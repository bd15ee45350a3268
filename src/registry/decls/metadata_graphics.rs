//! Declarations of Ludii package `metadata.graphics`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "graphics",
        rule: "(graphics (<graphicsItem> | {<graphicsItem>}))",
        doc: "Graphics metadata: how the game is drawn.",
        example: "(graphics {(piece Colour P1 fillColour:(colour Red))})",
    },
    Decl {
        id: "graphicsItem",
        rule: "",
        doc: "Any graphics item (no forms of its own in the grammar).",
        example: "",
    },
];
