//! Tiles whose paths join their sides (`(tile .. {(path from:a to:b colour:c) ..})`), as
//! Ludii reads them: a tile placed turned (`(to .. (rotations dirs))`), whether its sides
//! match its neighbours' (`is SidesMatch`), and where its paths lead (`is Loop path:True`,
//! `pathExtent`).
//!
//! A piece's rotation counts steps of the board's compass directions (on squares, 2 for a
//! quarter turn). Ludii reads it in three scales, kept here as it does: placing divides a
//! direction's 16-point index by the directions per side, matching sides divides the
//! rotation by the adjacent directions per orthogonal one, and following paths takes twice
//! the rotation over the number of sides.

use super::game::{Ctx, GameDef};
use super::state::StateData;
use crate::board::{Board, Dir, Direction, Relation};
use crate::ir::{IntFn, Loop, RegionFn};
use smallvec::SmallVec;

/// The board's shape as tiles read it (Ludii's numbers for its default site type).
#[derive(Clone, Debug, Default)]
pub(super) struct TileGeometry {
    /// The orthogonal directions, clockwise from N: side k of an unturned tile faces the k-th.
    ortho: SmallVec<[Dir; 8]>,
    /// The sides of the first cell (Ludii's `numEdges`).
    sides: i32,
    /// Compass directions per side (Ludii's `Rotations` ratio).
    per_side: i32,
    /// Adjacent directions per orthogonal one (`IsSidesMatch`'s ratio).
    adjacent_per_ortho: i32,
}

impl TileGeometry {
    pub(super) fn of(board: &Board) -> TileGeometry {
        let ortho: SmallVec<[Dir; 8]> = board.supported_directions(Relation::Orthogonal).collect();
        let sides = board.graph().faces.first().map_or(0, |f| f.len()) as i32;
        let count = |r: Relation| board.supported_directions(r).count() as i32;
        TileGeometry {
            sides,
            per_side: if sides > 0 { count(Relation::All) / sides } else { 0 },
            adjacent_per_ortho: if ortho.is_empty() {
                0
            } else {
                count(Relation::Adjacent) / ortho.len() as i32
            },
            ortho,
        }
    }
}

/// At most so many tiles are visited following one path (Ludii's walk along a closed path
/// that does not pass its start never ends; ours stops here).
const MAX_WALK: usize = 1 << 16;

impl GameDef {
    /// The rotations `(rotations dirs)` offers, in Ludii's order, each once: a direction's
    /// index among the 16 compass points over the directions per side; a relation gives
    /// each of its directions.
    pub(super) fn tile_rotations(&self, dirs: &[Direction]) -> SmallVec<[i32; 8]> {
        let mut out = SmallVec::new();
        let per_side = self.tiles.per_side.max(1);
        let mut add = |d: Dir| {
            let r = d as i32 / per_side;
            if !out.contains(&r) {
                out.push(r);
            }
        };
        for d in dirs {
            match *d {
                Direction::Compass(d) => add(d),
                Direction::Rel(r) => self.board.supported_directions(r).for_each(&mut add),
                _ => {}
            }
        }
        out
    }

    /// The tile at `site` (its component and rotation), if a tile stands there.
    fn tile_at(&self, s: &StateData, site: i32) -> Option<(usize, i32)> {
        let p = Self::top(s, site)?;
        let k = self.ir.components.get(p.what as usize)?;
        k.tile.then_some((p.what as usize, p.rotation))
    }

    /// The colour on each side of a tile turned `turns` sides clockwise (0: no path there).
    fn side_colours(&self, what: usize, turns: i32) -> SmallVec<[i32; 8]> {
        let n = self.tiles.sides.max(0) as usize;
        let mut colours: SmallVec<[i32; 8]> = smallvec::smallvec![0; n];
        if n == 0 {
            return colours;
        }
        for p in &self.ir.components[what].paths {
            for side in [p.from, p.to] {
                let at = (i64::from(side) + i64::from(turns)).rem_euclid(n as i64) as usize;
                if usize::from(side) < n {
                    colours[at] = p.colour;
                }
            }
        }
        colours
    }

