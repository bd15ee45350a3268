//! A fast form of random playouts: placements that turn over the pieces they flank.
//!
//! A two-player game of one neutral piece whose local state is a player (`(piece "Disc"
//! Neutral (flips 1 2))`), whose only move is, at an empty site, every custodial capture
//! from it appended into one move (`(forEach Site (sites Empty) (append (custodial (from
//! (site)) (between if:(is Enemy (state at:(between))) (apply (allCombinations (add (piece
//! "Disc0" state:(mover)) (to (site))) (flip (between))))) (to if:(is Friend (state
//! at:(to)))))))`), scoring each player's sites by state after it (`(set Score Pk (count
//! Sites in:(sites State k)))`), and ending when every player has passed, by score, is
//! played out here without the general state: the sites of each state are bit words and
//! each site's radials are tabled once.
//!
//! As with the other forms, the playout is the general one exactly: the sites that flank
//! are listed in increasing order (the order of `(sites Empty)`), drawn with the same calls
//! on the generator, passes are forced where no site flanks, and results are ranked by score
//! as `apply_result` ranks them. A test holds the playouts equal, seed for seed.

use super::super::game::GameDef;
use super::super::moves::{Action, MoveData};
use super::super::outcome::{Outcome as Played, PlayoutResult};
use super::super::state::StateData;
use super::{board_words, capped, drawn, position, two_players_passing_any_way, Templates, Words, MAX_WORDS};
use crate::ir::*;
use rand::{Rng, RngCore};
use smallvec::SmallVec;

/// A flanking placement game's playout form (see the module's doc).
#[derive(Debug)]
pub(in crate::engine) struct Flanks {
    n: usize,
    words: usize,
    /// The board's sites.
    board: Words,
    /// The sites of pieces in state 1 and 2 (index 0 unused) at the start.
    own: [Words; 3],
    mover: u8,
    turn: u32,
    decisions: u32,
    moves: u32,
    /// The players' scores at the start (kept until a placement scores them).
    scores: [i32; 3],
    /// Whether each placement sets the scores to the counts of the states.
    scored: bool,
    /// The engine's moves by player and site (`(p - 1) * n + t`), each flipping one disc,
    /// for listing a position's moves (None: they could not be filled).
    templates: Option<Templates>,
    /// Per site, its radials (origin left out) as rows of `rays`: `site_rays[t]..site_rays[t + 1]`
    /// index `ray_ends`, whose pairs bound rows of `sites`.
    site_rays: Vec<u32>,
    ray_ends: Vec<(u32, u32)>,
    sites: Vec<u16>,
    /// Per site, the first sites of its radials (a site flanks nothing unless one of them
    /// is the other player's).
    near: Vec<Words>,
}

/// Strips a condition's or a value's compiled slot.
fn bare_bool(b: &BoolFn) -> &BoolFn {
    match b {
        BoolFn::Compiled(_, inner) => bare_bool(inner),
        b => b,
    }
}

fn bare_int(x: &IntFn) -> &IntFn {
    match x {
        IntFn::Compiled(_, inner) | IntFn::Memo { inner, .. } => bare_int(inner),
        x => x,
    }
}

