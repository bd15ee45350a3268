//! Declarations of Ludii package `metadata.recon.concept`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "concept",
    rule: "(concept <string> minValue:float maxValue:float) | (concept <string> (float | boolean))",
    doc: "A concept a reconstruction should match: a value, a range of values, or a boolean.",
    example: "(concept \"Stacking\" True)",
}];
