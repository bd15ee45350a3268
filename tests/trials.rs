//! The suite of Ludii's own stored trials (`../shared/ludii/trials.tar.zst`: two random whole
//! games per game, Ludii's trial files): every trial Ludii 1.3.13 itself replays
//! (`trials-verdicts.jsonl`, status `ok`) whose game the engine loads is replayed
//! (`ludeme::trace::trial`), in parallel. `tests/agreeing-trials.txt` lists the trials that
//! agree in full; one of them that stops agreeing fails the test. It prints agreement per
//! folder and the most common first differences. `LUDEME_WRITE_TRIALS=1` writes the list
//! anew.

use ludeme::engine::Game;
use ludeme::expand::Selections;
use ludeme::trace::trial::{replay, LudiiTrial, TrialDifference, TrialReport};
use rayon::prelude::*;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

mod common;
use common::{ok_trials, trial_files};

fn shared() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/ludii")
}

fn folder(trial: &str) -> String {
    trial.split('/').take(2).collect::<Vec<_>>().join("/")
}

fn difference_name(r: &TrialReport) -> String {
    match r.difference.as_ref().map(|d| &d.kind) {
        None => "agrees".into(),
        Some(TrialDifference::Placement { .. }) => "initial placement".into(),
        Some(TrialDifference::LegalCount { .. }) => "legal-move count".into(),
        Some(TrialDifference::MoveNotLegal { .. }) => "Ludii's move not among ours".into(),
        Some(TrialDifference::EndedEarly) => "we end earlier".into(),
        Some(TrialDifference::NotEnded) => "we do not end".into(),
        Some(TrialDifference::Ranking { .. }) => "ranking".into(),
    }
}

#[test]
fn ludii_stored_trials_replay() {
    let files = trial_files();
    let trials = ok_trials();
    let lud = shared().join("lud");
    // load each game once (with each trial's options)
    let mut parsed: Vec<(String, String, LudiiTrial)> = Vec::new();
    for (trial, lud_path) in &trials {
        let Some(text) = files.get(trial) else { continue };
        if let Ok(t) = LudiiTrial::parse(text) {
            parsed.push((trial.clone(), lud_path.clone(), t));
        }
    }
    let mut keys: Vec<(String, Vec<String>)> = parsed.iter().map(|(_, l, t)| (l.clone(), t.options.clone())).collect();
    keys.sort();
    keys.dedup();
    let games: HashMap<(String, Vec<String>), Option<Arc<Game>>> = keys
        .into_par_iter()
        .map(|(l, options)| {
            let text = std::fs::read_to_string(lud.join(&l)).ok();
            let sel = Selections {
                options: options.clone(),
                ruleset: None,
            };
            let game = text.and_then(|t| Game::load(&l, &t, &sel).ok()).map(Arc::new);
            ((l, options), game)
        })
        .collect();
    let start = std::time::Instant::now();
    let results: Vec<(String, Option<TrialReport>)> = parsed
        .par_iter()
        .map(|(trial, l, t)| {
            let game = games.get(&(l.clone(), t.options.clone())).cloned().flatten();
            let report =
                game.and_then(|g| std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| replay(&g, t))).ok());
            (trial.clone(), report)
        })
        .collect();
    let elapsed = start.elapsed().as_secs_f64();

    let mut per_folder: BTreeMap<String, (usize, usize, usize)> = BTreeMap::new();
    let mut kinds: BTreeMap<String, usize> = BTreeMap::new();
    let mut agreeing = BTreeSet::new();
    for (trial, report) in &results {
        let e = per_folder.entry(folder(trial)).or_default();
        e.0 += 1;
        match report {
            None => {}
            Some(r) => {
                e.1 += 1;
                if r.agrees() {
                    e.2 += 1;
                    agreeing.insert(trial.clone());
                } else {
                    *kinds.entry(difference_name(r)).or_default() += 1;
                }
            }
        }
    }
    let loaded: usize = per_folder.values().map(|v| v.1).sum();
    println!(
        "Ludii's stored trials: {} of the {} Ludii replays; {} of their games load; {} agree in full ({:.1}% of those loaded), replayed in {elapsed:.1} s",
        results.len(),
        trials.len(),
        loaded,
        agreeing.len(),
        100.0 * agreeing.len() as f64 / loaded.max(1) as f64
    );
    for (f, (n, l, a)) in &per_folder {
        println!("  {f}: {a} of {l} loaded agree ({n} trials)");
    }
    let mut kinds: Vec<_> = kinds.into_iter().collect();
    kinds.sort_by_key(|k| std::cmp::Reverse(k.1));
    println!("first differences: {kinds:?}");
    // dice drawn from Ludii's generator, started from the trial's state
    let dice: Vec<&TrialReport> = results
        .iter()
        .filter_map(|(_, r)| r.as_ref())
        .filter(|r| r.agrees() && r.rolls > 0)
        .collect();
    let drawn = dice.iter().filter(|r| r.rolls_drawn == r.rolls).count();
    let (rolls_drawn, rolls) = dice.iter().fold((0, 0), |(a, n), r| (a + r.rolls_drawn, n + r.rolls));
    println!(
        "dice drawn as Ludii drew them: every roll in {drawn} of {} agreeing trials with dice; {rolls_drawn} of {rolls} rolls before the first that differs",
        dice.len()
    );
    // our moves in Ludii's text (what `--save-trial` writes), against Ludii's own
    let agreeing_reports = || results.iter().filter_map(|(_, r)| r.as_ref()).filter(|r| r.agrees());
    let alike = agreeing_reports().filter(|r| r.first_unlike.is_none()).count();
    let (moves_alike, moves): (usize, usize) = results
        .iter()
        .filter_map(|(t, r)| Some((files.get(t)?, r.as_ref()?)))
        .filter(|(_, r)| r.agrees())
        .fold((0, 0), |(a, n), (text, r)| {
            let all = LudiiTrial::parse(text).map_or(0, |t| t.moves.len());
            (a + r.written_alike, n + all)
        });
    println!(
        "written as Ludii writes them: {alike} of {} agreeing trials in full; {moves_alike} of {moves} of their moves",
        agreeing.len()
    );
    let mut unlike: BTreeMap<String, (usize, String)> = BTreeMap::new();
    for (t, r) in results.iter().filter_map(|(t, r)| Some((t, r.as_ref()?))) {
        if let (true, Some((_, l, o))) = (r.agrees(), &r.first_unlike) {
            let shape = |x: &str| x.chars().filter(|c| !c.is_ascii_digit()).collect::<String>();
            let e = unlike
                .entry(format!("{} / {}", shape(l), shape(o)))
                .or_insert((0, t.clone()));
            e.0 += 1;
        }
    }
    let mut unlike: Vec<_> = unlike.into_iter().collect();
    unlike.sort_by_key(|u| std::cmp::Reverse(u.1 .0));
    for (shape, (n, t)) in unlike.iter().take(25) {
        println!("  {n} first written otherwise, as {t}: {shape}");
    }

    let list = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/agreeing-trials.txt");
    if std::env::var("LUDEME_WRITE_TRIALS").is_ok() {
        let text: String = agreeing.iter().map(|t| format!("{t}\n")).collect();
        std::fs::write(&list, text).expect("write the list");
        return;
    }
    let listed = std::fs::read_to_string(&list).unwrap_or_default();
    let lost: Vec<&str> = listed
        .lines()
        .filter(|l| !l.is_empty() && !agreeing.contains(*l))
        .collect();
    for t in &lost {
        let r = results.iter().find(|(n, _)| n == t).and_then(|(_, r)| r.as_ref());
        let d = r.and_then(|r| r.difference.as_ref());
        println!(
            "no longer agrees: {t}: {:?}",
            d.map(|d| (d.ply, &d.kind, &d.ludii_move))
        );
    }
    assert!(lost.is_empty(), "{} listed trials no longer agree", lost.len());
    assert!(listed.lines().count() > 0, "the list of agreeing trials is empty");
}

