//! `ludeme compare TRACE --game FILE`: replay a Ludii trace and report where we disagree;
//! `ludeme compare TRIALS [--game FILE | --lud-root DIR]`: Ludii's trial files, one or a
//! directory of them (`compare_trials.rs`).

use super::{read_description, EXIT_USAGE};
use crate::engine::Game;
use crate::load::LoadError;
use crate::trace::{compare_trials_with, labelled, Divergence, DivergenceKind, RuleDifference, TraceReader};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct CompareArgs {
    /// A trace recorded from Ludii (JSON Lines, see `../shared/ludii/README.md`), or Ludii's
    /// trial files: one (`.trl`, `RandomTrial_0.txt`, what `--generate-trials` writes) or a
    /// directory of them.
    pub trace: PathBuf,
    /// The description to load, with the trace's or trial's options and ruleset.
    #[arg(long, value_name = "FILE")]
    pub game: Option<PathBuf>,
    /// For trial files: the root of Ludii's `lud/` tree, where each trial's description is
    /// found (by the trial's folder where it mirrors `lud/`, else by its `game=` line).
    #[arg(long, value_name = "DIR")]
    pub lud_root: Option<PathBuf>,
    /// Output format: `human`, or `json` (one object: the figures and each divergence).
    #[arg(long, default_value = "human", value_parser = ["human", "json"])]
    pub format: String,
    /// A known rule difference, `PLY:SITES`: at decision PLY (0: the first), Ludii's successors
    /// that change one of SITES (labels separated by commas, or `corners`) are not expected;
    /// trials that followed one are skipped and counted apart. Repeatable.
    #[arg(long = "allow-difference", value_name = "PLY:SITES")]
    pub allow_difference: Vec<String>,
    /// For trial files: print our position after the placements and after each move
    /// replayed (the state text of a trace), to see where a replay's positions part.
    #[arg(long)]
    pub states: bool,
    /// For a trace of a game without chance: write the moves of its first trial that
    /// disagrees (else its first) as a Ludii trial file, up to where we part, to open that
    /// position in Ludii (its Player's Load Trial) and see Ludii's moves there.
    #[arg(long, value_name = "FILE")]
    pub save_trial: Option<PathBuf>,
}

/// A `--allow-difference` value as a rule difference on `game`'s sites.
fn rule_difference(game: &Game, spec: &str) -> Result<RuleDifference, String> {
    let (ply, sites) = spec
        .split_once(':')
        .ok_or_else(|| format!("`{spec}`: expected PLY:SITES, e.g. 0:corners or 0:A1,B2"))?;
    let ply = ply
        .trim()
        .parse::<usize>()
        .map_err(|_| format!("`{spec}`: `{ply}` is not a decision number"))?;
    let mut out = Vec::new();
    for name in sites.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        if name == "corners" {
            out.extend(game.board().corners().iter().map(|&s| s as usize));
            continue;
        }
        match (0..game.num_sites()).find(|&i| game.site_label(i) == name) {
            Some(i) => out.push(i),
            None => return Err(format!("`{spec}`: no site labelled `{name}`")),
        }
    }
    if out.is_empty() {
        return Err(format!("`{spec}`: no sites"));
    }
    Ok(RuleDifference {
        name: spec.to_string(),
        ply,
        sites: out,
    })
}

