//! Declarations of Ludii package `game.functions.intArray.state`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "rotations",
    rule: "(rotations (<absoluteDirection> | {<absoluteDirection>}))",
    doc: "The allowed rotations of a piece, as directions.",
    example: "(rotations {N E S W})",
}];
