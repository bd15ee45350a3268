//! Simultaneous moves (`(mode Simultaneous)`): every player moves at each step, one joint
//! move of each player's move (or forced pass), as Ludii combines them.

mod common;

use ludeme::engine::{Action, Game};
use ludeme::expand::Selections;
use ludeme::trace::trial::{replay, LudiiTrial};

fn load(rel: &str) -> Game {
    let text = std::fs::read_to_string(common::shared(&format!("ludii/lud/{rel}"))).unwrap();
    Game::load(rel, &text, &Selections::default()).expect("loads")
}

#[test]
fn rock_paper_scissors_lists_every_pair_of_choices_and_judges_them() {
    let game = load("math/hand/Rock-Paper-Scissors.lud");
    let start = game.initial_state();
    let moves = game.legal_moves(&start);
    // three choices each: nine joint moves, each of player 1's part then player 2's
    assert_eq!(moves.len(), 9);
    let mut seen = Vec::new();
    for m in &moves {
        let parts: Vec<(usize, Vec<Action>)> = m.parts().map(|(p, a)| (p, a.to_vec())).collect();
        assert_eq!(
            parts.iter().map(|p| p.0).collect::<Vec<_>>(),
            [1, 2],
            "{}",
            game.move_text(m)
        );
        assert!(!seen.contains(&parts), "a joint move listed twice");
        seen.push(parts);
    }
    // the piece each player shows: its component's name (Rock1, Paper2, ...)
    let shown = |m: &ludeme::engine::Move, p: usize| {
        let (_, acts) = m.parts().find(|(q, _)| *q == p).unwrap();
        let Action::Move { from, .. } = acts[0] else {
            panic!("{:?}", acts)
        };
        let what = start.pieces(from as usize)[0].component;
        game.ir().components[what].base.clone()
    };
    let beats = |a: &str, b: &str| matches!((a, b), ("Rock", "Scissors") | ("Paper", "Rock") | ("Scissors", "Paper"));
    for m in &moves {
        let (a, b) = (shown(m, 1), shown(m, 2));
        let mut s = start.clone();
        game.apply(&mut s, m);
        assert!(s.is_over());
        let expected = if a == b {
            [1.5, 1.5]
        } else if beats(&a, &b) {
            [1.0, 2.0]
        } else {
            [2.0, 1.0]
        };
        assert_eq!(&s.ranking()[1..], expected, "{a} against {b}");
        // both pieces went to the board
        assert_eq!((s.site(0).height, s.site(1).height), (1, 1));
    }
}

/// Ludii's stored trials of Rock-Paper-Scissors and Morra (bets with their consequents,
/// hands shown, a player without a move passing, scores added after all moves): Ludii's
/// own replay skips them (its check plays alternating moves only); ours replays each to its
/// end and ranking.
#[test]
fn ludiis_trials_of_simultaneous_games_replay_in_full() {
    let files = common::trial_files();
    for (dir, lud) in [
        ("math/hand/Rock-Paper-Scissors", "math/hand/Rock-Paper-Scissors.lud"),
        ("math/hand/Morra", "math/hand/Morra.lud"),
    ] {
        let game = load(lud);
        for k in 0..2 {
            let name = format!("{dir}/RandomTrial_{k}.txt");
            let trial = LudiiTrial::parse(&files[&name]).unwrap();
            let report = replay(&game, &trial);
            assert!(report.difference.is_none(), "{name}: {:?}", report.difference);
            assert!(report.decisions >= 1);
        }
    }
}

#[test]
fn morra_plays_to_its_end_by_random_playouts() {
    let game = load("math/hand/Morra.lud");
    for state in common::finished_playouts(&game, 20) {
        // a player reached 3
        assert!(state.scores()[1..].contains(&3), "{:?}", state.scores());
    }
}
