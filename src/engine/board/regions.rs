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
}

/// How far from the extreme a coordinate may be and still count as on that side.
const TOLERANCE: f64 = 1e-4;

impl Board {
    /// The sites of a geometry region, ascending.
    pub fn geometry_region(&self, r: BoardRegion) -> Vec<u32> {
        let sites = 0..self.num_sites as u32;
        let extreme = |coord: &[f64], max: bool| {
            let e = coord.iter().copied().fold(if max { f64::MIN } else { f64::MAX }, |a, b| {
                if max {
                    a.max(b)
                } else {
                    a.min(b)
                }
            });
            sites.clone().filter(move |&s| (coord[s as usize] - e).abs() < TOLERANCE).collect::<Vec<_>>()
        };
        match r {
            BoardRegion::Top => extreme(&self.y, true),
            BoardRegion::Bottom => extreme(&self.y, false),
            BoardRegion::Left => extreme(&self.x, false),
            BoardRegion::Right => extreme(&self.x, true),
            BoardRegion::Outer => self.perimeter.clone(),
            BoardRegion::Inner => sites.filter(|s| !self.perimeter.contains(s)).collect(),
            BoardRegion::Phase(k) => {
                let phases = self.phases();
                sites.filter(|&s| phases[s as usize] == k).collect()
            }
        }
    }

    /// Each site's colour: a greedy colouring of the Orthogonal neighbours, spreading from the
    /// lowest uncoloured site, each site taking the least colour no coloured neighbour has.
    fn phases(&self) -> Vec<u8> {
        let n = self.num_sites;
        let mut phase = vec![u8::MAX; n];
        let mut queue = std::collections::VecDeque::new();
        for start in 0..n {
            if phase[start] != u8::MAX {
                continue;
            }
            phase[start] = 0;
            queue.push_back(start as u32);
            while let Some(s) = queue.pop_front() {
                for &t in self.relation(s, Relation::Orthogonal) {
                    if phase[t as usize] != u8::MAX {
                        continue;
                    }
                    let used: u32 = self
                        .relation(t, Relation::Orthogonal)
                        .iter()
                        .filter(|&&u| phase[u as usize] != u8::MAX)
                        .fold(0, |m, &u| m | 1 << phase[u as usize].min(31));
                    phase[t as usize] = (!used).trailing_zeros().min(31) as u8;
                    queue.push_back(t);
                }
            }
        }
        phase
    }
}
