//! The raw graph (vertices, edges, faces) produced by the board generators and operators.
//!
//! This mirrors what Ludii's graph functions (`game.functions.graph`) return before
//! measurement: lists of vertices with raw coordinates (y grows upwards), edges as vertex
//! pairs and faces as vertex cycles. Element ids are list positions.
//!
//! Lattice generators finish with [`Graph::reorder`] (Ludii's `Graph.reorder()`): a stable
//! sort of vertices, edges and faces by the key `y * 100 + x` of their position, i.e. bottom
//! row first, left to right. The operators (`remove`, `add`, `merge`, `shift`, `scale`,
//! `rotate`, `hole`) and the `wedge` and `graph` generators never reorder: their order is
//! the order elements were made in, and the cells of `merge` and `graph` are traced from
//! the edges by [`Graph::make_faces`].

use super::spatial::{EdgeSet, IntSet, PointGrid};
use super::{Addition, BoardError, BoardSpec, Diagonals, Removal, SiteType};

/// A 2-D point in Ludii's raw graph coordinates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pt {
    pub x: f64,
    pub y: f64,
}

impl Pt {
    pub const fn new(x: f64, y: f64) -> Pt {
        Pt { x, y }
    }

    pub(crate) fn dist(self, o: Pt) -> f64 {
        ((self.x - o.x).powi(2) + (self.y - o.y).powi(2)).sqrt()
    }

    pub(crate) fn dist2(self, o: Pt) -> f64 {
        (self.x - o.x).powi(2) + (self.y - o.y).powi(2)
    }

    /// Ludii stores coordinates of graphs built from vertex lists as 32-bit floats.
    fn f32_rounded(self) -> Pt {
        Pt::new(self.x as f32 as f64, self.y as f32 as f64)
    }
}

/// Vertices, edges (vertex pairs) and faces (vertex cycles, clockwise).
#[derive(Clone, Debug, Default)]
pub struct Graph {
    pub vertices: Vec<Pt>,
    pub edges: Vec<[u32; 2]>,
    pub faces: Vec<Vec<u32>>,
    /// The vertices' heights on a layered board (`(square n pyramidal:True)`), else empty.
    /// Only the pyramidal generator makes them (lowering takes it as a whole board, never
    /// under an operator); reordering keeps them with their vertices.
    pub z: Vec<f64>,
    /// On a circular board (`concentric`, as Ludii's `ConcentricCircle` makes them): per
    /// vertex, the vertex it turns about (Ludii's pivot; [`NO_PIVOT`]: none), from which the
    /// circular directions `In`, `Out`, `CW` and `CCW` follow. Empty for any other board,
    /// and under an operator (which Ludii's pivots do not reliably survive).
    pub pivots: Vec<u32>,
    /// The edges of a circular board drawn as arcs (around its rings), as vertex pairs,
    /// smaller first, sorted: a step along one turns `CW` or `CCW`.
    pub curved: Vec<[u32; 2]>,
}

/// A vertex without a pivot ([`Graph::pivots`]).
pub const NO_PIVOT: u32 = u32::MAX;

const SQRT3: f64 = 1.732_050_807_568_877_2;

/// Hex cell centre of lattice (row, col): pointy-top hexes, centre spacing sqrt(3).
fn hex_xy(r: i32, c: i32) -> Pt {
    Pt::new(SQRT3 * (c as f64 - r as f64 / 2.0), 1.5 * r as f64)
}

/// Triangular lattice vertex (row, col), spacing 1.
fn tri_xy(r: i32, c: i32) -> Pt {
    Pt::new(c as f64 - r as f64 / 2.0, SQRT3 / 2.0 * r as f64)
}

/// Corner offsets of a pointy-top hex of side 1, clockwise from the top corner.
const HEX_CORNERS: [(f64, f64); 6] = [
    (0.0, 1.0),
    (SQRT3 / 2.0, 0.5),
    (SQRT3 / 2.0, -0.5),
    (0.0, -1.0),
    (-SQRT3 / 2.0, -0.5),
    (-SQRT3 / 2.0, 0.5),
];

mod ops;

