//! Random playouts: play many games with uniformly random legal moves and gather statistics.
//!
//! Each playout draws its moves from its own ChaCha8 generator, seeded from the run's seed and
//! the playout's index (the index selects the generator's stream), so the results depend on
//! `seed` and `n` only, never on the number of threads or on scheduling.

use super::api::{Game, Move, MoveKey, State};
pub use super::outcome::{outcome_of, Outcome, PlayoutResult};
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use serde::Serialize;
use std::time::Instant;

/// The default bound on a playout's length, in decisions.
pub const DEFAULT_MAX_DECISIONS: usize = 10_000;

/// What a playout (or a trace replay) needs from a game. [`Game`] implements it; tests may
/// implement it for small fakes.
pub trait Rules: Sync {
    /// A position.
    type State: Clone + Send;
    /// A legal move.
    type Move;
    /// The number of players.
    fn num_players(&self) -> usize;
    /// The state after the start rules.
    fn initial_state(&self) -> Self::State;
    /// The state after the start rules, for a game whose chance (dice) is drawn from `rng`
    /// (which a game without chance leaves untouched).
    fn initial_state_drawn(&self, _rng: &mut dyn rand::RngCore) -> Self::State {
        self.initial_state()
    }
    /// `state` started over as [`Rules::initial_state_drawn`] starts one (a game may reuse
    /// its buffers).
    fn restart(&self, state: &mut Self::State, rng: &mut dyn rand::RngCore) {
        *state = self.initial_state_drawn(rng);
    }
    /// The legal moves, in the engine's order (duplicates kept).
    fn legal_moves(&self, state: &Self::State) -> Vec<Self::Move>;
    /// Apply a legal move.
    fn apply(&self, state: &mut Self::State, mv: &Self::Move);
    /// Give back a list of legal moves once done with it (its memory may hold the next).
    fn recycle(&self, _moves: Vec<Self::Move>) {}
    /// A legal move drawn uniformly at random (None: there is none): by default a draw
    /// from [`Rules::legal_moves`].
    fn random_move(&self, state: &Self::State, rng: &mut dyn rand::RngCore) -> Option<Self::Move> {
        listed_move(self, state, rng)
    }
    /// One step as a caller of the engine's API takes it: every legal move listed, one drawn
    /// uniformly ([`listed_move`]) and applied; false where there was none. `keys` is room
    /// for a list of compact moves, where the game lists them so (the same moves, the same
    /// draw).
    fn step_listed(&self, state: &mut Self::State, rng: &mut dyn rand::RngCore, _keys: &mut Vec<MoveKey>) -> bool {
        step_by_moves(self, state, rng)
    }
    /// A whole random playout played by a fast form of the game, where it has one (None:
    /// play it move by move). It must give what [`playout`] would give move by move, with
    /// the same calls on `rng`.
    fn fast_playout(&self, _rng: &mut dyn rand::RngCore, _max_decisions: usize) -> Option<PlayoutResult> {
        None
    }
    /// Whether the game is over.
    fn is_over(&self, state: &Self::State) -> bool;
    /// Ludii's ranking once over (index 0 unused; 1.0 is the winner).
    fn ranking<'a>(&self, state: &'a Self::State) -> &'a [f64];
}

impl Rules for Game {
    type State = State;
    type Move = Move;
    fn num_players(&self) -> usize {
        Game::num_players(self)
    }
    fn initial_state(&self) -> State {
        Game::initial_state(self)
    }
    fn initial_state_drawn(&self, rng: &mut dyn rand::RngCore) -> State {
        if self.has_chance() {
            self.initial_state_seeded(rng.next_u64())
        } else {
            Game::initial_state(self)
        }
    }
    fn restart(&self, state: &mut State, rng: &mut dyn rand::RngCore) {
        if self.has_chance() {
            *state = self.initial_state_seeded(rng.next_u64());
        } else {
            state.clone_from(self.cached_start());
        }
    }
    fn legal_moves(&self, state: &State) -> Vec<Move> {
        Game::legal_moves(self, state)
    }
    fn apply(&self, state: &mut State, mv: &Move) {
        Game::apply(self, state, mv)
    }
    fn recycle(&self, moves: Vec<Move>) {
        Game::recycle(self, moves)
    }
    fn random_move(&self, state: &State, rng: &mut dyn rand::RngCore) -> Option<Move> {
        Game::random_move(self, state, rng)
    }
    fn step_listed(&self, state: &mut State, rng: &mut dyn rand::RngCore, keys: &mut Vec<MoveKey>) -> bool {
        if self.legal_keys(state, keys) {
            let key = keys[rng.gen_range(0..keys.len())];
            return self.apply_key(state, key);
        }
        step_by_moves(self, state, rng)
    }
    fn fast_playout(&self, rng: &mut dyn rand::RngCore, max_decisions: usize) -> Option<PlayoutResult> {
        Game::fast_playout(self, rng, max_decisions)
    }
    fn is_over(&self, state: &State) -> bool {
        state.is_over()
    }
    fn ranking<'a>(&self, state: &'a State) -> &'a [f64] {
        state.ranking()
    }
}

