//! Declarations of Ludii package `game.util.graph`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "graph",
        rule: "(graph vertices:{{float}} [edges:{{int}}]) | (graph) | (graph <graph>) | (graph) | <operators.add> | <basis> | <brick> | <celtic> | <clip> | <complete> | <concentric> | <dual> | <hex> | <hole> | <intersect> | <keep> | <layers> | <makeFaces> | <merge> | <quadhex> | <recoordinate> | <regular> | <operators.remove> | <renumber> | <repeat> | <rotate> | <scale> | <shift> | <skew> | <spiral> | <splitCrossings> | <square> | <subdivide> | <tiling> | <tri> | <trim> | <operators.union> | <wedge>",
        doc: "A graph: given by vertices and edges, or produced by a board generator or graph operator.",
        example: "(graph vertices:{{0 0} {1 0} {0 1}} edges:{{0 1} {0 2}})",
    },
    Decl {
        id: "poly",
        rule: "(poly {{<dim>}} [rotns:int]) | (poly {{float}} [rotns:int])",
        doc: "A polygon given by its corner points, optionally repeated by rotation.",
        example: "(poly {{0 0} {4 0} {4 4} {0 4}})",
    },
];
