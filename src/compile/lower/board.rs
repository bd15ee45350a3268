//! Lowering of the board item and its graph: `(board G [use:])`, every graph generator
//! (`square`, `hex`, `tri`, `regular`, `spiral`, `tiling`, ...) and operator (`merge`,
//! `remove`, `dual`, `splitCrossings`, ...) to a [`BoardSpec`] built by the engine.

use super::{flatten, invalid, unsupported, LowerError, Lowerer, R};
use crate::board::{Addition, BoardSpec, Diagonals, Pt, Removal, SiteType, Tiling, TrackPath, TrackSpec};
use crate::registry::ParamType;
use crate::syntax::{Node, NodeKind};

impl Lowerer {
    /// `(values Cell (range a b))` of a deduction puzzle's board: the values its sites take.
    fn puzzle_range(&mut self, node: &Node) -> R<()> {
        let range = match &node.kind {
            NodeKind::Call { args, .. } => args.iter().find(|a| Self::head(a) == Some("range")),
            _ => None,
        };
        let bounds = match range.map(|r| &r.kind) {
            Some(NodeKind::Call { args, .. }) if args.len() == 2 => {
                (self.const_int(&args[0])?, self.const_int(&args[1])?)
            }
            _ => return unsupported("board values other than a range", node.span.clone()),
        };
        if !(0..=1000).contains(&(bounds.1 - bounds.0)) {
            return invalid("a puzzle of 1 to 1001 values", node.span.clone());
        }
        // (a site's candidates are the bits of a word)
        if !self.start_only && (bounds.0 < 0 || bounds.1 > 62) {
            return unsupported("puzzle values outside 0..=62", node.span.clone());
        }
        self.puzzle_range = Some(bounds);
        Ok(())
    }

    /// Whether `(values T ..)` gives values to the sites of the board's own type (`use:`).
    fn values_on_board_type(&self, values: &Node, board: &super::Call) -> bool {
        let own = match board.named("use").map(|n| &n.kind) {
            Some(NodeKind::Atom(a)) => SiteType::from_name(a).unwrap_or(SiteType::Cell),
            _ => SiteType::Cell,
        };
        match &values.kind {
            NodeKind::Call { args, .. } => args
                .iter()
                .filter_map(|a| match &a.kind {
                    NodeKind::Atom(t) => SiteType::from_name(t),
                    _ => None,
                })
                .all(|t| t == own),
            _ => false,
        }
    }

    pub(super) fn board(&mut self, node: &Node) -> R<(BoardSpec, SiteType)> {
        let c = self.call(node, "item")?;
        if c.id != "container.board.board" {
            return unsupported(c.id, c.span());
        }
        let is = |ty: &ParamType, id: &str| match ty {
            ParamType::Sym(s) => self.reg.symbol(*s).id == id,
            ParamType::Array(b) => matches!(**b, ParamType::Sym(s) if self.reg.symbol(s).id == id),
            _ => false,
        };
        for (p, n) in &c.slots {
            // a puzzle's values: on the board's own sites (the start position alone needs
            // them too, whatever their sites)
            if let Some(n) = n.filter(|n| Self::head(n) == Some("values")) {
                if !self.start_only && !self.values_on_board_type(n, &c) {
                    return unsupported("board values on another site type than the board's", n.span.clone());
                }
                self.puzzle_range(n)?;
                continue;
            }
            if n.is_some()
                && !self.start_only
                && p.name.as_deref() != Some("use")
                && !is(&p.ty, "graph")
                && !is(&p.ty, "board.track")
            {
                return unsupported("board values", n.unwrap().span.clone());
            }
        }
        self.tracks = self.board_tracks(node)?;
        self.board_graph(node)
    }

