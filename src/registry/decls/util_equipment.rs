//! Declarations of Ludii package `game.util.equipment`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "equipment.card",
        rule: "(card <cardType> rank:int value:int [trumpRank:int] [trumpValue:int] [biased:int])",
        doc: "A card of a deck, with its type, rank, value and trump values.",
        example: "(card Ace rank:1 value:11)",
    },
    Decl {
        id: "equipment.hint",
        rule: "(hint int [int]) | (hint {int} [int])",
        doc: "A puzzle hint: a value on a site or region.",
        example: "(hint {0 1} 3)",
    },
    Decl {
        id: "equipment.values",
        rule: "(values <siteType> <range>)",
        doc: "Values assigned to the sites of a board, as a range.",
        example: "(values Cell (range 1 9))",
    },
];
