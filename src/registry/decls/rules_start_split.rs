//! Declarations of Ludii package `game.rules.start.split`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "split",
    rule: "(split Deck)",
    doc: "Splits the deck among the players.",
    example: "(split Deck)",
}];
