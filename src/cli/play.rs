//! `ludeme play FILE`: play in the terminal, humans and agents.
//!
//! Human input: a move by its text (`C3-E5`, `C3`, `pass`, or a canonical `C3-E5#2`), or by its
//! number in the list; `undo`, `hint`, `save FILE`, `quit`. When stdin is not a terminal, one
//! line is read per input and the output is plain text, so scripts and tests can drive it.

use super::compare::load_game;
use super::view::{status_text, Layout};
use super::{SelectArgs, EXIT_USAGE};
use crate::ai::record::{canonical_text, choice_of, choices, Choice, Record};
use crate::ai::{make_agent, result_text, Agent, MctsAgent, MctsConfig};
use crate::engine::{Game, State};
use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

/// Agent budget flags, shared with `tournament`.
#[derive(clap::Args, Debug, Clone)]
pub struct BudgetArgs {
    /// MCTS thinking time per move, in seconds (more than 0, at most a day).
    #[arg(long, value_name = "SECONDS", value_parser = think_seconds, allow_negative_numbers = true)]
    pub think: Option<f64>,
    /// MCTS simulations per move (default 1000 when --think is not given).
    #[arg(long)]
    pub iterations: Option<u64>,
    /// Seed of the agents' randomness.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

/// Parses a thinking time: a finite number of seconds, more than 0 and at most a day.
fn think_seconds(s: &str) -> Result<f64, String> {
    const DAY: f64 = 86_400.0;
    let t: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a number of seconds"))?;
    if !t.is_finite() || t <= 0.0 || t > DAY {
        return Err(format!(
            "a thinking time is more than 0 and at most {DAY} seconds (a day), not `{s}`"
        ));
    }
    Ok(t)
}

impl BudgetArgs {
    pub fn config(&self) -> MctsConfig {
        MctsConfig {
            iterations: self.iterations.or(if self.think.is_some() { None } else { Some(1000) }),
            time: self.think.map(Duration::from_secs_f64),
            ..MctsConfig::default()
        }
    }
}

#[derive(clap::Args, Debug)]
pub struct PlayArgs {
    /// The description (.lud).
    pub file: PathBuf,
    #[command(flatten)]
    pub select: SelectArgs,
    /// Player 1: human, random or mcts.
    #[arg(long, default_value = "human", value_parser = ["human", "random", "mcts"])]
    pub p1: String,
    /// Player 2: human, random or mcts (further players are mcts).
    #[arg(long, default_value = "mcts", value_parser = ["human", "random", "mcts"])]
    pub p2: String,
    #[command(flatten)]
    pub budget: BudgetArgs,
    /// Save the game record (JSON) here when the game ends or on quit.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

enum Seat {
    Human,
    Ai(Box<dyn Agent>),
}

/// A game in progress. Only the current position is kept: each move is remembered by its
/// text, its index among the legal moves and the player who made it, and `undo` replays the
/// remaining moves from the start, so memory does not grow with the game's length.
struct Session<'a> {
    game: &'a Game,
    args: &'a PlayArgs,
    state: State,
    moves: Vec<String>,
    /// Per move: its index in the legal moves of its position, and the mover.
    made: Vec<(usize, usize)>,
    seats: Vec<Seat>,
    names: Vec<String>,
}

impl Session<'_> {
    fn record(&self) -> Record {
        let last = &self.state;
        Record {
            file: self.args.file.display().to_string(),
            options: self.args.select.options.clone(),
            ruleset: self.args.select.ruleset.clone(),
            seed: Some(self.args.budget.seed),
            players: self.names.clone(),
            moves: self.moves.clone(),
            result: last.is_over().then(|| result_text(last, self.game.num_players())),
        }
    }

    /// Writes the record; says whether it could.
    fn save(&self, path: &std::path::Path) -> bool {
        let json = serde_json::to_string_pretty(&self.record()).expect("serialisable");
        match std::fs::write(path, json + "\n") {
            Ok(()) => {
                println!("Saved the record to {}", path.display());
                true
            }
            Err(e) => {
                eprintln!("error: cannot write {}: {e}", path.display());
                false
            }
        }
    }

    /// The exit code after saving the record to `--record`, if given.
    fn finish(&self) -> ExitCode {
        match &self.args.record {
            Some(p) if !self.save(p) => ExitCode::from(1),
            _ => ExitCode::SUCCESS,
        }
    }

    fn push(&mut self, c: &Choice) {
        let next = c.after(self.game, &self.state);
        self.moves.push(c.text.clone());
        self.made.push((c.index, self.state.agent(self.state.mover())));
        self.state = next;
    }

    /// Whether seat `agent` (a player's number until the players swap) is a human.
    fn is_human(&self, agent: usize) -> bool {
        matches!(self.seats.get(agent.wrapping_sub(1)), Some(Seat::Human))
    }

    /// Takes back the last move and any agents' moves before it, back to a human's turn.
    /// Returns false when there is nothing to take back.
    fn undo(&mut self) -> bool {
        let Some(mut m) = self.made.len().checked_sub(1) else {
            return false;
        };
        while m > 0 && !self.is_human(self.made[m].1) {
            m -= 1;
        }
        self.moves.truncate(m);
        self.made.truncate(m);
        let mut state = self.game.initial_state();
        for &(index, _) in &self.made {
            let mv = self.game.legal_moves(&state)[index].clone();
            self.game.apply(&mut state, &mv);
        }
        self.state = state;
        true
    }
}

