//! Requirements on moves: `(do A next:B)` and `(do A ifAfterwards:C)` (see the semantics
//! notes, 4.7 and 4.8), and `sites Direction`.

use super::compiled::tracked;
use super::eval::SiteTest;
use super::game::{Cache, Ctx, GameDef, Within};
use super::moves::{Action, MoveData};
use super::pool::{copy_small, give_list, pooled_copy, release, restore_small, small_copy, take_list};
use super::shapes::{OneWay, WhoCmp, WhoOp};
use super::state::StateData;
use super::tables::Dirs;
use crate::board::{cut_ray, Walk};
use crate::ir::*;
use smallvec::SmallVec;
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::moves::Done;

/// `acts` added to `d` one by one (quicker than a slice copy for the few actions moves have).
#[inline]
fn append(d: &mut Done, acts: &[Action]) {
    for &a in acts {
        d.push(a);
    }
}

/// The actions of several pre-moves of a `do`, appended to `out` in the order Ludii's
/// combined move lists them: each move's inserted at the index where the previous one's
/// ended (not cumulative), so the first's come first and the others' follow, last first.
fn in_pre_order<'a, A: smallvec::Array<Item = Action>>(
    out: &mut SmallVec<A>,
    lists: impl IntoIterator<Item = &'a [Action]>,
) {
    let (base, mut at) = (out.len(), 0);
    for acts in lists {
        out.insert_many(base + at, acts.iter().copied());
        at = acts.len();
    }
}

/// Whether the actions of different moves of `moves` all commute: no two of different
/// moves touch the same site or the same small fields (named variables apart, each of its
/// own name), so the moves' actions give one position in any order of the moves.
fn commute_across(moves: &[MoveData]) -> bool {
    // (each action seen: the sites and small fields it touches)
    type Touch = (SmallVec<[u32; 2]>, super::moves::Fields, Action);
    let mut seen: SmallVec<[Touch; 8]> = SmallVec::new();
    for m in moves {
        let start = seen.len();
        for a in &m.actions {
            let (sites, fields) = a.footprint();
            let clash = seen[..start].iter().any(|(s2, f2, b)| {
                sites.iter().any(|t| s2.contains(t))
                    || (fields & f2 != 0
                        && !matches!((a, b), (Action::SetNamedVar { name: x, .. }, Action::SetNamedVar { name: y, .. }) if x != y))
            });
            if clash {
                return false;
            }
            seen.push((sites, fields, *a));
        }
    }
    true
}

/// Answers of an `ifAfterwards` condition by resulting position. The keys are kept end to
/// end in one list and found by their hash (compared in full: no false match); a memo is
/// reused, cleared, by the next check (no allocation per key once warm).
///
/// A key is the position's part off the board (`(last To)`, the roles, the variables...)
/// then the sites where it differs from the state the candidates apply to. Where the
/// condition reports what it read ([`tracked`]), an answer is also kept by the first part
/// alone with what the evaluation read: it holds for any candidate leaving the same first
/// part whose changed sites (and the ones the answer was made for) read the same, that is,
/// were not read, or only for their top owner and that owner is the same.
#[derive(Default)]
struct Memo {
    reads_from: bool,
    /// The key being built, and the length of its part off the board.
    key: Vec<i32>,
    small: usize,
    /// Every key seen, end to end.
    keys: Vec<i32>,
    /// By key hash: each key's place in `keys` and the answer.
    seen: HashMap<u64, SmallVec<[Seen; 1]>, BuildHasherDefault<MixHasher>>,
    /// By hash of the part off the board: answers with what they read.
    shared: HashMap<u64, SmallVec<[Shared; 2]>, BuildHasherDefault<MixHasher>>,
    /// The changed sites of the candidates the shared answers were made for, with their
    /// top owners then, end to end.
    changed_sites: Vec<(u32, i32)>,
    /// The answers on the base itself by `(last To)`, when the key's part off the board is
    /// the same for every candidate that only changes the board but for `(last To)` (the
    /// condition does not read `(last From)`): this check's first, then those of the last
    /// few checks of the same condition in the same context, kept with their bases.
    bases: [Base; 3],
}

/// The answers on a base by `(last To)` (see [`Memo::bases`]).
#[derive(Default)]
struct Base {
    /// The game, the condition, `(var)`, the roles and the iterator variables it was
    /// evaluated with; empty when none.
    ident: Vec<i64>,
    sites: Vec<super::state::Stack>,
    by_to: Vec<Option<(tracked::Reads, bool)>>,
    /// For an earlier base of the same ident, the sites whose top owner differs from the
    /// current base's, and those that differ at all; None otherwise.
    changed: Option<(u64, u64)>,
}

/// A key's place in [`Memo::keys`] (start, length) and the answer for it.
type Seen = (u32, u32, bool);

/// An answer kept by the part of its key off the board: that part's place in
/// [`Memo::keys`], what the evaluation read, its candidate's changed sites' place in
/// [`Memo::changed_sites`], and the answer.
struct Shared {
    key: (u32, u32),
    reads: tracked::Reads,
    sites: (u32, u32),
    ok: bool,
}

/// The owner of `s`'s top piece (0 when empty).
fn top_owner(s: &StateData, site: u32) -> i32 {
    s.sites
        .get(site as usize)
        .and_then(|st| st.last())
        .map_or(0, |p| p.who as i32)
}

impl Memo {
    fn clear(&mut self, reads_from: bool) {
        self.reads_from = reads_from;
        self.keys.clear();
        self.seen.clear();
        self.shared.clear();
        self.changed_sites.clear();
    }

    /// Start the answers on a new base (`base`, evaluated as `ident` says), keeping those
    /// of the last two, and what changed since for those of the same ident (when the board
    /// has at most 64 sites).
    fn start_base(&mut self, ident: &[i64], base: &StateData) {
        self.bases.rotate_right(1);
        let [now, earlier @ ..] = &mut self.bases;
        now.ident.clear();
        now.ident.extend_from_slice(ident);
        now.sites.clone_from(&base.sites);
        now.by_to.clear();
        now.by_to.resize(base.sites.len(), None);
        now.changed = None;
        for b in earlier {
            b.changed = (b.ident == now.ident && base.sites.len() <= 64).then(|| {
                let (mut owners, mut any) = (0u64, 0u64);
                for (t, (x, y)) in b.sites.iter().zip(&base.sites).enumerate() {
                    if x.as_slice() != y.as_slice() {
                        any |= 1 << t;
                        let who = |st: &super::state::Stack| st.last().map_or(0, |p| p.who);
                        if who(x) != who(y) {
                            owners |= 1 << t;
                        }
                    }
                }
                (owners, any)
            });
        }
    }

    /// No answers on the current base (a check that does not keep them): the current
    /// slot is emptied, so that none is taken for another base's.
    fn no_base(&mut self) {
        self.bases[0].ident.clear();
        self.bases[0].by_to.clear();
    }

    /// The answer on the current base for `(last To)` `t`, found there or in an earlier
    /// base where it did not read what changed since.
    fn base_answer(&mut self, t: usize) -> Option<(tracked::Reads, bool)> {
        let [now, earlier @ ..] = &mut self.bases;
        if let Some(a) = now.by_to.get(t).copied().flatten() {
            return Some(a);
        }
        let found = earlier.iter().find_map(|b| {
            let (owners, any) = b.changed?;
            let (reads, ok) = (*b.by_to.get(t)?)?;
            (reads.owners & owners == 0 && reads.full & any == 0).then_some((reads, ok))
        })?;
        if let Some(slot) = now.by_to.get_mut(t) {
            *slot = Some(found);
        }
        Some(found)
    }

    fn hash(key: &[i32]) -> u64 {
        let mut h = MixHasher::default();
        for w in key.chunks(2) {
            h.add(w.iter().fold(0u64, |a, &x| a << 32 | x as u32 as u64));
        }
        h.add(key.len() as u64);
        h.finish()
    }

    fn stored(&self, (start, len): (u32, u32)) -> Option<&[i32]> {
        self.keys.get(start as usize..(start + len) as usize)
    }

    /// Keep `key` in `keys`: its place.
    fn store(&mut self, key: std::ops::Range<usize>) -> (u32, u32) {
        let start = self.keys.len() as u32;
        self.keys.extend_from_slice(&self.key[key.clone()]);
        (start, key.len() as u32)
    }

    /// The answer remembered for the key built.
    fn get(&self, hash: u64) -> Option<bool> {
        self.seen
            .get(&hash)?
            .iter()
            .find_map(|&(start, len, ok)| (self.stored((start, len)) == Some(&self.key[..])).then_some(ok))
    }

    /// Remember the answer for the key built.
    fn insert(&mut self, hash: u64, ok: bool) {
        let (start, len) = self.store(0..self.key.len());
        self.seen.entry(hash).or_default().push((start, len, ok));
    }

