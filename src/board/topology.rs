//! From a [`Graph`] to a [`Board`]: steps, relations, direction names, radials, rows,
//! columns, labels, perimeter, corners and centre — computed the way Ludii 1.3.13 does
//! (`Face/Vertex/Edge.stepsTo`, `Trajectories`, `MeasureGraph`), but only for the board's
//! site type (plus what that needs from the other types).

use super::graph::{Graph, Pt, NO_PIVOT};
use super::{Board, Circ, Csr, Dir, Direction, Lay, Relation, SiteType, NUM_DIRECTION_KEYS};

const ORTH: u8 = 1 << Relation::Orthogonal as u8;
const DIAG: u8 = 1 << Relation::Diagonal as u8;
const OFF: u8 = 1 << Relation::OffDiagonal as u8;
const ADJ: u8 = 1 << Relation::Adjacent as u8;
const ALL: u8 = 1 << Relation::All as u8;

/// One step of an element to another element (of any type) with its relation flags.
#[derive(Clone, Copy, Debug)]
struct Step {
    ty: SiteType,
    to: u32,
    flags: u8,
}

/// Incidence derived from the graph, with Ludii's orderings.
struct Incidence<'g> {
    g: &'g Graph,
    epos: Vec<Pt>,
    fpos: Vec<Pt>,
    /// Edges of each vertex, sorted by `atan2` ascending (Ludii's `Vertex.sortEdges`).
    v_edges: Vec<Vec<u32>>,
    /// Faces of each vertex, sorted by `atan2` ascending.
    v_faces: Vec<Vec<u32>>,
    /// `[left, right]` face of each edge (left of vertex A → B).
    e_faces: Vec<[Option<u32>; 2]>,
    /// Edges of each face in cycle order.
    f_edges: Vec<Vec<u32>>,
}

fn atan2_from(a: Pt, b: Pt) -> f64 {
    (b.y - a.y).atan2(b.x - a.x)
}

impl<'g> Incidence<'g> {
    fn new(g: &'g Graph) -> Self {
        let epos: Vec<Pt> = (0..g.edges.len()).map(|i| g.position(SiteType::Edge, i)).collect();
        let fpos: Vec<Pt> = (0..g.faces.len()).map(|i| g.position(SiteType::Cell, i)).collect();
        let nv = g.vertices.len();
        let mut v_edges = vec![Vec::new(); nv];
        let mut edge_index = super::spatial::IntMap::default();
        for (i, &[a, b]) in g.edges.iter().enumerate() {
            v_edges[a as usize].push(i as u32);
            v_edges[b as usize].push(i as u32);
            edge_index.entry((a.min(b), a.max(b))).or_insert(i as u32);
        }
        let mut keyed = Vec::new();
        for (v, list) in v_edges.iter_mut().enumerate() {
            let p = g.vertices[v];
            let angle = |e: u32| atan2_from(p, g.vertices[other_end(g.edges[e as usize], v as u32) as usize]);
            sort_by_angle(list, angle, &mut keyed);
        }
        let mut v_faces = vec![Vec::new(); nv];
        let mut e_faces = vec![[None, None]; g.edges.len()];
        let mut f_edges = Vec::with_capacity(g.faces.len());
        for (fi, f) in g.faces.iter().enumerate() {
            let mut fe = Vec::with_capacity(f.len());
            for k in 0..f.len() {
                v_faces[f[k] as usize].push(fi as u32);
                let (a, b) = (f[k], f[(k + 1) % f.len()]);
                if let Some(&e) = edge_index.get(&(a.min(b), a.max(b))) {
                    fe.push(e);
                    let [ea, eb] = g.edges[e as usize];
                    let (pa, pb, pf) = (g.vertices[ea as usize], g.vertices[eb as usize], fpos[fi]);
                    let cross = (pb.x - pa.x) * (pf.y - pa.y) - (pb.y - pa.y) * (pf.x - pa.x);
                    let slot = if cross > 0.0 { 0 } else { 1 };
                    if e_faces[e as usize][slot].is_none() {
                        e_faces[e as usize][slot] = Some(fi as u32);
                    } else {
                        e_faces[e as usize][1 - slot] = Some(fi as u32);
                    }
                }
            }
            f_edges.push(fe);
        }
        for (v, list) in v_faces.iter_mut().enumerate() {
            let p = g.vertices[v];
            sort_by_angle(list, |f| atan2_from(p, fpos[f as usize]), &mut keyed);
        }
        Incidence {
            g,
            epos,
            fpos,
            v_edges,
            v_faces,
            e_faces,
            f_edges,
        }
    }

    fn pos(&self, ty: SiteType, i: u32) -> Pt {
        match ty {
            SiteType::Vertex => self.g.vertices[i as usize],
            SiteType::Edge => self.epos[i as usize],
            SiteType::Cell => self.fpos[i as usize],
        }
    }

    /// A face cut along every edge that joins two of its corners not next to each other
    /// (a vertex where the outline goes straight on is no corner): the parts, each a face of
    /// its own.
    fn split_by_chords(&self, face: &[u32]) -> Vec<Vec<u32>> {
        let n = face.len();
        let corner = |k: usize| {
            let p = self.g.vertices[face[(k + n - 1) % n] as usize];
            let v = self.g.vertices[face[k] as usize];
            let q = self.g.vertices[face[(k + 1) % n] as usize];
            let cross = (v.x - p.x) * (q.y - v.y) - (v.y - p.y) * (q.x - v.x);
            cross.abs() > 1e-6 * p.dist(v) * v.dist(q)
        };
        for (k, &v) in face.iter().enumerate() {
            if !corner(k) {
                continue;
            }
            for &e in &self.v_edges[v as usize] {
                let w = other_end(self.g.edges[e as usize], v);
                let Some(j) = face.iter().position(|&x| x == w) else {
                    continue;
                };
                if j == (k + 1) % n || (j + 1) % n == k || j == k || !corner(j) {
                    continue;
                }
                let (a, b) = (k.min(j), k.max(j));
                let one: Vec<u32> = face[a..=b].to_vec();
                let two: Vec<u32> = face[b..].iter().chain(&face[..=a]).copied().collect();
                let mut parts = self.split_by_chords(&one);
                parts.extend(self.split_by_chords(&two));
                return parts;
            }
        }
        vec![face.to_vec()]
    }

    fn other_face(&self, e: u32, f: u32) -> Option<u32> {
        let [l, r] = self.e_faces[e as usize];
        if l == Some(f) {
            r
        } else if r == Some(f) {
            l
        } else {
            None
        }
    }

