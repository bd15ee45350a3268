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
