//! A fast form of random playouts: pieces that slide and capture by custodial and surround.
//!
//! A two-player game played by `(forEach Piece)`, each of its pieces (any number of kinds a
//! player) sliding onto empty sites (`(move Slide dirs (between if:C))` with C the site
//! being empty and a condition on the site, its content and its owner) and then capturing
//! as its consequents say, by `(custodial (from (last To)) dirs (between (max 1) if:B (apply
//! E)) (to if:T))` and `(surround (from (last To)) dirs (between if:B (apply E)) (to if:T))`
//! with E a removal of the site between or a player's trigger, and whose end rules are a
//! piece within a region (`(is Within (id "X") in:R)`), a trigger (`(is Triggered "e" P)`)
//! and the next player without a move, is played out here without the general state: the
//! sites of each kind of piece are bit words, the conditions are read as sets of sites (one
//! word operation a part), and each piece's radials are tabled once per site.
//!
//! As with the other forms, the playout is the general one exactly: moves are listed in the
//! generator's order (kinds of piece in order, their pieces by site, each slide by radial
//! and distance), drawn with the same calls on the generator; a move's consequents are all
//! found on the state after it and then done, as the engine does them; passes are forced
//! where a player cannot move, every player passing in turn is a draw, and so is Ludii's
//! turn limit. A test holds the playouts equal, seed for seed.

use super::super::game::{Cache, Ctx, GameDef};
use super::super::outcome::PlayoutResult;
use super::super::state::StateData;
use super::{
    board_words, capped, drawn, finished, plain_end, plain_for_each_piece, position, Side, Templates, Words, MAX_WORDS,
};
use crate::ir::*;
use rand::{Rng, RngCore};

/// The most kinds of piece (components) the form keeps words for.
const MAX_KINDS: usize = 8;

/// A condition on one site (the slide's or capture's `between` or `to`), read as the set of
/// sites passing it.
#[derive(Debug, Clone)]
enum Pred {
    /// Sites fixed by the board alone.
    Sites(Box<Words>),
    Empty,
    /// Holding this component.
    Kind(u16),
    /// Holding a piece of the mover's / the other player's.
    Friend,
    Enemy,
    And(Vec<Pred>),
    Or(Vec<Pred>),
    Not(Box<Pred>),
}

/// The form's state: each kind's sites and each player's.
#[derive(Clone, Copy, Debug)]
struct Board {
    kinds: [Words; MAX_KINDS],
    own: [Words; 3],
}

/// Site lists tabled per site: `at[t]..at[t + 1]` index `ends`, whose pairs bound rows
/// of `sites` (each radial without its origin).
#[derive(Debug, Default)]
struct Rays {
    at: Vec<u32>,
    ends: Vec<(u32, u32)>,
    sites: Vec<u16>,
}

impl Rays {
    /// The radials of site `t`, each with the index of its first site in `sites`.
    fn indexed(&self, t: usize) -> impl Iterator<Item = (usize, &[u16])> + '_ {
        self.ends[self.at[t] as usize..self.at[t + 1] as usize]
            .iter()
            .map(|&(a, z)| (a as usize, &self.sites[a as usize..z as usize]))
    }

    fn of(&self, t: usize) -> impl Iterator<Item = &[u16]> + '_ {
        self.ends[self.at[t] as usize..self.at[t + 1] as usize]
            .iter()
            .map(|&(a, z)| &self.sites[a as usize..z as usize])
    }

    /// Tables the next site's radials (None: one leaves the board's `n` sites).
    fn push_site<'a>(&mut self, n: usize, radials: impl Iterator<Item = &'a [u32]>) -> Option<()> {
        self.at.push(self.ends.len() as u32);
        for radial in radials {
            let a = self.sites.len() as u32;
            for &t in radial.iter().skip(1) {
                if t as usize >= n {
                    return None;
                }
                self.sites.push(t as u16);
            }
            self.ends.push((a, self.sites.len() as u32));
        }
        Some(())
    }

    /// Closes the table once every site has been pushed.
    fn close(mut self) -> Rays {
        self.at.push(self.ends.len() as u32);
        self
    }
}

/// What a capture does at the site it takes.
#[derive(Debug, Clone, Copy)]
enum Effect {
    Remove,
    Trigger(u8),
}