impl Graph {
    /// Position of an element of the given type (edge = midpoint, face = mean of corners).
    pub fn position(&self, ty: SiteType, i: usize) -> Pt {
        match ty {
            SiteType::Vertex => self.vertices[i],
            SiteType::Edge => {
                let [a, b] = self.edges[i];
                let (a, b) = (self.vertices[a as usize], self.vertices[b as usize]);
                Pt::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0)
            }
            SiteType::Cell => {
                let f = &self.faces[i];
                let (mut x, mut y) = (0.0, 0.0);
                for &v in f {
                    x += self.vertices[v as usize].x;
                    y += self.vertices[v as usize].y;
                }
                Pt::new(x / f.len() as f64, y / f.len() as f64)
            }
        }
    }

    /// Per element of type `of`, the elements of type `ty` (another type) incident to it,
    /// ascending: a face's vertices and edges (its sides), an edge's ends and the faces it
    /// bounds, a vertex's edges and the faces around it (Ludii's `sites Incident`).
    ///
    /// Of a type itself, as Ludii takes it: the faces across a face's sides, the edges
    /// meeting an edge at its ends, and of a vertex, the faces bounded by its edges (faces'
    /// numbers, other than the vertex's own, as Ludii's `SitesIncident` lists them).
    pub fn incidence(&self, of: SiteType, ty: SiteType) -> Vec<Vec<u32>> {
        if of == ty {
            let (mid, last) = match of {
                SiteType::Cell => (SiteType::Edge, SiteType::Cell),
                SiteType::Edge => (SiteType::Vertex, SiteType::Edge),
                SiteType::Vertex => (SiteType::Edge, SiteType::Cell),
            };
            let (a, b) = (self.incidence(of, mid), self.incidence(mid, last));
            return a
                .iter()
                .enumerate()
                .map(|(i, via)| {
                    let mut l: Vec<u32> = via
                        .iter()
                        .flat_map(|&m| b.get(m as usize).into_iter().flatten().copied())
                        .filter(|&x| x != i as u32)
                        .collect();
                    l.sort_unstable();
                    l.dedup();
                    l
                })
                .collect();
        }
        use std::collections::HashMap;
        let edge_of: HashMap<[u32; 2], u32> = self
            .edges
            .iter()
            .enumerate()
            .map(|(i, &[a, b])| ([a.min(b), a.max(b)], i as u32))
            .collect();
        // a face's sides, as edges
        let sides = |f: &[u32]| -> Vec<u32> {
            (0..f.len())
                .filter_map(|k| {
                    let (a, b) = (f[k], f[(k + 1) % f.len()]);
                    edge_of.get(&[a.min(b), a.max(b)]).copied()
                })
                .collect()
        };
        let direct = |of: SiteType, ty: SiteType| -> Option<Vec<Vec<u32>>> {
            match (of, ty) {
                (SiteType::Cell, SiteType::Vertex) => Some(self.faces.clone()),
                (SiteType::Cell, SiteType::Edge) => Some(self.faces.iter().map(|f| sides(f)).collect()),
                (SiteType::Edge, SiteType::Vertex) => Some(self.edges.iter().map(|e| e.to_vec()).collect()),
                _ => None,
            }
        };
        let mut out = match direct(of, ty) {
            Some(t) => t,
            // (the other way round: the inverse of a direct table)
            None => {
                let mut inv = vec![Vec::new(); self.count(of)];
                for (i, list) in direct(ty, of).unwrap_or_default().iter().enumerate() {
                    for &j in list {
                        if let Some(l) = inv.get_mut(j as usize) {
                            l.push(i as u32);
                        }
                    }
                }
                inv
            }
        };
        for l in &mut out {
            l.sort_unstable();
            l.dedup();
        }
        out
    }

    pub fn count(&self, ty: SiteType) -> usize {
        match ty {
            SiteType::Vertex => self.vertices.len(),
            SiteType::Edge => self.edges.len(),
            SiteType::Cell => self.faces.len(),
        }
    }

    /// Finds the first vertex within `tol` of `p`, or appends one; returns its id. `grid`
    /// holds every vertex, for lookups within `tol` ([`PointGrid::new`]).
    fn vertex_at(&mut self, grid: &mut PointGrid, p: Pt, tol: f64) -> u32 {
        let vs = &self.vertices;
        if let Some(i) = grid.first(p, |i| vs[i as usize].dist(p) < tol) {
            return i;
        }
        self.push_vertex(grid, p)
    }

    fn push_vertex(&mut self, grid: &mut PointGrid, p: Pt) -> u32 {
        let id = self.vertices.len() as u32;
        self.vertices.push(p);
        grid.insert(id, p);
        id
    }

    /// Adds the edge a–b unless it exists (Ludii's `findOrAddEdge`); `set` holds every edge.
    fn add_edge_once(&mut self, set: &mut EdgeSet, a: u32, b: u32) {
        if a != b && set.insert(a, b) {
            self.edges.push([a, b]);
        }
    }

    /// Each vertex's edges sorted by the angle to the other end, ascending (stable: ties
    /// keep edge order), as Ludii's `Vertex.sortEdges` keeps them.
    fn sorted_vertex_edges(&self) -> Vec<Vec<u32>> {
        let mut out = vec![Vec::new(); self.vertices.len()];
        for (i, &[a, b]) in self.edges.iter().enumerate() {
            out[a as usize].push(i as u32);
            out[b as usize].push(i as u32);
        }
        let mut keyed = Vec::new();
        for (v, list) in out.iter_mut().enumerate() {
            let p = self.vertices[v];
            let angle = |e: u32| {
                let [a, b] = self.edges[e as usize];
                let o = self.vertices[if a as usize == v { b } else { a } as usize];
                (o.y - p.y).atan2(o.x - p.x)
            };
            super::topology::sort_by_angle(list, angle, &mut keyed);
        }
        out
    }

    /// Traces the faces from the edges (Ludii's `Graph.makeFaces` without crossing checks):
    /// from every vertex along each of its edges, keep taking the next edge counterclockwise
    /// from the one arrived by; a walk that closes on its start, with 3 to 33 vertices, that
    /// runs clockwise and is not yet a face, is a face (its vertices in walk order).
    pub fn make_faces(&mut self) {
        self.trace_faces(false);
    }

    /// [`Self::make_faces`] with Ludii's crossing test (`makeFaces(true)`): a walk stops
    /// where the edge it just took crosses an edge listed before it
    /// ([`Self::crosses_earlier_edge`]).
    pub(super) fn make_faces_checked(&mut self) {
        self.trace_faces(true);
    }

    fn trace_faces(&mut self, check_crossings: bool) {
        const MAX_SIDES: usize = 32;
        self.faces.clear();
        let ve = self.sorted_vertex_edges();
        let mut seen = IntSet::default();
        for start in 0..self.vertices.len() as u32 {
            for &first in &ve[start as usize] {
                let mut ids = vec![start];
                let (mut v, mut e) = (start, first);
                let mut closed = false;
                while ids.len() <= MAX_SIDES {
                    let list = &ve[v as usize];
                    if list.len() < 2 {
                        break;
                    }
                    let n = list.iter().position(|&x| x == e).unwrap_or(0);
                    if self.z.is_empty() {
                        e = list[(n + 1) % list.len()];
                    } else {
                        // on a layered board, the next edge to the start's level
                        let level = self.z[start as usize];
                        let on_level = |&e: &u32| {
                            let [a, b] = self.edges[e as usize];
                            let o = if a == v { b } else { a };
                            (self.z[o as usize] - level).abs() < 1e-4
                        };
                        match (1..list.len()).map(|k| list[(n + k) % list.len()]).find(on_level) {
                            Some(next) => e = next,
                            None => break,
                        }
                    }
                    let [a, b] = self.edges[e as usize];
                    let prev = v;
                    v = if a == v { b } else { a };
                    if v == start {
                        closed = true;
                        break;
                    }
                    if ids.contains(&v) {
                        break;
                    }
                    ids.push(v);
                    if check_crossings && self.crosses_earlier_edge(prev, v) {
                        break;
                    }
                }
                if !closed || ids.len() < 3 || self.signed_area(&ids) >= 0.0 {
                    continue;
                }
                if seen.insert(cycle_key(&ids)) {
                    self.faces.push(ids);
                }
            }
        }
    }

    /// Signed area of a vertex cycle (negative when clockwise, y up).
    fn signed_area(&self, ids: &[u32]) -> f64 {
        let mut area = 0.0;
        for k in 0..ids.len() {
            let (p, q) = (
                self.vertices[ids[k] as usize],
                self.vertices[ids[(k + 1) % ids.len()] as usize],
            );
            area += p.x * q.y - q.x * p.y;
        }
        area / 2.0
    }

    /// Adds the edges of every face (once each).
    fn edges_from_faces(&mut self) {
        let mut seen = IntSet::default();
        for f in &self.faces {
            for k in 0..f.len() {
                let (a, b) = (f[k], f[(k + 1) % f.len()]);
                if seen.insert((a.min(b), a.max(b))) {
                    self.edges.push([a.min(b), a.max(b)]);
                }
            }
        }
    }

    /// Adds an edge between every pair of vertices at distance 1 ± 0.01 (Ludii's
    /// `createGraphFromVertexList` for unit lattices), in the order of a scan of all pairs
    /// (a ascending, then b > a ascending), the candidates found through a grid.
    fn unit_edges(&mut self) {
        let grid = PointGrid::of(1.01, &self.vertices);
        let mut near = Vec::new();
        for a in 0..self.vertices.len() {
            let pa = self.vertices[a];
            near.clear();
            grid.each_near(pa, |b| {
                if b as usize > a {
                    near.push(b)
                }
            });
            near.sort_unstable();
            near.dedup();
            for &b in &near {
                if (pa.dist(self.vertices[b as usize]) - 1.0).abs() < 0.01 {
                    self.edges.push([a as u32, b]);
                }
            }
        }
    }

    /// Faces of a triangular lattice: every unit triangle whose three sides are edges.
    fn unit_triangles(&mut self) {
        let n = self.vertices.len();
        let mut nbrs = vec![Vec::new(); n];
        for &[a, b] in &self.edges {
            nbrs[a as usize].push(b);
            nbrs[b as usize].push(a);
        }
        for a in 0..n as u32 {
            for &b in &nbrs[a as usize] {
                if b <= a {
                    continue;
                }
                for &c in &nbrs[b as usize] {
                    if c <= b || !nbrs[a as usize].contains(&c) {
                        continue;
                    }
                    // Store clockwise.
                    let (pa, pb, pc) = (
                        self.vertices[a as usize],
                        self.vertices[b as usize],
                        self.vertices[c as usize],
                    );
                    let cross = (pb.x - pa.x) * (pc.y - pa.y) - (pb.y - pa.y) * (pc.x - pa.x);
                    if cross > 0.0 {
                        self.faces.push(vec![a, c, b]);
                    } else {
                        self.faces.push(vec![a, b, c]);
                    }
                }
            }
        }
    }

    /// Ludii's `Graph.reorder()`: stable sort of each element list by `y * 100 + x`.
    pub fn reorder(&mut self) {
        for ty in [SiteType::Vertex, SiteType::Edge, SiteType::Cell] {
            self.reorder_type(ty);
        }
    }

    /// Ludii's `Graph.reorder(type)`: the stable sort of one element list by `y * 100 + x`.
    pub fn reorder_type(&mut self, ty: SiteType) {
        let key = |p: Pt| p.y * 100.0 + p.x;
        let keys: Vec<f64> = (0..self.count(ty)).map(|i| key(self.position(ty, i))).collect();
        let mut order: Vec<usize> = (0..keys.len()).collect();
        order.sort_by(|&a, &b| keys[a].total_cmp(&keys[b]));
        match ty {
            SiteType::Vertex => {
                let mut remap = vec![0u32; order.len()];
                for (new, &old) in order.iter().enumerate() {
                    remap[old] = new as u32;
                }
                self.vertices = order.iter().map(|&o| self.vertices[o]).collect();
                if !self.z.is_empty() {
                    self.z = order.iter().map(|&o| self.z[o]).collect();
                }
                if !self.pivots.is_empty() {
                    let at = |v: u32| if v == NO_PIVOT { v } else { remap[v as usize] };
                    self.pivots = order.iter().map(|&o| at(self.pivots[o])).collect();
                }
                for e in &mut self.curved {
                    let [a, b] = [remap[e[0] as usize], remap[e[1] as usize]];
                    *e = [a.min(b), a.max(b)];
                }
                self.curved.sort_unstable();
                for e in &mut self.edges {
                    *e = [remap[e[0] as usize], remap[e[1] as usize]];
                }
                for f in &mut self.faces {
                    for v in f.iter_mut() {
                        *v = remap[*v as usize];
                    }
                }
            }
            SiteType::Edge => self.edges = order.iter().map(|&o| self.edges[o]).collect(),
            SiteType::Cell => {
                let faces = std::mem::take(&mut self.faces);
                self.faces = order.iter().map(|&o| faces[o].clone()).collect();
            }
        }
    }

    /// Builds the graph for a spec. `use_` is the board's site type: some generators
    /// (`square`, `tri Hexagon`) change size with it, as in Ludii. A spec whose graph could
    /// have more than [`super::MAX_BOARD_ELEMENTS`] vertices, edges and cells is refused
    /// first ([`BoardError::TooLarge`]).
    pub fn build(spec: &BoardSpec, use_: SiteType) -> Result<Graph, BoardError> {
        super::size::check(spec, use_)?;
        let mut g = Graph::build_unchecked(spec, use_)?;
        if !Graph::keeps_pivots(spec) {
            g.pivots.clear();
            g.curved.clear();
        }
        Ok(g)
    }

    /// Whether a board's pivots and arcs are Ludii's: a circle's, and under a removal of
    /// cells alone (which leaves its vertices as they were).
    fn keeps_pivots(spec: &BoardSpec) -> bool {
        match spec {
            BoardSpec::ConcentricCircle { .. } => true,
            BoardSpec::RemoveElements { base, removals, .. } => {
                removals
                    .iter()
                    .all(|r| matches!(r, Removal::CellIndices(_) | Removal::CellsAt(_)))
                    && Graph::keeps_pivots(base)
            }
            _ => false,
        }
    }

    fn build_unchecked(spec: &BoardSpec, use_: SiteType) -> Result<Graph, BoardError> {
        match spec {
            BoardSpec::Hex(n) => Ok(hex_on_hex(check_size(*n)?)),
            BoardSpec::HexSides(sides) => custom_on_hex(sides),
            BoardSpec::HexTriangle(n) => {
                let n = check_size(*n)?;
                let centres = (0..n).flat_map(|r| (r..n).map(move |c| hex_xy(r, c)));
                Ok(hex_cells_from_corners(centres, false))
            }
            &BoardSpec::HexDiamond { size, prism } => {
                let rows = check_size(size)?;
                let cols = match prism {
                    Some(p) => check_size(p)?,
                    None => rows,
                };
                let max = if prism.is_some() { rows + cols - 1 } else { rows };
                let max_c = if prism.is_some() { rows + cols - 1 } else { cols };
                // flat-topped hexes: row and column run up-left and up-right
                let xy = |r: i32, c: i32| Pt::new(1.5 * (c - r) as f64, SQRT3 * (r + c) as f64 * 0.5);
                let centres = (0..max).flat_map(move |r| {
                    (0..max_c)
                        .filter(move |&c| prism.is_none() || (r - c).abs() < rows)
                        .map(move |c| xy(r, c))
                });
                Ok(hex_cells_from_corners(centres, true))
            }
            BoardSpec::TriHexagon(n) => {
                let n = check_size(*n)?;
                Ok(hexagon_on_tri(if use_ == SiteType::Cell { n + 1 } else { n }))
            }
            BoardSpec::TriSides(sides) => custom_on_tri(sides),
            BoardSpec::TriTriangle(n) => {
                let n = check_size(*n)?;
                Ok(triangle_on_tri(if use_ == SiteType::Cell { n + 1 } else { n }))
            }
            BoardSpec::Square(n) => {
                let n = check_size(*n)?;
                Ok(rectangle_on_square(n, n, use_, None))
            }
            BoardSpec::SquarePyramidal(n) => {
                let n = check_size(*n)?;
                Ok(Graph::pyramid(if use_ == SiteType::Cell { n + 1 } else { n }))
            }
            BoardSpec::Rectangle(r, c) => Ok(rectangle_on_square(check_size(*r)?, check_size(*c)?, use_, None)),
            BoardSpec::RectangleDiagonals { rows, cols, diagonals } => Ok(rectangle_on_square(
                check_size(*rows)?,
                check_size(*cols)?,
                use_,
                Some(*diagonals),
            )),
            BoardSpec::Remove { base, vertices } => {
                let mut g = Graph::build_unchecked(base, use_)?;
                g.remove_vertices(vertices)?;
                Ok(g)
            }
            BoardSpec::RemoveElements {
                base,
                removals,
                trim_edges,
            } => {
                let mut g = Graph::build_unchecked(base, use_)?;
                for r in removals {
                    g.apply_removal(r, *trim_edges);
                }
                Ok(g)
            }
            BoardSpec::Wedge { rows, columns } => Ok(wedge(check_size(*rows)?, check_size(*columns)?)),
            &BoardSpec::ConcentricRegular {
                sides,
                rings,
                midpoints,
                join_midpoints,
                join_corners,
            } => {
                if !(3..=1000).contains(&sides) {
                    return Err(BoardError::BadSize(sides));
                }
                let mut g = concentric_regular(
                    sides as i32,
                    check_size(rings)?,
                    midpoints,
                    join_midpoints,
                    join_corners,
                );
                if use_ == SiteType::Cell {
                    g.make_faces();
                }
                Ok(g)
            }
            BoardSpec::ConcentricCircle { counts, stagger } => Ok(concentric_circle(counts, *stagger, use_)),
            BoardSpec::Custom { vertices, edges } => {
                let mut g = Graph {
                    vertices: vertices.clone(),
                    ..Graph::default()
                };
                let mut set = EdgeSet::default();
                for &[a, b] in edges {
                    if a.max(b) < vertices.len() as u32 {
                        g.add_edge_once(&mut set, a, b);
                    }
                }
                g.make_faces();
                Ok(g)
            }
            BoardSpec::SquareInPolygon(polygon) => Ok(square_in_polygon(polygon)),
            BoardSpec::Hole { base, polygon } => {
                let mut g = Graph::build_unchecked(base, use_)?;
                if polygon.len() >= 3 {
                    let mut poly = polygon.clone();
                    inflate(&mut poly, 0.1);
                    let gone: Vec<bool> = (0..g.faces.len())
                        .map(|f| polygon_contains(&poly, g.position(SiteType::Cell, f)))
                        .collect();
                    g.remove_faces_trimmed(&gone);
                }
                Ok(g)
            }
            BoardSpec::Trim(base) => {
                let mut g = Graph::build_unchecked(base, use_)?;
                g.trim();
                Ok(g)
            }
            BoardSpec::Renumber { base, types } => {
                let mut g = Graph::build_unchecked(base, use_)?;
                if types.is_empty() {
                    g.reorder();
                }
                for ty in [SiteType::Vertex, SiteType::Edge, SiteType::Cell] {
                    if types.contains(&ty) {
                        g.reorder_type(ty);
                    }
                }
                Ok(g)
            }
            &BoardSpec::HexRectangle { rows, columns } => {
                let (rows, cols) = (check_size(rows)?, check_size(columns)?);
                let centres = (0..rows).flat_map(move |r| {
                    (0..cols + rows)
                        .filter(move |&c| c >= (r + 1) / 2 && c < cols + r / 2)
                        .map(move |c| hex_xy(r, c))
                });
                Ok(hex_cells_from_corners(centres, false))
            }
            BoardSpec::Merge(parts) | BoardSpec::Intersect(parts) => {
                let graphs = parts
                    .iter()
                    .map(|p| Graph::build_unchecked(p, use_))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(match spec {
                    BoardSpec::Merge(_) => Graph::merge(&graphs),
                    _ => Graph::intersect(&graphs),
                })
            }
            BoardSpec::Shift { base, dx, dy } => {
                let mut g = Graph::build_unchecked(base, use_)?;
                for v in &mut g.vertices {
                    *v = Pt::new(v.x + dx, v.y + dy);
                }
                Ok(g)
            }
            BoardSpec::Scale { base, sx, sy } => {
                let mut g = Graph::build_unchecked(base, use_)?;
                for v in &mut g.vertices {
                    *v = Pt::new(v.x * sx, v.y * sy);
                }
                Ok(g)
            }
            BoardSpec::Rotate { base, degrees } => {
                let mut g = Graph::build_unchecked(base, use_)?;
                g.rotate(*degrees);
                Ok(g)
            }
            BoardSpec::AddElements { base, additions } => {
                let mut g = match base {
                    Some(b) => Graph::build_unchecked(b, use_)?,
                    None => Graph::default(),
                };
                for a in additions {
                    g.apply_addition(a);
                }
                Ok(g)
            }
            &BoardSpec::Mancala { rows, columns, stores } => {
                if !(2..=6).contains(&rows) {
                    return Err(BoardError::BadSize(rows));
                }
                Ok(mancala(rows as i32, check_size(columns)?, stores))
            }
            &BoardSpec::Regular { sides, star } => {
                if !(3..=1000).contains(&sides) {
                    return Err(BoardError::BadSize(sides));
                }
                Ok(Graph::regular(sides as i32, star, use_))
            }
            &BoardSpec::Spiral {
                turns,
                sites,
                clockwise,
            } => {
                if !(2..=1000).contains(&sites) {
                    return Err(BoardError::BadSize(sites));
                }
                Graph::spiral(check_size(turns)?, sites as i32, clockwise).ok_or(BoardError::BadSize(turns))
            }
            BoardSpec::Repeat {
                rows,
                cols,
                step,
                polys,
            } => Ok(Graph::repeat(check_size(*rows)?, check_size(*cols)?, *step, polys)),
            BoardSpec::SquareDiamond(d) => Ok(Graph::square_diamond(check_size(*d)?)),
            BoardSpec::HexStar(d) => Ok(Graph::hex_star(check_size(*d)?)),
            &BoardSpec::Tiling(kind, n) => Ok(Graph::tiling(kind, check_size(n)?)),
            BoardSpec::SplitCrossings(base) => {
                let mut g = Graph::build_unchecked(base, use_)?;
                g.split_crossings();
                Ok(g)
            }
            BoardSpec::Dual(base) => Ok(Graph::build_unchecked(base, use_)?.dual()),
            BoardSpec::MakeFaces(base) => {
                let mut g = Graph::build_unchecked(base, use_)?;
                g.make_faces_checked();
                Ok(g)
            }
            BoardSpec::Subdivide { base, min } => {
                let mut g = Graph::build_unchecked(base, use_)?;
                g.subdivide(*min as usize, use_);
                Ok(g)
            }
            BoardSpec::Complete { base, each_cell } => {
                let mut g = Graph::build_unchecked(base, use_)?;
                g.complete(*each_cell);
                Ok(g)
            }
            BoardSpec::Union(parts) => Ok(Graph::union(
                parts
                    .iter()
                    .map(|p| Graph::build_unchecked(p, use_))
                    .collect::<Result<Vec<_>, _>>()?,
            )),
            BoardSpec::Skew { base, amount } => {
                let mut g = Graph::build_unchecked(base, use_)?;
                g.skew(*amount);
                Ok(g)
            }
            BoardSpec::Keep { base, polygon, inside } => {
                Ok(Graph::build_unchecked(base, use_)?.keep_in(polygon, *inside))
            }
            BoardSpec::Add { base, edges } => {
                let mut g = Graph::build_unchecked(base, use_)?;
                let mut set = EdgeSet::of(&g.edges);
                for &[a, b] in edges {
                    let n = g.vertices.len() as u32;
                    if a >= n || b >= n {
                        return Err(BoardError::BadIndex(a.max(b)));
                    }
                    g.add_edge_once(&mut set, a, b);
                }
                Ok(g)
            }
        }
    }

    /// Rotates counterclockwise by `degrees` about the centre of the vertices' bounding box.
    fn rotate(&mut self, degrees: f64) {
        if self.vertices.is_empty() {
            return;
        }
        let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
        for v in &self.vertices {
            x0 = x0.min(v.x);
            y0 = y0.min(v.y);
            x1 = x1.max(v.x);
            y1 = y1.max(v.y);
        }
        let (px, py) = (x0 + (x1 - x0) / 2.0, y0 + (y1 - y0) / 2.0);
        let t = degrees.to_radians();
        let (sin, cos) = (t.sin(), t.cos());
        for v in &mut self.vertices {
            let (dx, dy) = (v.x - px, v.y - py);
            *v = Pt::new(px + dx * cos - dy * sin, py + dy * cos + dx * sin);
        }
    }

    /// Ludii's `Merge`: all vertices and edges in order; each vertex absorbs the later ones
    /// within 0.01 (Manhattan), duplicate edges dropped, faces traced again, no reordering.
    fn merge(parts: &[Graph]) -> Graph {
        let mut g = Graph::default();
        for p in parts {
            let offset = g.vertices.len() as u32;
            g.vertices.extend_from_slice(&p.vertices);
            g.edges.extend(p.edges.iter().map(|&[a, b]| [a + offset, b + offset]));
        }
        // survivor of each vertex, in the original numbering: each surviving vertex, in
        // order, absorbs the later ones still alive within 0.01 (a later vertex has absorbed
        // nothing yet, so only its own alias changes)
        let n = g.vertices.len();
        let mut alias: Vec<u32> = (0..n as u32).collect();
        let mut alive = vec![true; n];
        let grid = PointGrid::of(0.01, &g.vertices);
        for v in 0..n {
            if !alive[v] {
                continue;
            }
            let p = g.vertices[v];
            grid.each_near(p, |w| {
                let (w, q) = (w as usize, g.vertices[w as usize]);
                if w > v && alive[w] && (p.x - q.x).abs() + (p.y - q.y).abs() < 0.01 {
                    alive[w] = false;
                    alias[w] = v as u32;
                }
            });
        }
        let mut renumber = vec![0u32; n];
        let mut next = 0;
        for v in 0..n {
            if alive[v] {
                renumber[v] = next;
                next += 1;
            }
        }
        let vertices = (0..n).filter(|&v| alive[v]).map(|v| g.vertices[v]).collect();
        let old_edges = std::mem::take(&mut g.edges);
        g.vertices = vertices;
        let mut set = EdgeSet::default();
        for [a, b] in old_edges {
            let (a, b) = (
                renumber[alias[a as usize] as usize],
                renumber[alias[b as usize] as usize],
            );
            g.add_edge_once(&mut set, a, b);
        }
        g.make_faces();
        g
    }

    /// Ludii's `findOrAddVertex`: the first vertex within 0.001 (Manhattan) of `p`, or a new
    /// one. `grid` holds every vertex, for lookups within 0.001.
    fn vertex_within(&mut self, grid: &mut PointGrid, p: Pt) -> u32 {
        let vs = &self.vertices;
        match grid.first(p, |i| close(vs[i as usize], p)) {
            Some(i) => i,
            None => self.push_vertex(grid, p),
        }
    }

    /// The first vertex within 0.001 of `p` (Manhattan distance; Ludii's `findVertex`).
    fn find_vertex(&self, p: Pt) -> Option<u32> {
        self.vertices.iter().position(|&v| close(v, p)).map(|i| i as u32)
    }

    fn find_edge(&self, a: u32, b: u32) -> Option<usize> {
        self.edges
            .iter()
            .position(|&[x, y]| (x == a && y == b) || (x == b && y == a))
    }

    /// Whether face `f` has the edge a–b (two consecutive corners).
    fn face_has_edge(&self, f: usize, a: u32, b: u32) -> bool {
        let face = &self.faces[f];
        (0..face.len()).any(|k| {
            let (x, y) = (face[k], face[(k + 1) % face.len()]);
            (x == a && y == b) || (x == b && y == a)
        })
    }

    /// The face with exactly these corners, in cyclic order either way (`Face.matches`).
    fn find_face(&self, ids: &[u32]) -> Option<usize> {
        let key = cycle_key(ids);
        self.faces
            .iter()
            .position(|f| f.len() == ids.len() && cycle_key(f) == key)
    }

    /// Ludii's `removeFace`: with `trim`, the face's edges left without any face go too.
    fn remove_face(&mut self, f: usize, trim: bool) {
        if f >= self.faces.len() {
            return;
        }
        let face = self.faces.remove(f);
        if !trim {
            return;
        }
        let mut orphans = Vec::new();
        for k in 0..face.len() {
            let (a, b) = (face[k], face[(k + 1) % face.len()]);
            if let Some(e) = self.find_edge(a, b) {
                if !(0..self.faces.len()).any(|o| self.face_has_edge(o, a, b)) {
                    orphans.push(e);
                }
            }
        }
        orphans.sort_unstable();
        orphans.dedup();
        for e in orphans.into_iter().rev() {
            self.remove_edge(e);
        }
    }

    /// The faces marked in `gone` removed as [`Self::remove_face`] with `trim` removes them
    /// one by one (in any order): with them, for each of their sides that no remaining face
    /// has, the first edge between its ends.
    fn remove_faces_trimmed(&mut self, gone: &[bool]) {
        fn sides(f: &[u32]) -> impl Iterator<Item = (u32, u32)> + '_ {
            (0..f.len()).map(move |k| pair(f[k], f[(k + 1) % f.len()]))
        }
        let mut kept = IntSet::default();
        for (f, face) in self.faces.iter().enumerate() {
            if !gone[f] {
                kept.extend(sides(face));
            }
        }
        let mut orphans = IntSet::default();
        for (f, face) in self.faces.iter().enumerate() {
            if gone[f] {
                orphans.extend(sides(face).filter(|p| !kept.contains(p)));
            }
        }
        let mut f = 0;
        self.faces.retain(|_| {
            f += 1;
            !gone[f - 1]
        });
        // the first edge of each orphaned side goes
        self.edges.retain(|&[a, b]| !orphans.remove(&pair(a, b)));
    }

    /// Ludii's `removeEdge`: the faces along it go too (their other edges stay).
    fn remove_edge(&mut self, e: usize) {
        if e >= self.edges.len() {
            return;
        }
        let [a, b] = self.edges[e];
        for f in (0..self.faces.len()).rev() {
            if self.face_has_edge(f, a, b) {
                self.faces.remove(f);
            }
        }
        self.edges.remove(e);
        if let Ok(k) = self.curved.binary_search(&[a.min(b), a.max(b)]) {
            self.curved.remove(k);
        }
    }

    /// Ludii's `Graph.trim`: edges with an end on no other edge go (from the last, degrees
    /// updated as they go), then vertices left without edges.
    fn trim(&mut self) {
        let mut degree = vec![0u32; self.vertices.len()];
        for &[a, b] in &self.edges {
            degree[a as usize] += 1;
            degree[b as usize] += 1;
        }
        // (removing an edge moves none before it: decided from the last, removed at once)
        let mut gone = vec![false; self.edges.len()];
        let mut gone_sides = IntSet::default();
        for e in (0..self.edges.len()).rev() {
            let [a, b] = self.edges[e];
            if degree[a as usize] == 1 || degree[b as usize] == 1 {
                degree[a as usize] -= 1;
                degree[b as usize] -= 1;
                gone[e] = true;
                gone_sides.insert(pair(a, b));
            }
        }
        let mut e = 0;
        self.edges.retain(|_| {
            e += 1;
            !gone[e - 1]
        });
        self.faces
            .retain(|f| (0..f.len()).all(|k| !gone_sides.contains(&pair(f[k], f[(k + 1) % f.len()]))));
        let lone: Vec<u32> = (0..self.vertices.len() as u32)
            .filter(|&v| degree[v as usize] == 0)
            .collect();
        let _ = self.remove_vertices(&lone);
    }

    /// One argument of `(add ..)`.
    fn apply_addition(&mut self, a: &Addition) {
        let grid = || PointGrid::of(0.001, &self.vertices);
        match a {
            Addition::VerticesAt(points) => {
                let mut grid = grid();
                for &p in points {
                    self.vertex_within(&mut grid, p);
                }
            }
            Addition::EdgesAt(ends) => {
                let (mut grid, mut set) = (grid(), EdgeSet::of(&self.edges));
                for &[p, q] in ends {
                    let (a, b) = (self.vertex_within(&mut grid, p), self.vertex_within(&mut grid, q));
                    self.add_edge_once(&mut set, a, b);
                }
            }
            Addition::CellsAt(cells) => {
                let (mut grid, mut set) = (grid(), EdgeSet::of(&self.edges));
                for corners in cells {
                    let ids: Vec<u32> = corners.iter().map(|&p| self.vertex_within(&mut grid, p)).collect();
                    for k in 0..ids.len() {
                        self.add_edge_once(&mut set, ids[k], ids[(k + 1) % ids.len()]);
                    }
                    self.add_face(&set, ids);
                }
            }
            Addition::EdgeEnds(ends) => {
                let n = self.vertices.len() as u32;
                let mut set = EdgeSet::of(&self.edges);
                for &[a, b] in ends {
                    if a < n && b < n {
                        self.add_edge_once(&mut set, a, b);
                    }
                }
            }
            Addition::CellCorners(cells) => {
                let n = self.vertices.len() as u32;
                let set = EdgeSet::of(&self.edges);
                for ids in cells {
                    if ids.len() >= 3 && ids.iter().all(|&v| v < n) {
                        self.add_face(&set, ids.clone());
                    }
                }
            }
        }
    }

    /// Ludii's `findOrAddFace`: a new face unless one has these corners, and only if every
    /// side is an edge (`edges` holds every edge).
    fn add_face(&mut self, edges: &EdgeSet, ids: Vec<u32>) {
        if ids.len() > self.vertices.len() || self.find_face(&ids).is_some() {
            return;
        }
        if (0..ids.len()).all(|k| edges.contains(ids[k], ids[(k + 1) % ids.len()])) {
            self.faces.push(ids);
        }
    }

    /// One argument of `(remove ..)`.
    fn apply_removal(&mut self, r: &Removal, trim: bool) {
        let descending = |ids: &[u32]| {
            let mut ids = ids.to_vec();
            ids.sort_unstable_by(|a, b| b.cmp(a));
            ids
        };
        match r {
            Removal::CellIndices(ids) => {
                for f in descending(ids) {
                    self.remove_face(f as usize, trim);
                }
            }
            Removal::CellsAt(cells) => {
                for corners in cells {
                    let ids: Option<Vec<u32>> = corners.iter().map(|&p| self.find_vertex(p)).collect();
                    if let Some(f) = ids.and_then(|ids| self.find_face(&ids)) {
                        self.remove_face(f, trim);
                    }
                }
            }
            Removal::EdgeEnds(ends) => {
                for &[a, b] in ends {
                    if let Some(e) = self.find_edge(a, b) {
                        self.remove_edge(e);
                    }
                }
            }
            Removal::EdgesAt(ends) => {
                for &[p, q] in ends {
                    let e = match (self.find_vertex(p), self.find_vertex(q)) {
                        (Some(a), Some(b)) => self.find_edge(a, b),
                        _ => None,
                    };
                    if let Some(e) = e {
                        self.remove_edge(e);
                    }
                }
            }
            Removal::VertexIndices(ids) => {
                for v in descending(ids) {
                    if (v as usize) < self.vertices.len() {
                        let _ = self.remove_vertices(&[v]);
                    }
                }
            }
            Removal::VerticesAt(points) => {
                for &p in points {
                    if let Some(v) = self.find_vertex(p) {
                        let _ = self.remove_vertices(&[v]);
                    }
                }
            }
        }
    }

    /// Ludii's `(remove G vertices:{..})` with indices: every face containing a removed
    /// vertex is deleted, incident edges deleted, survivors keep their relative order.
    fn remove_vertices(&mut self, removed: &[u32]) -> Result<(), BoardError> {
        let n = self.vertices.len();
        let mut gone = vec![false; n];
        for &v in removed {
            *gone.get_mut(v as usize).ok_or(BoardError::BadIndex(v))? = true;
        }
        let mut remap = vec![u32::MAX; n];
        let mut next = 0;
        for i in 0..n {
            if !gone[i] {
                remap[i] = next;
                next += 1;
            }
        }
        self.vertices = (0..n).filter(|&i| !gone[i]).map(|i| self.vertices[i]).collect();
        self.edges.retain(|e| !gone[e[0] as usize] && !gone[e[1] as usize]);
        for e in &mut self.edges {
            *e = [remap[e[0] as usize], remap[e[1] as usize]];
        }
        self.faces.retain(|f| f.iter().all(|&v| !gone[v as usize]));
        for f in &mut self.faces {
            for v in f.iter_mut() {
                *v = remap[*v as usize];
            }
        }
        Ok(())
    }
}

