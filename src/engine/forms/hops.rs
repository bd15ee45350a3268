//! A fast form of random playouts: pieces that capture by hopping, hop after hop.
//!
//! A two-player game, each player owning one kind of piece, whose play (the game's, or a
//! phase both players share and never leave) is each of the mover's pieces hopping over an
//! enemy's piece next to it onto the empty site beyond, removing it (`(forEach Piece (move
//! Hop (between if:(is Enemy (who at:(between))) (apply (remove (between)))) (to if:(is
//! Empty (to)))))`), maybe followed by `(then (if (can Move H) (moveAgain)))` where H is the
//! same hop from `(last To)` in the `SameDirection`; and while the mover moves again, `(if
//! (is Prev Mover) (or H (move Pass)) ..)` offers that hop or a pass; the end rules read
//! `(no Moves Next)`. Such a game is played out here without the general state: each
//! player's pieces are bit words, and each hop (the site passed and the landing site) from
//! each site, and the hops continuing each hop, are found once by the engine's own generator
//! (on a board holding the piece alone, the last move set for `SameDirection`).
//!
//! Earlier phases (an opening that removes pieces, say) are played by the general engine,
//! with the same generator; the form takes over once both players are in its phase. As with
//! the other forms, the playout is the general one exactly: moves in the generator's order,
//! the same calls on the generator, forced passes, the all-pass draw, the turn and move
//! limits. A test holds the playouts equal, seed for seed.

use super::super::game::{Cache, GameDef};
use super::super::outcome::{Outcome as Played, PlayoutResult};
use super::super::state::MoveRecord;
use super::steps::kinds;
use super::{capped, finished, plain_end, player_components, two_players_in_phases, Side, Words};
use crate::board::{Direction, RelDir};
use crate::ir::*;
use rand::{Rng, RngCore};
use std::collections::HashMap;

/// One hop: the site passed, the landing site, and the list of the hops continuing it
/// (from the landing site in the same direction; `NONE`: no list).
#[derive(Clone, Copy, Debug)]
struct Hop {
    over: u16,
    to: u16,
    next: u32,
}

const NONE: u32 = u32::MAX;

/// A player's hops: list `f < n` is the hops from site `f` in the generator's order; the
/// lists after them continue a hop.
#[derive(Debug, Default)]
struct Table {
    start: Vec<u32>,
    hops: Vec<Hop>,
}

impl Table {
    #[inline]
    fn list(&self, i: u32) -> &[Hop] {
        &self.hops[self.start[i as usize] as usize..self.start[i as usize + 1] as usize]
    }
}

/// A hopping game's playout form (see the module's doc).
#[derive(Debug)]
pub(in crate::engine) struct Hops {
    words: usize,
    comp: [u16; 3],
    /// The phase the form plays (None: the game has no phases).
    phase: Option<u8>,
    /// Each player's hops (index 0 unused).
    tables: [Table; 3],
    /// Whether a hop is followed by the mover moving again where it can go on.
    again: bool,
    /// Whether the mover moving again may go on or pass (else it plays the main hops).
    goes_on: bool,
    ends: Vec<(Side, Outcome)>,
}

/// Which hop a shape is: the main one (from each piece) or the one going on (from the last
/// move's landing site, in its direction).
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Main,
    GoingOn,
}

/// The directions of `m` where it is a hop of kind `kind` capturing an enemy's piece onto an
/// empty site, with its consequents' index.
fn hop(m: &Moves, kind: Kind) -> Option<(&[Direction], Option<u32>)> {
    let MovesKind::Hop {
        from,
        dirs,
        between_cond: Some(over),
        between_apply: Some(take),
        to,
        decision: true,
    } = &m.kind
    else {
        return None;
    };
    let from_ok = match (kind, from) {
        (Kind::Main, None) => true,
        (kind, Some(p)) => {
            let site = match kind {
                Kind::Main => matches!(p.site, Some(IntFn::From)),
                Kind::GoingOn => matches!(p.site, Some(IntFn::LastTo)),
            };
            site && p.region.is_none() && p.cond.is_none() && p.apply.is_none() && p.level.is_none()
        }
        _ => false,
    };
    let dirs_ok = match kind {
        Kind::Main => dirs
            .iter()
            .all(|d| matches!(d, Direction::Rel(_) | Direction::Compass(_))),
        Kind::GoingOn => matches!(dirs[..], [Direction::Relative(RelDir::SameDirection)]),
    };
    let removes = matches!(
        **take,
        Moves {
            kind: MovesKind::Remove {
                site: Some(IntFn::Between),
                region: None,
                count: None,
                level: None,
                ..
            },
            then: None,
            ..
        }
    );
    let plain_to = to.region.is_none()
        && to.site.is_none()
        && to.apply.is_none()
        && to.apply_if.is_none()
        && to.level.is_none()
        && to.cond.as_ref().and_then(|c| kinds(c, &IntFn::To)) == Some((true, false, false));
    let enemy = kinds(over, &IntFn::Between) == Some((false, true, false));
    (from_ok && dirs_ok && removes && plain_to && enemy).then_some((&dirs[..], m.then))
}

