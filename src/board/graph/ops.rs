//! The less common generators and operators of Ludii's graph functions, each as Ludii 1.3.13
//! builds it (its order of vertices, edges and faces, its tolerances, whether it reorders):
//! `regular`, `spiral`, `repeat`, `square Diamond`, `hex Star`, the tilings `T3464`,
//! `T33434` and `T33336`, and the operators `splitCrossings`, `dual`, `subdivide`,
//! `complete`, `union`, `skew`, `keep` and `clip`.

use super::{hex_xy, inflate, polygon_contains, EdgeSet, Graph, PointGrid, Pt, SQRT3};
use crate::board::{SiteType, Tiling};
use std::f64::consts::PI;

/// Ludii's tolerance for "the same point" when splitting and joining (Euclidean).
const TOL: f64 = 0.001;

impl Graph {
    /// Ludii's `createGraphFromVertexList` fed by a generator: the candidate points in
    /// order, each kept unless one kept already lies within 0.1; edges between the points
    /// one unit apart; coordinates as 32-bit floats; faces traced; reordered.
    pub(super) fn from_unit_points(candidates: impl IntoIterator<Item = Pt>) -> Graph {
        let mut points: Vec<Pt> = Vec::new();
        let mut grid = PointGrid::new(0.1);
        for p in candidates {
            if grid.first(p, |i| points[i as usize].dist(p) < 0.1).is_none() {
                grid.insert(points.len() as u32, p);
                points.push(p);
            }
        }
        let mut g = Graph {
            vertices: points,
            ..Graph::default()
        };
        g.unit_edges();
        for v in &mut g.vertices {
            *v = v.f32_rounded();
        }
        g.make_faces();
        g.reorder();
        g
    }

    /// `(regular [Star] n)`: n points on a circle of circumference n (the first at the top,
    /// or at 45° for a square), counterclockwise, joined in order, or every ((n-1)/2)th for
    /// a star; faces (with the crossing test) only for cells; reordered.
    pub(super) fn regular(n: i32, star: bool, use_: SiteType) -> Graph {
        let mut g = Graph::default();
        let r = n as f64 / (2.0 * PI);
        let offset = if n == 4 { PI / 4.0 } else { PI / 2.0 };
        for i in 0..n {
            let t = offset + (i as f64 / n as f64) * 2.0 * PI;
            g.vertices.push(Pt::new(r * t.cos(), r * t.sin()));
        }
        let step = if star { (n - 1) / 2 } else { 1 };
        for i in 0..n {
            g.edges.push([i as u32, ((i + step) % n) as u32]);
        }
        if use_ == SiteType::Cell {
            g.make_faces_checked();
        }
        g.reorder();
        g
    }

    /// `(spiral turns:T sites:S [clockwise:B])`: S points along an Archimedean spiral from
    /// the centre (r = θ), rings of `base`, 2·base and then 4·base points smoothed twice,
    /// joined in order; no faces, no reordering. None when no ring size fits or the
    /// rings would not hold the sites (Ludii fails on both).
    pub(super) fn spiral(turns: i32, sites: i32, clockwise: bool) -> Option<Graph> {
        let s = sites as usize;
        // the largest first ring for which the first turns-1 rings hold at most S sites
        let base = (1..sites.max(1)).find_map(|base| {
            let (mut steps, mut total) = (base as i64, 1i64);
            for ring in 1..turns {
                total += steps;
                if total > sites as i64 {
                    return Some(base - 1);
                }
                if ring <= 2 {
                    steps *= 2;
                }
            }
            None
        })?;
        if base <= 0 || sites < 2 {
            return None;
        }
        let mut theta = vec![0.0f64; 4 * s];
        let (mut k, mut steps) = (1usize, base as usize);
        for ring in 1..=turns + 1 {
            let d = 2.0 * PI / steps as f64;
            let mut t = 2.0 * PI * ring as f64;
            if ring <= 2 || ring % 2 == 1 {
                t -= d / 2.0;
            }
            for _ in 0..steps {
                *theta.get_mut(k)? = t;
                k += 1;
                t += d;
            }
            if ring <= 2 {
                steps *= 2;
            }
        }
        for _ in 0..2 {
            for v in 2..s {
                theta[v] = (theta[v - 1] + theta[v + 1]) / 2.0;
            }
        }
        theta[1] -= (theta[2] - theta[1]) / 2.0;
        let mut g = Graph::default();
        g.vertices.push(Pt::new(0.0, 0.0));
        for &t in &theta[1..s] {
            let x = t * t.cos();
            g.vertices.push(Pt::new(if clockwise { -x } else { x }, t * t.sin()));
        }
        g.edges = (0..sites as u32 - 1).map(|v| [v, v + 1]).collect();
        Some(g)
    }

