//! Declarations of Ludii package `game.functions.booleans.all`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "booleans.all.all",
        rule: "(all <allSitesType> <sites> if:<boolean>) | (all Values <ints> if:<boolean>) | (all <allSimpleType>) | (all Groups [<siteType>] [<direction>] [of:<boolean>] if:<boolean>)",
        doc: "True when all sites, values or groups satisfy a condition, or a simple \"all\" property holds.",
        example: "(all Sites (sites Occupied by:Mover) if:(is In (site) (sites Top)))",
    },
    Decl {
        id: "allSimpleType",
        rule: "DiceEqual | DiceUsed | Passed",
        doc: "Simple all-conditions: all dice equal, all dice used, or all players passed.",
        example: "Passed",
    },
    Decl {
        id: "allSitesType",
        rule: "Different | Sites",
        doc: "What `all` checks over a region: that its sites are all different or all satisfy a condition.",
        example: "Sites",
    },
];
