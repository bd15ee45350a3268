//! Declarations of Ludii package `metadata.graphics.no`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "graphics.no.no",
        rule: "(no <noBooleanType> [boolean])",
        doc: "Turns off a display feature: animation, board, curves, dice pips and so on.",
        example: "(no Animation)",
    },
    Decl {
        id: "noBooleanType",
        rule: "Animation | Board | Curves | DicePips | HandScale | MaskedColour | Sunken",
        doc: "A display feature that `no` can turn off.",
        example: "Sunken",
    },
];
