//! `ludeme tournament FILE --agents mcts,random -n N`: agents play each other, seats rotating.

use super::compare::load_game;
use super::play::BudgetArgs;
use super::{SelectArgs, EXIT_USAGE};
use crate::ai::{make_agent, rewards, Agent};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct TournamentArgs {
    /// The description (.lud).
    pub file: PathBuf,
    #[command(flatten)]
    pub select: SelectArgs,
    /// The agents, comma-separated (random, mcts); game g seats agent (s + g) mod k in seat s.
    #[arg(long, default_value = "mcts,random")]
    pub agents: String,
    /// Number of games.
    #[arg(short = 'n', default_value_t = 10)]
    pub n: u64,
    #[command(flatten)]
    pub budget: BudgetArgs,
    /// A game stops (scored as a draw) after this many decisions.
    #[arg(long, default_value_t = 2000)]
    pub max_decisions: usize,
}

#[derive(Default, Clone)]
struct Tally {
    games: u64,
    wins: u64,
    draws: u64,
    points: f64,
}

pub fn run(args: &TournamentArgs) -> ExitCode {
    let Some(game) = load_game(&args.file, &args.select.selections()) else {
        return ExitCode::from(EXIT_USAGE);
    };
    let kinds: Vec<&str> = args.agents.split(',').map(str::trim).collect();
    let config = args.budget.config();
    if kinds.iter().any(|k| make_agent(k, 0, config).is_none()) {
        eprintln!("error: agents are random or mcts");
        return ExitCode::from(EXIT_USAGE);
    }
    let np = game.num_players();
    let mut total = vec![Tally::default(); kinds.len()];
    let mut by_seat = vec![vec![Tally::default(); np]; kinds.len()];
    let bar = indicatif::ProgressBar::with_draw_target(Some(args.n), indicatif::ProgressDrawTarget::stderr());
    if let Ok(style) = indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games, eta {eta} {msg}") {
        bar.set_style(style);
    }
    for g in 0..args.n {
        let seat_agent: Vec<usize> = (0..np).map(|s| (s + g as usize) % kinds.len()).collect();
        let mut agents: Vec<Box<dyn Agent>> = seat_agent
            .iter()
            .enumerate()
            .map(|(s, &a)| {
                let seed = args.budget.seed.wrapping_mul(1_000_003).wrapping_add(g * 16 + s as u64);
                make_agent(kinds[a], seed, config).expect("checked")
            })
            .collect();
        let mut state = game.initial_state();
        while !state.is_over() && state.num_decisions() < args.max_decisions {
            let i = agents[state.mover() - 1].choose(&game, &state);
            let mv = game.legal_moves(&state)[i].clone();
            game.apply(&mut state, &mv);
        }
        let r = rewards(&state, np);
        for (s, &a) in seat_agent.iter().enumerate() {
            for t in [&mut total[a], &mut by_seat[a][s]] {
                t.games += 1;
                t.points += r[s + 1];
                if r[s + 1] == 1.0 {
                    t.wins += 1;
                } else if r[s + 1] > 0.0 {
                    t.draws += 1;
                }
            }
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    println!("{} games of {} ({})", args.n, game.name(), args.agents);
    println!(
        "{:<4} {:<8} {:>6} {:>6} {:>6} {:>8}",
        "#", "agent", "games", "wins", "draws", "score"
    );
    for (a, k) in kinds.iter().enumerate() {
        let t = &total[a];
        let pct = if t.games > 0 {
            100.0 * t.points / t.games as f64
        } else {
            0.0
        };
        println!(
            "{:<4} {:<8} {:>6} {:>6} {:>6} {:>7.1}%",
            a + 1,
            k,
            t.games,
            t.wins,
            t.draws,
            pct
        );
        for (s, t) in by_seat[a].iter().enumerate() {
            if t.games > 0 {
                let pct = 100.0 * t.points / t.games as f64;
                println!(
                    "{:<4} {:<8} {:>6} {:>6} {:>6} {:>7.1}%",
                    "",
                    format!(" as P{}", s + 1),
                    t.games,
                    t.wins,
                    t.draws,
                    pct
                );
            }
        }
    }
    ExitCode::SUCCESS
}
