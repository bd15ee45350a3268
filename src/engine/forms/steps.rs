//! A fast form of random playouts: games of pieces that step or leap, played on bit words.
//!
//! A two-player game played by `(forEach Piece)`, each player owning one kind of piece whose
//! moves are steps and leaps (`(move Step ..)`, `(move Leap ..)`, alternatives of these)
//! onto sites that are empty, an enemy's or not a friend's, capturing what is there
//! (`(apply (remove (to)))`), and whose end rules are reaching a region of the mover's
//! (`(is In (last To) (sites Mover))`) and the next player having no move (`(no Moves
//! Next)`), is played out here without the general state: each player's sites are bit
//! words, and each move's candidate sites from each site are found once, by the engine's
//! own generator run on a board holding that piece alone (so directions relative to the
//! piece, walks and their order are the generator's).
//!
//! As with the placement form, the playout is the general one exactly: moves are listed in
//! the generator's order (pieces by site, each piece's moves in the order written, and the
//! sites of each in the generator's order), drawn with the same calls on the generator,
//! passes are forced where a player cannot move, every player passing in turn is a draw, and
//! so is Ludii's turn limit. A test holds the playouts equal, seed for seed.

use super::super::game::{Cache, GameDef};
use super::super::outcome::PlayoutResult;
use super::super::state::StateData;
use super::{
    capped, drawn, finished, plain_end, plain_for_each_piece, player_components, position, Side, Start, Templates,
    Words,
};
use crate::board::RelDir;
use crate::ir::*;
use rand::{Rng, RngCore};

/// One move of a piece (a step or a leap): its candidate sites from each site, which sites
/// it may go to, and whether it captures there.
#[derive(Debug)]
struct Gen {
    /// The key of its first candidate site ([`Steps::each_move`]): each candidate of each
    /// player's moves has its own, in order.
    base: u32,
    /// Row `site` of `targets`: its start (and the next row's).
    start: Vec<u32>,
    targets: Vec<u16>,
    /// Whether it goes to an empty site, an enemy's, a friend's.
    empty: bool,
    enemy: bool,
    friend: bool,
}

/// What an end rule tests.
#[derive(Debug)]
enum Test {
    /// `(is In (last To) R)`, R per player (the mover's).
    LastToIn([Words; 3]),
    /// `(no Moves Next)`.
    NoMovesNext,
}

/// A stepping game's playout form (see the module's doc).
#[derive(Debug)]
pub(in crate::engine) struct Steps {
    words: usize,
    /// The start: each player's sites, the player to move, the turn and decision counts.
    own: [Words; 3],
    mover: u8,
    turn: u32,
    decisions: u32,
    /// Per player (index 0 unused), the moves of its piece in order.
    gens: [Vec<Gen>; 3],
    ends: Vec<(Test, Side, Outcome)>,
    /// Per player (index 0 unused), its piece's component.
    comp: [u16; 3],
    /// The engine's moves by key ([`Steps::each_move`]), for listing a position's moves
    /// (None: they could not be filled).
    pub(super) templates: Option<Templates>,
}

impl Steps {
    /// The form for `g`, where its rules have the shape (None otherwise).
    pub(in crate::engine) fn build(g: &GameDef) -> Option<Steps> {
        let ir = &g.ir;
        let n = g.n();
        if !plain_for_each_piece(g) {
            return None;
        }
        // the start: only the players' pieces, each player's the only component it owns,
        // unturned
        let comp = player_components(g, false)?;
        let start = Start::of(g, [0, comp[1], comp[2]])?;
        let mut form = Steps {
            words: n.div_ceil(64),
            own: start.own,
            mover: start.mover,
            turn: start.turn,
            decisions: start.decisions,
            gens: Default::default(),
            ends: Vec::new(),
            comp: [0, comp[1], comp[2]],
            templates: None,
        };
        for p in 1..=2u8 {
            let k = comp[p as usize];
            let moves = ir.components[k as usize].moves.as_ref()?;
            let mut list = Vec::new();
            flatten(moves, &mut list)?;
            for m in list {
                let base = form.gens.iter().flatten().map(|x| x.targets.len() as u32).sum();
                form.gens[p as usize].push(Gen::build(g, m, k, p, base)?);
            }
        }
        let s = g.blank_state();
        let cache = Cache::default();
        for rule in &ir.end {
            let (cond, mover, outcome) = plain_end(rule)?;
            let test = match cond {
                BoolFn::IsIn(at, r) if matches!(**at, IntFn::LastTo) && g.is_static_region(r) => {
                    let mut words = [[0u64; super::MAX_WORDS]; 3];
                    for p in 1..=2u8 {
                        let mut c = g.ctx(&s, &cache);
                        (c.mover, c.next, c.prev) = (p, 3 - p, 3 - p);
                        for t in g.region(r, &c).iter() {
                            if (t as usize) < n {
                                words[p as usize][t as usize / 64] |= 1 << (t % 64);
                            }
                        }
                    }
                    Test::LastToIn(words)
                }
                BoolFn::NoMoves(Role::Next) => Test::NoMovesNext,
                _ => return None,
            };
            form.ends.push((test, mover, outcome));
        }
        form.templates = form.templates(g);
        Some(form)
    }

