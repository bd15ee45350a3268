//! Declarations of Ludii package `game.types.board`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "basisType",
        rule: "Brick | Celtic | Circle | Concentric | Dual | Hexagonal | HexagonalPyramidal | Mesh | Morris | NoBasis | QuadHex | Spiral | Square | SquarePyramidal | T31212 | T333333_33434 | T33336 | T33344 | T33434 | T3464 | T3636 | T4612 | T488 | Triangular",
        doc: "The tiling basis of a board.",
        example: "Square",
    },
    Decl {
        id: "hiddenData",
        rule: "Count | Rotation | State | Value | What | Who",
        doc: "Which information about a site can be hidden from a player.",
        example: "What",
    },
    Decl {
        id: "landmarkType",
        rule: "BottomSite | CentreSite | FirstSite | LastSite | LeftSite | RightSite | Topsite",
        doc: "A landmark site of the board (first, last, centre, sides...).",
        example: "CentreSite",
    },
    Decl {
        id: "puzzleElementType",
        rule: "Cell | Edge | Hint | Vertex",
        doc: "A kind of puzzle element: cell, edge, vertex or hint.",
        example: "Cell",
    },
    Decl {
        id: "regionTypeDynamic",
        rule: "Empty | Enemy | NotEmpty | NotEnemy | NotOwn | Own",
        doc: "A region defined by occupancy relative to a player (empty, own, enemy...).",
        example: "Empty",
    },
    Decl {
        id: "regionTypeStatic",
        rule: "AllDirections | AllSites | Columns | Corners | Diagonals | HintRegions | Layers | Regions | Rows | Sides | SidesNoCorners | SubGrids | Touching | Vertices",
        doc: "A region defined by the board's geometry (rows, columns, corners, sides...).",
        example: "Rows",
    },
    Decl {
        id: "relationType",
        rule: "Adjacent | All | Diagonal | OffDiagonal | Orthogonal",
        doc: "How sites are related: adjacent, orthogonal, diagonal, off-diagonal or all.",
        example: "Orthogonal",
    },
    Decl {
        id: "shapeType",
        rule: "Circle | Cross | Custom | Diamond | Hexagon | Limping | NoShape | Polygon | Prism | Quadrilateral | Rectangle | Regular | Rhombus | Spiral | Square | Star | Triangle | Wedge | Wheel",
        doc: "The outline shape of a board.",
        example: "Square",
    },
    Decl {
        id: "siteType",
        rule: "Cell | Edge | Vertex",
        doc: "A kind of graph element a site can be: cell, edge or vertex.",
        example: "Cell",
    },
    Decl {
        id: "stepType",
        rule: "F | L | R",
        doc: "A turtle step: forward, left or right.",
        example: "F",
    },
    Decl {
        id: "storeType",
        rule: "Inner | None | Outer",
        doc: "Where the stores of a mancala board go: outer, inner or none.",
        example: "Outer",
    },
    Decl {
        id: "tilingBoardlessType",
        rule: "Hexagonal | Square | Triangular",
        doc: "The tiling used by a boardless game.",
        example: "Square",
    },
];
