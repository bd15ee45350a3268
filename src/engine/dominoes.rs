//! Dominoes (`(dominoes)`): large pieces of two halves whose pips the rules read, laid in
//! a line of play.
//!
//! Ludii keeps, on every cell a domino covers, the pips of its half (the cell's value) and
//! the domino's component (its count), and after each domino laid on the board, the cells
//! where the next may go (its playable sites). All three follow from the dominoes on the
//! board, so the state keeps none of them: they are derived here when asked, as Ludii
//! computes them.

use super::game::{Ctx, GameDef};
use super::large::Cells;
use super::moves::{Action, MoveData};
use super::region::Region;
use super::state::StateData;
use crate::board::{Dir, Direction, Relation};
use crate::ir::IntFn;
use smallvec::SmallVec;

/// The directions a domino's line of play goes on from its four sides, in each of its
/// orientations (Ludii's: west, north, east and south of an unturned domino).
const SIDE_DIRS: [[Dir; 4]; 4] = [
    [Dir::W, Dir::N, Dir::E, Dir::S],
    [Dir::N, Dir::E, Dir::S, Dir::W],
    [Dir::E, Dir::S, Dir::W, Dir::N],
    [Dir::S, Dir::W, Dir::N, Dir::E],
];

/// What covers a cell: the domino's component and the pips of the half over the cell.
#[derive(Clone, Copy, Default)]
struct Cover {
    what: u16,
    pips: i32,
}

impl GameDef {
    /// The pips of component `what`, if it is a domino.
    fn pips(&self, what: u16) -> Option<[i32; 2]> {
        self.ir.components.get(what as usize).and_then(|k| k.pips)
    }

    /// The dominoes on the board: each anchor, its component, orientation and cells.
    fn dominoes_laid(&self, s: &StateData) -> Vec<(u16, i32, Cells)> {
        let mut out = Vec::new();
        for site in 0..self.n() {
            let Some(p) = s.sites[site].last().filter(|p| self.pips(p.what).is_some()) else {
                continue;
            };
            let mut cells = Cells::new();
            if self.large_cells(p.what, site as i32, p.state, &mut cells) {
                out.push((p.what, p.state, cells));
            }
        }
        out
    }

    /// Per board cell, the domino over it (component 0 where none is).
    fn covers(&self, s: &StateData) -> Vec<Cover> {
        let mut out = vec![Cover::default(); self.n()];
        for (what, _, cells) in self.dominoes_laid(s) {
            let pips = self.pips(what).unwrap_or_default();
            for (k, &t) in cells.iter().enumerate() {
                out[t as usize] = Cover {
                    what,
                    pips: pips[usize::from(k >= 4)],
                };
            }
        }
        out
    }

    /// `(sites LineOfPlay)`: the centre while no domino is on the board; else, from each
    /// end of every domino (and each side of a double), the cells two abreast straight on
    /// from the end, up to four, while both are empty, and beside the end's corners.
    pub(super) fn line_of_play(&self, s: &StateData) -> Region {
        let mut r = Region::new(self.n());
        let laid = self.dominoes_laid(s);
        if laid.is_empty() {
            if let Some(&c) = self.board.centre().first().filter(|&&c| s.sites[c as usize].is_empty()) {
                r.insert(c as i32);
            }
            return r;
        }
        for (what, state, cells) in &laid {
            if cells.len() < 8 {
                continue;
            }
            let dir = |side: usize| SIDE_DIRS[side][state.rem_euclid(4) as usize];
            self.line_from(s, &mut r, (cells[0], cells[1]), dir(0), false, true);
            self.line_from(s, &mut r, (cells[7], cells[6]), dir(2), false, false);
            if self.pips(*what).is_some_and(|[a, b]| a == b) {
                self.line_from(s, &mut r, (cells[2], cells[5]), dir(1), true, true);
                self.line_from(s, &mut r, (cells[3], cells[4]), dir(3), true, true);
            }
        }
        r
    }

    /// The line of play from the two cells `(a, b)` of a domino's side, in direction `d`
    /// (Ludii's `lineOfPlayDominoes`): beside a single's end, the cells diagonally off its
    /// two corners too, one way round or the other (`left`).
    fn line_from(&self, s: &StateData, r: &mut Region, (a, b): (u32, u32), d: Dir, double: bool, left: bool) {
        let empty = |t: u32| s.sites[t as usize].is_empty();
        let first = |t: u32, d: Dir| self.board.radials(t, Direction::Compass(d)).next();
        let (Some(ra), Some(rb)) = (first(a, d), first(b, d)) else {
            return;
        };
        if ra.len() <= 2 || rb.len() <= 2 || !empty(ra[1]) || !empty(rb[1]) {
            return;
        }
        let turn = |k: u8| Dir::ALL[(d as usize + k as usize) % 16];
        let (for_a, for_b) = if left { (turn(14), turn(2)) } else { (turn(2), turn(14)) };
        for i in 1..ra.len().min(rb.len()).min(5) {
            let (x, y) = (ra[i], rb[i]);
            if !(empty(x) && empty(y)) {
                return;
            }
            r.insert(x as i32);
            r.insert(y as i32);
            if !double && i < 3 {
                for (t, d) in [(a, for_a), (b, for_b)] {
                    if let Some(&n) = first(t, d).and_then(|rad| rad.get(1)) {
                        if empty(n) {
                            r.insert(n as i32);
                        }
                    }
                }
            }
        }
    }

