//! `ludeme play FILE`: play in the terminal, humans and agents.
//!
//! Human input: a move by its text (`C3-E5`, `C3`, `pass`, or a canonical `C3-E5#2`), or by its
//! number in the list shown; a site, to list the moves that start there (when there are too
//! many to show at once); `moves [SITE]`, `undo`, `hint`, `save FILE`, `quit`. When stdin is not a terminal, one
//! line is read per input and the output is plain text, so scripts and tests can drive it.

use super::compare::load_game;
use super::session::{SeatArgs, Session};
use super::view::{change_words, filler, status_text, Layout};
use super::{SelectArgs, EXIT_USAGE};
use crate::ai::record::{canonical_text, choices, Choice};
use crate::ai::{result_text, MctsAgent, MctsConfig};
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
    #[command(flatten)]
    pub seats: SeatArgs,
    #[command(flatten)]
    pub budget: BudgetArgs,
    /// Save the game record (JSON) here when the game ends or on quit.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Save the game as a Ludii trial file here when the game ends or on quit (Ludii's
    /// Player loads it with Load Trial).
    #[arg(long, value_name = "FILE")]
    pub save_trial: Option<PathBuf>,
}

/// At most this many choices are listed at once (a screenful with the board); more are
/// grouped by the site they start from.
const MAX_LISTED: usize = 48;

/// Where a choice starts: the part of its text before `-` (`C3` of `C3-E5`), if any.
fn origin(c: &Choice) -> Option<&str> {
    c.base.split_once('-').map(|(from, _)| from).filter(|f| !f.is_empty())
}

/// Numbered choices (numbered from 1 in `cs`'s order), six to a line.
fn list_choices(cs: &[Choice]) -> String {
    grid(cs.iter().enumerate().collect())
}

fn grid(items: Vec<(usize, &Choice)>) -> String {
    let items: Vec<String> = items
        .iter()
        .map(|(i, c)| format!("{:>3}. {:<8}", i + 1, c.text))
        .collect();
    let mut out = String::new();
    for chunk in items.chunks(6) {
        out.push_str(chunk.join(" ").trim_end());
        out.push('\n');
    }
    out
}

/// Numbered choices: those with a text of their own six to a line, then those that share a
/// text one to a line, each with what it does.
fn list_with_words(game: &Game, state: &State, cs: &[Choice]) -> String {
    let shared = |c: &Choice| cs.iter().filter(|d| d.base == c.base).count() > 1;
    let mut out = grid(cs.iter().enumerate().filter(|(_, c)| !shared(c)).collect());
    let several: Vec<(usize, &Choice)> = cs.iter().enumerate().filter(|(_, c)| shared(c)).collect();
    if out.lines().count() + several.len() <= MAX_LINES {
        for (i, c) in several {
            let words = change_words(game, state, &c.after(game, state), filler(game));
            out += &format!("{:>3}. {} ({words})\n", i + 1, c.text);
        }
        return out;
    }
    // too many to show one to a line: each shared text once, with how many moves share it
    let mut bases: Vec<(&str, usize)> = Vec::new();
    for (_, c) in several {
        match bases.iter_mut().find(|(b, _)| *b == c.base) {
            Some(e) => e.1 += 1,
            None => bases.push((&c.base, 1)),
        }
    }
    let items: Vec<String> = bases.iter().map(|(b, k)| format!("{b}({k})")).collect();
    out += "several moves each (type one to see them):\n";
    out += &wrap(&items, 72, 6);
    out
}

/// At most this many lines of choices are shown at once.
const MAX_LINES: usize = 12;