/// An edge's ends, either way round.
fn pair(a: u32, b: u32) -> (u32, u32) {
    (a.min(b), a.max(b))
}

/// Whether two positions are the same vertex for Ludii's `findVertex` (Manhattan distance
/// below 0.001).
fn close(v: Pt, p: Pt) -> bool {
    (v.x - p.x).abs() + (v.y - p.y).abs() < 0.001
}

/// A cycle of vertices the same forwards or backwards from any start: its smallest vertex
/// first, then the smaller of its two neighbours.
fn cycle_key(ids: &[u32]) -> Vec<u32> {
    let n = ids.len();
    let m = (0..n).min_by_key(|&k| ids[k]).unwrap_or(0);
    let fwd: Vec<u32> = (0..n).map(|k| ids[(m + k) % n]).collect();
    let bwd: Vec<u32> = (0..n).map(|k| ids[(m + n - k) % n]).collect();
    fwd.min(bwd)
}

fn check_size(n: u32) -> Result<i32, BoardError> {
    if n == 0 || n > 1000 {
        Err(BoardError::BadSize(n))
    } else {
        Ok(n as i32)
    }
}

/// Adds a hex cell centred at `c` (corners deduplicated at distance < 0.1; `grid` holds
/// every vertex, for lookups within 0.1).
fn add_hex_cell(g: &mut Graph, grid: &mut PointGrid, c: Pt, f32_round: bool) {
    let mut face = Vec::with_capacity(6);
    for (dx, dy) in HEX_CORNERS {
        let mut p = Pt::new(c.x + dx, c.y + dy);
        if f32_round {
            p = p.f32_rounded();
        }
        face.push(g.vertex_at(grid, p, 0.1));
    }
    g.faces.push(face);
}

