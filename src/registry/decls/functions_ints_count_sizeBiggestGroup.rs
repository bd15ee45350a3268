//! Declarations of Ludii package `game.functions.ints.count.sizeBiggestGroup`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "countSizeBiggestGroup",
    rule: "(countSizeBiggestGroup [<siteType>] [<direction>] [if:<boolean> | isVisible:<boolean>])",
    doc: "The size of the biggest group of connected pieces.",
    example: "(countSizeBiggestGroup Orthogonal if:(= (who at:(to)) Mover))",
}];
