//! Declarations of Ludii package `game.functions.graph.generators.basis.celtic`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "celtic",
    rule: "(celtic (<poly> | {<dim>})) | (celtic <dim> [<dim>])",
    doc: "A board on the Celtic knot basis.",
    example: "(celtic 3)",
}];
