//! Declarations of Ludii package `metadata.ai.misc`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "misc.pair",
    rule: "(pair <string> float)",
    doc: "A pair of a name and a float weight.",
    example: "(pair \"Pawn1\" 1.0)",
}];