/// `(hex n)`: Ludii's `HexagonOnHex`, a hexagon of hex cells with n cells per side.
fn hex_on_hex(n: i32) -> Graph {
    let mut g = Graph::default();
    let mut grid = PointGrid::new(0.1);
    for r in 0..2 * n - 1 {
        for c in (r - (n - 1)).max(0)..=(2 * n - 2).min(r + n - 1) {
            add_hex_cell(&mut g, &mut grid, hex_xy(r, c), false);
        }
    }
    g.edges_from_faces();
    g.reorder();
    g
}

/// Polygon (in x,y) from a Ludii side list (`polygonFromSides` of `CustomOnHex`/`CustomOnTri`).
fn polygon_from_sides(sides: &[i32], xy: fn(i32, i32) -> Pt) -> Vec<Pt> {
    const STEPS: [(i32, i32); 6] = [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)];
    let (mut r, mut c, mut step) = (0i32, 0i32, 1i32);
    let mut poly = vec![xy(0, 0)];
    for k in 0..sides.len().max(5) {
        let mut v = sides[k % sides.len()];
        v = if v < 0 { v + 1 } else { v - 1 };
        step += if v < 0 { -1 } else { 1 };
        step = (step + 6) % 6;
        if v > 0 {
            r += v * STEPS[step as usize].0;
            c += v * STEPS[step as usize].1;
            poly.push(xy(r, c));
        }
    }
    poly
}

