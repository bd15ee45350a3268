//! Declarations of Ludii package `metadata.graphics.region`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "region.region",
        rule: "(region Colour [<string>] [<roleType>] [<siteType>] [{int} | int] [<sites>] [regionSiteType:<siteType>] [<colour>] [scale:float])",
        doc: "Colours a region of the board.",
        example: "(region Colour \"Home\" (colour Red))",
    },
];
