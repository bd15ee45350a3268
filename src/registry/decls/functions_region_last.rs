//! Declarations of Ludii package `game.functions.region.last`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "region.last.last",
    rule: "(last Between)",
    doc: "Sites related to the last move: the sites between its from and to.",
    example: "(last Between)",
}];