    /// The graph and site type of a `(board ..)` item, ignoring its other arguments.
    pub(super) fn board_graph(&mut self, node: &Node) -> R<(BoardSpec, SiteType)> {
        let c = self.call(node, "item")?;
        if c.id != "container.board.board" {
            return unsupported(c.id, c.span());
        }
        let site_type = match c.named("use").map(|n| &n.kind) {
            Some(NodeKind::Atom(a)) => SiteType::from_name(a).unwrap_or(SiteType::Cell),
            _ => SiteType::Cell,
        };
        self.site_type = site_type;
        let graph = c.typed(self.reg, "graph").ok_or_else(|| LowerError::Invalid {
            message: "no graph".into(),
            span: c.span(),
        })?;
        // a layered board is only built as the whole board (no operator knows heights)
        if let Ok(sq) = self.call(graph, "graph") {
            if sq.id == "square"
                && matches!(sq.named("pyramidal").map(|n| &n.kind), Some(NodeKind::Atom(a)) if a == "True")
            {
                let pos = sq.positional();
                return match (sq.word(self.reg), sq.named("diagonals"), pos.as_slice()) {
                    (None | Some("Square"), None, [.., n]) => {
                        Ok((BoardSpec::SquarePyramidal(self.const_int(n)? as u32), site_type))
                    }
                    _ => unsupported("this form of pyramidal square", sq.span()),
                };
            }
        }
        Ok((self.graph(graph)?, site_type))
    }

