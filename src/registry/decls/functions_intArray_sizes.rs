//! Declarations of Ludii package `game.functions.intArray.sizes`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "sizes",
    rule: "(sizes Group [<siteType>] [<direction>] [<roleType> | of:<int> | if:<boolean>] [min:<int>])",
    doc: "The sizes of the groups on the board.",
    example: "(sizes Group Orthogonal Mover)",
}];
