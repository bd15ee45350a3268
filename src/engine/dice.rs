//! Dice (Ludii's `Dice` container, `Roll`, `UpdateDice`, `SetDiceAllEqual`): each
//! die is a piece of its own on a site of its container, whose local state is the index of
//! the face shown; the values still available, their sums and whether the last roll was a
//! double are kept beside the position (they are not in Ludii's state text).
//!
//! A roll's faces come from the state ([`StateData::chance`], moved on by every move, so
//! the same state always gives the same moves), or from faces given for the next roll
//! ([`StateData::next_roll`]: a replay of Ludii's trace gives Ludii's).

use super::game::{Ctx, GameDef};
use super::moves::{Action, MoveData};
use super::state::{Piece, SplitMix64, StateData};
use crate::ir::{BoolFn, Moves};
use smallvec::SmallVec;

impl GameDef {
    /// The die at `site`, by its index over every dice container (`None` for another site).
    pub(super) fn die_at(&self, site: i32) -> Option<usize> {
        let mut before = 0;
        for k in &self.ir.dice {
            let from = *self.container_from.get(k.container)? as i32;
            let n = k.faces.len() as i32;
            if (from..from + n).contains(&site) {
                return Some(before + (site - from) as usize);
            }
            before += n as usize;
        }
        None
    }

    /// The faces of die `j` (over every container).
    /// The number of dice, over every container.
    pub(super) fn num_dice(&self) -> usize {
        self.ir.dice.iter().map(|k| k.faces.len()).sum()
    }

    /// The number of faces of die `j` (over every container).
    pub(super) fn num_faces(&self, j: usize) -> usize {
        self.faces(j).len()
    }

    pub(super) fn faces(&self, j: usize) -> &[i32] {
        self.ir
            .dice
            .iter()
            .flat_map(|k| k.faces.iter())
            .nth(j)
            .map_or(&[], |f| &f[..])
    }

