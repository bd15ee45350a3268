//! Declarations of Ludii package `game.functions.ints.count`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "count.count",
        rule: "(count <countComponentType> [<siteType>] [<roleType> | of:<int>] [<string>] [in:<sites>] [if:<boolean>]) | (count <countGroupsType> [<siteType>] [<direction>] [if:<boolean>] [min:<int>] [isVisible:<boolean>]) | (count SitesPlatformBelow [<siteType>] [<int>] <roleType>) | (count Value <int> in:<ints>) | (count Stack [<stackDirection>] [<siteType>] (at:<int> | to:<sites>) [if:<boolean>] [stop:<boolean>]) | (count <countSimpleType> [<siteType>]) | (count [<countSiteType>] [<siteType>] [in:<sites> | at:<int> | <string>]) | (count StepsOnTrack [<roleType> | <moves.player> | <string>] [<int>] [<int>]) | (count Steps [<siteType>] [<relationType>] [<effect.step>] [newRotation:<int>] <int> (<int> | <sites>)) | (count Liberties [<siteType>] [at:<int>] [<direction>] [if:<boolean>]) | (count SizeBiggestLine [<siteType>] [<absoluteDirection>] [if:<boolean>])",
        doc: "Counts pieces, groups, stacks, sites, moves, players, steps, liberties or other quantities.",
        example: "(count Pieces Mover)",
    },
    Decl {
        id: "countComponentType",
        rule: "Pieces | Pips",
        doc: "What to count on pieces: the pieces themselves or their pips.",
        example: "Pieces",
    },
    Decl {
        id: "countGroupsType",
        rule: "Groups | SizeBiggestGroup",
        doc: "Counts about groups: their number or the size of the biggest.",
        example: "Groups",
    },
    Decl {
        id: "countSimpleType",
        rule: "Active | Cells | Columns | Edges | LegalMoves | Moves | MovesThisTurn | Phases | Players | Rows | Trials | Turns | Vertices",
        doc: "Game-level counts: cells, rows, turns, moves, players, trials and so on.",
        example: "Turns",
    },
    Decl {
        id: "countSiteType",
        rule: "Adjacent | Diagonal | Neighbours | Off | Orthogonal | Sites",
        doc: "What to count around sites: neighbours by relation, pieces, or sites.",
        example: "Sites",
    },
];
