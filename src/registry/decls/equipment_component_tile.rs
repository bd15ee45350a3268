//! Declarations of Ludii package `game.equipment.component.tile`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "tile",
        rule: "(tile <string> [<roleType>] [{<stepType>} | {{<stepType>}}] [numSides:int] [slots:{int} | slotsPerSide:int] [{<path>}] [<flips>] [<moves>] [maxState:int] [maxCount:int] [maxValue:int])",
        doc: "A tile with a name, owner, steps, sides, slots and paths.",
        example: "(tile \"Square\" numSides:4)",
    },
    Decl {
        id: "domino",
        rule: "(domino <string> <roleType> value:int value2:int [<moves>])",
        doc: "A domino with its two values.",
        example: "(domino \"Domino12\" Shared value:1 value2:2)",
    },
    Decl {
        id: "path",
        rule: "(path from:int [slotsFrom:int] to:int [slotsTo:int] colour:int)",
        doc: "A path drawn on a tile linking one side (and slot) to another, with a colour.",
        example: "(path from:0 to:2 colour:1)",
    },
];
