//! Declarations of Ludii package `game.functions.intArray.array`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "array",
    rule: "(array {<int>}) | (array <sites>)",
    doc: "An integer array from a list of values or the sites of a region.",
    example: "(array (sites Top))",
}];
