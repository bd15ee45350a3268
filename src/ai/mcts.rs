//! UCT: Monte Carlo tree search with uniformly random playouts.
//!
//! Each node keeps its position, its distinct legal moves (equal moves listed twice by the
//! engine are searched once) and the sum of every player's reward ([`super::rewards`]) over
//! the simulations through it. Simulations draw each move by [`Game::random_move`] (uniform
//! over the legal moves, without listing them where the engine can). Selection maximises the mean reward of the player to move
//! plus `c·sqrt(ln N / n)`. The final choice is the most visited child.
//!
//! Tree reuse: after a move, the agent keeps the subtree of the position it is next asked
//! about when that position is within two plies of its previous root (its own move and the
//! opponent's reply, if the search had expanded them); otherwise it starts afresh. Positions
//! are matched by state equality, so a reused subtree is always the right one.
//!
//! Hidden information: where the rules hide something from the mover, the agent searches
//! states the mover cannot tell from the real one (determinisations), so that its choice
//! depends only on what the mover sees ([`MctsAgent::analyse`]).
//!
//! Runs are deterministic for a seed with an iteration budget; a time budget depends on speed.

use super::{rewards, Agent};
use crate::engine::playout::{playout_on, Outcome};
use crate::engine::{Game, Move, State};
use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::time::{Duration, Instant};

/// How many states a search deciding under hidden information plays on (each a
/// determinisation of what the mover cannot see).
pub const DETERMINISATIONS: u32 = 8;

/// The search budget and parameters.
#[derive(Clone, Copy, Debug)]
pub struct MctsConfig {
    /// Simulations per decision (None: no bound; then `time` must be set).
    pub iterations: Option<u64>,
    /// Thinking time per decision.
    pub time: Option<Duration>,
    /// The exploration constant.
    pub exploration: f64,
    /// Playouts stop (scored as draws) after this many decisions from the node they start
    /// at: by default 200, as Ludii's UCT (`MCTS.createUCT`, whose `RandomPlayout(200)`
    /// ends a playout in a draw after 200 moves).
    pub max_playout: usize,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            iterations: Some(1000),
            time: None,
            exploration: std::f64::consts::SQRT_2,
            max_playout: 200,
        }
    }
}

struct Node {
    state: State,
    /// Whether the moves below are listed: a node's moves are listed when the search first
    /// comes back to it (most leaves of a wide tree are simulated from once and never
    /// expanded, so listing them when made would be wasted).
    listed: bool,
    /// The legal moves, in the engine's list.
    moves: Vec<Move>,
    /// The distinct ones: indices into `moves`.
    distinct: Vec<u32>,
    /// Indices into `moves` not yet expanded.
    untried: Vec<usize>,
    /// `(index into moves, node)`.
    children: Vec<(usize, usize)>,
    visits: f64,
    /// Reward sums by player (index 0 unused).
    total: Vec<f64>,
}

/// A UCT agent, seeded.
pub struct MctsAgent {
    config: MctsConfig,
    rng: Xoshiro256PlusPlus,
    nodes: Vec<Node>,
    root: Option<usize>,
    /// Simulations run for the last decision, and how many of the root's visits were reused.
    pub last_iterations: u64,
    pub last_reused: u64,
    /// The position a simulation plays on, kept between simulations so that each copies
    /// the leaf into its buffers instead of making new ones.
    scratch: Option<State>,
}

impl MctsAgent {
    pub fn new(seed: u64, config: MctsConfig) -> MctsAgent {
        MctsAgent {
            config,
            rng: Xoshiro256PlusPlus::seed_from_u64(seed),
            nodes: Vec::new(),
            root: None,
            last_iterations: 0,
            last_reused: 0,
            scratch: None,
        }
    }

    fn new_node(&mut self, game: &Game, state: State) -> usize {
        self.nodes.push(Node {
            state,
            listed: false,
            moves: Vec::new(),
            distinct: Vec::new(),
            untried: Vec::new(),
            children: Vec::new(),
            visits: 0.0,
            total: vec![0.0; game.num_players() + 1],
        });
        self.nodes.len() - 1
    }

