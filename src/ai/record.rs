//! Canonical move texts and game records.
//!
//! A position's *choices* are its legal moves, named by [`Game::move_text`] (`C3-E5`, `C3`,
//! `pass`). Moves that share that text are told apart by what they do: those that lead to the
//! same position are one choice (the engine may list a move twice), the others get a suffix
//! `#k` (1-based), numbering them in the order of their diff texts (`Game::diff_text` from the
//! position), e.g. `C3-E5#1`, `C3-E5#2`. The name depends only on the position and the
//! outcomes, so it is stable across engine move orders.
//!
//! Only moves that share a text are played out to tell them apart, and no position is kept:
//! listing the choices costs one move text per legal move plus one application per move whose
//! text is shared, so it stays cheap on boards with thousands of moves.

use crate::engine::{Game, State};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;

/// One distinct outcome of a position.
#[derive(Clone, Debug)]
pub struct Choice {
    /// The canonical text (unique within the position).
    pub text: String,
    /// `Game::move_text` of the move (shared by the `#k` variants).
    pub base: String,
    /// The first index in `Game::legal_moves` giving this outcome.
    pub index: usize,
}

impl Choice {
    /// The position after this choice.
    pub fn after(&self, game: &Game, state: &State) -> State {
        after(game, state, self.index)
    }
}

fn after(game: &Game, state: &State, index: usize) -> State {
    let mut next = state.clone();
    let moves = game.legal_moves(state);
    game.apply(&mut next, &moves[index]);
    next
}

/// The distinct choices of a position, in the engine's order of their first move.
pub fn choices(game: &Game, state: &State) -> Vec<Choice> {
    let moves = game.legal_moves(state);
    let bases: Vec<String> = moves.iter().map(|mv| game.move_text(mv)).collect();
    let mut groups: HashMap<&str, Vec<usize>> = HashMap::new();
    for (i, b) in bases.iter().enumerate() {
        groups.entry(b.as_str()).or_default().push(i);
    }
    // the text of each kept move; `None` for a move that repeats an earlier one's outcome
    let mut texts: Vec<Option<String>> = bases.iter().map(|b| Some(b.clone())).collect();
    for (base, group) in &groups {
        if group.len() < 2 {
            continue;
        }
        let mut seen: HashMap<String, ()> = HashMap::new();
        let mut kept: Vec<(String, usize)> = Vec::new();
        for &i in group {
            let mut next = state.clone();
            game.apply(&mut next, &moves[i]);
            if seen.insert(game.state_text(&next), ()).is_some() {
                texts[i] = None;
                continue;
            }
            kept.push((game.diff_text(state, &next), i));
        }
        if kept.len() < 2 {
            continue;
        }
        kept.sort();
        for (k, (_, i)) in kept.iter().enumerate() {
            texts[*i] = Some(format!("{base}#{}", k + 1));
        }
    }
    texts
        .into_iter()
        .zip(bases)
        .enumerate()
        .filter_map(|(index, (text, base))| text.map(|text| Choice { text, base, index }))
        .collect()
}

/// The choice that the legal move with index `index` makes, among `cs` (the position's
/// [`choices`]).
pub fn choice_of<'c>(game: &Game, state: &State, cs: &'c [Choice], index: usize) -> Option<&'c Choice> {
    if let Some(c) = cs.iter().find(|c| c.index == index) {
        return Some(c);
    }
    // a move that repeats an earlier one: the choice with its text and its outcome
    let base = game.move_text(game.legal_moves(state).get(index)?);
    let text = game.state_text(&after(game, state, index));
    cs.iter()
        .filter(|c| c.base == base)
        .find(|c| game.state_text(&c.after(game, state)) == text)
}

/// The canonical text of the legal move with index `index`.
pub fn canonical_text(game: &Game, state: &State, index: usize) -> String {
    let cs = choices(game, state);
    choice_of(game, state, &cs, index)
        .map(|c| c.text.clone())
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

    /// Replay the moves from the initial state, checking that each is legal and that the
    /// record's `result`, if it gives one, is the result the moves reach. Calls `visit` with
    /// each position in turn (ply 0, the initial one, first) and returns the last one, or
    /// what is wrong. Only the current position is kept, so memory does not grow with the
    /// length of the game.
    pub fn replay_each(&self, game: &Game, mut visit: impl FnMut(usize, &State)) -> Result<State, String> {
        let mut state = game.initial_state();
        visit(0, &state);
        for (ply, text) in self.moves.iter().enumerate() {
            if state.is_over() {
                return Err(format!("move {} `{text}`: the game is already over", ply + 1));
            }
            let cs = choices(game, &state);
            let Some(c) = cs.iter().find(|c| c.text == *text) else {
                return Err(format!("move {} `{text}` is not legal", ply + 1));
            };
            state = c.after(game, &state);
            visit(ply + 1, &state);
        }
        if let Some(claimed) = &self.result {
            let reached = crate::ai::result_text(&state, game.num_players());
            if *claimed != reached {
                return Err(format!(
                    "the record's result is `{claimed}`, but its moves give `{reached}`"
                ));
            }
        }
        Ok(state)
    }

    /// Replay the whole record ([`Record::replay_each`]) and return the last position.
    pub fn replay(&self, game: &Game) -> Result<State, String> {
        self.replay_each(game, |_, _| {})
    }
}
