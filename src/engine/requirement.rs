//! Requirements on moves: `(do A next:B)` and `(do A ifAfterwards:C)` (see the semantics
//! notes, 4.7 and 4.8), and `sites Direction`.

use super::board::Walk;
use super::game::{Cache, Ctx, GameDef};
use super::moves::{Action, MoveData};
use super::region::Region;
use super::state::StateData;
use crate::ir::*;
use smallvec::SmallVec;
use std::cell::RefCell;

thread_local! {
    /// Scratch states for the copies `do` works on.
    static POOL: RefCell<Vec<StateData>> = const { RefCell::new(Vec::new()) };
}

/// Give a scratch state back to the pool.
fn release(s: StateData) {
    POOL.with(|p| {
        let mut p = p.borrow_mut();
        if p.len() < 16 {
            p.push(s);
        }
    });
}

/// `dst := src`, reusing `dst`'s allocations.
fn copy_state(dst: &mut StateData, src: &StateData) {
    let sites = &src.sites;
    if dst.sites.len() != sites.len() {
        dst.sites.clone_from(sites);
    } else {
        // pooled copies are mostly of the same position: rewrite only the sites that differ
        for (d, s) in dst.sites.iter_mut().zip(sites) {
            if d.as_slice() != s.as_slice() {
                d.clear();
                d.extend_from_slice(s);
            }
        }
    }
    copy_small(dst, src);
}

/// `dst := src` but for the board.
fn copy_small(dst: &mut StateData, src: &StateData) {
    let StateData {
        sites: _,
        scores,
        mover,
        next,
        prev,
        var,
        vars,
        pending,
        remembered,
        propositions,
        stalemated,
        active,
        over,
        ranking,
        num_turn,
        num_decisions,
        history,
        history_truncated,
    } = src;
    dst.scores.clone_from(scores);
    dst.mover = *mover;
    dst.next = *next;
    dst.prev = *prev;
    dst.var = *var;
    dst.vars.clone_from(vars);
    dst.pending.clone_from(pending);
    dst.remembered.clone_from(remembered);
    dst.propositions.clone_from(propositions);
    dst.stalemated = *stalemated;
    dst.active = *active;
    dst.over = *over;
    dst.ranking.clone_from(ranking);
    dst.num_turn = *num_turn;
    dst.num_decisions = *num_decisions;
    dst.history.clone_from(history);
    dst.history_truncated = *history_truncated;
}

impl GameDef {
    /// Whether `m` generates at least one move (what `(no Moves ..)` asks), stopping as soon
    /// as one is found; alternatives without `ifAfterwards` filters are tried first, since the
    /// answer does not depend on the order.
    pub(super) fn has_moves(&self, m: &Moves, c: &mut Ctx) -> bool {
        match &m.kind {
            MovesKind::Priority(v) | MovesKind::Or(v) | MovesKind::And(v) => {
                let (cheap, costly): (Vec<&Moves>, Vec<&Moves>) = v.iter().partition(|x| !filters(x));
                cheap.into_iter().chain(costly).any(|x| self.has_moves(x, c))
            }
            MovesKind::If(b, x, y) => {
                if self.boolean(b, c) {
                    self.has_moves(x, c)
                } else {
                    y.as_ref().is_some_and(|y| self.has_moves(y, c))
                }
            }
            MovesKind::Do {
                pre,
                next: None,
                if_afterwards: Some(cond),
            } => {
                let mut cands = Vec::new();
                self.gen(pre, c, &mut cands);
                cands.iter().any(|mv| self.passes_afterwards(mv, cond, c))
            }
            _ => {
                let mut out = Vec::new();
                self.gen(m, c, &mut out);
                !out.is_empty()
            }
        }
    }

    /// A copy of the state with the context's roles as its players (Ludii's temporary
    /// context keeps the mover `forEach Piece` may have swapped in).
    /// Taken from a per-thread pool and overwritten in place (no allocation once warm); give
    /// it back with [`release`].
    fn scratch(&self, c: &Ctx) -> StateData {
        let mut s = match POOL.with(|p| p.borrow_mut().pop()) {
            Some(mut s) => {
                copy_state(&mut s, c.s);
                s
            }
            None => c.s.clone(),
        };
        s.mover = c.mover;
        s.next = c.next;
        s.prev = c.prev;
        s
    }

    /// `(do pre [next:B] [ifAfterwards:C])`.
    pub(super) fn gen_do(
        &self,
        pre: &Moves,
        next: Option<&Moves>,
        if_afterwards: Option<&BoolFn>,
        c: &mut Ctx,
        out: &mut Vec<MoveData>,
    ) {
        let start = out.len();
        match next {
            Some(b) => {
                // the pre-moves, generated in the real context, applied (with their
                // consequents, without storing) to a copy on which B is generated
                let mut pre_moves = Vec::new();
                self.gen(pre, c, &mut pre_moves);
                let mut s2 = self.scratch(c);
                let mut pre_actions: SmallVec<[SmallVec<[Action; 2]>; 1]> = SmallVec::new();
                for m in &pre_moves {
                    let mut done = SmallVec::new();
                    self.execute_collect(&mut s2, m, &mut done);
                    pre_actions.push(done);
                }
                {
                    let cache = Cache::default();
                    let mut c2 = *c;
                    c2.s = &s2;
                    c2.cache = &cache;
                    self.gen(b, &mut c2, out);
                }
                release(s2);
                // Ludii inserts each pre-move's actions at the index where the previous one's
                // ended (not cumulative).
                let mut at = 0;
                for acts in &pre_actions {
                    for mv in &mut out[start..] {
                        let at = at.min(mv.actions.len());
                        mv.actions.insert_many(at, acts.iter().cloned());
                    }
                    at = acts.len();
                }
                for mv in &mut out[start..] {
                    mv.mover = c.mover;
                }
            }
            None => self.gen(pre, c, out),
        }
        if let Some(cond) = if_afterwards {
            let mut s2 = self.scratch(c);
            let mut keep = start;
            for i in start..out.len() {
                if self.check_afterwards(&mut s2, &out[i], cond, c) {
                    out.swap(keep, i);
                    keep += 1;
                }
            }
            out.truncate(keep);
            release(s2);
        }
    }