    /// A shared answer for the part off the board built, holding for a candidate that
    /// changed sites `changed` of `base`: with `after` the position it left, those sites
    /// unread or read for an owner both share; without, sites it may have changed (before
    /// it is applied), which must be unread.
    fn get_shared(&self, hash: u64, base: &StateData, changed: &[u32], after: Option<&StateData>) -> Option<bool> {
        let small = &self.key[..self.small];
        self.shared.get(&hash)?.iter().find_map(|e| {
            if self.stored(e.key) != Some(small) {
                return None;
            }
            let (start, len) = (e.sites.0 as usize, e.sites.1 as usize);
            let theirs = &self.changed_sites[start..start + len];
            let read = |site: u32| (e.reads.full | e.reads.owners) >> site & 1 == 1;
            // a site with owner `a` in the answer's position and `b` in the candidate's
            let same = |site: u32, a: i32, b: i32| !read(site) || (e.reads.full >> site & 1 == 0 && a == b);
            let mine = |site: u32| changed.contains(&site);
            let fits = theirs.iter().all(|&(t, o)| match after {
                Some(s) => same(t, o, top_owner(s, t)),
                None if mine(t) => !read(t),
                None => same(t, o, top_owner(base, t)),
            }) && changed
                .iter()
                .filter(|t| !theirs.iter().any(|(x, _)| x == *t))
                .all(|&t| match after {
                    Some(s) => same(t, top_owner(base, t), top_owner(s, t)),
                    None => !read(t),
                });
            fits.then_some(e.ok)
        })
    }

    /// Keep a shared answer for the part off the board built, made for the candidate that
    /// left `s` (changed sites `changed`).
    fn insert_shared(&mut self, hash: u64, reads: tracked::Reads, s: &StateData, changed: &[u32], ok: bool) {
        let key = self.store(0..self.small);
        let start = self.changed_sites.len() as u32;
        self.changed_sites.extend(changed.iter().map(|&t| (t, top_owner(s, t))));
        self.shared.entry(hash).or_default().push(Shared {
            key,
            reads,
            sites: (start, changed.len() as u32),
            ok,
        });
    }
}

thread_local! {
    /// A memo kept with its allocations for the next `ifAfterwards` check.
    static MEMO: RefCell<Option<Memo>> = const { RefCell::new(None) };
}

/// A cheap multiply-rotate hasher for the memo's keys (positions, not outside input).
#[derive(Default)]
struct MixHasher(u64);

impl Hasher for MixHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().unwrap_or_default()));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w));
        }
    }
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

impl MixHasher {
    #[inline]
    fn add(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// The small fields of the state an action changes (bits of [`super::moves::Fields`]).
type Changed = super::moves::Fields;
use super::moves::{DICE, PENDING, PROPOSITIONS, REMEMBERED, SCORES, TRIGGERED, VARS};

/// Everything that distinguishes the position after a candidate from the one after another
/// candidate applied to the same base: first the part off the board (the roles and
/// `(var)`, the small fields the candidate's actions changed (`changed`; the others are the
/// base's), and what the history's last entry records), its length kept in `small`; then
/// the sites that differ from the base (`sites`), with their pieces.
#[allow(clippy::too_many_arguments)]
fn position_key(
    k: &mut Vec<i32>,
    small: &mut usize,
    s: &StateData,
    sites: &[u32],
    changed: Changed,
    m: &MoveData,
    reads_from: bool,
) {
    k.clear();
    k.extend_from_slice(&[
        m.to,
        if reads_from { m.from } else { -2 },
        m.is_pass() as i32,
        s.var,
        s.mover as i32,
        s.next as i32,
        s.prev as i32,
        changed as i32,
    ]);
    for (bit, list) in [(PENDING, &s.pending[..]), (SCORES, &s.scores[..])] {
        if changed & bit != 0 {
            k.push(list.len() as i32);
            k.extend_from_slice(list);
        }
    }
    if !s.hidden.is_empty() {
        // (the flags as a whole, hashed: a candidate may change them anywhere)
        let h = {
            use std::hash::{Hash, Hasher};
            let mut h = std::collections::hash_map::DefaultHasher::new();
            s.hidden.hash(&mut h);
            h.finish()
        };
        k.extend_from_slice(&[h as i32, (h >> 32) as i32]);
    }
    if !s.loose_states.is_empty() {
        k.push(s.loose_states.len() as i32);
        k.extend(
            s.loose_states
                .iter()
                .flat_map(|&(site, f, v)| [site as i32, f as i32, v]),
        );
    }
    if changed & REMEMBERED != 0 {
        k.push(s.remembered.len() as i32);
        k.extend(s.remembered.iter().flat_map(|&(l, v)| [l as i32, v]));
    }
    if changed & VARS != 0 {
        k.push(s.vars.len() as i32);
        for (n, v) in &s.vars {
            k.extend([*n as i32, *v]);
        }
        k.extend_from_slice(&s.player_values);
        k.extend_from_slice(&s.money);
    }
    if changed & PROPOSITIONS != 0 {
        k.push(s.propositions.len() as i32);
        k.extend(s.propositions.iter().map(|&p| p as i32));
        k.push(s.decided);
        k.extend(s.votes.iter().map(|&p| p as i32));
    }
    if changed & TRIGGERED != 0 {
        k.push(s.triggered as i32);
    }
    if changed & DICE != 0 {
        k.push(s.dice_equal as i32);
        k.extend_from_slice(&s.dice);
        k.extend_from_slice(&s.dice_sums);
    }
    *small = k.len();
    for &t in sites {
        let Some(st) = s.stack(t as usize) else { continue };
        k.extend([t as i32, st.len() as i32]);
        for p in st {
            // one word for a plain piece (one of its kind, no state, value or rotation);
            // a flag in that word says the other fields follow
            let plain = p.count == 1 && p.state == 0 && p.value == 0 && p.rotation == 0;
            k.push(p.what as i32 | (p.who as i32) << 16 | (!plain as i32) << 24);
            if !plain {
                k.extend([p.count as i32, p.state, p.value, p.rotation]);
            }
        }
    }
}

/// How deep `(max Moves ..)` follows a run of moves by one player (a bound on its search).
const MAX_RUN_DEPTH: u32 = 64;

/// No filter left to ask of a move ([`GameDef::gen_deferring`]).
pub(super) const NO_FILTER: u8 = u8::MAX;

/// What [`GameDef::gen_deferring`] leaves to ask of the moves drawn.
#[derive(Default)]
pub(super) struct Deferred<'g> {
    /// Per move listed, its filter: an index into `conds`, or [`NO_FILTER`] (the list may
    /// stop short of the moves: the rest have none).
    pub pending: Vec<u8>,
    /// Per filter, its `ifAfterwards` condition and the consequents a move drawn takes once
    /// it passes: its `do`'s, then those of the alternatives around it, innermost first (the
    /// condition is asked without them, as in [`GameDef::gen_do`]).
    pub conds: Vec<(&'g BoolFn, SmallVec<[u32; 2]>)>,
    pub lazy: Vec<LazyAdds<'g>>,
    /// The consequents of the alternatives being generated, outermost first.
    outer: SmallVec<[u32; 4]>,
}

/// The candidates of an `Add` over a region, not yet made into moves.
pub(super) struct LazyAdds<'g> {
    /// The `Add` (with its consequents) and where it places.
    node: &'g Moves,
    to: &'g Place,
    add: super::generate::Added,
    /// The sites left to draw from (`count` of them), and what is left to ask at each.
    pub sites: super::region::Region,
    pub count: usize,
    cond: super::compiled::Cond<'g>,
    pub filter: u8,
}

impl LazyAdds<'_> {
    /// Set site `t` aside (its move fails a filter).
    pub(super) fn take(&mut self, t: i32) {
        self.sites.remove(t);
        self.count -= 1;
    }
}

/// Sites saved to be restored, with their contents.
type Saved = SmallVec<[(u32, super::state::Stack); 2]>;

