//! Declarations of Ludii package `game.functions.booleans.can`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "can",
    rule: "(can Move <moves>)",
    doc: "True when the moves given are not empty.",
    example: "(can Move (move Pass))",
}];
