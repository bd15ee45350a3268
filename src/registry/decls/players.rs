//! Declarations of Ludii package `game.players`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "players",
        rule: "(players int) | (players {<players.player>})",
        doc: "Declares the players, either by number or as a list of individual player declarations.",
        example: "(players 2)",
    },
    Decl {
        id: "players.player",
        rule: "(player <directionFacing>)",
        doc: "One player, declared with the direction its pieces face (its \"forward\").",
        example: "(player N)",
    },
];
