//! Graph-theory ludemes on a board played on its edges: `is Tree`, `is SpanningTree`,
//! `is RegularGraph` (the graph the edges holding a player's pieces form), `sites Crossing`
//! (the edges whose segments cross an edge) and the sites' costs (`cost`).

use super::game::{Ctx, GameDef};
use super::region::Region;
use crate::board::SiteType;
use crate::ir::{GraphKind, GraphTest, IntFn, PathTest, Role};

impl GameDef {
    /// The board's edges as pairs of vertices, when it is played on its edges.
    fn edge_ends(&self) -> Option<&[[u32; 2]]> {
        (self.board.site_type() == SiteType::Edge).then(|| &self.board.graph().edges[..])
    }

    /// [`GraphTest`] now.
    pub(super) fn is_graph(&self, g: &GraphTest, c: &Ctx) -> bool {
        if g.kind == GraphKind::TreeCentre {
            return self.is_tree_centre(self.int(&g.who, c), c);
        }
        let Some(edges) = self.edge_ends() else {
            return false;
        };
        let last = self.int(&IntFn::LastTo, c);
        if last < 0 {
            return false;
        }
        let what = |e: usize| {
            c.s.sites
                .get(e)
                .and_then(|st| st.last())
                .map_or(0, |p| i32::from(p.what))
        };
        let mut who = self.int(&g.who, c);
        if who == 0 {
            who = match what(last as usize) {
                0 => 1,
                w => w,
            };
        }
        let selected = (0..edges.len()).filter(|&e| what(e) == who);
        let vertices = self.board.graph().vertices.len();
        match g.kind {
            // (answered above, on any board)
            GraphKind::TreeCentre => false,
            GraphKind::Tree | GraphKind::SpanningTree => {
                let mut parent: Vec<u32> = (0..vertices as u32).collect();
                let mut count = 0;
                // (Ludii joins the edges from the last one down)
                for e in selected.rev() {
                    let [a, b] = edges[e];
                    let (ra, rb) = (find(&mut parent, a), find(&mut parent, b));
                    if ra == rb {
                        return false;
                    }
                    parent[ra as usize] = rb;
                    count += 1;
                }
                g.kind == GraphKind::Tree || count + 1 == vertices
            }
            GraphKind::Regular => {
                let mut neighbours: Vec<Vec<u32>> = vec![Vec::new(); vertices];
                for e in selected {
                    let [a, b] = edges[e];
                    for (x, y) in [(a, b), (b, a)] {
                        let n = &mut neighbours[x as usize];
                        if !n.contains(&y) {
                            n.push(y);
                        }
                    }
                }
                let k = g.k.as_ref().map_or(0, |k| self.int(k, c));
                let d = if k > 0 {
                    k as usize
                } else {
                    neighbours.iter().map(Vec::len).find(|&d| d > 0).unwrap_or(0)
                };
                neighbours.iter().all(|n| n.len() == d) && (!g.odd || d % 2 == 1) && (!g.even || d % 2 == 0)
            }
        }
    }