    /// The engine's moves for every key: from each site, each player's piece alone, then
    /// with an enemy's, then a friend's, on every site its moves go to from there.
    fn templates(&self, g: &GameDef) -> Option<Templates> {
        let keys = self.gens.iter().flatten().map(|x| x.targets.len()).sum::<usize>() * 3;
        let mut templates = Templates::new(keys);
        for p in 1..=2u8 {
            for f in 0..g.n() {
                let mut near: Vec<usize> = self.gens[p as usize]
                    .iter()
                    .flat_map(|x| &x.targets[x.start[f] as usize..x.start[f + 1] as usize])
                    .map(|&t| t as usize)
                    .filter(|&t| t != f)
                    .collect();
                near.sort_unstable();
                near.dedup();
                for who in [0, 3 - p, p] {
                    let mut pieces = vec![(f, self.comp[p as usize], p, -1)];
                    if who != 0 {
                        pieces.extend(near.iter().map(|&t| (t, self.comp[who as usize], who, -1)));
                    }
                    let s = position(g, &pieces, p);
                    let own = super::words_of(&s, self.comp)?;
                    templates.fill_by(g, &s, |visit| {
                        self.each_move(&own, p, visit);
                    })?;
                }
            }
        }
        Some(templates)
    }

    /// The legal moves of `s` as the engine lists them, where the form holds the position
    /// (see [`super::PlayoutForm::list`]): at the start of a turn of either player.
    pub(in crate::engine) fn list<O: super::ListOut>(&self, s: &StateData, out: &mut O) -> bool {
        let Some(templates) = &self.templates else {
            return false;
        };
        if !super::at_turn_start(s, None) {
            return false;
        }
        // (every position the rules reach holds only the players' own pieces, one a site:
        // each player's sites are the owners' words)
        let own = super::owned_of(s, self.words);
        templates.list(out, |listing| {
            self.each_move(&own, s.mover, |_, _, key| listing.visit(key));
        })
    }

    /// Whether player `p` holds site `t` in `own`.
    #[inline]
    fn holds(own: &[Words; 3], p: usize, t: usize) -> bool {
        own[p][t / 64] >> (t % 64) & 1 != 0
    }

