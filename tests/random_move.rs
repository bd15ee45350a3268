//! `Game::random_move` draws from the legal moves uniformly, though it asks the moves'
//! filters (`ifAfterwards`, `(no Repeat)`) only of the moves it draws: on positions of Go
//! (9×9) where some empty points are suicides, every drawn move is legal and every legal move
//! comes up about as often as the others.

use ludeme::engine::playout::playout_rng;
use ludeme::engine::{Game, State};
use ludeme::expand::Selections;
use std::collections::HashMap;

fn go_9x9() -> Game {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/ludii/lud/board/space/territory/Go.lud"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let selections = Selections {
        options: vec!["Board Size/9x9".into()],
        ruleset: None,
    };
    Game::load(path, &text, &selections).unwrap()
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
        // draws: each legal move expected `per` times
        let per = 200;
        let draws = per * legal.len();
        let mut rng = playout_rng(seed, 1);
        let mut seen: HashMap<usize, usize> = HashMap::new();
        for _ in 0..draws {
            let m = game.random_move(&state, &mut rng).unwrap();
            let k = legal
                .iter()
                .position(|l| *l == m)
                .unwrap_or_else(|| panic!("seed {seed}: drawn {} is not legal", game.move_text(&m)));
            *seen.entry(k).or_default() += 1;
        }
        // a binomial count of mean 200 is within 200 ± 5σ (σ ≈ 14) but for chance of ~1e-6
        for (k, m) in legal.iter().enumerate() {
            let c = seen.get(&k).copied().unwrap_or(0);
            assert!(
                (130..=270).contains(&c),
                "seed {seed}: {} drawn {c} times of {draws} (expected about {per})",
                game.move_text(m)
            );
        }
    }
    assert!(
        filtered >= 3,
        "only {filtered} positions where the filters remove moves"
    );
}
