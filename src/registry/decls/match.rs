//! Declarations of Ludii package `game.match`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "match",
        rule: "(match <string>) | (match <string> [<players>] <games> <end>)",
        doc: "A match made of several games played in sequence.",
        example: "(match \"Match\" (players 2) (games {(subgame \"Tic-Tac-Toe\" next:1) (subgame \"Hex\" next:0)}) (end (if (= (count Trials) 3) (byScore))))",
    },
    Decl {
        id: "games",
        rule: "(games (<subgame> | {<subgame>}))",
        doc: "The games of a match.",
        example: "(games {(subgame \"Tic-Tac-Toe\" next:1) (subgame \"Hex\" next:0)})",
    },
    Decl {
        id: "subgame",
        rule: "(subgame <string> [<string>] [next:<int>] [result:<int>])",
        doc: "One game in a match, with its option, the game that follows and the result that counts.",
        example: "(subgame \"Hex\" next:0)",
    },
];