    /// All steps of an element, in Ludii's generation order, duplicates merged.
    fn steps(&self, ty: SiteType, id: u32) -> Vec<Step> {
        let mut out: Vec<Step> = Vec::new();
        let mut push = |ty: SiteType, to: u32, flags: u8| {
            if let Some(s) = out.iter_mut().find(|s| s.ty == ty && s.to == to) {
                s.flags |= flags;
            } else {
                out.push(Step { ty, to, flags });
            }
        };
        let g = self.g;
        match ty {
            SiteType::Cell => {
                let me = self.fpos[id as usize];
                // Few cells are involved: a small list beats a board-sized bit set.
                let mut used: Vec<u32> = vec![id];
                // 1. Cells across an edge.
                for &e in &self.f_edges[id as usize] {
                    if let Some(o) = self.other_face(e, id) {
                        used.push(o);
                        push(SiteType::Cell, o, ORTH | ADJ | ALL);
                    }
                }
                // 2. Per corner: the unused cell whose centre line passes closest to the corner.
                for &v in &g.faces[id as usize] {
                    let vp = g.vertices[v as usize];
                    let mut best = (1e6, None);
                    for &o in &self.v_faces[v as usize] {
                        if used.contains(&o) {
                            continue;
                        }
                        let d = distance_to_line(vp, me, self.fpos[o as usize]);
                        if d < best.0 {
                            best = (d, Some(o));
                        }
                    }
                    if let (_, Some(o)) = best {
                        used.push(o);
                        push(SiteType::Cell, o, DIAG | ADJ | ALL);
                    }
                }
                // 3. Remaining cells around corners.
                for &v in &g.faces[id as usize] {
                    for &o in &self.v_faces[v as usize] {
                        if !used.contains(&o) {
                            used.push(o);
                            push(SiteType::Cell, o, OFF | ADJ | ALL);
                        }
                    }
                }
                // 4. Far diagonals through trivalent corners (hex grids): Diagonal + All only.
                for &v in &g.faces[id as usize] {
                    if self.v_edges[v as usize].len() != 3 {
                        continue;
                    }
                    let face = &g.faces[id as usize];
                    let away = self.v_edges[v as usize]
                        .iter()
                        .map(|&e| other_end(g.edges[e as usize], v))
                        .find(|w| !face.contains(w));
                    let Some(w) = away else { continue };
                    let (vp, wp) = (g.vertices[v as usize], g.vertices[w as usize]);
                    for &o in &self.v_faces[w as usize] {
                        if used.contains(&o) {
                            continue;
                        }
                        let op = self.fpos[o as usize];
                        let err = (distance_to_line(vp, me, op) + distance_to_line(wp, me, op)) / me.dist(op);
                        if err > 0.1 {
                            continue;
                        }
                        used.push(o);
                        push(SiteType::Cell, o, DIAG | ALL);
                    }
                }
                for &v in &g.faces[id as usize] {
                    push(SiteType::Vertex, v, ORTH | ADJ | ALL);
                }
                for &e in &self.f_edges[id as usize] {
                    push(SiteType::Edge, e, ORTH | ADJ | ALL);
                }
            }
            SiteType::Vertex => {
                let me = g.vertices[id as usize];
                for &e in &self.v_edges[id as usize] {
                    push(SiteType::Vertex, other_end(g.edges[e as usize], id), ORTH | ADJ | ALL);
                }
                // (a face crossed by an edge between two of its corners, as `add edges:`
                // makes, is two faces for Ludii: the diagonals are those of the parts)
                let parts = self.v_faces[id as usize].iter().flat_map(|&f| {
                    let parts = self.split_by_chords(&g.faces[f as usize]);
                    let whole = parts.len() == 1;
                    parts.into_iter().map(move |p| (f, whole, p))
                });
                for (f, whole, face) in parts {
                    if face.len() < 4 || !face.contains(&id) {
                        continue;
                    }
                    // a part's centre: the mean of its corners
                    let n = face.len() as f64;
                    let fp = if whole {
                        self.fpos[f as usize]
                    } else {
                        face.iter().fold(Pt { x: 0.0, y: 0.0 }, |p, &v| {
                            let q = g.vertices[v as usize];
                            Pt {
                                x: p.x + q.x / n,
                                y: p.y + q.y / n,
                            }
                        })
                    };
                    let face = &face[..];
                    let mut best = (1e6, None);
                    for &to in face {
                        if to == id {
                            continue;
                        }
                        let d = distance_to_line(fp, me, g.vertices[to as usize]);
                        if d < best.0 {
                            best = (d, Some(to));
                        }
                    }
                    if let (_, Some(to)) = best {
                        push(SiteType::Vertex, to, DIAG | ALL);
                    }
                }
                for &e in &self.v_edges[id as usize] {
                    push(SiteType::Edge, e, ORTH | ADJ | ALL);
                }
                for &f in &self.v_faces[id as usize] {
                    push(SiteType::Cell, f, ORTH | ADJ | ALL);
                }
            }
            SiteType::Edge => {
                let [a, b] = g.edges[id as usize];
                for v in [a, b] {
                    for &o in &self.v_edges[v as usize] {
                        if o != id {
                            push(SiteType::Edge, o, ORTH | ADJ | ALL);
                        }
                    }
                }
                for v in [a, b] {
                    push(SiteType::Vertex, v, ORTH | ADJ | ALL);
                }
                let mut used = Vec::new();
                for f in self.e_faces[id as usize].into_iter().flatten() {
                    used.push(f);
                    push(SiteType::Cell, f, ORTH | ADJ | ALL);
                }
                for v in [a, b] {
                    for &f in &self.v_faces[v as usize] {
                        if !used.contains(&f) {
                            used.push(f);
                            push(SiteType::Cell, f, ORTH | ADJ | ALL);
                        }
                    }
                }
            }
        }
        out
    }
}

/// Sorts ids by an angle, stably, computing each angle once (`keyed` is scratch).
pub(crate) fn sort_by_angle(list: &mut [u32], angle: impl Fn(u32) -> f64, keyed: &mut Vec<(f64, u32)>) {
    keyed.clear();
    keyed.extend(list.iter().map(|&x| (angle(x), x)));
    keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
    for (slot, &(_, x)) in list.iter_mut().zip(keyed.iter()) {
        *slot = x;
    }
}

fn other_end(e: [u32; 2], v: u32) -> u32 {
    if e[0] == v {
        e[1]
    } else {
        e[0]
    }
}

/// Perpendicular distance from `p` to the infinite line through `a` and `b`.
pub(crate) fn distance_to_line(p: Pt, a: Pt, b: Pt) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    if dx.abs() + dy.abs() < 1e-7 {
        return p.dist(a);
    }
    let a2 = (p.y - a.y) * dx - (p.x - a.x) * dy;
    (a2 * a2 / (dx * dx + dy * dy)).sqrt()
}

/// Ludii's clockwise-from-North sort key of a heading from `a` to `b`.
pub(crate) fn clockwise_key(a: Pt, b: Pt) -> f64 {
    let mut s = std::f64::consts::FRAC_PI_2 - atan2_from(a, b) + 0.0001;
    while s < 0.0 {
        s += 2.0 * std::f64::consts::PI;
    }
    s
}

/// The mean length of the graph's edges, on the plane (Ludii's unit of a board's
/// measures; 1 for a graph without edges).
fn average_edge_length(g: &Graph) -> f64 {
    if g.edges.is_empty() {
        return 1.0;
    }
    let total: f64 = g
        .edges
        .iter()
        .map(|&[a, b]| g.vertices[a as usize].dist(g.vertices[b as usize]))
        .sum();
    total / g.edges.len() as f64
}

/// The direction between layers of a step from `a` (height `za`) to `b` (height `zb`)
/// (Ludii's `mapAngleToAbsoluteDirection` off the plane): None on one layer (heights
/// within a tenth of `unit`); `U` or `D` straight above or below; else up or down towards
/// the compass point of the heading, among 8 sectors, or among 16 (`sixteen`, after a
/// collision) where the points between take their quadrant's intercardinal point.
fn layer_between(a: Pt, za: f64, b: Pt, zb: f64, unit: f64, sixteen: bool) -> Option<Lay> {
    let up = if zb - za > 0.1 * unit {
        true
    } else if zb - za < -0.1 * unit {
        false
    } else {
        return None;
    };
    if a.dist(b) < 0.1 * unit {
        return Some(if up { Lay::U } else { Lay::D });
    }
    let d = compass(a, b, sixteen) as usize;
    let d8 = if d.is_multiple_of(4) { d } else { d / 4 * 4 + 2 };
    Some(Lay::towards(up, Dir::ALL[d8]))
}