    /// `(is TreeCentre who)`: whether the last move's vertex is a centre of the tree the
    /// player's edges (any piece's, for the shared role) make around it, as Ludii finds one:
    /// the vertex its walk from the tree's first vertex towards the larger half reaches, or
    /// one of two leaves joined, or a neighbour of that centre as deep as it (by Ludii's
    /// walk, which follows one branch). False when the edges make a cycle.
    fn is_tree_centre(&self, who: i32, c: &Ctx) -> bool {
        let graph = self.board.graph();
        let (edges, vertices) = (&graph.edges, graph.vertices.len());
        let shared = who == i32::from(self.num_players) + 1;
        let held = |e: usize| {
            let top = match self.board.site_type() {
                SiteType::Edge => c.s.sites.get(e).and_then(|st| st.last()),
                _ => self.typed_stack(c.s, SiteType::Edge, e as i32).and_then(|st| st.last()),
            };
            top.is_some_and(|p| if shared { p.what != 0 } else { i32::from(p.who) == who })
        };
        let at = self.int(&IntFn::LastTo, c);
        let Ok(at) = usize::try_from(at) else { return false };
        if at >= vertices {
            return false;
        }
        // the trees: joined edge by edge, a cycle answering no
        let mut parent: Vec<Option<u32>> = vec![None; vertices];
        let mut adjacent: Vec<Vec<u32>> = vec![Vec::new(); vertices];
        let root = |parent: &[Option<u32>], mut v: u32| {
            while let Some(p) = parent[v as usize].filter(|&p| p != v) {
                v = p;
            }
            v
        };
        for e in (0..edges.len()).filter(|&e| held(e)) {
            let [a, b] = edges[e];
            adjacent[a as usize].push(b);
            adjacent[b as usize].push(a);
            let (ra, rb) = (root(&parent, a), root(&parent, b));
            if ra == rb {
                return false;
            }
            parent[ra as usize] = Some(rb);
            parent[rb as usize].get_or_insert(rb);
        }
        for list in &mut adjacent {
            list.sort_unstable();
            list.dedup();
        }
        // the tree of the last move's vertex, and its centre
        let tree: Vec<u32> = match parent[at].map(|_| root(&parent, at as u32)) {
            Some(r) => (0..vertices as u32)
                .filter(|&v| parent[v as usize].is_some() && root(&parent, v) == r)
                .collect(),
            None => Vec::new(),
        };
        let centre = tree.first().map_or(0, |&first| tree_centre(first, &adjacent));
        if at as u32 == centre {
            return true;
        }
        let degree = |v: u32| adjacent[v as usize].len();
        if degree(centre) == 1 && degree(at as u32) == 1 {
            return true;
        }
        if !adjacent[at].contains(&centre) {
            return false;
        }
        depth_along(at as u32, &tree, &adjacent) == depth_along(centre, &tree, &adjacent)
    }

    /// `(sites Crossing at:e role)`: the edges holding a piece of the role's player (any piece
    /// for `All` or `Shared`) whose segment crosses edge `e`'s strictly inside both.
    pub(super) fn crossing(&self, at: &IntFn, role: Role, c: &Ctx) -> Region {
        let mut r = Region::new(self.n());
        let (Some(edges), Ok(e)) = (self.edge_ends(), usize::try_from(self.int(at, c))) else {
            return r;
        };
        let Some(&[a0, a1]) = edges.get(e) else { return r };
        let any = matches!(role, Role::All | Role::Shared);
        let player = self.role_player(role, c);
        // (a fast form: the edges crossing `e` read from the table, against the sites of
        // the player's pieces)
        let k = self.n().div_ceil(64);
        let owners = match usize::try_from(player) {
            _ if any => None,
            // (a player of no row of the owners' table holds no edge)
            Ok(p) => Some(c.s.owned_words(p)),
            Err(_) => Some(&[][..]),
        };
        if let (Some(table), false) = (self.crossing_table().filter(|_| self.fast_forms), self.has_large_pieces) {
            for (i, &w) in table[e * k..e * k + k].iter().enumerate() {
                let held = match owners {
                    None => c.s.occupied_word(i),
                    Some(o) => o.get(i).copied().unwrap_or(0),
                };
                r.or_word(i, w & held);
            }
            return r;
        }
        let vs = &self.board.graph().vertices;
        let p = |v: u32| (vs[v as usize].x, vs[v as usize].y);
        for (k, &[b0, b1]) in edges.iter().enumerate() {
            let Some(top) = c.s.sites[k].last() else { continue };
            if k == e || !(any || i32::from(top.who) == player) {
                continue;
            }
            if segments_cross((p(a0), p(a1)), (p(b0), p(b1))) {
                r.insert(k as i32);
            }
        }
        r
    }

    /// Per edge, the other edges whose segments cross it strictly inside both, as bit words
    /// ([`GameDef::crossings`]); None off a board of edges or on one of more than 4,096.
    fn crossing_table(&self) -> Option<&[u64]> {
        self.crossings
            .get_or_init(|| {
                let edges = self.edge_ends()?;
                let (n, vs) = (edges.len(), &self.board.graph().vertices);
                if n > 4096 || n != self.n() {
                    return None;
                }
                let k = n.div_ceil(64);
                let p = |v: u32| (vs[v as usize].x, vs[v as usize].y);
                let mut table = vec![0u64; n * k].into_boxed_slice();
                for (e, &[a0, a1]) in edges.iter().enumerate() {
                    for (f, &[b0, b1]) in edges.iter().enumerate() {
                        if e != f && segments_cross((p(a0), p(a1)), (p(b0), p(b1))) {
                            table[e * k + f / 64] |= 1 << (f % 64);
                        }
                    }
                }
                Some(table)
            })
            .as_deref()
    }

