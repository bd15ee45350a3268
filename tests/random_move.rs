//! `Game::random_move` draws from the legal moves uniformly, though it asks the moves'
//! filters (`ifAfterwards`, `(no Repeat)`) only of the moves it draws: on positions of Go
//! (9×9) where some empty points are suicides, and of a chess game whose `(do ..
//! ifAfterwards:..)` has consequents of its own, every drawn move is legal (with those
//! consequents) and every legal move comes up about as often as the others.

use ludeme::engine::playout::playout_rng;
use ludeme::engine::{Game, State};
use ludeme::expand::Selections;
use std::collections::HashMap;

fn load(rel: &str, options: &[&str]) -> Game {
    let path = format!("{}/../shared/ludii/lud/{rel}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let selections = Selections {
        options: options.iter().map(|o| o.to_string()).collect(),
        ruleset: None,
    };
    Game::load(&path, &text, &selections).unwrap()
}

fn go_9x9() -> Game {
    load("board/space/territory/Go.lud", &["Board Size/9x9"])
}

/// A position after `n` random moves (or earlier, at the first where the filters remove
/// some candidate: fewer legal moves than empty points and a pass).
fn position(game: &Game, seed: u64, n: usize) -> State {
    let mut rng = playout_rng(seed, 0);
    let mut state = game.initial_state();
    for _ in 0..n {
        let Some(m) = game.random_move(&state, &mut rng) else {
            break;
        };
        game.apply(&mut state, &m);
    }
    state
}

/// Draws at `state`, `per` times each legal move on average: every one legal and each
/// legal move drawn a binomial count of mean `per` (within ±5σ but for a chance of ~1e-6).
fn assert_uniform(game: &Game, state: &State, seed: u64, per: usize) {
    let legal = game.legal_moves(state);
    let draws = per * legal.len();
    let mut rng = playout_rng(seed, 1);
    let mut seen: HashMap<usize, usize> = HashMap::new();
    for _ in 0..draws {
        let m = game.random_move(state, &mut rng).unwrap();
        let k = legal
            .iter()
            .position(|l| *l == m)
            .unwrap_or_else(|| panic!("seed {seed}: drawn {} is not legal", game.move_text(&m)));
        *seen.entry(k).or_default() += 1;
    }
    let sigma = (per as f64).sqrt();
    let range = (per as f64 - 5.0 * sigma) as usize..=(per as f64 + 5.0 * sigma) as usize;
    for (k, m) in legal.iter().enumerate() {
        let c = seen.get(&k).copied().unwrap_or(0);
        assert!(
            range.contains(&c),
            "seed {seed}: {} drawn {c} times of {draws} (expected about {per})",
            game.move_text(m)
        );
    }
}

#[test]
fn random_moves_are_legal_and_uniform() {
    let game = go_9x9();
    let mut filtered = 0;
    for seed in 0..40 {
        let state = position(&game, seed, 60);
        if state.is_over() {
            continue;
        }
        let legal = game.legal_moves(&state);
        let empty = (0..game.num_sites()).filter(|&s| state.pieces(s).is_empty()).count();
        if legal.len() > empty {
            continue;
        }
        filtered += 1;
        assert_uniform(&game, &state, seed, 200);
    }
    assert!(
        filtered >= 3,
        "only {filtered} positions where the filters remove moves"
    );
}

/// At the positions after `plies(seed)` random moves, `seed` in `seeds`, those not over
/// (at least `least` of them): draws are legal and uniform ([`assert_uniform`]).
fn assert_uniform_along(
    game: &Game,
    seeds: std::ops::Range<u64>,
    plies: impl Fn(u64) -> usize,
    per: usize,
    least: usize,
) {
    let mut positions = 0;
    for seed in seeds {
        let state = position(game, seed, plies(seed));
        if state.is_over() {
            continue;
        }
        positions += 1;
        assert_uniform(game, &state, seed, per);
    }
    assert!(positions >= least, "only {positions} positions not over");
}

/// Ludus Rebellionis 2's play is `(do (forEach Piece) ifAfterwards:(not (is Threatened
/// ..)) (then ..))`: the moves drawn carry the `do`'s consequents as the listed ones do.
#[test]
fn drawn_moves_keep_the_consequents_of_their_do() {
    let game = load("reconstruction/done/board/war/other/Ludus Rebellionis 2.lud", &[]);
    assert_uniform_along(&game, 0..12, |seed| 30 + 7 * seed as usize, 60, 6);
}

/// Yonin Shogi's play is `(if .. (or ..) (do (or ..) ifAfterwards:..) (then ..))`: the `do`
/// sits among alternatives with consequents, which its moves drawn carry as listed ones do.
#[test]
fn drawn_moves_keep_the_consequents_around_their_do() {
    let game = load("board/war/replacement/checkmate/shogi/Yonin Shogi.lud", &[]);
    assert_uniform_along(&game, 0..3, |seed| 8 + 5 * seed as usize, 40, 2);
}
