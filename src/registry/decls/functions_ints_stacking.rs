//! Declarations of Ludii package `game.functions.ints.stacking`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "topLevel",
    rule: "(topLevel [<siteType>] at:<int>)",
    doc: "The index of the top level of a stack at a site.",
    example: "(topLevel at:(last To))",
}];
