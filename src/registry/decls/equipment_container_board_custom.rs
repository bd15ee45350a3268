//! Declarations of Ludii package `game.equipment.container.board.custom`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "mancalaBoard",
        rule: "(mancalaBoard int int [store:<storeType>] [numStores:int] [largeStack:boolean] [<board.track> | {<board.track>}])",
        doc: "A mancala board with rows and columns of holes and optional stores.",
        example: "(mancalaBoard 2 6)",
    },
    Decl {
        id: "surakartaBoard",
        rule: "(surakartaBoard <graph> [loops:int] [from:int] [largeStack:boolean])",
        doc: "A Surakarta board: a graph with its circular loops.",
        example: "(surakartaBoard (square 6) loops:2)",
    },
];
