//! Declarations of Ludii package `game.functions.ints.board`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "ahead",
        rule: "(ahead [<siteType>] <int> [steps:<int>] [<direction>])",
        doc: "The site reached by moving steps in a direction from a site.",
        example: "(ahead (last To) N)",
    },
    Decl {
        id: "arrayValue",
        rule: "(arrayValue <ints> index:<int>)",
        doc: "The value at an index of an integer array.",
        example: "(arrayValue {1 2 3} index:1)",
    },
    Decl {
        id: "board.id",
        rule: "(id <string>) | (id [<string>] <roleType>)",
        doc: "The index of a player or component, by name and/or role.",
        example: "(id \"King\" Mover)",
    },
    Decl {
        id: "board.phase",
        rule: "(phase [<siteType>] of:<int>)",
        doc: "The phase (colour class) of a site.",
        example: "(phase of:(to))",
    },
    Decl {
        id: "centrePoint",
        rule: "(centrePoint [<siteType>])",
        doc: "The site at the centre of the board.",
        example: "(centrePoint)",
    },
    Decl {
        id: "column",
        rule: "(column [<siteType>] of:<int>)",
        doc: "The column of a site.",
        example: "(column of:(last To))",
    },
    Decl {
        id: "coord",
        rule: "(coord [<siteType>] row:<int> column:<int>) | (coord [<siteType>] <string>)",
        doc: "The site at a coordinate, given as row and column or a label.",
        example: "(coord \"A1\")",
    },
    Decl {
        id: "cost",
        rule: "(cost [<siteType>] (at:<int> | in:<sites>))",
        doc: "The cost of a site or region.",
        example: "(cost at:(to))",
    },
    Decl {
        id: "handSite",
        rule: "(handSite (<int> | <roleType>) [<int>])",
        doc: "A site of a player's hand.",
        example: "(handSite Mover)",
    },
    Decl {
        id: "layer",
        rule: "(layer of:<int> [<siteType>])",
        doc: "The layer of a site.",
        example: "(layer of:(to))",
    },
    Decl {
        id: "mapEntry",
        rule: "(mapEntry [<string>] (<int> | <roleType>))",
        doc: "The value a map associates with a key.",
        example: "(mapEntry \"Promotion\" (last To))",
    },
    Decl {
        id: "regionSite",
        rule: "(regionSite <sites> index:<int>)",
        doc: "The site at an index of a region.",
        example: "(regionSite (sites Bottom) index:0)",
    },
    Decl {
        id: "row",
        rule: "(row [<siteType>] of:<int>)",
        doc: "The row of a site.",
        example: "(row of:(last To))",
    },
];
