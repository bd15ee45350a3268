//! Declarations of Ludii package `game.functions.ints.board.where`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "where",
        rule: "(where Level <int> [<siteType>] at:<int> [fromTop:<boolean>]) | (where Level <string> (<int> | <roleType>) [state:<int>] [<siteType>] at:<int> [fromTop:<boolean>]) | (where <int> [<siteType>]) | (where <string> (<int> | <roleType>) [state:<int>] [<siteType>])",
        doc: "The site (or level) where a piece is.",
        example: "(where \"King\" Mover)",
    },
];
