//! Shared helpers for the integration tests: paths to the reference material in `../shared`.
#![allow(dead_code)]

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
