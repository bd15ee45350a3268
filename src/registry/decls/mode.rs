//! Declarations of Ludii package `game.mode`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "mode",
    rule: "(mode <modeType>)",
    doc: "Sets how players take turns: alternating, simultaneous or simulation.",
    example: "(mode Simultaneous)",
}];
