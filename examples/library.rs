//! Using `ludeme` as a library: load a description, play a random game, print its moves and
//! result. `cargo run --release --example library [FILE]` (default: `games/ex-nihilo.lud`).

use ludeme::engine::Game;
use ludeme::expand::Selections;
use rand::SeedableRng;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "games/ex-nihilo.lud".to_string());
    let text = std::fs::read_to_string(&path)?;
    let game = Game::load(&path, &text, &Selections::default())?;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut state = game.initial_state();
    while let Some(mv) = game.random_move(&state, &mut rng) {
        print!("{} ", game.move_text(&mv)); // e.g. C5-A5
        game.apply(&mut state, &mv);
    }
    println!();
    println!("{}", ludeme::ai::result_text(&state, game.num_players())); // e.g. Player 1 wins
    Ok(())
}
