//! A fast form of random playouts: a slide, then a shot from where the piece landed, played
//! on bit words.
//!
//! A two-player game whose play (the game's, or a phase both players share and never leave)
//! is `(if S (forEach Piece) (move Shoot (piece X)))`, S `(is Even (count Moves))`, or the
//! other way round with S `(is Prev Mover)` (the shots while the mover moves again); each
//! player owning one kind of piece whose moves are slides (`(move Slide ..)`, or an `or` of
//! them, in fixed directions) and then moving again (`(then (moveAgain))`); the shots adding
//! a neutral piece on each site along the radials from `(last To)` (a shot or an `or` of
//! them); and whose end rules read `(no Moves Next)`, is played out here without the general
//! state: the players' pieces and the shots are bit words and each site's radials are listed
//! once. Slides and shots go over empty sites unless they give conditions of their own
//! (`between if:`, `to if:`, `apply if:`, a shot's `to if:`); conditions that read the board
//! alone (its pieces, the sites' relations, the iterator sites) are asked through the
//! engine's compiled conditions, on a copy of the position the form keeps up to date.
//!
//! Earlier phases are played by the general engine until both players reach the form's. As
//! with the other forms, the playout is the general one exactly (moves in the generator's
//! order, the same calls on the generator, forced passes, the all-pass draw, the turn
//! limit); a test holds the playouts equal, seed for seed.

use super::super::game::{Cache, GameDef};
use super::super::outcome::PlayoutResult;
use super::super::state::StateData;
use super::{
    capped, drawn, final_phase, finished, general_until, plain_end, player_components, position, two_players_in_phases,
    words_of, Side, Start, Templates, Words,
};
use crate::board::Direction;
use crate::ir::*;
use rand::{Rng, RngCore};

/// Per site, its radials (without the site) in the order the generator walks them, as rows
/// of `sites`.
#[derive(Debug, Default)]
struct Radials {
    /// Per site, its first radial (and the next site's).
    start: Vec<u32>,
    /// Per radial, its sites as a range of `sites`.
    rays: Vec<(u32, u32)>,
    sites: Vec<u16>,
}

impl Radials {
    fn build(g: &GameDef, dirs: &[Direction]) -> Radials {
        let mut r = Radials::default();
        for f in 0..g.n() as u32 {
            r.start.push(r.rays.len() as u32);
            for d in dirs {
                for radial in g.board.radials(f, *d) {
                    let a = r.sites.len() as u32;
                    r.sites.extend(radial.iter().skip(1).map(|&t| t as u16));
                    r.rays.push((a, r.sites.len() as u32));
                }
            }
        }
        r.start.push(r.rays.len() as u32);
        r
    }

    /// The radials of site `f`, each with the index of its first site in `sites`.
    #[inline]
    fn indexed(&self, f: usize) -> impl Iterator<Item = (usize, &[u16])> + '_ {
        self.rays[self.start[f] as usize..self.start[f + 1] as usize]
            .iter()
            .map(|&(a, z)| (a as usize, &self.sites[a as usize..z as usize]))
    }

    /// The radials of site `f`.
    #[inline]
    fn at(&self, f: usize) -> impl Iterator<Item = &[u16]> + '_ {
        self.rays[self.start[f] as usize..self.start[f + 1] as usize]
            .iter()
            .map(|&(a, z)| &self.sites[a as usize..z as usize])
    }
}

/// One slide or shot: its radials, and the conditions it gives (None: the engine's default,
/// an empty site), each the board's alone.
#[derive(Debug, Default)]
struct Way {
    rays: Radials,
    /// Per mover (index 0 unused), the key of its first radial site's move
    /// ([`Slides::each_plain_move`]).
    base: [u32; 3],
    /// `between if:`: the sites passed (a slide's).
    go: Option<BoolFn>,
    /// `to if:`: a slide stops there with a move (a shot goes on while it holds).
    stop: Option<BoolFn>,
    /// `apply if:`: which of a slide's moves are kept.
    filter: Option<BoolFn>,
}