/// Ludii's `Polygon.inflate`: every corner moves by its own offset (computed first).
fn inflate(poly: &mut [Pt], amount: f64) {
    let n = poly.len();
    if n < 3 {
        return;
    }
    let unit = |dx: f64, dy: f64| {
        let l = (dx * dx + dy * dy).sqrt();
        if l == 0.0 {
            (0.0, 0.0)
        } else {
            (dx / l, dy / l)
        }
    };
    let mut offsets = Vec::with_capacity(n);
    for i in 0..n {
        let (a, b, c) = (poly[(i + n - 1) % n], poly[i], poly[(i + 1) % n]);
        let cross = (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
        let (u, v) = if cross < 1e-7 {
            (unit(b.x - a.x, b.y - a.y), unit(b.x - c.x, b.y - c.y))
        } else {
            (unit(a.x - b.x, a.y - b.y), unit(c.x - b.x, c.y - b.y))
        };
        offsets.push((amount * (u.0 + v.0) / 2.0, amount * (u.1 + v.1) / 2.0));
    }
    for (p, (dx, dy)) in poly.iter_mut().zip(offsets) {
        p.x += dx;
        p.y += dy;
    }
}

/// Even-odd point-in-polygon test (Ludii's `Polygon.contains`).
fn polygon_contains(poly: &[Pt], p: Pt) -> bool {
    let n = poly.len();
    let mut odd = false;
    let mut j = n - 1;
    for i in 0..n {
        let (a, b) = (poly[i], poly[j]);
        if ((a.y < p.y && b.y >= p.y) || (b.y < p.y && a.y >= p.y)) && (a.x <= p.x || b.x <= p.x) {
            odd ^= a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) < p.x;
        }
        j = i;
    }
    odd
}