pub fn run(args: &CompareArgs) -> ExitCode {
    if super::compare_trials::is_trials(&args.trace) {
        return super::compare_trials::run(args);
    }
    let Some(game_path) = args.game.as_ref() else {
        eprintln!("error: a trace needs --game FILE (the description it was recorded from)");
        return ExitCode::from(EXIT_USAGE);
    };
    let file = match std::fs::File::open(&args.trace) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: cannot read {}: {e}", args.trace.display());
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let reader = match TraceReader::new(std::io::BufReader::new(file)) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {}: {e}", args.trace.display());
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let header = reader.header().clone();
    let Some(game) = load_game(game_path, &header.selections()) else {
        return ExitCode::from(EXIT_USAGE);
    };
    let mut differences = Vec::new();
    for spec in &args.allow_difference {
        match rule_difference(&game, spec) {
            Ok(d) => differences.push(d),
            Err(e) => {
                eprintln!("error: --allow-difference {e}");
                return ExitCode::from(EXIT_USAGE);
            }
        }
    }
    let report = match compare_trials_with(&game, reader, &differences) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {}: {e}", args.trace.display());
            return ExitCode::from(EXIT_USAGE);
        }
    };
    if let Some(path) = &args.save_trial {
        let trial = report.divergences.first().map_or(0, |d| d.trial);
        if let Err(e) = save_trial(&game, game_path, &header, &args.trace, trial, path) {
            eprintln!("error: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.format == "json" {
        let _ = writeln!(out, "{}", serde_json::to_string(&report).unwrap_or_default());
    } else {
        let labels = if header.sites.is_empty() {
            (0..game.num_sites()).map(|i| game.site_label(i).to_string()).collect()
        } else {
            header.labels()
        };
        for d in &report.divergences {
            let _ = write!(out, "{}", describe(d, &labels));
        }
        let _ = writeln!(out, "{}", report.summary());
    }
    if report.all_agree() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// `--save-trial`: the moves of trial `index` of the trace, as far as ours agree, as a
/// Ludii trial file: at each step, our first legal move whose result is Ludii's choice.
fn save_trial(
    game: &Game,
    game_path: &Path,
    header: &crate::trace::TraceHeader,
    trace: &Path,
    index: usize,
    out: &Path,
) -> Result<(), String> {
    let all = crate::trace::Trace::open(trace).map_err(|e| format!("{}: {e}", trace.display()))?;
    let trial = all
        .trials
        .iter()
        .find(|t| t.index == index)
        .ok_or("the trace has no trials")?;
    let mut state = game.initial_state();
    let mut choices = Vec::new();
    for step in &trial.steps {
        let Some(chosen) = step.successors.get(step.chosen) else {
            break;
        };
        let legal = game.legal_moves(&state);
        let found = legal.iter().position(|m| {
            let mut next = state.clone();
            game.apply(&mut next, m);
            game.diff_text(&state, &next) == *chosen
        });
        let Some(i) = found else { break };
        game.apply(&mut state, &legal[i]);
        choices.push(i);
    }
    let options: Vec<String> = header.options.clone();
    let text = crate::trace::trial_write::trial_of_choices(game, game_path, &options, 0, choices);
    std::fs::write(out, text).map_err(|e| format!("cannot write {}: {e}", out.display()))
}

/// Load a description as a game, printing why not (diagnostics rendered) on failure.
pub fn load_game(path: &Path, selections: &crate::expand::Selections) -> Option<Game> {
    let (text, _lossy) = match read_description(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return None;
        }
    };
    let name = path.display().to_string();
    match Game::load(&name, &text, selections) {
        Ok(g) => Some(g),
        Err(LoadError::Invalid(checked)) => {
            eprint!("{}", crate::diag::render_human(&checked.diagnostics, &checked.sources));
            eprintln!("error: {name}: the description has errors");
            None
        }
        Err(e) => {
            eprintln!("error: {name}: {e}");
            None
        }
    }
}

/// A divergence as a few human lines.
fn describe(d: &Divergence, labels: &[String]) -> String {
    let what = match d.kind {
        DivergenceKind::State => "states differ",
        DivergenceKind::Successors => "successors differ",
        DivergenceKind::End => "end differs",
        DivergenceKind::Panic => "engine panicked",
        DivergenceKind::Trace => "trace problem",
    };
    let mut s = format!("trial {}, ply {}: {what}", d.trial, d.ply);
    if !d.detail.is_empty() {
        s += &format!(" ({})", d.detail);
    }
    s.push('\n');
    if d.kind == DivergenceKind::Successors {
        s += &format!("  board: {}\n", labelled(&d.expected_state, labels));
    } else {
        s += &format!("  Ludii: {}\n", labelled(&d.expected_state, labels));
        if !d.our_state.is_empty() {
            s += &format!("  ours:  {}\n", labelled(&d.our_state, labels));
        }
    }
    for (name, diffs) in [("missing", &d.missing), ("extra", &d.extra)] {
        if !diffs.is_empty() {
            s += &format!("  {name} ({}):\n", diffs.len());
            for diff in diffs {
                s += &format!("    {}    [{diff}]\n", labelled(diff, labels));
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn describes_a_divergence_with_labels() {
        let labels: Vec<String> = vec!["A1".into(), "B1".into()];
        let d = Divergence {
            trial: 3,
            ply: 7,
            kind: DivergenceKind::Successors,
            expected_state: "1=Disc1|m2".into(),
            our_state: "1=Disc1|m2".into(),
            missing: vec!["0=Disc2|m1".into()],
            extra: vec![],
            detail: "1 legal moves here, Ludii lists 2".into(),
        };
        assert_eq!(
            describe(&d, &labels),
            "trial 3, ply 7: successors differ (1 legal moves here, Ludii lists 2)\n  board: B1=Disc1 |m2\n  \
             missing (1):\n    A1=Disc2 |m1    [0=Disc2|m1]\n"
        );
        let s = Divergence {
            kind: DivergenceKind::State,
            our_state: "0=Disc1|m2".into(),
            missing: vec![],
            detail: String::new(),
            ..d
        };
        assert_eq!(
            describe(&s, &labels),
            "trial 3, ply 7: states differ\n  Ludii: B1=Disc1 |m2\n  ours:  A1=Disc1 |m2\n"
        );
    }
}
