//! Simultaneous moves (`(mode Simultaneous)`, Ludii's `SimultaneousMove` model): at each
//! step every player still in the game moves, and their moves are applied together as one.
//!
//! Each player's moves are those the play of their phase gives whose mover they are (a move
//! names its player: `(move .. P1)`, `(move Bet P2 ..)`; one without a player is the state's
//! mover's, whose turn passes on as in any game), or a forced pass when there are none. A
//! legal move is a joint move: one move of each such player, in player order. It is listed
//! as one move ([`MoveData`]) whose actions are, for each player, an [`Action::Part`] naming
//! the player and how many consequents follow its actions, then that move's actions; its
//! consequents are each part's in turn, then those Ludii applies after all moves
//! (`applyAfterAllMoves:True`). Applied, each part runs (its actions, then its consequents)
//! in player order, then the consequents after all moves, then the end rules and the turn
//! as after any move.

use super::game::{Cache, GameDef};
use super::moves::{Action, MoveData};
use super::state::StateData;
use smallvec::SmallVec;

/// The most joint moves a step lists: past it, the combinations of the last players' moves
/// are left out.
pub const MAX_JOINT_MOVES: usize = 65_536;

impl GameDef {
    /// The joint moves of the step at `s`: every combination of one move per player in
    /// play, in player order.
    pub(super) fn joint_moves(&self, s: &StateData) -> Vec<MoveData> {
        let mut per: Vec<Vec<MoveData>> = Vec::new();
        for p in 1..=self.num_players {
            let cache = Cache::fresh();
            let mut c = self.ctx(s, &cache);
            let mut own = Vec::new();
            self.gen(self.play_of(p, s), &mut c, &mut own);
            own.retain(|m| m.mover == p);
            if own.is_empty() {
                if s.active >> p & 1 == 0 {
                    continue;
                }
                let mut pass = self.forced_pass(s);
                pass.mover = p;
                own.push(pass);
            }
            per.push(own);
        }
        if per.is_empty() {
            return Vec::new();
        }
        // every combination, the last player's move changing fastest
        let total = per
            .iter()
            .fold(1usize, |t, l| t.saturating_mul(l.len()))
            .min(MAX_JOINT_MOVES);
        let mut out = Vec::with_capacity(total);
        let mut pick = vec![0usize; per.len()];
        while out.len() < total {
            out.push(self.joint(s, per.iter().zip(&pick).map(|(l, &i)| &l[i])));
            let Some(j) = (0..pick.len()).rev().find(|&j| pick[j] + 1 < per[j].len()) else {
                break;
            };
            pick[j] += 1;
            pick[j + 1..].iter_mut().for_each(|x| *x = 0);
        }
        out
    }

    /// One move of each player joined into one.
    fn joint<'a>(&self, s: &StateData, parts: impl Iterator<Item = &'a MoveData>) -> MoveData {
        let mut joint = MoveData::EMPTY;
        joint.mover = s.mover;
        joint.forced = true;
        let mut after_all: SmallVec<[u32; 2]> = SmallVec::new();
        for m in parts {
            let (own, later): (SmallVec<[u32; 2]>, SmallVec<[u32; 2]>) = m
                .then
                .iter()
                .copied()
                .partition(|t| !self.ir.after_all_moves.contains(t));
            after_all.extend(later);
            joint.actions.push(Action::Part {
                mover: m.mover,
                thens: own.len() as u8,
            });
            joint.actions.extend_from_slice(&m.actions);
            joint.then.extend(own);
            joint.forced &= m.forced;
        }
        joint.then.extend(after_all);
        joint
    }

    /// A joint move applied: each part (its actions, then its consequents) in turn, then the
    /// consequents after all moves; the move stored once. False: `m` is not a joint move.
    pub(super) fn execute_joint(&self, s: &mut StateData, m: &MoveData, mut log: Option<&mut Vec<Action>>) -> bool {
        if !matches!(m.actions.first(), Some(Action::Part { .. })) {
            return false;
        }
        let mut thens = &m.then[..];
        for (mover, k, acts) in m.parts() {
            let k = k.min(thens.len());
            let mut part = MoveData::EMPTY;
            part.mover = mover;
            part.actions.extend_from_slice(acts);
            part.then.extend_from_slice(&thens[..k]);
            self.execute(s, &part, false, log.as_deref_mut());
            thens = &thens[k..];
        }
        if !thens.is_empty() {
            let mut top = MoveData::EMPTY;
            top.mover = s.mover;
            top.then.extend_from_slice(thens);
            self.execute(s, &top, false, log);
        }
        super::game::push_history(s, m.record());
        true
    }
}