    /// `(repeat rows cols step:{{cx cy} {rx ry}} polys)`: each polygon's sides at every
    /// origin `col·c + row·r`, corners joined within 0.001; faces traced; reordered.
    pub(super) fn repeat(rows: i32, cols: i32, step: [Pt; 2], polys: &[Vec<Pt>]) -> Graph {
        let mut g = Graph::default();
        let mut grid = PointGrid::new(TOL);
        let mut set = EdgeSet::default();
        for row in 0..rows {
            for col in 0..cols {
                let o = Pt::new(
                    col as f64 * step[0].x + row as f64 * step[1].x,
                    col as f64 * step[0].y + row as f64 * step[1].y,
                );
                for poly in polys {
                    for n in 0..poly.len() {
                        let (p, q) = (poly[n], poly[(n + 1) % poly.len()]);
                        let a = g.vertex_within(&mut grid, Pt::new(o.x + p.x, o.y + p.y));
                        let b = g.vertex_within(&mut grid, Pt::new(o.x + q.x, o.y + q.y));
                        g.add_edge_once(&mut set, a, b);
                    }
                }
            }
        }
        g.make_faces();
        g.reorder();
        g
    }

    /// `(square n pyramidal:True)` with n vertices a side: the lattice, then layers L = 1 ..
    /// n-1 of (n-L)² vertices at (c + L/2, r + L/2) and height L/√2; every two vertices one
    /// unit apart in space joined (within 0.05); faces traced on each layer; reordered by
    /// position in the plane (a vertex above another comes after it).
    pub(super) fn pyramid(n: i32) -> Graph {
        let mut g = super::rectangle_on_square(n, n, SiteType::Vertex, None);
        g.z = vec![0.0; g.vertices.len()];
        let dz = 1.0 / 2f64.sqrt();
        for layer in 1..n {
            for r in 0..n - layer {
                for c in 0..n - layer {
                    let h = layer as f64 / 2.0;
                    g.vertices.push(Pt::new(c as f64 + h, r as f64 + h));
                    g.z.push(layer as f64 * dz);
                }
            }
        }
        let mut set = EdgeSet::of(&g.edges);
        let count = g.vertices.len() as u32;
        for a in 0..count {
            for b in 0..count {
                let (p, q) = (g.vertices[a as usize], g.vertices[b as usize]);
                let dz = g.z[a as usize] - g.z[b as usize];
                let d = (p.dist2(q) + dz * dz).sqrt();
                if a != b && (d - 1.0).abs() < 0.05 {
                    g.add_edge_once(&mut set, a, b);
                }
            }
        }
        g.make_faces();
        g.reorder();
        g
    }

    /// `(square Diamond d)`: the square lattice's points inside a diamond of d cells a side.
    pub(super) fn square_diamond(d: i32) -> Graph {
        let points = (0..2 * d).flat_map(move |r| {
            (0..2 * d)
                .filter(move |&c| !(r + c < d - 1 || c - r > d || r - c > d || r + c >= 3 * d))
                .map(move |c| Pt::new(c as f64, r as f64))
        });
        Graph::from_unit_points(points)
    }