/// Whether consequents `t` are `(if (can Move H) (moveAgain))`, H the hop going on.
fn again_if_it_goes_on(g: &GameDef, t: u32) -> bool {
    let Some(Moves {
        kind: MovesKind::If(cond, yes, None),
        then: None,
        ..
    }) = g.ir.thens.get(t as usize)
    else {
        return false;
    };
    let cond = match cond {
        BoolFn::Compiled(_, inner) => &**inner,
        c => c,
    };
    let BoolFn::CanMove(h) = cond else {
        return false;
    };
    matches!(yes.kind, MovesKind::MoveAgain)
        && yes.then.is_none()
        && hop(h, Kind::GoingOn).is_some_and(|(_, t)| t.is_none())
}

impl Table {
    /// Player `p`'s hops (component `comp`): `main`'s from each site, then those of `going_on`
    /// continuing each hop found, by the generator with no condition on a board holding the
    /// piece alone (the last move the hop continued, for `SameDirection`).
    fn build(g: &GameDef, main: &Moves, going_on: Option<&Moves>, comp: [u16; 3], p: u8) -> Option<Table> {
        let n = g.n();
        let bare = |m: &Moves| {
            let mut m = m.clone();
            m.then = None;
            if let MovesKind::Hop { between_cond, to, .. } = &mut m.kind {
                *between_cond = None;
                to.cond = None;
            }
            m
        };
        let (main, going_on) = (bare(main), going_on.map(bare));
        // (an enemy's piece on every other site: the site passed is where one is removed)
        let q = 3 - p;
        let mut s = g.blank_state();
        for t in 0..n {
            g.add_piece(&mut s, t as i32, comp[q as usize], q, 1, -1);
        }
        let cache = Cache::default();
        let mut out = Vec::new();
        // the hops of `m` from `f` after a move from `last` to `f` (if any)
        let mut probe = |m: &Moves, f: usize, last: Option<usize>| -> Option<Vec<Hop>> {
            s.sites[f].clear();
            g.add_piece(&mut s, f as i32, comp[p as usize], p, 1, -1);
            s.history.clear();
            if let Some(l) = last {
                s.history.push(MoveRecord {
                    mover: p,
                    from: l as i32,
                    to: f as i32,
                    pass: false,
                    to_after: f as i32,
                    from_after: l as i32,
                    level_to: 0,
                    ty: 0,
                });
            }
            {
                let mut c = g.ctx(&s, &cache);
                (c.mover, c.next, c.prev, c.from) = (p, 3 - p, 3 - p, f as i32);
                out.clear();
                g.gen(m, &mut c, &mut out);
            }
            s.sites[f].clear();
            g.add_piece(&mut s, f as i32, comp[q as usize], q, 1, -1);
            let mut hops = Vec::new();
            for mv in &out {
                let [super::super::moves::Action::Remove { site: over, count: 1 }, super::super::moves::Action::Move {
                    from,
                    to,
                    count: 1,
                    copy: false,
                    ..
                }] = mv.actions[..]
                else {
                    return None;
                };
                if mv.from != f as i32 || from as usize != f || to as usize >= n || over as usize >= n {
                    return None;
                }
                hops.push(Hop {
                    over: over as u16,
                    to: to as u16,
                    next: NONE,
                });
            }
            Some(hops)
        };
        let mut lists: Vec<Vec<Hop>> = Vec::with_capacity(n);
        for f in 0..n {
            lists.push(probe(&main, f, None)?);
        }
        // the lists continuing each hop, by the hop (from, to); each list's origin
        let mut origin: Vec<usize> = (0..n).collect();
        if let Some(h) = &going_on {
            let mut index: HashMap<(usize, usize), u32> = HashMap::new();
            let mut i = 0;
            while i < lists.len() {
                for j in 0..lists[i].len() {
                    let (f, t) = (origin[i], lists[i][j].to as usize);
                    let k = match index.get(&(f, t)) {
                        Some(&k) => k,
                        None => {
                            let k = u32::try_from(lists.len()).ok().filter(|&k| k != NONE)?;
                            lists.push(probe(h, t, Some(f))?);
                            origin.push(t);
                            index.insert((f, t), k);
                            k
                        }
                    };
                    lists[i][j].next = k;
                }
                i += 1;
            }
        }
        let mut table = Table::default();
        for l in &lists {
            table.start.push(table.hops.len() as u32);
            table.hops.extend_from_slice(l);
        }
        table.start.push(table.hops.len() as u32);
        Some(table)
    }
}