/// The inflated side polygon of a side list and the lattice window Ludii scans for it: rows
/// and columns from the polygon's y and x bounds (the clipping trap: x/y bounds are used as
/// column/row ranges), widened by `margin`.
type SideWindow = (Vec<Pt>, std::ops::RangeInclusive<i32>, std::ops::RangeInclusive<i32>);

fn side_window(sides: &[i32], xy: fn(i32, i32) -> Pt, margin: i32) -> Result<SideWindow, BoardError> {
    if sides.is_empty() || sides.iter().any(|s| s.abs() > 1000) {
        return Err(BoardError::BadSides(sides.to_vec()));
    }
    let mut poly = polygon_from_sides(sides, xy);
    if poly.len() < 3 {
        return Err(BoardError::BadSides(sides.to_vec()));
    }
    inflate(&mut poly, 0.1);
    let (mut min_x, mut min_y, mut max_x, mut max_y) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for p in &poly {
        min_x = min_x.min(p.x);
        min_y = min_y.min(p.y);
        max_x = max_x.max(p.x);
        max_y = max_y.max(p.y);
    }
    let rows = (min_y as i32).saturating_sub(margin)..=(max_y as i32).saturating_add(margin);
    let cols = (min_x as i32).saturating_sub(margin)..=(max_x as i32).saturating_add(margin);
    Ok((poly, rows, cols))
}

/// Lattice points (r, c) inside the inflated side polygon, scanned row by row within the
/// window of [`side_window`].
fn scan_side_polygon(sides: &[i32], xy: fn(i32, i32) -> Pt, margin: i32) -> Result<Vec<Pt>, BoardError> {
    let (poly, rows, cols) = side_window(sides, xy, margin)?;
    let mut out = Vec::new();
    for r in rows {
        for c in cols.clone() {
            let p = xy(r, c);
            if polygon_contains(&poly, p) {
                out.push(p);
            }
        }
    }
    Ok(out)
}

/// The lattice points (r, c) of a side-list board (cells of `(hex {..})`, with `hex`;
/// vertices of `(tri {..})`) given to `f`, without building it; a window of more than `cap`
/// points is not scanned: `Ok(Some(points in the window))` (a bound on their number).
pub(super) fn side_polygon_points(
    sides: &[i32],
    hex: bool,
    cap: u64,
    mut f: impl FnMut(i32, i32),
) -> Result<Option<u64>, BoardError> {
    let (xy, margin): (fn(i32, i32) -> Pt, i32) = if hex {
        (hex_xy, 3)
    } else {
        (tri_xy, if sides.len() == 2 { sides[0] } else { 2 })
    };
    let (poly, rows, cols) = side_window(sides, xy, margin)?;
    let span = |r: &std::ops::RangeInclusive<i32>| (*r.end() as i64 - *r.start() as i64 + 1).max(0) as u64;
    let window = span(&rows).saturating_mul(span(&cols));
    if window > cap {
        return Ok(Some(window));
    }
    for r in rows {
        for c in cols.clone() {
            if polygon_contains(&poly, xy(r, c)) {
                f(r, c);
            }
        }
    }
    Ok(None)
}

/// `(hex {s1 s2 ..})`: Ludii's `CustomOnHex`.
fn custom_on_hex(sides: &[i32]) -> Result<Graph, BoardError> {
    let mut g = Graph::default();
    let mut grid = PointGrid::new(0.1);
    for c in scan_side_polygon(sides, hex_xy, 3)? {
        add_hex_cell(&mut g, &mut grid, c, true);
    }
    g.edges_from_faces();
    g.reorder();
    Ok(g)
}

/// `(tri {s1 s2 ..})`: Ludii's `CustomOnTri` (vertex lattice; margin is side[0] for 2-entry lists).
fn custom_on_tri(sides: &[i32]) -> Result<Graph, BoardError> {
    let margin = if sides.len() == 2 { sides[0] } else { 2 };
    let mut g = Graph::default();
    let mut grid = PointGrid::new(0.1);
    for p in scan_side_polygon(sides, tri_xy, margin)? {
        g.vertex_at(&mut grid, p.f32_rounded(), 0.1);
    }
    g.unit_edges();
    g.unit_triangles();
    g.reorder();
    Ok(g)
}

/// `(tri n)`: Ludii's `TriangleOnTri` with n vertices per side: the lattice points (r, c)
/// with r ≤ c < n, row by row (coordinates as 32-bit floats), edges between points 1 ± 0.01
/// apart, the unit triangles as cells, reordered.
fn triangle_on_tri(n: i32) -> Graph {
    let mut g = Graph::default();
    for r in 0..n {
        for c in r..n {
            g.vertices.push(tri_xy(r, c).f32_rounded());
        }
    }
    g.unit_edges();
    g.unit_triangles();
    g.reorder();
    g
}

/// `(tri Hexagon d)`: Ludii's `HexagonOnTri` with d vertices per side.
fn hexagon_on_tri(d: i32) -> Graph {
    let mut g = Graph::default();
    let mut idx = super::spatial::IntMap::default();
    for r in 0..2 * d - 1 {
        for c in (r - (d - 1)).max(0)..=(2 * d - 2).min(r + d - 1) {
            idx.insert((r, c), g.vertices.len() as u32);
            g.vertices.push(tri_xy(r, c));
        }
    }
    let mut keys: Vec<_> = idx.iter().map(|(&k, &v)| (v, k)).collect();
    keys.sort();
    for &(a, (r, c)) in &keys {
        for (dr, dc) in [(0, 1), (1, 1), (1, 0)] {
            if let Some(&b) = idx.get(&(r + dr, c + dc)) {
                g.edges.push([a, b]);
            }
        }
    }
    g.unit_triangles();
    g.reorder();
    g
}

/// `(square (poly ..))`: Ludii's `CustomOnSquare`: the lattice points (in rows, then
/// columns, over the polygon's bounds and two more each way) inside the polygon inflated by
/// 0.1, each joined to those at unit distance.
fn square_in_polygon(polygon: &[Pt]) -> Graph {
    let mut poly = polygon.to_vec();
    inflate(&mut poly, 0.1);
    let mut g = Graph::default();
    if poly.len() < 3 {
        return g;
    }
    let (mut lo, mut hi) = (Pt::new(f64::MAX, f64::MAX), Pt::new(f64::MIN, f64::MIN));
    for p in &poly {
        (lo.x, lo.y, hi.x, hi.y) = (lo.x.min(p.x), lo.y.min(p.y), hi.x.max(p.x), hi.y.max(p.y));
    }
    // (Java's casts to int truncate towards zero)
    let (c0, r0, c1, r1) = (lo.x as i32 - 2, lo.y as i32 - 2, hi.x as i32 + 2, hi.y as i32 + 2);
    let mut at = std::collections::HashMap::new();
    for r in r0..=r1 {
        for c in c0..=c1 {
            let p = Pt::new(c as f64, r as f64);
            if polygon_contains(&poly, p) {
                at.insert((c, r), g.vertices.len() as u32);
                g.vertices.push(p);
            }
        }
    }
    // (in Ludii's order: each vertex with the later ones at unit distance)
    for r in r0..=r1 {
        for c in c0..=c1 {
            let Some(&a) = at.get(&(c, r)) else { continue };
            for (dc, dr) in [(1, 0), (0, 1)] {
                if let Some(&b) = at.get(&(c + dc, r + dr)) {
                    g.edges.push([a, b]);
                }
            }
        }
    }
    g.make_faces();
    g.reorder();
    g
}

/// `(square n)` / `(rectangle r c)` with optional diagonals: Ludii's `RectangleOnSquare`.
/// With `use:Cell` the sizes count cells (one more vertex each way), otherwise vertices.
fn rectangle_on_square(rows: i32, cols: i32, use_: SiteType, diagonals: Option<Diagonals>) -> Graph {
    let (vr, vc) = if use_ == SiteType::Cell {
        (rows + 1, cols + 1)
    } else {
        (rows, cols)
    };
    let mut g = Graph::default();
    for r in 0..vr {
        for c in 0..vc {
            g.vertices.push(Pt::new(c as f64, r as f64));
        }
    }
    // Lattice vertex at (x, y), if any (Ludii's `findVertex(x, y)` on this lattice).
    let at = |x: i32, y: i32| (x >= 0 && x < vc && y >= 0 && y < vr).then_some((y * vc + x) as u32);
    for r in 0..vr {
        for c in 0..vc {
            let a = (r * vc + c) as u32;
            // up, then right
            for (dr, dc) in [(1, 0), (0, 1)] {
                if let Some(b) = at(c + dc, r + dr) {
                    g.edges.push([a, b]);
                }
            }
        }
    }
    if let Some(d) = diagonals {
        square_diagonals(&mut g, vr, vc, d, at);
    }
    g.make_faces();
    g.reorder();
    g
}