/// How to run a batch of playouts.
#[derive(Clone, Copy, Debug)]
pub struct PlayoutConfig {
    /// Number of playouts.
    pub n: u64,
    /// The run's seed.
    pub seed: u64,
    /// Worker threads (0: rayon's default, one per core).
    pub threads: usize,
    /// A playout stops (capped) once it has taken this many decisions without ending.
    pub max_decisions: usize,
    /// Play each step by listing every legal move and applying a random one
    /// ([`playout_all_moves`]: what MCTS and the bindings do), never by a playout form or
    /// the lazy random move.
    pub all_moves: bool,
}

impl Default for PlayoutConfig {
    fn default() -> Self {
        PlayoutConfig {
            n: 1,
            seed: 0,
            threads: 1,
            max_decisions: DEFAULT_MAX_DECISIONS,
            all_moves: false,
        }
    }
}

/// Statistics over a batch of playouts.
#[derive(Clone, Debug, Default, Serialize, PartialEq)]
pub struct PlayoutStats {
    /// Playouts played.
    pub playouts: u64,
    /// Number of players.
    pub players: usize,
    /// Wins per player, player 1 first (a win: ranked 1.0, unshared).
    pub wins: Vec<u64>,
    /// Each player's wins as a fraction of all playouts, player 1 first.
    pub win_share: Vec<f64>,
    /// Playouts that ended without a single winner.
    pub draws: u64,
    /// Playouts stopped at the decision cap (neither wins nor draws).
    pub capped: u64,
    /// Playouts that were not over yet had no legal move (neither wins nor draws).
    pub stuck: u64,
    /// The decision cap in force.
    pub max_decisions: usize,
    /// All decisions taken.
    pub decisions: u64,
    /// Mean playout length, in decisions.
    pub mean_length: f64,
    /// Longest playout, in decisions.
    pub max_length: usize,
    /// Wall-clock time of the batch, in seconds.
    pub elapsed_s: f64,
    /// Playouts per second (wall clock).
    pub playouts_per_s: f64,
    /// Decisions per second (wall clock).
    pub moves_per_s: f64,
    /// Worker threads that played them.
    pub threads: usize,
}

/// Running counts over playouts: a batch keeps one per worker and merges them, so memory
/// does not grow with the number of playouts.
#[derive(Clone, Debug)]
struct Tally {
    playouts: u64,
    wins: Vec<u64>,
    draws: u64,
    capped: u64,
    stuck: u64,
    decisions: u64,
    max_length: usize,
}

impl Tally {
    fn new(players: usize) -> Tally {
        Tally {
            playouts: 0,
            wins: vec![0; players],
            draws: 0,
            capped: 0,
            stuck: 0,
            decisions: 0,
            max_length: 0,
        }
    }

    fn add(&mut self, r: &PlayoutResult) {
        self.playouts += 1;
        match r.outcome {
            Outcome::Win(p) if (1..=self.wins.len()).contains(&p) => self.wins[p - 1] += 1,
            Outcome::Win(_) | Outcome::Draw => self.draws += 1,
            Outcome::Capped => self.capped += 1,
            Outcome::Stuck => self.stuck += 1,
        }
        self.decisions += r.length as u64;
        self.max_length = self.max_length.max(r.length);
    }

    fn merge(mut self, o: Tally) -> Tally {
        self.playouts += o.playouts;
        for (w, x) in self.wins.iter_mut().zip(&o.wins) {
            *w += x;
        }
        self.draws += o.draws;
        self.capped += o.capped;
        self.stuck += o.stuck;
        self.decisions += o.decisions;
        self.max_length = self.max_length.max(o.max_length);
        self
    }