/// Compass name of a heading, with 8 sectors or (after a collision) 16 sectors.
fn compass(a: Pt, b: Pt, sixteen: bool) -> Dir {
    let mut deg = atan2_from(a, b).to_degrees();
    if deg < 0.0 {
        deg += 360.0;
    }
    if sixteen {
        let k = ((deg + 11.25) / 22.5).floor() as i32 % 16;
        Dir::ALL[((4 - k).rem_euclid(16)) as usize]
    } else {
        let k = ((deg + 22.5) / 45.0).floor() as i32 % 8;
        Dir::ALL[((4 - 2 * k).rem_euclid(16)) as usize]
    }
}

/// `MathRoutines.absTanAngleDifferencePosX`.
fn abs_tan_turn(a: Pt, b: Pt, c: Pt) -> f64 {
    let (vx, vy) = (b.x - a.x, b.y - a.y);
    let (ux, uy) = (c.x - b.x, c.y - b.y);
    let x = ux * vx + uy * vy;
    if x <= 0.0 {
        return f64::INFINITY;
    }
    ((ux * -vy + uy * vx) / x).abs()
}

/// Of the steps in direction `d` from `cur` (reached from `prev`), the one that bends least,
/// if it bends less than `tan_threshold` (the first of equals; a straight one ends the search).
fn straightest(steps: &SiteSteps, d: Direction, pos: &[Pt], prev: u32, cur: u32, tan_threshold: f64) -> Option<u32> {
    // (a circular direction follows its first step, however it bends; `Rotational` the
    // straightest of its steps, as the others)
    if let Direction::Circular(c) = d {
        if c != Circ::Rotational {
            return steps.in_direction(d).next().map(|k| steps.to[k]);
        }
    }
    let (pp, cp) = (pos[prev as usize], pos[cur as usize]);
    let mut best = (tan_threshold, None);
    for k in steps.in_direction(d) {
        let nx = steps.to[k];
        let t = abs_tan_turn(pp, cp, pos[nx as usize]);
        if t < best.0 {
            best = (t, Some(nx));
            if t == 0.0 {
                break;
            }
        }
    }
    best.1
}

/// Same-type steps of one site, clockwise from N, with relation flags, compass names and
/// circular directions (bit per [`Circ`]).
struct SiteSteps {
    to: Vec<u32>,
    flags: Vec<u8>,
    dir: Vec<Dir>,
    circ: Vec<u8>,
    /// The direction of a step to another layer ([`Lay`] as u8; [`NO_LAYER`]: a step on
    /// the element's own layer, named by `dir`).
    layer: Vec<u8>,
}

const NO_LAYER: u8 = u8::MAX;

impl SiteSteps {
    fn in_direction(&self, d: Direction) -> impl Iterator<Item = usize> + '_ {
        (0..self.to.len()).filter(move |&k| match d {
            Direction::Rel(r) => self.flags[k] & (1 << r as u8) != 0,
            Direction::Compass(c) => self.dir[k] == c && self.layer[k] == NO_LAYER,
            Direction::Circular(c) => self.circ[k] & (1 << c as u8) != 0,
            Direction::Layer(l) => self.layer[k] == l as u8,
            Direction::Relative(_) | Direction::Dynamic(_) => false,
        })
    }
}

/// The circular directions of each element's steps on a board with pivots (Ludii's
/// `Trajectories.setCircularDirections`): every step of a pivot vertex goes `Out`; from
/// another element with a pivot (a vertex's own; a cell's, its first vertex's that has one;
/// an edge's, its first end's that has one), a step that is not diagonal goes `In` when it
/// heads at the pivot (cosine above 0.9), `Out` when it heads away (below -0.9), else `CW`
/// or `CCW` by the side of the pivot it ends on, along an arc ([`Graph::curved`]) only. Each
/// is `Rotational` too. (Ludii looks the arc up by the two elements' indices as vertices',
/// whatever their type: so do we.)
fn set_circular(g: &Graph, ty: SiteType, pos: &[Pt], site_steps: &mut [SiteSteps]) {
    let nv = g.vertices.len();
    if g.pivots.len() != nv {
        return;
    }
    let rotational = 1u8 << Circ::Rotational as u8;
    let mut is_pivot = vec![false; nv];
    for &p in &g.pivots {
        if let Some(x) = is_pivot.get_mut(p as usize) {
            *x = true;
        }
    }
    let pivot_of = |i: usize| -> Option<u32> {
        let first = |vs: &mut dyn Iterator<Item = u32>| {
            vs.map(|v| g.pivots.get(v as usize).copied().unwrap_or(NO_PIVOT))
                .find(|&p| p != NO_PIVOT)
        };
        let p = match ty {
            SiteType::Vertex => g.pivots.get(i).copied().filter(|&p| p != NO_PIVOT),
            SiteType::Cell => first(&mut g.faces.get(i)?.iter().copied()),
            SiteType::Edge => first(&mut g.edges.get(i)?.iter().copied()),
        };
        p.filter(|&p| (p as usize) < nv)
    };
    let unit = |a: Pt, b: Pt| {
        let (dx, dy) = (b.x - a.x, b.y - a.y);
        let len = (dx * dx + dy * dy).sqrt();
        if len > 0.0 {
            (dx / len, dy / len)
        } else {
            (0.0, 0.0)
        }
    };
    for (i, st) in site_steps.iter_mut().enumerate() {
        if ty == SiteType::Vertex && is_pivot[i] {
            st.circ.iter_mut().for_each(|c| *c = 1 << Circ::Out as u8 | rotational);
            continue;
        }
        let Some(pivot) = pivot_of(i) else {
            continue;
        };
        let (me, p) = (pos[i], g.vertices[pivot as usize]);
        for k in 0..st.to.len() {
            if st.flags[k] & (1 << Relation::Diagonal as u8) != 0 {
                continue;
            }
            let t = pos[st.to[k] as usize];
            let (ab, ap) = (unit(me, t), unit(me, p));
            let dot = ab.0 * ap.0 + ab.1 * ap.1;
            let c = if dot > 0.9 {
                Circ::In
            } else if dot < -0.9 {
                Circ::Out
            } else {
                let (a, b) = (i as u32, st.to[k]);
                if g.curved.binary_search(&[a.min(b), a.max(b)]).is_err() {
                    continue;
                }
                // (Ludii's `whichSide` of the step's end about the line from the pivot)
                let side = (t.x - p.x) * (me.y - p.y) - (t.y - p.y) * (me.x - p.x);
                if side > 1e-6 {
                    Circ::CW
                } else {
                    Circ::CCW
                }
            };
            st.circ[k] = 1 << c as u8 | rotational;
        }
    }
}

fn build_csr(rows: impl Iterator<Item = Vec<u32>>) -> Csr {
    let mut csr = Csr {
        offsets: vec![0],
        items: Vec::new(),
    };
    for r in rows {
        csr.items.extend(r);
        csr.offsets.push(csr.items.len() as u32);
    }
    csr
}

