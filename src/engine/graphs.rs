//! Graph-theory ludemes on a board played on its edges: `is Tree`, `is SpanningTree`,
//! `is RegularGraph` (the graph the edges holding a player's pieces form), `sites Crossing`
//! (the edges whose segments cross an edge) and the sites' costs (`cost`).

use super::game::{Ctx, GameDef};
use super::region::Region;
use crate::board::SiteType;
use crate::ir::{GraphKind, GraphTest, IntFn, Role};

impl GameDef {
    /// The board's edges as pairs of vertices, when it is played on its edges.
    fn edge_ends(&self) -> Option<&[[u32; 2]]> {
        (self.board.site_type() == SiteType::Edge).then(|| &self.board.graph().edges[..])
    }

    /// [`GraphTest`] now.
    pub(super) fn is_graph(&self, g: &GraphTest, c: &Ctx) -> bool {
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

    /// The sum of the costs of a region's sites (0 where none is set).
    pub(super) fn cost_of(&self, r: &Region) -> i32 {
        r.iter().map(|s| self.costs.get(s as usize).copied().unwrap_or(0)).sum()
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

#[cfg(test)]
mod tests {
    use super::segments_cross;

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
}
