//! Declarations of Ludii package `game.functions.region.foreach`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "region.foreach.forEach",
        rule: "(forEach <ints> <sites>) | (forEach of:<sites> <sites>) | (forEach <sites> if:<boolean>) | (forEach Team <sites>) | (forEach Level [<siteType>] at:<int> [<stackDirection>] [if:<boolean>] [startAt:<int>])",
        doc: "Builds a region by iterating over values, sites, teams or levels.",
        example: "(forEach (sites Board) if:(is Empty (site)))",
    },
];
