//! Playout speed: random playouts of Refugia on the Hex 3-4 board and of Equi Game System
//! (ruleset "Equi (Described)", Hex 3-4), one thread.
//!
//! `cargo bench --bench playout` (needs `../shared/ludii/lud` beside the project). Each
//! iteration is one full playout with a new seed, so the figure is the time per playout.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ludeme::engine::playout::{playout, playout_rng, playouts, DEFAULT_MAX_DECISIONS};
use ludeme::engine::Game;
use ludeme::expand::Selections;

const REFUGIA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/ludii/lud/board/space/territory/Refugia.lud"
);

fn refugia_3_4() -> Game {
    let text = std::fs::read_to_string(REFUGIA).expect("Refugia.lud beside the project");
    let selections = Selections {
        options: vec!["Board Size/Hex 3-4".into()],
        ruleset: None,
    };
    Game::load("Refugia.lud", &text, &selections).unwrap_or_else(|e| panic!("loading Refugia: {e}"))
}

const EQUI: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/ludii/lud/experimental/Equi Game System.lud"
);

fn equi_described() -> Game {
    let text = std::fs::read_to_string(EQUI).expect("Equi Game System.lud beside the project");
    let selections = Selections {
        options: vec![],
        ruleset: Some("Ruleset/Equi (Described)".into()),
    };
    Game::load("Equi Game System.lud", &text, &selections).unwrap_or_else(|e| panic!("loading Equi: {e}"))
}

fn bench(c: &mut Criterion) {
    let game = refugia_3_4();
    let mut group = c.benchmark_group("refugia-hex-3-4");
    group.throughput(Throughput::Elements(1));
    group.bench_function("playout", |b| {
        let mut i = 0u64;
        b.iter(|| {
            i += 1;
            playout(&game, &mut playout_rng(1, i), DEFAULT_MAX_DECISIONS)
        })
    });
    group.sample_size(10);
    group.bench_function("100 playouts", |b| b.iter(|| playouts(&game, 100, 1, 1)));
    group.finish();

    let game = equi_described();
    let mut group = c.benchmark_group("equi-described");
    group.throughput(Throughput::Elements(1));
    group.bench_function("playout", |b| {
        let mut i = 0u64;
        b.iter(|| {
            i += 1;
            playout(&game, &mut playout_rng(1, i), DEFAULT_MAX_DECISIONS)
        })
    });
    group.sample_size(10);
    group.bench_function("100 playouts", |b| b.iter(|| playouts(&game, 100, 1, 1)));
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
