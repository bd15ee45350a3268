//! Declarations of Ludii package `metadata.graphics.show`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "show",
        rule: "(show Line {{int}} [<siteType>] [<lineStyle>] [<colour>] [scale:float] [curve:{float}] [<curveType>]) | (show Edges [<edgeType>] [<relationType>] [connection:boolean] [<lineStyle>] [<colour>]) | (show <showBooleanType> [boolean]) | (show Symbol [<string>] [text:<string>] [<string>] [<roleType>] [<siteType>] [{int} | int] [<sites>] [<boardGraphicsType>] [fillColour:<colour>] [edgeColour:<colour>] [scale:float] [scaleX:float] [scaleY:float] [rotation:int] [offsetX:float] [offsetY:float]) | (show <showSiteDataType> [<siteType>] [int]) | (show <showSiteDataType> {int} <holeType>) | (show Score [<whenScoreType>] [<roleType>] [<int>] [<string>]) | (show Check [<roleType>] [<string>]) | (show Piece <showComponentDataType> [<roleType>] [<string>] [<valueLocationType>] [offsetImage:boolean] [valueOutline:boolean] [scale:float] [offsetX:float] [offsetY:float])",
        doc: "Shows extra things: lines, edges, symbols, site indices or holes, scores, checks, piece states or values, and boolean display options.",
        example: "(show Symbol \"dot\" (sites Centre) scale:0.3)",
    },
    Decl {
        id: "showSiteType",
        rule: "Cell | Sites",
        doc: "Which sites to show: cells or all sites.",
        example: "Cell",
    },
    Decl {
        id: "showBooleanType",
        rule: "Cost | CurvedEdges | EdgeDirections | Hints | LocalStateHoles | Pits | PlayerHoles | PossibleMoves | RegionOwner | StraightEdges",
        doc: "A display option that `show` can turn on.",
        example: "PossibleMoves",
    },
    Decl {
        id: "showSiteDataType",
        rule: "AsHoles | SiteIndex",
        doc: "Site data to show: indices, or sites drawn as holes.",
        example: "AsHoles",
    },
    Decl {
        id: "showComponentDataType",
        rule: "State | Value",
        doc: "Piece data to show: state or value.",
        example: "Value",
    },
];
