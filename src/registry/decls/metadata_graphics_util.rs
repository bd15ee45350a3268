//! Declarations of Ludii package `metadata.graphics.util`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "util.pieceColourType",
        rule: "Edge | Fill | Secondary",
        doc: "Which colour of a piece: fill, edge or secondary.",
        example: "Fill",
    },
    Decl {
        id: "puzzleHintLocationType",
        rule: "BetweenVertices | Default",
        doc: "Where puzzle hints are drawn: by default or between vertices.",
        example: "BetweenVertices",
    },
    Decl {
        id: "controllerType",
        rule: "BasicController | PyramidalController",
        doc: "Which user-interface controller the game uses.",
        example: "BasicController",
    },
    Decl {
        id: "pieceStackType",
        rule: "Backgammon | Count | CountColoured | Default | DefaultAndCount | Fan | FanAlternating | Ground | GroundDynamic | None | Reverse | Ring | TowardsCenter",
        doc: "How stacks of pieces are drawn.",
        example: "Ground",
    },
    Decl {
        id: "boardGraphicsType",
        rule: "InnerEdges | InnerVertices | OuterEdges | OuterVertices | Phase0 | Phase1 | Phase2 | Phase3 | Phase4 | Phase5 | Symbols",
        doc: "A part of the board's drawing (inner/outer edges and vertices, phases, symbols).",
        example: "InnerEdges",
    },
    Decl {
        id: "valueDisplayInfo",
        rule: "(valueDisplayInfo <valueLocationType> boolean boolean float float float) | (valueDisplayInfo)",
        doc: "Internal record of how values are displayed on pieces.",
        example: "(valueDisplayInfo)",
    },
    Decl {
        id: "curveType",
        rule: "Bezier | Spline",
        doc: "The kind of curve used for drawn lines: Bezier or spline.",
        example: "Spline",
    },
    Decl {
        id: "componentStyleType",
        rule: "Card | Die | Domino | ExtendedShogi | ExtendedXiangqi | LargePiece | NativeAmericanDice | Piece | Text | Tile",
        doc: "The drawing style of a component.",
        example: "Piece",
    },
    Decl {
        id: "metadataFunctions",
        rule: "(metadataFunctions)",
        doc: "Internal helper for graphics metadata.",
        example: "(metadataFunctions)",
    },
    Decl {
        id: "containerStyleType",
        rule: "Backgammon | Board | Boardless | Chess | Connect4 | ConnectiveGoal | Deck | Dice | Futoshiki | Go | Graph | Hand | Hashi | HoundsAndJackals | Isometric | Janggi | Kakuro | Lasca | Mancala | PenAndPaper | Puzzle | Shibumi | Shogi | SnakesAndLadders | Spiral | Sudoku | Surakarta | Table | Tafl | UltimateTicTacToe | Xiangqi",
        doc: "The drawing style of a container (board style).",
        example: "Chess",
    },
    Decl {
        id: "puzzleDrawHintType",
        rule: "Default | NextTo | None | TopLeft",
        doc: "How puzzle hints are drawn.",
        example: "TopLeft",
    },
    Decl {
        id: "edgeInfoGUI",
        rule: "(edgeInfoGUI <lineStyle>)",
        doc: "Internal record of how an edge is drawn (line style).",
        example: "(edgeInfoGUI Thin)",
    },
    Decl {
        id: "edgeType",
        rule: "All | Inner | Interlayer | Outer",
        doc: "Which edges of the board: all, inner, outer or between layers.",
        example: "Inner",
    },
    Decl {
        id: "valueLocationType",
        rule: "CornerLeft | CornerRight | Middle | None | Top",
        doc: "Where a piece's value is drawn.",
        example: "CornerRight",
    },
    Decl {
        id: "lineStyle",
        rule: "Hidden | Thick | ThickDashed | ThickDotted | Thin | ThinDashed | ThinDotted",
        doc: "The style of a drawn line.",
        example: "ThinDotted",
    },
    Decl {
        id: "scoreDisplayInfo",
        rule: "(scoreDisplayInfo <whenScoreType> <roleType> <int> <string>) | (scoreDisplayInfo)",
        doc: "Internal record of how scores are displayed.",
        example: "(scoreDisplayInfo)",
    },
    Decl {
        id: "whenScoreType",
        rule: "Always | AtEnd | Never",
        doc: "When scores are shown: always, at the end, or never.",
        example: "AtEnd",
    },
    Decl {
        id: "stackPropertyType",
        rule: "Limit | Scale | Type",
        doc: "A property of stack drawing: limit, scale or type.",
        example: "Scale",
    },
    Decl {
        id: "metadataImageInfo",
        rule: "(metadataImageInfo int <siteType> <string> float) | (metadataImageInfo int <siteType> <string> float) | (metadataImageInfo {int} float {float} <siteType> <curveType> <lineStyle>) | (metadataImageInfo {int} <siteType> float) | (metadataImageInfo int <siteType> <string> float) | (metadataImageInfo int <siteType> <siteType> float) | (metadataImageInfo int <siteType> <boardGraphicsType>) | (metadataImageInfo int <siteType> <string> <string> float float int float float) | (metadataImageInfo int <siteType> <string> float float int float float) | (metadataImageInfo int <siteType> <string> float int float float) | (metadataImageInfo int <siteType> <string> float int)",
        doc: "Internal record of an image drawn at a site.",
        example: "",
    },
    Decl {
        id: "holeType",
        rule: "Oval | Square",
        doc: "The shape of holes drawn for sites: oval or square.",
        example: "Oval",
    },
];