/// Words wrapped to lines of at most `width` characters, at most `max_lines` of them (the
/// rest counted on the last).
fn wrap(words: &[String], width: usize, max_lines: usize) -> String {
    let mut lines: Vec<String> = vec![String::new()];
    let mut used = 0;
    for w in words {
        let last = lines.last_mut().expect("one line");
        if !last.is_empty() && last.len() + 1 + w.len() > width {
            if lines.len() == max_lines {
                break;
            }
            lines.push(String::new());
        }
        let last = lines.last_mut().expect("one line");
        if !last.is_empty() {
            last.push(' ');
        }
        last.push_str(w);
        used += 1;
    }
    if used < words.len() {
        let last = lines.last_mut().expect("one line");
        last.push_str(&format!(" … and {} more", words.len() - used));
    }
    lines.join("\n") + "\n"
}

/// The choices of a human's turn, a screenful at most: all of them numbered when few, else
/// the sites moves start from (with how many each has) and the sites pieces can be placed
/// on. Returns the text and the choices its numbers name (all of them, in order, when
/// grouped: as `moves` lists them).
fn menu(cs: &[Choice]) -> (String, Vec<Choice>) {
    if cs.len() <= MAX_LISTED {
        return (list_choices(cs), cs.to_vec());
    }
    let mut origins: Vec<(&str, usize)> = Vec::new();
    let mut places: Vec<String> = Vec::new();
    let mut others: Vec<String> = Vec::new();
    for c in cs {
        match origin(c) {
            Some(o) => match origins.iter_mut().find(|(x, _)| *x == o) {
                Some(e) => e.1 += 1,
                None => origins.push((o, 1)),
            },
            None if c.base == "pass" || c.base == "swap" => others.push(c.text.clone()),
            None => places.push(c.text.clone()),
        }
    }
    let mut out = format!("{} moves.", cs.len());
    if let Some(c) = cs.iter().find(|c| origin(c).is_some()) {
        out += &format!(
            " Type a move (such as {}), or the site a move starts from to list its moves:\n",
            c.text
        );
        let items: Vec<String> = origins.iter().map(|(o, k)| format!("{o}({k})")).collect();
        out += &format!("from: {}", wrap(&items, 72, 5));
    } else {
        out += " Type a move:\n";
    }
    if !places.is_empty() {
        out += &format!("to: {}", wrap(&places, 74, 3));
    }
    if !others.is_empty() {
        out += &format!("or: {}\n", others.join(" "));
    }
    out += "(`moves` numbers them all; a number picks from that list)\n";
    (out, cs.to_vec())
}