    fn graph(&mut self, node: &Node) -> R<BoardSpec> {
        let c = self.call(node, "graph")?;
        // a board argument not built yet is refused, never ignored (the board would differ)
        for (p, n) in &c.slots {
            if let (Some(name), Some(_)) = (p.name.as_deref(), n) {
                if !matches!(
                    (c.id, name),
                    ("operators.remove", "vertices" | "cells" | "edges" | "trimEdges")
                        | ("operators.add", "edges")
                        | ("square" | "rectangle", "diagonals")
                        | ("graph", "vertices" | "edges")
                        | ("spiral", "turns" | "sites" | "clockwise")
                        | ("repeat", "step")
                        | ("subdivide", "min")
                        | ("complete", "eachCell")
                        | ("operators.add", "vertices" | "cells")
                        | (
                            "concentric",
                            "rings" | "sides" | "midpoints" | "joinMidpoints" | "joinCorners"
                        )
                ) {
                    return unsupported(format!("({} {name}:)", Self::head(node).unwrap_or(c.id)), c.span());
                }
            }
        }
        match c.id {
            "hex" => {
                let (word, pos) = self.shape_and_sizes(&c);
                match (word, pos.as_slice()) {
                    (None, [n]) if matches!(n.kind, NodeKind::List(_)) => Ok(BoardSpec::HexSides(self.const_ints(n)?)),
                    (None | Some("Hexagon"), [n]) => Ok(BoardSpec::Hex(self.const_int(n)? as u32)),
                    // two sizes: the "limping" side list {a b}
                    (None | Some("Hexagon"), [a, b]) => {
                        Ok(BoardSpec::HexSides(vec![self.const_int(a)?, self.const_int(b)?]))
                    }
                    (Some("Triangle"), [n]) => Ok(BoardSpec::HexTriangle(self.const_int(n)? as u32)),
                    (Some("Diamond"), [n]) => Ok(BoardSpec::HexDiamond {
                        size: self.const_int(n)? as u32,
                        prism: None,
                    }),
                    (Some("Prism"), [n]) => {
                        let n = self.const_int(n)? as u32;
                        Ok(BoardSpec::HexDiamond {
                            size: n,
                            prism: Some(n),
                        })
                    }
                    (Some("Prism"), [a, b]) => Ok(BoardSpec::HexDiamond {
                        size: self.const_int(a)? as u32,
                        prism: Some(self.const_int(b)? as u32),
                    }),
                    // (Ludii ignores a second size)
                    (Some("Limping"), [n] | [n, _]) => {
                        let n = self.const_int(n)?;
                        Ok(BoardSpec::HexSides(vec![n, n + 1]))
                    }
                    (Some("Star"), [n]) => Ok(BoardSpec::HexStar(self.const_int(n)? as u32)),
                    (Some("Square"), [n]) => {
                        let n = self.const_int(n)? as u32;
                        Ok(BoardSpec::HexRectangle { rows: n, columns: n })
                    }
                    (Some("Rectangle"), [n]) => {
                        let n = self.const_int(n)? as u32;
                        Ok(BoardSpec::HexRectangle { rows: n, columns: n })
                    }
                    (Some("Rectangle"), [r, k]) => Ok(BoardSpec::HexRectangle {
                        rows: self.const_int(r)? as u32,
                        columns: self.const_int(k)? as u32,
                    }),
                    _ => unsupported(format!("(hex {})", word.unwrap_or("..")), c.span()),
                }
            }
            "square" | "rectangle" => {
                let (word, pos) = self.shape_and_sizes(&c);
                // (`(square (poly ..))`: the lattice's points in the polygon)
                if let (Some(p), None) = (
                    pos.iter()
                        .find(|n| matches!(&n.kind, NodeKind::Call { head, .. } if head == "poly")),
                    c.named("diagonals"),
                ) {
                    return Ok(BoardSpec::SquareInPolygon(self.poly(p)?));
                }
                let (rows, cols) = match (c.id, word, pos.as_slice()) {
                    ("square", None | Some("Square"), [n]) => {
                        let n = self.const_int(n)? as u32;
                        (n, n)
                    }
                    ("square", Some("Limping"), [n]) => {
                        let n = self.const_int(n)? as u32;
                        (n, n + 1)
                    }
                    ("square", Some("Diamond"), [n]) if c.named("diagonals").is_none() => {
                        return Ok(BoardSpec::SquareDiamond(self.const_int(n)? as u32));
                    }
                    ("rectangle", None, [n]) => {
                        let n = self.const_int(n)? as u32;
                        (n, n)
                    }
                    ("rectangle", None, [a, b]) => (self.const_int(a)? as u32, self.const_int(b)? as u32),
                    _ => return unsupported(format!("this form of {}", c.id), c.span()),
                };
                match c.named("diagonals").map(|n| &n.kind) {
                    None => Ok(if c.id == "square" && rows == cols {
                        BoardSpec::Square(rows)
                    } else {
                        BoardSpec::Rectangle(rows, cols)
                    }),
                    Some(NodeKind::Atom(a)) => match Diagonals::from_name(a) {
                        Some(diagonals) => Ok(BoardSpec::RectangleDiagonals { rows, cols, diagonals }),
                        None => invalid(format!("unknown diagonals {a}"), c.span()),
                    },
                    Some(_) => invalid("expected a kind of diagonals", c.span()),
                }
            }
            "tri" => {
                let pos = c.positional();
                match (c.word(self.reg), pos.as_slice()) {
                    (Some("Hexagon"), [_, n]) | (Some("Hexagon"), [n]) => {
                        Ok(BoardSpec::TriHexagon(self.const_int(n)? as u32))
                    }
                    (None, [n]) if matches!(n.kind, NodeKind::List(_)) => Ok(BoardSpec::TriSides(self.const_ints(n)?)),
                    (None, [n]) | (Some("Triangle"), [_, n]) | (Some("Triangle"), [n]) if !matches!(&n.kind, NodeKind::Call { head, .. } if head == "poly") => {
                        Ok(BoardSpec::TriTriangle(self.const_int(n)? as u32))
                    }
                    // (Ludii ignores a second size)
                    (Some("Limping"), [_, n] | [n] | [_, n, _]) => {
                        let n = self.const_int(n)?;
                        Ok(BoardSpec::TriSides(vec![n, n + 1]))
                    }
                    _ => unsupported("this form of tri", c.span()),
                }
            }
            "operators.remove" => {
                let base = c.typed(self.reg, "graph").ok_or_else(|| LowerError::Invalid {
                    message: "no graph".into(),
                    span: c.span(),
                })?;
                if c.typed(self.reg, "poly").is_some() {
                    return unsupported("(remove <graph> <poly>)", c.span());
                }
                let trim_edges = match c.named("trimEdges").map(|n| &n.kind) {
                    None => true,
                    Some(NodeKind::Atom(a)) => a != "False",
                    Some(_) => return invalid("expected True or False", c.span()),
                };
                let mut removals = Vec::new();
                if let Some(n) = c.named("cells") {
                    removals.push(if Self::nested(n) {
                        Removal::CellsAt(self.list_of(n, |l, p| l.const_points(p))?)
                    } else {
                        Removal::CellIndices(self.const_indices(n)?)
                    });
                }
                if let Some(n) = c.named("edges") {
                    removals.push(
                        if Self::nested(n) && matches!(&n.kind, NodeKind::List(v) if v.iter().any(Self::nested)) {
                            Removal::EdgesAt(self.list_of(n, |l, p| match l.const_points(p)?.as_slice() {
                                &[a, b] => Ok([a, b]),
                                _ => invalid("an edge is two points", p.span.clone()),
                            })?)
                        } else {
                            Removal::EdgeEnds(self.list_of(n, |l, p| match l.const_indices(p)?.as_slice() {
                                &[a, b] => Ok([a, b]),
                                _ => invalid("an edge is two vertices", p.span.clone()),
                            })?)
                        },
                    );
                }
                let mut vertex_indices = None;
                if let Some(n) = c.named("vertices") {
                    if Self::nested(n) {
                        removals.push(Removal::VerticesAt(self.const_points(n)?));
                    } else {
                        vertex_indices = Some(self.const_indices(n)?);
                    }
                }
                let base = Box::new(self.graph(base)?);
                match (removals.is_empty(), vertex_indices) {
                    (true, Some(vertices)) => Ok(BoardSpec::Remove { base, vertices }),
                    (_, vertices) => {
                        removals.extend(vertices.map(Removal::VertexIndices));
                        Ok(BoardSpec::RemoveElements {
                            base,
                            removals,
                            trim_edges,
                        })
                    }
                }
            }
            "graph" => {
                let Some(v) = c.named("vertices") else {
                    return unsupported("this form of graph", c.span());
                };
                let vertices = self.const_points(v)?;
                let edges = match c.named("edges") {
                    Some(e) => self.list_of(e, |l, p| match l.const_indices(p)?.as_slice() {
                        &[a, b] => Ok([a, b]),
                        _ => invalid("an edge is two vertices", p.span.clone()),
                    })?,
                    None => Vec::new(),
                };
                Ok(BoardSpec::Custom { vertices, edges })
            }
            "hole" => {
                let pos = c.positional();
                let (Some(g), Some(p)) = (c.typed(self.reg, "graph"), pos.last()) else {
                    return invalid("hole needs a graph and a polygon", c.span());
                };
                let polygon = self.poly(p)?;
                Ok(BoardSpec::Hole {
                    base: Box::new(self.graph(g)?),
                    polygon,
                })
            }
            "trim" => match c.typed(self.reg, "graph") {
                Some(g) => Ok(BoardSpec::Trim(Box::new(self.graph(g)?))),
                None => invalid("no graph", c.span()),
            },
            "renumber" => {
                let Some(g) = c.typed(self.reg, "graph") else {
                    return invalid("no graph", c.span());
                };
                let mut types = Vec::new();
                for n in c.positional() {
                    if let NodeKind::Atom(a) = &n.kind {
                        match SiteType::from_name(a) {
                            Some(t) => types.push(t),
                            None => return invalid("expected a site type", n.span.clone()),
                        }
                    }
                }
                Ok(BoardSpec::Renumber {
                    base: Box::new(self.graph(g)?),
                    types,
                })
            }
            "wedge" => {
                let pos = c.positional();
                match pos.as_slice() {
                    [r] => Ok(BoardSpec::Wedge {
                        rows: self.const_int(r)? as u32,
                        columns: 3,
                    }),
                    [r, k] => Ok(BoardSpec::Wedge {
                        rows: self.const_int(r)? as u32,
                        columns: self.const_int(k)? as u32,
                    }),
                    _ => unsupported("this form of wedge", c.span()),
                }
            }
            "concentric" => {
                let flag = |name: &str, default: bool| match c.named(name).map(|n| &n.kind) {
                    None => Ok(default),
                    Some(NodeKind::Atom(a)) if a == "True" || a == "False" => Ok(a == "True"),
                    Some(_) => unsupported(format!("(concentric {name}:) computed"), c.span()),
                };
                if let Some(list) = c.positional().into_iter().find(|n| matches!(n.kind, NodeKind::List(_))) {
                    return Ok(BoardSpec::ConcentricCircle {
                        counts: self.const_ints(list)?,
                        stagger: flag("stagger", false)?,
                    });
                }
                let Some(rings) = c.named("rings") else {
                    return invalid("a concentric board needs rings: or a list of cells per ring", c.span());
                };
                let rings = self.const_int(rings)? as u32;
                if c.word(self.reg) == Some("Target") {
                    let Some(steps) = c.named("steps") else {
                        return unsupported("(concentric Target) without steps:", c.span());
                    };
                    let steps = self.const_int(steps)?;
                    return Ok(BoardSpec::ConcentricCircle {
                        counts: vec![steps; rings.min(10_000) as usize],
                        stagger: false,
                    });
                }
                let sides = match (c.word(self.reg), c.named("sides")) {
                    (Some("Triangle"), None) => 3,
                    (Some("Square"), None) => 4,
                    (Some("Hexagon"), None) => 6,
                    (None, Some(n)) => self.const_int(n)? as u32,
                    _ => return unsupported("this form of concentric", c.span()),
                };
                Ok(BoardSpec::ConcentricRegular {
                    sides,
                    rings,
                    midpoints: flag("midpoints", true)?,
                    join_midpoints: flag("joinMidpoints", true)?,
                    join_corners: flag("joinCorners", false)?,
                })
            }
            "intersect" | "merge" | "operators.union" => {
                if c.named("connect").is_some() {
                    return unsupported(format!("({} connect:)", Self::head(node).unwrap_or(c.id)), c.span());
                }
                let mut parts = Vec::new();
                for n in flatten(&c.positional()) {
                    parts.push(self.graph(n)?);
                }
                Ok(match c.id {
                    "intersect" => BoardSpec::Intersect(parts),
                    "merge" => BoardSpec::Merge(parts),
                    _ => BoardSpec::Union(parts),
                })
            }
            "shift" | "scale" | "rotate" => {
                let pos = c.positional();
                let Some((g, args)) = pos.split_last() else {
                    return invalid("no graph", c.span());
                };
                let args = args.iter().map(|a| self.const_float(a)).collect::<R<Vec<f64>>>()?;
                let base = Box::new(self.graph(g)?);
                match (c.id, args.as_slice()) {
                    ("shift", &[dx, dy] | &[dx, dy, _]) => Ok(BoardSpec::Shift { base, dx, dy }),
                    ("scale", &[s]) => Ok(BoardSpec::Scale { base, sx: s, sy: s }),
                    ("scale", &[sx, sy] | &[sx, sy, _]) => Ok(BoardSpec::Scale { base, sx, sy }),
                    ("rotate", &[degrees]) => Ok(BoardSpec::Rotate { base, degrees }),
                    _ => unsupported(format!("this form of {}", c.id), c.span()),
                }
            }
            "operators.add" => {
                if c.named("edgesCurved").is_some() || c.named("connect").is_some() {
                    return unsupported("(add edgesCurved: connect:)", c.span());
                }
                // depth of nesting of a list argument: {{a b}} is 2, {{{x y} {x y}}} is 3
                fn depth(n: &Node) -> usize {
                    match &n.kind {
                        NodeKind::List(items) => 1 + items.iter().map(depth).max().unwrap_or(0),
                        _ => 0,
                    }
                }
                let mut additions = Vec::new();
                if let Some(v) = c.named("vertices") {
                    additions.push(Addition::VerticesAt(self.const_points(v)?));
                }
                let edges = c.named("edges");
                if let Some(e) = edges.filter(|e| depth(e) >= 3) {
                    additions.push(Addition::EdgesAt(self.list_of(
                        e,
                        |l, p| match l.const_points(p)?.as_slice() {
                            &[a, b] => Ok([a, b]),
                            _ => invalid("an edge is two points", p.span.clone()),
                        },
                    )?));
                }
                let cells = c.named("cells");
                if let Some(f) = cells.filter(|f| depth(f) >= 3) {
                    additions.push(Addition::CellsAt(self.list_of(f, |l, p| l.const_points(p))?));
                }
                let mut edge_ends = Vec::new();
                if let Some(e) = edges.filter(|e| depth(e) < 3) {
                    edge_ends = self.list_of(e, |l, p| match l.const_indices(p)?.as_slice() {
                        &[a, b] => Ok([a, b]),
                        _ => invalid("an edge is two vertices", p.span.clone()),
                    })?;
                }
                if let Some(f) = cells.filter(|f| depth(f) < 3) {
                    if !edge_ends.is_empty() {
                        additions.push(Addition::EdgeEnds(std::mem::take(&mut edge_ends)));
                    }
                    additions.push(Addition::CellCorners(self.list_of(f, |l, p| l.const_indices(p))?));
                }
                let base = match c.typed(self.reg, "graph") {
                    Some(b) => Some(Box::new(self.graph(b)?)),
                    None => None,
                };
                match base {
                    Some(base) if additions.is_empty() => Ok(BoardSpec::Add { base, edges: edge_ends }),
                    base => {
                        if !edge_ends.is_empty() {
                            additions.push(Addition::EdgeEnds(edge_ends));
                        }
                        Ok(BoardSpec::AddElements { base, additions })
                    }
                }
            }
            "regular" => match (c.word(self.reg), c.positional().as_slice()) {
                (None, [n]) => Ok(BoardSpec::Regular {
                    sides: self.const_int(n)? as u32,
                    star: false,
                }),
                (Some("Star"), [_, n]) => Ok(BoardSpec::Regular {
                    sides: self.const_int(n)? as u32,
                    star: true,
                }),
                _ => unsupported("this form of regular", c.span()),
            },
            "spiral" => {
                let (Some(turns), Some(sites)) = (c.named("turns"), c.named("sites")) else {
                    return invalid("spiral needs turns: and sites:", c.span());
                };
                Ok(BoardSpec::Spiral {
                    turns: self.const_int(turns)? as u32,
                    sites: self.const_int(sites)? as u32,
                    clockwise: self.const_flag(c.named("clockwise"), true)?,
                })
            }
            "repeat" => {
                let pos = c.positional();
                let (Some(step), [rows, cols, shapes]) = (c.named("step"), pos.as_slice()) else {
                    return invalid("repeat needs rows, columns, step: and polygons", c.span());
                };
                let step = match self.const_points(step)?.as_slice() {
                    &[a, b, ..] => [a, b],
                    // (Ludii's default, with a warning)
                    _ => [Pt::new(1.0, 0.0), Pt::new(0.0, 1.0)],
                };
                let polys = match &shapes.kind {
                    NodeKind::List(items) => items.iter().map(|p| self.poly(p)).collect::<R<Vec<_>>>()?,
                    _ => vec![self.poly(shapes)?],
                };
                Ok(BoardSpec::Repeat {
                    rows: self.const_int(rows)? as u32,
                    cols: self.const_int(cols)? as u32,
                    step,
                    polys,
                })
            }
            "tiling" => {
                let (word, sizes) = self.shape_and_sizes(&c);
                let kind = match (word, sizes.as_slice()) {
                    (Some("T3464"), [_]) => Tiling::T3464,
                    // (a second size is ignored)
                    (Some("T33434"), [_] | [_, _]) => Tiling::T33434,
                    (Some("T33336"), [_] | [_, _]) => Tiling::T33336,
                    (Some("T3636"), [_]) => Tiling::T3636,
                    _ => return unsupported(format!("(tiling {})", word.unwrap_or("..")), c.span()),
                };
                if matches!(sizes[0].kind, NodeKind::List(_)) || Self::head(sizes[0]) == Some("poly") {
                    return unsupported("tiling in a polygon", c.span());
                }
                Ok(BoardSpec::Tiling(kind, self.const_int(sizes[0])? as u32))
            }
            "splitCrossings" | "makeFaces" | "dual" | "subdivide" | "complete" | "skew" | "keep" | "clip" => {
                let Some(g) = c.typed(self.reg, "graph") else {
                    return invalid("no graph", c.span());
                };
                let base = Box::new(self.graph(g)?);
                Ok(match c.id {
                    "splitCrossings" => BoardSpec::SplitCrossings(base),
                    "makeFaces" => BoardSpec::MakeFaces(base),
                    "dual" => BoardSpec::Dual(base),
                    "subdivide" => BoardSpec::Subdivide {
                        base,
                        min: match c.named("min") {
                            Some(n) => self.const_int(n)?.max(0) as u32,
                            None => 1,
                        },
                    },
                    "complete" => BoardSpec::Complete {
                        base,
                        each_cell: self.const_flag(c.named("eachCell"), false)?,
                    },
                    "skew" => {
                        let Some(amount) = c.positional().into_iter().find(|n| !std::ptr::eq(*n, g)) else {
                            return invalid("skew needs an amount", c.span());
                        };
                        BoardSpec::Skew {
                            base,
                            amount: self.const_float(amount)?,
                        }
                    }
                    _ => {
                        let Some(p) = c.typed(self.reg, "poly") else {
                            return invalid("no polygon", c.span());
                        };
                        BoardSpec::Keep {
                            base,
                            polygon: self.poly(p)?,
                            inside: c.id == "keep",
                        }
                    }
                })
            }
            other => unsupported(other, c.span()),
        }
    }