/// The diagonal edges of a square lattice of `rows` x `cols` vertices (`Square.handleDiagonals`).
fn square_diagonals(g: &mut Graph, rows: i32, cols: i32, d: Diagonals, at: impl Fn(i32, i32) -> Option<u32>) {
    // Each unit square by its lower-left corner (c, r): corners a (c, r), b (c, r+1),
    // c' (c+1, r+1), d' (c+1, r).
    let square = |r: i32, c: i32| Some([at(c, r)?, at(c, r + 1)?, at(c + 1, r + 1)?, at(c + 1, r)?]);
    let mut set = EdgeSet::of(&g.edges);
    let (mid_r, mid_c) = (rows / 2, cols / 2);
    match d {
        Diagonals::Implied => {}
        Diagonals::Alternating | Diagonals::SolidNoSplit | Diagonals::Concentric => {
            for r in 0..=rows {
                for c in 0..=cols {
                    let Some([a, b, cc, dd]) = square(r, c) else { continue };
                    // falling diagonals in the lower-left and upper-right quarters
                    let falling_quarter = r < mid_r && c < mid_c || r >= mid_r && c >= mid_c;
                    let rising = match d {
                        Diagonals::Alternating => (r + c) % 2 == 0,
                        Diagonals::Concentric => !falling_quarter,
                        _ => {
                            g.add_edge_once(&mut set, a, cc);
                            g.add_edge_once(&mut set, b, dd);
                            continue;
                        }
                    };
                    if rising {
                        g.add_edge_once(&mut set, a, cc);
                    } else {
                        g.add_edge_once(&mut set, b, dd);
                    }
                }
            }
        }
        Diagonals::Solid => {
            let mut grid = PointGrid::of(0.001, &g.vertices);
            for r in 0..=rows {
                for c in 0..=cols {
                    let Some(corners) = square(r, c) else { continue };
                    let x = g.vertex_at(&mut grid, Pt::new(c as f64 + 0.5, r as f64 + 0.5), 0.001);
                    for v in corners {
                        g.add_edge_once(&mut set, v, x);
                    }
                }
            }
        }
        Diagonals::Radiating => {
            // Ludii passes the middle row as x and the middle column as y.
            let steps = std::cmp::max(rows / 2, cols / 2) + 1;
            for n in 0..steps {
                for (dx, dy) in [(1, 1), (1, -1), (-1, -1), (-1, 1)] {
                    let a = at(mid_r + n * dx, mid_c + n * dy);
                    let b = at(mid_r + (n + 1) * dx, mid_c + (n + 1) * dy);
                    if let (Some(a), Some(b)) = (a, b) {
                        g.add_edge_once(&mut set, a, b);
                    }
                }
            }
        }
    }
}

/// `(wedge rows columns)`: Ludii's `Wedge` (apex on top, `columns` vertices in every other
/// row spread between the two sides; no cells, no reordering).
fn wedge(rows: i32, columns: i32) -> Graph {
    let mut g = Graph::default();
    let mid = rows - 1;
    g.vertices.push(Pt::new(mid as f64, mid as f64));
    for r in 1..rows {
        let (left, right) = ((mid - r) as f64, (mid + r) as f64);
        for c in 0..columns {
            let t = if columns > 1 {
                c as f64 / (columns - 1) as f64
            } else {
                0.0
            };
            g.vertices.push(Pt::new(left + t * (right - left), (mid - r) as f64));
        }
    }
    for c in 0..columns {
        if (c + 1) < g.vertices.len() as i32 {
            g.edges.push([0, (c + 1) as u32]);
        }
    }
    for r in 1..rows {
        let from = r * columns - columns + 1;
        for c in 0..columns - 1 {
            g.edges.push([(from + c) as u32, (from + c + 1) as u32]);
        }
        if r < rows - 1 {
            for c in 0..columns {
                g.edges.push([(from + c) as u32, (from + columns + c) as u32]);
            }
        }
    }
    g
}

/// `(mancalaBoard rows columns)`: Ludii's `MancalaBoard` with two stores (or none). The
/// holes are unit-spaced rows of `columns`, bottom row first, each joined along itself; the
/// stores sit halfway up the board, a little inside the column past each end (where Ludii
/// puts them: these offsets, as 32-bit floats, are Ludii's and differ with the number of
/// rows). The parts are listed left store, rows, right store, never reordered; then every
/// two vertices closer than 1.1 times the mean edge length are joined (Ludii's `Union`
/// with `connect`), and the cells traced.
fn mancala(rows: i32, columns: i32, stores: bool) -> Graph {
    let f = |v: f32| v as f64;
    let mid = (rows - 1) as f64 / 2.0;
    let cols = columns as f64;
    // (left store x, right store x) per number of rows
    let (left, right) = match rows {
        2 => (f(-0.85), cols + f(-0.15)),
        3 => (-1.0, cols),
        4 | 6 => (f(-0.9), cols + f(-0.1)),
        _ => (-1.0, f((cols + 0.1) as f32) + f(-0.1)),
    };
    let mut g = Graph::default();
    if stores {
        g.vertices.push(Pt::new(left, mid));
    }
    for r in 0..rows {
        for c in 0..columns {
            let id = g.vertices.len() as u32;
            g.vertices.push(Pt::new(c as f64, r as f64));
            if c > 0 {
                g.edges.push([id - 1, id]);
            }
        }
    }
    if stores {
        g.vertices.push(Pt::new(right, mid));
    }
    if !g.edges.is_empty() {
        // every row edge has length 1: so is their mean
        let threshold = 1.1;
        let mut set = EdgeSet::of(&g.edges);
        let grid = PointGrid::of(threshold, &g.vertices);
        let n = g.vertices.len() as u32;
        for a in 0..n {
            let p = g.vertices[a as usize];
            let mut near = Vec::new();
            grid.each_near(p, |b| {
                if b > a && g.vertices[b as usize].dist(p) < threshold {
                    near.push(b);
                }
            });
            near.sort_unstable();
            for b in near {
                g.add_edge_once(&mut set, a, b);
            }
        }
    }
    g.make_faces();
    g
}

/// Concentric regular polygons of `sides` sides: Ludii's `ConcentricRegular` (rings of
/// radius 1, 2, .. (1, 3, .. for triangles), corners and midpoints joined along each ring,
/// then rings joined at midpoints and/or corners; reordered; no cells here).
fn concentric_regular(sides: i32, rings: i32, midpoints: bool, join_midpoints: bool, join_corners: bool) -> Graph {
    let mut g = Graph::default();
    let mut grid = PointGrid::new(0.001);
    let arc = 2.0 * std::f64::consts::PI / sides as f64;
    let start = std::f64::consts::FRAC_PI_2 + if sides % 2 == 0 { arc / 2.0 } else { 0.0 };
    let mut base = 0;
    for ring in 0..rings {
        let radius = 1.0 + (ring * if sides == 3 { 2 } else { 1 }) as f64;
        for side in 0..sides {
            let a = start + arc * side as f64;
            let b = start + arc * (side + 1) as f64;
            let (xa, ya) = (radius * a.cos(), radius * a.sin());
            let (xc, yc) = (radius * b.cos(), radius * b.sin());
            g.vertex_within(&mut grid, Pt::new(xa, ya));
            if midpoints {
                g.vertex_within(&mut grid, Pt::new((xa + xc) / 2.0, (ya + yc) / 2.0));
            }
        }
        let n = g.vertices.len();
        for v in base..n {
            let w = if v + 1 < n { v + 1 } else { base };
            g.edges.push([v as u32, w as u32]);
        }
        base = n;
    }
    if midpoints && join_midpoints || join_corners {
        let per_side = if midpoints { 2 } else { 1 };
        let per_ring = sides * per_side;
        for ring in 0..rings - 1 {
            for side in 0..sides {
                let corner = ring * per_ring + side * per_side;
                if join_corners {
                    g.edges.push([corner as u32, (corner + per_ring) as u32]);
                }
                if join_midpoints {
                    g.edges.push([(corner + 1) as u32, (corner + 1 + per_ring) as u32]);
                }
            }
        }
    }
    let nv = g.vertices.len() as u32;
    g.edges.retain(|e| e[0] < nv && e[1] < nv);
    g.reorder();
    g
}

