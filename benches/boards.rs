//! Building boards: three large ones (`(square 300)`, 90,000 cells; `(hex 100)`, 29,701
//! cells; `(tri 200)`, 40,000 cells), and every board of the corpus that builds (its
//! description checked and its board lowered once, beforehand: only building is measured;
//! the throughput is boards per second, so the time per board is its inverse).
//!
//! `cargo bench --bench boards` (the corpus part needs `../shared/ludii/lud` beside the
//! project). The hot-path queries of small boards are in `benches/board.rs`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ludeme::board::{Board, BoardSpec, SiteType};
use std::hint::black_box;
use std::path::Path;

/// The board spec and site type of every corpus description (default options) that checks,
/// lowers and builds.
fn corpus_boards() -> Vec<(BoardSpec, SiteType)> {
    let files = ludeme::source::lud_files(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/ludii/lud"));
    let sel = ludeme::expand::Selections::default();
    files
        .iter()
        .filter_map(|p| {
            let text = std::fs::read_to_string(p).ok()?;
            let checked = ludeme::check::check_source(&p.display().to_string(), &text, &sel).ok()?;
            if checked.has_errors() {
                return None;
            }
            let (spec, ty) = ludeme::compile::lower_board(checked.game.as_ref()?).ok()?;
            Board::new(&spec, ty).ok()?;
            Some((spec, ty))
        })
        .collect()
}

fn boards(c: &mut Criterion) {
    let mut g = c.benchmark_group("large boards");
    g.sample_size(10);
    for (name, spec) in [
        ("square 300", BoardSpec::Square(300)),
        ("hex 100", BoardSpec::Hex(100)),
        ("tri 200", BoardSpec::TriTriangle(200)),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| Board::new(black_box(&spec), SiteType::Cell).unwrap())
        });
    }
    g.finish();

    let corpus = corpus_boards();
    if corpus.is_empty() {
        eprintln!("no corpus at ../shared/ludii/lud: no corpus boards to build");
        return;
    }
    let mut g = c.benchmark_group("corpus boards");
    g.sample_size(10);
    g.throughput(Throughput::Elements(corpus.len() as u64));
    g.bench_function(format!("build all {}", corpus.len()), |b| {
        b.iter(|| {
            for (spec, ty) in &corpus {
                black_box(Board::new(black_box(spec), *ty).unwrap());
            }
        })
    });
    g.finish();
}

criterion_group!(benches, boards);
criterion_main!(benches);
