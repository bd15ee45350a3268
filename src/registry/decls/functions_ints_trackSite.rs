//! Declarations of Ludii package `game.functions.ints.trackSite`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "trackSite",
        rule: "(trackSite EndSite [<moves.player> | <roleType>] [<string>]) | (trackSite Move [from:<int>] [<roleType> | <moves.player> | <string>] steps:<int>) | (trackSite FirstSite [<moves.player> | <roleType>] [<string>] [from:<int>] [if:<boolean>])",
        doc: "A site on a track: its end, its first site matching a condition, or where a number of steps leads.",
        example: "(trackSite Move from:(from) steps:(pips))",
    },
];
