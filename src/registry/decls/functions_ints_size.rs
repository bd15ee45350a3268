//! Declarations of Ludii package `game.functions.ints.size`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "size",
        rule: "(size Territory [<siteType>] (<roleType> | <moves.player>) [<absoluteDirection>]) | (size Group [<siteType>] at:<int> [<direction>] [if:<boolean>]) | (size LargePiece [<siteType>] (in:<sites> | at:<int>)) | (size Stack [<siteType>] [in:<sites> | at:<int>]) | (size Array <ints>)",
        doc: "The size of a territory, group, large piece, stack or array.",
        example: "(size Stack at:(last To))",
    },
];