impl GameDef {
    /// Whether `m` generates at least one move (what `(no Moves ..)` asks), stopping as soon
    /// as one is found; alternatives without `ifAfterwards` filters are tried first, since the
    /// answer does not depend on the order.
    pub(super) fn has_moves(&self, m: &Moves, c: &mut Ctx) -> bool {
        // (a question of its own: every move counts, whatever a threat was after)
        c.target = -1;
        match &m.kind {
            MovesKind::Priority(v) | MovesKind::Or(v) | MovesKind::And(v) => {
                // (those without a filter first: no list made, asked once per piece; among
                // them, those with no hop first: a hop needs a piece to pass, a step or slide
                // only room, so they are the likelier to have a move)
                v.iter()
                    .filter(|x| !x.filters && !x.hops)
                    .chain(v.iter().filter(|x| !x.filters && x.hops))
                    .chain(v.iter().filter(|x| x.filters))
                    .any(|x| self.has_moves(x, c))
            }
            MovesKind::If(b, x, y) => {
                if self.boolean(b, c) {
                    self.has_moves(x, c)
                } else {
                    y.as_ref().is_some_and(|y| self.has_moves(y, c))
                }
            }
            MovesKind::ForEachPiece { pieces, body } => {
                // as generation iterates (4.1), stopping at the first piece with a move
                self.for_each_piece(c, pieces, |c2, comp| {
                    match body.as_deref().or(self.ir.components[comp].moves.as_deref()) {
                        Some(m) => self.has_moves(m, c2),
                        None => false,
                    }
                })
            }
            MovesKind::Select { from, to, .. } => self.select_pairs(from, to, c, |_, _| true),
            // (the longest runs are among the moves: some are kept whenever there are any)
            MovesKind::MaxMoves(m, ..) => self.has_moves(m, c),
            MovesKind::ForEachValue { min, max, body } => {
                let (a, b) = (self.int(min, c), self.int(max, c));
                (a..=b).any(|v| {
                    let mut c2 = *c;
                    c2.value = v;
                    self.has_moves(body, &mut c2)
                })
            }
            MovesKind::Do {
                pre,
                next: None,
                if_afterwards: Some(cond),
                ..
            } => {
                let mut cands = take_list();
                self.gen(pre, c, &mut cands);
                // (no copy of the position to try no candidate on)
                let found = !cands.is_empty() && {
                    let mut s2 = self.scratch(c);
                    let found = cands.iter().any(|mv| self.check_afterwards(&mut s2, mv, cond, c, None));
                    release(s2);
                    found
                };
                give_list(cands);
                found
            }
            _ => {
                let mut out = take_list();
                // (a step, hop, slide or shot stops at its first move)
                let first = matches!(
                    m.kind,
                    MovesKind::Step { .. }
                        | MovesKind::Hop { .. }
                        | MovesKind::Slide { tracks: None, .. }
                        | MovesKind::Shoot { .. }
                );
                self.gen(m, &mut Ctx { first, ..*c }, &mut out);
                let found = !out.is_empty();
                give_list(out);
                found
            }
        }
    }