/// A consequent capture from the last move's destination.
#[derive(Debug)]
struct Capture {
    /// Surround (else custodial of one site).
    surround: bool,
    rays: Rays,
    between: Pred,
    to: Pred,
    effect: Effect,
}

/// A kind of piece: its owner, its slide (its radials from each site and which sites it
/// passes and lands on) and its consequents.
#[derive(Debug)]
struct Kind {
    /// The key of its first radial site's move ([`Captures::each_move`]).
    base: u32,
    kind: u16,
    owner: u8,
    rays: Rays,
    pass: Pred,
    captures: Vec<Capture>,
}

/// What an end rule tests.
#[derive(Debug)]
enum Test {
    /// A piece of this kind in these sites.
    Within(u16, Box<Words>),
    /// The player's trigger is set.
    Triggered(u8),
    /// `(no Moves Next)`.
    NoMovesNext,
}

/// A sliding and capturing game's playout form (see the module's doc).
#[derive(Debug)]
pub(in crate::engine) struct Captures {
    words: usize,
    board: Words,
    start: Board,
    mover: u8,
    turn: u32,
    decisions: u32,
    pieces: Vec<Kind>,
    ends: Vec<(Test, Side, Outcome)>,
    /// The engine's moves by key ([`Captures::each_move`]), for listing a position's moves
    /// (None: they could not be filled).
    pub(super) templates: Option<Templates>,
}

fn bare(b: &BoolFn) -> &BoolFn {
    match b {
        BoolFn::Compiled(_, inner) => bare(inner),
        b => b,
    }
}

impl Captures {
    /// The form for `g`, where its rules have the shape (None otherwise).
    pub(in crate::engine) fn build(g: &GameDef) -> Option<Captures> {
        let ir = &g.ir;
        let n = g.n();
        if !plain_for_each_piece(g) || ir.components.len() > MAX_KINDS {
            return None;
        }
        let board = board_words(n);
        // the start: single unturned pieces of the players
        let s = g.initial_state().inner;
        let mut form = Captures {
            words: n.div_ceil(64),
            board,
            start: Self::board_of(g, &s)?,
            mover: 0,
            turn: 0,
            decisions: 0,
            pieces: Vec::new(),
            ends: Vec::new(),
            templates: None,
        };
        if s.over || !(1..=2).contains(&s.mover) || s.next != 3 - s.mover || s.triggered != 0 {
            return None;
        }
        (form.mover, form.turn, form.decisions) = (s.mover, s.num_turn, s.num_decisions);
        for (k, comp) in ir.components.iter().enumerate().skip(1) {
            if !(1..=2).contains(&comp.owner) || comp.facing.is_some() || !comp.walks.is_empty() {
                return None;
            }
            form.pieces
                .push(Kind::build(g, k as u16, comp.owner, comp.moves.as_ref()?)?);
        }
        for rule in &ir.end {
            let (cond, side, outcome) = plain_end(rule)?;
            let test = match cond {
                BoolFn::IsWithinRegion(what, r) if g.is_static_region(r) => {
                    let IntFn::Const(k @ 1..) = **what else { return None };
                    if k as usize >= ir.components.len() {
                        return None;
                    }
                    Test::Within(k as u16, Box::new(static_region(g, r)))
                }
                BoolFn::IsTriggered(who) => match **who {
                    IntFn::RolePlayer(Role::Player(p @ 1..=2)) => Test::Triggered(p),
                    _ => return None,
                },
                BoolFn::NoMoves(Role::Next) => Test::NoMovesNext,
                _ => return None,
            };
            form.ends.push((test, side, outcome));
        }
        let mut keys = 0;
        for kind in &mut form.pieces {
            kind.base = keys;
            keys += kind.rays.sites.len() as u32;
        }
        form.templates = form.templates(g, keys as usize);
        Some(form)
    }

    /// The moves of player `p` (kind, from, to), in the generator's order; with `first`,
    /// stops at the first. Whether there is one.
    fn moves(&self, b: &Board, p: u8, out: &mut Vec<(u8, u16, u16)>, first: bool) -> bool {
        if first {
            return self.each_move(b, p, |_, _, _, _| true);
        }
        self.each_move(b, p, |i, f, t, _| {
            out.push((i, f, t));
            false
        });
        !out.is_empty()
    }

