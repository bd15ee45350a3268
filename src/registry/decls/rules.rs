//! Declarations of Ludii package `game.rules`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[Decl {
    id: "rules.rules",
    rule:
        "(rules [<meta>] [<start>] [<play>] phases:{<phase.phase>} [<end>]) | (rules [<meta>] [<start>] <play> <end>)",
    doc: "The rules: meta rules, starting position, play and ending, or a list of phases.",
    example: "(rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Draw))))",
}];
