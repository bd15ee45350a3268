//! Declarations of Ludii package `game.functions.ints.value`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "value",
        rule: "(value) | (value Piece [<siteType>] at:<int> [level:<int>]) | (value Player (<int> | <roleType>)) | (value <valueSimpleType>) | (value Random <range>)",
        doc: "A value: of the piece at a site, of a player, of a simple game value, or random within a range.",
        example: "(value Piece at:(last To))",
    },
    Decl {
        id: "valueSimpleType",
        rule: "MoveLimit | Pending | TurnLimit",
        doc: "Game-wide values: the move limit, pending value or turn limit.",
        example: "Pending",
    },
];
