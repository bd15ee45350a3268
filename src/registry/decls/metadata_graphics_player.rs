//! Declarations of Ludii package `metadata.graphics.player`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "player.player",
    rule: "(player Name <roleType> <string>) | (player Colour <roleType> <colour>)",
    doc: "Graphics for a player: its displayed name or colour.",
    example: "(player Colour P1 (colour White))",
}];