    fn stats(self, max_decisions: usize, elapsed_s: f64) -> PlayoutStats {
        let n = self.playouts.max(1) as f64;
        let mut s = PlayoutStats {
            playouts: self.playouts,
            players: self.wins.len(),
            win_share: self.wins.iter().map(|&w| w as f64 / n).collect(),
            wins: self.wins,
            draws: self.draws,
            capped: self.capped,
            stuck: self.stuck,
            max_decisions,
            decisions: self.decisions,
            mean_length: self.decisions as f64 / n,
            max_length: self.max_length,
            elapsed_s,
            threads: 1,
            ..Default::default()
        };
        if elapsed_s > 0.0 {
            s.playouts_per_s = s.playouts as f64 / elapsed_s;
            s.moves_per_s = s.decisions as f64 / elapsed_s;
        }
        s
    }
}

/// The random generator of playouts: xoshiro256++, quick to seed (a playout of a small game
/// lasts less than a block of a cipher's stream) and to draw from.
pub type PlayoutRng = rand_xoshiro::Xoshiro256PlusPlus;

/// The generator of playout `index` of a run seeded with `seed`: each index its own seed
/// (the golden ratio's multiples are distinct), spread over the state by SplitMix64.
pub fn playout_rng(seed: u64, index: u64) -> PlayoutRng {
    PlayoutRng::seed_from_u64(seed ^ index.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

/// Play one game from the start with uniformly random legal moves (uniform over the engine's
/// list, duplicates included), at most `max_decisions` decisions.
pub fn playout<G: Rules + ?Sized>(game: &G, rng: &mut impl Rng, max_decisions: usize) -> PlayoutResult {
    playout_in(game, &mut None, rng, max_decisions)
}

/// [`playout`], its positions kept in `slot` (a state from an earlier playout, whose buffers
/// it reuses, or None).
fn playout_in<G: Rules + ?Sized>(
    game: &G,
    slot: &mut Option<G::State>,
    rng: &mut impl Rng,
    max_decisions: usize,
) -> PlayoutResult {
    if let Some(r) = game.fast_playout(rng, max_decisions) {
        return r;
    }
    let state = restarted(game, slot, rng);
    play_in(game, state, rng, max_decisions, |g, s, r| g.random_move(s, r))
}

/// The state in `slot` started over ([`Rules::restart`]), or a new start where there is none.
fn restarted<'a, G: Rules + ?Sized>(game: &G, slot: &'a mut Option<G::State>, rng: &mut impl Rng) -> &'a mut G::State {
    match slot {
        Some(state) => {
            game.restart(state, rng);
            state
        }
        None => slot.insert(game.initial_state_drawn(rng)),
    }
}

/// [`playout`] move by move, never by a playout form: what a form must give.
pub fn playout_by_moves<G: Rules + ?Sized>(game: &G, rng: &mut impl Rng, max_decisions: usize) -> PlayoutResult {
    let state = game.initial_state_drawn(rng);
    playout_on(game, state, rng, max_decisions).0
}

/// A random playout from `state` move by move (each drawn by [`Rules::random_move`]), at most
/// `max_decisions` decisions more: how it ended, and its last position.
pub fn playout_on<G: Rules + ?Sized>(
    game: &G,
    state: G::State,
    rng: &mut impl Rng,
    max_decisions: usize,
) -> (PlayoutResult, G::State) {
    play_on(game, state, rng, max_decisions, |g, s, r| g.random_move(s, r))
}

/// A random playout from `state`, each move drawn by `draw`: how it ended, and its last
/// position.
fn play_on<G: Rules + ?Sized, R: Rng>(
    game: &G,
    mut state: G::State,
    rng: &mut R,
    max_decisions: usize,
    draw: impl Fn(&G, &G::State, &mut dyn rand::RngCore) -> Option<G::Move>,
) -> (PlayoutResult, G::State) {
    let r = play_in(game, &mut state, rng, max_decisions, draw);
    (r, state)
}

