//! Declarations of Ludii package `metadata.graphics.hand`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "hand.hand",
    rule: "(hand Placement <roleType> [scale:float] [offsetX:float] [offsetY:float] [vertical:boolean])",
    doc: "Places a player's hand on the screen.",
    example: "(hand Placement P1 scale:0.5 offsetY:0.9)",
}];