    /// Each move of player `p` in the generator's order, given to `visit` (its kind's
    /// index, from, to, key) until it says stop: whether it did. A move's key is its kind's
    /// [`Kind::base`] plus the index of its site in the kind's radials.
    fn each_move(&self, b: &Board, p: u8, mut visit: impl FnMut(u8, u16, u16, u32) -> bool) -> bool {
        for (i, kind) in self.pieces.iter().enumerate() {
            if kind.owner != p {
                continue;
            }
            let mine = &b.kinds[kind.kind as usize];
            if mine[..self.words].iter().all(|&w| w == 0) {
                continue;
            }
            let pass = self.sites(&kind.pass, b, p);
            for (wi, &w) in mine[..self.words].iter().enumerate() {
                let mut w = w;
                while w != 0 {
                    let f = wi * 64 + w.trailing_zeros() as usize;
                    w &= w - 1;
                    for (a, ray) in kind.rays.indexed(f) {
                        for (j, &t) in ray.iter().enumerate() {
                            if !has(&pass, t as usize) {
                                break;
                            }
                            if visit(i as u8, f as u16, t, kind.base + (a + j) as u32) {
                                return true;
                            }
                        }
                    }
                }
            }
        }
        false
    }

    /// The engine's moves for every key: each kind's piece alone on each site, its slides
    /// listed.
    fn templates(&self, g: &GameDef, keys: usize) -> Option<Templates> {
        let mut templates = Templates::new(keys);
        for kind in &self.pieces {
            for f in 0..g.n() {
                let s = position(g, &[(f, kind.kind, kind.owner, -1)], kind.owner);
                let b = Self::board_of(g, &s)?;
                templates.fill_by(g, &s, |visit| {
                    self.each_move(&b, kind.owner, |_, f, t, key| visit(f, t, key));
                })?;
            }
        }
        Some(templates)
    }

    /// The legal moves of `s` as the engine lists them, where the form holds the position
    /// (see [`super::PlayoutForm::list`]).
    pub(in crate::engine) fn list<O: super::ListOut>(&self, s: &StateData, out: &mut O) -> bool {
        let Some(templates) = &self.templates else {
            return false;
        };
        if !super::at_turn_start(s, None) || s.triggered != 0 || s.sites.len() > self.words * 64 {
            return false;
        }
        // (from the form's start, every position the rules reach holds only single pieces
        // of the players' own kinds: the pieces are read off the owners' words)
        let mut b = Board {
            kinds: [[0; MAX_WORDS]; MAX_KINDS],
            own: super::owned_of(s, self.words),
        };
        for p in 1..=2 {
            for (i, &w) in b.own[p][..self.words].iter().enumerate() {
                let mut w = w;
                while w != 0 {
                    let t = i * 64 + w.trailing_zeros() as usize;
                    w &= w - 1;
                    let Some(kind) = s.sites[t].last().and_then(|x| b.kinds.get_mut(x.what as usize)) else {
                        return false;
                    };
                    kind[i] |= 1 << (t % 64);
                }
            }
        }
        templates.list(out, |listing| {
            self.each_move(&b, s.mover, |_, _, _, key| listing.visit(key));
        })
    }

    /// The sites passing `pred` in `b`, player `p` moving.
    fn sites(&self, pred: &Pred, b: &Board, p: u8) -> Words {
        let mut w = [0u64; MAX_WORDS];
        self.sites_into(pred, b, p, &mut w);
        w
    }

