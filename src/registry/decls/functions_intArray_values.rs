//! Declarations of Ludii package `game.functions.intArray.values`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "values.values",
    rule: "(values Remembered [<string>])",
    doc: "The remembered values (optionally of a named list).",
    example: "(values Remembered)",
}];
