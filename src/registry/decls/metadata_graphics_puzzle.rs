//! Declarations of Ludii package `metadata.graphics.puzzle`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "hintLocation",
        rule: "(hintLocation <puzzleHintLocationType>)",
        doc: "Where puzzle hints are drawn.",
        example: "(hintLocation BetweenVertices)",
    },
    Decl {
        id: "drawHint",
        rule: "(drawHint <puzzleDrawHintType>)",
        doc: "How puzzle hints are drawn.",
        example: "(drawHint TopLeft)",
    },
    Decl {
        id: "adversarialPuzzle",
        rule: "(adversarialPuzzle [boolean])",
        doc: "Marks a puzzle as adversarial (it is drawn like a game).",
        example: "(adversarialPuzzle)",
    },
];
