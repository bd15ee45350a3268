//! Declarations of Ludii package `metadata.graphics.others`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "stackType",
        rule: "(stackType [<roleType>] [<string>] [int] [<siteType>] [sites:{int} | site:int] [state:int] [value:int] <pieceStackType> [float] [limit:int])",
        doc: "How stacks of pieces are drawn, for a player, piece or sites.",
        example: "(stackType Ground)",
    },
    Decl {
        id: "suitRanking",
        rule: "(suitRanking {<suitType>})",
        doc: "The order of the card suits.",
        example: "(suitRanking {Spades Hearts Diamonds Clubs})",
    },
    Decl {
        id: "hiddenImage",
        rule: "(hiddenImage <string>)",
        doc: "The image shown for hidden pieces.",
        example: "(hiddenImage \"Disc\")",
    },
];