    /// Whether `cond` holds after applying `m` (stored, with its own consequents) to a copy.
    fn passes_afterwards(&self, m: &MoveData, cond: &BoolFn, c: &Ctx) -> bool {
        let mut s2 = self.scratch(c);
        let ok = self.check_afterwards(&mut s2, m, cond, c);
        release(s2);
        ok
    }

    /// [`passes_afterwards`] on `s2`, a copy of the context's state with its roles, which is
    /// left so again: only the sites the move touched (and the small fields) are restored.
    fn check_afterwards(&self, s2: &mut StateData, m: &MoveData, cond: &BoolFn, c: &Ctx) -> bool {
        let mut done: SmallVec<[Action; 2]> = SmallVec::new();
        self.execute_stored(s2, m, &mut done);
        if s2.next == s2.mover {
            s2.next = s2.prev;
        }
        let ok = {
            let cache = Cache::default();
            let mut c2 = self.ctx(s2, &cache);
            c2.from = c.from;
            c2.to = c.to;
            c2.between = c.between;
            c2.site = c.site;
            c2.value = c.value;
            c2.level = c.level;
            self.boolean(cond, &c2)
        };
        // restore
        for a in &done {
            let (x, y) = match a {
                Action::Add { site, .. } | Action::Remove { site, .. } => (*site, *site),
                Action::Move { from, to, .. } => (*from, *to),
                _ => continue,
            };
            for t in [x, y] {
                let (d, o) = (&mut s2.sites[t as usize], &c.s.sites[t as usize]);
                if d.as_slice() != o.as_slice() {
                    d.clear();
                    d.extend_from_slice(o);
                }
            }
        }
        copy_small(s2, c.s);
        s2.mover = c.mover;
        s2.next = c.next;
        s2.prev = c.prev;
        ok
    }

    /// Apply a move, store it in the history, then its consequents, collecting every action.
    fn execute_stored(&self, s: &mut StateData, m: &MoveData, done: &mut SmallVec<[Action; 2]>) {
        for a in &m.actions {
            self.act(s, a, m.mover);
            done.push(a.clone());
        }
        super::game::push_history(
            s,
            super::state::MoveRecord {
                mover: m.mover,
                from: m.from,
                to: m.to,
                pass: m.is_pass(),
            },
        );
        self.run_consequents(s, m, done);
    }

    /// Apply a move without storing it, with its consequents, collecting every action done.
    pub(super) fn execute_collect(&self, s: &mut StateData, m: &MoveData, done: &mut SmallVec<[Action; 2]>) {
        for a in &m.actions {
            self.act(s, a, m.mover);
            done.push(a.clone());
        }
        self.run_consequents(s, m, done);
    }

    /// The consequents of `m`, each generated on the current state then applied.
    fn run_consequents(&self, s: &mut StateData, m: &MoveData, done: &mut SmallVec<[Action; 2]>) {
        for &t in &m.then {
            let rule = &self.ir.thens[t as usize];
            let mut subs = Vec::new();
            {
                let cache = Cache::default();
                let mut c = self.ctx(s, &cache);
                c.from = m.from;
                c.to = m.to;
                self.gen(rule, &mut c, &mut subs);
            }
            for sub in &subs {
                self.execute_collect(s, sub, done);
            }
        }
    }

    /// `(sites Direction from:s dirs included: stop: stopIncluded: distance:)`: `to` is
    /// set to each site for the conditions.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn sites_direction_region(
        &self,
        from: &IntFn,
        dirs: &[Direction],
        included: bool,
        stop: Option<&BoolFn>,
        stop_included: bool,
        distance: Option<&IntFn>,
        c: &Ctx,
    ) -> Region {
        let mut r = Region::new(self.n());
        let f = self.int(from, c);
        if f < 0 || f as usize >= self.n() {
            return r;
        }
        let walk = Walk {
            included,
            distance: match distance {
                Some(d) => self.int(d, c).max(0) as usize,
                None => usize::MAX,
            },
        };
        let at = |t: u32| {
            let mut c2 = *c;
            c2.to = t as i32;
            c2
        };
        self.board.sites_direction(
            f as u32,
            dirs,
            walk,
            |t| stop.is_some_and(|b| self.boolean(b, &at(t))),
            |_| stop_included,
            |t| r.insert(t as i32),
        );
        r
    }
}

use super::board::Direction;

/// Whether a generator filters its moves by applying them (`ifAfterwards`).
fn filters(m: &Moves) -> bool {
    match &m.kind {
        MovesKind::Do {
            if_afterwards,
            pre,
            next,
        } => if_afterwards.is_some() || filters(pre) || next.as_deref().is_some_and(filters),
        MovesKind::Priority(v) | MovesKind::Or(v) | MovesKind::And(v) => v.iter().any(filters),
        MovesKind::If(_, x, y) => filters(x) || y.as_deref().is_some_and(filters),
        MovesKind::ForEachPiece { body, .. } => body.as_deref().is_some_and(filters),
        MovesKind::ForEachValue { body, .. } | MovesKind::ForEachSite { body, .. } => filters(body),
        _ => false,
    }
}
