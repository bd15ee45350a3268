//! Matches (`(match ..)`, Ludii's `Match`): subgames played in turn, each a game of its own,
//! until the match's end rules end it.
//!
//! A match's [`super::Game`] is its first subgame's game, with a [`MatchDef`]: the match's
//! own context (Ludii's match context: its players and end rules, its scores the match
//! scores) and the subgames after the first. Its [`State`] is the position of the subgame
//! played, with a [`Round`]: which subgame it is, and the context's own state. While a
//! subgame is played, its own rules give the moves and apply them. Once it is over, the one
//! legal move is Ludii's move to the next subgame ([`Action::NextInstance`], by the
//! subgame's last mover): it adds the subgame's result to each player's match score, reads
//! the match's end rules, and, unless they end the match, starts the next subgame (its
//! `next:`, or the one after in order). A match is over when its context is.

use super::game::{Cache, GameDef};
use super::moves::{Action, MoveData};
use super::state::{Round, State, StateData};
use crate::ir::{EndResult, Outcome, Role, SubgameIr};

/// The most subgames a match plays: one whose end rules never end it (no subgame scores)
/// ends there, a draw.
pub const MAX_SUBGAMES: u32 = 10_000;

/// A match's rules beyond its first subgame's.
#[derive(Debug)]
pub(crate) struct MatchDef {
    /// The match's own context: its players, its end rules.
    pub(super) context: GameDef,
    /// The subgames after the first, each a game's rules (the first is the match game's own).
    pub(super) rest: Vec<GameDef>,
    /// Each subgame's name, option, next subgame and result, in order.
    pub(super) subgames: Vec<SubgameIr>,
}

impl MatchDef {
    pub(super) fn new(context: GameDef, rest: Vec<GameDef>, subgames: Vec<SubgameIr>) -> MatchDef {
        MatchDef {
            context,
            rest,
            subgames,
        }
    }

    /// The rules of the subgame `state` plays (`first`: the first subgame's).
    #[inline]
    pub(super) fn rules<'a>(&'a self, first: &'a GameDef, state: &State) -> &'a GameDef {
        self.subgame(first, state.round.as_deref().map_or(0, |r| r.subgame))
    }

    /// The rules of subgame `i` (`first`: the first subgame's).
    fn subgame<'a>(&'a self, first: &'a GameDef, i: usize) -> &'a GameDef {
        match i {
            0 => first,
            i => &self.rest[i - 1],
        }
    }

    /// A match's first state: the first subgame's, at the match's start.
    pub(super) fn start(&self, mut first: State) -> State {
        first.round = Some(Box::new(Round {
            subgame: 0,
            context: self.context.initial_state().inner,
            played: 0,
            decisions: 0,
        }));
        first
    }

    /// The move to the next subgame, when the subgame played is over and the match is not
    /// (None: a subgame is being played, or the match is over).
    pub(super) fn next_instance(state: &State) -> Option<Option<super::api::Move>> {
        let round = state.round.as_deref()?;
        if !state.inner.over {
            return None;
        }
        if round.context.over {
            return Some(None);
        }
        let mut mv = MoveData::EMPTY;
        mv.mover = state.inner.mover;
        mv.actions.push(Action::NextInstance);
        Some(Some(super::api::Move { inner: mv }))
    }

    /// The move to the next subgame applied: the subgame's result added to the match
    /// scores, the match's end rules read, and unless they end it, the next subgame started
    /// (its chance drawn on from the last subgame's).
    pub(super) fn advance(&self, first: &GameDef, state: &mut State) {
        let Some(round) = state.round.as_deref_mut() else {
            return;
        };
        let n = self.context.num_players as usize;
        let spec = &self.subgames[round.subgame];
        let sub = &state.inner;
        // Ludii's match context reads a result in the subgame's: its scores and players
        let proxy = |c: &StateData| {
            let mut p = c.clone();
            p.scores.clone_from(&sub.scores);
            (p.mover, p.next, p.prev) = (sub.mover, sub.next, sub.prev);
            p
        };
        let rank = |p: usize| sub.ranking.get(p).copied().unwrap_or(0.0);
        for p in 1..=n {
            let won = sub.over && rank(p) == 1.0;
            let add = match &spec.result {
                Some(f) if won => {
                    let s = proxy(&round.context);
                    let cache = Cache::fresh();
                    self.context.int(f, &self.context.ctx(&s, &cache))
                }
                // Ludii's defaults: a point to each winner of more than two; with two, two
                // less the rank (a draw scores 1 each); alone, a point for a win
                _ if n > 2 => i32::from(won),
                _ if n == 2 => 2 - rank(p) as i32,
                _ => i32::from(won),
            };
            if let Some(score) = round.context.scores.get_mut(p) {
                *score = score.saturating_add(add);
            }
        }
        round.played += 1;
        round.context.trials = round.played;
        let rules = self.context.ir.end.as_slice();
        self.context.end_rules_of(&mut round.context, rules);
        if !round.context.over && round.played >= MAX_SUBGAMES {
            let draw = EndResult::Result(Role::All, Outcome::Draw);
            self.context.apply_result(&mut round.context, &draw, &mut 0);
        }
        // the move to the next subgame is a decision; the subgame's own are counted in the
        // state while it is shown (once the match is over), then in the round
        round.decisions = round.decisions.saturating_add(1);
        if round.context.over {
            return;
        }
        round.decisions = round.decisions.saturating_add(state.inner.num_decisions);
        let count = self.subgames.len();
        let next = match &spec.next {
            Some(f) => {
                let cache = Cache::fresh();
                let i = self.context.int(f, &self.context.ctx(&round.context, &cache));
                i.rem_euclid(count as i32) as usize
            }
            None => (round.subgame + 1) % count,
        };
        round.subgame = next;
        let rules = self.subgame(first, next);
        let chance = super::game::StartChance::seeded(state.inner.chance);
        state.inner = rules.start_state(chance).inner;
    }
}