    /// `(is PipsMatch site)`: every cell of the domino at the site shows the pips of each
    /// cell beside it that another domino covers; after the first move, the dominoes beside
    /// it meet it at one end (Ludii's test: each such cell with one other such cell in line
    /// with it, the last pair found of one domino). True where no domino is.
    pub(super) fn pips_match(&self, at: &IntFn, c: &Ctx) -> bool {
        let site = self.int(at, c);
        if site < 0 || site as usize >= self.n() {
            return site >= 0;
        }
        let Some(p) = Self::top(c.s, site).filter(|p| self.pips(p.what).is_some()) else {
            return true;
        };
        let mut cells = Cells::new();
        self.large_cells(p.what, site, p.state, &mut cells);
        let covers = self.covers(c.s);
        let mut around: SmallVec<[u32; 16]> = SmallVec::new();
        for (k, &loc) in cells.iter().enumerate() {
            let pips = self.pips(p.what).unwrap_or_default()[usize::from(k >= 4)];
            for &t in self.board.relation(loc, Relation::Orthogonal) {
                if cells.contains(&t) {
                    continue;
                }
                let cover = covers[t as usize];
                if !c.s.sites[t as usize].is_empty() && cover.pips != pips {
                    return false;
                }
                if cover.what != 0 {
                    around.push(t);
                }
            }
        }
        if c.s.num_moves <= 1 {
            return true;
        }
        let mut matched = false;
        for &a in &around {
            let mut inline: SmallVec<[u32; 4]> = smallvec::smallvec![a];
            for radial in self.board.radials(a, Direction::Rel(Relation::Orthogonal)) {
                inline.extend(radial[1..].iter().copied().filter(|t| around.contains(t)));
                if inline.len() > 2 {
                    return false;
                }
                if inline.len() == 2 {
                    matched = covers[inline[0] as usize].what == covers[inline[1] as usize].what;
                }
            }
        }
        matched
    }

    /// The dominoes neither dealt nor taken, in the order of the components.
    fn dominoes_left(&self, s: &StateData) -> SmallVec<[u16; 32]> {
        let mut held = vec![false; self.ir.components.len()];
        for st in s.sites.iter().chain(&s.extra) {
            for p in st.iter() {
                if let Some(h) = held.get_mut(p.what as usize) {
                    *h = true;
                }
            }
        }
        (1..self.ir.components.len() as u16)
            .filter(|&k| self.pips(k).is_some() && !held[k as usize])
            .collect()
    }

    /// `(count Pieces "Bag")`.
    pub(super) fn bag(&self, s: &StateData) -> i32 {
        self.dominoes_left(s).len() as i32
    }

    /// `(take Domino)`: one of the dominoes left, drawn from the state's chance, to the
    /// first empty site of the mover's hand.
    pub(super) fn gen_take_domino(&self, c: &Ctx, out: &mut Vec<MoveData>) {
        let left = self.dominoes_left(c.s);
        if left.is_empty() {
            return;
        }
        let Some(k) = self.ir.containers.iter().position(|h| h.owner == c.mover) else {
            return;
        };
        let from = self.container_from[k] as usize;
        let hand = from..from + self.ir.containers[k].sites as usize;
        let Some(site) = hand.into_iter().find(|&t| c.s.stack(t).is_some_and(|st| st.is_empty())) else {
            return;
        };
        let what = left[(self.chance_draw(c) % left.len() as u64) as usize];
        let who = self.ir.components[what as usize].owner;
        self.push_move(out, c, site as i32, site as i32).push(Action::Add {
            site: site as u32,
            what,
            who,
            count: 1,
            state: 0,
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::expand::Selections;

    /// Block: 14 dominoes dealt, 14 left in the bag; the first domino goes on the centre
    /// in any of its 4 orientations (7 in hand: 28 moves); then the line of play runs on
    /// from each end, two cells abreast, four deep, with the cells off the end's corners
    /// (20 cells), and along both sides of a double too (16 more); the next domino lies
    /// wholly in it.
    #[test]
    fn the_line_of_play_follows_the_dominoes_laid() {
        let game = super::super::corpus_game("dominoes/Block.lud", &Selections::default());
        let g = &game.inner;
        let mut s = game.initial_state();
        assert_eq!(g.bag(&s.inner), 14);
        let first = game.legal_moves(&s);
        assert_eq!(first.len(), 28);
        let centre = g.board.centre()[0] as i32;
        assert!(first.iter().all(|m| m.inner.to == centre));
        let laid = &first[0];
        game.apply(&mut s, laid);
        let p = *super::GameDef::top(&s.inner, centre).unwrap();
        let double = g.pips(p.what).is_some_and(|[a, b]| a == b);
        let line = g.line_of_play(&s.inner);
        assert_eq!(line.iter().count(), if double { 36 } else { 20 });
        let mut cells = super::Cells::new();
        for m in game.legal_moves(&s).iter().filter(|m| m.inner.to >= 0) {
            let at = m.inner.to;
            let state = m.inner.actions.iter().find_map(|a| match *a {
                super::Action::SetSite { value, .. } => Some(value),
                _ => None,
            });
            let what = super::GameDef::top(&s.inner, m.inner.from).unwrap().what;
            assert!(g.large_cells(what, at, state.unwrap(), &mut cells));
            assert!(cells.iter().all(|&t| line.contains(t as i32)), "{cells:?}");
        }
    }
}