pub(crate) fn build_board(g: &Graph, ty: SiteType) -> Board {
    let inc = Incidence::new(g);
    let n = g.count(ty);
    let pos: Vec<Pt> = (0..n as u32).map(|i| inc.pos(ty, i)).collect();

    // Steps, names (8 or 16 sectors per element), clockwise order. On a board of vertices
    // in layers, a step to another layer is named by its direction between layers instead.
    let layered = ty == SiteType::Vertex && g.z.len() == n && g.z.iter().any(|&z| z != g.z[0]);
    let unit = average_edge_length(g);
    let layer = |i: u32, t: u32, sixteen: bool| -> Option<Lay> {
        if !layered {
            return None;
        }
        layer_between(
            pos[i as usize],
            g.z[i as usize],
            pos[t as usize],
            g.z[t as usize],
            unit,
            sixteen,
        )
    };
    let mut site_steps = Vec::with_capacity(n);
    for i in 0..n as u32 {
        let all = inc.steps(ty, i);
        let me = pos[i as usize];
        let mut seen = 0u64;
        let mut collision = false;
        for s in &all {
            let d = match (s.ty == ty).then(|| layer(i, s.to, false)).flatten() {
                Some(l) => 16 + l as u32,
                None => compass(me, inc.pos(s.ty, s.to), false) as u32,
            };
            if seen & (1 << d) != 0 {
                collision = true;
                break;
            }
            seen |= 1 << d;
        }
        let mut same: Vec<(f64, Step)> = all
            .into_iter()
            .filter(|s| s.ty == ty)
            .map(|s| (clockwise_key(me, pos[s.to as usize]), s))
            .collect();
        same.sort_by(|a, b| a.0.total_cmp(&b.0));
        let same: Vec<Step> = same.into_iter().map(|(_, s)| s).collect();
        site_steps.push(SiteSteps {
            to: same.iter().map(|s| s.to).collect(),
            flags: same.iter().map(|s| s.flags).collect(),
            dir: same
                .iter()
                .map(|s| compass(me, pos[s.to as usize], collision))
                .collect(),
            circ: vec![0; same.len()],
            layer: same
                .iter()
                .map(|s| layer(i, s.to, collision).map_or(NO_LAYER, |l| l as u8))
                .collect(),
        });
    }
    set_circular(g, ty, &pos, &mut site_steps);

    let relations: [Csr; 5] = Relation::ALL.map(|r| {
        build_csr(
            site_steps
                .iter()
                .map(|s| s.in_direction(Direction::Rel(r)).map(|k| s.to[k]).collect()),
        )
    });
    // (rows `site * keys + key`: each site's steps in each direction of a family)
    let steps_by = |keys: &[Direction]| {
        build_csr((0..n).flat_map(|i| {
            keys.iter()
                .map(|&d| {
                    site_steps[i]
                        .in_direction(d)
                        .map(|k| site_steps[i].to[k])
                        .collect::<Vec<u32>>()
                })
                .collect::<Vec<_>>()
        }))
    };
    let dir_steps = steps_by(&Dir::ALL.map(Direction::Compass));
    let circ_steps = steps_by(&Circ::ALL.map(Direction::Circular));
    let layer_steps = steps_by(&Lay::ALL.map(Direction::Layer));
    let mut supported = [0u16; 5];
    for s in &site_steps {
        for k in 0..s.to.len() {
            for r in Relation::ALL {
                if s.flags[k] & (1 << r as u8) != 0 && s.layer[k] == NO_LAYER {
                    supported[r as usize] |= 1 << s.dir[k] as u16;
                }
            }
        }
    }

    let radials = build_radials(&site_steps, &pos);

    // Rows, columns, labels (MeasureGraph.measureSituation).
    let vertex_thetas = if ty == SiteType::Edge {
        Some(best_thetas(&g.vertices))
    } else {
        None
    };
    let (rows, cols) = match vertex_thetas {
        Some((tr, tc)) => {
            let unit = unit_length(&pos);
            let mut rows = vec![0; n];
            let mut cols = vec![0; n];
            cluster(&pos, Axis::Row, unit, tr, &mut rows);
            cluster(&pos, Axis::Column, unit, tc, &mut cols);
            (rows, cols)
        }
        None => rows_and_columns(&pos),
    };
    let mut labels: Vec<String> = (0..n).map(|i| coordinate_label(rows[i], cols[i])).collect();
    // a layered board's vertices: the layer after the label (`C3/2`)
    if ty == SiteType::Vertex && g.z.len() == n {
        let mut heights: Vec<f64> = g.z.clone();
        heights.sort_by(f64::total_cmp);
        heights.dedup_by(|a, b| (*a - *b).abs() < 1e-4);
        if heights.len() > 1 {
            for (i, l) in labels.iter_mut().enumerate() {
                let layer = heights.iter().position(|&h| (g.z[i] - h).abs() < 1e-4).unwrap_or(0);
                l.push_str(&format!("/{layer}"));
            }
        }
    }
    let (mut rows, mut cols) = (rows, cols);
    let mut distinct = std::collections::HashSet::new();
    if !labels.iter().all(|l| distinct.insert(l.as_str())) {
        // Ludii's "duplicate coordinates": rows and columns by distinct y and x instead.
        rows = rank_within(&pos, |p| p.y);
        cols = rank_within(&pos, |p| p.x);
        labels = (0..n).map(|i| fallback_label(rows[i], cols[i])).collect();
    }
    if ty == SiteType::Edge {
        // Ludii's edges are labelled by their index.
        labels = (0..n).map(|i| i.to_string()).collect();
    }

    // Perimeter, corners, centre.
    let (perimeter, corners, sides) = perimeter_and_corners(&inc, ty);
    let centre = geometric_centre(&pos, &perimeter, &corners);

    Board {
        site_type: ty,
        num_sites: n,
        graph_counts: [g.vertices.len(), g.edges.len(), g.faces.len()],
        graph: g.clone(),
        x: pos.iter().map(|p| p.x).collect(),
        y: pos.iter().map(|p| p.y).collect(),
        row: rows,
        col: cols,
        labels,
        relations,
        dir_steps,
        circ_steps,
        layer_steps,
        supported,
        radial_sites: radials.sites,
        radial_ends: radials.ends,
        site_radials: radials.by_site,
        centre_point: centre.first().copied(),
        centre,
        corners: (0..n as u32).filter(|&i| corners[i as usize]).collect(),
        perimeter: (0..n as u32).filter(|&i| perimeter[i as usize]).collect(),
        sides,
        distance_tables: Default::default(),
        radial_words: Default::default(),
        phases: Default::default(),
        near_in_words: Default::default(),
    }
}

// ---------------------------------------------------------------------------------------
// Radials.

/// Every radial of every site, stored once for all the radials that end alike.
struct Radials {
    /// The sites of the radials; a radial is a slice of it, and the radial that follows
    /// another one step further along the same line usually is the rest of its slice.
    sites: Vec<u32>,
    /// By radial id: its slice of `sites`.
    ends: Vec<[u32; 2]>,
    /// Row `site * 21 + direction key`: radial ids, clockwise from N.
    by_site: Csr,
}