impl Flanks {
    /// The form for `g`, where its rules have the shape (None otherwise).
    pub(in crate::engine) fn build(g: &GameDef) -> Option<Flanks> {
        let ir = &g.ir;
        let n = g.n();
        if !two_players_passing_any_way(g) || n > u16::MAX as usize || ir.stacking || ir.meta_swap || ir.uses_cycles {
            return None;
        }
        // one neutral piece flipping between the players' states
        let [_, disc] = &ir.components[..] else {
            return None;
        };
        if disc.owner != 0 || !matches!(disc.flips, Some((1, 2)) | Some((2, 1))) {
            return None;
        }
        let MovesKind::ForEachSite {
            region: RegionFn::Empty,
            body,
            otherwise: None,
        } = &ir.play.kind
        else {
            return None;
        };
        if ir.play.then.is_some() {
            return None;
        }
        let MovesKind::Append(custodial) = &body.kind else {
            return None;
        };
        let MovesKind::Custodial {
            from: Some(IntFn::Site),
            dirs,
            min: None,
            max: None,
            between_cond: Some(between),
            between_apply: Some(apply),
            to_cond: Some(to),
        } = &custodial.kind
        else {
            return None;
        };
        let state_at = |x: &IntFn, at: fn(&IntFn) -> bool| matches!(x, IntFn::PieceField(SiteField::State, t) if at(t));
        let enemy_between =
            matches!(bare_bool(between), BoolFn::IsEnemy(x) if state_at(x, |t| matches!(t, IntFn::Between)));
        let friend_to = matches!(bare_bool(to), BoolFn::IsFriend(x) if state_at(x, |t| matches!(t, IntFn::To)));
        if custodial.then.is_some() || !enemy_between || !friend_to || !Self::adds_and_flips(apply) {
            return None;
        }
        let scored = match body.then {
            None => false,
            Some(k) => Self::scores_states(ir.thens.get(k as usize)?)?,
        };
        let [EndRule {
            for_each: None,
            cond,
            subs,
            result: Some(EndResult::ByScore { finals, misere: None }),
        }] = &ir.end[..]
        else {
            return None;
        };
        if !matches!(bare_bool(cond), BoolFn::AllPassed) || !subs.is_empty() || !finals.is_empty() {
            return None;
        }
        // the start: single discs in the players' states
        let s = g.initial_state().inner;
        let own = Self::discs(&s)?;
        if s.over || !(1..=2).contains(&s.mover) || s.next != 3 - s.mover {
            return None;
        }
        let mut form = Flanks {
            n,
            words: n.div_ceil(64),
            board: board_words(n),
            own,
            mover: s.mover,
            turn: s.num_turn,
            decisions: s.num_decisions,
            moves: s.num_moves,
            scores: [0, *s.scores.get(1)?, *s.scores.get(2)?],
            scored,
            templates: None,
            site_rays: Vec::with_capacity(n + 1),
            ray_ends: Vec::new(),
            sites: Vec::new(),
            near: vec![[0; MAX_WORDS]; n],
        };
        // each site's radials in the generator's order (the order does not change the
        // union a placement flips, but it is kept)
        for f in 0..n as u32 {
            form.site_rays.push(form.ray_ends.len() as u32);
            for d in dirs {
                for radial in g.board.radials(f, *d) {
                    let a = form.sites.len() as u32;
                    for &t in radial.iter().skip(1) {
                        if t as usize >= n {
                            return None;
                        }
                        form.sites.push(t as u16);
                    }
                    if let Some(&t) = radial.get(1) {
                        form.near[f as usize][t as usize / 64] |= 1 << (t % 64);
                    }
                    form.ray_ends.push((a, form.sites.len() as u32));
                }
            }
        }
        form.site_rays.push(form.ray_ends.len() as u32);
        form.templates = form.templates(g);
        Some(form)
    }

    /// The sites of the discs in state 1 and 2 (index 0 unused), where each site holds at
    /// most one disc nobody owns, in one of those states.
    fn discs(s: &StateData) -> Option<[Words; 3]> {
        let mut own = [[0u64; MAX_WORDS]; 3];
        for (t, stack) in s.sites.iter().enumerate() {
            match stack.as_slice() {
                [] => {}
                [p] if p.what == 1 && p.who == 0 && (1..=2).contains(&p.state) && p.rotation == 0 => {
                    own[p.state as usize][t / 64] |= 1 << (t % 64);
                }
                _ => return None,
            }
        }
        Some(own)
    }

