//! Playout speed, one thread: Refugia (Hex 3-4), Equi Game System (ruleset "Equi (Described)",
//! Hex 3-4), Ex Nihilo (default base-5 board), and Ludii's descriptions of the games of the
//! engine-model issue (Breakthrough, Knightthrough, Amazons, Hex Amazons, Clobber, Konane,
//! Reversi, Tablut; default options) and of the space games' issue (Tic-Tac-Toe, Connect Four,
//! Yavalath, Hex 11×11, Go 19×19). Compare with `../shared/bench/ludii-speed.md`.
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

/// Ludii's descriptions (under `lud/`) benchmarked with their default options, and the
/// playouts of a batch.
const CORPUS: &[(&str, &str, u64)] = &[
    ("breakthrough", "board/race/reach/Breakthrough.lud", 100),
    ("knightthrough", "board/race/reach/Knightthrough.lud", 100),
    ("amazons", "board/space/blocking/Amazons.lud", 100),
    ("hex-amazons", "board/space/blocking/Hex Amazons.lud", 20),
    ("clobber", "board/war/replacement/stalemate/Clobber.lud", 100),
    ("konane", "board/war/leaping/orthogonal/Konane.lud", 100),
    ("reversi", "board/space/territory/Reversi.lud", 20),
    ("tablut", "board/war/custodial/Tablut.lud", 20),
    // the space games' issue (Tic-Tac-Toe, Connect Four, Yavalath and Hex play out by the
    // placement form, `engine/forms/placement.rs`)
    ("tic-tac-toe", "board/space/line/Tic-Tac-Toe.lud", 1000),
    ("connect-four", "board/space/line/Connect Four.lud", 1000),
    ("yavalath", "board/space/line/Yavalath.lud", 1000),
    ("hex-11", "board/space/connection/Hex.lud", 100),
    ("go-19", "board/space/territory/Go.lud", 2),
];

fn bench(c: &mut Criterion) {
    bench_game(c, "refugia-hex-3-4", &load(REFUGIA, &["Board Size/Hex 3-4"]), 100);
    bench_game(c, "ex-nihilo-5", &load(EX_NIHILO, &[]), 20);
    bench_game(c, "equi-described", &equi_described(), 100);
    for (name, lud, batch) in CORPUS {
        let path = format!("{}/../shared/ludii/lud/{lud}", env!("CARGO_MANIFEST_DIR"));
        bench_game(c, name, &load(&path, &[]), *batch);
    }
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
}

criterion_group!(benches, bench);
criterion_main!(benches);