pub fn run(args: &PlayArgs) -> ExitCode {
    // a record that could not be written is found out now, not after the game
    for (p, what) in [(&args.record, "the record"), (&args.save_trial, "the trial")] {
        let Some(p) = p else { continue };
        if let Err(e) = std::fs::OpenOptions::new().append(true).create(true).open(p) {
            eprintln!("error: cannot write {what} to {}: {e}", p.display());
            return ExitCode::from(EXIT_USAGE);
        }
    }
    let Some(game) = load_game(&args.file, &args.select.selections()) else {
        return ExitCode::from(EXIT_USAGE);
    };
    let colour = std::io::stdout().is_terminal();
    let interactive = std::io::stdin().is_terminal();
    let config = args.budget.config();
    let specs = args.seats.specs();
    let layout = Layout::new(&game);
    let mut s = match Session::new(
        game,
        args.file.display().to_string(),
        args.select.selections(),
        specs,
        args.budget.seed,
        config,
    ) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let finish = |s: &Session| {
        let record = args.record.as_ref().is_none_or(|p| save(s, p));
        let trial = args.save_trial.as_ref().is_none_or(|p| save_trial(s, p));
        if record && trial {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        }
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
    let names: Vec<String> = s.seats().iter().map(|x| x.kind.clone()).collect();
    println!("{} — {}", s.game.name(), names.join(" vs "));
    loop {
        let state = s.state().clone();
        let game_rc = s.game.clone();
        let game = &*game_rc;
        println!();
        // (with hidden information, what the human's seat sees)
        print!("{}", layout.text(game, &game.view(&state, s.viewer()), colour));
        println!("{}", status_text(game, &state, &names));
        if state.is_over() {
            break;
        }
        let mover = state.mover();
        if !s.human_to_move() {
            match s.agent_move() {
                Some((c, name)) => println!("Player {mover} ({name}) plays {}", c.text),
                // (no legal move, and not over: a simulation at a standstill)
                None => {
                    println!("No legal move: the game stands still.");
                    break;
                }
            }
            continue;
        }
        let cs = choices(game, &state);
        let (text, mut numbered) = menu(&cs);
        print!("{text}");
        loop {
            let Some(line) = read("> ") else {
                println!("End of input: quitting.");
                return finish(&s);
            };
            let mut words = line.split_whitespace();
            match words.next() {
                None => continue,
                Some("quit") | Some("exit") => return finish(&s),
                Some("undo") => {
                    if !s.undo() {
                        println!("Nothing to undo.");
                        continue;
                    }
                    break;
                }
                Some("hint") => {
                    let mut a = MctsAgent::new(args.budget.seed ^ 0x5eed, config);
                    let ranked = a.analyse(game, &state);
                    for (i, visits, value) in ranked.iter().take(3) {
                        println!(
                            "  hint: {} (tried {visits} times; wins {:.0}% of those playouts)",
                            canonical_text(game, &state, *i),
                            value * 100.0
                        );
                    }
                    continue;
                }
                Some("save") => {
                    match words.next() {
                        Some(f) => {
                            save(&s, std::path::Path::new(f));
                        }
                        None => println!("Usage: save FILE"),
                    }
                    continue;
                }
                Some("moves") | Some("list") => {
                    let from = words.next();
                    let listed: Vec<Choice> = match from {
                        Some(f) => cs.iter().filter(|c| origin(c) == Some(f)).cloned().collect(),
                        None => cs.clone(),
                    };
                    if listed.is_empty() {
                        println!("No move starts from {}.", from.unwrap_or("anywhere"));
                    } else {
                        print!("{}", list_with_words(game, &state, &listed));
                        numbered = listed;
                    }
                    continue;
                }
                Some(_) => {}
            }
            let picked: Option<Choice> = if let Ok(k) = line.parse::<usize>() {
                numbered.get(k.wrapping_sub(1)).cloned()
            } else if let Some(c) = cs.iter().find(|c| c.text == line) {
                Some(c.clone())
            } else {
                let same: Vec<Choice> = cs.iter().filter(|c| c.base == line).cloned().collect();
                let from: Vec<Choice> = cs
                    .iter()
                    .filter(|c| origin(c) == Some(line.as_str()))
                    .cloned()
                    .collect();
                if same.len() > 1 {
                    println!("Several moves are named {line}:");
                    print!("{}", list_with_words(game, &state, &same));
                    read("which? ")
                        .and_then(|l| l.parse::<usize>().ok())
                        .and_then(|k| same.get(k.wrapping_sub(1)).cloned())
                } else if !from.is_empty() {
                    println!("Moves from {line}:");
                    print!("{}", list_with_words(game, &state, &from));
                    numbered = from;
                    continue;
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
                    println!("Not a legal move or command: `{line}` (a move, a site, a number, moves [SITE], undo, hint, save FILE, quit)")
                }
            }
        }
    }
    println!("Result: {}", result_text(s.state(), s.game.num_players()));
    finish(&s)
}

/// Writes the game's record; says whether it could.
fn save(s: &Session, path: &std::path::Path) -> bool {
    let json = serde_json::to_string_pretty(&s.record()).expect("serialisable");
    write_saying(path, json + "\n", "the record")
}

/// Writes the game as a Ludii trial file; says whether it could.
fn save_trial(s: &Session, path: &std::path::Path) -> bool {
    write_saying(path, s.ludii_trial(), "the Ludii trial")
}

fn write_saying(path: &std::path::Path, text: String, what: &str) -> bool {
    match std::fs::write(path, text) {
        Ok(()) => {
            println!("Saved {what} to {}", path.display());
            true
        }
        Err(e) => {
            eprintln!("error: cannot write {}: {e}", path.display());
            false
        }
    }
}