    /// `(allCombinations (add (piece <the disc>) state:(mover) (to (site))) (flip (between)))`.
    fn adds_and_flips(apply: &Moves) -> bool {
        let MovesKind::AllCombinations(add, flip) = &apply.kind else {
            return false;
        };
        let add_disc = matches!(
            &add.kind,
            MovesKind::Add {
                piece: Some(PieceFn::Index(IntFn::Const(1))),
                state: Some(IntFn::Mover),
                to: Place {
                    region: None,
                    site: Some(IntFn::Site),
                    cond: None,
                    apply: None,
                    apply_if: None,
                    level: None,
                    ty: None,
                    rotations: _,
                },
                count: None,
                stack: false,
                ..
            }
        );
        let flip_between = matches!(&flip.kind, MovesKind::Flip(IntFn::Between));
        apply.then.is_none() && add.then.is_none() && flip.then.is_none() && add_disc && flip_between
    }

    /// Whether consequents set each player's score to the count of sites in its state
    /// (`(and (set Score P1 (count Sites in:(sites State 1))) (set Score P2 ..))`): Some(true);
    /// None for anything else.
    fn scores_states(then: &Moves) -> Option<bool> {
        let MovesKind::And(v) = &then.kind else {
            return None;
        };
        let mut seen = [false; 3];
        for m in v {
            let MovesKind::SetScore {
                role: Role::Player(p),
                player: None,
                value,
            } = &m.kind
            else {
                return None;
            };
            let IntFn::CountSites(r) = bare_int(value) else {
                return None;
            };
            let r: &RegionFn = match &**r {
                RegionFn::Cached(_, inner) => inner,
                r => r,
            };
            let RegionFn::State(k) = r else { return None };
            if m.then.is_some() || !(1..=2).contains(p) || !matches!(bare_int(k), IntFn::Const(q) if *q == *p as i32) {
                return None;
            }
            seen[*p as usize] = true;
        }
        (then.then.is_none() && seen[1] && seen[2]).then_some(true)
    }

    /// Whether `t` holds a piece in state `p`.
    #[inline]
    fn holds(own: &[Words; 3], p: usize, t: usize) -> bool {
        own[p][t / 64] >> (t % 64) & 1 != 0
    }

    /// The sites a placement by `p` at `t` flips (all of them, appended); with `first`,
    /// only whether there is one.
    fn flanked(&self, own: &[Words; 3], p: usize, t: usize, flips: &mut Words, first: bool) -> bool {
        self.each_flank(own, p, t, |run| {
            for &b in run {
                flips[b as usize / 64] |= 1 << (b % 64);
            }
            first
        })
    }

    /// Each run of the other player's discs a placement by `p` at `t` flanks, ray by ray in
    /// the generator's order (near to far), given to `visit` until it says stop. Whether
    /// there was one.
    #[inline]
    fn each_flank<'a>(
        &'a self,
        own: &[Words; 3],
        p: usize,
        t: usize,
        mut visit: impl FnMut(&'a [u16]) -> bool,
    ) -> bool {
        let q = 3 - p;
        if self.near[t][..self.words].iter().zip(&own[q]).all(|(a, b)| a & b == 0) {
            return false;
        }
        let mut any = false;
        for &(a, z) in &self.ray_ends[self.site_rays[t] as usize..self.site_rays[t + 1] as usize] {
            let ray = &self.sites[a as usize..z as usize];
            let run = ray.iter().take_while(|&&b| Self::holds(own, q, b as usize)).count();
            if run == 0 || !ray.get(run).is_some_and(|&c| Self::holds(own, p, c as usize)) {
                continue;
            }
            any = true;
            if visit(&ray[..run]) {
                return true;
            }
        }
        any
    }

