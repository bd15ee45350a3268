//! Declarations of Ludii package `game.functions.graph.generators.basis.quadhex`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "quadhex",
    rule: "(quadhex <dim> [thirds:boolean])",
    doc: "A hexagonal board divided into quadrilaterals.",
    example: "(quadhex 3)",
}];
