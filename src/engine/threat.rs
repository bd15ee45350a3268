//! `(is Threatened ..)`: whether an enemy of a piece's owner could move to its site, as
//! Ludii asks it: the enemy's moves are generated (each enemy as the mover, the owner as the
//! previous player) and one ending at the site is looked for. While they are generated, a
//! threat asked again is false and an `ifAfterwards` that only asks for no threat is not
//! checked (Ludii's "auto fail" of the nested question), so the question never recurses.
//!
//! Only the moves to the site are wanted (the context's `target`), so a piece whose own moves
//! cannot end there from where it stands, on any position, is not asked at all: per
//! component, the sites its moves may reach from each site ([`GameDef::may_reach`]) are read
//! off its steps, slides, hops and leaps once (a superset: conditions and pieces in the way
//! are left out), where those are all its moves are made of.

use super::game::{Ctx, GameDef, Question};
use super::pool::{give_list, take_list};
use crate::board::{Dir, Direction, RelDir};
use crate::ir::{IntFn, Moves, MovesKind, Place, Threat};

/// The largest reach table kept for a component, in bit words (sites × words a site).
const MAX_REACH_WORDS: usize = 1 << 18;

impl GameDef {
    pub(super) fn is_threatened(&self, t: &Threat, c: &Ctx) -> bool {
        if c.within.probing() {
            return false;
        }
        let what = match &t.what {
            Some(w) => {
                let w = self.int(w, c);
                if w < 1 {
                    return false;
                }
                Some(w)
            }
            None => None,
        };
        let mut sites: smallvec::SmallVec<[i32; 8]> = smallvec::SmallVec::new();
        match (&t.site, &t.region, what) {
            (Some(s), _, _) => sites.push(self.int(s, c)),
            (None, Some(r), _) => sites.extend(self.region(r, c).iter()),
            (None, None, Some(w)) => sites.push(self.where_site(w, None, c)),
            (None, None, None) => sites.extend(
                (0..self.n())
                    .filter(|&s| c.s.stack(s).is_some_and(|st| !st.is_empty()))
                    .map(|s| s as i32),
            ),
        }
        for site in sites {
            if site < 0 || site as usize >= c.s.sites.len() {
                continue;
            }
            match what {
                Some(w) => {
                    let owner = self.owner_of(w);
                    let reached = match self.placed_at(c, site, w, owner) {
                        Some(s2) => {
                            let cache = super::game::Cache::fresh();
                            let c2 = Ctx {
                                s: &s2,
                                cache: &cache,
                                ..*c
                            };
                            let reached = self.enemy_reaches(t, owner, site, None, &c2);
                            super::pool::release(s2);
                            reached
                        }
                        None => self.enemy_reaches(t, owner, site, None, c),
                    };
                    if reached {
                        return true;
                    }
                }
                None => {
                    let w = c.s.sites[site as usize].last().map_or(0, |p| p.what as i32);
                    if w <= 0 {
                        continue;
                    }
                    if c.next == 0 || c.next > self.num_players {
                        return false;
                    }
                    let owner = self.owner_of(w);
                    if self.enemy_reaches(t, owner, site, Some(owner), c) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The position in which a piece `what` of `owner` is asked about at `site`: Ludii puts
    /// it there first (its component and owner on the site's top; count, state and value
    /// as they were), on a board of one site type without stacks (elsewhere its placing
    /// misses the board: a stack or another site type is written). None: the position as
    /// it is (the piece is there already, or nothing is put). On an empty site of a game
    /// that counts pieces, the piece is seen only by `who`/`what`: not modelled, nothing is
    /// put.
    fn placed_at(&self, c: &Ctx, site: i32, what: i32, owner: u8) -> Option<super::pool::Scratch> {
        if self.ir.stacking || !self.ir.other_types.is_empty() {
            return None;
        }
        let top = c.s.sites[site as usize].last();
        if top.is_some_and(|p| i32::from(p.what) == what && p.who == owner) {
            return None;
        }
        // (where the game counts pieces, the count stays 0 on an empty site: the site
        // stays empty, as Ludii's flat state reads emptiness off the count)
        if top.is_none() && self.ir.requires_count {
            return None;
        }
        let mut s2 = self.scratch(c);
        let st = &mut s2.sites[site as usize];
        match st.last_mut() {
            Some(p) => (p.what, p.who) = (what as u16, owner),
            None => st.push(super::state::Piece {
                what: what as u16,
                who: owner,
                count: 1,
                ..Default::default()
            }),
        }
        s2.sync_site(site as usize);
        Some(s2)
    }

    fn owner_of(&self, what: i32) -> u8 {
        self.ir.components.get(what as usize).map_or(0, |k| k.owner)
    }

    /// Whether a move of an enemy of `owner` ends at `site` (`next`: the player to set as
    /// the next one, else as it is).
    fn enemy_reaches(&self, t: &Threat, owner: u8, site: i32, next: Option<u8>, c: &Ctx) -> bool {
        if owner == 0 || owner > self.num_players {
            return false;
        }
        let mut list = take_list();
        let mut found = false;
        let mut frame = None;
        let within = c.within.and(&mut frame, Question::Threat);
        for enemy in (1..=self.num_players).filter(|&p| p != owner) {
            let mut c2 = *c;
            c2.mover = enemy;
            c2.prev = owner;
            c2.target = site;
            c2.within = within;
            if let Some(n) = next {
                c2.next = n;
            }
            let moves = t.moves.as_ref().unwrap_or_else(|| self.play_of(enemy, c.s));
            list.clear();
            self.gen(moves, &mut c2, &mut list);
            if list.iter().any(|m| m.to == site) {
                found = true;
                break;
            }
        }
        give_list(list);
        found
    }
}

impl GameDef {
    /// Whether a piece of component `comp` at `f` may end one of its own moves at `t` (true
    /// where that is not known: its moves are not all steps, slides, hops and leaps from
    /// its site).
    pub(super) fn may_reach(&self, comp: usize, f: i32, t: i32) -> bool {
        let table = self.reach.get_or_init(|| self.reach_tables());
        match (
            table.get(comp).and_then(Option::as_deref),
            usize::try_from(f),
            usize::try_from(t),
        ) {
            (Some(bits), Ok(f), Ok(t)) if f < self.n() && t < self.n() => {
                let k = self.n().div_ceil(64);
                super::region::word_bit(&bits[f * k..f * k + k], t)
            }
            _ => true,
        }
    }

    /// The board sites from which some piece of `owner` may end one of its own moves at
    /// `t` ([`GameDef::may_reach`] of each of its components), as bit words; None where
    /// that is not known.
    pub(super) fn may_reach_from(&self, owner: u8, t: i32) -> Option<&[u64]> {
        let k = self.n().div_ceil(64);
        let t = usize::try_from(t).ok().filter(|&t| t < self.n())?;
        let table = self.reached_from.get_or_init(|| self.reached_from_tables());
        let words = table.get(owner as usize)?.as_deref()?;
        Some(&words[t * k..t * k + k])
    }

    /// Per owner, [`GameDef::may_reach_from`] of every site.
    fn reached_from_tables(&self) -> Vec<Option<Box<[u64]>>> {
        let (n, k) = (self.n(), self.n().div_ceil(64));
        let reach = self.reach.get_or_init(|| self.reach_tables());
        let owners = self.ir.components.iter().map(|c| c.owner as usize).max().unwrap_or(0);
        (0..=owners)
            .map(|owner| {
                let mut from = vec![0u64; n * k];
                for (comp, table) in self.ir.components.iter().zip(reach) {
                    if comp.owner as usize != owner || comp.moves.is_none() {
                        continue;
                    }
                    let table = table.as_deref()?;
                    for f in 0..n {
                        for t in super::region::bits(&table[f * k..f * k + k]) {
                            from[t as usize * k + f / 64] |= 1 << (f % 64);
                        }
                    }
                }
                Some(from.into_boxed_slice())
            })
            .collect()
    }

    /// Per component, the sites its own moves may reach from each board site, as bit words
    /// (`n.div_ceil(64)` a site; None where not known).
    fn reach_tables(&self) -> Vec<Option<Box<[u64]>>> {
        let (n, k) = (self.n(), self.n().div_ceil(64));
        (self.ir.components.iter())
            .map(|comp| {
                let moves = comp.moves.as_ref()?;
                if n * k > MAX_REACH_WORDS {
                    return None;
                }
                let mut bits = vec![0u64; n * k];
                for f in 0..n {
                    let mut add = |t: u32| {
                        if (t as usize) < n {
                            bits[f * k + t as usize / 64] |= 1 << (t % 64);
                        }
                    };
                    self.reach_of(moves, f as u32, &mut add)?;
                }
                Some(bits.into_boxed_slice())
            })
            .collect()
    }

    /// Every site the moves `m` of a piece at `f` may end at, given to `add` (None: not
    /// known, a kind other than those below, or moves from another site than the piece's).
    fn reach_of(&self, m: &Moves, f: u32, add: &mut impl FnMut(u32)) -> Option<()> {
        match &m.kind {
            MovesKind::Or(v) => v.iter().try_for_each(|x| self.reach_of(x, f, add)),
            MovesKind::If(_, a, b) => {
                self.reach_of(a, f, add)?;
                b.as_deref().map_or(Some(()), |b| self.reach_of(b, f, add))
            }
            MovesKind::Do { pre, next: None, .. } => self.reach_of(pre, f, add),
            MovesKind::Step { from, dirs, to, .. } if to.ty.is_none() => self.each_direction(from, dirs, |d| {
                self.board.steps_in(f, d).iter().for_each(|&t| add(t));
            }),
            MovesKind::Slide {
                from,
                dirs,
                tracks: None,
                to,
                ..
            } if to.ty.is_none() => self.each_direction(from, dirs, |d| {
                (self.board.radials(f, d)).for_each(|r| r.iter().skip(1).for_each(|&t| add(t)));
            }),
            MovesKind::Hop { from, dirs, to, .. } if to.ty.is_none() => self.each_direction(from, dirs, |d| {
                (self.board.radials(f, d)).for_each(|r| r.get(2).into_iter().for_each(|&t| add(t)));
            }),
            MovesKind::Leap {
                from,
                walks,
                rotations,
                to,
                ..
            } if from_the_piece(from) && to.ty.is_none() => {
                self.walk_ends(f, walks, *rotations).iter().for_each(|t| add(t as u32));
                Some(())
            }
            _ => None,
        }
    }

    /// `each` of the absolute directions `dirs` may take a piece to from its site (a
    /// relative one: every direction it resolves to, whatever the piece faces); None where
    /// the moves are not from the piece's site or a direction is decided by the position.
    fn each_direction(&self, from: &Option<Place>, dirs: &[Direction], mut each: impl FnMut(Direction)) -> Option<()> {
        if !from_the_piece(from) {
            return None;
        }
        for &d in dirs {
            match d {
                Direction::Relative(RelDir::SameDirection | RelDir::OppositeDirection) => {
                    Dir::ALL.into_iter().for_each(|x| each(Direction::Compass(x)));
                }
                Direction::Relative(r) => {
                    let facings = self.relative.get(r as usize * 16..r as usize * 16 + 16)?;
                    facings.iter().flat_map(|ds| ds.iter()).for_each(|&x| each(x));
                }
                Direction::Dynamic(_) => return None,
                d => each(d),
            }
        }
        Some(())
    }
}

/// Whether moves `from` this place go from the piece's own site (`(from)` or none given).
fn from_the_piece(from: &Option<Place>) -> bool {
    fn is_from(x: &IntFn) -> bool {
        match x {
            IntFn::From => true,
            IntFn::Compiled(_, inner) => is_from(inner),
            _ => false,
        }
    }
    match from {
        None => true,
        Some(p) => p.region.is_none() && p.ty.is_none() && p.site.as_ref().is_none_or(is_from),
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::Game;
    use crate::expand::Selections;

    /// Where the king at site 0 of a 3×3 board may step, with a rook at site 5 (it takes on
    /// sites 3, 4, 2 and 8) when `rook` is true, the step kept if `keep` holds afterwards.
    fn king_steps(keep: &str, rook: bool) -> Vec<i32> {
        let rook = if rook { r#"(place "Rook2" 5)"# } else { "" };
        let text = format!(
            r#"(game "Check" (players 2)
              (equipment {{ (board (square 3)) (piece "King" Each) (piece "Rook" Each) }})
              (rules (start {{ (place "King1" 0) {rook} }})
                (play (if (is Mover P1)
                    (do (forEach Piece "King" (move Step (to if:(is Empty (to))))) ifAfterwards:{keep})
                    (forEach Piece "Rook"
                        (move Slide Orthogonal (to if:(is Enemy (who at:(to))) (apply (remove (to))))))))
                (end (if (no Moves Mover) (result Mover Loss)))))"#
        );
        let game = Game::load("check", &text, &Selections::default()).expect("loads");
        crate::engine::legal_targets(&game, &game.initial_state())
    }

    /// Along random games of games whose moves are kept only where the king is then not
    /// threatened, the pieces that cannot reach a site are not asked ([`GameDef::may_reach`])
    /// and the engine without that lists the same moves at every step.
    #[test]
    fn reach_tables_keep_every_threat() {
        use rand::{Rng, SeedableRng};
        let dir = "board/war/replacement/checkmate";
        for path in [
            format!("{dir}/chess/Chess.lud"),
            format!("{dir}/shogi/Shogi.lud"),
            format!("{dir}/xiangqi/Xiangqi.lud"),
            format!("{dir}/chaturanga/Shatranj.lud"),
            format!("{dir}/chess/Spartan Chess.lud"),
        ] {
            let fast = crate::engine::corpus_game(&path, &Selections::default());
            let mut slow: Game = crate::engine::corpus_game(&path, &Selections::default());
            slow.inner.fast_forms = false;
            let mut rng = rand::rngs::StdRng::seed_from_u64(5);
            let mut plies = 0;
            for _ in 0..6 {
                let mut s = fast.initial_state();
                for _ in 0..150 {
                    let moves = fast.legal_moves(&s);
                    assert_eq!(moves, slow.legal_moves(&s), "{path}: {}", fast.state_text(&s));
                    if moves.is_empty() || s.is_over() {
                        break;
                    }
                    fast.apply(&mut s, &moves[rng.gen_range(0..moves.len())]);
                    plies += 1;
                }
            }
            assert!(plies > 300, "{path}: {plies} plies played");
            assert!(
                fast.inner.reach.get().is_some_and(|t| t.iter().any(Option::is_some)),
                "{path}: tabled"
            );
        }
    }

    #[test]
    fn a_king_may_not_step_where_an_enemy_moves() {
        let safe = r#"(not (is Threatened (id "King" Mover)))"#;
        assert_eq!(king_steps(safe, true), [1], "the rook sweeps its row: 3 and 4");
        assert_eq!(king_steps(safe, false), [1, 3, 4], "nothing threatens");
        // the threat asked of one site
        // (no step: the engine's forced pass, to no site)
        let none = [-1];
        assert_eq!(
            king_steps(r#"(not (is Threatened (id "King" Mover) at:4))"#, true),
            none
        );
        assert_eq!(king_steps(r#"(is Threatened (id "King" Mover) at:2)"#, true), [1, 3, 4]);
        // of every piece on the board (the king steps to empty sites only: no threat to the rook)
        assert_eq!(king_steps("(not (is Threatened))", true), [1]);
        assert_eq!(king_steps("(is Threatened)", true), [3, 4]);
    }
}