/// Which decisions are slides.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Switch {
    /// When the moves so far are even (`(is Even (count Moves))`).
    Even,
    /// When the mover is not moving again (the shots under `(is Prev Mover)`).
    NotAgain,
}

/// A slide-and-shoot game's playout form (see the module's doc).
#[derive(Debug)]
pub(in crate::engine) struct Slides {
    words: usize,
    /// The shots', then each player's, component.
    comp: [u16; 3],
    /// The phase the form plays (None: the game has no phases).
    phase: Option<u8>,
    /// The start, where the form plays from it (no phases, no conditions).
    start: Option<Start>,
    switch: Switch,
    /// Each player's slides (index 0 unused), and the shots.
    slides: [Vec<Way>; 3],
    shots: Vec<Way>,
    /// Whether some way gives conditions (asked on a copy of the position).
    asks: bool,
    ends: Vec<(Side, Outcome)>,
    /// The engine's moves by key ([`Slides::each_plain_move`]), for listing a position's
    /// moves (None: they could not be filled, or some way asks a condition).
    pub(super) templates: Option<Templates>,
}

/// A playout's position.
struct Play {
    own: [Words; 3],
    /// The number of moves so far (`(count Moves)`), the last move's site (None: a pass),
    /// whether the mover moves again.
    moves: u32,
    last_to: Option<usize>,
    again: bool,
    /// The position itself, where conditions are asked.
    state: Option<StateData>,
}

impl Play {
    #[inline]
    fn empty(&self, t: usize) -> bool {
        let (w, b) = (t / 64, 1u64 << (t % 64));
        (self.own[0][w] | self.own[1][w] | self.own[2][w]) & b == 0
    }
}

/// Whether a condition reads the board alone: its pieces (who and what is where, empty
/// sites), the sites' relations, the iterator sites and constants; not the history, the
/// roles or any other part of the state.
fn board_only(b: &BoolFn) -> bool {
    fn node(n: Node) -> bool {
        let ok = match n {
            Node::Bool(b) => matches!(
                b,
                BoolFn::Compiled(..)
                    | BoolFn::Const(_)
                    | BoolFn::Not(_)
                    | BoolFn::And(_)
                    | BoolFn::Or(_)
                    | BoolFn::Eq(..)
                    | BoolFn::Ne(..)
                    | BoolFn::Lt(..)
                    | BoolFn::Le(..)
                    | BoolFn::Gt(..)
                    | BoolFn::Ge(..)
                    | BoolFn::IsEmpty(_)
                    | BoolFn::IsOccupied(_)
            ),
            Node::Int(f) => matches!(
                f,
                IntFn::Const(_)
                    | IntFn::From
                    | IntFn::To
                    | IntFn::Between
                    | IntFn::Site
                    | IntFn::If(..)
                    | IntFn::Compiled(..)
                    | IntFn::CountSites(_)
                    | IntFn::Who(_)
                    | IntFn::What(_)
            ),
            Node::Region(r) => matches!(
                r,
                RegionFn::Filter(..) | RegionFn::Intersection(_) | RegionFn::Union(_) | RegionFn::Related(..)
            ),
            Node::Ints(_) => false,
        };
        ok && n.children().into_iter().all(node)
    }
    node(Node::Bool(b))
}

/// A condition the form may ask (None: none given); `Err` where it reads more than the board.
fn condition(b: &Option<BoolFn>) -> Result<Option<BoolFn>, ()> {
    match b {
        None => Ok(None),
        Some(b) if board_only(b) => Ok(Some(b.clone())),
        Some(_) => Err(()),
    }
}

/// Whether directions are fixed (no relative ones).
fn fixed(dirs: &[Direction]) -> bool {
    dirs.iter()
        .all(|d| matches!(d, Direction::Rel(_) | Direction::Compass(_)))
}

