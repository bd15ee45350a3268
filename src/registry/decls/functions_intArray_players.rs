//! Declarations of Ludii package `game.functions.intArray.players`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "intArray.players.players",
        rule: "(players <playersManyType> [of:<int>] [if:<boolean>]) | (players <playersTeamType> [if:<boolean>])",
        doc: "The indices of players of a group (allies, enemies, all...) or of a team, optionally filtered.",
        example: "(players All)",
    },
    Decl {
        id: "playersManyType",
        rule: "All | Ally | Enemy | Friend | NonMover",
        doc: "Groups of players that `players` can list.",
        example: "Enemy",
    },
    Decl {
        id: "playersTeamType",
        rule: "Team1 | Team10 | Team11 | Team12 | Team13 | Team14 | Team15 | Team16 | Team2 | Team3 | Team4 | Team5 | Team6 | Team7 | Team8 | Team9",
        doc: "A team, by number.",
        example: "Team1",
    },
];
