//! Declarations of Ludii package `game.rules.play.moves.nonDecision.effect.set`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "effect.set.set",
        rule: "(set Rotation [<moves.to>] [{<int>} | <int>] [previous:<boolean>] [next:<boolean>] [<then>]) | (set <setPlayerType> (<moves.player> | <roleType>) <int> [<then>]) | (set Pending [<int> | <sites>] [<then>]) | (set Team <int> {<roleType>} [<then>]) | (set Hidden [<hiddenData> | {<hiddenData>}] [<siteType>] (at:<int> | <sites>) [level:<int>] [<boolean>] (to:<moves.player> | to:<roleType>) [<then>]) | (set TrumpSuit (<int> | <intArray.math.difference>) [<then>]) | (set NextPlayer (<moves.player> | <ints>) [<then>]) | (set <setSiteType> [<siteType>] at:<int> [level:<int>] <int> [<then>]) | (set <setValueType> [<int>] [<then>]) | (set Var [<string>] [<int>] [<then>])",
        doc: "Sets a property of the game state: rotation, scores, pending sites, teams, hidden info, trump suit, next player, site values, counters or variables.",
        example: "(set Var \"Captured\" 1)",
    },
    Decl {
        id: "setPlayerType",
        rule: "Score | Value",
        doc: "A per-player property that `set` can change: score or value.",
        example: "Score",
    },
    Decl {
        id: "setSiteType",
        rule: "Count | State | Value",
        doc: "A per-site property that `set` can change: count, state or value.",
        example: "State",
    },
    Decl {
        id: "setValueType",
        rule: "Counter | Pot",
        doc: "A global value `set` can change: the counter or the pot.",
        example: "Counter",
    },
];