/// The moves of an `or` of moves of one kind, in order (None: one is of another kind or has
/// consequents).
fn alternatives<'a>(m: &'a Moves, out: &mut Vec<&'a Moves>, kind: fn(&MovesKind) -> bool) -> Option<()> {
    if m.then.is_some() {
        return None;
    }
    match &m.kind {
        MovesKind::Or(v) => v.iter().try_for_each(|x| alternatives(x, out, kind)),
        k if kind(k) => {
            out.push(m);
            Some(())
        }
        _ => None,
    }
}

impl Way {
    /// A slide of the shape the form takes.
    fn slide(g: &GameDef, m: &Moves) -> Option<Way> {
        let (dirs, between_cond, to) = super::plain_slide(m)?;
        let plain_to = to.region.is_none() && to.site.is_none() && to.apply.is_none() && to.level.is_none();
        if !plain_to || !fixed(dirs) {
            return None;
        }
        Some(Way {
            rays: Radials::build(g, dirs),
            base: [0; 3],
            go: condition(between_cond).ok()?,
            stop: condition(&to.cond).ok()?,
            filter: condition(&to.apply_if).ok()?,
        })
    }

    /// A shot of component `shot` of the shape the form takes.
    fn shot(g: &GameDef, m: &Moves, shot: i32) -> Option<Way> {
        let MovesKind::Shoot {
            piece: PieceFn::Index(IntFn::Const(k)),
            from: None,
            dirs,
            to_cond,
            decision: true,
        } = &m.kind
        else {
            return None;
        };
        if *k != shot || !fixed(dirs) {
            return None;
        }
        Some(Way {
            rays: Radials::build(g, dirs),
            stop: condition(to_cond).ok()?,
            ..Way::default()
        })
    }

    fn asks(&self) -> bool {
        self.go.is_some() || self.stop.is_some() || self.filter.is_some()
    }
}

impl Slides {
    /// The form for `g`, where its rules have the shape (None otherwise).
    pub(in crate::engine) fn build(g: &GameDef) -> Option<Slides> {
        let ir = &g.ir;
        let n = g.n();
        let plain = two_players_in_phases(g)
            && !ir.not_all_pass
            && n <= u16::MAX as usize
            && !ir.stacking
            && !ir.meta_swap
            && !ir.uses_cycles;
        if !plain {
            return None;
        }
        let (phase, play) = final_phase(ir)?;
        // (if S (forEach Piece) shots) or (if S' shots (forEach Piece))
        let MovesKind::If(cond, yes, Some(no)) = &play.kind else {
            return None;
        };
        if play.then.is_some() {
            return None;
        }
        let cond = match cond {
            BoolFn::Compiled(_, inner) => &**inner,
            b => b,
        };
        let (switch, pieces, shoot) = match cond {
            BoolFn::IsEven(x) if matches!(**x, IntFn::CountMoves) => (Switch::Even, yes, no),
            BoolFn::IsPrevMover => (Switch::NotAgain, no, yes),
            _ => return None,
        };
        let for_each = super::moves_of_mover_pieces(&pieces.kind) && pieces.then.is_none();
        if !for_each {
            return None;
        }
        // the shots: one neutral component
        let mut list = Vec::new();
        alternatives(shoot, &mut list, |k| matches!(k, MovesKind::Shoot { .. }))?;
        let shot = match list.first()?.kind {
            MovesKind::Shoot {
                piece: PieceFn::Index(IntFn::Const(k)),
                ..
            } => k,
            _ => return None,
        };
        if ir.components.get(usize::try_from(shot).ok()?)?.owner != 0 {
            return None;
        }
        let shots: Vec<Way> = list.iter().map(|m| Way::shot(g, m, shot)).collect::<Option<_>>()?;
        // each player's one piece slides, then moves again
        let comp = player_components(g, true)?;
        let mut slides: [Vec<Way>; 3] = Default::default();
        for p in 1..=2 {
            let m = ir.components.get(comp[p] as usize)?.moves.as_ref()?;
            let again = m
                .then
                .and_then(|k| ir.thens.get(k as usize))
                .is_some_and(|t| matches!(t.kind, MovesKind::MoveAgain) && t.then.is_none());
            if !again {
                return None;
            }
            let bare = Moves {
                then: None,
                ..(**m).clone()
            };
            let mut list = Vec::new();
            alternatives(&bare, &mut list, |k| matches!(k, MovesKind::Slide { .. }))?;
            slides[p] = list.iter().map(|m| Way::slide(g, m)).collect::<Option<_>>()?;
        }
        let comp = [shot as u16, comp[1], comp[2]];
        let asks = shots.iter().chain(slides.iter().flatten()).any(Way::asks);
        // the start, where the form plays from it
        let start = match (phase, asks) {
            (None, false) => Some(Start::of(g, comp)?),
            _ => None,
        };
        let mut ends = Vec::new();
        for rule in &ir.end {
            let (cond, mover, outcome) = plain_end(rule)?;
            if !matches!(cond, BoolFn::NoMoves(Role::Next)) {
                return None;
            }
            ends.push((mover, outcome));
        }
        // the keys of the moves: each player's slides, then each player's shots
        let mut keys = 0;
        for (p, ways) in slides.iter_mut().enumerate().skip(1) {
            for way in ways {
                way.base[p] = keys;
                keys += way.rays.sites.len() as u32;
            }
        }
        let mut shots = shots;
        for p in 1..=2 {
            for way in &mut shots {
                way.base[p] = keys;
                keys += way.rays.sites.len() as u32;
            }
        }
        let mut form = Slides {
            words: n.div_ceil(64),
            comp,
            phase,
            start,
            switch,
            slides,
            shots,
            asks,
            ends,
            templates: None,
        };
        if !asks {
            form.templates = form.templates(g, keys as usize);
        }
        Some(form)
    }