fn list_choices(cs: &[Choice]) -> String {
    let items: Vec<String> = cs
        .iter()
        .enumerate()
        .map(|(i, c)| format!("{:>3}. {:<8}", i + 1, c.text))
        .collect();
    let mut out = String::new();
    for chunk in items.chunks(6) {
        out.push_str(chunk.join(" ").trim_end());
        out.push('\n');
    }
    out
}

pub fn run(args: &PlayArgs) -> ExitCode {
    // a record that could not be written is found out now, not after the game
    if let Some(p) = &args.record {
        if let Err(e) = std::fs::OpenOptions::new().append(true).create(true).open(p) {
            eprintln!("error: cannot write the record to {}: {e}", p.display());
            return ExitCode::from(EXIT_USAGE);
        }
    }
    let Some(game) = load_game(&args.file, &args.select.selections()) else {
        return ExitCode::from(EXIT_USAGE);
    };
    let colour = std::io::stdout().is_terminal();
    let interactive = std::io::stdin().is_terminal();
    let config = args.budget.config();
    let mut seats = Vec::new();
    let mut names = Vec::new();
    for p in 1..=game.num_players() {
        let kind = match p {
            1 => args.p1.as_str(),
            2 => args.p2.as_str(),
            _ => "mcts",
        };
        names.push(kind.to_string());
        seats.push(match kind {
            "human" => Seat::Human,
            k => Seat::Ai(make_agent(k, args.budget.seed.wrapping_add(p as u64), config).expect("known agent")),
        });
    }
    let mut s = Session {
        game: &game,
        args,
        state: game.initial_state(),
        moves: Vec::new(),
        made: Vec::new(),
        seats,
        names,
    };
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut read = |prompt: &str| -> Option<String> {
        if interactive {
            print!("{prompt}");
            let _ = std::io::stdout().flush();
        }
        match lines.next() {
            Some(Ok(l)) => {
                if !interactive {
                    println!("{prompt}{}", l.trim());
                }
                Some(l.trim().to_string())
            }
            _ => None,
        }
    };
    println!("{} — {}", game.name(), s.names.join(" vs "));
    let layout = Layout::new(&game);
    loop {
        let state = s.state.clone();
        println!();
        print!("{}", layout.text(&game, &state, colour));
        println!("{}", status_text(&game, &state, &s.names));
        if state.is_over() {
            break;
        }
        let mover = state.mover();
        let cs = choices(&game, &state);
        if let Some(Seat::Ai(agent)) = s.seats.get_mut(state.agent(mover) - 1) {
            let i = agent.choose(&game, &state);
            let c = choice_of(&game, &state, &cs, i)
                .expect("every legal move has a choice")
                .clone();
            println!("Player {mover} ({}) plays {}", agent.name(), c.text);
            s.push(&c);
            continue;
        }
        print!("{}", list_choices(&cs));
        loop {
            let Some(line) = read("> ") else {
                println!("End of input: quitting.");
                return s.finish();
            };
            let mut words = line.split_whitespace();
            match words.next() {
                None => continue,
                Some("quit") | Some("exit") => return s.finish(),
                Some("undo") => {
                    if !s.undo() {
                        println!("Nothing to undo.");
                        continue;
                    }
                    break;
                }
                Some("hint") => {
                    let mut a = MctsAgent::new(args.budget.seed ^ 0x5eed, config);
                    let ranked = a.analyse(&game, &state);
                    for (i, visits, value) in ranked.iter().take(3) {
                        println!(
                            "  hint: {} ({} visits, {:.0}% expected)",
                            canonical_text(&game, &state, *i),
                            visits,
                            value * 100.0
                        );
                    }
                    continue;
                }
                Some("save") => {
                    match words.next() {
                        Some(f) => {
                            s.save(std::path::Path::new(f));
                        }
                        None => println!("Usage: save FILE"),
                    }
                    continue;
                }
                Some(_) => {}
            }
            let picked: Option<Choice> = if let Ok(k) = line.parse::<usize>() {
                cs.get(k.wrapping_sub(1)).cloned()
            } else if let Some(c) = cs.iter().find(|c| c.text == line) {
                Some(c.clone())
            } else {
                let same: Vec<&Choice> = cs.iter().filter(|c| c.base == line).collect();
                if same.len() > 1 {
                    println!("Several moves are named {line}:");
                    for (k, c) in same.iter().enumerate() {
                        println!(
                            "  {}. {} ({})",
                            k + 1,
                            c.text,
                            game.diff_text(&state, &c.after(&game, &state))
                        );
                    }
                    read("which? ")
                        .and_then(|l| l.parse::<usize>().ok())
                        .and_then(|k| same.get(k.wrapping_sub(1)).map(|c| (*c).clone()))
                } else {
                    None
                }
            };
            match picked {
                Some(c) => {
                    println!("Player {mover} (human) plays {}", c.text);
                    s.push(&c);
                    break;
                }
                None => {
                    println!("Not a legal move or command: `{line}` (moves, a number, undo, hint, save FILE, quit)")
                }
            }
        }
    }
    println!("Result: {}", result_text(&s.state, game.num_players()));
    s.finish()
}