/// A game written by `--save-trial`'s writer reads back as Ludii's own file of it: Ludii's
/// stored trials of a few games are replayed, the same moves written again from the same
/// generator state, and the two files compared field by field (the game, options, generator
/// state, placements, every move's actions as Ludii's replay compares them, the legal-move
/// counts and the end).
#[test]
fn a_written_trial_reads_back_as_ludiis_own() {
    use ludeme::engine::SplitMix64;
    use ludeme::trace::trial_write::{same_ludii_actions, trial_of_choices};
    let files = trial_files();
    let lud = shared().join("lud");
    let cases = [
        ("board/space/line/Tic-Tac-Toe", 0),
        ("board/war/replacement/checkmate/chess/Chess", 0),
        ("board/space/connection/Hex", 1),
        ("board/space/territory/Reversi", 0),
        ("board/race/escape/Backgammon", 1),
        ("board/sow/two_rows/Kalah", 0),
        ("board/race/reach/Breakthrough", 0),
        ("board/war/custodial/Tablut", 0),
    ];
    for (game_path, k) in cases {
        let name = format!("{game_path}/RandomTrial_{k}.txt");
        let text = files.get(&name).unwrap_or_else(|| panic!("{name} in the archive"));
        let ludii = LudiiTrial::parse(text).expect("a trial");
        let lud_file = lud.join(format!("{game_path}.lud"));
        let desc = std::fs::read_to_string(&lud_file).expect("the description");
        let sel = Selections {
            options: ludii.options.clone(),
            ruleset: None,
        };
        let game = Game::load(game_path, &desc, &sel).expect("loads");
        let report = replay(&game, &ludii);
        assert!(
            report.agrees(),
            "{name}: {:?}",
            report.difference.map(|d| (d.ply, d.kind))
        );
        let bytes: [i8; 8] = ludii.rng_state.as_slice().try_into().expect("8 bytes");
        let chance = SplitMix64::from_bytes(bytes).0;
        let ours_text = trial_of_choices(&game, &lud_file, &ludii.options, chance, report.choices.iter().copied());
        let ours = LudiiTrial::parse(&ours_text).expect("ours reads back");
        let tail = |g: &str| g.rsplit_once("lud/").map(|(_, t)| t.to_string()).unwrap_or_default();
        assert_eq!(tail(&ours.game), tail(&ludii.game), "{name}: game");
        assert_eq!(ours.options, ludii.options, "{name}: options");
        assert_eq!(ours.rng_state, ludii.rng_state, "{name}: generator state");
        assert_eq!(ours.num_placements(), ludii.num_placements(), "{name}: placements");
        assert_eq!(ours.moves.len(), ludii.moves.len(), "{name}: moves");
        for (i, (o, l)) in ours.moves.iter().zip(&ludii.moves).enumerate() {
            assert!(
                same_ludii_actions(o, l),
                "{name}: move {i}:\n ours  {}\n Ludii {}",
                o.text,
                l.text
            );
            assert_eq!((o.mover, o.from, o.to), (l.mover, l.from, l.to), "{name}: move {i}");
        }
        assert_eq!(ours.legal_counts, ludii.legal_counts, "{name}: legal-move counts");
        assert_eq!(
            (ours.winner, &ours.endtype),
            (ludii.winner, &ludii.endtype),
            "{name}: end"
        );
        assert_eq!(ours.rankings, ludii.rankings, "{name}: rankings");
    }
}
