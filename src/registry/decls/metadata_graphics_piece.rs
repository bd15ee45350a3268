//! Declarations of Ludii package `metadata.graphics.piece`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "pieceGroundType",
        rule: "Background | Foreground | Hidden",
        doc: "Which image layer for a piece or board: background, foreground or hidden.",
        example: "Background",
    },
    Decl {
        id: "pieceNameType",
        rule: "AddStateToName | ExtendName | Hidden | Rename",
        doc: "How a piece's displayed name is changed.",
        example: "ExtendName",
    },
    Decl {
        id: "piece.piece",
        rule: "(piece Colour [<roleType>] [<string>] [container:int] [state:int] [value:int] [fillColour:<colour>] [strokeColour:<colour>] [secondaryColour:<colour>]) | (piece <pieceGroundType> [<roleType>] [<string>] [container:int] [state:int] [value:int] [image:<string>] [text:<string>] [fillColour:<colour>] [edgeColour:<colour>] [scale:float] [scaleX:float] [scaleY:float] [rotation:int] [offsetX:float] [offsetY:float]) | (piece Families {<string>}) | (piece <pieceNameType> [<roleType>] [piece:<string>] [container:int] [state:int] [value:int] [<string>]) | (piece Style [<roleType>] [<string>] <componentStyleType>) | (piece Rotate [<roleType>] [<string>] [container:int] [state:int] [value:int] degrees:int) | (piece Scale [<roleType>] [<string>] [container:int] [state:int] [value:int] [float] [scaleX:float] [scaleY:float])",
        doc: "Graphics for pieces: colours, images, names, families, style, rotation and scale.",
        example: "(piece Style ExtendedShogi)",
    },
];
