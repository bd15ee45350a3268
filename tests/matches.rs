//! Matches (`(match ..)`): subgames played in turn, the match scores kept across them, the
//! match's end rules read after each.

mod common;

use ludeme::engine::{Action, Game, State};
use ludeme::expand::Selections;
use ludeme::load::LoadError;
use rand::SeedableRng;

/// Two small subgames: a line of two on a 2×2 board, the second with a score for its winner.
fn subgame(name: &str) -> Option<(String, String)> {
    let (title, then) = match name {
        "Lines" => ("Lines", ""),
        "Scored" => ("Scored", "(then (if (is Line 2) (set Score Mover 3)))"),
        _ => return None,
    };
    let text = format!(
        "(game \"{title}\" (players 2) (equipment {{(board (square 2)) (piece \"Disc\" Each)}})
          (rules (play (move Add (to (sites Empty)) {then})) (end (if (is Line 2) (result Mover Win)))))"
    );
    Some((format!("{title}.lud"), text))
}

const MATCH: &str = r#"(match "Two Lines"
    (players 2)
    (games {
        (subgame "Lines" next:1)
        (subgame "Scored" next:0 result:(score Mover))
    })
    (end {
        (if (>= (matchScore P1) 5) (result P1 Win))
        (if (>= (matchScore P2) 5) (result P2 Win))
    })
)"#;

fn load() -> Game {
    Game::load_with("Two Lines.lud", MATCH, &Selections::default(), &subgame).expect("loads")
}

fn is_next(game: &Game, state: &State) -> bool {
    let moves = game.legal_moves(state);
    moves.len() == 1 && moves[0].actions() == [Action::NextInstance]
}

#[test]
fn a_match_plays_its_subgames_in_turn_and_keeps_the_scores() {
    let game = load();
    assert!(game.is_match());
    assert_eq!(game.name(), "Two Lines");
    let mut state = game.initial_state();
    assert_eq!(state.match_round(), Some((&[0, 0, 0][..], 0)));
    let mut rng = rand::rngs::StdRng::seed_from_u64(3);
    let (mut subgames, mut expected) = (0, [0i32; 3]);
    while !state.is_over() {
        assert!(subgames < 100, "the match never ends");
        if is_next(&game, &state) {
            let (scores, played) = state.match_round().unwrap();
            assert_eq!(scores, expected, "match scores after {subgames} subgames");
            // the subgame played is over, the match is not: its winner scores 1 in the first
            // subgame (Ludii's default for two players), its score (3) in the second
            // (on a 2×2 board the first player's second disc makes a line: the last mover,
            // who moves to the next subgame, won)
            let winner = game.legal_moves(&state)[0].mover();
            expected[winner] += if played == 0 { 1 } else { 3 };
            let next = game.legal_moves(&state).remove(0);
            let before = state.num_decisions();
            game.apply(&mut state, &next);
            // a match counts its decisions from its start: the move to the next subgame too
            assert_eq!(state.num_decisions(), before + 1);
            subgames += 1;
            let (scores, now) = state.match_round().unwrap();
            if !state.is_over() {
                // next: alternates; the new subgame starts afresh
                assert_eq!(now, 1 - played);
                assert_eq!(state.scores().iter().sum::<i32>(), 0);
                assert!((0..4).all(|s| state.site(s).height == 0));
            }
            assert_eq!(scores, expected);
            continue;
        }
        let mv = game.random_move(&state, &mut rng).expect("a move");
        assert_ne!(mv.actions(), [Action::NextInstance]);
        let before = state.num_decisions();
        game.apply(&mut state, &mv);
        assert_eq!(state.num_decisions(), before + 1);
    }
    // the match ends once a player reaches 5, with them the winner
    let (scores, _) = state.match_round().unwrap();
    let winner = (1..=2).find(|&p| scores[p] >= 5).expect("a player reached 5");
    assert_eq!(state.ranking()[winner], 1.0);
    assert_eq!(state.ranking()[3 - winner], 2.0);
    assert!(game.legal_moves(&state).is_empty());
    assert!(subgames >= 2);
}

#[test]
fn a_match_is_played_through_by_random_playouts() {
    let game = load();
    for state in common::finished_playouts(&game, 20) {
        assert!(state.match_round().unwrap().0.iter().any(|&s| s >= 5));
    }
}

#[test]
fn a_subgame_not_found_or_of_other_players_is_refused_naming_it() {
    let none = |_: &str| None;
    match Game::load_with("m.lud", MATCH, &Selections::default(), &none) {
        Err(e @ LoadError::Subgame(_)) => assert!(e.to_string().contains("\"Lines.lud\""), "{e}"),
        other => panic!("{:?}", other.map(|g| g.name().to_string())),
    }
    let three = |name: &str| subgame(name).map(|(n, t)| (n, t.replace("(players 2)", "(players 3)")));
    match Game::load_with("m.lud", MATCH, &Selections::default(), &three) {
        Err(e @ LoadError::Subgame(_)) => assert!(e.to_string().contains("3 players"), "{e}"),
        other => panic!("{:?}", other.map(|g| g.name().to_string())),
    }
}

/// Mahbouseh (a match of one subgame to 31 points, its winner scoring `(score Mover)`), by
/// its path, its subgame found near it in Ludii's tree.
#[test]
fn a_corpus_match_finds_its_subgame_and_adds_its_winners_score() {
    let path = common::shared("ludii/lud/board/race/escape/Mahbouseh.lud");
    let text = std::fs::read_to_string(&path).unwrap();
    let game = Game::load(&path.display().to_string(), &text, &Selections::default()).expect("loads");
    let mut state = game.initial_state();
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    for _ in 0..5000 {
        if is_next(&game, &state) {
            let mover = game.legal_moves(&state)[0].mover();
            let won = state.scores()[mover];
            let next = game.legal_moves(&state).remove(0);
            game.apply(&mut state, &next);
            let (scores, subgame) = state.match_round().unwrap();
            assert_eq!(subgame, 0);
            assert_eq!(scores[mover], won, "the winner's match score is their subgame score");
            assert_eq!(scores[3 - mover], 0);
            return;
        }
        let mv = game.random_move(&state, &mut rng).unwrap();
        game.apply(&mut state, &mv);
    }
    panic!("no subgame ended in 5,000 moves");
}
