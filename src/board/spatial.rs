//! Indices that keep building a graph near-linear in its size: points bucketed in a grid
//! (a lookup within a tolerance gives exactly what a scan of the whole list in order gives)
//! and a set of edges by their ends.
//!
//! They are built where a generator or operator needs them and dropped after: the graph's
//! lists stay the only data (they are edited in many places).

use super::graph::Pt;
use smallvec::SmallVec;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// A multiplicative hasher (FxHash's) for small integer keys: grid cells and vertex pairs.
#[derive(Default, Clone, Copy)]
pub(crate) struct IntHasher(u64);

impl IntHasher {
    #[inline]
    fn add(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl Hasher for IntHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.add(b as u64);
        }
    }

    #[inline]
    fn write_u32(&mut self, x: u32) {
        self.add(x as u64);
    }

    #[inline]
    fn write_u64(&mut self, x: u64) {
        self.add(x);
    }

    #[inline]
    fn write_i64(&mut self, x: i64) {
        self.add(x as u64);
    }

    #[inline]
    fn write_usize(&mut self, x: usize) {
        self.add(x as u64);
    }
}

pub(crate) type IntMap<K, V> = HashMap<K, V, BuildHasherDefault<IntHasher>>;
pub(crate) type IntSet<K> = HashSet<K, BuildHasherDefault<IntHasher>>;

/// Point ids bucketed by position in square cells.
///
/// A cell is twice as wide as the distance a lookup asks for, so every point within that
/// distance of a position (even with the rounding of the distance's computation) lies in the
/// position's cell or one of its eight neighbours: [`PointGrid::first`] tests those and
/// keeps the lowest id that passes, which is what scanning the whole list in order finds.
pub(crate) struct PointGrid {
    cell: f64,
    cells: IntMap<(i64, i64), SmallVec<[u32; 4]>>,
}

impl PointGrid {
    /// A grid for lookups of points within `reach` (Euclidean or Manhattan) of a position.
    pub(crate) fn new(reach: f64) -> PointGrid {
        PointGrid {
            cell: 2.0 * reach,
            cells: IntMap::default(),
        }
    }

    /// A grid holding `points`, each under its index.
    pub(crate) fn of(reach: f64, points: &[Pt]) -> PointGrid {
        let mut g = PointGrid::new(reach);
        for (i, &p) in points.iter().enumerate() {
            g.insert(i as u32, p);
        }
        g
    }

    /// The cell of a position (saturating far away; a NaN coordinate gives 0: a point with
    /// one is within no distance of anything, whichever cell it is in).
    #[inline]
    fn key(&self, p: Pt) -> (i64, i64) {
        ((p.x / self.cell).floor() as i64, (p.y / self.cell).floor() as i64)
    }

    pub(crate) fn insert(&mut self, id: u32, p: Pt) {
        self.cells.entry(self.key(p)).or_default().push(id);
    }

    /// The lowest id among the points near `p` (in its cell or a neighbouring one) for which
    /// `hit` holds.
    pub(crate) fn first(&self, p: Pt, mut hit: impl FnMut(u32) -> bool) -> Option<u32> {
        let mut best: Option<u32> = None;
        self.each_near(p, |id| {
            if best.is_none_or(|b| id < b) && hit(id) {
                best = Some(id);
            }
        });
        best
    }

    /// Every id in `p`'s cell and its neighbours (an id may come twice far from the origin,
    /// where cells saturate).
    pub(crate) fn each_near(&self, p: Pt, mut f: impl FnMut(u32)) {
        let (cx, cy) = self.key(p);
        for dx in -1..=1i64 {
            for dy in -1..=1i64 {
                if let Some(ids) = self.cells.get(&(cx.saturating_add(dx), cy.saturating_add(dy))) {
                    ids.iter().for_each(|&id| f(id));
                }
            }
        }
    }
}

/// The edges of a graph by their ends, either way round.
#[derive(Default)]
pub(crate) struct EdgeSet(IntSet<(u32, u32)>);

impl EdgeSet {
    pub(crate) fn of(edges: &[[u32; 2]]) -> EdgeSet {
        let mut s = EdgeSet::default();
        s.0.reserve(edges.len());
        for &[a, b] in edges {
            s.insert(a, b);
        }
        s
    }

    /// Adds a–b; whether it was not there yet.
    pub(crate) fn insert(&mut self, a: u32, b: u32) -> bool {
        self.0.insert((a.min(b), a.max(b)))
    }

    pub(crate) fn contains(&self, a: u32, b: u32) -> bool {
        self.0.contains(&(a.min(b), a.max(b)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lookups in the grid give the first point of the list within the distance, as a scan.
    #[test]
    fn grid_agrees_with_a_scan() {
        let mut seed = 12345u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            ((seed >> 33) as f64 / (1u64 << 31) as f64) * 20.0 - 10.0
        };
        for tol in [0.001, 0.1, 0.7, 1.01] {
            // points on a coarse lattice (many exact and near coincidences) and at random
            let pts: Vec<Pt> = (0..2000)
                .map(|i| {
                    let (x, y) = (next(), next());
                    if i % 2 == 0 {
                        Pt::new((x * 4.0).round() / 4.0, (y * 4.0).round() / 4.0 + tol * 0.999)
                    } else {
                        Pt::new(x, y)
                    }
                })
                .collect();
            let grid = PointGrid::of(tol, &pts);
            for _ in 0..2000 {
                let p = Pt::new((next() * 4.0).round() / 4.0, next());
                let scan = pts.iter().position(|v| v.dist(p) < tol).map(|i| i as u32);
                assert_eq!(grid.first(p, |i| pts[i as usize].dist(p) < tol), scan, "{p:?} {tol}");
                let manhattan = |v: &Pt| (v.x - p.x).abs() + (v.y - p.y).abs() < tol;
                let scan = pts.iter().position(manhattan).map(|i| i as u32);
                assert_eq!(grid.first(p, |i| manhattan(&pts[i as usize])), scan);
            }
        }
    }
}
