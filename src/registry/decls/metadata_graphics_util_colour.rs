//! Declarations of Ludii package `metadata.graphics.util.colour`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "colour",
        rule: "(colour int int int) | (colour int int int int) | (colour <string>) | (colour <userColourType>)",
        doc: "A colour: RGB or RGBA components, a hex string, or a named colour.",
        example: "(colour 255 0 0)",
    },
    Decl {
        id: "colourRoutines",
        rule: "(colourRoutines)",
        doc: "Internal helper for colours.",
        example: "(colourRoutines)",
    },
    Decl {
        id: "userColourType",
        rule: "BabyBlue | Black | BlackSabbath | Blue | Bronze | Brown | Burgundy | Cream | Cyan | Dark | DarkBlue | DarkBrown | DarkGreen | DarkGrey | DarkRed | DeepPurple | Gold | Green | Grey | GunMetal | Hidden | HumanDark | HumanLight | IceBlue | KingCrimson | LightBlue | LightGreen | LightGrey | LightOrange | LightRed | LightTan | Magenta | Orange | Pink | PinkFloyd | Purple | Red | Silver | TangerineDream | Turquoise | VeryDarkBrown | VeryDarkGrey | VeryLightBlue | VeryLightGrey | White | Yellow",
        doc: "A named colour.",
        example: "DarkBrown",
    },
];
