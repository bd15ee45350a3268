//! Declarations of Ludii package `metadata.graphics.board`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "graphics.board.board",
        rule: "(board Colour <boardGraphicsType> <colour>) | (board <pieceGroundType> [image:<string>] [fillColour:<colour>] [edgeColour:<colour>] [scale:float] [scaleX:float] [scaleY:float] [rotation:int] [offsetX:float] [offsetY:float]) | (board Checkered [boolean]) | (board StyleThickness <boardGraphicsType> float) | (board Style <containerStyleType> [replaceComponentsWithFilledCells:boolean]) | (board Placement [scale:float] [offsetX:float] [offsetY:float]) | (board Curvature float)",
        doc: "Graphics for the board: colours, styles, images, placement, checkering, line thickness and curvature.",
        example: "(board Colour InnerEdges (colour Black))",
    },
];
