//! A fast form of random playouts: a slide, then a shot from where the piece landed, played
//! on bit words.
//!
//! A two-player game whose play is `(if (is Even (count Moves)) (forEach Piece) (move Shoot
//! (piece X)))`, each player owning one kind of piece that slides over empty sites
//! (`(move Slide ..)` in fixed directions, nothing else asked) and then moves again
//! (`(then (moveAgain))`), the shot adding a neutral piece on each empty site along the
//! radials from `(last To)`, and whose end rules read `(no Moves Next)`, is played out here
//! without the general state: the players' pieces and the shots are bit words and each
//! site's radials are listed once. As with the other forms, the playout is the general one
//! exactly (moves in the generator's order, the same calls on the generator, forced passes,
//! the all-pass draw, the turn limit); a test holds the playouts equal, seed for seed.

use super::super::board::Direction;
use super::super::game::GameDef;
use super::super::playout::PlayoutResult;
use super::{capped, drawn, finished, plain_end, plain_two_players, player_components, Side, Start, Words};
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

    /// The radials of site `f`.
    #[inline]
    fn at(&self, f: usize) -> impl Iterator<Item = &[u16]> + '_ {
        self.rays[self.start[f] as usize..self.start[f + 1] as usize]
            .iter()
            .map(|&(a, z)| &self.sites[a as usize..z as usize])
    }
}

/// A slide-and-shoot game's playout form (see the module's doc).
#[derive(Debug)]
pub(in crate::engine) struct Slides {
    words: usize,
    /// The start: each player's pieces (index 0: the neutral pieces), the player to move,
    /// the turn, decision and move counts.
    own: [Words; 3],
    mover: u8,
    turn: u32,
    decisions: u32,
    moves: u32,
    /// Each player's slides (index 0 unused), and the shots.
    slides: [Radials; 3],
    shots: Radials,
    ends: Vec<(Side, Outcome)>,
}

/// A playout's position.
struct Play {
    own: [Words; 3],
    /// The number of moves so far (`(count Moves)`), the last move's site (None: a pass).
    moves: u32,
    last_to: Option<usize>,
}

impl Play {
    #[inline]
    fn empty(&self, t: usize) -> bool {
        let (w, b) = (t / 64, 1u64 << (t % 64));
        (self.own[0][w] | self.own[1][w] | self.own[2][w]) & b == 0
    }
}

impl Slides {
    /// The form for `g`, where its rules have the shape (None otherwise).
    pub(in crate::engine) fn build(g: &GameDef) -> Option<Slides> {
        let ir = &g.ir;
        let n = g.n();
        let plain = plain_two_players(g)
            && n <= u16::MAX as usize
            && !ir.stacking
            && !ir.meta_swap
            && !ir.uses_cycles
            && ir.play.then.is_none();
        if !plain {
            return None;
        }
        let fixed = |dirs: &[Direction]| {
            dirs.iter()
                .all(|d| matches!(d, Direction::Rel(_) | Direction::Compass(_)))
        };
        // (if (is Even (count Moves)) (forEach Piece) (move Shoot (piece X)))
        let MovesKind::If(cond, pieces, Some(shoot)) = &ir.play.kind else {
            return None;
        };
        let cond = match cond {
            BoolFn::Compiled(_, inner) => &**inner,
            b => b,
        };
        let even = matches!(cond, BoolFn::IsEven(x) if matches!(**x, IntFn::CountMoves));
        let for_each = matches!(
            pieces.kind,
            MovesKind::ForEachPiece {
                item: None,
                body: None,
                role: Role::Mover,
                top: false,
                container: None,
            }
        ) && pieces.then.is_none();
        let MovesKind::Shoot {
            piece: PieceFn::Index(IntFn::Const(shot)),
            from: None,
            dirs: shot_dirs,
            to_cond: None,
            decision: true,
        } = &shoot.kind
        else {
            return None;
        };
        if !even || !for_each || shoot.then.is_some() || !fixed(shot_dirs) {
            return None;
        }
        let shot = usize::try_from(*shot).ok()?;
        if ir.components.get(shot)?.owner != 0 {
            return None;
        }
        // each player's one piece slides over empty sites, then moves again
        let comp = player_components(g, true)?;
        let mut slides: [Radials; 3] = Default::default();
        for p in 1..=2 {
            let m = ir.components.get(comp[p] as usize)?.moves.as_ref()?;
            let MovesKind::Slide {
                from: None,
                dirs,
                min: None,
                max: None,
                between_cond: None,
                between_apply: None,
                to,
                decision: true,
                tracks: None,
            } = &m.kind
            else {
                return None;
            };
            let plain_to = to.region.is_none()
                && to.site.is_none()
                && to.cond.is_none()
                && to.apply.is_none()
                && to.apply_if.is_none()
                && to.level.is_none();
            let again = m
                .then
                .and_then(|k| ir.thens.get(k as usize))
                .is_some_and(|t| matches!(t.kind, MovesKind::MoveAgain) && t.then.is_none());
            if !plain_to || !again || !fixed(dirs) {
                return None;
            }
            slides[p] = Radials::build(g, dirs);
        }
        // the start: the players' pieces and the shots' only
        let start = Start::of(g, [shot as u16, comp[1], comp[2]])?;
        let mut ends = Vec::new();
        for rule in &ir.end {
            let (cond, mover, outcome) = plain_end(rule)?;
            if !matches!(cond, BoolFn::NoMoves(Role::Next)) {
                return None;
            }
            ends.push((mover, outcome));
        }
        Some(Slides {
            words: n.div_ceil(64),
            own: start.own,
            mover: start.mover,
            turn: start.turn,
            decisions: start.decisions,
            moves: start.moves,
            slides,
            shots: Radials::build(g, shot_dirs),
            ends,
        })
    }