    /// The engine's moves for listing: by each player at each site, flipping one disc. None
    /// where one is not an add and a flip, or the flips differ but in their site.
    fn templates(&self, g: &GameDef) -> Option<Templates> {
        let mut templates = Templates::new(2 * self.n);
        for p in 1..=2u8 {
            for t in 0..self.n {
                // the first radial of two sites or more: the other player's disc, then one's own
                let &(a, _) = self.ray_ends[self.site_rays[t] as usize..self.site_rays[t + 1] as usize]
                    .iter()
                    .find(|(a, z)| z - a >= 2)?;
                let (b, c) = (self.sites[a as usize] as usize, self.sites[a as usize + 1] as usize);
                let s = position(g, &[(b, 1, 0, i32::from(3 - p)), (c, 1, 0, i32::from(p))], p);
                let listed = g.candidates(&s);
                let m = listed.iter().find(|m| m.to == t as i32)?;
                let flip = Self::flip_at(m.actions.get(1)?, b as u16)?;
                if m.actions.len() != 2 || flip != m.actions[1] {
                    return None;
                }
                templates.put(((p as usize - 1) * self.n + t) as u32, m)?;
                super::super::pool::give_list(listed);
            }
        }
        Some(templates)
    }

    /// `a`, a flip's setting of a site's state, at site `b` instead (None: not a setting).
    fn flip_at(a: &Action, b: u16) -> Option<Action> {
        match *a {
            Action::SetSite {
                field, value, level, ..
            } => Some(Action::SetSite {
                site: u32::from(b),
                field,
                value,
                level,
            }),
            _ => None,
        }
    }

    /// The legal moves of `s` as the engine lists them, where the form holds the position
    /// (see [`super::PlayoutForm::list`]): each site that flanks, the move its template
    /// gives with the add and a flip again for every disc it flips.
    pub(in crate::engine) fn list(&self, s: &StateData, out: &mut Vec<MoveData>) -> bool {
        let Some(templates) = &self.templates else {
            return false;
        };
        if !super::at_turn_start(s, None) || s.sites.len() != self.n {
            return false;
        }
        let Some(own) = Self::discs(s) else {
            return false;
        };
        let p = s.mover as usize;
        let start = out.len();
        for i in 0..self.words {
            let mut empty = self.board[i] & !(own[1][i] | own[2][i]);
            while empty != 0 {
                let t = i * 64 + empty.trailing_zeros() as usize;
                empty &= empty - 1;
                let key = ((p - 1) * self.n + t) as u32;
                // (the runs it flanks, then the template's move with the add and a flip
                // again for every disc flipped, its actions sized once)
                let mut runs: SmallVec<[&[u16]; 8]> = SmallVec::new();
                self.each_flank(&own, p, t, |run| {
                    runs.push(run);
                    false
                });
                if runs.is_empty() {
                    continue;
                }
                let Some(m) = templates.get(key) else {
                    out.truncate(start);
                    return false;
                };
                let Some((add, flip)) = m.actions.first().copied().zip(m.actions.get(1).copied()) else {
                    out.truncate(start);
                    return false;
                };
                MoveData::push_copy(out, m);
                if let Some(m) = out.last_mut() {
                    m.actions.clear();
                    m.actions.reserve_exact(2 * runs.iter().map(|r| r.len()).sum::<usize>());
                    for &b in runs.iter().flat_map(|r| r.iter()) {
                        m.actions.push(add);
                        m.actions.extend(Self::flip_at(&flip, b));
                    }
                }
            }
        }
        out.len() > start
    }

    /// One random playout from the start, at most `max` decisions (as
    /// [`super::super::playout::playout`] plays it).
    pub(in crate::engine) fn playout(&self, rng: &mut dyn RngCore, max: usize) -> PlayoutResult {
        let counts = (self.turn, self.decisions, self.moves);
        self.run(self.own, self.scores, self.mover, counts, rng, max)
    }

    /// A random playout from `s`, where the form holds it (see
    /// [`super::PlayoutForm::playout_from`]).
    pub(in crate::engine) fn playout_from(
        &self,
        s: &StateData,
        rng: &mut dyn RngCore,
        max: usize,
    ) -> Option<PlayoutResult> {
        if !super::at_turn_start(s, None) || s.sites.len() != self.n {
            return None;
        }
        let own = Self::discs(s)?;
        let scores = [0, *s.scores.get(1)?, *s.scores.get(2)?];
        let counts = (s.num_turn, s.num_decisions, s.num_moves);
        Some(self.run(own, scores, s.mover, counts, rng, max))
    }

