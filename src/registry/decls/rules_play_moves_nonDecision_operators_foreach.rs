//! Declarations of Ludii package `game.rules.play.moves.nonDecision.operators.foreach`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "operators.foreach.forEach",
        rule: "(forEach Direction [<moves.from>] [<direction>] [<moves.between>] (<moves.to> | <moves>) [<then>]) | (forEach Site <sites> <moves> [noMoveYet:<moves>] [<then>]) | (forEach Value <ints> <moves> [<then>]) | (forEach Level [<siteType>] <int> [<stackDirection>] <moves> [<then>]) | (forEach Team <moves> [<then>]) | (forEach Group [<siteType>] [<direction>] [if:<boolean>] <moves> [<then>]) | (forEach Die [<int>] [combined:<boolean>] [replayDouble:<boolean>] [if:<boolean>] <moves> [<then>]) | (forEach <ints> <moves> [<then>]) | (forEach Player <moves> [<then>]) | (forEach Piece [on:<siteType>] [<string> | {<string>}] [container:<int> | <string>] [<moves>] [<moves.player> | <roleType>] [top:<boolean>] [<then>]) | (forEach Value min:<int> max:<int> <moves> [<then>])",
        doc: "Iterates over directions, sites, values, levels, teams, groups, dice, players or pieces to generate moves.",
        example: "(forEach Piece)",
    },
];
