//! Declarations of Ludii package `game.functions.region.sites`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "sites",
        rule: "(sites <sitesSimpleType> [<siteType>]) | (sites <sitesEdgeType>) | (sites Group [<siteType>] (at:<int> | from:<sites>) [<direction>] [if:<boolean>] [isVisible:<boolean>]) | (sites [<siteType>] [<int>] {{<stepType>}} [rotations:<boolean>]) | (sites ({<int>} | <ints>)) | (sites <sitesMoveType> <moves>) | (sites [<siteType>] {<string>}) | (sites Hidden [<hiddenData>] [<siteType>] (to:<moves.player> | to:<roleType>)) | (sites Pattern {<stepType>} [<siteType>] [from:<int>] [what:<int> | whats:{<int>}]) | (sites Loop [inside:<boolean>] [<siteType>] [surround:<roleType> | {<roleType>}] [<direction>] [<int>] [<int> | <sites>]) | (sites) | (sites Crossing at:<int> [<moves.player> | <roleType>]) | (sites Random [<sites>] [num:<int>]) | (sites LargePiece [<siteType>] at:<int>) | (sites Between [<direction>] [<siteType>] from:<int> [fromIncluded:<boolean>] to:<int> [toIncluded:<boolean>] [cond:<boolean>]) | (sites Start <moves.piece>) | (sites Occupied (by:<moves.player> | by:<roleType>) [container:<int> | container:<string>] [component:<int> | component:<string> | components:{<string>}] [top:boolean] [on:<siteType>]) | (sites Incident <siteType> of:<siteType> at:<int> [owner:<moves.player> | <roleType>]) | (sites Around [<siteType>] (<int> | <sites>) [<regionTypeDynamic>] [distance:<int>] [<absoluteDirection>] [if:<boolean>] [includeSelf:<boolean>]) | (sites Direction (from:<int> | from:<sites>) [<direction>] [included:<boolean>] [stop:<boolean>] [stopIncluded:<boolean>] [distance:<int>] [<siteType>]) | (sites LineOfSight [<lineOfSightType>] [<siteType>] [at:<int>] [<direction>]) | (sites <sitesIndexType> [<siteType>] [<int>]) | (sites Side [<siteType>] [<moves.player> | <roleType> | <compassDirection>]) | (sites Distance [<siteType>] [<relationType>] [<effect.step>] [newRotation:<int>] from:<int> <range>) | (sites <sitesPlayerType> [<siteType>] [<moves.player> | <roleType>] [<nonDecision>] [<string>]) | (sites Track [<moves.player> | <roleType>] [<string>] [from:<int>] [to:<int>]) | (sites [<moves.player> | <roleType>] [<siteType>] [<string>]) | (region <equipment.region>) | (region) | (region int) | (region <string> <container.board.board> {<string>}) | (region) | (region) | (region {int}) | (region) | <region.math.difference> | <expand> | <region.foreach.forEach> | <region.math.if> | <region.math.intersection> | <region.last.last> | <region.math.union>",
        doc: "A region (set of sites): board parts, groups, patterns, loops, directions, distances, occupied sites and many other sets.",
        example: "(sites Empty)",
    },
    Decl {
        id: "lineOfSightType",
        rule: "Empty | Farthest | Piece",
        doc: "Which sites along a line of sight: the empty ones, the farthest one, or the first piece.",
        example: "Piece",
    },
    Decl {
        id: "sitesEdgeType",
        rule: "Angled | Axial | Horizontal | Slash | Slosh | Vertical",
        doc: "Kinds of edges selected by direction (axial, angled, horizontal, vertical, slash, slosh).",
        example: "Axial",
    },
    Decl {
        id: "sitesIndexType",
        rule: "Cell | Column | Edge | Empty | Layer | Phase | Row | State",
        doc: "Region kinds selected by an index: a cell, column, edge, layer, phase, row or state, or the empty sites.",
        example: "Row",
    },
    Decl {
        id: "sitesMoveType",
        rule: "Between | From | To",
        doc: "Sites of a moves list: their from sites, to sites, or the sites between.",
        example: "To",
    },
    Decl {
        id: "sitesPlayerType",
        rule: "Hand | Winning",
        doc: "Per-player sites: a player's hand or its winning sites.",
        example: "Hand",
    },
    Decl {
        id: "sitesSimpleType",
        rule: "Board | Bottom | Centre | ConcaveCorners | ConvexCorners | Corners | Hint | Inner | LastFrom | LastTo | Left | LineOfPlay | Major | Minor | Outer | Pending | Perimeter | Playable | Right | ToClear | Top",
        doc: "Fixed regions of the board: all of it, sides, corners, centre, perimeter, the last move's sites and so on.",
        example: "Board",
    },
];