    /// `(hex Star d)`: a hexagon of hex cells with a triangle of cells on each side.
    pub(super) fn hex_star(d: i32) -> Graph {
        let cols = 4 * d + 1;
        let centres = (0..=4 * d).flat_map(move |r| {
            (0..=4 * d)
                .filter(move |&c| {
                    let skip = if r < d {
                        c < d || c - r > d
                    } else if r <= 2 * d {
                        r - c > d || c >= cols - d
                    } else if r <= 3 * d {
                        c < d || c - r > d
                    } else {
                        c > 3 * d || r - c > d
                    };
                    !skip
                })
                .map(move |c| hex_xy(r, c))
        });
        super::hex_cells_from_corners(centres, false)
    }

    /// `(tiling T n)` for the semi-regular tilings built from a point list: a hexagon of
    /// `T3464` (rhombitrihexagonal) or `T33336` (snub hexagonal) units, or a diamond of
    /// `T33434` (snub square) units.
    pub(super) fn tiling(kind: Tiling, n: i32) -> Graph {
        let s = SQRT3 / 2.0;
        let mut points = Vec::new();
        match kind {
            Tiling::T3464 => {
                let (hx, hy) = (1.0 + SQRT3, (3.0 + SQRT3) / 2.0);
                let h = (1.0 + SQRT3 / 2.0) / 15f64.to_radians().cos();
                let mut around = vec![(-0.5, s), (0.5, s), (1.0, 0.0), (0.5, -s), (-0.5, -s), (-1.0, 0.0)];
                for k in 0..12 {
                    let t = (15.0 + 30.0 * k as f64).to_radians();
                    around.push((h * t.cos(), h * t.sin()));
                }
                let cols = 2 * n - 1;
                for r in 0..cols {
                    for c in 0..cols {
                        if c > cols / 2 + r || r - c > cols / 2 {
                            continue;
                        }
                        let (x, y) = (hy * (c - r) as f64, hx * (r + c) as f64 / 2.0);
                        points.extend(around.iter().map(|&(dx, dy)| Pt::new(x + dx, y + dy)));
                    }
                }
            }
            Tiling::T33434 => {
                let (p, q) = (0.5, s);
                let h = (1.0 + SQRT3) / 2.0;
                let around = [
                    (-p, -p - q),
                    (p, -p - q),
                    (-p - q, -q),
                    (p + q, -q),
                    (0.0, -p),
                    (-2.0 * p - q, 0.0),
                    (-q, 0.0),
                    (q, 0.0),
                    (2.0 * p + q, 0.0),
                    (0.0, p),
                    (-p - q, q),
                    (p + q, q),
                    (-p, p + q),
                    (p, p + q),
                ];
                for r in 0..n {
                    for c in 0..n {
                        let (x, y) = (h * (c - r) as f64, h * (r + c) as f64);
                        points.extend(around.iter().map(|&(dx, dy)| Pt::new(x + dx, y + dy)));
                    }
                }
            }
            Tiling::T33336 => {
                const AROUND: [(i32, i32); 18] = [
                    (-1, 1),
                    (1, 1),
                    (2, 0),
                    (1, -1),
                    (-1, -1),
                    (-2, 0),
                    (-2, 2),
                    (0, 2),
                    (2, 2),
                    (3, 1),
                    (4, 0),
                    (3, -1),
                    (2, -2),
                    (0, -2),
                    (-2, -2),
                    (-3, -1),
                    (-4, 0),
                    (-3, 1),
                ];
                let cols = 2 * n - 1;
                for r in 0..cols {
                    for c in 0..cols {
                        if (r - c).abs() > cols / 2 {
                            continue;
                        }
                        let (x, y) = (
                            5.0 * c as f64 * 0.5 - 4.0 * r as f64 * 0.5,
                            2.0 * r as f64 * s + c as f64 * s,
                        );
                        points.extend(
                            AROUND
                                .iter()
                                .map(|&(i, j)| Pt::new(x + i as f64 * 0.5, y + j as f64 * s)),
                        );
                    }
                }
            }
            Tiling::T3636 => {
                // (each hexagon's corners, its centres 2 apart in a row; Ludii reads its list
                // of corners with x and y swapped)
                let corners = [(1.0, 0.0), (0.5, s), (-0.5, s), (-1.0, 0.0), (-0.5, -s), (0.5, -s)];
                let cols = 2 * n - 1;
                for r in 0..cols {
                    for c in 0..cols {
                        if c > cols / 2 + r || r - c > cols / 2 {
                            continue;
                        }
                        let (x, y) = (2.0 * (c as f64 - 0.5 * r as f64), SQRT3 * r as f64);
                        points.extend(corners.iter().map(|&(dx, dy)| Pt::new(x + dx, y + dy)));
                    }
                }
            }
        }
        Graph::from_unit_points(points)
    }

