//! Declarations of Ludii package `game.functions.booleans.deductionPuzzle.is`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "deductionPuzzle.is.is",
        rule: "(is <isPuzzleRegionResultType> [<siteType>] [<sites>] [of:<int>] [<string>] <int>) | (is Unique [<siteType>]) | (is Solved)",
        doc: "Puzzle conditions: a region's count or sum, uniqueness, or the whole puzzle being solved.",
        example: "(is Solved)",
    },
    Decl {
        id: "isPuzzleRegionResultType",
        rule: "Count | Sum",
        doc: "What a puzzle region constraint measures: count or sum.",
        example: "Sum",
    },
];
