//! Load + play on arbitrary descriptions: a description that loads must play without a
//! panic, and every playout must end (or reach the decision cap).
#![no_main]

use libfuzzer_sys::fuzz_target;
use ludeme::engine::playout::playout;
use ludeme::engine::Game;
use ludeme::expand::Selections;
use rand::SeedableRng;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(game) = Game::load("fuzz.lud", &text, &Selections::default()) else {
        return;
    };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(data.len() as u64);
    for _ in 0..2 {
        let _ = playout(&game, &mut rng, 300);
    }
    // every legal move of the first position applies
    let s = game.initial_state();
    for m in game.legal_moves(&s) {
        let mut t = s.clone();
        game.apply(&mut t, &m);
        let _ = game.state_text(&t);
    }
});
