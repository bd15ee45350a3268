//! Declarations of Ludii package `game.rules.play.moves.decision`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "decision",
        rule: "<move>",
        doc: "A decision move: one the mover actively chooses (the `move` ludeme).",
        example: "",
    },
    Decl {
        id: "move",
        rule: "(move Step [<moves.from>] [<direction>] <moves.to> [stack:boolean] [<then>]) | (move Slide [<moves.from>] [<string>] [<direction>] [<moves.between>] [<moves.to>] [stack:boolean] [<then>]) | (move Shoot <moves.piece> [<moves.from>] [<absoluteDirection>] [<moves.between>] [<moves.to>] [<then>]) | (move Select <moves.from> [<moves.to>] [<roleType>] [<then>]) | (move <moveMessageType> (<string> | {<string>}) [<then>]) | (move Swap Players (<int> <roleType>) (<int> <roleType>) [<then>]) | (move Swap Pieces [<int>] [<int>] [<then>]) | (move Remove [<siteType>] (<int> | <sites>) [level:<int>] [at:<whenType>] [count:<int>] [<then>]) | (move Set TrumpSuit (<int> | <intArray.math.difference>) [<then>]) | (move Set NextPlayer (<moves.player> | <ints>) [<then>]) | (move Set Rotation [<moves.to>] [{<int>} | <int>] [previous:<boolean>] [next:<boolean>] [<then>]) | (move <moveSiteType> [<moves.piece>] <moves.to> [count:<int>] [stack:boolean] [<then>]) | (move Bet (<moves.player> | <roleType>) <range> [<then>]) | (move <moves.from> <moves.to> [count:<int>] [copy:<boolean>] [stack:boolean] [<roleType>] [<then>]) | (move Promote [<siteType>] [<int>] <moves.piece> [<moves.player> | <roleType>] [<then>]) | (move <moveSimpleType> [<then>]) | (move Leap [<moves.from>] {{<stepType>}} [forward:<boolean>] [rotations:<boolean>] <moves.to> [<then>]) | (move Hop [<moves.from>] [<direction>] [<moves.between>] <moves.to> [stack:boolean] [<then>])",
        doc: "Makes a move a player decides on: step, slide, hop, leap, add, remove, promote, select, swap, bet, vote and so on.",
        example: "(move Step (to if:(is Empty (to))))",
    },
    Decl {
        id: "moveMessageType",
        rule: "Propose | Vote",
        doc: "Which message-based decision a move makes: proposing or voting.",
        example: "Propose",
    },
    Decl {
        id: "moveSimpleType",
        rule: "Pass | PlayCard",
        doc: "Decision moves with no site: passing, or playing a card.",
        example: "Pass",
    },
    Decl {
        id: "moveSiteType",
        rule: "Add | Claim",
        doc: "Decision moves that put something on a site: adding a piece or claiming a site.",
        example: "Add",
    },
];