    /// The sum of the costs of a region's sites (0 where none is set).
    pub(super) fn cost_of(&self, r: &Region) -> i32 {
        r.iter().map(|s| self.costs.get(s as usize).copied().unwrap_or(0)).sum()
    }
}

/// The centre Ludii's `IsTreeCentre` finds in the tree of `first` (its lowest vertex): from
/// there, on to the first neighbour whose subtree holds more than half the tree, while one
/// does.
fn tree_centre(first: u32, adjacent: &[Vec<u32>]) -> u32 {
    // each vertex's subtree size, rooted at `first` (parents found depth first, in order)
    let n = adjacent.len();
    let (mut size, mut parent, mut order) = (vec![1usize; n], vec![u32::MAX; n], Vec::new());
    let mut stack = vec![first];
    parent[first as usize] = first;
    while let Some(u) = stack.pop() {
        order.push(u);
        for &v in adjacent[u as usize].iter().rev() {
            if parent[v as usize] == u32::MAX {
                parent[v as usize] = u;
                stack.push(v);
            }
        }
    }
    for &u in order.iter().rev() {
        let p = parent[u as usize];
        if p != u {
            size[p as usize] += size[u as usize];
        }
    }
    let total = size[first as usize];
    let (mut u, mut from) = (first, u32::MAX);
    while let Some(&v) = adjacent[u as usize]
        .iter()
        .find(|&&v| v != from && v != u && size[v as usize] > total / 2)
    {
        (from, u) = (u, v);
    }
    u
}

/// The depth Ludii's `depthLimit` finds from `u` within `tree`: one step at a time to the
/// lowest neighbour not yet seen, counting the vertices reached, until none is left or
/// the walk is stuck.
fn depth_along(u: u32, tree: &[u32], adjacent: &[Vec<u32>]) -> usize {
    let mut left: Vec<u32> = tree.to_vec();
    let (mut u, mut depth) = (u, 0);
    loop {
        left.retain(|&v| v != u);
        depth += 1;
        if left.is_empty() {
            return depth;
        }
        match adjacent[u as usize].iter().find(|v| left.contains(v)) {
            Some(&v) => u = v,
            None => return depth,
        }
    }
}

/// The root of `v`'s set, halving the paths on the way.
fn find(parent: &mut [u32], mut v: u32) -> u32 {
    while parent[v as usize] != v {
        parent[v as usize] = parent[parent[v as usize] as usize];
        v = parent[v as usize];
    }
    v
}

/// Whether two segments cross at a point strictly inside both (Ludii keeps a margin of 1%
/// of each segment at its ends; parallel segments never cross).
fn segments_cross(
    ((ax, ay), (bx, by)): ((f64, f64), (f64, f64)),
    ((cx, cy), (dx, dy)): ((f64, f64), (f64, f64)),
) -> bool {
    let (rx, ry) = (bx - ax, by - ay);
    let (sx, sy) = (dx - cx, dy - cy);
    let det = sx * ry - sy * rx;
    if det.abs() < 1e-7 {
        return false;
    }
    let (qx, qy) = (cx - ax, cy - ay);
    let s = (qx * sy - qy * sx) / (rx * sy - ry * sx);
    let t = (qx * ry - qy * rx) / (rx * sy - ry * sx);
    let inside = |u: f64| u > 0.01 && u < 0.99;
    inside(s) && inside(t)
}

/// The most calls Ludii's path search below may make on one question: its walk of a path's
/// length branches at every fork and is bounded only by the length asked, so a bound here
/// keeps a board of many forks from taking forever (past it, the answer is no).
const MAX_PATH_STEPS: usize = 1 << 20;

/// What Ludii's `is Path Edge` search works on: the edges holding the player's pieces, and
/// the vertices they join.
struct PathSearch<'a> {
    ends: &'a [[u32; 2]],
    /// Per edge, whether it holds the player's piece.
    owned: Vec<bool>,
    /// Per vertex, its neighbours along owned edges, in edge order.
    neighbours: Vec<Vec<u32>>,
    steps: usize,
}

