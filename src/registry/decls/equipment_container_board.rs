//! Declarations of Ludii package `game.equipment.container.board`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "container.board.board",
        rule: "(board <graph> [<board.track> | {<board.track>}] [<equipment.values> | {<equipment.values>}] [use:<siteType>] [largeStack:boolean]) | <boardless> | <mancalaBoard> | <surakartaBoard>",
        doc: "The board: a graph with optional tracks and site values; or a boardless, mancala or Surakarta board.",
        example: "(board (square 8))",
    },
    Decl {
        id: "board.track",
        rule: "(track <string> ({int} | <string> | {<equipment.trackStep>}) [loop:boolean] [int | <roleType>] [directed:boolean])",
        doc: "A named track on the board, given by sites or a string of steps, optionally looping, owned or directed.",
        example: "(track \"Track\" \"0,E,N,W\" loop:True)",
    },
    Decl {
        id: "boardless",
        rule: "(boardless <tilingBoardlessType> [<dim>] [largeStack:boolean])",
        doc: "A board that grows as pieces are placed, on a given tiling.",
        example: "(boardless Hexagonal)",
    },
];
