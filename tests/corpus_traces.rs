//! The corpus as the test suite: every trace Ludii recorded (`../shared/ludii/traces/`: seed,
//! compat and corpus) is replayed against Ludii's own description of the game, with the
//! trace's options. The games that agree throughout are listed in `tests/agreeing-traces.txt`
//! (committed): a listed trace that stops agreeing fails the test. The test prints agreement
//! per folder and the ludemes the engine most often refuses (the roadmap).
//!
//! `LUDEME_WRITE_AGREEING=1 cargo test --release --test corpus_traces` rewrites the list with
//! every trace that agrees now (review the diff: the list should only grow).
//! `LUDEME_TRACES=board/sow` replays only the traces whose path contains that text and prints
//! what each refused game lacks (for work on one family; the list is then left as it is).

mod common;

use ludeme::engine::Game;
use ludeme::load::LoadError;
use ludeme::trace::{compare, labelled, Trace};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

const LIST: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/agreeing-traces.txt");

/// What replaying one trace gave.
enum Outcome {
    /// Every step and trial agreed.
    Agree { steps: usize },
    /// Loaded, but some trial diverged: the summary and the first divergence.
    Differ { agreed: usize, steps: usize, first: String },
    /// The engine cannot run the game: the ludeme it names.
    Refused(String),
    /// The description or trace could not be used (should not happen on the corpus).
    Broken(String),
}

fn replay(rel: &Path, by_name: &BTreeMap<String, PathBuf>) -> Outcome {
    let path = common::shared("ludii/traces").join(rel);
    let trace = match Trace::open(&path) {
        Ok(t) => t,
        Err(e) => return Outcome::Broken(format!("trace: {e}")),
    };
    let Some(lud) = common::description_of(rel, &trace.header.file, by_name) else {
        return Outcome::Broken(format!("no description named {}", trace.header.file));
    };
    let text = match std::fs::read_to_string(&lud) {
        Ok(t) => t,
        Err(e) => return Outcome::Broken(format!("{}: {e}", lud.display())),
    };
    let loaded = std::panic::catch_unwind(|| Game::load(&trace.header.file, &text, &trace.header.selections()));
    let game = match loaded {
        Ok(Ok(g)) => g,
        Ok(Err(LoadError::Unsupported { ludeme, .. })) => return Outcome::Refused(ludeme),
        Ok(Err(e)) => return Outcome::Broken(format!("load: {e}")),
        Err(_) => return Outcome::Broken("load panicked".into()),
    };
    let report = compare(&game, &trace);
    if report.all_agree() {
        return Outcome::Agree {
            steps: report.steps_total,
        };
    }
    let labels = trace.header.labels();
    let first = report
        .divergences
        .first()
        .map(|d| {
            format!(
                "trial {} ply {}: {:?} {}\n      Ludii: {}\n      ours:  {}\n      missing: {:?}\n      extra: {:?}",
                d.trial,
                d.ply,
                d.kind,
                d.detail,
                labelled(&d.expected_state, &labels),
                labelled(&d.our_state, &labels),
                d.missing.iter().take(4).collect::<Vec<_>>(),
                d.extra.iter().take(4).collect::<Vec<_>>()
            )
        })
        .unwrap_or_default();
    Outcome::Differ {
        agreed: report.steps_agreed,
        steps: report.steps_total,
        first,
    }
}

/// The folder a trace is counted under: its directory (`corpus/board/space/line`).
fn folder(rel: &Path) -> String {
    rel.parent().map(|p| p.display().to_string()).unwrap_or_default()
}

#[test]
fn corpus_traces_agree_with_ludii() {
    let files = common::all_traces();
    assert!(files.len() > 1000, "only {} traces found", files.len());
    let only = std::env::var("LUDEME_TRACES").ok();
    let files: Vec<PathBuf> = match &only {
        Some(part) => files
            .into_iter()
            .filter(|f| f.display().to_string().contains(part.as_str()))
            .collect(),
        None => files,
    };
    let by_name = common::luds_by_name();

    let outcomes: Vec<(PathBuf, Outcome)> = files
        .par_iter()
        .map(|rel| (rel.clone(), replay(rel, &by_name)))
        .collect();

    let listed = common::read_list(LIST);

    // per folder: traces, loaded, agreeing
    let mut folders: BTreeMap<String, [usize; 3]> = BTreeMap::new();
    let mut refused: BTreeMap<String, usize> = BTreeMap::new();
    let (mut agreeing, mut regressions, mut broken) = (Vec::new(), Vec::new(), Vec::new());
    let (mut steps_agreed, mut steps_total) = (0, 0);
    for (rel, outcome) in &outcomes {
        let key = rel.display().to_string();
        let f = folders.entry(folder(rel)).or_default();
        f[0] += 1;
        match outcome {
            Outcome::Agree { steps } => {
                f[1] += 1;
                f[2] += 1;
                steps_agreed += steps;
                steps_total += steps;
                agreeing.push(key.clone());
            }
            Outcome::Differ { agreed, steps, first } => {
                f[1] += 1;
                steps_agreed += agreed;
                steps_total += steps;
                println!("differs: {key}: {agreed}/{steps} steps\n    {first}");
                if listed.contains(&key) {
                    regressions.push(format!("{key}: {first}"));
                }
            }
            Outcome::Refused(ludeme) => {
                *refused.entry(ludeme.clone()).or_default() += 1;
                if only.is_some() {
                    println!("refused: {key}: {ludeme}");
                }
                if listed.contains(&key) {
                    regressions.push(format!("{key}: refused: {ludeme}"));
                }
            }
            Outcome::Broken(why) => broken.push(format!("{key}: {why}")),
        }
    }

    println!("\nagreement per folder (traces, loaded, agreeing):");
    let mut total = [0; 3];
    for (name, [n, l, a]) in &folders {
        println!("  {name:<48} {n:4} {l:4} {a:4}");
        total = [total[0] + n, total[1] + l, total[2] + a];
    }
    println!(
        "  {:<48} {:4} {:4} {:4}   ({steps_agreed}/{steps_total} steps of loaded games agree)",
        "all", total[0], total[1], total[2]
    );
    let mut top: Vec<(usize, &String)> = refused.iter().map(|(k, v)| (*v, k)).collect();
    top.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
    println!("\nmost often refused:");
    for (n, l) in top.iter().take(25) {
        println!("  {n:4}  {l}");
    }
    let new: Vec<&String> = agreeing.iter().filter(|k| !listed.contains(k)).collect();
    if !new.is_empty() {
        println!("\nagreeing, not yet listed in {LIST}:");
        for k in &new {
            println!("  {k}");
        }
    }
    if only.is_none() && std::env::var_os("LUDEME_WRITE_AGREEING").is_some() {
        common::write_list(
            LIST,
            "Traces (under ../shared/ludii/traces/) that agree with Ludii throughout; tests/corpus_traces.rs\n\
             fails when a listed one stops agreeing. Rewritten by LUDEME_WRITE_AGREEING=1.",
            &agreeing,
        );
    }
    assert!(
        broken.is_empty(),
        "traces that could not be replayed:\n{}",
        broken.join("\n")
    );
    assert!(
        regressions.is_empty(),
        "listed traces that no longer agree:\n{}",
        regressions.join("\n")
    );
}