/// The radials (`Trajectories.generateRadials`): from each site, one per step in each
/// direction, continued from each site by its step in that direction bending least (below
/// 0.25 rad), until there is none or it would revisit a site of the radial.
///
/// Walking every radial from every site costs the total length of all radials (for a line
/// of k sites, k² / 2). The next site after a step depends only on that step (a segment),
/// so each segment has at most one next segment: the radial of a segment from site i is i
/// followed by the radial of its next segment, whenever i is not on that one. A chain of
/// segments is written once, from its first segment on, and each segment's radial is the
/// rest of the chain from its place; a chain running into one already written copies that
/// one's radial after its own sites. Segments whose radial would hold a site twice (a line
/// closing on itself) are walked one by one, as Ludii does.
fn build_radials(site_steps: &[SiteSteps], pos: &[Pt]) -> Radials {
    let n = site_steps.len();
    let tan_threshold = 0.25f64.tan();
    let mut sites: Vec<u32> = Vec::new();
    let mut ends: Vec<[u32; 2]> = Vec::new();
    // per direction key, per site: its radial ids in clockwise order
    let mut rows: Vec<Csr> = Vec::with_capacity(NUM_DIRECTION_KEYS);
    let mut stamp = vec![u32::MAX; n];
    let mut stamp_id = 0u32;
    let mut walk: Vec<u32> = Vec::new();
    for key in 0..NUM_DIRECTION_KEYS {
        let d = Direction::from_key(key);
        // Segments (from, to) of this direction, grouped by site in step order.
        let mut first = Vec::with_capacity(n + 1);
        let (mut from, mut to) = (Vec::new(), Vec::new());
        for (i, st) in site_steps.iter().enumerate() {
            first.push(from.len() as u32);
            for k in st.in_direction(d) {
                from.push(i as u32);
                to.push(st.to[k]);
            }
        }
        first.push(from.len() as u32);
        let m = from.len();
        let base = ends.len() as u32;
        // The next segment of each: from its end, the step bending least.
        let seg_of = |s: u32, t: u32| (first[s as usize]..first[s as usize + 1]).find(|&g| to[g as usize] == t);
        const NONE: u32 = u32::MAX;
        let next: Vec<u32> = (0..m)
            .map(|g| {
                let (prev, cur) = (from[g], to[g]);
                straightest(&site_steps[cur as usize], d, pos, prev, cur, tan_threshold)
                    .and_then(|nx| seg_of(cur, nx))
                    .unwrap_or(NONE)
            })
            .collect();
        let mut has_previous = vec![0u64; m.div_ceil(64)];
        for &x in &next {
            if x != NONE {
                has_previous[x as usize / 64] |= 1 << (x % 64);
            }
        }
        ends.resize(ends.len() + m, [u32::MAX; 2]);
        // (bit sets: chains jump about the segments, small tables stay in the caches)
        let bit = |set: &[u64], x: u32| set[x as usize / 64] & (1 << (x % 64)) != 0;
        let mut placed = vec![0u64; m.div_ceil(64)];
        let mut on_path = vec![0u64; m.div_ceil(64)];
        let mut path: Vec<u32> = Vec::new();
        // chains from their first segments, then what is left (lines closing on themselves)
        let starts = (0..m as u32).filter(|&g| !bit(&has_previous, g)).chain(0..m as u32);
        for head in starts {
            if bit(&placed, head) {
                continue;
            }
            path.clear();
            let mut g = head;
            let mut cycle = false;
            while g != NONE {
                if bit(&placed, g) {
                    break;
                }
                if bit(&on_path, g) {
                    cycle = true;
                    break;
                }
                on_path[g as usize / 64] |= 1 << (g % 64);
                path.push(g);
                g = next[g as usize];
            }
            for &x in &path {
                on_path[x as usize / 64] &= !(1 << (x % 64));
                placed[x as usize / 64] |= 1 << (x % 64);
            }
            let mut direct = path.len();
            if !cycle {
                // the chain's sites, then the end of its last segment or the radial it joins
                let at = sites.len();
                sites.extend(path.iter().map(|&x| from[x as usize]));
                if g == NONE {
                    sites.push(to[*path.last().expect("a chain has a segment") as usize]);
                } else {
                    let [a, b] = ends[(base + g) as usize];
                    sites.extend_from_within(a as usize..b as usize);
                }
                // a segment's radial is the rest of the chain where no site comes twice
                stamp_id = stamp_id.wrapping_add(1);
                let mut clean_from = at;
                for p in (at..sites.len()).rev() {
                    let s = sites[p] as usize;
                    if stamp[s] == stamp_id {
                        break;
                    }
                    stamp[s] = stamp_id;
                    clean_from = p;
                }
                direct = (clean_from - at).min(path.len());
                for (j, &x) in path.iter().enumerate().skip(direct) {
                    ends[(base + x) as usize] = [(at + j) as u32, sites.len() as u32];
                }
            }
            for &x in &path[..direct] {
                walk_radial(
                    site_steps,
                    pos,
                    d,
                    from[x as usize],
                    to[x as usize],
                    tan_threshold,
                    &mut walk,
                );
                let at = sites.len() as u32;
                sites.extend_from_slice(&walk);
                ends[(base + x) as usize] = [at, sites.len() as u32];
            }
        }
        // Each site's radials, by the heading of their first step clockwise from N (a
        // stable sort by it keeps the order of the steps, already sorted by it).
        rows.push(Csr {
            offsets: first,
            items: (base..base + m as u32).collect(),
        });
    }
    rotational_radials(&mut rows, &sites, &ends);
    let mut by_site = Csr {
        offsets: Vec::with_capacity(n * NUM_DIRECTION_KEYS + 1),
        items: Vec::with_capacity(ends.len()),
    };
    by_site.offsets.push(0);
    for i in 0..n {
        for r in &rows {
            by_site.items.extend_from_slice(r.row(i));
            by_site.offsets.push(by_site.items.len() as u32);
        }
    }
    Radials { sites, ends, by_site }
}

/// A site's `Rotational` radials: its own (straight along rotational steps) and its `In`,
/// `Out`, `CW` and `CCW` ones, less each that starts another one (or repeats an earlier
/// one), as Ludii's `generateRadials` gathers them.
fn rotational_radials(rows: &mut [Csr], sites: &[u32], ends: &[[u32; 2]]) {
    let key = |c: Circ| Direction::Circular(c).key();
    let n = rows[0].offsets.len() - 1;
    let radial = |r: u32| {
        let [a, b] = ends[r as usize];
        &sites[a as usize..b as usize]
    };
    let mut out = Csr {
        offsets: vec![0],
        items: Vec::new(),
    };
    let mut all: Vec<u32> = Vec::new();
    for i in 0..n {
        all.clear();
        for c in [Circ::Rotational, Circ::In, Circ::Out, Circ::CW, Circ::CCW] {
            all.extend_from_slice(rows[key(c)].row(i));
        }
        // (from the last: one that starts another is dropped, so of equal ones the first stays)
        let mut k = all.len();
        while k > 0 {
            k -= 1;
            let r = radial(all[k]);
            if (0..all.len()).any(|j| j != k && radial(all[j]).starts_with(r)) {
                all.remove(k);
            }
        }
        out.items.extend_from_slice(&all);
        out.offsets.push(out.items.len() as u32);
    }
    rows[key(Circ::Rotational)] = out;
}

/// The radial of the step from `from` to `to` in direction `d`, walked site by site.
fn walk_radial(
    site_steps: &[SiteSteps],
    pos: &[Pt],
    d: Direction,
    from: u32,
    to: u32,
    tan_threshold: f64,
    walk: &mut Vec<u32>,
) {
    walk.clear();
    walk.push(from);
    let mut cur = to;
    loop {
        let prev = *walk.last().expect("the origin is there");
        walk.push(cur);
        match straightest(&site_steps[cur as usize], d, pos, prev, cur, tan_threshold) {
            Some(nx) if !walk.contains(&nx) => cur = nx,
            _ => break,
        }
    }
}

// ---------------------------------------------------------------------------------------
// Rows and columns.

#[derive(Clone, Copy, PartialEq)]
enum Axis {
    Row,
    Column,
}

fn bounds(pts: &[Pt]) -> (f64, f64, f64, f64) {
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for p in pts {
        x0 = x0.min(p.x);
        y0 = y0.min(p.y);
        x1 = x1.max(p.x);
        y1 = y1.max(p.y);
    }
    (x0, y0, x1 - x0, y1 - y0)
}

