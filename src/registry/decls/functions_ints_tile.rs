//! Declarations of Ludii package `game.functions.ints.tile`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "pathExtent",
    rule: "(pathExtent [<int>] [<int> | <sites>])",
    doc: "The extent of a path of tiles.",
    example: "(pathExtent 1)",
}];