    /// A generator's shape word (`Diamond`, `T3464`, ..) and its other positional arguments.
    fn shape_and_sizes<'n>(&self, c: &super::Call<'n>) -> (Option<&'n str>, Vec<&'n Node>) {
        let word = c.word(self.reg);
        let sizes = c
            .positional()
            .into_iter()
            .filter(|n| !matches!(&n.kind, NodeKind::Atom(a) if Some(a.as_str()) == word))
            .collect();
        (word, sizes)
    }

    /// `(poly {{x y} ..})`: its points (`rotns:` is not built).
    fn poly(&mut self, node: &Node) -> R<Vec<Pt>> {
        let pc = self.call(node, "poly")?;
        if pc.named("rotns").is_some() {
            return unsupported("(poly rotns:)", pc.span());
        }
        let Some(points) = pc.positional().first().copied() else {
            return invalid("no points", pc.span());
        };
        self.const_points(points)
    }

    /// A `True`/`False` argument, `default` when absent.
    fn const_flag(&mut self, node: Option<&Node>, default: bool) -> R<bool> {
        match node.map(|n| &n.kind) {
            None => Ok(default),
            Some(NodeKind::Atom(a)) if a == "True" || a == "False" => Ok(a == "True"),
            Some(_) => unsupported(
                "a computed True or False in a board",
                node.map_or(0..0, |n| n.span.clone()),
            ),
        }
    }

    /// `(surakartaBoard G [loops:n] [from:k])`: G on vertices, with its loops as tracks
    /// `Track{k}F` and `Track{k}B` (forward and backward, looped, directed), each a ring of
    /// rows and columns k from the edge, a site written twice where a corner curve follows
    /// (as Ludii builds them; only square lattices here).
    pub(super) fn surakarta_board(&mut self, node: &Node) -> R<(BoardSpec, SiteType, Vec<TrackSpec>)> {
        let c = self.call(node, "item")?;
        let Some(g) = c.typed(self.reg, "graph") else {
            return invalid("no graph", c.span());
        };
        self.site_type = SiteType::Vertex;
        let spec = self.graph(g)?;
        let (rows, cols) = match spec {
            BoardSpec::Square(n) => (n as i32, n as i32),
            BoardSpec::Rectangle(r, k) => (r as i32, k as i32),
            _ => return unsupported("surakartaBoard on this board", c.span()),
        };
        let loops = match c.named("loops") {
            Some(n) => self.const_int(n)?,
            None => (rows.min(cols) - 2) / 2,
        };
        let from = match c.named("from") {
            Some(n) => self.const_int(n)?,
            None => 1,
        };
        if !(0..=rows.min(cols)).contains(&loops) || from < 0 || from + loops > rows.min(cols) {
            return invalid("loops and from: must fit in the board", c.span());
        }
        let site = |r: i32, k: i32| r * cols + k;
        let mut tracks = Vec::new();
        for k in from..from + loops {
            // the four runs, the ends of each marked (negative; site 0 cannot be)
            let runs: [Vec<i32>; 4] = [
                (0..cols).map(|x| site(k, x)).collect(),
                (0..rows).map(|y| site(y, cols - 1 - k)).collect(),
                (0..cols).rev().map(|x| site(rows - 1 - k, x)).collect(),
                (0..rows).rev().map(|y| site(y, k)).collect(),
            ];
            let mut signed = Vec::new();
            for run in &runs {
                for (i, &v) in run.iter().enumerate() {
                    signed.push(if i == 0 || i + 1 == run.len() { -v } else { v });
                }
            }
            // a site twice where it and the next are both ends: a curve follows
            let walk = |list: &[i32]| -> Vec<i32> {
                let mut out = Vec::new();
                for (i, &a) in list.iter().enumerate() {
                    out.push(a.abs());
                    if a < 0 && list[(i + 1) % list.len()] < 0 {
                        out.push(a.abs());
                    }
                }
                out
            };
            let backward: Vec<i32> = signed.iter().rev().copied().collect();
            for (suffix, list) in [("F", walk(&signed)), ("B", walk(&backward))] {
                tracks.push(TrackSpec {
                    name: format!("Track{k}{suffix}"),
                    owner: 0,
                    looped: true,
                    directed: true,
                    path: TrackPath::Sites(list),
                });
            }
        }
        Ok((spec, SiteType::Vertex, tracks))
    }

    /// `(boardless Square|Hexagonal|Triangular [n])`: Ludii's fixed board of cells, large
    /// enough to play on (41 squares or triangles a side, or 21 hexagons).
    pub(super) fn boardless(&mut self, node: &Node) -> R<(BoardSpec, SiteType)> {
        let c = self.call(node, "item")?;
        let size = match c
            .positional()
            .into_iter()
            .find(|n| !matches!(n.kind, NodeKind::Atom(ref a) if a.parse::<i32>().is_err()))
        {
            Some(n) => Some(self.const_int(n)? as u32),
            None => None,
        };
        self.site_type = SiteType::Cell;
        self.boardless = true;
        let spec = match c.word(self.reg) {
            Some("Square") => BoardSpec::Square(size.unwrap_or(41)),
            Some("Hexagonal") => BoardSpec::Hex(size.unwrap_or(21)),
            Some("Triangular") => BoardSpec::TriTriangle(size.unwrap_or(41)),
            _ => return invalid("expected Square, Hexagonal or Triangular", c.span()),
        };
        Ok((spec, SiteType::Cell))
    }
}