    /// The moves of `m` as [`Self::gen`] gives them, but for the `ifAfterwards` filters met
    /// among its alternatives (`or`, decided `if`s, no consequents on the way): their
    /// candidates are all given, and `d.pending` gets, for each move, the filter still to ask
    /// of it (an index into `d.conds`, or [`NO_FILTER`]). An `Add` over a region among them
    /// is not made into moves: `d.lazy` gets its sites and what is left to ask at each. A
    /// move is one of [`Self::gen`]'s exactly when it passes its filter (and, for a site of
    /// `d.lazy`, its condition), so a uniform draw that puts aside the moves failing their
    /// filters is a uniform draw of the legal moves, and asks them of few candidates.
    pub(super) fn gen_deferring<'g>(
        &'g self,
        m: &'g Moves,
        c: &mut Ctx,
        out: &mut Vec<MoveData>,
        d: &mut Deferred<'g>,
        filter: u8,
    ) {
        let start = out.len();
        match &m.kind {
            // (alternatives with consequents outside a filter: the moves of no filter take
            // them now, the filters' when they pass)
            MovesKind::Or(_) | MovesKind::If(..) if m.then.is_none() || filter == NO_FILTER => {
                d.outer.extend(m.then);
                match &m.kind {
                    MovesKind::Or(v) => {
                        for x in v {
                            self.gen_deferring(x, c, out, d, filter);
                        }
                    }
                    MovesKind::If(b, x, y) => {
                        if self.boolean(b, c) {
                            self.gen_deferring(x, c, out, d, filter);
                        } else if let Some(y) = y {
                            self.gen_deferring(y, c, out, d, filter);
                        }
                    }
                    _ => {}
                }
                if let Some(t) = m.then {
                    d.outer.pop();
                    for (i, mv) in out.iter_mut().enumerate().skip(start) {
                        if d.pending.get(i).is_none_or(|&f| f == NO_FILTER) {
                            mv.then.push(t);
                        }
                    }
                }
                return;
            }
            MovesKind::Do {
                pre,
                next: None,
                if_afterwards: Some(cond),
                ..
            } if filter == NO_FILTER && d.conds.len() < NO_FILTER as usize => {
                let k = d.conds.len() as u8;
                let thens = m.then.into_iter().chain(d.outer.iter().rev().copied()).collect();
                d.conds.push((cond, thens));
                return self.gen_deferring(pre, c, out, d, k);
            }
            // (an add with an effect is listed twice, as Ludii does: it takes the general
            // path; so does one inside alternatives with consequents)
            MovesKind::Add { to, .. }
                if to.site.is_none() && to.apply.is_none() && !self.has_large_pieces && d.outer.is_empty() =>
            {
                if let (Some(add), Some((sites, cond))) = (self.added(&m.kind, c), self.add_sites(to, c)) {
                    let count = sites.len();
                    if count > 0 {
                        d.lazy.push(LazyAdds {
                            node: m,
                            to,
                            add,
                            sites,
                            count,
                            cond,
                            filter,
                        });
                    }
                }
                return;
            }
            _ => self.gen(m, c, out),
        }
        // (no list while no move has a filter: most plays have none)
        if filter != NO_FILTER {
            d.pending.resize(start, NO_FILTER);
            d.pending.resize(out.len(), filter);
        }
    }

    /// The move of `b` at its `k`-th site, in `one` (left empty where the condition left to
    /// ask there fails); the site.
    pub(super) fn lazy_add(&self, b: &LazyAdds, k: usize, c: &Ctx, one: &mut Vec<MoveData>) -> i32 {
        one.clear();
        let Some(t) = b.sites.nth(k) else { return -1 };
        self.add_at(b.add, b.to, t, c, one, b.cond);
        if let Some(th) = b.node.then {
            for mv in one.iter_mut() {
                mv.then.push(th);
            }
        }
        t
    }

    /// Whether `mv`, a candidate of [`Self::gen_deferring`] at the root of a decision
    /// (`c`'s roles are its state's), fails its filters: `cond` (its `ifAfterwards`) or,
    /// when `repeat`, the meta rule `(no Repeat)` (the position after it was seen). Tried
    /// once on `s2`, a copy of `c`'s state, left so.
    pub(super) fn fails_filters(
        &self,
        s2: &mut StateData,
        mv: &MoveData,
        cond: Option<&BoolFn>,
        repeat: bool,
        c: &Ctx,
    ) -> bool {
        let (touched, changed) = self.execute_trial(s2, mv, c.s, c.within);
        // (the copy's hash followed the sites the move changed)
        let fails = repeat && c.s.seen.contains(&s2.hash)
            || cond.is_some_and(|cond| {
                if s2.next == s2.mover {
                    s2.next = s2.prev;
                }
                !self.evaluate_afterwards(s2, cond, c, None)
            });
        self.undo_trial(s2, c.s, &touched, changed);
        (s2.mover, s2.next, s2.prev) = (c.mover, c.next, c.prev);
        fails
    }

    /// `(max Moves M)` (Ludii's `MaxMoves`): each of M's moves is applied as a decision, and
    /// counts 1 plus, while the same player moves on and the game is not over, the most any
    /// of their next moves counts; the moves that count most are kept, in order. With
    /// value, a move counts the values of the pieces it removes (its consequences'
    /// removals too) instead of 1. With `captures` (`(max Captures M)`, Ludii's
    /// `MaxCaptures`), a move counts its removals (or their values) alone, with no run.
    pub(super) fn gen_max_moves(
        &self,
        m: &Moves,
        with_value: bool,
        captures: bool,
        c: &mut Ctx,
        out: &mut Vec<MoveData>,
    ) {
        let start = out.len();
        self.gen(m, c, out);
        if out.len() - start < 2 {
            return;
        }
        let state = super::api::State::of(c.s.clone());
        let counts: Vec<u32> = out[start..]
            .iter()
            .map(|mv| {
                let mut s = state.clone();
                let mv = super::api::Move { inner: mv.clone() };
                if captures {
                    return self.removals(&mut s, &mv, with_value);
                }
                let worth = self.run_step(&mut s, &mv, with_value);
                self.run_length(&s, worth, 0, with_value)
            })
            .collect();
        let best = counts.iter().copied().max().unwrap_or(0);
        let mut i = 0;
        out.retain(|_| {
            let keep = i < start || counts[i - start] == best;
            i += 1;
            keep
        });
    }

    /// Applies one move of a run; what it counts: 1, or with value, the values of the
    /// pieces it removes (as they were before it).
    fn run_step(&self, s: &mut super::api::State, mv: &super::api::Move, with_value: bool) -> u32 {
        if !with_value {
            self.apply(s, mv);
            return 1;
        }
        self.removals(s, mv, true)
    }

    /// Applies a move; what it removes, its consequences included: the number of removals,
    /// or with value the values of the pieces removed (as they were before it).
    fn removals(&self, s: &mut super::api::State, mv: &super::api::Move, with_value: bool) -> u32 {
        let before = s.inner.clone();
        let mut log = Vec::new();
        self.apply_logged(s, mv, Some(&mut log));
        let value_at = |site: u32, level: Option<u32>| {
            before.stack(site as usize).and_then(|st| match level {
                Some(l) => st.get(l as usize).or(st.last()),
                None => st.last(),
            })
        };
        log.iter()
            .map(|a| match a {
                // (a removal at the end of the turn counts where it is decided, as Ludii's
                // action of removal that waits)
                Action::Remove { .. } | Action::RemoveAtEnd(_) | Action::RemoveAt { .. } if !with_value => 1,
                Action::Remove { site, .. } | Action::RemoveAtEnd(site) => value_at(*site, None).map_or(0, |p| p.value),
                Action::RemoveAt { site, level, .. } => value_at(*site, Some(*level)).map_or(0, |p| p.value),
                _ => 0,
            })
            .sum::<i32>()
            .max(0) as u32
    }

    /// The longest run of moves the mover of `s` makes on from there, `count` made so far
    /// (the run ends when another player moves or the game is over; at most
    /// [`MAX_RUN_DEPTH`] moves deep).
    fn run_length(&self, s: &super::api::State, count: u32, depth: u32, with_value: bool) -> u32 {
        let st = &s.inner;
        if st.prev != st.mover || st.over || depth >= MAX_RUN_DEPTH {
            return count;
        }
        self.legal_moves(s)
            .iter()
            .map(|mv| {
                let mut s2 = s.clone();
                let worth = self.run_step(&mut s2, mv, with_value);
                self.run_length(&s2, count + worth, depth + 1, with_value)
            })
            .max()
            .unwrap_or(0)
    }

    /// `(priority A B ..)`: the first alternative that gives moves. When A is
    /// `(do X ifAfterwards:C)` and gives nothing, and B comes down (through `if`s) to the same
    /// generator as X, B's moves are X's candidates: they are not generated again.
    pub(super) fn gen_priority(&self, v: &[Moves], c: &mut Ctx, out: &mut Vec<MoveData>) {
        let mut i = 0;
        while i < v.len() {
            let m = &v[i];
            let start = out.len();
            if let (
                MovesKind::Do {
                    pre,
                    next: None,
                    if_afterwards: Some(cond),
                    afterwards_reads_from,
                },
                Some(b),
            ) = (&m.kind, v.get(i + 1))
            {
                let mut cands = take_list();
                self.gen(pre, c, &mut cands);
                self.keep_passing(&cands, cond, *afterwards_reads_from, c, out);
                if let Some(t) = m.then {
                    for mv in &mut out[start..] {
                        mv.then.push(t);
                    }
                }
                if out.len() > start {
                    give_list(cands);
                    return;
                }
                if self.same_generator(pre, b, c) {
                    out.append(&mut cands);
                    give_list(cands);
                    if let Some(t) = b.then {
                        for mv in &mut out[start..] {
                            mv.then.push(t);
                        }
                    }
                    if out.len() > start {
                        return;
                    }
                    i += 2;
                    continue;
                }
                give_list(cands);
                i += 1;
                continue;
            }
            self.gen(m, c, out);
            if out.len() > start {
                return;
            }
            i += 1;
        }
    }

    /// Whether two generators give the same moves here: equal once their `if`s (without
    /// consequents of their own) are decided.
    fn same_generator(&self, a: &Moves, b: &Moves, c: &Ctx) -> bool {
        match (self.decide_ifs(a, c), self.decide_ifs(b, c)) {
            (Some(x), Some(y)) => std::ptr::eq(x, y) || x == y,
            _ => false,
        }
    }

    fn decide_ifs<'m>(&self, mut m: &'m Moves, c: &Ctx) -> Option<&'m Moves> {
        while let (MovesKind::If(b, x, y), None) = (&m.kind, m.then) {
            m = if self.boolean(b, c) { x } else { y.as_deref()? };
        }
        Some(m)
    }

    /// The candidates for which `cond` holds afterwards, appended to `out`.
    fn keep_passing(&self, cands: &[MoveData], cond: &BoolFn, reads_from: bool, c: &Ctx, out: &mut Vec<MoveData>) {
        // (no copy of the position to try no candidate on)
        if cands.is_empty() {
            return;
        }
        let mut s2 = self.scratch(c);
        let mut memo = MEMO.with(|m| m.borrow_mut().take()).unwrap_or_default();
        memo.clear(reads_from);
        // answers on the base, found by `(last To)`, where the condition reports its reads
        // and not `(last From)`; filed under what the condition is evaluated with besides
        // the board and the candidate
        if self.tracked(cond).is_some() && !reads_from {
            let next = if s2.next == s2.mover { s2.prev } else { s2.next };
            let ident = [
                self.id as i64,
                cond as *const BoolFn as i64,
                s2.var as i64,
                s2.mover as i64,
                next as i64,
                s2.prev as i64,
                c.from as i64,
                c.to as i64,
                c.between as i64,
                c.site as i64,
                c.value as i64,
                c.level as i64,
            ];
            memo.start_base(&ident, c.s);
        } else {
            memo.no_base();
        }
        for mv in cands {
            if self.check_afterwards(&mut s2, mv, cond, c, Some(&mut memo)) {
                out.push(mv.clone());
            }
        }
        MEMO.with(|m| *m.borrow_mut() = Some(memo));
        release(s2);
    }

    /// A copy of the state with the context's roles as its players (Ludii's temporary
    /// context keeps the mover `forEach Piece` may have swapped in).
    /// Taken from a per-thread pool and overwritten in place (no allocation once warm); give
    /// it back with [`release`].
    pub(super) fn scratch(&self, c: &Ctx) -> super::pool::Scratch {
        let mut s = pooled_copy(c.s);
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
        reads_from: bool,
        c: &mut Ctx,
        out: &mut Vec<MoveData>,
    ) {
        let start = out.len();
        match next {
            Some(b) => {
                // the pre-moves, generated in the real context, applied (with their
                // consequents, without storing) to a copy on which B is generated
                let mut pre_moves = take_list();
                self.gen(pre, c, &mut pre_moves);
                let pre_actions = if pre_moves.is_empty() {
                    // nothing to apply: B is generated on this very state (and its cache)
                    self.gen(b, c, out);
                    SmallVec::new()
                } else {
                    self.gen_after(&pre_moves, b, c, out)
                };
                give_list(pre_moves);
                if out.len() == start && !self.ir.dice.is_empty() {
                    // in a game with dice, no B move is a pass after the pre-moves (Ludii's
                    // `Do`: the turn goes on with the dice rolled)
                    let actions = self.push_move(out, c, -1, -1);
                    actions.extend(pre_actions.into_iter().flatten());
                    actions.push(Action::Pass { forced: true });
                }
                for mv in &mut out[start..] {
                    mv.mover = c.mover;
                }
            }
            None => self.gen(pre, c, out),
        }
        if let Some(cond) = if_afterwards {
            if c.within.probing() && super::probe::holds_while_probing(cond) {
                // (every candidate passes unasked while a threat is looked for)
                return;
            }
            let mut cands = take_list();
            cands.extend(out.drain(start..));
            self.keep_passing(&cands, cond, reads_from, c, out);
            give_list(cands);
        }
    }

    /// `(seq {M1 M2 ..})` (see [`MovesKind::Seq`]): on a copy of the position, each part's
    /// moves are generated, then applied with their consequents, in order; each becomes a
    /// move of the actions it did.
    pub(super) fn gen_seq(&self, parts: &[Moves], c: &Ctx, out: &mut Vec<MoveData>) {
        let mut s2 = self.scratch(c);
        for part in parts {
            let mut moves = take_list();
            {
                let cache = Cache::fresh();
                let mut c2 = *c;
                c2.s = &s2;
                c2.cache = &cache;
                c2.target = -1;
                self.gen(part, &mut c2, &mut moves);
            }
            for m in &moves {
                let mut done = Done::new();
                self.execute_collect(&mut s2, m, &mut done, c.within);
                let actions = self.push_move(out, c, m.from, m.to);
                actions.extend(done);
            }
            give_list(moves);
        }
        release(s2);
    }

    /// `(while cond body)` (see [`MovesKind::While`]).
    pub(super) fn gen_while(&self, cond: &BoolFn, body: &Moves, c: &Ctx, out: &mut Vec<MoveData>) {
        let mut s2 = self.scratch(c);
        let mut all = Done::new();
        for _ in 0..super::MAX_WHILE_ROUNDS {
            let mut moves = take_list();
            {
                let cache = Cache::fresh();
                let mut c2 = *c;
                c2.s = &s2;
                c2.cache = &cache;
                if !self.boolean(cond, &c2) {
                    give_list(moves);
                    break;
                }
                self.gen(body, &mut c2, &mut moves);
            }
            for m in &moves {
                let mut done = Done::new();
                self.execute_collect(&mut s2, m, &mut done, c.within);
                all.extend(done);
            }
            give_list(moves);
        }
        release(s2);
        if !all.is_empty() {
            let actions = self.push_move(out, c, -1, -1);
            actions.extend(all);
        }
    }

    /// B of `(do pre next:B)`, generated on a copy of the state to which the pre-moves were
    /// applied; each B move carries the pre-moves' actions first.
    fn gen_after(&self, pre_moves: &[MoveData], b: &Moves, c: &Ctx, out: &mut Vec<MoveData>) -> SmallVec<[Done; 1]> {
        let start = out.len();
        let mut s2 = self.scratch(c);
        let mut pre_actions: SmallVec<[Done; 1]> = SmallVec::new();
        for m in pre_moves {
            let mut done = SmallVec::new();
            // (a pre-move of no site, as `(set Var ..)`: its consequents read the sites of
            // the context generating it, as Ludii's, which leaves them as they are)
            let sited;
            let m = if m.from < 0 || m.to < 0 {
                sited = MoveData {
                    from: if m.from < 0 { c.from } else { m.from },
                    to: if m.to < 0 { c.to } else { m.to },
                    ..m.clone()
                };
                &sited
            } else {
                m
            };
            self.execute_collect(&mut s2, m, &mut done, c.within);
            pre_actions.push(done);
        }
        {
            let cache = Cache::fresh();
            let mut c2 = *c;
            c2.s = &s2;
            c2.cache = &cache;
            self.gen(b, &mut c2, out);
        }
        release(s2);
        // (the pre-moves' actions first, in the order of Ludii's combined move)
        let mut first: Done = SmallVec::new();
        in_pre_order(&mut first, pre_actions.iter().map(|d| &d[..]));
        for mv in &mut out[start..] {
            mv.actions.insert_many(0, first.iter().copied());
        }
        pre_actions
    }

    /// Whether `cond` holds after applying `m` (stored, with its own consequents) to `s2`, a
    /// copy of the context's state with its roles, which is left so again: only the sites the
    /// move touched (and the small fields) are restored.
    /// With a memo, candidates that leave the same position (and the same `(last To)`, and
    /// `(last From)` where the condition reads it) share one evaluation of the condition;
    /// where the condition reports its reads, answers are also shared by what they read
    /// (see [`Memo`]), some without applying the candidate ([`Self::known_unapplied`]).
    fn check_afterwards(
        &self,
        s2: &mut StateData,
        m: &MoveData,
        cond: &BoolFn,
        c: &Ctx,
        memo: Option<&mut Memo>,
    ) -> bool {
        let mut memo = memo;
        if c.within.probing() {
            // (looking for a threat: Ludii checks no `(not (is Threatened ..))`, and keeps
            // no answer found meanwhile)
            if super::probe::holds_while_probing(cond) {
                return true;
            }
            memo = None;
        }
        if let Some(memo) = memo.as_deref_mut() {
            if let Some(ok) = self.known_unapplied(s2, m, cond, c, memo) {
                return ok;
            }
        }
        let (touched, changed) = self.execute_trial(s2, m, c.s, c.within);
        if s2.next == s2.mover {
            s2.next = s2.prev;
        }
        let base = c.s;
        let evaluate = |reads| self.evaluate_afterwards(s2, cond, c, reads);
        let ok = match memo {
            None => evaluate(None),
            Some(memo) => {
                position_key(
                    &mut memo.key,
                    &mut memo.small,
                    s2,
                    &touched,
                    changed,
                    m,
                    memo.reads_from,
                );
                let tracked = self.tracked(cond).is_some();
                let small_hash = Memo::hash(&memo.key[..memo.small]);
                if let Some(ok) = tracked
                    .then(|| memo.get_shared(small_hash, base, &touched, Some(s2)))
                    .flatten()
                {
                    ok
                } else {
                    let hash = Memo::hash(&memo.key);
                    match memo.get(hash) {
                        Some(ok) => ok,
                        None => {
                            let mut reads = tracked::Reads::default();
                            let ok = evaluate(Some(&mut reads));
                            memo.insert(hash, ok);
                            if tracked {
                                memo.insert_shared(small_hash, reads, s2, &touched, ok);
                            }
                            ok
                        }
                    }
                }
            }
        };
        self.undo_trial(s2, c.s, &touched, changed);
        s2.mover = c.mover;
        s2.next = c.next;
        s2.prev = c.prev;
        ok
    }

    /// A candidate move (and its consequents) applied to `s2`, a copy of `base`, stored as
    /// a move is: the sites that now differ from `base` (ascending) and which small fields
    /// its actions may have changed (the history always gets one entry; the roles and
    /// `(var)` are always restored). [`Self::undo_trial`] takes it back.
    pub(super) fn execute_trial(
        &self,
        s2: &mut StateData,
        m: &MoveData,
        base: &StateData,
        w: Within,
    ) -> (SmallVec<[u32; 8]>, Changed) {
        let mut done: Done = SmallVec::new();
        self.execute_stored(s2, m, &mut done, w);
        let mut touched: SmallVec<[u32; 8]> = SmallVec::new();
        let mut changed: Changed = 0;
        for a in &done {
            let (sites, fields) = a.footprint();
            touched.extend(sites);
            changed |= fields & !super::moves::ROLES;
        }
        touched.sort_unstable();
        touched.dedup();
        touched.retain(|t| s2.stack(*t as usize) != base.stack(*t as usize));
        (touched, changed)
    }

    /// `s2` back to `base` after [`Self::execute_trial`] (but for the roles).
    pub(super) fn undo_trial(&self, s2: &mut StateData, base: &StateData, touched: &[u32], changed: Changed) {
        for &t in touched {
            if let (Some(d), Some(b)) = (s2.stack_mut(t as usize), base.stack(t as usize)) {
                super::state::set_stack(d, b);
            }
        }
        // the owners' table as a whole (a few words) rather than site by site
        s2.owned.copy_from_slice(&base.owned);
        restore_small(s2, base, changed);
    }

    /// `cond` on `s2` in the check's context (`c`'s iterator variables), adding what it read
    /// to `reads` when it reports its reads.
    fn evaluate_afterwards(&self, s2: &StateData, cond: &BoolFn, c: &Ctx, reads: Option<&mut tracked::Reads>) -> bool {
        let cache = Cache::fresh();
        let mut c2 = self.ctx_within(s2, &cache, c.within);
        c2.from = c.from;
        c2.to = c.to;
        c2.between = c.between;
        c2.site = c.site;
        c2.value = c.value;
        c2.level = c.level;
        match (reads, self.tracked(cond)) {
            (Some(reads), Some(f)) => f(self, &c2, reads),
            _ => self.boolean(cond, &c2),
        }
    }

    /// The answer for `m` without applying it, when `m` and its consequents only add,
    /// remove and move pieces, at sites known in advance ([`Moves::board_sites`]), and the
    /// answer does not read them: then the rest of the position it leaves (off the board
    /// too) is the base's, so a shared answer that did not read them holds; else the
    /// condition on the base itself (with `m` as the last move), when that evaluation did
    /// not read them either (it reads the same on the position `m` leaves), is the answer,
    /// kept for the next candidates.
    fn known_unapplied(
        &self,
        s2: &mut StateData,
        m: &MoveData,
        cond: &BoolFn,
        c: &Ctx,
        memo: &mut Memo,
    ) -> Option<bool> {
        self.tracked(cond)?;
        let bit = |t: u32| 1u64.checked_shl(t).unwrap_or(0);
        // the sites `m` may change, and the one site whose top owner after it is known: the
        // origin of its one move (when nothing else changes it)
        let (mut unknown, mut moved): (u64, Option<(u32, i32)>) = (0, None);
        for a in &m.actions {
            match *a {
                Action::Add { site, .. } | Action::Remove { site, .. } | Action::RemoveAt { site, .. } => {
                    unknown |= bit(site)
                }
                Action::Move {
                    from, to, count, copy, ..
                } => {
                    unknown |= bit(to);
                    if !copy {
                        match moved {
                            None if from != to && unknown & bit(from) == 0 => {
                                moved = Some((from, self.owner_after_move(c.s, from, count)))
                            }
                            _ => unknown |= bit(from),
                        }
                    }
                }
                _ => return None,
            }
        }
        for &t in &m.then {
            let bits = (*self.then_sites.get(t as usize)?)?;
            for (b, site) in [(Moves::AT_TO, m.to), (Moves::AT_FROM, m.from)] {
                if bits & b != 0 {
                    unknown |= bit(u32::try_from(site).ok()?);
                }
            }
        }
        if let Some((f, _)) = moved.filter(|&(f, _)| unknown & bit(f) != 0) {
            moved = None;
            unknown |= bit(f);
        }
        // an answer on the base holds when it did not read the sites changed, or read only
        // the owner of the moved one and that owner stays
        let holds = |reads: tracked::Reads| {
            (reads.owners | reads.full) & unknown == 0
                && moved.is_none_or(|(f, owner)| {
                    (reads.owners | reads.full) & bit(f) == 0
                        || (reads.full & bit(f) == 0 && owner == top_owner(c.s, f))
                })
        };
        // the base's answer for this `(last To)`, found by index
        let by_to = (!memo.reads_from).then(|| usize::try_from(m.to).ok()).flatten();
        if let Some((reads, ok)) = by_to.and_then(|t| memo.base_answer(t)) {
            if holds(reads) {
                return Some(ok);
            }
        }
        // else the shared answers, for which every site changed must be unread
        let mut sites: SmallVec<[u32; 4]> = moved.map(|(f, _)| f).into_iter().collect();
        let mut w = unknown;
        while w != 0 {
            sites.push(w.trailing_zeros());
            w &= w - 1;
        }
        // the part off the board as the check would find it: the base's, with the roles
        // as set for the check and `m` stored
        if s2.next == s2.mover {
            s2.next = s2.prev;
        }
        position_key(&mut memo.key, &mut memo.small, s2, &[], 0, m, memo.reads_from);
        let hash = Memo::hash(&memo.key[..memo.small]);
        let mut ok = memo.get_shared(hash, c.s, &sites, None);
        // the base is evaluated once for each part off the board (the answer is kept even
        // when this candidate's sites were read: it may hold for the next)
        if ok.is_none() && !memo.shared.contains_key(&hash) {
            super::game::push_history(s2, m.record());
            let mut reads = tracked::Reads::default();
            let answer = self.evaluate_afterwards(s2, cond, c, Some(&mut reads));
            restore_small(s2, c.s, 0);
            memo.insert_shared(hash, reads, s2, &[], answer);
            if let Some(slot) = by_to.and_then(|t| memo.bases[0].by_to.get_mut(t)) {
                *slot = Some((reads, answer));
            }
            if holds(reads) {
                ok = Some(answer);
            }
        }
        s2.next = c.next;
        ok
    }

    /// The owner of the top piece left at `from` once a move of `count` pieces from it is
    /// applied to `s` (as [`GameDef::act`] moves them).
    fn owner_after_move(&self, s: &StateData, from: u32, count: u32) -> i32 {
        let Some(st) = s.sites.get(from as usize) else { return 0 };
        let (h, n) = (st.len(), count as usize);
        if self.ir.stacking {
            // a counted move of more pieces than the stack holds does nothing
            match (n == 0 || n > h, h.checked_sub(n + 1)) {
                (true, _) => top_owner(s, from),
                (false, Some(level)) => st[level].who as i32,
                (false, None) => 0,
            }
        } else {
            0
        }
    }

    /// Apply a move, store it in the history, then its consequents, collecting every action.
    pub(super) fn execute_stored(&self, s: &mut StateData, m: &MoveData, done: &mut Done, w: Within) {
        for a in &m.actions {
            self.act(s, a, m.mover);
            done.push(*a);
        }
        super::game::push_history(s, m.record());
        self.run_consequents(s, m, (m.from, m.to), Some(done), w);
    }

    /// Apply a move without storing it, with its consequents, collecting every action done.
    pub(super) fn execute_collect(&self, s: &mut StateData, m: &MoveData, done: &mut Done, w: Within) {
        self.execute_sub(s, m, (m.from, m.to), Some(done), w);
    }

    /// Apply a consequent's move (not stored): its actions, then its own consequents (which
    /// read `reads` as their `from` and `to`).
    pub(super) fn execute_sub(
        &self,
        s: &mut StateData,
        m: &MoveData,
        reads: (i32, i32),
        mut done: Option<&mut Done>,
        w: Within,
    ) {
        for a in &m.actions {
            self.act(s, a, m.mover);
            if let Some(d) = done.as_deref_mut() {
                d.push(*a);
            }
        }
        self.run_consequents(s, m, reads, done, w);
    }

    /// The consequents of `m`, each generated on the current state then applied, inside
    /// what `w` says (the evaluation that tries `m`, if any). They read `reads` as their
    /// `from` and `to`: as Ludii's, which evaluates them in the context it applies the move
    /// in, the sites of the evaluation that tries the move (where one does; its own sites
    /// here), and none (-1) in a move applied to the game.
    pub(super) fn run_consequents(
        &self,
        s: &mut StateData,
        m: &MoveData,
        reads: (i32, i32),
        mut done: Option<&mut Done>,
        w: Within,
    ) {
        for &t in &m.then {
            let mut rule = &self.ir.thens[t as usize];
            // (an `if` without consequents of its own gives the moves of the branch its
            // condition picks: that branch is applied, so that a `do` or a `sow` there is
            // applied in place as one here would be)
            if let (MovesKind::If(..), None) = (&rule.kind, rule.then) {
                let (decided, stalemates) = self.with_move_ctx(s, reads, w, |c| self.decide_ifs(rule, c));
                super::game::note_stalemates(s, stalemates);
                match decided {
                    Some(x) => rule = x,
                    None => continue,
                }
            }
            match &rule.kind {
                MovesKind::Sow(sw) if self.fast_forms => {
                    self.sow_in_place(s, sw, rule.then, reads, done.as_deref_mut(), w);
                    continue;
                }
                _ => {}
            }
            if let MovesKind::Do {
                pre,
                next: Some(b),
                if_afterwards: None,
                ..
            } = &rule.kind
            {
                if self.do_in_place(s, pre, b, rule.then, m, reads, done.as_deref_mut(), w) {
                    continue;
                }
            }
            // a plain effect: its actions, all computed on the state before any is applied
            let mut acts: SmallVec<[Action; 4]> = SmallVec::new();
            let (direct, stalemates) = self.with_move_ctx(s, reads, w, |c| self.direct_actions(rule, c, &mut acts));
            super::game::note_stalemates(s, stalemates);
            if direct {
                let mover = s.mover;
                for a in &acts {
                    self.act(s, a, mover);
                }
                if let Some(d) = done.as_deref_mut() {
                    append(d, &acts);
                }
                continue;
            }
            let mut subs = take_list();
            let stalemates = self.gen_for(rule, s, reads, &mut subs, w);
            super::game::note_stalemates(s, stalemates);
            for sub in &subs {
                self.execute_sub(s, sub, reads, done.as_deref_mut(), w);
            }
            give_list(subs);
        }
    }

    /// A consequent `(do pre next:B)` applied without a copy of the state: the pre-move is
    /// applied to the state itself, B generated there, and each B move applied as the
    /// combined move would be (the pre-move's actions again before every B move after the
    /// first); if B gives nothing, the pre-move is undone. Only for at most one pre-move
    /// without consequents (its changes are then known in advance); false otherwise, with
    /// nothing changed.
    #[allow(clippy::too_many_arguments)]
    fn do_in_place(
        &self,
        s: &mut StateData,
        pre: &Moves,
        b: &Moves,
        then: Option<u32>,
        m: &MoveData,
        reads: (i32, i32),
        mut done: Option<&mut Done>,
        w: Within,
    ) -> bool {
        // one cache for both halves, emptied once the state has changed
        let mut cache = Cache::fresh();
        let mut acts: SmallVec<[Action; 2]> = SmallVec::new();
        if !self.one_move_actions(pre, s, reads, &cache, &mut acts, w) {
            let mut pre_moves = take_list();
            self.gen_for(pre, s, reads, &mut pre_moves, w);
            if pre_moves.iter().any(|p| !p.then.is_empty()) || !commute_across(&pre_moves) {
                give_list(pre_moves);
                return false;
            }
            // (several pre-moves: their actions in the order the combined move lists them;
            // each changes what no other reads or writes, so applying them in that order
            // leaves the position applying them one move after another does)
            acts.clear();
            in_pre_order(&mut acts, pre_moves.iter().map(|p| &p.actions[..]));
            give_list(pre_moves);
        }
        // what undoing needs: the touched sites and the small fields
        let mut saved: Saved = SmallVec::new();
        for a in &acts {
            for t in a.footprint().0 {
                if !saved.iter().any(|(x, _)| *x == t) {
                    if let Some(st) = s.stack(t as usize) {
                        saved.push((t, st.clone()));
                    }
                }
            }
        }
        // board-only pre-moves need no copy of the small fields to be undone
        // (and, in a game of hidden information, the flags the pieces carry)
        let board_only = acts.iter().all(|a| a.footprint().1 == 0) && s.hidden.is_empty();
        let small = if board_only { None } else { Some(small_copy(s)) };
        for a in &acts {
            self.act(s, a, m.mover);
        }
        // B a single plain effect: its actions (none when it gives no move) applied directly
        let mut b_acts: SmallVec<[Action; 2]> = SmallVec::new();
        cache.reset();
        if then.is_none() && self.one_move_actions(b, s, reads, &cache, &mut b_acts, w) {
            if b_acts.is_empty() {
                self.undo_pre(s, saved, small);
                return true;
            }
            if let Some(small) = small {
                release(small);
            }
            let mover = s.mover;
            for a in &b_acts {
                self.act(s, a, mover);
            }
            if let Some(d) = done.as_deref_mut() {
                append(d, &acts);
                append(d, &b_acts);
            }
            return true;
        }
        let mut moves = take_list();
        self.gen_for(b, s, reads, &mut moves, w);
        if moves.is_empty() {
            self.undo_pre(s, saved, small);
        } else if let Some(small) = small {
            release(small);
        }
        for (i, mut bm) in moves.drain(..).enumerate() {
            if i > 0 {
                for a in &acts {
                    self.act(s, a, m.mover);
                }
            }
            if let Some(d) = done.as_deref_mut() {
                append(d, &acts);
            }
            if let Some(t) = then {
                bm.then.push(t);
            }
            self.execute_sub(s, &bm, reads, done.as_deref_mut(), w);
        }
        give_list(moves);
        true
    }

    /// Undo a pre-move applied in place: its sites and (when saved) the small fields.
    fn undo_pre(&self, s: &mut StateData, saved: Saved, small: Option<super::pool::Scratch>) {
        let mut sites: SmallVec<[u32; 4]> = saved.iter().map(|e| e.0).collect();
        self.rehash(s, &mut sites, |s| {
            for (t, st) in saved {
                if let Some(d) = s.stack_mut(t as usize) {
                    *d = st;
                }
                s.sync_site(t as usize);
            }
        });
        if let Some(small) = small {
            copy_small(s, &small);
            release(small);
        }
    }

    /// The actions of the one move `x` gives at most, generated on `s` for the move `m`'s
    /// consequents, when `x` is a plain effect of one move (see
    /// [`GameDef::direct_actions`]); no actions when it gives none. False otherwise.
    fn one_move_actions(
        &self,
        x: &Moves,
        s: &StateData,
        reads: (i32, i32),
        cache: &Cache,
        acts: &mut SmallVec<[Action; 2]>,
        w: Within,
    ) -> bool {
        if x.then.is_some() || !x.kind.one_move_effect() {
            return false;
        }
        self.direct_actions(x, &self.move_ctx(s, reads, cache, w), acts)
    }

    /// `f` in a context of `s` with `m`'s `from` and `to` (where `m`'s consequents are
    /// generated), inside `w`; with what `(no Moves Next)` found meanwhile.
    fn with_move_ctx<T>(
        &self,
        s: &StateData,
        reads: (i32, i32),
        w: Within,
        f: impl FnOnce(&mut Ctx) -> T,
    ) -> (T, super::game::Stalemates) {
        let cache = Cache::fresh();
        let t = f(&mut self.move_ctx(s, reads, &cache, w));
        (t, cache.stalemates())
    }

    /// A context of `s` with `m`'s `from` and `to`, evaluating with `cache`, inside `w`.
    fn move_ctx<'a>(&self, s: &'a StateData, reads: (i32, i32), cache: &'a Cache, w: Within<'a>) -> Ctx<'a> {
        let mut c = self.ctx_within(s, cache, w);
        (c.from, c.to) = reads;
        c
    }

    /// The moves of `x`, generated on `s` for `m`'s consequents, inside `w`; with what `(no
    /// Moves Next)` found meanwhile.
    pub(super) fn gen_for(
        &self,
        x: &Moves,
        s: &StateData,
        reads: (i32, i32),
        out: &mut Vec<MoveData>,
        w: Within,
    ) -> super::game::Stalemates {
        self.with_move_ctx(s, reads, w, |c| self.gen(x, c, out)).1
    }

    /// Walk a `(sites Direction from:s dirs included: stop: stopIncluded: distance:)` region
    /// (`to` set to each site for the stop condition), emitting its sites in walk order
    /// (possibly repeated). False when `f` is not such a region.
    pub(super) fn walk_direction(&self, f: &RegionFn, c: &Ctx, emit: impl FnMut(u32)) -> bool {
        let RegionFn::Direction {
            from,
            dirs,
            included,
            stop,
            stop_included,
            distance,
        } = f
        else {
            return false;
        };
        let s = self.int(from, c);
        if s < 0 || s as usize >= self.n() {
            return true;
        }
        let walk = Walk {
            included: *included,
            distance: self.walk_limit(distance.as_deref(), c),
        };
        let mut buf = Dirs::new();
        let dirs = self.abs_dirs(dirs, s, c, &mut buf);
        let stops = self.stop_test(stop.as_deref(), c);
        self.board
            .sites_direction(s as u32, dirs, walk, stops, |_| *stop_included, emit);
        true
    }

    /// A `sites Direction` region as one bit word, without walking: on a board whose radials
    /// [`Board::ray_words`](crate::board::Board::ray_words) gives, for a walk without
    /// `distance:` stopped (if at all) by a test of `(who at:(to))` against a fixed value.
    /// None otherwise.
    pub(super) fn direction_word(&self, f: &RegionFn, c: &Ctx) -> Option<u64> {
        let RegionFn::Direction {
            from,
            dirs,
            included,
            stop,
            stop_included,
            distance: None,
        } = f
        else {
            return None;
        };
        if dirs.iter().any(|d| d.is_relative()) {
            return None;
        }
        let stops = match stop {
            None => 0,
            Some(b) => {
                let test = self.who_test(b, c)?;
                c.s.top_owners_word(test.how.owners(test.value, c.s.owners()))
            }
        };
        let s = self.int(from, c);
        if s < 0 || s as usize >= self.n() {
            return Some(0);
        }
        let mut word = if *included { 1 << s } else { 0 };
        for &d in dirs {
            for (ray, up) in self.board.ray_words(s as u32, d)? {
                word |= cut_ray(ray, up, stops, *stop_included);
            }
        }
        Some(word)
    }

    /// How far a walk goes: its `distance:`, else without limit.
    fn walk_limit(&self, distance: Option<&IntFn>, c: &Ctx) -> usize {
        match distance {
            Some(d) => self.int(d, c).max(0) as usize,
            None => usize::MAX,
        }
    }

    /// A walk's stop condition as a test of the site reached (`to`); a comparison of
    /// `(who at:(to))` with a fixed value is decided once, not per site.
    fn stop_test<'a>(&'a self, stop: Option<&'a BoolFn>, c: &'a Ctx<'a>) -> impl Fn(u32) -> bool + 'a {
        let fast = stop.and_then(|b| self.who_test(b, c));
        move |t| match &fast {
            Some(test) => test.holds(c.s, t),
            None => stop.is_some_and(|b| {
                let mut c2 = *c;
                c2.to = t as i32;
                self.boolean(b, &c2)
            }),
        }
    }

    /// A stop condition comparing `(who at:(to))` with a value that does not depend on `to`
    /// (`(= (mover) (who at:(to)))`, `(< 0 (who at:(to)))`): the value, computed once.
    fn who_test(&self, b: &BoolFn, c: &Ctx) -> Option<WhoTest> {
        // the other side must not read `to` (nor anything the walk binds): a leaf that reads
        // no iterator (anything else takes the general path; no tree walk per call)
        let fixed = |f: &IntFn| {
            matches!(
                f,
                IntFn::Const(_)
                    | IntFn::Mover
                    | IntFn::Next
                    | IntFn::Prev
                    | IntFn::RolePlayer(_)
                    | IntFn::Id { .. }
                    | IntFn::Var
                    | IntFn::NamedVar(_)
                    | IntFn::LastTo
                    | IntFn::LastFrom
                    | IntFn::ValuePending
            )
        };
        let cmp = WhoCmp::of(b, fixed)?;
        Some(WhoTest {
            how: cmp.how,
            value: self.int(cmp.value, c),
        })
    }

    /// `(count Sites in:R)` for a `sites Direction` region, or an intersection with one,
    /// without building regions: the walk's sites, tested one by one against the others.
    pub(super) fn count_direction(&self, r: &RegionFn, c: &Ctx) -> Option<i32> {
        if let Some(n) = self.count_one_radial(r, c) {
            return Some(n);
        }
        let mut sites: SmallVec<[u32; 32]> = SmallVec::new();
        let others: &[RegionFn] = match r {
            RegionFn::Direction { .. } => {
                self.walk_direction(r, c, |t| sites.push(t));
                &[]
            }
            RegionFn::Intersection(v) => {
                if v.len() != 2 {
                    return None;
                }
                let i = v.iter().position(|x| matches!(x, RegionFn::Direction { .. }))?;
                self.walk_direction(&v[i], c, |t| sites.push(t));
                &v[1 - i..2 - i]
            }
            _ => return None,
        };
        sites.sort_unstable();
        sites.dedup();
        let tests: SmallVec<[SiteTest; 1]> = others.iter().map(|o| self.site_test(o, c)).collect();
        Some(
            sites
                .iter()
                .filter(|&&t| tests.iter().all(|i| i.holds(self, t, c)))
                .count() as i32,
        )
    }

    /// [`Self::count_direction`] where the walk follows one absolute direction from a site
    /// (at most one radial, whose sites are distinct): counted while walking, no list built.
    fn count_one_radial(&self, r: &RegionFn, c: &Ctx) -> Option<i32> {
        let OneWay {
            from,
            dir: d,
            stop,
            stop_included,
            distance,
            other,
        } = OneWay::of(r)?;
        let s = self.int(from, c);
        if s < 0 || s as usize >= self.n() {
            return Some(0);
        }
        let mut radials = self.board.radials(s as u32, d);
        if radials.len() > 1 {
            return None;
        }
        let Some(radial) = radials.next() else { return Some(0) };
        let limit = self.walk_limit(distance, c);
        let stop_test = self.stop_test(stop, c);
        let inside = other.map(|o| self.site_test(o, c));
        let mut n = 0;
        for &t in radial.iter().skip(1).take(limit) {
            let stops = stop_test(t);
            if stops && !stop_included {
                break;
            }
            if inside.as_ref().is_none_or(|i| i.holds(self, t, c)) {
                n += 1;
            }
            if stops {
                break;
            }
        }
        Some(n)
    }
}