/// The recent moves of `s`, for the all-pass rule: (mover, pass), oldest first; and whether
/// older ones were left out.
fn recent_moves(s: &super::super::state::StateData) -> (Vec<(u8, bool)>, bool) {
    let keep = s.history.len().min(RECENT);
    let recent = s.history[s.history.len() - keep..]
        .iter()
        .map(|m| (m.mover, m.pass))
        .collect();
    (recent, s.history_truncated || s.history.len() > keep)
}

impl Hops {
    /// The form for `g`, where its rules have the shape (None otherwise).
    pub(in crate::engine) fn build(g: &GameDef) -> Option<Hops> {
        let ir = &g.ir;
        let n = g.n();
        if !two_players_in_phases(g)
            || ir.not_all_pass
            || n > u16::MAX as usize
            || ir.stacking
            || ir.meta_swap
            || ir.uses_cycles
        {
            return None;
        }
        // the play: the game's, or the one phase both players share and never leave
        let (phase, play) = super::final_phase(ir)?;
        if play.then.is_some() {
            return None;
        }
        // (if (is Prev Mover) (or H (move Pass)) main), or main alone
        let (main, going_on) = match &play.kind {
            MovesKind::If(cond, yes, Some(main)) => {
                let same_turn = matches!(cond, BoolFn::IsPrevMover)
                    || matches!(cond, BoolFn::Compiled(_, c) if matches!(**c, BoolFn::IsPrevMover));
                let MovesKind::Or(v) = &yes.kind else { return None };
                let ([h, pass], None) = (&v[..], yes.then) else {
                    return None;
                };
                if !same_turn || !matches!(pass.kind, MovesKind::Pass) || pass.then.is_some() {
                    return None;
                }
                (&**main, Some(h))
            }
            _ => (play, None),
        };
        let MovesKind::ForEachPiece {
            pieces:
                PieceSet {
                    items,
                    role: Role::Mover,
                    top: false,
                    container: None,
                    on: None,
                },
            body,
        } = &main.kind
        else {
            return None;
        };
        if main.then.is_some() {
            return None;
        }
        let comp = player_components(g, false)?;
        if !items.is_empty() && !(1..=2).all(|p| items.iter().any(|&k| g.is_named(comp[p], k))) {
            return None;
        }
        // each player's hop (the same consequents for all), and the hop going on
        let mut again = None;
        let mut mains: [Option<&Moves>; 3] = [None; 3];
        for p in 1..=2 {
            let m = match body {
                Some(b) => &**b,
                None => ir.components[comp[p] as usize].moves.as_ref()?,
            };
            let (_, then) = hop(m, Kind::Main)?;
            if again.is_some_and(|a| a != then) {
                return None;
            }
            again = Some(then);
            mains[p] = Some(m);
        }
        let then = again?;
        let again = match then {
            None => false,
            Some(t) if again_if_it_goes_on(g, t) => true,
            Some(_) => return None,
        };
        let goes_on = match going_on {
            None => false,
            Some(h) => {
                let (_, t) = hop(h, Kind::GoingOn)?;
                if t != then {
                    return None;
                }
                true
            }
        };
        let mut ends = Vec::new();
        for rule in &ir.end {
            let (cond, side, outcome) = plain_end(rule)?;
            if !matches!(cond, BoolFn::NoMoves(Role::Next)) {
                return None;
            }
            ends.push((side, outcome));
        }
        // the hops, found by the generator on a board holding the piece alone
        let going_on_probe = going_on.or_else(|| {
            // (the hop `can Move` asks about)
            let Some(Moves {
                kind: MovesKind::If(c, ..),
                ..
            }) = then.and_then(|t| ir.thens.get(t as usize))
            else {
                return None;
            };
            match c {
                BoolFn::Compiled(_, c) => match &**c {
                    BoolFn::CanMove(h) => Some(&**h),
                    _ => None,
                },
                BoolFn::CanMove(h) => Some(&**h),
                _ => None,
            }
        });
        let mut tables: [Table; 3] = Default::default();
        for p in 1..=2u8 {
            tables[p as usize] = Table::build(g, mains[p as usize]?, going_on_probe, comp, p)?;
        }
        Some(Hops {
            words: n.div_ceil(64),
            comp,
            phase,
            tables,
            again,
            goes_on,
            ends,
        })
    }