    /// List node `n`'s moves, if not yet done.
    fn list(&mut self, game: &Game, n: usize) {
        let node = &mut self.nodes[n];
        if node.listed {
            return;
        }
        node.listed = true;
        if node.state.is_over() {
            return;
        }
        let moves = game.legal_moves(&node.state);
        // equal moves share their sites: only moves whose sites another move shares are
        // compared, with the moves kept so far
        let mut sites: Vec<(i32, i32)> = moves.iter().map(|m| (m.from_site(), m.to_site())).collect();
        sites.sort_unstable();
        let shared = |k: (i32, i32)| {
            let i = sites.partition_point(|&x| x < k);
            sites.get(i + 1) == Some(&k)
        };
        let mut distinct: Vec<u32> = Vec::with_capacity(moves.len());
        for (i, m) in moves.iter().enumerate() {
            if !shared((m.from_site(), m.to_site())) || !distinct.iter().any(|&k| moves[k as usize] == *m) {
                distinct.push(i as u32);
            }
        }
        node.untried = (0..distinct.len()).collect();
        node.moves = moves;
        node.distinct = distinct;
    }

    /// Find `state` within two plies of the current root; keep only that subtree.
    fn reuse(&mut self, state: &State) -> Option<usize> {
        let root = self.root?;
        let mut frontier = vec![root];
        for _ in 0..3 {
            if let Some(&hit) = frontier.iter().find(|&&n| self.nodes[n].state == *state) {
                return Some(self.compact(hit));
            }
            frontier = frontier
                .iter()
                .flat_map(|&n| self.nodes[n].children.iter().map(|&(_, c)| c))
                .collect();
        }
        None
    }

    /// Move the subtree under `keep` to a fresh arena; returns its new root (0).
    fn compact(&mut self, keep: usize) -> usize {
        let mut old: Vec<Option<Node>> = std::mem::take(&mut self.nodes).into_iter().map(Some).collect();
        let mut order = vec![keep];
        let mut i = 0;
        while i < order.len() {
            let n = order[i];
            if let Some(node) = &old[n] {
                order.extend(node.children.iter().map(|&(_, c)| c));
            }
            i += 1;
        }
        let mut new_index = vec![usize::MAX; old.len()];
        for (k, &n) in order.iter().enumerate() {
            new_index[n] = k;
        }
        for &n in &order {
            let mut node = old[n].take().expect("a tree, not a graph");
            for c in &mut node.children {
                c.1 = new_index[c.1];
            }
            self.nodes.push(node);
        }
        0
    }

    /// Run the search from `state` and return each distinct move's `(legal index, visits,
    /// mean reward for the mover)`, most visited first.
    ///
    /// Where the rules hide something from the mover, the agent decides from what the mover
    /// sees: it searches [`DETERMINISATIONS`] states the mover cannot tell from this one
    /// ([`Game::determinise`]), each with its share of the budget and a tree of its own,
    /// and adds up each move's visits and rewards over them (moves matched by their action
    /// id, the same move in every state).
    pub fn analyse(&mut self, game: &Game, state: &State) -> Vec<(usize, f64, f64)> {
        let mover = state.mover();
        if !game.has_hidden_info() || !(1..=game.num_players()).contains(&mover) || state.is_over() {
            return self.search(game, state, self.config);
        }
        let legal = game.legal_moves(state);
        let ids = game.action_ids(&legal);
        let k = DETERMINISATIONS as u64;
        let share = MctsConfig {
            iterations: self.config.iterations.map(|n| n.div_ceil(k).max(1)),
            time: self.config.time.map(|t| t / DETERMINISATIONS),
            ..self.config
        };
        // (visits, reward sum) by action id
        let mut by_id: std::collections::HashMap<usize, (f64, f64)> = std::collections::HashMap::new();
        let mut done = 0;
        for _ in 0..DETERMINISATIONS {
            let d = game.determinise(state, mover, &mut self.rng);
            self.root = None;
            let moves = game.legal_moves(&d);
            for (i, visits, mean) in self.search(game, &d, share) {
                if let Some(m) = moves.get(i) {
                    let e = by_id.entry(game.action_id_of(m)).or_default();
                    e.0 += visits;
                    e.1 += mean * visits;
                }
            }
            done += self.last_iterations;
        }
        self.root = None;
        self.last_iterations = done;
        self.last_reused = 0;
        let mut seen = std::collections::HashSet::new();
        let mut out: Vec<(usize, f64, f64)> = ids
            .iter()
            .enumerate()
            .filter(|(_, id)| seen.insert(**id))
            .map(|(i, id)| {
                let (v, t) = by_id.get(id).copied().unwrap_or_default();
                (i, v, t / v.max(1.0))
            })
            .collect();
        out.sort_by(|a, b| b.1.total_cmp(&a.1).then(b.2.total_cmp(&a.2)).then(a.0.cmp(&b.0)));
        out
    }

