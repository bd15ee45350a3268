//! Declarations of Ludii package `game.rules.start.place`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "place",
        rule: "(place Random {<string>} [count:{<int>}] [state:<int>] [value:<int>] <int> [<siteType>]) | (place Random [<sites>] {<string>} [count:<int>] [state:<int>] [value:<int>] [<siteType>]) | (place Stack (<string> | items:{<string>}) [<string>] [<siteType>] [<int> | {<int>} | <sites> | coord:<string> | {<string>}] [count:<int> | counts:{<int>}] [state:<int>] [rotation:<int>] [value:<int>]) | (place <string> [<siteType>] [{<int>}] [<sites>] [{<string>}] [counts:{<int>}] [state:<int>] [rotation:<int>] [value:<int>]) | (place <string> [<string>] [<siteType>] [<int>] [coord:<string>] [count:<int>] [state:<int>] [rotation:<int>] [value:<int>]) | (place Random {<math.count>} <int> [<siteType>])",
        doc: "Places pieces at the start, on given sites, stacks or random sites.",
        example: "(place \"Pawn1\" (sites Row 1))",
    },
];