    /// The sites of the dice, in order over every container.
    pub(super) fn die_sites(&self) -> impl Iterator<Item = u32> + '_ {
        self.ir.dice.iter().flat_map(move |k| {
            let from = self.container_from.get(k.container).copied().unwrap_or(0);
            (0..k.faces.len() as u32).map(move |i| from + i)
        })
    }

    /// The dice before the start rules: each die on its site showing its first face, whose
    /// value is available (Ludii's `currentDice`), no roll yet.
    pub(super) fn place_dice(&self, s: &mut StateData, chance: &mut super::game::StartChance) {
        for k in &self.ir.dice {
            let from = self.container_from.get(k.container).copied().unwrap_or(0);
            for (i, faces) in k.faces.iter().enumerate() {
                let (site, what, who) = (from + i as u32, k.first_component + i as u16, self.num_players + 1);
                if let Some(st) = s.stack_mut(site as usize) {
                    st.clear();
                    st.push(Piece {
                        what,
                        who,
                        count: 1,
                        ..Piece::default()
                    });
                    // (a start move of Ludii's, though not one of our history)
                    chance.note(Action::Add {
                        site,
                        what,
                        who,
                        count: 1,
                        state: -1,
                    });
                }
                s.dice.push(faces.first().copied().unwrap_or(0));
            }
            s.dice_sums
                .push(k.faces.iter().map(|f| f.first().copied().unwrap_or(0)).sum());
        }
    }

    /// The face index of every die, in order, that a roll from the generator state `chance`
    /// draws (as Ludii draws them, die after die), and the generator's state after.
    pub(super) fn draw_roll(&self, chance: u64) -> (SmallVec<[u8; 4]>, u64) {
        let mut rng = SplitMix64(chance);
        let faces = (0..self.die_sites().count())
            .map(|j| rng.below(self.faces(j).len().max(1) as u32) as u8)
            .collect();
        (faces, rng.0)
    }

    /// `(roll)`: one move rolling every die in order, then telling whether they all show
    /// the same face index: the faces set for the next roll where there are (a replay of a
    /// record), else those the state's generator draws (applying the roll moves the
    /// generator on, [`Self::act_dice`]).
    pub(super) fn gen_roll(&self, c: &Ctx, out: &mut Vec<MoveData>) {
        let s = c.s;
        let actions = self.push_move(out, c, -1, -1);
        let mut first = None;
        let mut equal = true;
        let (drawn, _) = self.draw_roll(s.chance);
        for (j, site) in self.die_sites().enumerate() {
            let n = self.faces(j).len().max(1);
            let index = match s.next_roll.get(j) {
                Some(&i) => (i as usize).min(n - 1),
                None => drawn[j] as usize,
            } as u8;
            equal &= *first.get_or_insert(index) == index;
            actions.push(Action::UpdateDie { site, index });
        }
        actions.push(Action::DiceRolled { equal });
    }

    /// The effect of a dice action on `s`.
    pub(super) fn act_dice(&self, s: &mut StateData, a: &Action) {
        match *a {
            Action::UpdateDie { site, index } => {
                let Some(j) = self.die_at(site as i32) else { return };
                if let Some(p) = s.stack_mut(site as usize).and_then(|st| st.last_mut()) {
                    p.state = index as i32;
                }
                let value = self.faces(j).get(index as usize).copied().unwrap_or(0);
                if let Some(v) = s.dice.get_mut(j) {
                    *v = value;
                }
            }
            Action::DiceRolled { equal } => {
                s.dice_equal = equal;
                s.chance = self.draw_roll(s.chance).1;
                let mut j = 0;
                for (k, dice) in self.ir.dice.iter().enumerate() {
                    let n = dice.faces.len();
                    let sum = s.dice.get(j..j + n).map_or(0, |v| v.iter().sum());
                    if let Some(x) = s.dice_sums.get_mut(k) {
                        *x = sum;
                    }
                    j += n;
                }
            }
            Action::UseDie(j) => {
                if let Some(v) = s.dice.get_mut(j as usize) {
                    *v = 0;
                }
            }
            _ => {}
        }
    }

    /// `(forEach Die [replayDouble:B] [if:C] M)`: for each die of the first container, with
    /// its value still available as `(pips)` (the context's value), where C holds, M's moves,
    /// each followed by the use of the die and, with `replayDouble:`, Ludii's bookkeeping of
    /// a double in `(var)`: the first use of a double keeps its value there, a later use
    /// that is no longer a double shows it again on every die (so the double is played
    /// twice), the third forgets it.
    pub(super) fn gen_for_each_die(
        &self,
        replay_double: Option<&BoolFn>,
        cond: Option<&BoolFn>,
        body: &Moves,
        c: &Ctx,
        out: &mut Vec<MoveData>,
    ) {
        let n = self.ir.dice.first().map_or(0, |k| k.faces.len());
        let values: SmallVec<[i32; 8]> = c.s.dice.iter().take(n).copied().collect();
        let double = replay_double.is_some_and(|b| self.boolean(b, c)) && values.iter().all(|&v| v == values[0]);
        let temp = c.s.var;
        let cond = self.cond(cond);
        for (j, &pips) in values.iter().enumerate() {
            let mut c2 = *c;
            c2.value = pips;
            if !cond.holds(self, &c2) {
                continue;
            }
            let start = out.len();
            self.gen(body, &mut c2, out);
            for mv in &mut out[start..] {
                mv.actions.push(Action::UseDie(j as u16));
                if double {
                    mv.actions.push(Action::SetVar(if temp == -1 { pips } else { -1 }));
                } else if temp != -1 {
                    for (d, site) in self.die_sites().enumerate() {
                        if temp >= 1 && temp - 1 < self.faces(d).len() as i32 {
                            mv.actions.push(Action::UpdateDie {
                                site,
                                index: (temp - 1) as u8,
                            });
                        }
                    }
                }
            }
        }
    }

    /// `(forEach Die combined:True ..)`'s moves after those of each die: the body for the
    /// sum of two dice, or of three dice and then of each pair of them, where none is used
    /// yet (shows 0), each move using those dice (Ludii combines no more than three).
    pub(super) fn gen_dice_combined(&self, cond: Option<&BoolFn>, body: &Moves, c: &Ctx, out: &mut Vec<MoveData>) {
        let n = self.ir.dice.first().map_or(0, |k| k.faces.len());
        let values: SmallVec<[i32; 8]> = c.s.dice.iter().take(n).copied().collect();
        let combos: &[&[usize]] = match values.len() {
            2 => &[&[0, 1]],
            3 => &[&[0, 1, 2], &[0, 1], &[0, 2], &[1, 2]],
            _ => &[],
        };
        let cond = self.cond(cond);
        for dice in combos {
            if dice.iter().any(|&j| values[j] == 0) {
                continue;
            }
            let mut c2 = *c;
            c2.value = dice.iter().map(|&j| values[j]).sum();
            if !cond.holds(self, &c2) {
                continue;
            }
            let start = out.len();
            self.gen(body, &mut c2, out);
            for mv in &mut out[start..] {
                mv.actions.extend(dice.iter().map(|&j| Action::UseDie(j as u16)));
            }
        }
    }

    /// After every move: each container's sum is that of the faces its dice show (Ludii
    /// recomputes `sumDice` so), and the next roll is drawn anew.
    pub(super) fn after_move_dice(&self, s: &mut StateData) {
        let mut sites = self.die_sites();
        for (k, dice) in self.ir.dice.iter().enumerate() {
            let mut sum = 0;
            for faces in &dice.faces {
                let Some(site) = sites.next() else { break };
                let index = s.stack(site as usize).and_then(|st| st.last()).map_or(0, |p| p.state);
                sum += faces.get(index.max(0) as usize).copied().unwrap_or(0);
            }
            if let Some(x) = s.dice_sums.get_mut(k) {
                *x = sum;
            }
        }
        s.next_roll.clear();
    }

    /// After a roll that left the mover no move (the forced pass of a `(do (roll) ..)`),
    /// Ludii's generator has drawn one roll more by the next decision (its stored trials
    /// show it in every such case): ours moves on by as many draws, so that the next roll
    /// is Ludii's.
    pub(super) fn after_roll_in_vain(&self, s: &mut StateData, m: &MoveData) {
        let rolled = m.actions.iter().any(|a| matches!(a, Action::DiceRolled { .. }));
        if rolled && m.actions.iter().any(|a| matches!(a, Action::Pass { forced: true })) {
            s.chance = self.draw_roll(s.chance).1;
        }
    }

    /// `(count Pips who)`: the sum of the first dice container of `who`, else 0.
    pub(super) fn count_pips(&self, s: &StateData, who: i32) -> i32 {
        self.ir
            .dice
            .iter()
            .position(|k| {
                self.ir
                    .containers
                    .get(k.container)
                    .is_some_and(|x| x.owner as i32 == who)
            })
            .and_then(|k| s.dice_sums.get(k).copied())
            .unwrap_or(0)
    }

    /// `(face site)`: the face the die at `site` shows, -1 if none.
    pub(super) fn face(&self, s: &StateData, site: i32) -> i32 {
        let Some(j) = self.die_at(site) else { return -1 };
        match s.stack(site as usize).and_then(|st| st.last()) {
            Some(p) if p.state >= 0 => self.faces(j).get(p.state as usize).copied().unwrap_or(-1),
            _ => -1,
        }
    }

    /// `(is AnyDie v)`: a die of the first container has `v` available.
    pub(super) fn any_die(&self, s: &StateData, v: i32) -> bool {
        let n = self.ir.dice.first().map_or(0, |k| k.faces.len());
        s.dice.iter().take(n).any(|&x| x == v)
    }

    /// The face indices of the next roll, read off Ludii's successors of a position (all
    /// share the roll): for each die, its site's entry in a successor's diff (`9=Die1~s3`:
    /// index 3; `9=Die1`: 0), else the index it shows now (rolled again to the same face).
    pub(super) fn observed_roll(&self, s: &StateData, successors: &[String]) -> Vec<u8> {
        self.die_sites()
            .map(|site| {
                let key = format!("{site}=");
                let seen = successors.iter().find_map(|d| {
                    let sites = d.split('|').next().unwrap_or("");
                    let entry = sites.split(' ').find_map(|e| e.strip_prefix(key.as_str()))?;
                    Some(match entry.split_once("~s") {
                        Some((_, rest)) => {
                            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
                            digits.parse().unwrap_or(0)
                        }
                        None => 0,
                    })
                });
                seen.unwrap_or_else(|| {
                    s.stack(site as usize)
                        .and_then(|st| st.last())
                        .map_or(0, |p| p.state.clamp(0, 255) as u8)
                })
            })
            .collect()
    }
}