fn unit_length(pts: &[Pt]) -> f64 {
    let (_, _, w, h) = bounds(pts);
    (w + h) / 2.0 / (pts.len() as f64).sqrt()
}

/// `MeasureGraph.clusterByDimension`: buckets along a reference line at angle `theta`;
/// writes bucket numbers to `out` and returns Ludii's (quirky) error score.
fn cluster(pts: &[Pt], axis: Axis, unit: f64, theta: f64, out: &mut [u32]) -> f64 {
    let (bx, by, w, h) = bounds(pts);
    let ref_a = match axis {
        Axis::Row => Pt::new(bx + w / 2.0, by - h),
        Axis::Column => Pt::new(bx - w, by + h / 2.0),
    };
    let ref_b = Pt::new(ref_a.x + w * theta.cos(), ref_a.y + w * theta.sin());
    let mut rank: Vec<(usize, f64)> = pts
        .iter()
        .enumerate()
        .map(|(i, &p)| (i, distance_to_line(p, ref_a, ref_b)))
        .collect();
    rank.sort_by(|a, b| a.1.partial_cmp(&b.1).unwrap_or(std::cmp::Ordering::Equal));
    let margin = 0.6 * unit;
    // Buckets: (total, items).
    let mut buckets: Vec<(f64, Vec<(usize, f64)>)> = Vec::new();
    for item in rank {
        let open = match buckets.last() {
            None => true,
            Some((total, items)) => (item.1 - total / items.len() as f64).abs() > margin,
        };
        if open {
            buckets.push((0.0, Vec::new()));
        }
        let b = buckets.last_mut().unwrap();
        b.0 += item.1;
        b.1.push(item);
    }
    let mut error = 0.0;
    for (bid, (total, items)) in buckets.iter().enumerate() {
        let mean = total / items.len() as f64;
        let mut acc = 0.0;
        for &(i, score) in items {
            out[i] = bid as u32;
            // Ludii overwrites instead of accumulating: only the last item counts.
            acc = (mean - score) * (mean - score);
        }
        error += acc / items.len() as f64;
    }
    error + 0.01 * buckets.len() as f64
}

fn best_thetas(pts: &[Pt]) -> (f64, f64) {
    let unit = unit_length(pts);
    let mut scratch = vec![0; pts.len()];
    let mut pick = |axis: Axis, base: f64, angles: &[i32]| {
        let (mut best_err, mut best) = (1000.0, 0.0);
        for &a in angles {
            let theta = base + a as f64 / 180.0 * std::f64::consts::PI;
            let err = cluster(pts, axis, unit, theta, &mut scratch);
            if err < best_err {
                best_err = err;
                best = theta;
                if err < 0.01 {
                    break;
                }
            }
        }
        best
    };
    let tr = pick(Axis::Row, 0.0, &[0, 15, 30, 45, 60]);
    let tc = pick(Axis::Column, tr, &[90, 105, 120]);
    (tr, tc)
}

fn rows_and_columns(pts: &[Pt]) -> (Vec<u32>, Vec<u32>) {
    let n = pts.len();
    let mut rows = vec![0; n];
    let mut cols = vec![0; n];
    if n == 0 {
        return (rows, cols);
    }
    let (tr, tc) = best_thetas(pts);
    let unit = unit_length(pts);
    cluster(pts, Axis::Row, unit, tr, &mut rows);
    cluster(pts, Axis::Column, unit, tc, &mut cols);
    (rows, cols)
}

/// Ranks of a coordinate among its distinct values (within 0.001, ascending), as Ludii's
/// `Topology.computeRows/computeColumns` for boards with duplicate labels (an element near
/// several values takes the last).
fn rank_within(pts: &[Pt], coord: impl Fn(&Pt) -> f64) -> Vec<u32> {
    let mut values: Vec<f64> = Vec::new();
    for p in pts {
        let v = coord(p);
        if !values.iter().any(|&c| (v - c).abs() < 0.001) {
            values.push(v);
        }
    }
    values.sort_by(f64::total_cmp);
    pts.iter()
        .map(|p| {
            let v = coord(p);
            values.iter().rposition(|&c| (v - c).abs() < 0.001).unwrap_or(0) as u32
        })
        .collect()
}

/// The label of `Topology.computeCoordinates` (boards with duplicate labels).
fn fallback_label(row: u32, col: u32) -> String {
    let mut label = String::new();
    if col >= 26 {
        label.push((b'A' + (col / 26) as u8 - 1) as char);
    }
    label.push((b'A' + (col % 26) as u8) as char);
    label.push_str(&(row + 1).to_string());
    label
}

/// Ludii's coordinate label: column letters then 1-based row.
pub(crate) fn coordinate_label(row: u32, col: u32) -> String {
    let mut column = col;
    let mut label = String::new();
    label.push((b'A' + (column % 26) as u8) as char);
    while column >= 26 {
        column /= 26;
        label.insert(0, (b'A' + (column % 26) as u8 - 1) as char);
    }
    label.push_str(&(row + 1).to_string());
    label
}

// ---------------------------------------------------------------------------------------
// Perimeter, corners, centre.

/// The even-odd test of every side (Ludii's `MathRoutines.pointInPolygon`): what
/// [`Polygon::contains`] answers.
#[cfg(test)]
fn point_in_polygon(p: Pt, poly: &[Pt]) -> bool {
    let n = poly.len();
    let mut odd = false;
    let mut j = n.wrapping_sub(1);
    for i in 0..n {
        let (a, b) = (poly[i], poly[j]);
        if ((a.y < p.y && b.y >= p.y) || (b.y < p.y && a.y >= p.y)) && (a.x <= p.x || b.x <= p.x) {
            odd ^= a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) < p.x;
        }
        j = i;
    }
    odd
}

/// A polygon with its sides filed by horizontal strips: [`Polygon::contains`] tests only the
/// sides of the point's strip, and gives what [`point_in_polygon`] gives (a side counts only
/// for a point whose y is above its lower end and not above its upper end, so the others
/// would change nothing; the parity does not depend on the order of the sides).
struct Polygon {
    pts: Vec<Pt>,
    /// The sides that can count (not horizontal), as the index of their first end, by strip.
    strips: Vec<Vec<u32>>,
    /// The least lower end and the greatest upper end of the sides that can count.
    lo: f64,
    hi: f64,
    height: f64,
}

impl Polygon {
    fn new(pts: Vec<Pt>) -> Polygon {
        let n = pts.len();
        let side = |i: usize| (pts[i], pts[(i + n - 1) % n]);
        let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
        for i in 0..n {
            let (a, b) = side(i);
            if a.y.min(b.y) < a.y.max(b.y) {
                lo = lo.min(a.y.min(b.y));
                hi = hi.max(a.y.max(b.y));
            }
        }
        let count = n.max(1);
        let height = (hi - lo) / count as f64;
        let mut poly = Polygon {
            pts,
            strips: Vec::new(),
            lo,
            hi,
            height,
        };
        if !(height > 0.0 && height.is_finite()) {
            // no side can count, or bounds too wide to file: every side in one strip
            poly.strips = vec![(0..n as u32).collect()];
            poly.height = f64::INFINITY;
            return poly;
        }
        poly.strips = vec![Vec::new(); count];
        for i in 0..n {
            let (a, b) = (poly.pts[i], poly.pts[(i + n - 1) % n]);
            if a.y.min(b.y) < a.y.max(b.y) {
                for k in poly.strip(a.y.min(b.y))..=poly.strip(a.y.max(b.y)) {
                    poly.strips[k].push(i as u32);
                }
            }
        }
        poly
    }

