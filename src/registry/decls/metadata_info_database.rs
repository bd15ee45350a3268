//! Declarations of Ludii package `metadata.info.database`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "credit",
        rule: "(credit <string>)",
        doc: "Credits for the game's implementation.",
        example: "(credit \"Anon\")",
    },
    Decl {
        id: "aliases",
        rule: "(aliases {<string>})",
        doc: "Other names of the game.",
        example: "(aliases {\"Noughts and Crosses\" \"Tic-Tac-Toe\"})",
    },
    Decl {
        id: "source",
        rule: "(source <string>)",
        doc: "The source of the rules.",
        example: "(source \"Bell 1979\")",
    },
    Decl {
        id: "publisher",
        rule: "(publisher <string>)",
        doc: "The game's publisher.",
        example: "(publisher \"Anon Games\")",
    },
    Decl {
        id: "classification",
        rule: "(classification <string>)",
        doc: "The game's classification.",
        example: "(classification \"board/space/line\")",
    },
    Decl {
        id: "origin",
        rule: "(origin <string>)",
        doc: "Where and when the game comes from.",
        example: "(origin \"Egypt, 1400 BCE\")",
    },
    Decl {
        id: "description",
        rule: "(description <string>)",
        doc: "A description of the game.",
        example: "(description \"A race game for two players.\")",
    },
    Decl {
        id: "database.rules",
        rule: "(rules <string>)",
        doc: "A prose description of the rules.",
        example: "(rules \"Players take turns placing a piece.\")",
    },
    Decl {
        id: "version",
        rule: "(version <string>)",
        doc: "The version of the game description.",
        example: "(version \"1.3.13\")",
    },
    Decl {
        id: "author",
        rule: "(author <string>)",
        doc: "The game's author.",
        example: "(author \"Anon\")",
    },
    Decl {
        id: "database.id",
        rule: "(id <string>)",
        doc: "The game's identifier in the database.",
        example: "(id \"123\")",
    },
    Decl {
        id: "date",
        rule: "(date <string>)",
        doc: "The date of the game description.",
        example: "(date \"2024-01-01\")",
    },
];
