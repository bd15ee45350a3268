//! Declarations of Ludii package `game.functions.ints.state`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "state",
        rule: "(state [<siteType>] at:<int> [level:<int>])",
        doc: "The local state of the piece at a site.",
        example: "(state at:(last To))",
    },
    Decl {
        id: "amount",
        rule: "(amount (<roleType> | <moves.player>))",
        doc: "The amount (money) a player has.",
        example: "(amount Mover)",
    },
    Decl {
        id: "counter",
        rule: "(counter)",
        doc: "The game's counter.",
        example: "(counter)",
    },
    Decl {
        id: "mover",
        rule: "(mover)",
        doc: "The index of the player moving.",
        example: "(mover)",
    },
    Decl {
        id: "next",
        rule: "(next)",
        doc: "The index of the next player.",
        example: "(next)",
    },
    Decl {
        id: "pot",
        rule: "(pot)",
        doc: "The value of the pot.",
        example: "(pot)",
    },
    Decl {
        id: "prev",
        rule: "(prev [<prevType>])",
        doc: "The index of the previous player.",
        example: "(prev)",
    },
    Decl {
        id: "rotation",
        rule: "(rotation [<siteType>] at:<int> [level:<int>])",
        doc: "The rotation of the piece at a site.",
        example: "(rotation at:(last To))",
    },
    Decl {
        id: "state.score",
        rule: "(score (<moves.player> | <roleType>))",
        doc: "The score of a player.",
        example: "(score Mover)",
    },
    Decl {
        id: "var",
        rule: "(var [<string>])",
        doc: "The value of a named (or unnamed) variable.",
        example: "(var \"Captured\")",
    },
    Decl {
        id: "what",
        rule: "(what [<siteType>] at:<int> [level:<int>])",
        doc: "The index of the component at a site.",
        example: "(what at:(last To))",
    },
    Decl {
        id: "who",
        rule: "(who [<siteType>] at:<int> [level:<int>])",
        doc: "The owner of the piece at a site.",
        example: "(who at:(last To))",
    },
];
