//! Symbols that Ludii's grammar refers to without exporting them. Both are hidden classes
//! that no description can write, so they accept nothing; declaring them keeps every
//! reference resolvable.

use crate::registry::Decl;

/// Ludii finds a call's ludeme by class name, and the operator classes are also known by
/// their symbol: `(mul a b)` is `(* a b)`. (keyword written, operator keyword declared).
pub const KEYWORD_ALIASES: &[(&str, &str)] = &[
    ("add", "+"),
    ("sub", "-"),
    ("mul", "*"),
    ("div", "/"),
    ("pow", "^"),
    ("mod", "%"),
    ("equals", "="),
    ("notEqual", "!="),
    ("lt", "<"),
    ("le", "<="),
    ("gt", ">"),
    ("ge", ">="),
];

pub const DECLS: &[Decl] = &[
    Decl {
        id: "equipment.trackStep",
        rule: "",
        doc: "A step of a track given as a direction or a count (internal to Ludii; not writable in a description).",
        example: "",
    },
    Decl {
        id: "equipment.region",
        rule: "",
        doc: "A precomputed region of sites (internal to Ludii; not writable in a description).",
        example: "",
    },
];