impl Graph {
    /// Ludii's `Intersect`: the first graph's vertices and edges that every other graph has
    /// too (ends within 0.01, Manhattan distance), in their order, cells traced again.
    fn intersect(graphs: &[Graph]) -> Graph {
        let Some((first, others)) = graphs.split_first() else {
            return Graph::default();
        };
        if others.is_empty() {
            return first.clone();
        }
        let near = |p: Pt, q: Pt| (p.x - q.x).abs() + (p.y - q.y).abs() < 0.01;
        let grids: Vec<PointGrid> = others.iter().map(|g| PointGrid::of(0.01, &g.vertices)).collect();
        // each other graph's edges as pairs of its vertex ids
        let edge_sets: Vec<IntSet<(u32, u32)>> = others
            .iter()
            .map(|g| g.edges.iter().map(|&[a, b]| pair(a, b)).collect())
            .collect();
        let find = |k: usize, p: Pt| grids[k].first(p, |i| near(others[k].vertices[i as usize], p));
        let kept_vertex: Vec<bool> = first
            .vertices
            .iter()
            .map(|&p| (0..others.len()).all(|k| find(k, p).is_some()))
            .collect();
        let mut ids = vec![u32::MAX; first.vertices.len()];
        let mut g = Graph::default();
        for (i, &p) in first.vertices.iter().enumerate() {
            if kept_vertex[i] {
                ids[i] = g.vertices.len() as u32;
                g.vertices.push(p);
            }
        }
        let mut set = EdgeSet::default();
        for &[a, b] in &first.edges {
            let (pa, pb) = (first.vertices[a as usize], first.vertices[b as usize]);
            let shared = (0..others.len()).all(|k| match (find(k, pa), find(k, pb)) {
                (Some(x), Some(y)) => edge_sets[k].contains(&pair(x, y)),
                _ => false,
            });
            if shared && ids[a as usize] != u32::MAX && ids[b as usize] != u32::MAX {
                g.add_edge_once(&mut set, ids[a as usize], ids[b as usize]);
            }
        }
        g.make_faces();
        g
    }
}

/// One point of a ring of a concentric circle board, with its angle (for ordering).
#[derive(Clone, Copy)]
struct RingPoint {
    p: Pt,
    theta: f64,
}

/// Sorts a ring by angle and drops each point within `tol` of the one before it (from the
/// last to the second), as Ludii's `ConcentricCircle` does.
fn sort_ring(ring: &mut Vec<RingPoint>, tol: f64) {
    ring.sort_by(|a, b| a.theta.total_cmp(&b.theta));
    let mut n = ring.len();
    while n > 1 {
        n -= 1;
        let prev = ring[(n + ring.len() - 1) % ring.len()].p;
        if ring[n].p.dist(prev) < tol {
            ring.remove(n);
        }
    }
}

/// The edges around one ring (consecutive points, closing the ring), as Ludii's
/// `ConcentricCircle` adds them (curved edges there; straight here: only their ends matter).
fn ring_edges(g: &mut Graph, grid: &mut PointGrid, set: &mut EdgeSet, ring: &[RingPoint]) {
    if ring.len() < 2 {
        return;
    }
    for (n, a) in ring.iter().enumerate() {
        let b = ring[(n + 1) % ring.len()];
        let (va, vb) = (g.vertex_within(grid, a.p), g.vertex_within(grid, b.p));
        g.add_edge_once(set, va, vb);
        g.curved.push([va.min(vb), va.max(vb)]);
    }
}

/// `(concentric {c0 c1 ..})`: Ludii's `ConcentricCircle`, rings of cells (or, for vertices,
/// rings of points) around a centre, starting at the top and running clockwise; a ring's
/// count below 2 (or negative, for vertices) gives no edges around it. `stagger` turns every
/// other ring by half a step. No reordering (a single ring is a reordered polygon).
fn concentric_circle(counts: &[i32], stagger: bool, use_: SiteType) -> Graph {
    use std::f64::consts::{FRAC_PI_2, PI};
    let mut g = Graph::default();
    let mut grid = PointGrid::new(0.001);
    let mut set = EdgeSet::default();
    let offset = |ring: usize, n: usize| {
        if stagger && ring % 2 == 1 {
            PI / n as f64
        } else {
            0.0
        }
    };
    if use_ == SiteType::Cell {
        if counts.is_empty() {
            return g;
        }
        g.push_vertex(&mut grid, Pt::new(0.0, 0.0));
        let mut rings: Vec<Vec<RingPoint>> = vec![Vec::new(); counts.len() + 1];
        let mut spokes = Vec::new();
        for (ring, &c) in counts.iter().enumerate() {
            let n = c.unsigned_abs() as usize;
            if n < 2 {
                continue;
            }
            let (ri, ro) = ((ring as f64 - 0.5).max(0.0), ring as f64 + 0.5);
            for step in 0..n {
                let theta = FRAC_PI_2 + offset(ring, n) - 2.0 * PI * step as f64 / n as f64;
                let (inner, outer) = (
                    Pt::new(ri * theta.cos(), ri * theta.sin()),
                    Pt::new(ro * theta.cos(), ro * theta.sin()),
                );
                spokes.push((inner, outer));
                let mut t = theta;
                while t < -PI {
                    t += 2.0 * PI;
                }
                while t > PI {
                    t -= 2.0 * PI;
                }
                rings[ring].push(RingPoint { p: inner, theta: t });
                rings[ring + 1].push(RingPoint { p: outer, theta: t });
            }
        }
        for ring in &mut rings {
            sort_ring(ring, 0.001);
        }
        for p in rings.iter().flatten() {
            g.vertex_within(&mut grid, p.p);
        }
        for ring in &rings {
            ring_edges(&mut g, &mut grid, &mut set, ring);
        }
        for (inner, outer) in spokes {
            let (a, b) = (g.vertex_within(&mut grid, inner), g.vertex_within(&mut grid, outer));
            g.add_edge_once(&mut set, a, b);
        }
        g.make_faces();
        // every vertex turns about the centre
        g.pivots = vec![0; g.vertices.len()];
        g.curved.sort_unstable();
        g.curved.dedup();
        return g;
    }
    match counts {
        [] => return g,
        &[sides] => {
            let n = sides.max(0);
            let r = n as f64 / (2.0 * PI);
            let start = if n == 4 { PI / 4.0 } else { FRAC_PI_2 };
            for i in 0..n {
                let theta = start + i as f64 / n as f64 * 2.0 * PI;
                g.vertices.push(Pt::new(r * theta.cos(), r * theta.sin()));
            }
            for i in 0..n {
                g.add_edge_once(&mut set, i as u32, ((i + 1) % n) as u32);
            }
            g.reorder();
            return g;
        }
        _ => {}
    }
    let per_ring: Vec<i32> = if counts[0].abs() > 1 {
        std::iter::once(0).chain(counts.iter().copied()).collect()
    } else {
        counts.to_vec()
    };
    let mut rings: Vec<Vec<RingPoint>> = Vec::with_capacity(per_ring.len());
    for (ring, &c) in per_ring.iter().enumerate() {
        let n = c.unsigned_abs() as usize;
        let r = ring as f64;
        rings.push(
            (0..n)
                .map(|step| {
                    let theta = FRAC_PI_2 + offset(ring, n) - 2.0 * PI * step as f64 / n as f64;
                    RingPoint {
                        p: Pt::new(r * theta.cos(), r * theta.sin()),
                        theta,
                    }
                })
                .collect(),
        );
    }
    for ring in rings.iter_mut().skip(1) {
        sort_ring(ring, 0.1);
    }
    for p in rings.iter().flatten() {
        g.vertex_within(&mut grid, p.p);
    }
    for (ring, points) in rings.iter().enumerate().skip(1) {
        if per_ring[ring] >= 2 {
            ring_edges(&mut g, &mut grid, &mut set, points);
        }
    }
    for ring in 0..rings.len().saturating_sub(1) {
        for p in &rings[ring] {
            let Some(a) = g.find_vertex(p.p) else { continue };
            if ring == 0 {
                for q in &rings[1] {
                    if let Some(b) = g.find_vertex(q.p) {
                        g.add_edge_once(&mut set, a, b);
                    }
                }
            } else {
                let ratio = (ring + 1) as f64 / ring as f64;
                if let Some(b) = g.find_vertex(Pt::new(p.p.x * ratio, p.p.y * ratio)) {
                    g.add_edge_once(&mut set, a, b);
                    // (without a centre, each vertex turns about the one inside it)
                    if per_ring[0] == 0 {
                        g.pivots.resize(g.vertices.len(), NO_PIVOT);
                        g.pivots[b as usize] = a;
                    }
                }
            }
        }
    }
    if per_ring[0] != 0 {
        // every vertex turns about the centre
        if let Some(c) = g.find_vertex(Pt::new(0.0, 0.0)) {
            g.pivots = vec![c; g.vertices.len()];
        }
    }
    if !g.pivots.is_empty() {
        g.pivots.resize(g.vertices.len(), NO_PIVOT);
    }
    g.curved.sort_unstable();
    g.curved.dedup();
    g
}

/// Hex cells at the given centres built as Ludii's `createGraphFromVertexList`: their corners
/// (deduplicated within 0.1; `flat` turns the hexes a quarter, corner offsets (y, x)), edges
/// between corners 1 ± 0.01 apart, coordinates rounded to 32-bit floats, cells traced from
/// the edges, reordered.
fn hex_cells_from_corners(centres: impl Iterator<Item = Pt>, flat: bool) -> Graph {
    Graph::from_unit_points(centres.flat_map(move |c| {
        HEX_CORNERS.iter().map(move |&(dx, dy)| {
            let (dx, dy) = if flat { (dy, dx) } else { (dx, dy) };
            Pt::new(c.x + dx, c.y + dy)
        })
    }))
}
