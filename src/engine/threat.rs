//! `(is Threatened ..)`: whether an enemy of a piece's owner could move to its site, as
//! Ludii asks it: the enemy's moves are generated (each enemy as the mover, the owner as the
//! previous player) and one ending at the site is looked for. While they are generated, a
//! threat asked again is false and an `ifAfterwards` that only asks for no threat is not
//! checked (Ludii's "auto fail" of the nested question), so the question never recurses.

use super::game::{Ctx, GameDef, Question};
use super::pool::{give_list, take_list};
use crate::ir::Threat;

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
    fn placed_at(&self, c: &Ctx, site: i32, what: i32, owner: u8) -> Option<super::state::StateData> {
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
