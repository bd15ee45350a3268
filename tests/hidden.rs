//! Hidden information, held against Ludii's own stored trials of every game whose rules
//! hide something (`(set Hidden ..)`, `(is Hidden ..)`, `(sites Hidden ..)`):
//! - the trials replay in full, and every move sets the flags Ludii's move sets (its
//!   `SetHidden*` actions, as Ludii's file writes them);
//! - at every state of the replay, each player's flags are those Ludii's recorded actions
//!   give (an oracle that reads only the trial: its `SetHidden*` actions, and its moves
//!   carrying flags from site to site), and the player's view (`Game::view`) shows none of
//!   what the flags hide from them, and all the rest;
//! - a determinised state (`Game::determinise`) looks the same to the player.

mod common;

use common::{ok_trials, shared, trial_files};
use ludeme::engine::{Game, State};
use ludeme::expand::{expand, Limits, Selections};
use ludeme::source::{SourceFile, SourceMap};
use ludeme::trace::trial::{in_our_numbering, parse_move, replay_observed, LudiiTrial, TrialMove};
use rand::SeedableRng;
use std::collections::HashMap;

/// The bits of `(set Hidden ..)`'s kinds, in the order of `ludeme::ir::HiddenKind::EVERY`.
fn kind_bit(action: &str) -> Option<u8> {
    let kind = action.strip_prefix("SetHidden")?;
    let k = ["", "What", "Who", "State", "Count", "Rotation", "Value"]
        .iter()
        .position(|x| *x == kind)?;
    Some(1 << k)
}

/// Each player's flags of each site, from Ludii's recorded actions alone (a game without
/// stacks: a move takes its origin's flags to its target, and clears the origin once it
/// is empty or its last piece was copied).
#[derive(Default)]
struct Oracle {
    flags: HashMap<(i64, u8), u8>,
}

impl Oracle {
    fn follow(&mut self, m: &TrialMove, before: &State, after: &State, players: u8) {
        let int = |a: &ludeme::trace::trial::TrialAction, k: &str| a.get(k).and_then(|v| v.parse::<i64>().ok());
        for a in &m.actions {
            if let Some(bit) = kind_bit(&a.kind) {
                let (Some(site), Some(who)) = (int(a, "to"), int(a, "who")) else {
                    continue;
                };
                let f = self.flags.entry((site, who as u8)).or_default();
                match a.get("value") == Some("true") {
                    true => *f |= bit,
                    false => *f &= !bit,
                }
            } else if a.kind == "Move" || a.kind == "Copy" {
                let (Some(from), Some(to)) = (int(a, "from"), int(a, "to")) else {
                    continue;
                };
                if from == to || before.pieces(from as usize).is_empty() {
                    continue;
                }
                let last = before.pieces(from as usize).last().map_or(0, |p| p.count.max(1)) == 1;
                let cleared = after.pieces(from as usize).is_empty() || (a.kind == "Copy" && last);
                for p in 1..=players {
                    let f = self.flags.get(&(from, p)).copied().unwrap_or(0);
                    self.flags.insert((to, p), f);
                    if cleared {
                        self.flags.insert((from, p), 0);
                    }
                }
            }
        }
    }
}

/// Whether a description's text has a ludeme that hides or asks what is hidden.
fn hides(text: &str) -> bool {
    ["(set Hidden", "(is Hidden", "(sites Hidden"]
        .iter()
        .any(|k| text.contains(k))
}

/// The stored trials (Ludii replays them) of the games whose rules hide something, with
/// their games loaded: those whose corpus trace agrees (`tests/agreeing-traces.txt`), or
/// that have none (a game whose trace does not agree yet is left out, and named).
fn hidden_trials() -> Vec<(String, Game, LudiiTrial)> {
    let files = trial_files();
    let agreeing = common::read_list("tests/agreeing-traces.txt");
    let mut out = Vec::new();
    for (trial, lud) in ok_trials() {
        let Ok(text) = std::fs::read_to_string(shared("ludii/lud").join(&lud)) else {
            continue;
        };
        if !hides(&text) {
            continue;
        }
        let Some(t) = files.get(&trial).and_then(|f| LudiiTrial::parse(f).ok()) else {
            continue;
        };
        let sel = Selections {
            options: t.options.clone(),
            ruleset: None,
        };
        // (the rules the trial's options give hide something: an option may leave it out)
        let mut sources = SourceMap::new(SourceFile::new(lud.as_str(), text.as_str()));
        if !expand(&mut sources, &sel, &Limits::default()).is_ok_and(|e| hides(&e.game)) {
            continue;
        }
        let trace = format!("corpus/{}", lud.replace(".lud", ".jsonl"));
        if shared("ludii/traces").join(&trace).exists() && !agreeing.contains(&trace) {
            println!("left out: {trial} (its trace does not agree)");
            continue;
        }
        if let Ok(game) = Game::load(&lud, &text, &sel) {
            assert!(game.has_hidden_info(), "{lud}: its rules hide something");
            out.push((trial, game, t));
        }
    }
    out
}