/// [`play_on`] in place: `state` ends at the playout's last position.
fn play_in<G: Rules + ?Sized, R: Rng>(
    game: &G,
    state: &mut G::State,
    rng: &mut R,
    max_decisions: usize,
    draw: impl Fn(&G, &G::State, &mut dyn rand::RngCore) -> Option<G::Move>,
) -> PlayoutResult {
    let mut length = 0;
    loop {
        let outcome = if game.is_over(state) {
            outcome_of(game.ranking(state))
        } else if length >= max_decisions {
            Outcome::Capped
        } else if let Some(mv) = draw(game, state, rng) {
            game.apply(state, &mv);
            length += 1;
            continue;
        } else {
            Outcome::Stuck
        };
        return PlayoutResult { outcome, length };
    }
}

/// A legal move drawn uniformly from the full list ([`Rules::legal_moves`], the list given
/// back after): what a caller of the engine's API does, and [`Rules::random_move`]'s default.
pub fn listed_move<G: Rules + ?Sized>(game: &G, state: &G::State, rng: &mut dyn rand::RngCore) -> Option<G::Move> {
    let mut moves = game.legal_moves(state);
    if moves.is_empty() {
        return None;
    }
    let i = rng.gen_range(0..moves.len());
    let mv = moves.swap_remove(i);
    game.recycle(moves);
    Some(mv)
}

/// One step by [`listed_move`], applied: false where there was no move.
fn step_by_moves<G: Rules + ?Sized>(game: &G, state: &mut G::State, rng: &mut dyn rand::RngCore) -> bool {
    match listed_move(game, state, rng) {
        Some(mv) => {
            game.apply(state, &mv);
            true
        }
        None => false,
    }
}

/// A random playout step by step as a caller of the engine's API plays it: every legal move
/// listed, one drawn uniformly, applied ([`Rules::step_listed`]).
pub fn playout_all_moves<G: Rules + ?Sized>(game: &G, rng: &mut impl Rng, max_decisions: usize) -> PlayoutResult {
    playout_all_moves_in(game, &mut None, &mut Vec::new(), rng, max_decisions)
}

/// [`playout_all_moves`], its positions kept in `slot` and its keys in `keys` (an earlier
/// playout's, whose buffers it reuses).
fn playout_all_moves_in<G: Rules + ?Sized>(
    game: &G,
    slot: &mut Option<G::State>,
    keys: &mut Vec<MoveKey>,
    rng: &mut impl Rng,
    max_decisions: usize,
) -> PlayoutResult {
    let state = restarted(game, slot, rng);
    let mut length = 0;
    loop {
        let outcome = if game.is_over(state) {
            outcome_of(game.ranking(state))
        } else if length >= max_decisions {
            Outcome::Capped
        } else if !game.step_listed(state, rng, keys) {
            Outcome::Stuck
        } else {
            length += 1;
            continue;
        };
        return PlayoutResult { outcome, length };
    }
}

/// Play `n` random playouts of `game` on `threads` threads (0: one per core) with the default
/// decision cap.
pub fn playouts<G: Rules + ?Sized>(game: &G, n: u64, seed: u64, threads: usize) -> PlayoutStats {
    let config = PlayoutConfig {
        n,
        seed,
        threads,
        ..Default::default()
    };
    playouts_with(game, &config, &|_| {})
}

/// Play `config.n` random playouts; `progress` is called with the number of playouts just
/// finished (from any worker thread).
pub fn playouts_with<G: Rules + ?Sized>(
    game: &G,
    config: &PlayoutConfig,
    progress: &(dyn Fn(u64) + Sync),
) -> PlayoutStats {
    let start = Instant::now();
    let np = game.num_players();
    // (each worker keeps its last playout's state and keys, whose buffers the next reuses)
    let run = |(slot, keys): &mut (Option<G::State>, Vec<MoveKey>), i: u64| {
        let mut rng = playout_rng(config.seed, i);
        let r = if config.all_moves {
            playout_all_moves_in(game, slot, keys, &mut rng, config.max_decisions)
        } else {
            playout_in(game, slot, &mut rng, config.max_decisions)
        };
        progress(1);
        r
    };
    let add = |mut t: Tally, r: PlayoutResult| {
        t.add(&r);
        t
    };
    let workers = resolve_threads(config.threads);
    let pool = (workers > 1)
        .then(|| rayon::ThreadPoolBuilder::new().num_threads(workers).build().ok())
        .flatten();
    let (tally, threads) = match pool {
        Some(pool) => (
            pool.install(|| {
                (0..config.n)
                    .into_par_iter()
                    .map_init(|| (None, Vec::new()), run)
                    .fold(|| Tally::new(np), add)
                    .reduce(|| Tally::new(np), Tally::merge)
            }),
            workers,
        ),
        // one worker, or no pool could be made: play them here
        None => {
            let mut kept = (None, Vec::new());
            ((0..config.n).fold(Tally::new(np), |t, i| add(t, run(&mut kept, i))), 1)
        }
    };
    let elapsed = start.elapsed().as_secs_f64();
    let mut stats = tally.stats(config.max_decisions, elapsed);
    stats.threads = threads;
    stats
}