    /// The search from `state` itself, with `config`'s budget.
    fn search(&mut self, game: &Game, state: &State, config: MctsConfig) -> Vec<(usize, f64, f64)> {
        let root = match self.reuse(state) {
            Some(r) => r,
            None => {
                self.nodes.clear();
                self.new_node(game, state.clone())
            }
        };
        self.root = Some(root);
        self.last_reused = self.nodes[root].visits as u64;
        let start = Instant::now();
        let mut done = 0u64;
        let iterations = match (config.iterations, config.time) {
            (None, None) => Some(1000),
            (i, _) => i,
        };
        loop {
            if iterations.is_some_and(|n| done >= n) || config.time.is_some_and(|t| start.elapsed() >= t) {
                break;
            }
            self.iterate(game, root);
            done += 1;
        }
        self.last_iterations = done;
        let mover = state.mover();
        let node = &self.nodes[root];
        let mut out: Vec<(usize, f64, f64)> = node
            .children
            .iter()
            .map(|&(m, c)| {
                let ch = &self.nodes[c];
                (
                    node.distinct[m] as usize,
                    ch.visits,
                    ch.total[mover] / ch.visits.max(1.0),
                )
            })
            .collect();
        out.sort_by(|a, b| b.1.total_cmp(&a.1).then(b.2.total_cmp(&a.2)).then(a.0.cmp(&b.0)));
        out
    }

    fn iterate(&mut self, game: &Game, root: usize) {
        let mut path = vec![root];
        let mut n = root;
        // Selection.
        self.list(game, n);
        while self.nodes[n].untried.is_empty() && !self.nodes[n].children.is_empty() {
            let node = &self.nodes[n];
            let mover = node.state.mover();
            let ln = node.visits.max(1.0).ln();
            let c = self.config.exploration;
            let mut best = (f64::NEG_INFINITY, 0);
            for &(_, child) in &node.children {
                let ch = &self.nodes[child];
                let v = ch.total[mover] / ch.visits + c * (ln / ch.visits).sqrt();
                if v > best.0 {
                    best = (v, child);
                }
            }
            n = best.1;
            path.push(n);
            self.list(game, n);
        }
        // Expansion.
        if !self.nodes[n].untried.is_empty() {
            let k = self.rng.gen_range(0..self.nodes[n].untried.len());
            let m = self.nodes[n].untried.swap_remove(k);
            let mut next = self.nodes[n].state.clone();
            let node = &self.nodes[n];
            game.apply(&mut next, &node.moves[node.distinct[m] as usize]);
            let child = self.new_node(game, next);
            self.nodes[n].children.push((m, child));
            n = child;
            path.push(n);
        }
        // Simulation: by the game's playout form where it holds the position, else uniformly
        // random moves by the engine's fastest way to draw one (the same distribution as
        // drawing from the legal moves, often without listing them).
        let max = self.config.max_playout;
        let r = match game.playout_from(&self.nodes[n].state, &mut self.rng, max) {
            Some(played) => outcome_rewards(played.outcome, game.num_players()),
            None => {
                let leaf = &self.nodes[n].state;
                let s = match self.scratch.take() {
                    Some(mut s) => {
                        s.clone_from(leaf);
                        s
                    }
                    None => leaf.clone(),
                };
                let (_, s) = playout_on(game, s, &mut self.rng, max);
                let r = rewards(&s, game.num_players());
                self.scratch = Some(s);
                r
            }
        };
        // Backpropagation.
        for &p in &path {
            let node = &mut self.nodes[p];
            node.visits += 1.0;
            for (t, x) in node.total.iter_mut().zip(&r) {
                *t += x;
            }
        }
    }
}

impl Agent for MctsAgent {
    fn name(&self) -> String {
        "mcts".into()
    }

    fn choose(&mut self, game: &Game, state: &State) -> usize {
        let ranked = self.analyse(game, state);
        match ranked.first() {
            Some(&(i, _, _)) => i,
            None => 0,
        }
    }
}

/// Each player's reward from how a playout ended, as [`rewards`] gives it from the last
/// position of a two-player game (the games a playout form takes): 1 for the winner, 0 for
/// the other, 0.5 each for anything else.
fn outcome_rewards(outcome: Outcome, num_players: usize) -> Vec<f64> {
    let mut out = vec![0.5; num_players + 1];
    out[0] = 0.0;
    if let Outcome::Win(w) = outcome {
        for (p, r) in out.iter_mut().enumerate().skip(1) {
            *r = if p == w { 1.0 } else { 0.0 };
        }
    }
    out
}
