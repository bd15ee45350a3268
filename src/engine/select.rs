//! Requirements and selections: `(do A next:B ifAfterwards:C)` and `(select ..)`, and the
//! region queries along radials and distances (`sites Direction`, `LineOfSight`,
//! `Between`, `Distance`). See `../shared/docs/ludii-semantics.md` 3.6, 4.7, 4.8, 6.1.

use super::board::{LineOfSight, Relation, Walk};
use super::game::{Cache, Ctx, GameDef};
use super::moves::{Action, MoveData};
use super::region::Region;
use crate::ir::*;
use smallvec::SmallVec;

impl GameDef {
    /// `(do pre next:B ifAfterwards:C)` (4.7, 4.8).
    pub(super) fn gen_do(
        &self,
        pre: &Moves,
        next: &Option<Box<Moves>>,
        if_afterwards: &Option<BoolFn>,
        c: &mut Ctx,
        out: &mut Vec<MoveData>,
    ) {
        let start = out.len();
        match next {
            Some(next) => {
                let mut pre_moves = Vec::new();
                let mut c1 = *c;
                self.gen(pre, &mut c1, &mut pre_moves);
                if pre_moves.is_empty() {
                    self.gen(next, c, out);
                } else {
                    // A's moves applied (with their consequents, not stored) to a copy
                    let mut copy = c.s.clone();
                    for m in &pre_moves {
                        self.execute(&mut copy, m, false);
                    }
                    let cache = Cache::default();
                    let mut c2 = Ctx {
                        s: &copy,
                        cache: &cache,
                        ..*c
                    };
                    self.gen(next, &mut c2, out);
                    let prefix: SmallVec<[Action; 2]> =
                        pre_moves.iter().flat_map(|m| m.actions.iter().cloned()).collect();
                    for mv in &mut out[start..] {
                        let mut actions = prefix.clone();
                        actions.extend(mv.actions.drain(..));
                        mv.actions = actions;
                    }
                }
            }
            None => self.gen(pre, c, out),
        }
        if let Some(cond) = if_afterwards {
            let mut k = start;
            for i in start..out.len() {
                let keep = {
                    let mut copy = c.s.clone();
                    self.execute(&mut copy, &out[i], true);
                    if copy.next == copy.mover {
                        copy.next = copy.prev;
                    }
                    let cache = Cache::default();
                    let c2 = Ctx {
                        s: &copy,
                        cache: &cache,
                        ..*c
                    };
                    self.boolean(cond, &c2)
                };
                if keep {
                    out.swap(k, i);
                    k += 1;
                }
            }
            out.truncate(k);
        }
    }

    /// `(select (from R if:F) (to R2 if:G))` (3.6): selection moves, no action.
    pub(super) fn gen_select(&self, from: &Place, to: &Option<Place>, c: &Ctx, out: &mut Vec<MoveData>) {
        let origins: Vec<i32> = match (&from.site, &from.region) {
            (Some(s), _) => vec![self.int(s, c)],
            (_, Some(r)) => self.region(r, c).iter().collect(),
            _ => vec![],
        };
        for f in origins {
            if f < 0 {
                continue;
            }
            let mut c1 = *c;
            c1.from = f;
            c1.to = f;
            if !from.cond.as_ref().is_none_or(|b| self.boolean(b, &c1)) {
                continue;
            }
            let Some(to) = to else {
                out.push(self.new_move(c, f, f, SmallVec::new()));
                continue;
            };
            let targets: Vec<i32> = match (&to.site, &to.region) {
                (Some(s), _) => vec![self.int(s, &c1)],
                (_, Some(r)) => self.region(r, &c1).iter().collect(),
                _ => vec![],
            };
            for t in targets {
                if t < 0 {
                    continue;
                }
                let mut c2 = c1;
                c2.to = t;
                if to.cond.as_ref().is_none_or(|b| self.boolean(b, &c2)) {
                    out.push(self.new_move(c, f, t, SmallVec::new()));
                }
            }
        }
    }

    /// `sites Direction`, `sites LineOfSight Piece`, `sites Between`, `sites Distance`.
    pub(super) fn region_query(&self, f: &RegionFn, c: &Ctx) -> Region {
        let n = self.n();
        let mut r = Region::new(n);
        let on_board = |s: i32| s >= 0 && (s as usize) < n;
        match f {
            RegionFn::Direction {
                from,
                dirs,
                included,
                stop,
                stop_included,
                distance,
            } => {
                let s = self.int(from, c);
                if !on_board(s) {
                    return r;
                }
                let distance = match distance {
                    Some(d) => self.int(d, c).max(0) as usize,
                    None => usize::MAX,
                };
                let walk = Walk {
                    included: *included,
                    distance,
                };
                let test = |t: u32| match stop {
                    None => false,
                    Some(b) => {
                        let mut c2 = *c;
                        c2.to = t as i32;
                        self.boolean(b, &c2)
                    }
                };
                self.board
                    .sites_direction(s as u32, dirs, walk, test, |_| *stop_included, |t| r.insert(t as i32));
            }
            RegionFn::LineOfSightPiece { at, dirs } => {
                let s = self.int(at, c);
                if !on_board(s) {
                    return r;
                }
                self.board.line_of_sight(
                    s as u32,
                    LineOfSight::Piece,
                    dirs,
                    |t| !c.s.sites[t as usize].is_empty(),
                    |t| r.insert(t as i32),
                );
            }
            RegionFn::Between { from, to, dirs } => {
                let (a, b) = (self.int(from, c), self.int(to, c));
                if !on_board(a) || !on_board(b) {
                    return r;
                }
                self.board.between(a as u32, b as u32, dirs, |t| r.insert(t as i32));
            }
            RegionFn::Distance { from, exact } => {
                let s = self.int(from, c);
                let k = self.int(exact, c);
                if !on_board(s) || k < 0 {
                    return r;
                }
                let rel = self.ir.distance_relation.unwrap_or(Relation::Adjacent);
                self.board
                    .distances(rel)
                    .sites_at_distance(s as u32, k as u32, |t| r.insert(t as i32));
            }
            _ => return self.region(f, c),
        }
        r
    }
}
