use super::record::{choices, Record};
use super::*;
use crate::expand::Selections;

fn refugia() -> Game {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/ludii/lud/board/space/territory/Refugia.lud"
    );
    let text = std::fs::read_to_string(path).expect("Ludii's Refugia");
    let sel = Selections {
        options: vec!["Board Size/Hex 2-3".into()],
        ruleset: None,
    };
    Game::load("Refugia.lud", &text, &sel).expect("loads")
}

/// Play one game; returns the final state and the legal-move indices taken.
fn play(game: &Game, agents: &mut [Box<dyn Agent>]) -> (State, Vec<usize>) {
    let mut s = game.initial_state();
    let mut taken = Vec::new();
    while !s.is_over() && taken.len() < 500 {
        let i = agents[s.mover() - 1].choose(game, &s);
        let mv = game.legal_moves(&s)[i].clone();
        game.apply(&mut s, &mv);
        taken.push(i);
    }
    (s, taken)
}

fn mcts(seed: u64, iterations: u64) -> Box<dyn Agent> {
    Box::new(MctsAgent::new(
        seed,
        MctsConfig {
            iterations: Some(iterations),
            ..MctsConfig::default()
        },
    ))
}

#[test]
fn agents_are_deterministic_for_a_seed() {
    let game = refugia();
    let run = || play(&game, &mut [mcts(7, 50), Box::new(RandomAgent::new(3))]).1;
    assert_eq!(run(), run());
}

#[test]
fn mcts_beats_random_on_refugia_hex_2_3() {
    let game = refugia();
    let mut score = 0.0;
    let n = 6;
    for g in 0..n {
        let mut agents: Vec<Box<dyn Agent>> = vec![mcts(g, 200), Box::new(RandomAgent::new(100 + g))];
        let seat = (g % 2) as usize;
        if seat == 1 {
            agents.swap(0, 1);
        }
        let (s, _) = play(&game, &mut agents);
        score += rewards(&s, 2)[seat + 1];
    }
    assert!(score >= 5.0, "MCTS scored {score}/{n} against random");
}

#[test]
fn rewards_from_ranking() {
    let game = refugia();
    let (s, _) = play(
        &game,
        &mut [Box::new(RandomAgent::new(1)), Box::new(RandomAgent::new(2))],
    );
    assert!(s.is_over());
    let r = rewards(&s, 2);
    assert!((r[1] + r[2] - 1.0).abs() < 1e-9, "{r:?}");
}

#[test]
fn records_round_trip_and_names_are_unique() {
    let game = refugia();
    let mut s = game.initial_state();
    let mut rec = Record {
        file: "Refugia.lud".into(),
        options: vec!["Board Size/Hex 2-3".into()],
        ..Record::default()
    };
    let mut agent = RandomAgent::new(9);
    while !s.is_over() {
        let cs = choices(&game, &s);
        let mut names: Vec<&str> = cs.iter().map(|c| c.text.as_str()).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), cs.len(), "ambiguous names");
        let i = agent.choose(&game, &s);
        rec.moves.push(record::canonical_text(&game, &s, i));
        let mv = game.legal_moves(&s)[i].clone();
        game.apply(&mut s, &mv);
    }
    let json = serde_json::to_string(&rec).unwrap();
    let back: Record = serde_json::from_str(&json).unwrap();
    assert_eq!(back, rec);
    let last = back.replay(&game).unwrap();
    assert_eq!(game.state_text(&last), game.state_text(&s));
    let mut bad = back.clone();
    bad.moves[0] = "Z99".into();
    assert!(bad.replay(&game).unwrap_err().contains("not legal"));
}

#[test]
fn mcts_reuses_its_tree_after_the_reply() {
    let game = refugia();
    let mut a = MctsAgent::new(
        1,
        MctsConfig {
            iterations: Some(300),
            ..MctsConfig::default()
        },
    );
    let mut s = game.initial_state();
    for _ in 0..2 {
        let i = a.choose(&game, &s);
        let mv = game.legal_moves(&s)[i].clone();
        game.apply(&mut s, &mv);
    }
    // Our move then the reply MCTS itself would pick: both were expanded.
    let i = a.choose(&game, &s);
    assert!(a.last_reused > 0);
    assert!(i < game.legal_moves(&s).len());
}

/// A game of Ludii's corpus, with its default options.
fn corpus_game(rel: &str) -> Game {
    let path = format!("{}/../shared/ludii/lud/{rel}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("Ludii's description");
    Game::load(rel, &text, &Selections::default()).expect("loads")
}

#[test]
fn mcts_decides_from_what_the_mover_sees() {
    use rand::SeedableRng;
    // Banqi starts with every piece face down: two states the first player cannot tell
    // apart get the same decision from the same seed, and a determinised state differs
    let game = corpus_game("board/space/blocking/Banqi.lud");
    assert!(game.has_hidden_info());
    let s = game.initial_state();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    let other = game.determinise(&s, s.mover(), &mut rng);
    assert_ne!(other, s, "the hidden pieces are shuffled");
    for site in 0..game.total_sites() {
        assert_eq!(game.view(&other, 1).pieces(site), game.view(&s, 1).pieces(site));
    }
    let moves = |st: &State| -> Vec<String> { game.legal_moves(st).iter().map(|m| game.move_text(m)).collect() };
    assert_eq!(moves(&s), moves(&other), "the mover's moves do not tell either");
    let a = mcts(11, 400).choose(&game, &s);
    let b = mcts(11, 400).choose(&game, &other);
    assert_eq!(a, b);
}
