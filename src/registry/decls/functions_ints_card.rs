//! Declarations of Ludii package `game.functions.ints.card`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "card.card",
        rule: "(card TrumpSuit) | (card <cardSiteType> at:<int> [level:<int>])",
        doc: "The trump suit, or the rank, suit or trump values of a card at a site.",
        example: "(card Rank at:(last To))",
    },
    Decl {
        id: "cardSiteType",
        rule: "Rank | Suit | TrumpRank | TrumpValue",
        doc: "A property of a card: rank, suit, trump rank or trump value.",
        example: "Rank",
    },
];