    /// The engine's moves for every key: each player's piece alone on each site, its
    /// slides there listed, then each slide made and the shots from where it lands listed.
    fn templates(&self, g: &GameDef, keys: usize) -> Option<Templates> {
        let mut templates = Templates::new(keys);
        let mut shot_from = vec![[false; 3]; g.n()];
        for p in 1..=2u8 {
            for f in 0..g.n() {
                let state = super::super::state::State::of(position(g, &[(f, self.comp[p as usize], p, -1)], p));
                self.fill(g, &state.inner, p, &mut templates)?;
                for mv in g.legal_moves(&state) {
                    let t = mv.inner.to;
                    if t < 0 || shot_from[t as usize][p as usize] {
                        continue;
                    }
                    shot_from[t as usize][p as usize] = true;
                    let mut after = state.clone();
                    g.apply(&mut after, &mv);
                    self.fill(g, &after.inner, p, &mut templates)?;
                }
            }
        }
        Some(templates)
    }

    /// Fill `templates` from `s`, player `p` to move.
    fn fill(&self, g: &GameDef, s: &StateData, p: u8, templates: &mut Templates) -> Option<()> {
        let play = self.listing(s)?;
        templates.fill_by(g, s, |visit| {
            self.each_plain_move(&play, p, visit);
        })
    }

    /// The form's position for listing the moves of `s`: at the start of a turn of one of
    /// the players in the form's phase, or its mover moving again (to shoot), the last move
    /// no pass. None otherwise (or where no way could be listed plainly).
    fn listing(&self, s: &StateData) -> Option<Play> {
        let again = s.prev == s.mover && (1..=2).contains(&s.mover);
        let in_phase = self
            .phase
            .is_none_or(|k| s.phase.get(1) == Some(&k) && s.phase.get(2) == Some(&k));
        let last = s.history.last().filter(|m| !m.pass);
        if self.asks || !(super::at_turn_start(s, self.phase) || (again && in_phase && !s.over && last.is_some())) {
            return None;
        }
        // (from the form's start, every position the rules reach holds only its pieces)
        let own = match self.start {
            Some(_) => super::owned_of(s, self.words),
            None => words_of(s, self.comp)?,
        };
        Some(Play {
            own,
            moves: s.num_moves,
            last_to: last.and_then(|m| usize::try_from(m.to).ok()).filter(|_| again),
            again,
            state: None,
        })
    }

