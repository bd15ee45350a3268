//! Mutated corpus descriptions: the fuzzer's bytes pick one of Ludii's files and a few
//! structure-aware mutations of it (`mutations.rs`); the result goes through `check`, and
//! where it loads, a short random playout. Nothing may panic or hang, whatever the edit.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ludeme::engine::playout::playout;
use ludeme::engine::Game;
use ludeme::expand::Selections;
use rand::SeedableRng;

#[path = "mutations.rs"]
mod mutations;

fuzz_target!(|data: &[u8]| {
    let files = mutations::corpus();
    let mut c = mutations::Choices::new(data);
    let mut text = files[c.below(files.len())].clone();
    let edits = 1 + c.below(4);
    for _ in 0..edits {
        text = mutations::mutate(&text, &mut c);
        if c.is_empty() {
            break;
        }
    }
    // `LUDEME_FUZZ_DUMP=FILE`: write the mutated description there (to replay a finding)
    if let Ok(path) = std::env::var("LUDEME_FUZZ_DUMP") {
        let _ = std::fs::write(path, &text);
    }
    let _ = ludeme::check::check_source("mutated.lud", &text, &Selections::default());
    let Ok(game) = Game::load("mutated.lud", &text, &Selections::default()) else {
        return;
    };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(data.len() as u64);
    let _ = playout(&game, &mut rng, 200);
});
