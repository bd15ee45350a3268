//! Declarations of Ludii package `game.functions.booleans.no`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "booleans.no.no",
    rule: "(no Pieces [<siteType>] [<roleType> | of:<int>] [<string>] [in:<sites>]) | (no Moves <roleType>)",
    doc: "True when a player has no pieces, or no legal moves.",
    example: "(no Moves Next)",
}];