/// Most worker threads a batch uses; more than the machine's cores only adds switching.
pub const MAX_THREADS: usize = 256;

/// The worker count for a requested `threads` (0: one per core), at most [`MAX_THREADS`].
pub fn resolve_threads(threads: usize) -> usize {
    let t = if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    };
    t.clamp(1, MAX_THREADS)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A race to `goal`: players alternate adding 1 or 2 to a shared counter; whoever reaches
    /// `goal` wins. With `goal == 0` nobody ever wins (the counter wraps), to test the cap.
    struct Race {
        goal: u32,
    }

    #[derive(Clone, Debug, PartialEq)]
    struct RaceState {
        total: u32,
        mover: usize,
        ranking: Vec<f64>,
    }

    impl Rules for Race {
        type State = RaceState;
        type Move = u32;
        fn num_players(&self) -> usize {
            2
        }
        fn initial_state(&self) -> RaceState {
            RaceState {
                total: 0,
                mover: 1,
                ranking: vec![],
            }
        }
        fn legal_moves(&self, _: &RaceState) -> Vec<u32> {
            vec![1, 2, 2]
        }
        fn apply(&self, s: &mut RaceState, mv: &u32) {
            s.total = (s.total + mv) % 1000;
            if self.goal > 0 && s.total >= self.goal {
                s.ranking = if s.mover == 1 {
                    vec![0.0, 1.0, 2.0]
                } else {
                    vec![0.0, 2.0, 1.0]
                };
            } else {
                s.mover = 3 - s.mover;
            }
        }
        fn is_over(&self, s: &RaceState) -> bool {
            !s.ranking.is_empty()
        }
        fn ranking<'a>(&self, s: &'a RaceState) -> &'a [f64] {
            &s.ranking
        }
    }

    #[test]
    fn outcomes_from_rankings() {
        assert_eq!(outcome_of(&[0.0, 1.0, 2.0]), Outcome::Win(1));
        assert_eq!(outcome_of(&[0.0, 2.0, 1.0]), Outcome::Win(2));
        assert_eq!(outcome_of(&[0.0, 1.5, 1.5]), Outcome::Draw);
        assert_eq!(outcome_of(&[0.0, 1.0, 1.0, 3.0]), Outcome::Draw);
        assert_eq!(outcome_of(&[]), Outcome::Draw);
    }

    #[test]
    fn results_do_not_depend_on_threads() {
        let game = Race { goal: 15 };
        let one = playouts(&game, 300, 7, 1);
        let two = playouts(&game, 300, 7, 2);
        assert_eq!(one.wins, two.wins);
        assert_eq!(one.decisions, two.decisions);
        assert_eq!(one.max_length, two.max_length);
        assert_eq!(one.playouts, 300);
        assert_eq!(one.wins.iter().sum::<u64>() + one.draws, 300);
        assert!(one.wins[0] > 0 && one.wins[1] > 0, "{one:?}");
        assert!(one.max_length <= 15 && one.mean_length >= 7.5);
        let other = playouts(&game, 300, 8, 1);
        assert_ne!((one.wins.clone(), one.decisions), (other.wins, other.decisions));
    }

    #[test]
    fn cap_bounds_length() {
        let game = Race { goal: 0 };
        let config = PlayoutConfig {
            n: 5,
            seed: 1,
            threads: 1,
            max_decisions: 50,
            ..Default::default()
        };
        let count = std::sync::atomic::AtomicU64::new(0);
        let stats = playouts_with(&game, &config, &|k| {
            count.fetch_add(k, std::sync::atomic::Ordering::Relaxed);
        });
        assert_eq!(stats.capped, 5);
        assert_eq!(stats.max_length, 50);
        assert_eq!(stats.decisions, 250);
        assert_eq!(stats.wins, vec![0, 0]);
        assert_eq!(count.into_inner(), 5);
    }
}
