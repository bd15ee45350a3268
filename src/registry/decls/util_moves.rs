//! Declarations of Ludii package `game.util.moves`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "flips",
        rule: "(flips int int)",
        doc: "The two states a flippable piece alternates between.",
        example: "(flips 1 2)",
    },
    Decl {
        id: "moves.between",
        rule: "(between [before:<int>] [<range>] [after:<int>] [if:<boolean>] [trail:<int>] [<apply>])",
        doc: "Describes the sites between from and to: their range, condition, trail and an effect applied to them.",
        example: "(between if:(is Enemy (who at:(between))) (apply (remove (between))))",
    },
    Decl {
        id: "moves.from",
        rule: "(from [<siteType>] [<sites> | <int>] [level:<int>] [if:<boolean>])",
        doc: "The from site(s) of a move, with an optional level and condition.",
        example: "(from (sites Occupied by:Mover))",
    },
    Decl {
        id: "moves.piece",
        rule: "(piece (<string> | <int> | {<string>} | {<int>}) [state:<int>])",
        doc: "The piece (by name or index, optionally with a state) used by a move.",
        example: "(piece \"Disc0\")",
    },
    Decl {
        id: "moves.player",
        rule: "(player <int>)",
        doc: "A player given by index.",
        example: "(player 1)",
    },
    Decl {
        id: "moves.to",
        rule: "(to [<siteType>] [<sites> | <int>] [level:<int>] [<rotations>] [if:<boolean>] [<apply>])",
        doc: "The to site(s) of a move, with optional level, rotations, condition and an effect applied there.",
        example: "(to (sites Empty))",
    },
];
