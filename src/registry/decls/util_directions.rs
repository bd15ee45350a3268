//! Declarations of Ludii package `game.util.directions`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "direction",
        rule: "<absoluteDirection> | <directions.difference> | <directions> | <directions.if> | <relativeDirection> | <directions.union>",
        doc: "A direction or set of directions: absolute, relative, or computed.",
        example: "",
    },
    Decl {
        id: "absoluteDirection",
        rule: "Adjacent | All | Angled | Axial | Base | CCW | CW | D | DE | DN | DNE | DNW | DS | DSE | DSW | DW | Diagonal | Downward | E | ENE | ESE | In | N | NE | NNE | NNW | NW | OffDiagonal | Orthogonal | Out | Rotational | S | SE | SSE | SSW | SW | SameLayer | Support | U | UE | UN | UNE | UNW | US | USE | USW | UW | Upward | W | WNW | WSW",
        doc: "A direction fixed relative to the board (compass, up/down, or a family such as Orthogonal).",
        example: "Orthogonal",
    },
    Decl {
        id: "compassDirection",
        rule: "E | ENE | ESE | N | NE | NNE | NNW | NW | S | SE | SSE | SSW | SW | W | WNW | WSW",
        doc: "A compass direction.",
        example: "N",
    },
    Decl {
        id: "directionFacing",
        rule: "<compassDirection> | <rotationalDirection> | <spatialDirection>",
        doc: "The direction a piece or player faces: compass, rotational or spatial.",
        example: "N",
    },
    Decl {
        id: "relativeDirection",
        rule: "BL | BLL | BLLL | BR | BRR | BRRR | Backward | Backwards | FL | FLL | FLLL | FR | FRR | FRRR | Forward | Forwards | Leftward | Leftwards | OppositeDirection | Rightward | Rightwards | SameDirection",
        doc: "A direction relative to a piece's facing (forward, left, backward...).",
        example: "Forward",
    },
    Decl {
        id: "rotationalDirection",
        rule: "CCW | CW | In | Out",
        doc: "A rotational direction: clockwise, counter-clockwise, in or out.",
        example: "CW",
    },
    Decl {
        id: "spatialDirection",
        rule: "D | DE | DN | DNE | DNW | DS | DSE | DSW | DW | U | UE | UN | UNE | UNW | US | USE | USW | UW",
        doc: "A 3D direction: up or down combined with a compass direction.",
        example: "U",
    },
    Decl {
        id: "stackDirection",
        rule: "FromBottom | FromTop",
        doc: "Which end of a stack to count from: bottom or top.",
        example: "FromTop",
    },
];