    /// `(is SidesMatch at)`: a tile at `at` whose every side facing a tile has the colour of
    /// that tile's side facing it; any other piece there matches, an empty site does not.
    pub(super) fn sides_match(&self, at: &IntFn, c: &Ctx) -> bool {
        let at = self.int(at, c);
        if at < 0 || Self::top(c.s, at).is_none() {
            return false;
        }
        let Some((what, rotation)) = self.tile_at(c.s, at) else {
            return true;
        };
        if at as usize >= self.n() {
            return true;
        }
        let g = &self.tiles;
        let ratio = g.adjacent_per_ortho.max(1);
        let mine = self.side_colours(what, rotation / ratio);
        let n = mine.len();
        for &t in self.board.relation(at as u32, Relation::Orthogonal) {
            let Some((other, turned)) = self.tile_at(c.s, t as i32) else {
                continue;
            };
            let Some(side) = g
                .ortho
                .iter()
                .position(|&d| self.board.steps(at as u32, d).contains(&t))
            else {
                continue;
            };
            let theirs = self.side_colours(other, turned / ratio);
            if side >= n || mine[side] != theirs[(side + n / 2) % n] {
                return false;
            }
        }
        true
    }

    /// The sites the ends of the paths of `colour` on the tile at `site` lead to (none off
    /// the board), in the order of the tile's paths.
    fn path_ends(&self, s: &StateData, site: u32, colour: i32) -> SmallVec<[u32; 4]> {
        let mut out = SmallVec::new();
        let Some((what, rotation)) = self.tile_at(s, site as i32) else {
            return out;
        };
        let g = &self.tiles;
        if g.sides <= 0 || g.ortho.is_empty() {
            return out;
        }
        let turns = rotation * 2 / g.sides;
        for p in self.ir.components[what].paths.iter().filter(|p| p.colour == colour) {
            for side in [p.from, p.to] {
                let k = (i32::from(side) + turns).rem_euclid(g.sides) as usize % g.ortho.len();
                if let Some(t) = self.board.step(site, g.ortho[k]) {
                    out.push(t);
                }
            }
        }
        out
    }

    /// Follows the paths of `colour` from the tile at `from` through the tiles they join,
    /// both ways, as Ludii does (a tile is not entered again from the one it was reached
    /// from), telling `seen` each site an end leads to and the site it came from; stops when
    /// `seen` says so (true).
    fn walk_paths(&self, s: &StateData, from: u32, colour: i32, mut seen: impl FnMut(u32, u32) -> bool) -> bool {
        let mut tiles: Vec<(u32, u32)> = vec![(from, from)];
        let mut i = 0;
        while i < tiles.len() && tiles.len() < MAX_WALK {
            let (site, origin) = tiles[i];
            for t in self.path_ends(s, site, colour) {
                if seen(t, origin) {
                    return true;
                }
                if origin != t && self.tile_at(s, t as i32).is_some() {
                    tiles.push((t, site));
                }
            }
            i += 1;
        }
        false
    }

    /// `(is Loop .. path:True)` where the piece at its start is a tile: the paths of its
    /// colour from one of the sites come back to it.
    pub(super) fn is_tile_loop(&self, k: &Loop, sites: &RegionFn, c: &Ctx) -> bool {
        let colour = self.int(&k.colour, c);
        self.region(sites, c).iter().any(|from| {
            from >= 0
                && (from as usize) < self.n()
                && self.walk_paths(c.s, from as u32, colour, |t, origin| origin != t && t == from as u32)
        })
    }

    /// Whether `(is Loop ..)` follows tiles' paths here: with `path:True`, when the piece
    /// at its start is a tile.
    pub(super) fn follows_tile_paths<'k>(&self, k: &'k Loop, c: &Ctx) -> Option<&'k RegionFn> {
        let sites = k.tile_path.as_ref()?;
        let at = self.int(&k.start, c);
        self.tile_at(c.s, at).map(|_| sites)
    }

    /// `(pathExtent colour sites)`: the most rows or columns between a site and the sites
    /// its tile's paths of `colour` lead to, through the tiles they join (0 from a site
    /// without a tile, which ends the count, as in Ludii).
    pub(super) fn path_extent(&self, colour: &IntFn, sites: &RegionFn, c: &Ctx) -> i32 {
        let colour = self.int(colour, c);
        let mut extent = 0u32;
        for from in self.region(sites, c).iter() {
            if from < 0 || from as usize >= self.n() || self.tile_at(c.s, from).is_none() {
                break;
            }
            let (row, col) = (self.board.row(from as u32), self.board.col(from as u32));
            self.walk_paths(c.s, from as u32, colour, |t, _| {
                extent = extent
                    .max(self.board.row(t).abs_diff(row))
                    .max(self.board.col(t).abs_diff(col));
                false
            });
        }
        extent as i32
    }
}
