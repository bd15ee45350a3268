//! Declarations of Ludii package `game.rules.start.forEach`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "forEach.forEach",
        rule: "(forEach <ints> <startRule>) | (forEach Player <startRule>) | (forEach Value min:<int> max:<int> <startRule>) | (forEach Site <sites> [if:<boolean>] <startRule>) | (forEach Team <startRule>)",
        doc: "Applies a starting rule for each value, player, site or team.",
        example: "(forEach Player (place \"Ball\" (handSite Player)))",
    },
];