    /// [`Self::sites`], into the first words of `w`.
    fn sites_into(&self, pred: &Pred, b: &Board, p: u8, w: &mut Words) {
        let k = self.words;
        match pred {
            Pred::Sites(s) => w[..k].copy_from_slice(&s[..k]),
            Pred::Empty => (0..k).for_each(|i| w[i] = self.board[i] & !(b.own[1][i] | b.own[2][i])),
            Pred::Kind(x) => w[..k].copy_from_slice(&b.kinds[*x as usize][..k]),
            Pred::Friend => w[..k].copy_from_slice(&b.own[p as usize][..k]),
            Pred::Enemy => w[..k].copy_from_slice(&b.own[3 - p as usize][..k]),
            Pred::And(v) | Pred::Or(v) => {
                let and = matches!(pred, Pred::And(_));
                let mut y = [0u64; MAX_WORDS];
                for (j, x) in v.iter().enumerate() {
                    if j == 0 {
                        self.sites_into(x, b, p, w);
                        continue;
                    }
                    self.sites_into(x, b, p, &mut y);
                    (0..k).for_each(|i| w[i] = if and { w[i] & y[i] } else { w[i] | y[i] });
                }
                if v.is_empty() {
                    (0..k).for_each(|i| w[i] = if and { self.board[i] } else { 0 });
                }
            }
            Pred::Not(x) => {
                self.sites_into(x, b, p, w);
                (0..k).for_each(|i| w[i] = self.board[i] & !w[i]);
            }
        }
    }

    /// The pieces of `s`, where each site holds at most one unturned piece of a player,
    /// of a component the player owns (of fewer than [`MAX_KINDS`]).
    fn board_of(g: &GameDef, s: &StateData) -> Option<Board> {
        let mut b = Board {
            kinds: [[0; MAX_WORDS]; MAX_KINDS],
            own: [[0; MAX_WORDS]; 3],
        };
        for (t, stack) in s.sites.iter().enumerate() {
            match stack.as_slice() {
                [] => {}
                [p] if (1..=2).contains(&p.who) && p.count <= 1 && p.rotation == 0 && p.state == 0 && p.value == 0 => {
                    let owner = g.ir.components.get(p.what as usize)?.owner;
                    if owner != p.who {
                        return None;
                    }
                    b.kinds.get_mut(p.what as usize)?[t / 64] |= 1 << (t % 64);
                    b.own[p.who as usize][t / 64] |= 1 << (t % 64);
                }
                _ => return None,
            }
        }
        Some(b)
    }

    /// One random playout from the start, at most `max` decisions (as
    /// [`super::super::playout::playout`] plays it).
    pub(in crate::engine) fn playout(&self, rng: &mut dyn RngCore, max: usize) -> PlayoutResult {
        self.run(self.start, (self.mover, self.turn, self.decisions), rng, max)
    }

    /// A random playout from `s`, where the form holds it (see
    /// [`super::PlayoutForm::playout_from`]).
    pub(in crate::engine) fn playout_from(
        &self,
        g: &GameDef,
        s: &StateData,
        rng: &mut dyn RngCore,
        max: usize,
    ) -> Option<PlayoutResult> {
        if !super::at_turn_start(s, None) || s.triggered != 0 || s.sites.len() > self.words * 64 {
            return None;
        }
        let b = Self::board_of(g, s)?;
        Some(self.run(b, (s.mover, s.num_turn, s.num_decisions), rng, max))
    }

