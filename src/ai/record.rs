//! Canonical move texts and game records.
//!
//! A position's *choices* are its legal moves deduplicated by resulting state text (the
//! engine may list a move twice, or two moves may lead to the same position). Each choice is
//! named by [`Game::move_text`] (`C3-E5`, `C3`, `pass`); when several choices share that text
//! they are told apart by a suffix `#k` (1-based), numbering them in the order of their diff
//! texts (`Game::diff_text` from the position), e.g. `C3-E5#1`, `C3-E5#2`. The name depends
//! only on the position and the outcomes, so it is stable across engine move orders.

use crate::engine::{Game, State};
use serde::{Deserialize, Serialize};

/// One distinct outcome of a position.
#[derive(Clone, Debug)]
pub struct Choice {
    /// The canonical text (unique within the position).
    pub text: String,
    /// `Game::move_text` of the move (shared by the `#k` variants).
    pub base: String,
    /// The first index in `Game::legal_moves` giving this outcome.
    pub index: usize,
    /// The position after the move.
    pub after: State,
}

/// The distinct choices of a position, in the engine's order of their first move.
pub fn choices(game: &Game, state: &State) -> Vec<Choice> {
    let mut out: Vec<(Choice, String)> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (i, mv) in game.legal_moves(state).iter().enumerate() {
        let mut after = state.clone();
        game.apply(&mut after, mv);
        if !seen.insert(game.state_text(&after)) {
            continue;
        }
        let base = game.move_text(mv);
        let diff = game.diff_text(state, &after);
        out.push((
            Choice {
                text: base.clone(),
                base,
                index: i,
                after,
            },
            diff,
        ));
    }
    let bases: Vec<String> = out.iter().map(|(c, _)| c.base.clone()).collect();
    for base in bases.iter().collect::<std::collections::HashSet<_>>() {
        let mut group: Vec<usize> = (0..out.len()).filter(|&k| out[k].0.base == *base).collect();
        if group.len() < 2 {
            continue;
        }
        group.sort_by(|&a, &b| out[a].1.cmp(&out[b].1));
        for (k, &g) in group.iter().enumerate() {
            out[g].0.text = format!("{}#{}", base, k + 1);
        }
    }
    out.into_iter().map(|(c, _)| c).collect()
}

/// The canonical text of the legal move with index `index`.
pub fn canonical_text(game: &Game, state: &State, index: usize) -> String {
    let mv = &game.legal_moves(state)[index];
    let mut after = state.clone();
    game.apply(&mut after, mv);
    let text = game.state_text(&after);
    choices(game, state)
        .into_iter()
        .find(|c| game.state_text(&c.after) == text)
        .map(|c| c.text)
        .expect("every legal move has a choice")
}

/// A game record (JSON).
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct Record {
    /// The description file, as given.
    pub file: String,
    #[serde(default)]
    pub options: Vec<String>,
    #[serde(default)]
    pub ruleset: Option<String>,
    /// The seed of the session that played it (agents' randomness), if any.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Who played each seat (informative).
    #[serde(default)]
    pub players: Vec<String>,
    /// The moves, as canonical texts.
    pub moves: Vec<String>,
    /// The announced result, if the game ended (informative).
    #[serde(default)]
    pub result: Option<String>,
}

impl Record {
    pub fn selections(&self) -> crate::expand::Selections {
        crate::expand::Selections {
            options: self.options.clone(),
            ruleset: self.ruleset.clone(),
        }
    }

    /// Replay the moves from the initial state, checking each is legal. Returns every
    /// position (the initial one first), or the first illegal move.
    pub fn replay(&self, game: &Game) -> Result<Vec<State>, String> {
        let mut states = vec![game.initial_state()];
        for (ply, text) in self.moves.iter().enumerate() {
            let state = states.last().expect("non-empty");
            if state.is_over() {
                return Err(format!("move {} `{text}`: the game is already over", ply + 1));
            }
            let cs = choices(game, state);
            let Some(c) = cs.into_iter().find(|c| c.text == *text) else {
                return Err(format!("move {} `{text}` is not legal", ply + 1));
            };
            states.push(c.after);
        }
        Ok(states)
    }
}
