//! Symbols that Ludii's grammar refers to without exporting them. Both are hidden classes
//! that no description can write, so they accept nothing; declaring them keeps every
//! reference resolvable.

use crate::registry::Decl;

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
