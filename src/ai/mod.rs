//! Agents that play games through the engine's public API: random and UCT (MCTS), plus the
//! canonical move texts and game records that the command line uses.

mod mcts;
pub mod record;

pub use mcts::{MctsAgent, MctsConfig};

use crate::engine::{Game, State};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A player: picks one of the legal moves of a position that is not over.
pub trait Agent {
    /// A short name for listings ("random", "mcts").
    fn name(&self) -> String;
    /// An index into `game.legal_moves(state)` (which must not be empty).
    fn choose(&mut self, game: &Game, state: &State) -> usize;
}

/// Picks uniformly among the legal moves (duplicates included), from a seeded ChaCha8.
pub struct RandomAgent {
    rng: ChaCha8Rng,
}

impl RandomAgent {
    pub fn new(seed: u64) -> RandomAgent {
        RandomAgent {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Agent for RandomAgent {
    fn name(&self) -> String {
        "random".into()
    }

    fn choose(&mut self, game: &Game, state: &State) -> usize {
        let n = game.legal_moves(state).len();
        assert!(n > 0, "no legal move");
        self.rng.gen_range(0..n)
    }
}

/// Each player's reward in [0, 1] from Ludii's ranking: rank 1 (the best) is 1, the last rank
/// is 0, shared ranks in between (a two-player draw, both ranked 1.5, is 0.5). A game that is
/// not over (a capped playout) is 0.5 for everyone.
pub fn rewards(state: &State, num_players: usize) -> Vec<f64> {
    let mut out = vec![0.5; num_players + 1];
    out[0] = 0.0;
    let ranking = state.ranking();
    if !state.is_over() || num_players < 2 || ranking.len() <= num_players {
        return out;
    }
    for (p, slot) in out.iter_mut().enumerate().skip(1) {
        let r = ranking[p];
        if r >= 1.0 {
            *slot = ((num_players as f64 - r) / (num_players as f64 - 1.0)).clamp(0.0, 1.0);
        }
    }
    out
}

/// The result of a finished game as a sentence: "Player 1 wins", "Draw", or the ranking.
pub fn result_text(state: &State, num_players: usize) -> String {
    if !state.is_over() {
        return "The game is not over".into();
    }
    let r = state.ranking();
    let ranks: Vec<f64> = (1..=num_players).map(|p| r.get(p).copied().unwrap_or(0.0)).collect();
    if ranks.iter().all(|&x| x == ranks[0]) {
        return "Draw".into();
    }
    let winners: Vec<usize> = (1..=num_players).filter(|&p| ranks[p - 1] == 1.0).collect();
    if winners.len() == 1 {
        return format!("Player {} wins", winners[0]);
    }
    let parts: Vec<String> = (1..=num_players).map(|p| format!("P{p}: {}", ranks[p - 1])).collect();
    format!("Ranking {}", parts.join(", "))
}

/// Build an agent from its name: `random` or `mcts`.
pub fn make_agent(kind: &str, seed: u64, config: MctsConfig) -> Option<Box<dyn Agent>> {
    match kind {
        "random" => Some(Box::new(RandomAgent::new(seed))),
        "mcts" => Some(Box::new(MctsAgent::new(seed, config))),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
