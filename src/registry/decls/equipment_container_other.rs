//! Declarations of Ludii package `game.equipment.container.other`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "deck",
        rule: "(deck [<roleType>] [cardsBySuit:int] [suits:int] [{<equipment.card>}])",
        doc: "A deck of cards.",
        example: "(deck)",
    },
    Decl {
        id: "dice",
        rule: "(dice [d:int] [faces:{int} | facesByDie:{{int}} | from:int] [<roleType>] num:int [biased:{int}])",
        doc: "A set of dice.",
        example: "(dice num:2)",
    },
    Decl {
        id: "other.hand",
        rule: "(hand <roleType> [size:int])",
        doc: "A hand of a player, holding pieces off the board.",
        example: "(hand Each)",
    },
];
