//! Conformance with Ludii: replay Ludii's reference traces (`../shared/ludii/traces`) and require
//! full agreement (same states, same sets of distinct successors, same ends).
//!
//! To add a game, add a line to the `suites!` table below: test name, trace glob (under
//! `traces/`, one `*`), description (under `lud/`).

mod common;

use common::trace_files as traces;
use ludeme::engine::Game;
use ludeme::trace::{compare, Trace};
use std::path::Path;

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

/// Ludii's description `lud` (under `lud/`), which must be the file the trace was recorded from.
fn load(lud: &str, trace: &Trace) -> Game {
    let path = Path::new(SHARED).join("lud").join(lud);
    assert_eq!(
        path.file_name().unwrap().to_str().unwrap(),
        trace.header.file,
        "the trace was recorded from another file"
    );
    common::load_for_trace(&path, trace)
}

/// Replay every trace of a suite; print the figures and first divergences; require agreement.
fn replay_suite(glob: &str, lud: &str) {
    common::replay_traces(glob, |trace| compare(&load(lud, trace), trace));
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
