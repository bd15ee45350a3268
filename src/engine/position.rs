//! Setting up positions (for tests, puzzles and analysis) and finding moves by their text.

use super::api::{Game, Move, State};
use super::state::{MoveRecord, Piece};
use smallvec::SmallVec;

impl Game {
    /// A position on an otherwise empty board: the state after the start rules (scores,
    /// variables), with every site emptied, then `pieces` placed, `mover` to move.
    ///
    /// See [`Game::position_on`] for the meaning of `pieces` and what else is reset.
    pub fn position(&self, pieces: &[(&str, &[&str])], mover: usize) -> Result<State, String> {
        let mut base = self.initial_state();
        base.inner.sites.iter_mut().for_each(|s| s.clear());
        self.position_on(&base, pieces, mover)
    }

    /// A position derived from `base` (e.g. [`Game::initial_state`] for games whose start
    /// rules fill the board): the content of every listed site is replaced, the other sites
    /// are kept, and `mover` is to move.
    ///
    /// `pieces` lists `(site label, component names from the bottom of the stack up)`, e.g.
    /// `("C3", &["Disc1", "Disc2"])`; an empty list empties the site. Each piece belongs to its
    /// component's owner. Flat (non-stacking) games allow at most one piece per site.
    ///
    /// The new position has no past, as right after the start rules: the move history holds
    /// only a start-rules record (so the previous move was no pass), pending sites and
    /// remembered values are cleared, and the game is not over. Scores and variables are kept from `base` (set
    /// them with [`State::set_score`]).
    pub fn position_on(&self, base: &State, pieces: &[(&str, &[&str])], mover: usize) -> Result<State, String> {
        let g = &self.inner;
        if mover == 0 || mover > self.num_players() {
            return Err(format!("no player {mover}"));
        }
        let mut s = base.inner.clone();
        for (label, stack) in pieces {
            let site = g
                .board
                .site_of_label(label)
                .ok_or_else(|| format!("no site labelled {label}"))? as usize;
            if !g.ir.stacking && stack.len() > 1 {
                return Err(format!("{label}: this game does not stack pieces"));
            }
            let mut new = SmallVec::new();
            for name in stack.iter() {
                let what = (1..g.ir.components.len())
                    .find(|&i| g.ir.components[i].name == *name)
                    .ok_or_else(|| format!("no component named {name}"))?;
                new.push(Piece {
                    what: what as u16,
                    who: g.ir.components[what].owner,
                    count: 1,
                    ..Piece::default()
                });
            }
            s.sites[site] = new;
        }
        s.sync_all();
        s.mover = mover as u8;
        s.next = g.next_after(s.mover, &s);
        s.prev = if mover == 1 { g.num_players } else { mover as u8 - 1 };
        // No past but one start-rules record (mover 0), as after the start rules: the previous
        // move was no pass.
        s.history.clear();
        s.history.push(MoveRecord::start(-1));
        s.history_truncated = false;
        s.pending.clear();
        s.remembered.clear();
        s.stalemated = 0;
        s.over = false;
        s.ranking.iter_mut().for_each(|r| *r = 0.0);
        Ok(self.started(State::of(s)))
    }

    /// The legal moves whose [`Game::move_text`] is `text` (`"C3-E5"`, `"C3"`, `"pass"`),
    /// in the order of [`Game::legal_moves`] (several moves may share a text).
    pub fn find_move(&self, state: &State, text: &str) -> Vec<Move> {
        self.legal_moves(state)
            .into_iter()
            .filter(|m| self.move_text(m) == text)
            .collect()
    }
}

impl State {
    /// The score of `player` (1-based).
    pub fn score(&self, player: usize) -> i32 {
        self.inner.scores.get(player).copied().unwrap_or(0)
    }

    /// Set the score of `player` (1-based), e.g. to match a position set up by hand.
    pub fn set_score(&mut self, player: usize, value: i32) {
        if let Some(s) = self.inner.scores.get_mut(player) {
            *s = value;
        }
    }
}
