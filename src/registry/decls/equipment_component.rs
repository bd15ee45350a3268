//! Declarations of Ludii package `game.equipment.component`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "component",
        rule: "(component <string> <roleType> {{<stepType>}} <directionFacing> <moves> int int int) | <component.card> | <die> | <domino> | <component.piece> | <tile>",
        doc: "A game component (piece, card, die, domino or tile); the bare form is a generic component with all fields given.",
        example: "(piece \"Disc\" P1)",
    },
    Decl {
        id: "component.card",
        rule: "(card <string> <roleType> <cardType> rank:int value:int trumpRank:int trumpValue:int suit:int [<moves>] [maxState:int] [maxCount:int] [maxValue:int])",
        doc: "A playing card, with its owner, card type, rank, value, trump rank and value and suit.",
        example: "(card \"Card\" Shared Ace rank:1 value:1 trumpRank:1 trumpValue:1 suit:1)",
    },
    Decl {
        id: "component.piece",
        rule: "(piece <string> [<roleType>] [<directionFacing>] [<flips>] [<moves>] [maxState:int] [maxCount:int] [maxValue:int])",
        doc: "A piece with a name and owner; optionally a facing direction, flips, its own moves and maximum state/count/value.",
        example: "(piece \"Pawn\" Each (move Step Forward (to if:(is Empty (to)))))",
    },
    Decl {
        id: "die",
        rule: "(die <string> <roleType> numFaces:int [<directionFacing>] [<moves>])",
        doc: "A die with a name, owner and number of faces.",
        example: "(die \"Die\" Shared numFaces:6)",
    },
];