    /// Each move of player `p` in the generator's order, given to `visit` (from, to, key)
    /// until it says stop: whether it did. A move's key is its candidate's (its piece's move,
    /// from and to: [`Gen::base`] on) times three, plus what stands where it goes (0 nothing,
    /// 1 an enemy, 2 a friend).
    fn each_move(&self, own: &[Words; 3], p: u8, mut visit: impl FnMut(u16, u16, u32) -> bool) -> bool {
        let (p, q) = (p as usize, 3 - p as usize);
        for (i, &w) in own[p][..self.words].iter().enumerate() {
            let mut w = w;
            while w != 0 {
                let f = i * 64 + w.trailing_zeros() as usize;
                w &= w - 1;
                for gen in &self.gens[p] {
                    let (a, z) = (gen.start[f] as usize, gen.start[f + 1] as usize);
                    for (j, &t) in gen.targets[a..z].iter().enumerate() {
                        let (ok, kind) = if Self::holds(own, p, t as usize) {
                            (gen.friend, 2)
                        } else if Self::holds(own, q, t as usize) {
                            (gen.enemy, 1)
                        } else {
                            (gen.empty, 0)
                        };
                        if ok && visit(f as u16, t, (gen.base + (a + j) as u32) * 3 + kind) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// The moves of player `p` (from, to), in the generator's order; with `first`, stops at
    /// the first. Whether there is one.
    fn moves(&self, own: &[Words; 3], p: u8, out: &mut Vec<(u16, u16)>, first: bool) -> bool {
        if first {
            return self.each_move(own, p, |_, _, _| true);
        }
        self.each_move(own, p, |f, t, _| {
            out.push((f, t));
            false
        });
        !out.is_empty()
    }

    /// One random playout from the start, at most `max` decisions (as
    /// [`super::super::playout::playout`] plays it).
    pub(in crate::engine) fn playout(&self, rng: &mut dyn RngCore, max: usize) -> PlayoutResult {
        self.run(self.own, (self.mover, self.turn, self.decisions), rng, max)
    }

    /// A random playout from `s`, where the form holds it (see
    /// [`super::PlayoutForm::playout_from`]).
    pub(in crate::engine) fn playout_from(
        &self,
        s: &StateData,
        rng: &mut dyn RngCore,
        max: usize,
    ) -> Option<PlayoutResult> {
        if !super::at_turn_start(s, None) {
            return None;
        }
        let own = super::words_of(s, self.comp)?;
        Some(self.run(own, (s.mover, s.num_turn, s.num_decisions), rng, max))
    }

    /// The playout from `own`, `mover` to move at `turn` after `decisions` decisions.
    fn run(
        &self,
        mut own: [Words; 3],
        (mut mover, turn, decisions): (u8, u32, u32),
        rng: &mut dyn RngCore,
        max: usize,
    ) -> PlayoutResult {
        let (mut length, mut passes) = (0usize, 0u32);
        let mut moves: Vec<(u16, u16)> = Vec::with_capacity(64);
        loop {
            if let Some(r) = capped(length, max) {
                return r;
            }
            moves.clear();
            length += 1;
            let other = 3 - mover;
            let last_to = if !self.moves(&own, mover, &mut moves, false) {
                // a forced pass (drawn from a list of one, as the engine draws it)
                let _: i32 = rng.gen_range(0..1);
                passes += 1;
                None
            } else {
                let (f, t) = moves[rng.gen_range(0..moves.len())];
                let (f, t) = (f as usize, t as usize);
                own[mover as usize][f / 64] &= !(1 << (f % 64));
                own[mover as usize][t / 64] |= 1 << (t % 64);
                own[other as usize][t / 64] &= !(1 << (t % 64));
                passes = 0;
                Some(t)
            };
            for (test, for_mover, outcome) in &self.ends {
                let holds = match test {
                    Test::LastToIn(words) => {
                        last_to.is_some_and(|t| words[mover as usize][t / 64] >> (t % 64) & 1 != 0)
                    }
                    Test::NoMovesNext => !self.moves(&own, other, &mut moves, true),
                };
                if holds {
                    return finished(*for_mover, *outcome, mover, length);
                }
            }
            // every player passing in turn, then Ludii's turn and move limits: draws
            let turn = turn as usize + length - 1;
            if let Some(r) = drawn(passes, turn, decisions as usize + length, length) {
                return r;
            }
            mover = other;
        }
    }
}

/// The moves of an `or` of moves, in order (None: one is not a step or a leap).
fn flatten<'a>(m: &'a Moves, out: &mut Vec<&'a Moves>) -> Option<()> {
    if m.then.is_some() {
        return None;
    }
    match &m.kind {
        MovesKind::Or(v) => v.iter().try_for_each(|x| flatten(x, out)),
        MovesKind::Step { .. } | MovesKind::Leap { .. } => {
            out.push(m);
            Some(())
        }
        _ => None,
    }
}

impl Gen {
    /// A step or leap of component `comp` (player `p`'s): where its condition lets it go
    /// and whether it captures, and its candidate sites from each site, found by the
    /// generator with no condition on a board holding the piece alone.
    fn build(g: &GameDef, m: &Moves, comp: u16, p: u8, base: u32) -> Option<Gen> {
        let (from, to, dirs) = match &m.kind {
            MovesKind::Step {
                from,
                to,
                dirs,
                stack: false,
                decision: true,
            } => (from, to, &dirs[..]),
            MovesKind::Leap {
                from,
                to,
                decision: true,
                ..
            } => (from, to, &[][..]),
            _ => return None,
        };
        // directions that read the last move are not the piece's alone
        let fixed = dirs.iter().all(|d| match d {
            crate::board::Direction::Relative(r) => !matches!(r, RelDir::SameDirection | RelDir::OppositeDirection),
            crate::board::Direction::Dynamic(_) => false,
            _ => true,
        });
        let plain_to = to.region.is_none() && to.site.is_none() && to.apply_if.is_none() && to.level.is_none();
        if from.is_some() || !fixed || !plain_to {
            return None;
        }
        let (empty, enemy, friend) = match &to.cond {
            None => (true, true, true),
            Some(c) => kinds(c, &IntFn::To)?,
        };
        // (a piece where it goes is removed, or it goes to empty sites only)
        let capture = match to.apply.as_deref() {
            None => false,
            Some(Moves {
                kind:
                    MovesKind::Remove {
                        site: Some(IntFn::To),
                        region: None,
                        count: None,
                        level: None,
                        ..
                    },
                then: None,
                ..
            }) => true,
            Some(_) => return None,
        };
        // a move onto a piece that captures nothing would stack it
        if (enemy || friend) && !capture {
            return None;
        }
        let mut probe = m.clone();
        match &mut probe.kind {
            MovesKind::Step { to, .. } | MovesKind::Leap { to, .. } => {
                to.cond = None;
                to.apply = None;
            }
            _ => return None,
        }
        let mut gen = Gen {
            base,
            start: Vec::with_capacity(g.n() + 1),
            targets: Vec::new(),
            empty,
            enemy,
            friend,
        };
        let mut s = g.blank_state();
        let cache = Cache::default();
        let mut out = Vec::new();
        for f in 0..g.n() {
            gen.start.push(gen.targets.len() as u32);
            g.add_piece(&mut s, f as i32, comp, p, 1, -1);
            {
                let mut c = g.ctx(&s, &cache);
                (c.mover, c.next, c.prev, c.from) = (p, 3 - p, 3 - p, f as i32);
                out.clear();
                g.gen(&probe, &mut c, &mut out);
            }
            for mv in &out {
                if mv.from != f as i32 || mv.to < 0 || mv.to as usize >= g.n() {
                    return None;
                }
                gen.targets.push(mv.to as u16);
            }
            s.sites[f].clear();
            s.sync_site(f);
        }
        gen.start.push(gen.targets.len() as u32);
        Some(gen)
    }
}

/// Where a condition on a site (`var`: `(to)`, `(between)`) holds, by what is there:
/// (empty, an enemy's, a friend's), in a two-player game of the players' pieces only (None:
/// it reads something else).
pub(super) fn kinds(c: &BoolFn, var: &IntFn) -> Option<(bool, bool, bool)> {
    let who_at = |x: &IntFn| matches!(x, IntFn::Who(t) if **t == *var);
    Some(match c {
        BoolFn::Compiled(_, inner) => kinds(inner, var)?,
        BoolFn::IsEmpty(t) if **t == *var => (true, false, false),
        BoolFn::IsEnemy(x) if who_at(x) => (false, true, false),
        BoolFn::IsFriend(x) if who_at(x) => (false, false, true),
        BoolFn::Not(x) => {
            let (a, b, c) = kinds(x, var)?;
            (!a, !b, !c)
        }
        BoolFn::Or(v) => v.iter().try_fold((false, false, false), |(a, b, c), x| {
            let (x, y, z) = kinds(x, var)?;
            Some((a || x, b || y, c || z))
        })?,
        BoolFn::And(v) => v.iter().try_fold((true, true, true), |(a, b, c), x| {
            let (x, y, z) = kinds(x, var)?;
            Some((a && x, b && y, c && z))
        })?,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    /// The games of this shape play the same playouts (result and length) by this form as
    /// move by move with the general engine, seed for seed: steps with relative directions
    /// and captures (Breakthrough), leaps forward (Knightthrough), captures only and the
    /// next player without a move (Clobber).
    #[test]
    fn playouts_equal_the_general_engine() {
        for path in [
            "board/race/reach/Breakthrough.lud",
            "board/race/reach/Knightthrough.lud",
            "board/war/replacement/stalemate/Clobber.lud",
        ] {
            super::super::assert_form_plays_like_the_engine(path, &[], 150);
            let (taken, all) = super::super::assert_form_plays_like_the_engine_from(path, &[], 10);
            assert!(taken + 10 >= all, "{path}: the form took {taken} of {all} positions");
        }
    }

    /// The same games' legal moves, listed by the form at every position of random games,
    /// are the general engine's (every move whole, in order); the form lists all but the
    /// last position of a game.
    #[test]
    fn listings_equal_the_general_engine() {
        for path in [
            "board/race/reach/Breakthrough.lud",
            "board/race/reach/Knightthrough.lud",
            "board/war/replacement/stalemate/Clobber.lud",
        ] {
            let (listed, all) = super::super::assert_form_lists_like_the_engine(path, &[], 30);
            assert!(
                listed + 30 >= all && listed > 0,
                "{path}: the form listed {listed} of {all} positions"
            );
        }
    }
}
