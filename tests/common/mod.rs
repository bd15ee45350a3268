//! Shared helpers for the integration tests: paths to the reference material in `../shared`.
#![allow(dead_code)]

use std::io::Read;
use std::path::PathBuf;

/// `../shared/<rel>` next to the project (tests may read it; the product never does).
pub fn shared(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("shared")
        .join(rel)
}

/// Read a JSON Lines file into values.
pub fn jsonl(rel: &str) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(shared(rel)).unwrap_or_else(|e| panic!("reading {rel}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).expect("valid JSON line"))
        .collect()
}

/// One of our own descriptions in `games/`, loaded with its default options.
pub fn our_game(file: &str) -> ludeme::engine::Game {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("games").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    ludeme::engine::Game::load(file, &text, &ludeme::expand::Selections::default()).expect("our game loads")
}

/// Play the move named `text` (exactly one legal move has that name).
pub fn play(g: &ludeme::engine::Game, s: &mut ludeme::engine::State, text: &str) {
    let found = g.find_move(s, text);
    assert_eq!(
        found.len(),
        1,
        "{text}: {} legal moves named so in {}",
        found.len(),
        g.state_text(s)
    );
    g.apply(s, &found[0]);
}

/// The content of a site, as in the state text (`Disc1,Disc2`, bottom first; empty: "").
pub fn at(g: &ludeme::engine::Game, s: &ludeme::engine::State, label: &str) -> String {
    let i = (0..g.num_sites())
        .find(|&i| g.site_label(i) == label)
        .unwrap_or_else(|| panic!("no site {label}"));
    let text = g.state_text(s);
    let board = text.split('|').next().unwrap_or("");
    board
        .split(' ')
        .find_map(|p| p.strip_prefix(&format!("{i}=")))
        .unwrap_or("")
        .to_string()
}

/// Trace files matching `glob` (a path under `../shared/ludii/traces/` whose file name may
/// hold one `*`), sorted; at least one.
pub fn trace_files(glob: &str) -> Vec<PathBuf> {
    let path = shared("ludii/traces").join(glob);
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

/// Load a description for a trace, with the trace's options or ruleset; a description with
/// errors or a ludeme the engine cannot run fails the test, saying which.
pub fn load_for_trace(path: &std::path::Path, trace: &ludeme::trace::Trace) -> ludeme::engine::Game {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    match ludeme::engine::Game::load(&path.display().to_string(), &text, &trace.header.selections()) {
        Ok(g) => g,
        Err(ludeme::load::LoadError::Invalid(c)) => panic!(
            "{} {:?}: {}",
            path.display(),
            trace.header.options,
            ludeme::diag::render_human(&c.diagnostics, &c.sources)
        ),
        Err(e) => panic!(
            "{} {:?} {:?}: {e}",
            path.display(),
            trace.header.options,
            trace.header.ruleset
        ),
    }
}

/// Replay every trace matching `glob` with `run` (which loads the game and compares); print
/// each report and its first divergences; require that every trace agrees. The total.
pub fn replay_traces(
    glob: &str,
    mut run: impl FnMut(&ludeme::trace::Trace) -> ludeme::trace::CompareReport,
) -> ludeme::trace::CompareReport {
    use ludeme::trace::{labelled, CompareReport, Trace};
    let mut total = CompareReport::default();
    let mut failures = Vec::new();
    for file in trace_files(glob) {
        let trace = Trace::open(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let report = run(&trace);
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
    total
}

/// Every trace under `../shared/ludii/traces/` (seed, compat, corpus), as paths relative to
/// that folder, sorted.
pub fn all_traces() -> Vec<PathBuf> {
    fn walk(root: &std::path::Path, dir: &std::path::Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                walk(root, &p, out);
            } else if p.extension().is_some_and(|x| x == "jsonl") {
                out.push(p.strip_prefix(root).unwrap().to_path_buf());
            }
        }
    }
    let root = shared("ludii/traces");
    let mut files = Vec::new();
    walk(&root, &root, &mut files);
    files.sort();
    files
}

/// Every `.lud` file under `lud/` by file name (the first in path order wins).
pub fn luds_by_name() -> std::collections::BTreeMap<String, PathBuf> {
    let luds = ludeme::source::lud_files(&shared("ludii/lud"));
    let mut by_name = std::collections::BTreeMap::new();
    for p in luds {
        by_name
            .entry(p.file_name().unwrap().to_string_lossy().into_owned())
            .or_insert(p);
    }
    by_name
}

/// Ludii's description a trace was recorded from: a corpus trace's path mirrors `lud/`; a
/// seed or compat trace names its file (`header_file`), found by name under `lud/`.
pub fn description_of(
    rel: &std::path::Path,
    header_file: &str,
    by_name: &std::collections::BTreeMap<String, PathBuf>,
) -> Option<PathBuf> {
    match rel.strip_prefix("corpus") {
        Ok(r) => Some(shared("ludii/lud").join(r.with_extension("lud"))),
        Err(_) => by_name.get(header_file).cloned(),
    }
}

/// The entries of a committed list file (one a line; `#` starts a comment line).
pub fn read_list(path: &str) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}

/// Rewrite a list file: its comment lines, then the entries.
pub fn write_list(path: &str, comment: &str, entries: &[String]) {
    let mut text: String = comment.lines().map(|l| format!("# {l}\n")).collect();
    for k in entries {
        text.push_str(k);
        text.push('\n');
    }
    std::fs::write(path, text).expect("writing the list");
}

/// Every file of the archive under `trials/`, by its path below it.
pub fn trial_files() -> std::collections::BTreeMap<String, String> {
    let bytes = std::fs::read(shared("ludii/trials.tar.zst")).expect("trials.tar.zst");
    let mut tar_bytes = Vec::new();
    ruzstd::decoding::StreamingDecoder::new(&bytes[..])
        .expect("zstd")
        .read_to_end(&mut tar_bytes)
        .expect("zstd");
    let mut archive = tar::Archive::new(&tar_bytes[..]);
    let mut out = std::collections::BTreeMap::new();
    for entry in archive.entries().expect("tar") {
        let mut entry = entry.expect("tar entry");
        let path = entry.path().expect("path").to_string_lossy().into_owned();
        let Some(rel) = path.strip_prefix("trials/") else {
            continue;
        };
        let mut text = String::new();
        if entry.read_to_string(&mut text).is_ok() && !text.is_empty() {
            out.insert(rel.to_string(), text);
        }
    }
    out
}

/// The trials Ludii 1.3.13 replays (`ok`), each with its description's path under `lud/`.
pub fn ok_trials() -> Vec<(String, String)> {
    let text = std::fs::read_to_string(shared("ludii/trials-verdicts.jsonl")).expect("verdicts");
    text.lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["status"] == "ok")
        .filter_map(|v| Some((v["trial"].as_str()?.to_string(), v["lud"].as_str()?.to_string())))
        .collect()
}

/// The last states of `n` random playouts of `game` from its start (seeds 0..n, at most
/// 10,000 moves each), each asserted to be over.
pub fn finished_playouts(game: &ludeme::engine::Game, n: u64) -> Vec<ludeme::engine::State> {
    use ludeme::engine::playout::{playout_on, playout_rng};
    (0..n)
        .map(|seed| {
            let (result, state) = playout_on(game, game.initial_state(), &mut playout_rng(seed, 0), 10_000);
            assert!(state.is_over(), "playout {seed}: {result:?}");
            state
        })
        .collect()
}