    /// The playout from `b`, `mover` to move at `turn` after `decisions` decisions.
    fn run(
        &self,
        mut b: Board,
        (mut mover, turn, decisions): (u8, u32, u32),
        rng: &mut dyn RngCore,
        max: usize,
    ) -> PlayoutResult {
        let mut triggered = 0u8;
        let (mut length, mut passes) = (0usize, 0u32);
        let mut moves: Vec<(u8, u16, u16)> = Vec::with_capacity(128);
        let mut effects: Vec<(u16, Effect)> = Vec::with_capacity(8);
        loop {
            if let Some(r) = capped(length, max) {
                return r;
            }
            moves.clear();
            length += 1;
            let other = 3 - mover;
            if !self.moves(&b, mover, &mut moves, false) {
                // a forced pass (drawn from a list of one, as the engine draws it)
                let _: i32 = rng.gen_range(0..1);
                passes += 1;
            } else {
                let (i, f, t) = moves[rng.gen_range(0..moves.len())];
                let kind = &self.pieces[i as usize];
                let (f, t) = (f as usize, t as usize);
                for w in [&mut b.kinds[kind.kind as usize], &mut b.own[mover as usize]] {
                    w[f / 64] &= !(1 << (f % 64));
                    w[t / 64] |= 1 << (t % 64);
                }
                passes = 0;
                // the consequents, all found on the state after the move, then done
                effects.clear();
                for cap in &kind.captures {
                    self.capture(cap, &b, mover, t, &mut effects);
                }
                for &(x, e) in &effects {
                    match e {
                        Effect::Remove => {
                            let x = x as usize;
                            for w in b.kinds.iter_mut().chain(b.own.iter_mut()) {
                                w[x / 64] &= !(1 << (x % 64));
                            }
                        }
                        Effect::Trigger(p) => triggered |= 1 << p,
                    }
                }
            }
            for (test, side, outcome) in &self.ends {
                let holds = match test {
                    Test::Within(k, r) => (0..self.words).any(|i| b.kinds[*k as usize][i] & r[i] != 0),
                    Test::Triggered(p) => triggered >> p & 1 != 0,
                    Test::NoMovesNext => !self.moves(&b, other, &mut moves, true),
                };
                if holds {
                    return finished(*side, *outcome, mover, length);
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

    /// The effects of capture `cap` after player `p`'s move to `last`, in the generator's
    /// order.
    fn capture(&self, cap: &Capture, b: &Board, p: u8, last: usize, out: &mut Vec<(u16, Effect)>) {
        let between = self.sites(&cap.between, b, p);
        let to = self.sites(&cap.to, b, p);
        for ray in cap.rays.of(last) {
            let Some(&x) = ray.first() else { continue };
            if !has(&between, x as usize) {
                continue;
            }
            let taken = if cap.surround {
                // every neighbour of the site taken along the same directions is the origin
                // or passes `to`
                cap.rays
                    .of(x as usize)
                    .all(|r| r.first().is_none_or(|&y| y as usize == last || has(&to, y as usize)))
            } else {
                ray.get(1).is_some_and(|&y| has(&to, y as usize))
            };
            if taken {
                out.push((x, cap.effect));
            }
        }
    }
}

#[inline]
fn has(w: &Words, t: usize) -> bool {
    w[t / 64] >> (t % 64) & 1 != 0
}

/// The sites of a region that depends on the board alone.
fn static_region(g: &GameDef, r: &RegionFn) -> Words {
    let s = g.blank_state();
    let cache = Cache::default();
    let c = g.ctx(&s, &cache);
    let mut w = [0u64; MAX_WORDS];
    for t in g.region(r, &c).iter() {
        if (t as usize) < g.n() {
            w[t as usize / 64] |= 1 << (t % 64);
        }
    }
    w
}

/// `b` read as sites for the variable `var` (`To` or `Between`), where every part of it is
/// of a kind [`Pred`] has (None otherwise), its fixed parts folded.
fn pred(g: &GameDef, b: &BoolFn, var: &IntFn) -> Option<Pred> {
    Some(pred_parts(g, b, var)?.folded(&board_words(g.n())))
}

/// [`pred`], unfolded.
fn pred_parts(g: &GameDef, b: &BoolFn, var: &IntFn) -> Option<Pred> {
    let is_var = |x: &IntFn| x == var;
    // a value fixed by the board alone, and the sites where `var` compares so to it
    let fixed = |x: &IntFn| matches!(x, IntFn::Const(_) | IntFn::CentrePoint);
    let compare = |x: &IntFn, y: &IntFn, equal: bool| -> Option<Pred> {
        let (v, other) = if is_var(x) { (x, y) } else { (y, x) };
        if !is_var(v) || !fixed(other) {
            return None;
        }
        let s = g.blank_state();
        let cache = Cache::default();
        let c = g.ctx(&s, &cache);
        let at = g.int(other, &c);
        let mut w = [0u64; MAX_WORDS];
        for t in 0..g.n() {
            if (t as i32 == at) == equal {
                w[t / 64] |= 1 << (t % 64);
            }
        }
        Some(Pred::Sites(Box::new(w)))
    };
    let what_of_var = |x: &IntFn| matches!(x, IntFn::What(t) if is_var(t));
    let who_of_var = |x: &IntFn| matches!(x, IntFn::Who(t) if is_var(t));
    Some(match bare(b) {
        BoolFn::And(v) => Pred::And(v.iter().map(|x| pred_parts(g, x, var)).collect::<Option<_>>()?),
        BoolFn::Or(v) => Pred::Or(v.iter().map(|x| pred_parts(g, x, var)).collect::<Option<_>>()?),
        BoolFn::Not(x) => Pred::Not(Box::new(pred_parts(g, x, var)?)),
        BoolFn::IsEmpty(t) if is_var(t) => Pred::Empty,
        BoolFn::IsFriend(x) if who_of_var(x) => Pred::Friend,
        BoolFn::IsEnemy(x) if who_of_var(x) => Pred::Enemy,
        BoolFn::IsIn(t, r) if is_var(t) && g.is_static_region(r) => Pred::Sites(Box::new(static_region(g, r))),
        BoolFn::Eq(x, y) | BoolFn::Ne(x, y) if what_of_var(x) || what_of_var(y) => {
            let k = match (&**x, &**y) {
                (IntFn::Const(k), _) | (_, IntFn::Const(k)) => *k,
                _ => return None,
            };
            let p = match k {
                0 => Pred::Empty,
                k if (k as usize) < g.ir.components.len() => Pred::Kind(k as u16),
                _ => return None,
            };
            match bare(b) {
                BoolFn::Eq(..) => p,
                _ => Pred::Not(Box::new(p)),
            }
        }
        BoolFn::Eq(x, y) => compare(x, y, true)?,
        BoolFn::Ne(x, y) => compare(x, y, false)?,
        _ => return None,
    })
}

impl Pred {
    /// The same sites, with the parts fixed by the board folded into one word set each
    /// `and`, `or` and `not` (`board`: the board's sites).
    fn folded(self, board: &Words) -> Pred {
        match self {
            Pred::Not(x) => match x.folded(board) {
                Pred::Sites(s) => Pred::Sites(Box::new(std::array::from_fn(|i| board[i] & !s[i]))),
                x => Pred::Not(Box::new(x)),
            },
            Pred::And(v) | Pred::Or(v) if v.len() == 1 => v.into_iter().next().map_or(Pred::Empty, |x| x.folded(board)),
            Pred::And(v) => Self::fold_list(v, board, true),
            Pred::Or(v) => Self::fold_list(v, board, false),
            x => x,
        }
    }

    fn fold_list(v: Vec<Pred>, board: &Words, and: bool) -> Pred {
        let mut fixed: Option<Words> = None;
        let mut rest = Vec::new();
        for x in v {
            match x.folded(board) {
                Pred::Sites(s) => {
                    let f = fixed.get_or_insert(if and { *board } else { [0; MAX_WORDS] });
                    for i in 0..MAX_WORDS {
                        f[i] = if and { f[i] & s[i] } else { f[i] | s[i] };
                    }
                }
                x => rest.push(x),
            }
        }
        if let Some(f) = fixed {
            rest.insert(0, Pred::Sites(Box::new(f)));
        }
        match rest.len() {
            1 => rest.pop().unwrap_or(Pred::Empty),
            _ if and => Pred::And(rest),
            _ => Pred::Or(rest),
        }
    }
}

/// Whether every site passing `p` is empty.
fn only_empty(p: &Pred) -> bool {
    match p {
        Pred::Empty => true,
        Pred::And(v) => v.iter().any(only_empty),
        _ => false,
    }
}

impl Kind {
    /// Component `k` (player `p`'s) whose moves are `m`: a slide and its consequents.
    fn build(g: &GameDef, k: u16, p: u8, m: &Moves) -> Option<Kind> {
        let (dirs, between_cond, to) = super::plain_slide(m)?;
        let fixed = dirs.iter().all(|d| match d {
            crate::board::Direction::Relative(r) => !matches!(
                r,
                crate::board::RelDir::SameDirection | crate::board::RelDir::OppositeDirection
            ),
            crate::board::Direction::Dynamic(_) => false,
            _ => true,
        });
        if !fixed || *to != Place::default() {
            return None;
        }
        let pass = match between_cond {
            None => Pred::Empty,
            Some(c) => pred(g, c, &IntFn::Between)?,
        };
        if !only_empty(&pass) {
            return None;
        }
        // each site's radials, the directions resolved for the piece there alone
        let mut s = g.blank_state();
        let cache = Cache::default();
        let mut buf = super::super::tables::Dirs::new();
        let mut rays = Rays::default();
        for f in 0..g.n() {
            g.add_piece(&mut s, f as i32, k, p, 1, -1);
            let done = {
                let mut c: Ctx = g.ctx(&s, &cache);
                (c.mover, c.next, c.prev, c.from) = (p, 3 - p, 3 - p, f as i32);
                let abs = g.abs_dirs(dirs, f as i32, &c, &mut buf);
                rays.push_site(g.n(), abs.iter().flat_map(|d| g.board.radials(f as u32, *d)))
            };
            s.sites[f].clear();
            s.sync_site(f);
            done?;
        }
        let rays = rays.close();
        let mut captures = Vec::new();
        if let Some(t) = m.then {
            flatten(g, &g.ir.thens[t as usize], &mut captures)?;
        }
        Some(Kind {
            base: 0,
            kind: k,
            owner: p,
            rays,
            pass,
            captures,
        })
    }
}

/// The captures of a consequent (an `or`/`and` of captures, in order).
fn flatten(g: &GameDef, m: &Moves, out: &mut Vec<Capture>) -> Option<()> {
    if m.then.is_some() {
        return None;
    }
    let (surround, from, dirs, between, apply, to) = match &m.kind {
        MovesKind::Or(v) | MovesKind::And(v) => return v.iter().try_for_each(|x| flatten(g, x, out)),
        MovesKind::Custodial {
            from,
            dirs,
            min: None,
            max: Some(IntFn::Const(1)),
            between_cond,
            between_apply,
            to_cond,
        } => (false, from, dirs, between_cond, between_apply, to_cond),
        MovesKind::Surround {
            from,
            dirs,
            between_cond,
            between_apply,
            to_cond,
            except: None,
            with: None,
        } => (true, from, dirs, between_cond, between_apply, to_cond),
        _ => return None,
    };
    if !matches!(from, Some(IntFn::LastTo)) {
        return None;
    }
    // the defaults: an enemy's piece between, closed by a friend's
    let between = match between {
        None => Pred::Enemy,
        Some(c) => pred(g, c, &IntFn::Between)?,
    };
    let to = match to {
        None => Pred::Friend,
        Some(c) => pred(g, c, &IntFn::To)?,
    };
    let effect = match apply.as_deref()? {
        Moves {
            kind:
                MovesKind::Remove {
                    site: Some(IntFn::Between),
                    region: None,
                    count: None,
                    level: None,
                    decision: false,
                    ty: None,
                },
            then: None,
            ..
        } => Effect::Remove,
        Moves {
            kind:
                MovesKind::Trigger {
                    player: IntFn::RolePlayer(Role::Player(q @ 1..=2)),
                    ..
                },
            then: None,
            ..
        } => Effect::Trigger(*q),
        _ => return None,
    };
    // (a surround looks around the site taken along the one direction it was found by)
    if surround && dirs.len() != 1 {
        return None;
    }
    let mut rays = Rays::default();
    for f in 0..g.n() {
        rays.push_site(g.n(), dirs.iter().flat_map(|d| g.board.radials(f as u32, *d)))?;
    }
    let rays = rays.close();
    out.push(Capture {
        surround,
        rays,
        between,
        to,
        effect,
    });
    Some(())
}

#[cfg(test)]
mod tests {
    /// Tablut plays the same playouts (result and length) by this form as move by move with
    /// the general engine, seed for seed: slides that may not pass the castle, custodial
    /// captures closed by the castle, the king surrounded next to it or taken elsewhere.
    #[test]
    fn playouts_equal_the_general_engine() {
        let path = "board/war/custodial/Tablut.lud";
        super::super::assert_form_plays_like_the_engine(path, &[], 100);
        let (taken, all) = super::super::assert_form_plays_like_the_engine_from(path, &[], 10);
        assert!(taken + 10 >= all, "{path}: the form took {taken} of {all} positions");
    }

    /// Tablut's legal moves, listed by the form at every position of random games, are the
    /// general engine's, move by move; the form lists all but the last of each game.
    #[test]
    fn listings_equal_the_general_engine() {
        let path = "board/war/custodial/Tablut.lud";
        let (listed, all) = super::super::assert_form_lists_like_the_engine(path, &[], 20);
        assert!(
            listed + 20 >= all && listed > 0,
            "{path}: the form listed {listed} of {all} positions"
        );
    }
}
