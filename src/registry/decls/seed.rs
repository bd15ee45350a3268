use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "game",
        rule:
            "(game string) | (game string <players> [<mode>] <equipment> <rules.rules>) | <match>",
        doc: "A game: its name, players, equipment and rules.",
        example: "(game \"Tic-Tac-Toe\" (players 2) (equipment {..}) (rules ..))",
    },
    Decl {
        id: "roleType",
        rule: "All | Ally | Each | Enemy | Friend | Mover | Neutral | Next | NonMover | P1 | P2",
        doc: "Which player or players a rule refers to.",
        example: "Mover",
    },
];
