//! A CI-sized sample of MCTS against random on each of our games (the full figure, 50 games
//! per seat at 1,000 iterations a move, is measured with `ludeme tournament`; README).

mod common;

use ludeme::ai::{rewards, Agent, MctsAgent, MctsConfig, RandomAgent};
use ludeme::engine::Game;

/// MCTS's wins in `per_seat` games in each seat against random (draws are not wins).
fn mcts_wins(game: &Game, per_seat: u64, iterations: u64) -> u64 {
    let mut wins = 0;
    for g in 0..2 * per_seat {
        let seat = (g % 2) as usize;
        let mcts: Box<dyn Agent> = Box::new(MctsAgent::new(
            g,
            MctsConfig {
                iterations: Some(iterations),
                ..MctsConfig::default()
            },
        ));
        let random: Box<dyn Agent> = Box::new(RandomAgent::new(1000 + g));
        let mut agents = if seat == 0 { [mcts, random] } else { [random, mcts] };
        let mut s = game.initial_state();
        while !s.is_over() {
            let i = agents[s.mover() - 1].choose(game, &s);
            let mv = game.legal_moves(&s)[i].clone();
            game.apply(&mut s, &mv);
        }
        if rewards(&s, 2)[seat + 1] == 1.0 {
            wins += 1;
        }
    }
    wins
}

#[test]
fn mcts_beats_random_in_each_of_our_games() {
    // (Ex Nihilo wants the full 1,000 iterations; its games are the slow ones)
    for (file, per_seat, iterations) in [
        ("refugia.lud", 2, 400),
        ("equi.lud", 2, 400),
        ("ex-nihilo.lud", 1, 1000),
    ] {
        let game = common::our_game(file);
        let wins = mcts_wins(&game, per_seat, iterations);
        assert_eq!(
            wins,
            2 * per_seat,
            "{file}: MCTS ({iterations} iterations) won {wins}/{} against random",
            2 * per_seat
        );
    }
}
