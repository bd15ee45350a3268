//! Declarations of Ludii package `game.functions.booleans.is`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "booleans.is.is",
        rule: "(is Crossing <int> <int>) | (is <isSimpleType>) | (is Triggered <string> (<int> | <roleType>)) | (is <isStringType> <string>) | (is <isGraphType> <siteType>) | (is <isIntegerType> [<int>]) | (is Hidden [<hiddenData>] [<siteType>] at:<int> [level:<int>] (to:<moves.player> | to:<roleType>)) | (is Repeat [<repetitionType>]) | (is Pattern {<stepType>} [<siteType>] [from:<int>] [what:<int> | whats:{<int>}]) | (is <isTreeType> (<moves.player> | <roleType>)) | (is RegularGraph (<moves.player> | <roleType>) [k:<int> | odd:<boolean> | even:<boolean>]) | (is <isPlayerType> (<int> | <roleType>)) | (is Loop [<siteType>] [surround:<roleType> | {<roleType>}] [<direction>] [<int>] [<int> | <sites>] [path:boolean]) | (is Path <siteType> [from:<int>] (<moves.player> | <roleType>) length:<range> [closed:<boolean>]) | (is <isSiteType> [<siteType>] <int>) | (is In [<int> | {<int>}] (<sites> | <ints>)) | (is <isAngleType> [<siteType>] at:<int> <boolean> <boolean>) | (is <isComponentType> [<int>] [<siteType>] [at:<int> | in:<sites>] [<moves>]) | (is Related <relationType> [<siteType>] <int> (<int> | <sites>)) | (is Target [<int> | <string>] {int} [int | {int}]) | (is <isConnectType> [<int>] [<siteType>] [at:<int>] [<direction>] ({<sites>} | <roleType> | <regionTypeStatic>)) | (is Line [<siteType>] <int> [<absoluteDirection>] [through:<int> | throughAny:<sites>] [<roleType> | what:<int> | whats:{<int>}] [exact:<boolean>] [contiguous:<boolean>] [if:<boolean>] [byLevel:<boolean>] [top:<boolean>] [throughHowMuch:<int>] [isVisible:<boolean>] [useOpposites:<boolean>])",
        doc: "Tests a property: of sites, pieces, players, lines, loops, paths, connections, patterns, graphs and more.",
        example: "(is Line 3)",
    },
    Decl {
        id: "isAngleType",
        rule: "Acute | Obtuse | Reflex | Right",
        doc: "The kind of angle tested by `is`.",
        example: "Acute",
    },
    Decl {
        id: "isComponentType",
        rule: "Threatened | Within",
        doc: "Tests on a component: whether it is threatened or within a region.",
        example: "Threatened",
    },
    Decl {
        id: "isConnectType",
        rule: "Blocked | Connected",
        doc: "Tests on regions: whether they are connected or blocked.",
        example: "Connected",
    },
    Decl {
        id: "isGraphType",
        rule: "LastFrom | LastTo",
        doc: "Tests on the last move's graph element: its from or to element.",
        example: "LastTo",
    },
    Decl {
        id: "isIntegerType",
        rule: "AnyDie | Even | Flat | Odd | PipsMatch | SidesMatch | Visited",
        doc: "Tests on an integer or dice: odd, even, visited, flat, matching pips or sides and so on.",
        example: "Even",
    },
    Decl {
        id: "isPlayerType",
        rule: "Active | Enemy | Friend | Mover | Next | Prev",
        doc: "Tests on a player: whether it is active, an enemy, a friend, the mover, next or previous.",
        example: "Mover",
    },
    Decl {
        id: "isSimpleType",
        rule: "Cycle | Full | Pending",
        doc: "Tests on the game state: a cycle, a full board, or pending.",
        example: "Full",
    },
    Decl {
        id: "isSiteType",
        rule: "Empty | Occupied",
        doc: "Tests on a site: whether it is empty or occupied.",
        example: "Empty",
    },
    Decl {
        id: "isStringType",
        rule: "Decided | Proposed",
        doc: "Tests on a proposal: whether it was decided or proposed.",
        example: "Proposed",
    },
    Decl {
        id: "isTreeType",
        rule: "CaterpillarTree | SpanningTree | Tree | TreeCentre",
        doc: "Tests whether a player's pieces form a tree of some kind.",
        example: "SpanningTree",
    },
];