    /// The playout from `own` and `scores`, `mover` to move, at a turn, after decisions and
    /// moves so many.
    fn run(
        &self,
        mut own: [Words; 3],
        mut scores: [i32; 3],
        mut mover: u8,
        (turn, decisions, moves): (u32, u32, u32),
        rng: &mut dyn RngCore,
        max: usize,
    ) -> PlayoutResult {
        let (mut length, mut passes) = (0usize, 0u32);
        let mut sites: Vec<u16> = Vec::with_capacity(self.n);
        let mut flips: Words = [0; MAX_WORDS];
        loop {
            if let Some(r) = capped(length, max) {
                return r;
            }
            length += 1;
            let p = mover as usize;
            sites.clear();
            for i in 0..self.words {
                let mut empty = self.board[i] & !(own[1][i] | own[2][i]);
                while empty != 0 {
                    let t = i * 64 + empty.trailing_zeros() as usize;
                    empty &= empty - 1;
                    if self.flanked(&own, p, t, &mut flips, true) {
                        sites.push(t as u16);
                    }
                }
            }
            if sites.is_empty() {
                // a forced pass (drawn from a list of one, as the engine draws it)
                let _: i32 = rng.gen_range(0..1);
                passes += 1;
            } else {
                let t = sites[rng.gen_range(0..sites.len())] as usize;
                flips = [0; MAX_WORDS];
                self.flanked(&own, p, t, &mut flips, false);
                flips[t / 64] |= 1 << (t % 64);
                for i in 0..self.words {
                    own[p][i] |= flips[i];
                    own[3 - p][i] &= !flips[i];
                }
                if self.scored {
                    for k in 1..=2 {
                        scores[k] = own[k][..self.words].iter().map(|w| w.count_ones() as i32).sum();
                    }
                }
                passes = 0;
            }
            // every player passed (each has moved once at least): ranked by score
            if passes >= 2 && moves as usize + length >= 2 {
                let outcome = match scores[1].cmp(&scores[2]) {
                    std::cmp::Ordering::Greater => Played::Win(1),
                    std::cmp::Ordering::Less => Played::Win(2),
                    std::cmp::Ordering::Equal => Played::Draw,
                };
                return PlayoutResult { outcome, length };
            }
            // Ludii's turn and move limits: draws
            let turn = turn as usize + length - 1;
            if let Some(r) = drawn(passes, turn, decisions as usize + length, length) {
                return r;
            }
            mover = 3 - mover;
        }
    }
}

#[cfg(test)]
mod tests {
    /// Reversi plays the same playouts (result and length) by this form as move by move
    /// with the general engine, seed for seed, with its fixed start and on a larger board.
    #[test]
    fn playouts_equal_the_general_engine() {
        let path = "board/space/territory/Reversi.lud";
        super::super::assert_form_plays_like_the_engine(path, &[], 150);
        super::super::assert_form_plays_like_the_engine(path, &["Board Size/12x12"], 40);
        let (taken, all) = super::super::assert_form_plays_like_the_engine_from(path, &[], 10);
        assert!(
            taken * 10 >= all * 9,
            "{path}: the form took {taken} of {all} positions"
        );
    }

    /// Reversi's legal moves, listed by the form at every position of random games (every
    /// flip of every flanked run, ray by ray), are the general engine's, move by move; the
    /// form lists nine in ten positions (not the last, nor a pass's).
    #[test]
    fn listings_equal_the_general_engine() {
        let path = "board/space/territory/Reversi.lud";
        for options in [&[][..], &["Board Size/12x12"][..]] {
            let (listed, all) = super::super::assert_form_lists_like_the_engine(path, options, 20);
            assert!(
                listed * 10 >= all * 9,
                "{path}: the form listed {listed} of {all} positions"
            );
        }
    }
}
