//! Declarations of Ludii package `game.rules.meta.no`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "meta.no.no",
    rule: "(no Repeat [<repetitionType>]) | (no Suicide)",
    doc: "Forbids repeating a position (of a given kind), or suicidal moves.",
    example: "(no Repeat)",
}];
