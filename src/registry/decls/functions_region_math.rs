//! Declarations of Ludii package `game.functions.region.math`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "expand",
        rule: "(expand [<int> | <string>] (<sites> | origin:<int>) [steps:<int>] [<absoluteDirection>] [<siteType>])",
        doc: "Grows a region (or site) by a number of steps.",
        example: "(expand (sites Centre) steps:2)",
    },
    Decl {
        id: "region.math.difference",
        rule: "(difference <sites> (<sites> | <int>))",
        doc: "The sites of a region that are not in another (or not a given site).",
        example: "(difference (sites Board) (sites Empty))",
    },
    Decl {
        id: "region.math.if",
        rule: "(if <boolean> <sites> [<sites>])",
        doc: "One region or another depending on a condition.",
        example: "(if (is Mover P1) (sites Bottom) (sites Top))",
    },
    Decl {
        id: "region.math.intersection",
        rule: "(intersection {<sites>}) | (intersection <sites> <sites>)",
        doc: "The sites common to regions.",
        example: "(intersection (sites Row 0) (sites Empty))",
    },
    Decl {
        id: "region.math.union",
        rule: "(union {<sites>}) | (union <sites> <sites>)",
        doc: "The sites in any of the regions.",
        example: "(union (sites Top) (sites Bottom))",
    },
];
