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
    /// The board's corners (`sites Corners`).
    Corners,
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
            BoardRegion::Corners => {
                let mut c = self.corners.clone();
                c.sort_unstable();
                c
            }
        }
    }

    /// Each site's colour, as Ludii colours a board: from the lowest uncoloured site, sites
    /// are coloured when taken from a queue (the least colour no coloured Orthogonal
    /// neighbour has); a neighbour whose coloured neighbours already show two colours goes to
    /// the front of the queue, others to the back. Neighbours are taken in Ludii's order: a
    /// cell's across each of its sides in turn (on boards not coloured with two colours,
    /// such as hex cells, the order decides the colouring), another site's by relation.
    pub fn phase(&self, site: u32) -> u8 {
        self.phases.get_or_init(|| self.phases())[site as usize]
    }

    /// The neighbours the colouring looks at, in order (Ludii's `nbors`): a cell's across
    /// each side of its face in turn, as Ludii traces the face; another site's Orthogonal
    /// ones.
    fn phase_nbors(&self) -> Vec<Vec<u32>> {
        let faces = &self.graph.faces;
        if self.site_type != super::SiteType::Cell || faces.len() != self.num_sites {
            return (0..self.num_sites as u32)
                .map(|s| self.relation(s, Relation::Orthogonal).to_vec())
                .collect();
        }
        let side = |f: &[u32], k: usize| {
            let (a, b) = (f[k], f[(k + 1) % f.len()]);
            (a.min(b), a.max(b))
        };
        let mut by_side: std::collections::HashMap<(u32, u32), Vec<u32>> = std::collections::HashMap::new();
        for (i, f) in faces.iter().enumerate() {
            for k in 0..f.len() {
                by_side.entry(side(f, k)).or_default().push(i as u32);
            }
        }
        // (a face's sides in the order Ludii traces it: from its side of the lowest edge
        // number, around the face clockwise, whichever way ours was listed)
        let edge_id: std::collections::HashMap<(u32, u32), usize> = self
            .graph
            .edges
            .iter()
            .enumerate()
            .map(|(e, &[a, b])| ((a.min(b), a.max(b)), e))
            .collect();
        let clockwise = |f: &[u32]| {
            let v = &self.graph.vertices;
            let twice_area: f64 = (0..f.len())
                .map(|k| {
                    let (a, b) = (v[f[k] as usize], v[f[(k + 1) % f.len()] as usize]);
                    a.x * b.y - b.x * a.y
                })
                .sum();
            twice_area < 0.0
        };
        faces
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let n = f.len();
                let across = |k: usize| by_side[&side(f, k)].iter().copied().find(|&o| o != i as u32);
                let first = (0..n)
                    .min_by_key(|&k| edge_id.get(&side(f, k)).copied().unwrap_or(usize::MAX))
                    .unwrap_or(0);
                if clockwise(f) {
                    (0..n).map(|j| (first + j) % n).filter_map(across).collect()
                } else {
                    (0..n).map(|j| (first + n - j) % n).filter_map(across).collect()
                }
            })
            .collect()
    }

    /// Every site's colour (see [`Board::phase`]).
    fn phases(&self) -> Vec<u8> {
        let n = self.num_sites;
        let nbors = self.phase_nbors();
        let mut phase = vec![u8::MAX; n];
        let mut queue = std::collections::VecDeque::new();
        let used = |phase: &[u8], t: u32| -> u32 {
            nbors[t as usize]
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
                for &m in &nbors[e as usize] {
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
