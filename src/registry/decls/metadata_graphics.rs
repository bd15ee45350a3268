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
        rule: "<graphics.board.board> | <hand.hand> | <graphics.no.no> | <stackType> | <suitRanking> | <hiddenImage> | <piece.piece> | <player.player> | <hintLocation> | <drawHint> | <adversarialPuzzle> | <region.region> | <show> | <colour>",
        doc: "Any graphics item (no forms of its own in the grammar).",
        example: "",
    },
];