    /// Ludii's `isEdgeCrossing(p, q)`: whether the segment p–q crosses an edge listed before
    /// the first edge joining p and q (edges touching p or q within 0.001 do not count).
    pub(super) fn crosses_earlier_edge(&self, p: u32, q: u32) -> bool {
        let (pp, pq) = (self.vertices[p as usize], self.vertices[q as usize]);
        for &[a, b] in &self.edges {
            if (a == p && b == q) || (a == q && b == p) {
                return false;
            }
            let (pa, pb) = (self.vertices[a as usize], self.vertices[b as usize]);
            if [pp.dist(pa), pp.dist(pb), pq.dist(pa), pq.dist(pb)]
                .iter()
                .any(|&d| d < TOL)
            {
                continue;
            }
            if segments_meet(pp, pq, pa, pb) {
                return true;
            }
        }
        false
    }

    /// `(splitCrossings G)`: every crossing of two edges (away from their ends) becomes a
    /// vertex splitting both, the first crossing pair of the edge list first, again until
    /// none is left; then every edge with a vertex on it is split there; faces traced with
    /// the crossing test; nothing reordered.
    pub(super) fn split_crossings(&mut self) {
        self.faces.clear();
        fn find_or_add(edges: &mut Vec<[u32; 2]>, a: u32, b: u32) {
            if a != b && !edges.iter().any(|&[x, y]| (x == a && y == b) || (x == b && y == a)) {
                edges.push([a, b]);
            }
        }
        'crossings: loop {
            for ea in 0..self.edges.len() {
                for eb in ea + 1..self.edges.len() {
                    let (a, b) = (self.edges[ea], self.edges[eb]);
                    let Some(x) = self.interior_crossing(a, b) else {
                        continue;
                    };
                    let v = self.vertices.len() as u32;
                    self.vertices.push(x);
                    self.edges.remove(eb);
                    self.edges.remove(ea);
                    find_or_add(&mut self.edges, a[0], v);
                    find_or_add(&mut self.edges, v, a[1]);
                    find_or_add(&mut self.edges, b[0], v);
                    find_or_add(&mut self.edges, v, b[1]);
                    continue 'crossings;
                }
            }
            break;
        }
        'on_edges: loop {
            for ea in 0..self.edges.len() {
                let [a, b] = self.edges[ea];
                let (pa, pb) = (self.vertices[a as usize], self.vertices[b as usize]);
                let mut split = false;
                for v in 0..self.vertices.len() as u32 {
                    let pv = self.vertices[v as usize];
                    if v == a || v == b || pv.dist(pa) < TOL || pv.dist(pb) < TOL || segment_distance(pv, pa, pb) > TOL
                    {
                        continue;
                    }
                    // (Ludii removes the edge now at this index: a second vertex on the
                    // same edge takes the next edge away)
                    if ea < self.edges.len() {
                        self.edges.remove(ea);
                    }
                    find_or_add(&mut self.edges, a, v);
                    find_or_add(&mut self.edges, v, b);
                    split = true;
                }
                if split {
                    continue 'on_edges;
                }
            }
            break;
        }
        self.make_faces_checked();
    }

    /// Where edges `a` and `b` cross strictly inside both (1% from their ends).
    fn interior_crossing(&self, a: [u32; 2], b: [u32; 2]) -> Option<Pt> {
        let (a0, a1) = (self.vertices[a[0] as usize], self.vertices[a[1] as usize]);
        let (b0, b1) = (self.vertices[b[0] as usize], self.vertices[b[1] as usize]);
        let (dx, dy) = (b1.x - b0.x, b1.y - b0.y);
        let (lx, ly) = (a1.x - a0.x, a1.y - a0.y);
        let (mx, my) = (b0.x - a0.x, b0.y - a0.y);
        let det = dx * ly - dy * lx;
        if det.abs() < 1e-7 {
            return None;
        }
        let s = (dx * my - dy * mx) / det;
        let t = (lx * my - ly * mx) / det;
        (0.01 < s && s < 0.99 && 0.01 < t && t < 0.99).then(|| Pt::new(a0.x + s * lx, a0.y + s * ly))
    }

    /// `(dual G)`: a vertex at the centre of each face, an edge across each edge between
    /// two faces, faces traced, reordered (G unchanged when it has no faces).
    pub(super) fn dual(&self) -> Graph {
        if self.vertices.is_empty() || self.edges.is_empty() || self.faces.is_empty() {
            return self.clone();
        }
        // the face on each side of a directed side (the last face made wins, as in Ludii)
        let mut side_face = std::collections::HashMap::new();
        for (f, face) in self.faces.iter().enumerate() {
            for k in 0..face.len() {
                side_face.insert((face[k], face[(k + 1) % face.len()]), f as u32);
            }
        }
        let mut d = Graph {
            vertices: (0..self.faces.len())
                .map(|f| self.position(SiteType::Cell, f))
                .collect(),
            ..Graph::default()
        };
        for &[a, b] in &self.edges {
            if let (Some(&left), Some(&right)) = (side_face.get(&(b, a)), side_face.get(&(a, b))) {
                d.edges.push([left, right]);
            }
        }
        d.make_faces();
        d.reorder();
        d
    }

    /// `(subdivide G [min:k])`: a vertex at the centre of each face of at least k corners
    /// (from the last face), joined to its corners; the faces traced again (with the
    /// crossing test) for cells, none otherwise; nothing reordered.
    pub(super) fn subdivide(&mut self, min: usize, use_: SiteType) {
        if use_ == SiteType::Vertex {
            self.make_faces_checked();
        }
        let mut set = EdgeSet::of(&self.edges);
        for f in (0..self.faces.len()).rev() {
            if self.faces[f].len() < min {
                continue;
            }
            let centre = self.position(SiteType::Cell, f);
            let p = self.vertices.len() as u32;
            self.vertices.push(centre);
            for k in 0..self.faces[f].len() {
                let v = self.faces[f][k];
                self.add_edge_once(&mut set, p, v);
            }
        }
        if use_ == SiteType::Cell {
            self.make_faces_checked();
        } else {
            self.faces.clear();
        }
    }

    /// `(complete G [eachCell:B])`: an edge between every two vertices (faces traced with
    /// the crossing test), or between every two corners of each face; nothing reordered.
    pub(super) fn complete(&mut self, each_cell: bool) {
        if each_cell {
            let mut set = EdgeSet::of(&self.edges);
            for f in 0..self.faces.len() {
                let face = self.faces[f].clone();
                for i in 0..face.len() {
                    for &b in &face[i + 1..] {
                        self.add_edge_once(&mut set, face[i], b);
                    }
                }
            }
        } else {
            let n = self.vertices.len() as u32;
            self.faces.clear();
            self.edges = (0..n).flat_map(|a| (a + 1..n).map(move |b| [a, b])).collect();
            self.make_faces_checked();
        }
    }

    /// `(union G ..)`: the graphs side by side, each keeping its vertices, edges and faces
    /// (nothing merged or traced again, nothing reordered).
    pub(super) fn union(parts: Vec<Graph>) -> Graph {
        let mut g = Graph::default();
        for p in parts {
            let o = g.vertices.len() as u32;
            g.vertices.extend(p.vertices);
            g.edges.extend(p.edges.iter().map(|&[a, b]| [a + o, b + o]));
            g.faces
                .extend(p.faces.into_iter().map(|f| f.into_iter().map(|v| v + o).collect()));
        }
        g
    }

    /// `(skew amount G)`: each vertex moved right by its height above the lowest, times
    /// `amount`.
    pub(super) fn skew(&mut self, amount: f64) {
        let min_y = self.vertices.iter().map(|v| v.y).fold(f64::INFINITY, f64::min);
        for v in &mut self.vertices {
            *v = Pt::new(v.x + (v.y - min_y) * amount, v.y);
        }
    }

    /// `(keep G poly)` (`inside`) and `(clip G poly)`: the vertices inside (or outside) the
    /// polygon inflated by 0.1, with the edges between them; faces traced; nothing
    /// reordered.
    pub(super) fn keep_in(&self, polygon: &[Pt], inside: bool) -> Graph {
        if polygon.len() < 3 {
            return self.clone();
        }
        let mut poly = polygon.to_vec();
        inflate(&mut poly, 0.1);
        let mut renumber = vec![u32::MAX; self.vertices.len()];
        let mut g = Graph::default();
        for (i, &v) in self.vertices.iter().enumerate() {
            if polygon_contains(&poly, v) == inside {
                renumber[i] = g.vertices.len() as u32;
                g.vertices.push(v);
            }
        }
        let mut set = EdgeSet::default();
        for &[a, b] in &self.edges {
            let (a, b) = (renumber[a as usize], renumber[b as usize]);
            if a != u32::MAX && b != u32::MAX {
                g.add_edge_once(&mut set, a, b);
            }
        }
        g.make_faces();
        g
    }
}

