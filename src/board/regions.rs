//! The board's standard regions that depend on its geometry alone (`sites Top`, `Bottom`,
//! `Left`, `Right`, `Outer`, `Inner`, `Phase n`): computed once per board, on first use.

use super::{Board, Relation};

/// A region of the board's geometry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardRegion {
    Top,
    Bottom,
    Left,
    Right,
    Outer,
    Inner,
    /// The sites of one colour of the board's colouring (`sites Phase n`).
    Phase(u8),
    /// The sites on one side of the board (`sites Side NE`).
    Side(super::Dir),
}

/// How far from the extreme a coordinate may be and still count as on that side.
const TOLERANCE: f64 = 0.01;

impl Board {
    /// The sites of a geometry region, ascending.
    pub fn geometry_region(&self, r: BoardRegion) -> Vec<u32> {
        let sites = 0..self.num_sites as u32;
        let extreme = |coord: &[f64], max: bool| {
            let e = coord
                .iter()
                .copied()
                .fold(if max { f64::MIN } else { f64::MAX }, |a, b| {
                    if max {
                        a.max(b)
                    } else {
                        a.min(b)
                    }
                });
            sites
                .clone()
                .filter(move |&s| (coord[s as usize] - e).abs() < TOLERANCE)
                .collect::<Vec<_>>()
        };
        match r {
            BoardRegion::Top => extreme(&self.y, true),
            BoardRegion::Bottom => extreme(&self.y, false),
            BoardRegion::Left => extreme(&self.x, false),
            BoardRegion::Right => extreme(&self.x, true),
            BoardRegion::Outer => self.perimeter.clone(),
            // (the perimeter is sorted)
            BoardRegion::Inner => sites.filter(|s| self.perimeter.binary_search(s).is_err()).collect(),
            BoardRegion::Phase(k) => sites.filter(|&s| self.phase(s) == k).collect(),
            BoardRegion::Side(d) => self.side(d).collect(),
        }
    }

    /// Each site's colour, as Ludii colours a board: from the lowest uncoloured site, sites
    /// are coloured when taken from a queue (the least colour no coloured Orthogonal
    /// neighbour has); a neighbour whose coloured neighbours already show two colours goes to
    /// the front of the queue, others to the back. (On boards whose sites can be coloured
    /// with two colours the order of neighbours does not matter; on hex cells Ludii's order
    /// of a face's edges can give another colouring than this one.)
    pub fn phase(&self, site: u32) -> u8 {
        self.phases.get_or_init(|| self.phases())[site as usize]
    }

    /// Every site's colour (see [`Board::phase`]).
    fn phases(&self) -> Vec<u8> {
        let n = self.num_sites;
        let mut phase = vec![u8::MAX; n];
        let mut queue = std::collections::VecDeque::new();
        let used = |phase: &[u8], t: u32| -> u32 {
            self.relation(t, Relation::Orthogonal)
                .iter()
                .filter(|&&u| phase[u as usize] != u8::MAX)
                .fold(0, |m, &u| m | 1 << phase[u as usize].min(31))
        };
        for start in 0..n {
            if phase[start] != u8::MAX {
                continue;
            }
            queue.push_back(start as u32);
            while let Some(e) = queue.pop_front() {
                if phase[e as usize] != u8::MAX {
                    continue;
                }
                phase[e as usize] = (!used(&phase, e)).trailing_zeros().min(31) as u8;
                for &m in self.relation(e, Relation::Orthogonal) {
                    if phase[m as usize] != u8::MAX {
                        continue;
                    }
                    if used(&phase, m).count_ones() > 1 {
                        queue.push_front(m);
                    } else {
                        queue.push_back(m);
                    }
                }
            }
        }
        phase
    }
}
