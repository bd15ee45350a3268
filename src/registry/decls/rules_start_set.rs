//! Declarations of Ludii package `game.rules.start.set`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "start.set.set",
        rule: "(set <setStartSitesType> <int> [<siteType>] (at:<int> | to:<sites>)) | (set <roleType> [<siteType>] [{<int>}] [<sites>] [{<string>}]) | (set <roleType> [<siteType>] [<int>] [coord:<string>]) | (set Hidden [<hiddenData> | {<hiddenData>}] [<siteType>] (at:<int> | <sites>) [level:<int>] [<boolean>] to:<roleType>) | (set RememberValue [<string>] (<int> | <sites>) [unique:<boolean>]) | (set <setStartPlayerType> [<roleType>] <int>) | (set Team <int> {<roleType>})",
        doc: "Sets starting properties: costs, counts, phases, owned sites, hidden info, remembered values, scores, amounts or teams.",
        example: "(set Team 1 {P1 P3})",
    },
    Decl {
        id: "setStartPlayerType",
        rule: "Amount | Score",
        doc: "A per-player starting value: amount or score.",
        example: "Score",
    },
    Decl {
        id: "setStartSitesType",
        rule: "Cost | Count | Phase",
        doc: "A per-site starting value: cost, count or phase.",
        example: "Count",
    },
];