#[test]
fn hidden_information_follows_ludii_trials_and_views_hide_it() {
    let trials = hidden_trials();
    let mut checked_states = 0;
    let mut hidden_seen = 0;
    let mut shuffled = 0;
    let mut games = std::collections::BTreeSet::new();
    for (name, game, trial) in &trials {
        games.insert(game.name().to_string());
        let ours = in_our_numbering(game, trial);
        let players = game.num_players() as u8;
        let flat = !game.is_stacking();
        let mut oracle = Oracle::default();
        let mut previous: Option<State> = None;
        let mut followed = 0;
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let report = replay_observed(game, trial, &mut |upto, state, written| {
            // the flags our move sets, as Ludii's move sets them
            if let (Some(w), Some(l)) = (written, trial.moves.get(upto.wrapping_sub(1))) {
                let flags = |m: &TrialMove| -> Vec<String> {
                    m.actions
                        .iter()
                        .filter(|a| a.kind.starts_with("SetHidden"))
                        .map(|a| format!("{}{:?}", a.kind, a.fields))
                        .collect()
                };
                let ours = parse_move(w).expect("our move text reads");
                assert_eq!(flags(&ours), flags(l), "{name}, move {upto}: the flags set");
            }
            // the oracle follows the trial's moves up to this state
            let before = previous.take().unwrap_or_else(|| state.clone());
            for m in &ours.moves[followed..upto] {
                oracle.follow(m, &before, state, players);
            }
            followed = upto;
            previous = Some(state.clone());
            checked_states += 1;
            for p in 1..=players as usize {
                let view = game.view(state, p);
                for site in 0..game.total_sites() {
                    let flags = game.hidden_flags(state, site, 0, p);
                    if flat {
                        let expected = oracle.flags.get(&(site as i64, p as u8)).copied().unwrap_or(0);
                        assert_eq!(
                            flags, expected,
                            "{name}, move {upto}: flags of site {site} for player {p}"
                        );
                    }
                    let (real, seen) = (state.pieces(site), view.pieces(site));
                    assert_eq!(real.len(), seen.len(), "{name}: the view keeps every piece");
                    for (level, (r, v)) in real.iter().zip(&seen).enumerate() {
                        let f = game.hidden_flags(state, site, level, p);
                        let hides = |bit: u8| f & (1 | bit) != 0;
                        hidden_seen += usize::from(f != 0);
                        let shown = |hidden: bool, real: i64, seen: i64| match hidden {
                            true => seen == 0,
                            false => seen == real,
                        };
                        assert!(
                            shown(hides(2), r.component as i64, v.component as i64)
                                && shown(hides(4), r.owner as i64, v.owner as i64)
                                && shown(hides(8), r.state as i64, v.state as i64)
                                && shown(hides(64), r.value as i64, v.value as i64),
                            "{name}, move {upto}: site {site} level {level} for player {p}: {r:?} seen as {v:?} (flags {f:#b})"
                        );
                    }
                }
                // a determinised state looks the same to the player
                if upto % 7 == 0 {
                    let d = game.determinise(state, p, &mut rng);
                    let dv = game.view(&d, p);
                    for site in 0..game.total_sites() {
                        assert_eq!(dv.pieces(site), view.pieces(site), "{name}: site {site} looks the same");
                        shuffled += usize::from(d.pieces(site) != state.pieces(site));
                    }
                    assert!(!game.legal_moves(&d).is_empty() || d.is_over());
                }
            }
        });
        assert!(
            report.agrees(),
            "{name} replays in full: {:?}",
            report.difference.map(|d| d.kind)
        );
    }
    println!(
        "{} trials of {} games with hidden information ({games:?}); {checked_states} states; {hidden_seen} hidden pieces seen; {shuffled} sites changed by determinising",
        trials.len(),
        games.len()
    );
    assert!(
        games.len() >= 7,
        "the games with hidden information that load: {games:?}"
    );
    assert!(hidden_seen > 0 && shuffled > 0);
}
