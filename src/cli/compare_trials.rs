//! `ludeme compare` on Ludii's trial files: one file or a directory of them, each replayed
//! against the engine (`crate::trace::trial`), the first difference told in words, a
//! summary per folder.

use super::compare::{load_game, CompareArgs};
use super::view::Layout;
use super::EXIT_USAGE;
use crate::engine::Game;
use crate::expand::Selections;
use crate::trace::trial::{replay, LudiiTrial, TrialDifference, TrialReport};
use serde::Serialize;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Whether `path` holds trial files: a directory, or a file whose first line is `game=`.
pub fn is_trials(path: &Path) -> bool {
    if path.is_dir() {
        return true;
    }
    use std::io::BufRead;
    let Ok(f) = std::fs::File::open(path) else { return false };
    let mut first = String::new();
    let _ = std::io::BufReader::new(f).read_line(&mut first);
    first.starts_with("game=")
}

/// The trial files under `dir`, in order (files whose first line is `game=`).
fn trial_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            trial_files(&p, out);
        } else if is_trials(&p) {
            out.push(p);
        }
    }
}

/// The description of the trial at `path` (`rel`: its path below the directory given):
/// `--game`, else under `--lud-root` by the trial's folder (`board/hunt/Adugo/RandomTrial_0.txt`
/// is `board/hunt/Adugo.lud`), by its `game=` line below `lud/`, or by the file's name.
fn description(args: &CompareArgs, rel: &Path, trial: &LudiiTrial) -> Option<PathBuf> {
    if let Some(g) = &args.game {
        return Some(g.clone());
    }
    let root = args.lud_root.as_ref()?;
    let folder = rel.parent().filter(|p| !p.as_os_str().is_empty());
    if let Some(f) = folder {
        let p = root.join(f).with_extension("lud");
        if p.is_file() {
            return Some(p);
        }
    }
    let named = trial.game.rsplit_once("lud/").map_or(trial.game.as_str(), |(_, r)| r);
    let p = root.join(named);
    if p.is_file() {
        return Some(p);
    }
    let file = Path::new(named).file_name()?;
    find_named(root, file)
}

fn find_named(dir: &Path, name: &std::ffi::OsStr) -> Option<PathBuf> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).ok()?.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            if let Some(f) = find_named(&p, name) {
                return Some(f);
            }
        } else if p.file_name() == Some(name) {
            return Some(p);
        }
    }
    None
}

/// One trial's outcome, as `--format json` gives it.
#[derive(Serialize)]
struct Outcome {
    trial: String,
    game: Option<String>,
    /// Why it was not replayed (unreadable, no description, the game does not load).
    error: Option<String>,
    report: Option<TrialReport>,
}

/// The first difference in words: the ply and mover, Ludii's move and the nearest of ours,
/// the counts, our moves where they differ, and the board.
fn describe(game: &Game, r: &TrialReport) -> String {
    let Some(d) = &r.difference else {
        return format!("agrees ({} decisions)\n", r.decisions);
    };
    let mut s = match &d.kind {
        TrialDifference::Placement { site, what } => {
            format!("initial placement differs: Ludii puts component {what} on site {site}, our start does not\n")
        }
        TrialDifference::LegalCount { ours, ludii } => {
            format!(
                "ply {} (player {}): {ours} legal moves here, Ludii has {ludii}\n",
                d.ply, d.mover
            )
        }
        TrialDifference::MoveNotLegal { nearest } => format!(
            "ply {} (player {}): Ludii's move is not among ours (nearest of ours: {})\n",
            d.ply,
            d.mover,
            nearest.as_deref().unwrap_or("none")
        ),
        TrialDifference::EndedEarly => format!("ply {}: our game is over, Ludii's goes on\n", d.ply),
        TrialDifference::NotEnded => format!("after {} decisions: Ludii's game is over, ours is not\n", d.ply),
        TrialDifference::Ranking { ours, ludii } => {
            format!("the end differs: ranking {ours:?} here, Ludii {ludii:?}\n")
        }
    };
    if let Some(m) = &d.ludii_move {
        s += &format!("  Ludii's move: {m}\n");
    }
    if !d.ours.is_empty() {
        s += &format!("  our moves ({}): {}\n", d.ours.len(), d.ours.join(" "));
    }
    if let Some(p) = &d.position {
        for line in Layout::new(game).text(game, p, false).lines() {
            s += &format!("  {line}\n");
        }
    }
    s
}

