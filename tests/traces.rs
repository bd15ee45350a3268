//! Conformance with Ludii: replay Ludii's reference traces (`../shared/ludii/traces`) and require
//! full agreement (same states, same sets of distinct successors, same ends).
//!
//! To add a game, add a line to the `suites!` table below: test name, trace glob (under
//! `traces/`, one `*`), description (under `lud/`).

use ludeme::engine::{Game, LoadError};
use ludeme::trace::{compare, labelled, CompareReport, Trace};
use std::path::{Path, PathBuf};

const SHARED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/ludii");

macro_rules! suites {
    ($($name:ident: $glob:literal => $lud:literal,)*) => {
        /// Every suite: (name, trace glob, description).
        const SUITES: &[(&str, &str, &str)] = &[$((stringify!($name), $glob, $lud)),*];
        $(
            #[test]
            fn $name() {
                replay_suite($glob, $lud);
            }
        )*
    };
}

suites! {
    refugia: "seed/refugia-*.jsonl" => "board/space/territory/Refugia.lud",
    equi: "seed/equi*.jsonl" => "experimental/Equi Game System.lud",
    ex_nihilo: "seed/ex-nihilo-*.jsonl" => "board/space/blocking/Ex Nihilo.lud",
}

/// Files matching `glob` (a path under `traces/` whose file name may hold one `*`), sorted.
fn traces(glob: &str) -> Vec<PathBuf> {
    let path = Path::new(SHARED).join("traces").join(glob);
    let dir = path.parent().unwrap();
    let pattern = path.file_name().unwrap().to_str().unwrap();
    let (prefix, suffix) = pattern.split_once('*').unwrap_or((pattern, ""));
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
            name.len() >= prefix.len() + suffix.len() && name.starts_with(prefix) && name.ends_with(suffix)
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no trace matches {glob}");
    files
}

fn load(lud: &str, trace: &Trace) -> Game {
    let path = Path::new(SHARED).join("lud").join(lud);
    assert_eq!(
        path.file_name().unwrap().to_str().unwrap(),
        trace.header.file,
        "the trace was recorded from another file"
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    match Game::load(&path.display().to_string(), &text, &trace.header.selections()) {
        Ok(g) => g,
        Err(LoadError::Invalid(c)) => panic!(
            "{lud} {:?}: {}",
            trace.header.options,
            ludeme::diag::render_human(&c.diagnostics, &c.sources)
        ),
        Err(e) => panic!("{lud} {:?} {:?}: {e}", trace.header.options, trace.header.ruleset),
    }
}

/// Replay every trace of a suite; print the figures and first divergences; require agreement.
fn replay_suite(glob: &str, lud: &str) {
    let mut total = CompareReport::default();
    let mut failures = Vec::new();
    for file in traces(glob) {
        let trace = Trace::open(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let game = load(lud, &trace);
        let report = compare(&game, &trace);
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        println!("{name}: {}", report.summary());
        let labels = trace.header.labels();
        for d in report.divergences.iter().take(5) {
            println!(
                "  trial {} ply {}: {:?} {}\n    Ludii: {}\n    ours:  {}\n    missing: {:?}\n    extra: {:?}",
                d.trial,
                d.ply,
                d.kind,
                d.detail,
                labelled(&d.expected_state, &labels),
                labelled(&d.our_state, &labels),
                d.missing,
                d.extra
            );
        }
        if !report.all_agree() {
            failures.push(format!("{name}: {}", report.summary()));
        }
        total.merge(report);
    }
    println!("{glob}: {}", total.summary());
    assert!(
        failures.is_empty(),
        "disagreements with Ludii:\n{}",
        failures.join("\n")
    );
}

/// The reader accepts every reference trace, seed and compat (no engine needed).
#[test]
fn every_trace_reads() {
    let mut count = 0;
    for glob in ["seed/*.jsonl", "compat/*.jsonl"] {
        for file in traces(glob) {
            let trace = Trace::open(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            assert!(!trace.header.file.is_empty(), "{}", file.display());
            assert!(!trace.trials.is_empty(), "{}", file.display());
            for (k, t) in trace.trials.iter().enumerate() {
                let end = t
                    .end
                    .as_ref()
                    .unwrap_or_else(|| panic!("{}: trial {k} has no end", file.display()));
                assert_eq!(end.ply, t.steps.len(), "{}: trial {k}", file.display());
                for s in &t.steps {
                    assert!(
                        s.chosen < s.successors.len(),
                        "{}: trial {k} ply {}",
                        file.display(),
                        s.ply
                    );
                    assert!(
                        s.successors.windows(2).all(|w| w[0] < w[1]),
                        "{}: unsorted",
                        file.display()
                    );
                }
            }
            count += 1;
        }
    }
    assert!(count >= 35, "{count} traces");
}

/// Every suite's description exists.
#[test]
fn suites_name_existing_files() {
    for (name, glob, lud) in SUITES {
        assert!(Path::new(SHARED).join("lud").join(lud).is_file(), "{name}: {lud}");
        assert!(!traces(glob).is_empty(), "{name}");
    }
}