    fn strip(&self, y: f64) -> usize {
        (((y - self.lo) / self.height).floor().max(0.0) as usize).min(self.strips.len() - 1)
    }

    /// The y values of the points that can be inside, (lo, hi]; none if no side counts.
    fn y_range(&self) -> Option<(f64, f64)> {
        (self.lo < self.hi).then_some((self.lo, self.hi))
    }

    fn contains(&self, p: Pt) -> bool {
        let n = self.pts.len();
        let strip = if self.height.is_infinite() {
            &self.strips[0]
        } else if p.y > self.lo {
            &self.strips[self.strip(p.y)]
        } else {
            return false;
        };
        let mut odd = false;
        for &i in strip {
            let i = i as usize;
            let (a, b) = (self.pts[i], self.pts[(i + n - 1) % n]);
            if ((a.y < p.y && b.y >= p.y) || (b.y < p.y && a.y >= p.y)) && (a.x <= p.x || b.x <= p.x) {
                odd ^= a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x) < p.x;
            }
        }
        odd
    }
}

/// Follows the outer boundary clockwise from the leftmost vertex (`followPerimeterClockwise`).
fn follow_perimeter(inc: &Incidence, from: u32) -> Vec<u32> {
    let g = inc.g;
    let edges = &inc.v_edges;
    if edges[from as usize].is_empty() {
        return vec![from];
    }
    let fp = g.vertices[from as usize];
    let mut edge = edges[from as usize][0];
    let mut best = f64::MAX;
    for &e in &edges[from as usize] {
        let to = g.vertices[other_end(g.edges[e as usize], from) as usize];
        let angle = (to.x - fp.x).atan2(-(to.y - fp.y));
        if angle < best {
            best = angle;
            edge = e;
        }
    }
    let mut out = Vec::new();
    let mut v = from;
    let limit = 4 * g.edges.len() + 4;
    loop {
        out.push(v);
        let prev = v;
        v = other_end(g.edges[edge as usize], v);
        let list = &edges[v as usize];
        let i = list.iter().position(|&e| e == edge).unwrap_or(0);
        for k in 1..list.len() {
            edge = list[(i + k) % list.len()];
            if other_end(g.edges[edge as usize], v) != prev {
                break;
            }
        }
        if v == from || out.len() > limit {
            break;
        }
    }
    out
}

fn clockwise3(a: Pt, b: Pt, c: Pt) -> bool {
    (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y) < 1e-7
}

/// Corner vertices of one perimeter (`cornersFromPerimeter`): (convex, concave) flags.
fn perimeter_corners(inc: &Incidence, perim: &[u32], convex: &mut [bool], concave: &mut [bool]) {
    let num = perim.len();
    if num < 6 {
        for &v in perim {
            convex[v as usize] = true;
        }
        return;
    }
    let pts: Vec<Pt> = perim.iter().map(|&v| inc.g.vertices[v as usize]).collect();
    let mut scores = vec![0.0; num];
    for n in 0..num {
        let mut score = 0.0;
        for k in 1..4 {
            let a = pts[(n + num - k % num) % num];
            let b = pts[(n + k) % num];
            let mut d = distance_to_line(pts[n], a, b);
            if clockwise3(a, pts[n], b) {
                d = -d;
            }
            score += d / k as f64;
        }
        scores[n] = score;
    }
    let smoothed: Vec<f64> = (0..num)
        .map(|n| (4.0 * scores[n] + scores[(n + 1) % num] + scores[(n + num - 1) % num]) / 6.0)
        .collect();
    let s = smoothed;
    let tol = 0.001;
    let prev = |n: usize| s[(n + num - 1) % num];
    let next = |n: usize| s[(n + 1) % num];
    let mut keep: Vec<bool> = (0..num)
        .map(|n| !(s[n] < 0.320 || s[n] < prev(n) - tol || s[n] < next(n) - tol))
        .collect();
    // "Keep similar neighbours": Ludii iterates the bit set while setting bits ahead of it.
    let mut n = 0;
    while n < num {
        if keep[n] {
            if prev(n) >= 0.95 * s[n] {
                keep[(n + num - 1) % num] = true;
            }
            if next(n) >= 0.95 * s[n] {
                keep[(n + 1) % num] = true;
            }
        }
        n += 1;
    }
    for n in 0..num {
        if keep[n] {
            convex[perim[n] as usize] = true;
        }
    }
    for n in 0..num {
        if !(s[n] > -0.25 || s[n] > prev(n) + tol || s[n] > next(n) + tol) {
            concave[perim[n] as usize] = true;
        }
    }
}