    /// Whether player `p` holds site `t` in `own`.
    #[inline]
    fn holds(own: &[Words; 3], p: usize, t: usize) -> bool {
        own[p][t / 64] >> (t % 64) & 1 != 0
    }

    /// Whether hop `h` of player `p` may be made: an enemy's piece to pass, an empty site
    /// to land on.
    #[inline]
    fn open(own: &[Words; 3], p: usize, h: &Hop) -> bool {
        let (over, to) = (h.over as usize, h.to as usize);
        Self::holds(own, 3 - p, over) && !Self::holds(own, 1, to) && !Self::holds(own, 2, to)
    }

    /// Player `p`'s main hops (piece by piece, each in the generator's order), into `out`
    /// as (from, hop); with `first`, stops at the first. Whether there is one.
    fn main_moves(&self, own: &[Words; 3], p: u8, out: &mut Vec<(u16, Hop)>, first: bool) -> bool {
        let p = p as usize;
        let table = &self.tables[p];
        for (i, &w) in own[p][..self.words].iter().enumerate() {
            let mut w = w;
            while w != 0 {
                let f = i * 64 + w.trailing_zeros() as usize;
                w &= w - 1;
                for h in table.list(f as u32) {
                    if Self::open(own, p, h) {
                        if first {
                            return true;
                        }
                        out.push((f as u16, *h));
                    }
                }
            }
        }
        !first && !out.is_empty()
    }

    /// One random playout from the start, at most `max` decisions (as
    /// [`super::super::playout::playout`] plays it): by the general engine until both
    /// players are in the form's phase at the start of a turn, then here.
    pub(in crate::engine) fn playout(&self, g: &GameDef, rng: &mut dyn RngCore, max: usize) -> PlayoutResult {
        let (state, own, length) =
            match super::general_until(g, self.phase, rng, max, |s| super::words_of(s, self.comp)) {
                Ok(x) => x,
                Err(r) => return r,
            };
        let s = &state.inner;
        let (recent, truncated) = recent_moves(s);
        self.play(own, s, recent, truncated, length, rng, max)
    }

    /// A random playout from `s`, where the form holds it (see
    /// [`super::PlayoutForm::playout_from`]).
    pub(in crate::engine) fn playout_from(
        &self,
        s: &super::super::state::StateData,
        rng: &mut dyn RngCore,
        max: usize,
    ) -> Option<PlayoutResult> {
        if !super::at_turn_start(s, self.phase) {
            return None;
        }
        let own = super::words_of(s, self.comp)?;
        let (recent, truncated) = recent_moves(s);
        Some(self.play(own, s, recent, truncated, 0, rng, max))
    }