/// Whether segments p–q and a–b meet (ends included, within 1e-7; parallel ones never).
fn segments_meet(p: Pt, q: Pt, a: Pt, b: Pt) -> bool {
    let det = (b.x - a.x) * (q.y - p.y) - (b.y - a.y) * (q.x - p.x);
    if det.abs() < 1e-7 {
        return false;
    }
    let s = ((b.x - a.x) * (a.y - p.y) - (b.y - a.y) * (a.x - p.x)) / det;
    let t = ((q.x - p.x) * (a.y - p.y) - (q.y - p.y) * (a.x - p.x)) / det;
    let within = |u: f64| (-1e-7..=1.0 + 1e-7).contains(&u);
    within(s) && within(t)
}

/// The distance from `p` to the segment a–b.
fn segment_distance(p: Pt, a: Pt, b: Pt) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len2 = dx * dx + dy * dy;
    if len2 == 0.0 {
        return p.dist(a);
    }
    let u = ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2;
    if u <= 0.0 {
        p.dist(a)
    } else if u >= 1.0 {
        p.dist(b)
    } else {
        p.dist(Pt::new(a.x + u * dx, a.y + u * dy))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_five_pointed_star_split_at_its_crossings_has_ten_points_and_six_faces() {
        // Kaooa's board: (splitCrossings (regular Star 5))
        let mut g = Graph::regular(5, true, SiteType::Vertex);
        g.split_crossings();
        assert_eq!((g.vertices.len(), g.edges.len(), g.faces.len()), (10, 15, 6));
        let p = g.vertices[5];
        assert!(p.x.abs() < 1e-4 && (p.y + 0.3040).abs() < 1e-4, "{p:?}");
        assert!(g.faces.iter().any(|f| f.len() == 5), "the inner pentagon is a face");
    }
}