pub fn run(args: &CompareArgs) -> ExitCode {
    let mut files = Vec::new();
    let base = if args.trace.is_dir() {
        trial_files(&args.trace, &mut files);
        args.trace.clone()
    } else {
        files.push(args.trace.clone());
        args.trace.parent().map(Path::to_path_buf).unwrap_or_default()
    };
    if files.is_empty() {
        eprintln!("error: no trial files under {}", args.trace.display());
        return ExitCode::from(EXIT_USAGE);
    }
    if args.game.is_none() && args.lud_root.is_none() {
        eprintln!("error: trial files need --game FILE or --lud-root DIR (where their descriptions are)");
        return ExitCode::from(EXIT_USAGE);
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let human = args.format != "json";
    let mut outcomes = Vec::new();
    let mut per_folder: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut games: BTreeMap<(PathBuf, Vec<String>), Option<Game>> = BTreeMap::new();
    for path in &files {
        let rel = path.strip_prefix(&base).unwrap_or(path).to_path_buf();
        let name = rel.display().to_string();
        let folder = rel
            .parent()
            .and_then(|p| p.parent())
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        let mut outcome = Outcome {
            trial: name.clone(),
            game: None,
            error: None,
            report: None,
        };
        let trial = std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|t| LudiiTrial::parse(&t).map_err(|e| e.to_string()));
        match trial {
            Err(e) => outcome.error = Some(e),
            Ok(trial) => match description(args, &rel, &trial) {
                None => outcome.error = Some(format!("no description found for `{}`", trial.game)),
                Some(lud) => {
                    outcome.game = Some(lud.display().to_string());
                    let key = (lud.clone(), trial.options.clone());
                    let game = games.entry(key).or_insert_with(|| {
                        let sel = Selections {
                            options: trial.options.clone(),
                            ruleset: None,
                        };
                        load_game(&lud, &sel)
                    });
                    match game {
                        None => outcome.error = Some("the game does not load".into()),
                        Some(g) => {
                            let r = if args.states {
                                // (numbered by the moves replayed before it: 0 after the placements)
                                let mut shown = 0usize;
                                // (each after the move that led to it, as we write it in Ludii's form)
                                let mut show = |_: usize, s: &crate::engine::State, by: Option<&str>| {
                                    if let Some(by) = by {
                                        let _ = writeln!(out, "{name} {shown} by {by}");
                                    }
                                    let _ = writeln!(out, "{name} {shown}: {}", g.state_text(s));
                                    shown += 1;
                                };
                                crate::trace::trial::replay_observed(g, &trial, &mut show)
                            } else {
                                replay(g, &trial)
                            };
                            if human {
                                let _ = write!(out, "{name}: {}", describe(g, &r));
                            }
                            outcome.report = Some(r);
                        }
                    }
                }
            },
        }
        if human {
            if let Some(e) = &outcome.error {
                let _ = writeln!(out, "{name}: not replayed: {e}");
            }
        }
        let e = per_folder.entry(folder).or_default();
        e.0 += 1;
        e.1 += usize::from(outcome.report.as_ref().is_some_and(TrialReport::agrees));
        outcomes.push(outcome);
    }
    let agree = outcomes
        .iter()
        .filter(|o| o.report.as_ref().is_some_and(TrialReport::agrees))
        .count();
    if human {
        if per_folder.len() > 1 {
            for (f, (n, a)) in &per_folder {
                let _ = writeln!(out, "  {f}: {a} of {n} agree");
            }
        }
        let _ = writeln!(out, "{agree} of {} trials agree in full", outcomes.len());
    } else {
        let _ = writeln!(
            out,
            "{}",
            serde_json::json!({ "trials": outcomes, "agree": agree, "per_folder": per_folder })
        );
    }
    if agree == outcomes.len() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