/// A [`WhoCmp`] with its value computed.
struct WhoTest {
    how: WhoOp,
    value: i32,
}

impl WhoTest {
    #[inline]
    fn holds(&self, s: &StateData, t: u32) -> bool {
        let who = s.sites[t as usize].last().map(|p| p.who as i32).unwrap_or(0);
        self.how.holds(self.value, who)
    }
}

#[cfg(test)]
mod tests {
    use super::super::game::Cache;
    use crate::board::{Dir, Direction, Relation};
    use crate::engine::Game;
    use crate::expand::Selections;
    use crate::ir::{BoolFn, IntFn, RegionFn};
    use rand::{Rng, SeedableRng};

    /// The `ifAfterwards` filter with its memo (answers shared between candidates by what
    /// the condition read, some known before the candidate is applied, some kept from the
    /// checks before) keeps exactly the candidates that pass when each is checked alone,
    /// along random games of Ex Nihilo on boards 4 and 5, the filter of both its
    /// alternatives (plain moves and hostage moves) included.
    #[test]
    fn shared_answers_agree_with_checking_each_candidate() {
        use crate::ir::{Moves, MovesKind};
        let (mut checked, mut passed) = (0, 0);
        for size in ["4", "5"] {
            let sel = Selections {
                options: vec![format!("Board Size/{size}")],
                ruleset: None,
            };
            let game = super::super::corpus_game("board/space/blocking/Ex Nihilo.lud", &sel);
            let g = &game.inner;
            // its consequents: the capture test and the captures' bookkeeping (variables,
            // remembered values) can do anything; growing a stack changes its site, and a
            // whole stack moved leaves a piece behind
            let (to, from) = (Moves::AT_TO, Moves::AT_FROM);
            assert_eq!(g.then_sites, [None, None, Some(to | from), Some(to), Some(to)]);
            let MovesKind::Priority(v) = &g.ir.play.kind else {
                panic!("Ex Nihilo's play is a priority")
            };
            let MovesKind::Do {
                pre,
                if_afterwards: Some(cond),
                afterwards_reads_from,
                ..
            } = &v[0].kind
            else {
                panic!("its first alternative a `do .. ifAfterwards`")
            };
            for seed in 0..4 {
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                let mut s = game.initial_state();
                for _ in 0..200 {
                    let cache = Cache::fresh();
                    let mut c = g.ctx(&s.inner, &cache);
                    let mut cands = Vec::new();
                    g.gen(pre, &mut c, &mut cands);
                    let mut kept = Vec::new();
                    g.keep_passing(&cands, cond, *afterwards_reads_from, &c, &mut kept);
                    let mut s2 = g.scratch(&c);
                    let alone: Vec<_> = cands
                        .iter()
                        .filter(|m| g.check_afterwards(&mut s2, m, cond, &c, None))
                        .cloned()
                        .collect();
                    assert_eq!(kept, alone, "board {size}, seed {seed}");
                    (checked, passed) = (checked + cands.len(), passed + kept.len());
                    // the move played found on another thread (another memo), so that this
                    // thread's checks follow one another as in a game, answers kept from a
                    // check to the next included
                    let moves = std::thread::scope(|t| t.spawn(|| game.legal_moves(&s)).join()).expect("moves");
                    if s.is_over() || moves.is_empty() {
                        break;
                    }
                    game.apply(&mut s, &moves[rng.gen_range(0..moves.len())]);
                }
            }
        }
        assert!(passed > 0 && checked > 10 * passed, "{passed} of {checked}");
    }

