//! `ludeme bench FILE`: the engine's speed as its callers see it, measured the way
//! `../shared/bench/` times Ludii: random playouts step by step (every legal move listed,
//! one applied: `LudiiStep`), random playouts by the fastest path (`LudiiBench`), and MCTS
//! (one UCT agent per player, N iterations a decision for D decisions: `LudiiMcts`).

use super::compare::load_game;
use super::{SelectArgs, EXIT_USAGE};
use crate::ai::{Agent, MctsAgent, MctsConfig};
use crate::engine::playout::{playouts_with, PlayoutConfig};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// The description (.lud).
    pub file: PathBuf,
    #[command(flatten)]
    pub select: SelectArgs,
    /// Seconds each playout measure runs (after as long again to warm up).
    #[arg(long, default_value_t = 3.0)]
    pub seconds: f64,
    /// MCTS iterations a decision.
    #[arg(long, default_value_t = 1000)]
    pub iterations: u64,
    /// MCTS decisions played (from the start, each player's agent in turn).
    #[arg(long, default_value_t = 20)]
    pub decisions: usize,
    /// What to measure: `all`, `step` (every legal move listed at each step), `playout`
    /// (the fastest path), `mcts`.
    #[arg(long, default_value = "all", value_parser = ["all", "step", "playout", "mcts"])]
    pub only: String,
    /// Seed of the playouts and agents.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

pub fn run(args: &BenchArgs) -> ExitCode {
    let Some(game) = load_game(&args.file, &args.select.selections()) else {
        return ExitCode::from(EXIT_USAGE);
    };
    if !(args.seconds.is_finite() && args.seconds > 0.0 && args.seconds <= 3600.0) {
        eprintln!("error: --seconds must be in (0, 3600]");
        return ExitCode::from(EXIT_USAGE);
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let _ = writeln!(out, "{}", game.name());
    let want = |what: &str| args.only == "all" || args.only == what;
    for (what, all_moves) in [("step", true), ("playout", false)] {
        if want(what) {
            // warm up, then as many playouts as fit in the time, in batches
            timed(&game, all_moves, args.seed, args.seconds);
            let (n, plies, secs) = timed(&game, all_moves, args.seed + 1, args.seconds);
            let _ = writeln!(
                out,
                "{what:8} {:>12.1} playouts/s {:>12.0} moves/s  mean {:.1} plies",
                n as f64 / secs,
                plies as f64 / secs,
                plies as f64 / n.max(1) as f64
            );
        }
    }
    if want("mcts") {
        for rep in 0..2 {
            let (decisions, secs) = mcts_run(&game, args);
            let _ = writeln!(
                out,
                "mcts     {:>12.1} iterations/s ({} decisions of {} iterations{})",
                decisions as f64 * args.iterations as f64 / secs,
                decisions,
                args.iterations,
                if rep == 0 { ", warming up" } else { "" }
            );
        }
    }
    ExitCode::SUCCESS
}

/// Playouts for about `seconds`: how many, their decisions, and the time taken.
fn timed(game: &crate::engine::Game, all_moves: bool, seed: u64, seconds: f64) -> (u64, u64, f64) {
    let start = Instant::now();
    let (mut n, mut plies, mut batch) = (0u64, 0u64, 1u64);
    while start.elapsed() < Duration::from_secs_f64(seconds) {
        let config = PlayoutConfig {
            n: batch,
            seed: seed.wrapping_mul(1_000_003).wrapping_add(n),
            all_moves,
            ..Default::default()
        };
        let stats = playouts_with(game, &config, &|_| {});
        n += stats.playouts;
        plies += stats.decisions;
        batch = (batch * 2).min(1 << 16);
    }
    (n, plies, start.elapsed().as_secs_f64())
}

/// One UCT agent per player, `iterations` a decision, `decisions` decisions from the start:
/// the decisions taken and the time they took.
fn mcts_run(game: &crate::engine::Game, args: &BenchArgs) -> (usize, f64) {
    let config = MctsConfig {
        iterations: Some(args.iterations),
        ..Default::default()
    };
    let mut agents: Vec<MctsAgent> = (0..=game.num_players())
        .map(|p| MctsAgent::new(args.seed.wrapping_add(p as u64), config))
        .collect();
    let mut state = game.initial_state();
    let start = Instant::now();
    let mut d = 0;
    while !state.is_over() && d < args.decisions {
        let moves = game.legal_moves(&state);
        if moves.is_empty() {
            break;
        }
        let i = agents[state.mover().min(game.num_players())].choose(game, &state);
        game.apply(&mut state, &moves[i.min(moves.len() - 1)]);
        d += 1;
    }
    (d, start.elapsed().as_secs_f64())
}
