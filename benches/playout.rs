//! Playout speed, one thread: Refugia (Hex 3-4), Equi Game System (ruleset "Equi (Described)",
//! Hex 3-4) and Ex Nihilo (default base-5 board).
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

const EX_NIHILO: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/ludii/lud/board/space/blocking/Ex Nihilo.lud"
);

fn load(path: &str, options: &[&str]) -> Game {
    let text = std::fs::read_to_string(path).expect("the description beside the project");
    let selections = Selections {
        options: options.iter().map(|o| o.to_string()).collect(),
        ruleset: None,
    };
    Game::load(path, &text, &selections).unwrap_or_else(|e| panic!("loading {path}: {e}"))
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
    bench_game(c, "refugia-hex-3-4", &load(REFUGIA, &["Board Size/Hex 3-4"]), 100);
    bench_game(c, "ex-nihilo-5", &load(EX_NIHILO, &[]), 20);
}

fn bench_game(c: &mut Criterion, name: &str, game: &Game, batch: u64) {
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(1));
    group.bench_function("playout", |b| {
        let mut i = 0u64;
        b.iter(|| {
            i += 1;
            playout(game, &mut playout_rng(1, i), DEFAULT_MAX_DECISIONS)
        })
    });
    group.sample_size(10);
    group.bench_function(format!("{batch} playouts"), |b| b.iter(|| playouts(game, batch, 1, 1)));
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
