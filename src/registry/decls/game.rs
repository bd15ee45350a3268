//! Declarations of Ludii package `game`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "game",
        rule: "(game <string>) | (game <string> <players> [<mode>] <equipment> <rules.rules>) | <match>",
        doc: "A whole game: its name, players, optional control mode, equipment and rules; or a match of several games.",
        example: "(game \"Tic-Tac-Toe\" (players 2) (equipment {(board (square 3)) (piece \"Disc\" Each)}) (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))",
    },
];