impl PathSearch<'_> {
    /// Ludii's search of the strongly connected part through `v1` and `v2` (Tarjan's, with
    /// visits numbered by depth, the parent skipped): the size of the part found when the
    /// search of `at` closes one holding both, whose vertices join `marks`; else 0.
    #[allow(clippy::too_many_arguments)]
    fn component(
        &self,
        at: usize,
        parent: Option<usize>,
        depth: usize,
        visit: &mut [usize],
        low: &mut [usize],
        stack: &mut Vec<usize>,
        marks: &mut [bool],
        (v1, v2): (usize, usize),
    ) -> usize {
        visit[at] = depth;
        low[at] = depth;
        stack.push(at);
        for &v in &self.neighbours[at] {
            let v = v as usize;
            if Some(v) == parent {
                continue;
            }
            if visit[v] == 0 {
                self.component(v, Some(at), depth + 1, visit, low, stack, marks, (v1, v2));
                low[at] = low[at].min(low[v]);
            } else if stack.contains(&v) {
                low[at] = low[at].min(visit[v]);
            }
        }
        if low[at] != visit[at] {
            return 0;
        }
        let Some(k) = stack.iter().rposition(|&w| w == at) else {
            return 0;
        };
        let part = stack.split_off(k);
        if part.contains(&v1) && part.contains(&v2) {
            part.iter().for_each(|&w| marks[w] = true);
            return part.len();
        }
        0
    }

    /// Ludii's walk of a path's length from `at` (having come along edge `came`): every
    /// owned edge but that one leaving `at` is walked (and marked), down to twice `size`
    /// steps; each depth reached is noted.
    fn walk(&mut self, came: usize, depth: usize, at: u32, size: usize, walked: &mut [bool], depths: &mut Vec<bool>) {
        self.steps += 1;
        if depth == size * 2 || self.steps > MAX_PATH_STEPS {
            return;
        }
        for e in 0..self.ends.len() {
            if !self.owned[e] || e == came {
                continue;
            }
            let [a, b] = self.ends[e];
            let next = if a == at {
                b
            } else if b == at {
                a
            } else {
                continue;
            };
            walked[e] = true;
            self.walk(e, depth + 1, next, size, walked, depths);
        }
        if depths.len() <= depth {
            depths.resize(depth + 1, false);
        }
        depths[depth] = true;
    }
}

/// Ludii's search of a shortest way from `from` to `to` along `adjacent` (not by the edge
/// joining them): the vertices are taken smallest first (not nearest first, as Ludii's
/// queue orders them); per vertex, the one it was reached from (`from` itself; 0 for one
/// not reached).
fn way_back(adjacent: &[Vec<u32>], from: usize, to: usize) -> Vec<usize> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let n = adjacent.len();
    let mut dist = vec![u32::MAX; n];
    let mut path = vec![0; n];
    let mut seen = vec![false; n];
    let mut queue = BinaryHeap::from([Reverse(from)]);
    dist[from] = 0;
    path[from] = from;
    while let Some(Reverse(u)) = queue.pop() {
        if u == to {
            break;
        }
        if std::mem::replace(&mut seen[u], true) {
            continue;
        }
        for &v in &adjacent[u] {
            let v = v as usize;
            if (u == from && v == to) || (u == to && v == from) {
                continue;
            }
            if dist[v] > dist[u] + 1 {
                dist[v] = dist[u] + 1;
                path[v] = u;
                queue.push(Reverse(v));
            }
        }
    }
    path
}