    /// The moves of player `p` (from, to; a shot's from is its to), in the generator's
    /// order: slides when the moves so far are even, else shots from the last site; with
    /// `first`, stops at the first. Whether there is one.
    fn moves(&self, play: &Play, p: u8, out: &mut Vec<(u16, u16)>, first: bool) -> bool {
        if play.moves.is_multiple_of(2) {
            for (i, &w) in play.own[p as usize][..self.words].iter().enumerate() {
                let mut w = w;
                while w != 0 {
                    let f = i * 64 + w.trailing_zeros() as usize;
                    w &= w - 1;
                    for ray in self.slides[p as usize].at(f) {
                        for &t in ray {
                            if !play.empty(t as usize) {
                                break;
                            }
                            if first {
                                return true;
                            }
                            out.push((f as u16, t));
                        }
                    }
                }
            }
        } else if let Some(f) = play.last_to {
            for ray in self.shots.at(f) {
                for &t in ray {
                    if !play.empty(t as usize) {
                        break;
                    }
                    if first {
                        return true;
                    }
                    out.push((t, t));
                }
            }
        }
        !first && !out.is_empty()
    }

    /// One random playout from the start, at most `max` decisions (as
    /// [`super::super::playout::playout`] plays it).
    pub(in crate::engine) fn playout(&self, rng: &mut dyn RngCore, max: usize) -> PlayoutResult {
        let mut play = Play {
            own: self.own,
            moves: self.moves,
            last_to: None,
        };
        let (mut mover, mut turn, mut length, mut passes) = (self.mover, self.turn, 0usize, 0u32);
        let mut list: Vec<(u16, u16)> = Vec::with_capacity(128);
        loop {
            if let Some(r) = capped(length, max) {
                return r;
            }
            list.clear();
            length += 1;
            let slide = play.moves.is_multiple_of(2);
            // the player to move next: the same after a slide (it moves again)
            let next = if !self.moves(&play, mover, &mut list, false) {
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
                    mover
                } else {
                    play.own[0][t / 64] |= 1 << (t % 64);
                    3 - mover
                }
            };
            play.moves += 1;
            for &(for_mover, outcome) in &self.ends {
                if !self.moves(&play, next, &mut list, true) {
                    return finished(for_mover, outcome, mover, length);
                }
            }
            // every player passing in turn, then Ludii's turn and move limits: draws
            if let Some(r) = drawn(passes, turn as usize, self.decisions as usize + length, length) {
                return r;
            }
            if next != mover {
                turn += 1;
            }
            mover = next;
        }
    }
}

#[cfg(test)]
mod tests {
    /// Amazons plays the same playouts (result and length) by this form as move by move
    /// with the general engine, seed for seed.
    #[test]
    fn playouts_equal_the_general_engine() {
        super::super::assert_form_plays_like_the_engine("board/space/blocking/Amazons.lud", &[], 60);
    }
}
