//! Deduction puzzles: Ludii stores a solution of each of its puzzles (`Sol.trl` files in
//! `../shared/ludii/trials.tar.zst`, one `Set` of a site to a value per move). Each puzzle
//! the engine runs replays its solution move by move (every move among our legal moves),
//! and the solved puzzle is won. Every puzzle that loads is counted; a floor holds how many.

use ludeme::engine::Game;
use ludeme::expand::Selections;
use ludeme::trace::trial::{replay, LudiiTrial};

mod common;

/// How many puzzles with a stored solution load and replay it to the win (today's figure).
const SOLVED_FLOOR: usize = 6;

#[test]
fn stored_puzzle_solutions_replay_to_a_win() {
    let lud = common::shared("ludii/lud");
    let (mut solved, mut refused) = (Vec::new(), Vec::new());
    for (path, text) in common::trial_files() {
        if !path.starts_with("puzzle/deduction/") || !path.ends_with("Sol.trl") {
            continue;
        }
        let trial = LudiiTrial::parse(&text).unwrap_or_else(|e| panic!("{path}: {e:?}"));
        let game_file = path.rsplit_once('/').map(|(dir, _)| format!("{dir}.lud")).expect("a folder");
        let description = std::fs::read_to_string(lud.join(&game_file)).expect("the puzzle's description");
        let selections = Selections {
            options: trial.options.clone(),
            ruleset: None,
        };
        let game = match Game::load(&game_file, &description, &selections) {
            Ok(g) => g,
            Err(e) => {
                refused.push(format!("{game_file}: {e}"));
                continue;
            }
        };
        let report = replay(&game, &trial);
        assert!(report.agrees(), "{path}: the stored solution does not replay: {report:?}");
        solved.push(path);
    }
    println!("puzzle solutions replayed to the win: {} ({solved:?})", solved.len());
    println!("puzzles refused: {refused:#?}");
    assert!(solved.len() >= SOLVED_FLOOR, "only {} puzzles solve: {solved:?}", solved.len());
}