    /// The rest of a playout from `own`, the position of `s`, after `length` decisions.
    #[allow(clippy::too_many_arguments)]
    fn play(
        &self,
        mut own: [Words; 3],
        s: &super::super::state::StateData,
        mut recent: Vec<(u8, bool)>,
        mut truncated: bool,
        mut length: usize,
        rng: &mut dyn RngCore,
        max: usize,
    ) -> PlayoutResult {
        let (mut mover, mut turn, mut decisions, mut moves) = (s.mover, s.num_turn, s.num_decisions, s.num_moves);
        // while the mover moves again: the hops going on from the last one, and its site
        let mut going_on: Option<(u32, u16)> = None;
        let mut list: Vec<(u16, Hop)> = Vec::with_capacity(32);
        let mut listed = false;
        loop {
            if let Some(r) = capped(length, max) {
                return r;
            }
            length += 1;
            decisions += 1;
            moves += 1;
            let p = mover as usize;
            let other = 3 - mover;
            // the move drawn as the engine draws it (the pass listed last; a forced pass drawn
            // from a list of one); the main hops may be listed already, by the end rules
            let hopped = match going_on.filter(|_| self.goes_on) {
                Some((k, from)) => {
                    list.clear();
                    for h in self.tables[p].list(k) {
                        if Self::open(&own, p, h) {
                            list.push((from, *h));
                        }
                    }
                    let i = rng.gen_range(0..list.len() + 1);
                    list.get(i).copied()
                }
                None => {
                    if !listed {
                        list.clear();
                        self.main_moves(&own, mover, &mut list, false);
                    }
                    if !list.is_empty() {
                        Some(list[rng.gen_range(0..list.len())])
                    } else {
                        let _: usize = rng.gen_range(0..1);
                        None
                    }
                }
            };
            let mut next = other;
            going_on = None;
            if let Some((f, h)) = hopped {
                let (f, over, to) = (f as usize, h.over as usize, h.to as usize);
                own[p][f / 64] &= !(1 << (f % 64));
                own[p][to / 64] |= 1 << (to % 64);
                own[other as usize][over / 64] &= !(1 << (over % 64));
                // `(if (can Move H) (moveAgain))`
                if self.again && h.next != NONE && self.tables[p].list(h.next).iter().any(|x| Self::open(&own, p, x)) {
                    next = mover;
                    going_on = Some((h.next, h.to));
                }
            }
            if recent.len() == RECENT {
                recent.remove(0);
                truncated = true;
            }
            recent.push((mover, hopped.is_none()));
            // the end rules: the next player without a move (the mover moving again may pass
            // where it may go on)
            listed = false;
            if !self.ends.is_empty() {
                // (the next player's main hops, listed for its move)
                let stuck = !(next == mover && self.goes_on) && {
                    list.clear();
                    listed = true;
                    !self.main_moves(&own, next, &mut list, false)
                };
                if stuck {
                    let (side, outcome) = self.ends[0];
                    return finished(side, outcome, mover, length);
                }
                if all_passed(&recent, truncated, mover, moves) {
                    return PlayoutResult {
                        outcome: Played::Draw,
                        length,
                    };
                }
            }
            // Ludii's turn and move limits
            if turn >= crate::ir::TURN_LIMIT * 2 || decisions >= crate::ir::MOVE_LIMIT {
                return PlayoutResult {
                    outcome: Played::Draw,
                    length,
                };
            }
            if next != mover {
                turn += 1;
            }
            mover = next;
        }
    }
}

/// How many of the last moves a playout keeps for the all-pass rule (it reads at most five).
const RECENT: usize = 8;

/// The engine's all-pass rule (`game::all_passed`) on the last moves (mover, pass), oldest
/// first (`truncated`: older ones were made), `mover` having just moved, `moves` made in all.
fn all_passed(recent: &[(u8, bool)], truncated: bool, mover: u8, moves: u32) -> bool {
    if moves < 2 {
        return false;
    }
    let (mut who, mut last, mut k, mut cursor) = (mover, false, 0, recent.len());
    for _ in 0..2 {
        loop {
            if cursor == 0 {
                return !truncated && last;
            }
            if k > 1 {
                return false;
            }
            cursor -= 1;
            let (m, pass) = recent[cursor];
            if m != who {
                if !last {
                    return false;
                }
                (who, k, last) = (m, 0, pass);
                break;
            }
            k += 1;
            last = pass;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    /// Konane (an opening of removals played by the engine, then hops in sequences, with a
    /// pass to stop) plays the same playouts by this form as move by move, seed for seed, on
    /// two board sizes.
    #[test]
    fn playouts_equal_the_general_engine() {
        for options in [&[][..], &["Board Size/6x6"][..]] {
            super::super::assert_form_plays_like_the_engine("board/war/leaping/orthogonal/Konane.lud", options, 150);
            let path = "board/war/leaping/orthogonal/Konane.lud";
            let (taken, all) = super::super::assert_form_plays_like_the_engine_from(path, options, 10);
            assert!(taken > all / 3, "{path}: the form took {taken} of {all} positions");
        }
    }
}
