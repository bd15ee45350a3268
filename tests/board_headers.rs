//! Every board Ludii recorded, checked board-only: the header of each trace under
//! `../shared/ludii/traces/` (seed, compat, corpus) lists the sites of the default site type
//! (index, label, centroid) and the containers. Each trace's description is loaded with the
//! header's options, only its layout is built ([`Game::load_layout`]: the rules may use
//! ludemes the engine cannot run yet) and written as `ludeme board --format json` writes it;
//! that is read back and compared: site type, number of sites, every label, x and y within
//! 1e-4, and the containers (name, first site, number of sites).
//!
//! The traces whose board agrees are listed in `tests/agreeing-boards.txt` (committed): a
//! listed one that stops agreeing fails the test. The test prints agreement per folder, the
//! board ludemes most often refused (the roadmap) and the first difference of each board
//! that differs.
//!
//! `LUDEME_WRITE_BOARDS=1 cargo test --release --test board_headers` rewrites the list with
//! every board that agrees now (review the diff: the list should only grow);
//! `LUDEME_SHOW_REFUSED=1` prints each refused board with the ludeme refused.

mod common;

use ludeme::engine::Game;
use ludeme::load::LoadError;
use ludeme::trace::TraceHeader;
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::io::BufRead;
use std::path::{Path, PathBuf};

const LIST: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/agreeing-boards.txt");
const TOLERANCE: f64 = 1e-4;

/// What comparing one header gave.
enum Outcome {
    Agree,
    /// Built, but different: the first difference.
    Differ(String),
    /// The engine cannot build the board (or lower the equipment): the ludeme it names.
    Refused(String),
    /// The description or header could not be used.
    Broken(String),
}

/// The header line of a trace (only the first line is read: traces are large).
fn header(path: &Path) -> Result<TraceHeader, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut line = String::new();
    std::io::BufReader::new(file)
        .read_line(&mut line)
        .map_err(|e| e.to_string())?;
    serde_json::from_str(&line).map_err(|e| e.to_string())
}

fn check(rel: &Path, by_name: &BTreeMap<String, PathBuf>) -> Outcome {
    let header = match header(&common::shared("ludii/traces").join(rel)) {
        Ok(h) => h,
        Err(e) => return Outcome::Broken(format!("header: {e}")),
    };
    let Some(lud) = common::description_of(rel, &header.file, by_name) else {
        return Outcome::Broken(format!("no description named {}", header.file));
    };
    let text = match std::fs::read_to_string(&lud) {
        Ok(t) => t,
        Err(e) => return Outcome::Broken(format!("{}: {e}", lud.display())),
    };
    let built = std::panic::catch_unwind(|| Game::load_layout(&header.file, &text, &header.selections()));
    let layout = match built {
        Ok(Ok(l)) => l,
        Ok(Err(LoadError::Unsupported { ludeme, .. })) => return Outcome::Refused(ludeme),
        Ok(Err(e)) => return Outcome::Broken(format!("load: {e}")),
        Err(_) => return Outcome::Broken("building the board panicked".into()),
    };
    // what `ludeme board --format json` prints, read back as a header
    let ours: TraceHeader = match serde_json::from_str(&ludeme::cli::board::json(&layout, None)) {
        Ok(h) => h,
        Err(e) => return Outcome::Broken(format!("ludeme board's JSON: {e}")),
    };
    if !header.site_type.is_empty() && header.site_type != ours.site_type {
        return Outcome::Differ(format!("site type {}, Ludii {}", ours.site_type, header.site_type));
    }
    if ours.sites.len() != header.sites.len() {
        return Outcome::Differ(format!(
            "{} sites, Ludii {} (graph {:?})",
            ours.sites.len(),
            header.sites.len(),
            layout.board.graph_counts()
        ));
    }
    for (s, o) in header.sites.iter().zip(&ours.sites) {
        if s.i != o.i {
            return Outcome::Differ(format!("Ludii lists site {} where we list {}", s.i, o.i));
        }
        if (o.x - s.x).abs() > TOLERANCE || (o.y - s.y).abs() > TOLERANCE {
            return Outcome::Differ(format!(
                "site {} at ({:.4}, {:.4}), Ludii ({:.4}, {:.4})",
                s.i, o.x, o.y, s.x, s.y
            ));
        }
    }
    for (s, o) in header.sites.iter().zip(&ours.sites) {
        if o.label != s.label {
            return Outcome::Differ(format!("site {} labelled {}, Ludii {}", s.i, o.label, s.label));
        }
    }
    if !header.containers.is_empty() && ours.containers != header.containers {
        let show = |cs: &[ludeme::trace::TraceContainer]| {
            cs.iter()
                .map(|c| format!("{} {}+{}", c.name, c.from, c.sites))
                .collect::<Vec<_>>()
                .join(", ")
        };
        return Outcome::Differ(format!(
            "containers {}, Ludii {}",
            show(&ours.containers),
            show(&header.containers)
        ));
    }
    Outcome::Agree
}