    /// The owner a move leaves at its origin, as foreseen without applying it, is the one
    /// applying it leaves: every site, every count (none, too many), on positions of random
    /// games of Ex Nihilo (stacks) and Refugia (one piece a site).
    #[test]
    fn owners_left_by_moves_are_foreseen() {
        use super::super::moves::Action;
        let mut moved = 0;
        for file in ["blocking/Ex Nihilo.lud", "territory/Refugia.lud"] {
            let game = super::super::corpus_game(&format!("board/space/{file}"), &Selections::default());
            let g = &game.inner;
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
            let mut s = game.initial_state();
            for _ in 0..40 {
                let n = g.n() as u32;
                for from in 0..n {
                    let h = s.inner.sites[from as usize].len() as u32;
                    for count in 0..=h + 1 {
                        let mut after = s.inner.clone();
                        let to = (from + 1 + count) % n;
                        g.act(
                            &mut after,
                            &Action::Move {
                                from,
                                to,
                                count,
                                copy: false,
                                top: false,
                            },
                            1,
                        );
                        assert_eq!(
                            g.owner_after_move(&s.inner, from, count),
                            super::top_owner(&after, from),
                            "{file}: {count} from {from} to {to}"
                        );
                        moved += 1;
                    }
                }
                let moves = game.legal_moves(&s);
                if s.is_over() || moves.is_empty() {
                    break;
                }
                game.apply(&mut s, &moves[rng.gen_range(0..moves.len())]);
            }
        }
        assert!(moved > 1000);
    }

