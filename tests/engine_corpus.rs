//! Loading every valid corpus description as a playable game never panics: each either loads
//! or is refused with the ludeme the engine cannot run yet. Prints how many load and which
//! ludemes are missing most often (the roadmap).

mod common;

use ludeme::engine::playout::{playout_by_moves, playout_on, playout_rng};
use ludeme::engine::Game;
use ludeme::expand::Selections;
use ludeme::load::LoadError;
use std::collections::BTreeMap;

#[test]
fn every_valid_corpus_game_loads_or_names_what_is_missing() {
    let verdicts = common::jsonl("ludii/lud-verdicts.jsonl");
    let (mut loaded, mut refused, mut panicked) = (0, 0, Vec::new());
    let mut missing: BTreeMap<String, usize> = BTreeMap::new();
    let mut with_form = Vec::new();
    for v in verdicts.iter().filter(|v| v["ok"].as_bool() == Some(true)) {
        let file = v["file"].as_str().unwrap();
        // (by its path: a match's subgames are found near it)
        let path = common::shared(&format!("ludii/lud/{file}"));
        let text = std::fs::read_to_string(&path).unwrap();
        let path = path.display().to_string();
        let result = std::panic::catch_unwind(|| match Game::load(&path, &text, &Selections::default()) {
            Ok(game) => {
                // the initial position and its moves must be computable too
                let s = game.initial_state();
                let _ = game.legal_moves(&s);
                // a playout form plays the playouts of the general engine, seed for seed
                if game.fast_playout(&mut playout_rng(0, 0), 0).is_some() {
                    for i in 0..40 {
                        let cap = if i % 4 == 3 { i as usize } else { 10_000 };
                        let fast = game.fast_playout(&mut playout_rng(9, i), cap);
                        let slow = playout_by_moves(&game, &mut playout_rng(9, i), cap);
                        assert_eq!(fast, Some(slow), "{file}: playout {i} by its playout form");
                    }
                    // and from the positions of a random game, those of the general engine
                    // from there (random moves are always the general engine's)
                    let (mut walk, mut state) = (playout_rng(10, 0), game.initial_state());
                    for ply in 0..600u64 {
                        let cap = if ply % 4 == 3 { ply as usize % 13 } else { 10_000 };
                        if ply % 3 == 0 {
                            if let Some(fast) = game.playout_from(&state, &mut playout_rng(11, ply), cap) {
                                let (slow, _) = playout_on(&game, state.clone(), &mut playout_rng(11, ply), cap);
                                assert_eq!(fast, slow, "{file}: playout from ply {ply} by its playout form");
                            }
                        }
                        match game.random_move(&state, &mut walk) {
                            Some(mv) if !state.is_over() => game.apply(&mut state, &mv),
                            _ => break,
                        }
                    }
                    return Ok(true);
                }
                Ok(false)
            }
            Err(e) => Err(e),
        });
        match result {
            Ok(Ok(form)) => {
                loaded += 1;
                if form {
                    with_form.push(file.to_string());
                }
            }
            Ok(Err(LoadError::Unsupported { ludeme, .. })) => {
                refused += 1;
                *missing.entry(ludeme).or_default() += 1;
            }
            Ok(Err(e)) => panic!("{file}: valid for Ludii but not loaded: {e}"),
            Err(_) => panicked.push(file.to_string()),
        }
    }
    let mut top: Vec<(usize, String)> = missing.into_iter().map(|(k, v)| (v, k)).collect();
    top.sort_by(|a, b| b.cmp(a));
    println!("{loaded} games load, {refused} are refused; most often missing:");
    for (n, l) in top.iter().take(15) {
        println!("  {n:4}  {l}");
    }
    println!("{} games have a playout form: {with_form:?}", with_form.len());
    assert!(panicked.is_empty(), "panics while loading: {panicked:?}");
    // (today's count: a change that stops a game from loading fails here)
    assert!(loaded >= 1_171, "only {loaded} games load (1,171 did)");
    assert!(
        with_form.len() >= 3,
        "only {} games have a playout form",
        with_form.len()
    );
}

/// The edited corpus files of `../shared/ludii/check-cases/` that `check` accepts: each
/// loads or is refused for a named ludeme the engine lacks, never a panic or another error.
#[test]
fn edited_corpus_files_that_check_accepts_load_or_name_what_is_missing() {
    let cases = common::jsonl("ludii/check-cases/cases.jsonl");
    let (mut loaded, mut refused, mut rejected) = (0, 0, 0);
    let mut wrong = Vec::new();
    for case in &cases {
        let file = case["file"].as_str().unwrap();
        let text = std::fs::read_to_string(common::shared(&format!("ludii/check-cases/{file}"))).unwrap();
        let result = std::panic::catch_unwind(|| Game::load(file, &text, &Selections::default()).map(|_| ()));
        match result {
            Ok(Ok(())) => loaded += 1,
            Ok(Err(LoadError::Unsupported { ludeme, at })) => {
                refused += 1;
                // a ludeme's name, not a description of a fault in the file
                if ludeme.contains("missing") {
                    wrong.push(format!("{file}: refused for `{ludeme}` at {at:?}"));
                }
            }
            Ok(Err(LoadError::Invalid(_))) => rejected += 1,
            Ok(Err(e)) => wrong.push(format!("{file}: {e}")),
            Err(_) => wrong.push(format!("{file}: panicked")),
        }
    }
    println!("check cases: {loaded} load, {refused} refused for a ludeme, {rejected} rejected by check");
    assert!(wrong.is_empty(), "{wrong:#?}");
}
