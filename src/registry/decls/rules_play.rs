//! Declarations of Ludii package `game.rules.play`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "play",
    rule: "(play <moves>)",
    doc: "The playing rules: the moves available each turn.",
    example: "(play (move Add (to (sites Empty))))",
}];
