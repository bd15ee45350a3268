//! Declarations of Ludii package `game.equipment`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "equipment",
        rule: "(equipment {<item>})",
        doc: "Lists the game's equipment: containers, components, regions, maps, hints and dominoes.",
        example: "(equipment {(board (square 8)) (piece \"Pawn\" Each)})",
    },
    Decl {
        id: "item",
        rule: "<component> | <container> | <dominoes> | <hints> | <map> | <regions>",
        doc: "Any single item of equipment.",
        example: "",
    },
];
