//! How a playout ended: what the playout forms, the engine's own playouts and their
//! callers report (a module of its own, below the rules: the forms do not import the
//! playouts that call them).

/// How one playout ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Over, with this player (1-based) alone ranked 1.0.
    Win(usize),
    /// Over without a single winner (shared or no first rank).
    Draw,
    /// Stopped at the decision cap.
    Capped,
    /// Not over, yet no legal move (the engine should have offered a forced pass).
    Stuck,
}

/// One playout's result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutResult {
    /// How it ended.
    pub outcome: Outcome,
    /// Decisions taken.
    pub length: usize,
}

/// The outcome of a finished game from its ranking (index 0 unused): the player alone ranked
/// 1.0 wins; anything else is a draw.
pub fn outcome_of(ranking: &[f64]) -> Outcome {
    let firsts: Vec<usize> = (1..ranking.len()).filter(|&p| ranking[p] == 1.0).collect();
    match firsts[..] {
        [p] => Outcome::Win(p),
        _ => Outcome::Draw,
    }
}