    /// The legal moves of `s` as the engine lists them, where the form holds the position
    /// ([`Self::listing`]; see [`super::PlayoutForm::list`]).
    pub(in crate::engine) fn list<O: super::ListOut>(&self, s: &StateData, out: &mut O) -> bool {
        let (Some(templates), Some(play)) = (&self.templates, self.listing(s)) else {
            return false;
        };
        templates.list(out, |listing| {
            self.each_plain_move(&play, s.mover, |_, _, key| listing.visit(key));
        })
    }

    /// Whether the mover's decision is a slide.
    #[inline]
    fn slides_now(&self, play: &Play) -> bool {
        match self.switch {
            Switch::Even => play.moves.is_multiple_of(2),
            Switch::NotAgain => !play.again,
        }
    }

    /// Whether `b` holds in `play`'s position for player `p` (the previous player `prev`),
    /// the iterator sites given.
    #[inline]
    fn holds(
        g: &GameDef,
        b: &BoolFn,
        play: &Play,
        cache: &Cache,
        (p, prev): (u8, u8),
        [from, between, to]: [i32; 3],
    ) -> bool {
        let Some(s) = &play.state else { return false };
        let mut c = g.ctx(s, cache);
        (c.mover, c.next, c.prev, c.from, c.between, c.to) = (p, 3 - p, prev, from, between, to);
        g.cond(Some(b)).holds(g, &c)
    }

    /// The moves of player `p` (from, to; a shot's from is its to), in the generator's
    /// order: slides or shots from the last site (see [`Switch`]); with `first`, stops at
    /// the first. Whether there is one. `prev`: the previous player (for the conditions).
    fn moves(&self, g: &GameDef, play: &Play, roles: (u8, u8), out: &mut Vec<(u16, u16)>, first: bool) -> bool {
        if self.asks {
            return self.moves_asking(g, play, roles, out, first);
        }
        if first {
            return self.each_plain_move(play, roles.0, |_, _, _| true);
        }
        self.each_plain_move(play, roles.0, |f, t, _| {
            out.push((f, t));
            false
        });
        !out.is_empty()
    }