    /// `sites Direction` regions read as bit words agree with walking them, on positions of
    /// random games of Ex Nihilo (stacks, hex) and Refugia, for every site, several stops and
    /// direction sets.
    #[test]
    fn direction_words_agree_with_walks() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/ludii/lud/board/space/");
        let who_to = || Box::new(IntFn::Who(Box::new(IntFn::To)));
        let stops = [
            None,
            Some(BoolFn::Eq(Box::new(IntFn::Mover), who_to())),
            Some(BoolFn::Lt(Box::new(IntFn::Const(0)), who_to())),
            Some(BoolFn::Eq(Box::new(IntFn::Const(0)), who_to())),
        ];
        let dirs = [
            vec![Direction::Rel(Relation::Adjacent)],
            vec![Direction::Compass(Dir::E), Direction::Compass(Dir::NNW)],
        ];
        for file in ["blocking/Ex Nihilo.lud", "territory/Refugia.lud"] {
            let text = std::fs::read_to_string(format!("{root}{file}")).expect("Ludii's file");
            let game = Game::load(file, &text, &Selections::default()).expect("loads");
            let g = &game.inner;
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
            let mut s = game.initial_state();
            let mut compared = 0;
            for _ in 0..30 {
                let cache = Cache::fresh();
                let mut c = g.ctx(&s.inner, &cache);
                for site in -1..=g.n() as i32 {
                    c.from = site;
                    for stop in &stops {
                        for d in &dirs {
                            for (included, stop_included) in [(false, false), (false, true), (true, true)] {
                                let r = RegionFn::Direction {
                                    from: Box::new(IntFn::From),
                                    dirs: d.clone(),
                                    included,
                                    stop: stop.clone().map(Box::new),
                                    stop_included,
                                    distance: None,
                                };
                                let Some(word) = g.direction_word(&r, &c) else { continue };
                                let mut walked = 0u64;
                                g.walk_direction(&r, &c, |t| walked |= 1 << t);
                                assert_eq!(word, walked, "{file}: {r:?} from {site}");
                                compared += 1;
                            }
                        }
                    }
                }
                let moves = game.legal_moves(&s);
                if s.is_over() || moves.is_empty() {
                    break;
                }
                game.apply(&mut s, &moves[rng.gen_range(0..moves.len())]);
            }
            assert!(compared > 1000, "{file}: only {compared} regions read as words");
        }
    }
}
