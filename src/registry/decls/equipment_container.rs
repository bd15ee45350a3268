//! Declarations of Ludii package `game.equipment.container`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "container",
    rule: "<container.board.board> | <deck> | <dice> | <other.hand>",
    doc: "Any container: a board, deck, dice or hand.",
    example: "",
}];
