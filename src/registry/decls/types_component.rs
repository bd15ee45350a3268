//! Declarations of Ludii package `game.types.component`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "cardType",
        rule: "Ace | Eight | Five | Four | Jack | Joker | King | Nine | Queen | Seven | Six | Ten | Three | Two",
        doc: "The type (face) of a playing card.",
        example: "King",
    },
    Decl {
        id: "dealableType",
        rule: "Cards | Dominoes",
        doc: "What can be dealt: cards or dominoes.",
        example: "Cards",
    },
    Decl {
        id: "suitType",
        rule: "Clubs | Diamonds | Hearts | Spades",
        doc: "A card suit.",
        example: "Hearts",
    },
];
