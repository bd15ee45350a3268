//! Expands every corpus description with default options (and every ruleset / option item
//! where cheap) and compares with Ludii's verdicts.

use std::path::{Path, PathBuf};

use ludeme::expand::{expand_with, Library, Limits, Selections};
use ludeme::source::{SourceFile, SourceMap};

fn root() -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/ludii")).to_path_buf()
}

fn lib() -> Library {
    Library::load_dir(&root().join("def")).expect("def folder")
}

fn verdicts() -> Vec<(String, bool)> {
    let text = std::fs::read_to_string(root().join("lud-verdicts.jsonl")).expect("verdicts");
    text.lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .map(|v| {
            (
                v["file"].as_str().unwrap_or("").to_string(),
                v["ok"].as_bool().unwrap_or(false),
            )
        })
        .collect()
}

fn first_form_head(game: &str) -> Option<&str> {
    let i = game.find('(')?;
    let rest = &game[i + 1..];
    let e = rest.find(|c: char| !(c.is_ascii_alphanumeric()))?;
    Some(&rest[..e])
}

#[test]
fn corpus_default_options() {
    let root = root();
    assert!(root.exists(), "the reference material is missing: {}", root.display());
    let lib = lib();
    let limits = Limits::default();
    let (mut ok, mut bad) = (0, Vec::new());
    let start = std::time::Instant::now();
    let all = verdicts();
    let mut slow = Vec::new();
    for (file, ludii_ok) in &all {
        let text = std::fs::read_to_string(root.join("lud").join(file)).expect("lud");
        let mut sm = SourceMap::new(SourceFile::new(file.clone(), text));
        let t0 = std::time::Instant::now();
        let e = expand_with(&mut sm, &Selections::default(), &limits, &lib).expect("no selection");
        slow.push((t0.elapsed(), file.clone()));
        let errs: Vec<_> = e.diagnostics.iter().filter(|d| d.is_error()).collect();
        let head = first_form_head(&e.game);
        let accepted = errs.is_empty() && matches!(head, Some("game") | Some("match"));
        if accepted == *ludii_ok {
            ok += 1;
        } else {
            bad.push(format!(
                "{file}: ludii {ludii_ok}, ours {accepted} {:?} {:?}",
                head,
                errs.first().map(|d| &d.message)
            ));
        }
    }
    eprintln!("corpus: {ok}/{} agree with Ludii in {:?}", all.len(), start.elapsed());
    slow.sort();
    let total: std::time::Duration = slow.iter().map(|x| x.0).sum();
    eprintln!("expansion alone: {total:?}; slowest:");
    for (d, f) in slow.iter().rev().take(5) {
        eprintln!("  {d:?} {f}");
    }
    for b in bad.iter().take(30) {
        eprintln!("  {b}");
    }
    assert!(bad.is_empty(), "{} disagreements", bad.len());
}

/// Our standard define library expands every corpus file (and every ruleset of it) to the
/// very text Ludii's own library gives.
#[test]
fn our_standard_library_expands_like_ludiis() {
    let root = root();
    let ludii = lib();
    let ours = Library::standard();
    let limits = Limits::default();
    let mut compared = 0;
    let mut differ = Vec::new();
    for (file, _) in verdicts() {
        let text = std::fs::read_to_string(root.join("lud").join(&file)).expect("lud");
        let mut a = SourceMap::new(SourceFile::new(file.clone(), text.clone()));
        let mut b = SourceMap::new(SourceFile::new(file.clone(), text));
        let ea = expand_with(&mut a, &Selections::default(), &limits, &ludii).expect("no selection");
        let eb = expand_with(&mut b, &Selections::default(), &limits, ours).expect("no selection");
        compared += 1;
        if ea.game != eb.game || ea.metadata != eb.metadata {
            differ.push(file);
        }
    }
    eprintln!("{compared} files expanded with both libraries, {} differ", differ.len());
    assert!(differ.is_empty(), "expansions differ: {differ:?}");
}
