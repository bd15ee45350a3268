//! Declarations of Ludii package `game.equipment.other`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "dominoes",
        rule: "(dominoes [upTo:int])",
        doc: "The set of dominoes, up to a given number of pips.",
        example: "(dominoes upTo:6)",
    },
    Decl {
        id: "hints",
        rule: "(hints [<string>] {<equipment.hint>} [<siteType>])",
        doc: "Puzzle hints placed on sites (for deduction puzzles).",
        example: "(hints {(hint {0 1} 3) (hint {2 3} 4)})",
    },
    Decl {
        id: "map",
        rule: "(map [<string>] {<int>} {<int>}) | (map [<string>] {<math.pair>})",
        doc: "A named mapping from integers to integers (or other pairs).",
        example: "(map {(pair 1 19) (pair 2 5)})",
    },
    Decl {
        id: "regions",
        rule: "(regions [<string>] [<roleType>] ({int} | <sites> | {<sites>} | <regionTypeStatic> | {<regionTypeStatic>}) [<string>])",
        doc: "A named region of the board, optionally owned by a player, given by sites, a region function or a static region type.",
        example: "(regions \"Home\" P1 (sites Bottom))",
    },
];
