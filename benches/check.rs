//! Checking speed: the whole corpus of 1,300 Ludii descriptions, one thread.
//!
//! `cargo bench --bench check` (needs `../shared/ludii/lud` beside the project). Ludii needs
//! about 0.2 s per file (some 5 minutes for the corpus) on this machine class.

use criterion::{criterion_group, criterion_main, Criterion};
use ludeme::check::check_source;
use ludeme::expand::Selections;
use std::path::Path;

fn corpus() -> Vec<(String, String)> {
    let files = ludeme::source::lud_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/ludii/lud"));
    files
        .into_iter()
        .filter_map(|p| Some((p.display().to_string(), std::fs::read_to_string(&p).ok()?)))
        .collect()
}

fn bench(c: &mut Criterion) {
    let files = corpus();
    if files.is_empty() {
        eprintln!("no corpus at ../shared/ludii/lud: nothing to measure");
        return;
    }
    let sel = Selections::default();
    let mut g = c.benchmark_group("check");
    g.sample_size(10);
    g.bench_function(format!("corpus ({} files)", files.len()), |b| {
        b.iter(|| {
            let mut errors = 0;
            for (name, text) in &files {
                if check_source(name, text, &sel).map(|c| c.has_errors()).unwrap_or(true) {
                    errors += 1;
                }
            }
            errors
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
