//! `ludeme playout FILE -n N --seed S`: random playouts and their statistics.

use super::compare::load_game;
use super::{SelectArgs, EXIT_USAGE};
use crate::engine::playout::{playouts_with, PlayoutConfig, PlayoutStats, DEFAULT_MAX_DECISIONS, MAX_THREADS};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct PlayoutArgs {
    /// The description (.lud).
    pub file: PathBuf,
    #[command(flatten)]
    pub select: SelectArgs,
    /// Number of playouts.
    #[arg(short = 'n', default_value_t = 100)]
    pub n: u64,
    /// Seed: playout i uses stream i of a ChaCha8 generator seeded with it.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Worker threads (0: one per core; at most 256). Results do not depend on it.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(0..=MAX_THREADS as i64))]
    pub threads: u16,
    /// Output format: `human` (a few lines) or `json` (one object).
    #[arg(long, default_value = "human", value_parser = ["human", "json"])]
    pub format: String,
    /// Stop a playout that has not ended after this many decisions.
    #[arg(long, default_value_t = DEFAULT_MAX_DECISIONS)]
    pub max_decisions: usize,
    /// Play each step by listing every legal move and applying a random one, as MCTS and
    /// the library's callers do (no playout form, no lazy random move): the speed they see.
    #[arg(long)]
    pub all_moves: bool,
    /// Save the playout (with `-n 1`) as a Ludii trial file, which Ludii's Player loads
    /// (Load Trial) and replays: every legal move listed at each step, one drawn at random.
    #[arg(long, value_name = "FILE")]
    pub save_trial: Option<PathBuf>,
}

/// `--save-trial`: one playout, step by step, written as a Ludii trial file.
fn save_trial(game: &crate::engine::Game, args: &PlayoutArgs, path: &std::path::Path) -> ExitCode {
    use rand::Rng;
    if args.n != 1 {
        eprintln!("error: --save-trial saves one playout: give -n 1");
        return ExitCode::from(EXIT_USAGE);
    }
    let mut rng = crate::engine::playout::playout_rng(args.seed, 0);
    // the moves drawn, each among the legal moves of its position; the game's chance drawn
    // from the generator state `seed`
    let mut state = game.initial_state();
    state.set_chance(args.seed);
    let mut choices = Vec::new();
    while !state.is_over() && choices.len() < args.max_decisions {
        let legal = game.legal_moves(&state);
        if legal.is_empty() {
            break;
        }
        let i = rng.gen_range(0..legal.len());
        game.apply(&mut state, &legal[i]);
        choices.push(i);
    }
    let text = crate::trace::trial_write::trial_of_choices(
        game,
        &args.file,
        &args.select.options,
        args.seed,
        choices.iter().copied(),
    );
    if let Err(e) = std::fs::write(path, text) {
        eprintln!("error: cannot write {}: {e}", path.display());
        return ExitCode::from(1);
    }
    let result = if state.is_over() {
        crate::ai::result_text(&state, game.num_players())
    } else {
        format!("not over after {} decisions", choices.len())
    };
    if args.format == "json" {
        let json = serde_json::json!({
            "game": game.name(),
            "seed": args.seed,
            "decisions": choices.len(),
            "over": state.is_over(),
            "ranking": state.ranking(),
            "saved": path.display().to_string(),
        });
        println!("{json}");
    } else {
        println!(
            "{}: {} decisions, {result}; saved the trial to {}",
            game.name(),
            choices.len(),
            path.display()
        );
    }
    ExitCode::SUCCESS
}

#[derive(serde::Serialize)]
struct JsonOut<'a> {
    game: &'a str,
    options: &'a [String],
    ruleset: &'a Option<String>,
    seed: u64,
    #[serde(flatten)]
    stats: &'a PlayoutStats,
}

pub fn run(args: &PlayoutArgs) -> ExitCode {
    let Some(game) = load_game(&args.file, &args.select.selections()) else {
        return ExitCode::from(EXIT_USAGE);
    };
    if let Some(path) = &args.save_trial {
        return save_trial(&game, args, path);
    }
    let config = PlayoutConfig {
        n: args.n,
        seed: args.seed,
        threads: args.threads as usize,
        max_decisions: args.max_decisions,
        all_moves: args.all_moves,
    };
    let bar = (std::io::stderr().is_terminal() && args.n > 1).then(|| {
        let bar = indicatif::ProgressBar::with_draw_target(Some(args.n), indicatif::ProgressDrawTarget::stderr());
        if let Ok(style) =
            indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} playouts, {per_sec}, eta {eta}")
        {
            bar.set_style(style);
        }
        bar
    });
    let stats = playouts_with(&game, &config, &|k| {
        if let Some(b) = &bar {
            b.inc(k);
        }
    });
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.format == "json" {
        let json = JsonOut {
            game: game.name(),
            options: &args.select.options,
            ruleset: &args.select.ruleset,
            seed: args.seed,
            stats: &stats,
        };
        let _ = writeln!(out, "{}", serde_json::to_string(&json).unwrap_or_default());
    } else {
        let _ = write!(out, "{}", human(game.name(), args, &stats));
    }
    ExitCode::SUCCESS
}

fn human(name: &str, args: &PlayoutArgs, s: &PlayoutStats) -> String {
    let pct = |k: u64| 100.0 * k as f64 / s.playouts.max(1) as f64;
    let mut selected = args.select.options.clone();
    selected.extend(args.select.ruleset.clone());
    let mut t = name.to_string();
    if !selected.is_empty() {
        t += &format!(" ({})", selected.join(", "));
    }
    if args.all_moves {
        t += " [all moves listed at each step]";
    }
    t += &format!(
        ": {} playouts, seed {}, {} thread{}\n",
        s.playouts,
        args.seed,
        s.threads,
        if s.threads == 1 { "" } else { "s" }
    );
    let wins: Vec<String> = s
        .wins
        .iter()
        .enumerate()
        .map(|(p, &w)| format!("P{} {w} ({:.1}%)", p + 1, pct(w)))
        .collect();
    t += &format!("wins: {}; draws {} ({:.1}%)\n", wins.join(", "), s.draws, pct(s.draws));
    t += &format!("length: mean {:.1}, max {} decisions\n", s.mean_length, s.max_length);
    t += &format!(
        "speed: {:.0} playouts/s, {:.0} moves/s ({:.2} s)\n",
        s.playouts_per_s, s.moves_per_s, s.elapsed_s
    );
    if s.capped > 0 {
        t += &format!(
            "capped: {} playouts ({:.1}%) reached {} decisions without ending (neither wins nor draws)\n",
            s.capped,
            pct(s.capped),
            s.max_decisions
        );
    }
    if s.stuck > 0 {
        t += &format!("stuck: {} playouts had no legal move before the game ended\n", s.stuck);
    }
    t
}
