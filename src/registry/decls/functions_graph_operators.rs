//! Declarations of Ludii package `game.functions.graph.operators`.

use crate::registry::Decl;

pub const DECLS: &[Decl] = &[
    Decl {
        id: "clip",
        rule: "(clip <graph> <poly>)",
        doc: "Clips a graph to the inside of a polygon.",
        example: "(clip (square 8) (poly {{0 0} {4 0} {4 4}}))",
    },
    Decl {
        id: "complete",
        rule: "(complete <graph> [eachCell:boolean])",
        doc: "Joins every vertex of a graph to every other.",
        example: "(complete (hex 2))",
    },
    Decl {
        id: "dual",
        rule: "(dual <graph>)",
        doc: "The dual of a graph: cells become vertices and vice versa.",
        example: "(dual (tri 4))",
    },
    Decl {
        id: "hole",
        rule: "(hole <graph> <poly>)",
        doc: "Cuts a polygonal hole out of a graph.",
        example: "(hole (square 6) (poly {{2 2} {4 2} {4 4} {2 4}}))",
    },
    Decl {
        id: "intersect",
        rule: "(intersect {<graph>}) | (intersect <graph> <graph>)",
        doc: "The part common to several graphs.",
        example: "(intersect (square 6) (shift 2 2 (square 6)))",
    },
    Decl {
        id: "keep",
        rule: "(keep <graph> <poly>)",
        doc: "Keeps only the part of a graph inside a polygon.",
        example: "(keep (square 8) (poly {{0 0} {8 0} {0 8}}))",
    },
    Decl {
        id: "layers",
        rule: "(layers <dim> <graph>)",
        doc: "Stacks copies of a graph in layers (for 3D boards).",
        example: "(layers 3 (square 3))",
    },
    Decl {
        id: "makeFaces",
        rule: "(makeFaces <graph>)",
        doc: "Builds the faces (cells) of a graph from its edges.",
        example: "(makeFaces (graph vertices:{{0 0} {1 0} {0 1}} edges:{{0 1} {1 2} {2 0}}))",
    },
    Decl {
        id: "merge",
        rule: "(merge {<graph>} [connect:boolean]) | (merge <graph> <graph> [connect:boolean])",
        doc: "Merges graphs into one, optionally joining coincident vertices.",
        example: "(merge (square 3) (shift 3 0 (square 3)))",
    },
    Decl {
        id: "operators.add",
        rule: "(add [<graph>] [vertices:{{<float>}}] [edges:{{{<float>}}} | edges:{{<dim>}}] [edgesCurved:{{{<float>}}}] [cells:{{{<float>}}} | cells:{{<dim>}}] [connect:boolean])",
        doc: "Adds vertices, edges or cells to a graph.",
        example: "(add (square 3) vertices:{{1.5 3.5}})",
    },
    Decl {
        id: "operators.remove",
        rule: "(remove <graph> <poly> [trimEdges:boolean]) | (remove <graph> [cells:{{{float}}} | cells:{<dim>}] [edges:{{{float}}} | edges:{{<dim>}}] [vertices:{{float}} | vertices:{<dim>}] [trimEdges:boolean])",
        doc: "Removes a polygon's part, or given cells, edges or vertices, from a graph.",
        example: "(remove (square 5) cells:{12})",
    },
    Decl {
        id: "operators.union",
        rule: "(union {<graph>} [connect:boolean]) | (union <graph> <graph> [connect:boolean])",
        doc: "The union of several graphs, optionally connecting them.",
        example: "(union (square 3) (shift 4 0 (square 3)))",
    },
    Decl {
        id: "recoordinate",
        rule: "(recoordinate [<siteType>] [<siteType>] [<siteType>] <graph>)",
        doc: "Recomputes the coordinates of a graph's elements.",
        example: "(recoordinate (square 4))",
    },
    Decl {
        id: "renumber",
        rule: "(renumber [<siteType>] [<siteType>] [<siteType>] <graph>)",
        doc: "Renumbers the elements of a graph in reading order.",
        example: "(renumber (rotate 90 (square 4)))",
    },
    Decl {
        id: "rotate",
        rule: "(rotate <float> <graph>)",
        doc: "Rotates a graph by a number of degrees.",
        example: "(rotate 45 (square 4))",
    },
    Decl {
        id: "scale",
        rule: "(scale <float> [<float>] [<float>] <graph>)",
        doc: "Scales a graph, uniformly or by x, y (and z) factors.",
        example: "(scale 2 (tri 3))",
    },
    Decl {
        id: "shift",
        rule: "(shift <float> <float> [<float>] <graph>)",
        doc: "Translates a graph by x, y (and z) offsets.",
        example: "(shift 0.5 0.5 (square 4))",
    },
    Decl {
        id: "skew",
        rule: "(skew float <graph>)",
        doc: "Skews a graph by an amount.",
        example: "(skew 0.5 (square 4))",
    },
    Decl {
        id: "splitCrossings",
        rule: "(splitCrossings <graph>)",
        doc: "Adds a vertex wherever two edges cross.",
        example: "(splitCrossings (square 4 diagonals:Solid))",
    },
    Decl {
        id: "subdivide",
        rule: "(subdivide <graph> [min:<dim>])",
        doc: "Splits the cells of a graph into smaller cells.",
        example: "(subdivide (hex 2) min:6)",
    },
    Decl {
        id: "trim",
        rule: "(trim <graph>)",
        doc: "Removes dangling edges and isolated vertices from a graph.",
        example: "(trim (square 4))",
    },
];