    /// Each move of player `p` where no way asks a condition (every way goes over empty
    /// sites), in the generator's order, given to `visit` (from, to, key) until it says
    /// stop: whether it did. A move's key is its way's [`Way::base`] for the mover plus the
    /// index of its site in the way's radials.
    fn each_plain_move(&self, play: &Play, p: u8, mut visit: impl FnMut(u16, u16, u32) -> bool) -> bool {
        let p = p as usize;
        if self.slides_now(play) {
            for (i, &w) in play.own[p][..self.words].iter().enumerate() {
                let mut w = w;
                while w != 0 {
                    let f = i * 64 + w.trailing_zeros() as usize;
                    w &= w - 1;
                    for way in &self.slides[p] {
                        for (a, ray) in way.rays.indexed(f) {
                            for (j, &t) in ray.iter().enumerate() {
                                if !play.empty(t as usize) {
                                    break;
                                }
                                if visit(f as u16, t, way.base[p] + (a + j) as u32) {
                                    return true;
                                }
                            }
                        }
                    }
                }
            }
        } else if let Some(f) = play.last_to {
            for way in &self.shots {
                for (a, ray) in way.rays.indexed(f) {
                    for (j, &t) in ray.iter().enumerate() {
                        if !play.empty(t as usize) {
                            break;
                        }
                        if visit(t, t, way.base[p] + (a + j) as u32) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// [`Self::moves`] where some way asks its conditions.
    #[inline(never)]
    fn moves_asking(
        &self,
        g: &GameDef,
        play: &Play,
        (p, prev): (u8, u8),
        out: &mut Vec<(u16, u16)>,
        first: bool,
    ) -> bool {
        let cache = Some(Cache::fresh());
        let ask = |b: &Option<BoolFn>, sites: [i32; 3]| {
            let (Some(b), Some(cache)) = (b, &cache) else {
                return None;
            };
            Some(Self::holds(g, b, play, cache, (p, prev), sites))
        };
        if self.slides_now(play) {
            for (i, &w) in play.own[p as usize][..self.words].iter().enumerate() {
                let mut w = w;
                while w != 0 {
                    let f = i * 64 + w.trailing_zeros() as usize;
                    w &= w - 1;
                    for way in &self.slides[p as usize] {
                        for ray in way.rays.at(f) {
                            // as the engine's slide: a stop ends the ray with a move there; the
                            // sites passed go on; the filter keeps moves (`between` the site
                            // before a stop, else the site itself)
                            let mut before = -1;
                            for &t in ray {
                                let t32 = t as i32;
                                let keep = |between: i32| ask(&way.filter, [f as i32, between, t32]) != Some(false);
                                if ask(&way.stop, [f as i32, before, t32]) == Some(true) {
                                    if keep(before) {
                                        if first {
                                            return true;
                                        }
                                        out.push((f as u16, t));
                                    }
                                    break;
                                }
                                let go = match ask(&way.go, [f as i32, t32, t32]) {
                                    None => play.empty(t as usize),
                                    Some(go) => go,
                                };
                                if !go {
                                    break;
                                }
                                if keep(t32) {
                                    if first {
                                        return true;
                                    }
                                    out.push((f as u16, t));
                                }
                                before = t32;
                            }
                        }
                    }
                }
            }
        } else if let Some(f) = play.last_to {
            for way in &self.shots {
                for ray in way.rays.at(f) {
                    let mut before = -1;
                    for &t in ray {
                        let go = match ask(&way.stop, [-1, before, t as i32]) {
                            None => play.empty(t as usize),
                            Some(go) => go,
                        };
                        if !go {
                            break;
                        }
                        if first {
                            return true;
                        }
                        out.push((t, t));
                        before = t as i32;
                    }
                }
            }
        }
        !first && !out.is_empty()
    }

    /// One random playout from the start, at most `max` decisions (as
    /// [`super::super::playout::playout`] plays it): from the start where the form takes
    /// it, else by the general engine until both players are in the form's phase at the
    /// start of a turn.
    pub(in crate::engine) fn playout(&self, g: &GameDef, rng: &mut dyn RngCore, max: usize) -> PlayoutResult {
        if let Some(start) = &self.start {
            let play = Play {
                own: start.own,
                moves: start.moves,
                last_to: None,
                again: false,
                state: None,
            };
            return self.play(g, play, (start.mover, start.turn, start.decisions), 0, rng, max);
        }
        let (state, own, length) = match general_until(g, self.phase, rng, max, |s| words_of(s, self.comp)) {
            Ok(x) => x,
            Err(r) => return r,
        };
        let s = state.inner;
        let (mover, turn, decisions) = (s.mover, s.num_turn, s.num_decisions);
        debug_assert!(s.prev != s.mover);
        let play = Play {
            own,
            moves: s.num_moves,
            last_to: None,
            again: false,
            state: self.asks.then_some(s),
        };
        self.play(g, play, (mover, turn, decisions), length, rng, max)
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
        if !super::at_turn_start(s, self.phase) {
            return None;
        }
        let play = Play {
            own: words_of(s, self.comp)?,
            moves: s.num_moves,
            last_to: None,
            again: false,
            state: self.asks.then(|| s.clone()),
        };
        Some(self.play(g, play, (s.mover, s.num_turn, s.num_decisions), 0, rng, max))
    }

    /// The rest of a playout from `play`, `mover` to move at `turn` after `decisions`
    /// decisions (`length` of them in this playout).
    fn play(
        &self,
        g: &GameDef,
        mut play: Play,
        (mut mover, mut turn, decisions): (u8, u32, u32),
        mut length: usize,
        rng: &mut dyn RngCore,
        max: usize,
    ) -> PlayoutResult {
        let mut passes = 0u32;
        let mut prev = 3 - mover;
        let start = length;
        let mut list: Vec<(u16, u16)> = Vec::with_capacity(128);
        loop {
            if let Some(r) = capped(length, max) {
                return r;
            }
            list.clear();
            length += 1;
            let slide = self.slides_now(&play);
            // the player to move next: the same after a slide (it moves again)
            let next = if !self.moves(g, &play, (mover, prev), &mut list, false) {
                // a forced pass (drawn from a list of one, as the engine draws it)
                let _: i32 = rng.gen_range(0..1);
                passes += 1;
                play.last_to = None;
                3 - mover
            } else {
                let (f, t) = list[rng.gen_range(0..list.len())];
                let (f, t) = (f as usize, t as usize);
                passes = 0;
                play.last_to = Some(t);
                if slide {
                    play.own[mover as usize][f / 64] &= !(1 << (f % 64));
                    play.own[mover as usize][t / 64] |= 1 << (t % 64);
                    if let Some(s) = &mut play.state {
                        if let Some(x) = s.sites[f].pop() {
                            s.sites[t].push(x);
                        }
                        s.sync_site(f);
                        s.sync_site(t);
                    }
                    mover
                } else {
                    play.own[0][t / 64] |= 1 << (t % 64);
                    if let Some(s) = &mut play.state {
                        g.add_piece(s, t as i32, self.comp[0], 0, 1, -1);
                    }
                    3 - mover
                }
            };
            play.moves += 1;
            play.again = next == mover;
            for &(for_mover, outcome) in &self.ends {
                if !self.moves(g, &play, (next, mover), &mut list, true) {
                    return finished(for_mover, outcome, mover, length);
                }
            }
            // every player passing in turn, then Ludii's turn and move limits: draws
            let made = decisions as usize + length - start;
            if let Some(r) = drawn(passes, turn as usize, made, length) {
                return r;
            }
            if next != mover {
                turn += 1;
            }
            prev = mover;
            mover = next;
        }
    }
}

#[cfg(test)]
mod tests {
    /// Amazons and Hex Amazons (an opening slide played by the engine, then slides and
    /// shots with conditions on the cells between diagonal neighbours) play the same
    /// playouts (result and length) by this form as move by move with the general engine,
    /// seed for seed.
    #[test]
    fn playouts_equal_the_general_engine() {
        super::super::assert_form_plays_like_the_engine("board/space/blocking/Amazons.lud", &[], 60);
        super::super::assert_form_plays_like_the_engine("board/space/blocking/Hex Amazons.lud", &[], 40);
        for path in [
            "board/space/blocking/Amazons.lud",
            "board/space/blocking/Hex Amazons.lud",
        ] {
            let (taken, all) = super::super::assert_form_plays_like_the_engine_from(path, &[], 6);
            // (a slide's position, the mover moving again to shoot, is not one it takes)
            assert!(
                taken * 2 + 12 >= all && taken > 0,
                "{path}: the form took {taken} of {all} positions"
            );
        }
    }

    /// Amazons' legal moves, slides and shots, listed by the form at every position of
    /// random games, are the general engine's (every move whole, in order); the form lists
    /// all but the last position of a game. Hex Amazons' ways ask conditions: it lists none.
    #[test]
    fn listings_equal_the_general_engine() {
        let (listed, all) = super::super::assert_form_lists_like_the_engine("board/space/blocking/Amazons.lud", &[], 8);
        assert!(
            listed + 8 >= all && listed > 0,
            "Amazons: the form listed {listed} of {all} positions"
        );
        let (listed, _) =
            super::super::assert_form_lists_like_the_engine("board/space/blocking/Hex Amazons.lud", &[], 2);
        assert_eq!(listed, 0);
    }
}