/// Perimeter and corner flags of the sites of type `ty`, and their sides (bit `d` of a
/// site's mask: on side `d`, a [`Dir`] index).
fn perimeter_and_corners(inc: &Incidence, ty: SiteType) -> (Vec<bool>, Vec<bool>, Vec<u16>) {
    let g = inc.g;
    let nv = g.vertices.len();
    // Perimeters, one per connected component, minus those inside others. Each starts at
    // the uncovered vertex of least x (the first of equals; none at x ≥ 1e6, as Ludii):
    // the first uncovered one in the order of x. A perimeter covers the vertices inside it:
    // only those within its y range can be, found in the order of y.
    let mut by_x: Vec<u32> = (0..nv as u32).filter(|&v| g.vertices[v as usize].x < 1e6).collect();
    by_x.sort_by(|&a, &b| {
        let (xa, xb) = (g.vertices[a as usize].x, g.vertices[b as usize].x);
        xa.partial_cmp(&xb).unwrap_or(std::cmp::Ordering::Equal).then(a.cmp(&b))
    });
    let mut by_y: Vec<u32> = (0..nv as u32).filter(|&v| !g.vertices[v as usize].y.is_nan()).collect();
    by_y.sort_by(|&a, &b| g.vertices[a as usize].y.total_cmp(&g.vertices[b as usize].y));
    let mut next_start = 0;
    let mut covered = vec![false; nv];
    let mut perims: Vec<(Vec<u32>, Polygon)> = Vec::new();
    loop {
        while next_start < by_x.len() && covered[by_x[next_start] as usize] {
            next_start += 1;
        }
        let Some(&start) = by_x.get(next_start) else { break };
        let perim = follow_perimeter(inc, start);
        for &v in &perim {
            covered[v as usize] = true;
        }
        let poly = Polygon::new(perim.iter().map(|&v| g.vertices[v as usize]).collect());
        if let Some((lo, hi)) = poly.y_range() {
            let from = by_y.partition_point(|&v| g.vertices[v as usize].y <= lo);
            for &v in &by_y[from..] {
                let p = g.vertices[v as usize];
                if p.y > hi {
                    break;
                }
                if !covered[v as usize] && poly.contains(p) {
                    covered[v as usize] = true;
                }
            }
        }
        perims.push((perim, poly));
    }
    let mut k = perims.len();
    while k > 0 {
        k -= 1;
        let start = g.vertices[perims[k].0[0] as usize];
        let inside = (0..perims.len()).any(|o| o != k && perims[o].1.contains(start));
        if inside {
            perims.remove(k);
        }
    }
    let perims: Vec<Vec<u32>> = perims.into_iter().map(|(p, _)| p).collect();

    let mut v_per = vec![false; nv];
    let mut e_per = vec![false; g.edges.len()];
    let mut f_per = vec![false; g.faces.len()];
    let incident = |a: u32, b: u32| {
        inc.v_edges[a as usize]
            .iter()
            .copied()
            .find(|&e| other_end(g.edges[e as usize], a) == b)
    };
    for p in &perims {
        for n in 0..p.len() {
            let (a, b) = (p[n], p[(n + 1) % p.len()]);
            v_per[a as usize] = true;
            v_per[b as usize] = true;
            if let Some(e) = incident(a, b) {
                e_per[e as usize] = true;
                if let Some(f) = inc.e_faces[e as usize][0].or(inc.e_faces[e as usize][1]) {
                    f_per[f as usize] = true;
                }
            }
        }
    }
    for (f, face) in g.faces.iter().enumerate() {
        if face.iter().any(|&v| v_per[v as usize]) {
            f_per[f] = true;
        }
    }
    for (e, &[a, b]) in g.edges.iter().enumerate() {
        let [l, r] = inc.e_faces[e];
        if v_per[a as usize] && v_per[b as usize] && (l.is_none() || r.is_none()) {
            e_per[e] = true;
        }
    }

    // Corners.
    let mut convex = vec![false; nv];
    let mut concave = vec![false; nv];
    for p in &perims {
        perimeter_corners(inc, p, &mut convex, &mut concave);
    }
    let v_corner: Vec<bool> = (0..nv).map(|v| convex[v] || concave[v]).collect();
    let mut e_corner = vec![false; g.edges.len()];
    let mut f_corner = vec![false; g.faces.len()];
    for v in 0..nv as u32 {
        if !v_corner[v as usize] {
            continue;
        }
        let is_concave = concave[v as usize];
        let mut single_edge = false;
        for &e in &inc.v_edges[v as usize] {
            if v_corner[other_end(g.edges[e as usize], v) as usize] {
                e_corner[e as usize] = true;
                if let Some(f) = inc.e_faces[e as usize][0].or(inc.e_faces[e as usize][1]) {
                    f_corner[f as usize] = true;
                }
                single_edge = true;
            }
        }
        if single_edge {
            continue;
        }
        for &e in &inc.v_edges[v as usize] {
            if !e_per[e as usize] {
                continue;
            }
            e_corner[e as usize] = true;
            if is_concave {
                for &f in &inc.v_faces[v as usize] {
                    if g.faces[f as usize].iter().filter(|&&w| v_per[w as usize]).count() == 1 {
                        f_corner[f as usize] = true;
                    }
                }
            } else if let Some(f) = inc.e_faces[e as usize][0].or(inc.e_faces[e as usize][1]) {
                f_corner[f as usize] = true;
            }
        }
    }
    let v_side = vertex_sides(g, &perims, &v_corner);
    match ty {
        SiteType::Vertex => (v_per, v_corner, v_side),
        SiteType::Edge => {
            // (an edge or a cell is on the sides of its vertices)
            let sides = g
                .edges
                .iter()
                .map(|&[a, b]| v_side[a as usize] | v_side[b as usize])
                .collect();
            (e_per, e_corner, sides)
        }
        SiteType::Cell => {
            let sides = g
                .faces
                .iter()
                .map(|f| f.iter().fold(0, |m, &v| m | v_side[v as usize]))
                .collect();
            (f_per, f_corner, sides)
        }
    }
}

/// The side of the board each perimeter vertex is on (`measureSides`): each run of a
/// perimeter from a corner to the next (both included) is on the side named by the
/// direction, in 16ths of a turn, from the centroid of all vertices to the run's mean
/// position (E, N, W, S exactly; NE, NW, SW, SE between). A corner ends two runs.
fn vertex_sides(g: &Graph, perims: &[Vec<u32>], corner: &[bool]) -> Vec<u16> {
    let mut sides = vec![0u16; g.vertices.len()];
    if g.vertices.is_empty() {
        return sides;
    }
    let n = g.vertices.len() as f64;
    let mid_x = g.vertices.iter().map(|p| p.x).sum::<f64>() / n;
    let mid_y = g.vertices.iter().map(|p| p.y).sum::<f64>() / n;
    for p in perims {
        let num = p.len();
        for from in 0..num {
            if !corner[p[from] as usize] {
                continue;
            }
            let mut to = from + 1;
            while !corner[p[to % num] as usize] {
                to += 1;
            }
            let run = (from..=to).map(|i| g.vertices[p[i % num] as usize]);
            let (sx, sy) = run.fold((0.0, 0.0), |(x, y), q| (x + q.x, y + q.y));
            let k = (to - from + 1) as f64;
            let angle = (sy / k - mid_y).atan2(sx / k - mid_x);
            let dir = match discrete_direction(angle, 16) {
                0 => Dir::E,
                4 => Dir::N,
                8 => Dir::W,
                12 => Dir::S,
                1..=3 => Dir::NE,
                5..=7 => Dir::NW,
                9..=11 => Dir::SW,
                _ => Dir::SE,
            };
            for i in from..=to {
                sides[p[i % num] as usize] |= 1 << dir as u16;
            }
        }
    }
    sides
}

/// The arc, of `arcs` equal ones counterclockwise from east centred on their directions,
/// that an angle lies in.
fn discrete_direction(angle: f64, arcs: usize) -> usize {
    let arc = std::f64::consts::TAU / arcs as f64;
    let mut a = angle;
    while a < 0.0 {
        a += std::f64::consts::TAU;
    }
    while a > std::f64::consts::TAU {
        a -= std::f64::consts::TAU;
    }
    (((a + arc / 2.0) / arc) as usize + arcs) % arcs
}

/// `measureGeometricCentre`: sites minimising the summed squared distance to the perimeter
/// sites (only when there are fewer than 100 sites) plus the corner sites.
fn geometric_centre(pos: &[Pt], perimeter: &[bool], corners: &[bool]) -> Vec<u32> {
    let n = pos.len();
    let refs: Vec<Pt> = (0..n)
        .filter(|&i| n < 100 && perimeter[i])
        .chain((0..n).filter(|&i| corners[i]))
        .map(|i| pos[i])
        .collect();
    let d: Vec<f64> = pos.iter().map(|&p| refs.iter().map(|&q| p.dist2(q)).sum()).collect();
    let min = d.iter().copied().fold(1e6, f64::min);
    (0..n as u32).filter(|&i| (d[i as usize] - min).abs() < 1e-4).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The strips of a polygon give the answers of the test of every side.
    #[test]
    fn polygon_strips_agree_with_every_side() {
        let mut seed = 99u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 33) as f64 / (1u64 << 31) as f64
        };
        for sides in [0usize, 1, 2, 3, 5, 12, 40, 200] {
            for _ in 0..20 {
                // a star-shaped polygon with some sides on lattice rows (horizontal ones)
                let pts: Vec<Pt> = (0..sides)
                    .map(|k| {
                        let a = k as f64 / sides as f64 * std::f64::consts::TAU;
                        let r = 1.0 + 4.0 * next();
                        Pt::new((r * a.cos() * 2.0).round() / 2.0, (r * a.sin() * 2.0).round() / 2.0)
                    })
                    .collect();
                let poly = Polygon::new(pts.clone());
                for _ in 0..300 {
                    let p = Pt::new(
                        ((next() * 12.0 - 6.0) * 4.0).round() / 4.0,
                        ((next() * 12.0 - 6.0) * 4.0).round() / 4.0,
                    );
                    assert_eq!(poly.contains(p), point_in_polygon(p, &pts), "{p:?} in {pts:?}");
                    if poly.contains(p) {
                        let (lo, hi) = poly.y_range().expect("a point inside: a side counts");
                        assert!(p.y > lo && p.y <= hi);
                    }
                }
            }
        }
    }
}