/// The folder a header is counted under: `seed`, `compat`, or the corpus folder two deep
/// (`corpus/board/space`).
fn folder(rel: &Path) -> String {
    let parts: Vec<_> = rel
        .parent()
        .into_iter()
        .flat_map(|p| p.components())
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .take(3)
        .collect();
    parts.join("/")
}

#[test]
fn boards_agree_with_ludii_headers() {
    let files = common::all_traces();
    assert!(files.len() > 1000, "only {} traces found", files.len());
    let by_name = common::luds_by_name();

    let outcomes: Vec<(PathBuf, Outcome)> = files
        .par_iter()
        .map(|rel| (rel.clone(), check(rel, &by_name)))
        .collect();

    let listed = common::read_list(LIST);

    // per folder: headers, built, agreeing
    let mut folders: BTreeMap<String, [usize; 3]> = BTreeMap::new();
    let mut refused: BTreeMap<String, usize> = BTreeMap::new();
    let (mut agreeing, mut regressions, mut broken) = (Vec::new(), Vec::new(), Vec::new());
    for (rel, outcome) in &outcomes {
        let key = rel.display().to_string();
        let f = folders.entry(folder(rel)).or_default();
        f[0] += 1;
        match outcome {
            Outcome::Agree => {
                f[1] += 1;
                f[2] += 1;
                agreeing.push(key.clone());
            }
            Outcome::Differ(first) => {
                f[1] += 1;
                println!("differs: {key}: {first}");
                if listed.contains(&key) {
                    regressions.push(format!("{key}: {first}"));
                }
            }
            Outcome::Refused(ludeme) => {
                if std::env::var_os("LUDEME_SHOW_REFUSED").is_some() {
                    println!("refused: {key}: {ludeme}");
                }
                *refused.entry(ludeme.clone()).or_default() += 1;
                if listed.contains(&key) {
                    regressions.push(format!("{key}: refused: {ludeme}"));
                }
            }
            Outcome::Broken(why) => broken.push(format!("{key}: {why}")),
        }
    }

    println!("\nboards per folder (headers, built, agreeing):");
    let mut total = [0; 3];
    for (name, [n, b, a]) in &folders {
        println!("  {name:<40} {n:4} {b:4} {a:4}");
        total = [total[0] + n, total[1] + b, total[2] + a];
    }
    println!("  {:<40} {:4} {:4} {:4}", "all", total[0], total[1], total[2]);
    let mut top: Vec<(usize, &String)> = refused.iter().map(|(k, v)| (*v, k)).collect();
    top.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(b.1)));
    println!("\nmost often refused:");
    for (n, l) in top.iter().take(40) {
        println!("  {n:4}  {l}");
    }
    let new: Vec<&String> = agreeing.iter().filter(|k| !listed.contains(k)).collect();
    if !new.is_empty() {
        println!("\n{} agreeing, not yet listed in {LIST}", new.len());
    }
    if std::env::var_os("LUDEME_WRITE_BOARDS").is_some() {
        common::write_list(
            LIST,
            "Traces (under ../shared/ludii/traces/) whose header's board (sites, labels, coordinates)\n\
             agrees with ours; tests/board_headers.rs fails when a listed one stops agreeing.\n\
             Rewritten by LUDEME_WRITE_BOARDS=1.",
            &agreeing,
        );
    }
    assert!(
        broken.is_empty(),
        "headers that could not be checked:\n{}",
        broken.join("\n")
    );
    assert!(
        regressions.is_empty(),
        "listed boards that no longer agree:\n{}",
        regressions.join("\n")
    );
}
