//! Declarations of Ludii package `game.functions.directions`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "directions",
        rule: "(directions (<absoluteDirection> | {<absoluteDirection>})) | (directions [<relativeDirection> | {<relativeDirection>}] [of:<relationType>] [bySite:boolean]) | (directions <siteType> from:<int> to:<int>) | (directions Random <direction> num:<int>)",
        doc: "A set of directions: absolute, relative to the piece's facing, between two sites, or chosen at random.",
        example: "(directions {N E})",
    },
    Decl {
        id: "directions.difference",
        rule: "(difference <direction> <direction>)",
        doc: "The directions in one set but not in another.",
        example: "(difference Orthogonal N)",
    },
    Decl {
        id: "directions.if",
        rule: "(if <boolean> <direction> <direction>)",
        doc: "One set of directions or another depending on a condition.",
        example: "(if (is Mover P1) N S)",
    },
    Decl {
        id: "directions.union",
        rule: "(union <direction> <direction>)",
        doc: "The directions in either set.",
        example: "(union N E)",
    },
];