impl GameDef {
    /// [`PathTest`] now: Ludii's answer, by Ludii's search.
    pub(super) fn is_path(&self, p: &PathTest, c: &Ctx) -> bool {
        let site = match &p.from {
            Some(x) => self.int(x, c),
            None => self.int(&IntFn::LastTo, c),
        };
        let ends = &self.board.graph().edges[..];
        let Some(&[a, b]) = usize::try_from(site).ok().and_then(|e| ends.get(e)) else {
            return false;
        };
        let who = self.int(&p.who, c);
        let (min, max) = (self.int(&p.min, c), self.int(&p.max, c));
        let owner = |e: usize| {
            self.typed_stack(c.s, SiteType::Edge, e as i32)
                .and_then(|st| st.last())
                .map_or(0, |p| i32::from(p.who))
        };
        let owned: Vec<bool> = (0..ends.len()).map(|e| owner(e) == who).collect();
        let vertices = self.board.graph().vertices.len();
        let mut neighbours = vec![Vec::new(); vertices];
        for (e, &[x, y]) in ends.iter().enumerate() {
            if owned[e] {
                neighbours[x as usize].push(y);
                neighbours[y as usize].push(x);
            }
        }
        let mut search = PathSearch {
            ends,
            owned,
            neighbours,
            steps: 0,
        };
        let (v1, v2) = (a as usize, b as usize);
        let (mut visit, mut low, mut marks) = (vec![0; vertices], vec![0; vertices], vec![false; vertices]);
        let strong = search.component(v1, None, 1, &mut visit, &mut low, &mut Vec::new(), &mut marks, (v1, v2));
        if self.boolean(&p.closed, c) {
            let inside = (0..ends.len())
                .filter(|&e| search.owned[e] && marks[ends[e][0] as usize] && marks[ends[e][1] as usize])
                .count();
            if min == max {
                if strong == inside && strong as i32 == min {
                    return true;
                }
            } else if max > 2 && strong as i32 <= max && strong == inside && strong > 2 {
                return true;
            }
            if inside > strong {
                // (the neighbours as a set, ascending, as Ludii's bit sets give them)
                let mut adjacent = search.neighbours.clone();
                for n in &mut adjacent {
                    n.sort_unstable();
                    n.dedup();
                }
                let path = way_back(&adjacent, v1, v2);
                let (mut i, mut depth) = (v2, 1);
                while path[i] != i && depth <= vertices as i32 + 1 {
                    depth += 1;
                    i = path[i];
                }
                if (min == max && depth == min) || (max > 2 && depth <= max) {
                    return true;
                }
            }
            return false;
        }
        if strong != 0 {
            return false;
        }
        let size = if min == max { min } else { max }.max(0) as usize;
        let site = site as usize;
        let mut walked = vec![false; ends.len()];
        let (mut one, mut two) = (Vec::new(), Vec::new());
        search.walk(site, 0, a, size, &mut walked, &mut one);
        search.walk(site, 0, b, size, &mut walked, &mut two);
        let count = |d: &[bool]| d.iter().filter(|&&x| x).count() as i32;
        let length = (count(&one) - 1) + (count(&two) - 1) + 1;
        let walked = walked.iter().filter(|&&x| x).count() as i32;
        (min == max && length == min && walked + 1 == length) || (max > min && length <= max && walked + 1 == length)
    }
}

#[cfg(test)]
mod tests {
    use super::{depth_along, segments_cross, tree_centre};

    #[test]
    fn segments_cross_inside_only() {
        // the diagonals of a square cross; sides meeting at a corner do not
        assert!(segments_cross(((0.0, 0.0), (1.0, 1.0)), ((0.0, 1.0), (1.0, 0.0))));
        assert!(!segments_cross(((0.0, 0.0), (1.0, 0.0)), ((1.0, 0.0), (1.0, 1.0))));
        // parallel, and apart
        assert!(!segments_cross(((0.0, 0.0), (1.0, 0.0)), ((0.0, 1.0), (1.0, 1.0))));
        assert!(!segments_cross(((0.0, 0.0), (1.0, 0.0)), ((2.0, -1.0), (2.0, 1.0))));
        // a T: one ends on the other's inside, at its own end
        assert!(!segments_cross(((0.0, 0.0), (2.0, 0.0)), ((1.0, 0.0), (1.0, 1.0))));
    }

    #[test]
    fn a_tree_centre_is_found_by_walking_towards_the_larger_half() {
        // a path 0-1-2-3-4: the middle; and its depth from either end is the path's length
        let path = vec![vec![1], vec![0, 2], vec![1, 3], vec![2, 4], vec![3]];
        assert_eq!(tree_centre(0, &path), 2);
        assert_eq!(depth_along(0, &[0, 1, 2, 3, 4], &path), 5);
        assert_eq!(depth_along(2, &[0, 1, 2, 3, 4], &path), 3);
        // a star around 3, walked from its lowest leaf
        let star = vec![vec![3], vec![3], vec![3], vec![0, 1, 2, 4], vec![3]];
        assert_eq!(tree_centre(0, &star), 3);
        // two vertices: neither half is larger, so the walk stays where it starts
        let pair = vec![vec![1], vec![0]];
        assert_eq!(tree_centre(0, &pair), 0);
    }
}
