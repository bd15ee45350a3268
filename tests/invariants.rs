//! Engine invariants under random play: for each Refugia and Ex Nihilo board size, seeded random playouts
//! checking that move generation is deterministic, that cloned states behave identically, that
//! every legal move applies, and that every game ends within the cap.

use ludeme::engine::playout::{playout_rng, DEFAULT_MAX_DECISIONS};
use ludeme::engine::{Game, State};
use ludeme::expand::Selections;
use ludeme::load::LoadError;
use rand::Rng;
use rayon::prelude::*;

const REFUGIA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/ludii/lud/board/space/territory/Refugia.lud"
);
const EX_NIHILO: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/ludii/lud/board/space/blocking/Ex Nihilo.lud"
);

/// Playouts whose every legal move is applied (on a clone) at every decision; later playouts
/// try a few random ones per decision, to keep the run short.
const FULLY_CHECKED: usize = 20;
const SAMPLED_PER_DECISION: usize = 3;

/// What a run of [`random_sim_invariants`] saw.
#[derive(Debug, Default)]
struct SimReport {
    playouts: usize,
    decisions: usize,
    longest: usize,
    /// Applications of legal moves tried besides the chosen one.
    moves_tried: usize,
    /// Playouts stopped unfinished at the time cap (five times the budget).
    capped: usize,
}

/// Play `n_playouts` random games of `game` (playout i seeded as the `playout` command seeds it)
/// and check the invariants at every decision; panics with the position on a violation.
fn random_sim_invariants(game: &Game, n_playouts: usize, seed: u64) -> SimReport {
    random_sim_invariants_checking(game, n_playouts, seed, FULLY_CHECKED)
}

/// [`random_sim_invariants`], applying every legal move in the first `fully_checked` playouts.
fn random_sim_invariants_checking(game: &Game, n_playouts: usize, seed: u64, fully_checked: usize) -> SimReport {
    random_sim_within(game, n_playouts, seed, fully_checked, None)
}

/// [`random_sim_invariants_checking`], no playout started after the first once `budget`
/// has gone by, every legal move applied only until then (a sample after), and a playout
/// still unfinished after five budgets left there (the corpus sample's bound on the CI's
/// time: a slow game gets one playout, a very slow one part of one).
fn random_sim_within(
    game: &Game,
    n_playouts: usize,
    seed: u64,
    fully_checked: usize,
    budget: Option<std::time::Duration>,
) -> SimReport {
    let mut report = SimReport::default();
    let players = game.num_players();
    let started = std::time::Instant::now();
    for i in 0..n_playouts {
        if i > 0 && budget.is_some_and(|b| started.elapsed() > b) {
            break;
        }
        let mut rng = playout_rng(seed, i as u64);
        let mut state: State = game.initial_state();
        assert_eq!(state, game.initial_state(), "initial_state is deterministic");
        let mut length = 0;
        while !state.is_over() {
            // (a game so slow that five budgets pass is left unfinished: its decisions so
            // far were checked)
            if budget.is_some_and(|b| started.elapsed() > 5 * b) {
                break;
            }
            let at = || {
                format!(
                    "playout {i} (seed {seed}), decision {length}: {}",
                    game.state_text(&state)
                )
            };
            assert!(length < DEFAULT_MAX_DECISIONS, "{}: not over after the cap", at());
            // (a simulation, of no players: player 0 moves, and where its rules give no move
            // it stands still, not over, as Ludii's)
            let simulation = players == 0;
            assert!(
                (1..=players).contains(&state.mover()) || (simulation && state.mover() == 0),
                "{}: mover {}",
                at(),
                state.mover()
            );
            let moves = game.legal_moves(&state);
            if simulation && moves.is_empty() {
                break;
            }
            assert!(!moves.is_empty(), "{}: no legal move (expected a forced pass)", at());
            assert_eq!(
                moves,
                game.legal_moves(&state),
                "{}: legal moves differ between calls",
                at()
            );
            let clone = state.clone();
            assert_eq!(
                game.legal_moves(&clone),
                moves,
                "{}: a clone has other legal moves",
                at()
            );

            // A random move (drawn with the filters asked of the moves drawn only) is legal.
            let mut draws = playout_rng(seed ^ 0xd5a1, (i * 100_003 + length) as u64);
            for _ in 0..2 {
                let drawn = game.random_move(&state, &mut draws);
                assert!(
                    drawn.as_ref().is_some_and(|m| moves.contains(m)),
                    "{}: random move {:?} is not among the legal moves",
                    at(),
                    drawn.map(|m| game.move_text(&m))
                );
            }

            // Every legal move (or a sample) applies without panicking and counts one decision
            // (a sample too once a game's budget is spent: its playout still runs to the end).
            let tried: Vec<usize> = if i < fully_checked && budget.is_none_or(|b| started.elapsed() <= b) {
                (0..moves.len()).collect()
            } else {
                (0..SAMPLED_PER_DECISION)
                    .map(|_| rng.gen_range(0..moves.len()))
                    .collect()
            };
            for &k in &tried {
                let mut next = state.clone();
                game.apply(&mut next, &moves[k]);
                assert!(next.is_consistent(), "{}: derived tables stale", at());
                assert_eq!(
                    next.num_decisions(),
                    state.num_decisions() + 1,
                    "{}: move {}",
                    at(),
                    game.move_text(&moves[k])
                );
            }
            report.moves_tried += tried.len();

            let k = rng.gen_range(0..moves.len());
            let mut twin = clone;
            game.apply(&mut state, &moves[k]);
            game.apply(&mut twin, &moves[k]);
            assert_eq!(state, twin, "playout {i}, decision {length}: the clone diverged");
            length += 1;
        }
        if !state.is_over() {
            report.capped += 1;
            report.decisions += length;
            break;
        }
        let ranking = state.ranking();
        assert_eq!(ranking.len(), players + 1, "playout {i}: ranking {ranking:?}");
        // (a one-player puzzle that ends unsolved keeps rank 0, as Ludii's: its trace of
        // Chuka ends so)
        assert!(
            ranking[1..]
                .iter()
                .all(|&r| (1.0..=players as f64).contains(&r) || players == 1 && r == 0.0),
            "playout {i}: ranking {ranking:?}"
        );
        report.playouts += 1;
        report.decisions += length;
        report.longest = report.longest.max(length);
    }
    report
}

/// A description with its "Board Size" item selected.
fn load(path: &str, size: &str) -> Game {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let selections = Selections {
        options: vec![format!("Board Size/{size}")],
        ruleset: None,
    };
    match Game::load(path, &text, &selections) {
        Ok(g) => g,
        Err(LoadError::Invalid(c)) => panic!("{}", ludeme::diag::render_human(&c.diagnostics, &c.sources)),
        Err(e) => panic!("{path} {size}: {e}"),
    }
}

fn run(path: &str, size: &str, seed: u64) {
    let game = load(path, size);
    let start = std::time::Instant::now();
    let r = random_sim_invariants(&game, 200, seed);
    println!(
        "{} {size}: {} playouts, {} decisions, longest {}, {} extra applications, {:.2} s",
        game.name(),
        r.playouts,
        r.decisions,
        r.longest,
        r.moves_tried,
        start.elapsed().as_secs_f64()
    );
}

macro_rules! sizes {
    ($table:ident, $path:expr; $($name:ident: $item:literal,)*) => {
        const $table: &[&str] = &[$($item),*];
        $(
            #[test]
            fn $name() {
                run($path, $item, 0x5eed);
            }
        )*
    };
}

sizes! {
    SIZES, REFUGIA;
    refugia_hex_2_3: "Hex 2-3",
    refugia_hex_2_4: "Hex 2-4",
    refugia_hex_3_4: "Hex 3-4",
    refugia_hex_3_5: "Hex 3-5",
    refugia_hex_4_5: "Hex 4-5",
    refugia_hex_4_6: "Hex 4-6",
    refugia_hex_5_6: "Hex 5-6",
    refugia_hex_5_7: "Hex 5-7",
    refugia_hex_6_7: "Hex 6-7",
    refugia_hex_6_8: "Hex 6-8",
}

sizes! {
    EX_NIHILO_SIZES, EX_NIHILO;
    ex_nihilo_4: "4",
    ex_nihilo_5: "5",
    ex_nihilo_6: "6",
}

/// The tables above list exactly the items of each description's "Board Size" option.
#[test]
fn sizes_match_the_description() {
    board_sizes_are(REFUGIA, SIZES);
    board_sizes_are(EX_NIHILO, EX_NIHILO_SIZES);
}

fn board_sizes_are(path: &str, sizes: &[&str]) {
    let text = std::fs::read_to_string(path).expect("the description");
    let start = text.find("(option \"Board Size\"").expect("a Board Size option");
    let rest = &text[start + 1..];
    let body = &rest[..rest.find("(option ").unwrap_or(rest.len())];
    let items: Vec<&str> = body
        .split("(item \"")
        .skip(1)
        .map(|s| &s[..s.find('"').unwrap()])
        .collect();
    assert_eq!(items, sizes);
}

// ------------------------------------------------------------------------------------------
// Equi Game System: every option item (other options at their defaults) and every ruleset on
// every board, each with seeded random playouts under the same invariants.

const EQUI: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/ludii/lud/experimental/Equi Game System.lud"
);

/// Playouts per Equi configuration (the first [`FULLY_CHECKED`] apply every legal move).
const EQUI_PLAYOUTS: usize = 20;

/// The option headings of a description with their item names, in order.
fn option_items(text: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    for chunk in text.split("\n(option \"").skip(1) {
        let heading = chunk[..chunk.find('"').unwrap()].to_string();
        let body = &chunk[..chunk.find("\n)").unwrap_or(chunk.len())];
        let items = body
            .split("(item \"")
            .skip(1)
            .map(|s| s[..s.find('"').unwrap()].to_string())
            .collect();
        out.push((heading, items));
    }
    out
}

/// The rulesets of a description: name and option selections.
fn rulesets(text: &str) -> Vec<(String, Vec<String>)> {
    let block = &text[text.find("(rulesets").expect("rulesets")..];
    block
        .split("(ruleset \"")
        .skip(1)
        .map(|chunk| {
            let name = chunk[..chunk.find('"').unwrap()].to_string();
            let body = &chunk[chunk.find('{').unwrap() + 1..chunk.find('}').unwrap()];
            let options = body.split('"').skip(1).step_by(2).map(str::to_string).collect();
            (name, options)
        })
        .collect()
}

fn equi(options: Vec<String>) -> Game {
    let text = std::fs::read_to_string(EQUI).expect("Equi Game System.lud");
    let selections = Selections { options, ruleset: None };
    match Game::load("Equi Game System.lud", &text, &selections) {
        Ok(g) => g,
        Err(LoadError::Invalid(c)) => panic!("{}", ludeme::diag::render_human(&c.diagnostics, &c.sources)),
        Err(e) => panic!("Equi {:?}: {e}", selections.options),
    }
}

fn run_equi(label: &str, options: Vec<String>) -> SimReport {
    let game = equi(options);
    let start = std::time::Instant::now();
    let r = random_sim_invariants(&game, EQUI_PLAYOUTS, 0x5eed);
    println!(
        "Equi {label}: {} playouts, {} decisions, longest {}, {} extra applications, {:.2} s",
        r.playouts,
        r.decisions,
        r.longest,
        r.moves_tried,
        start.elapsed().as_secs_f64()
    );
    r
}

/// Every item of every option, the other options at their defaults.
#[test]
fn equi_every_option_item() {
    let text = std::fs::read_to_string(EQUI).expect("Equi Game System.lud");
    let options = option_items(&text);
    assert_eq!(options.len(), 7, "{options:?}");
    let (mut configs, mut total) = (0, SimReport::default());
    for (heading, items) in &options {
        for item in items {
            let r = run_equi(&format!("{heading}/{item}"), vec![format!("{heading}/{item}")]);
            configs += 1;
            total.playouts += r.playouts;
            total.decisions += r.decisions;
        }
    }
    println!(
        "Equi option items: {configs} configurations, {} playouts, {} decisions",
        total.playouts, total.decisions
    );
}

/// Each ruleset's option items on each board.
#[test]
fn equi_every_ruleset_on_every_board() {
    let text = std::fs::read_to_string(EQUI).expect("Equi Game System.lud");
    let boards = option_items(&text)
        .into_iter()
        .find(|(h, _)| h == "Board Size")
        .expect("a Board Size option")
        .1;
    let sets = rulesets(&text);
    assert_eq!(sets.len(), 3, "{sets:?}");
    let (mut configs, mut total) = (0, SimReport::default());
    for (name, options) in &sets {
        for board in &boards {
            let mut selected = options.clone();
            selected.push(format!("Board Size/{board}"));
            let r = run_equi(&format!("{name} on {board}"), selected);
            configs += 1;
            total.playouts += r.playouts;
            total.decisions += r.decisions;
        }
    }
    println!(
        "Equi rulesets × boards: {configs} configurations, {} playouts, {} decisions",
        total.playouts, total.decisions
    );
}

/// The generic invariants on every valid corpus game the engine runs, a seeded sample of
/// them (`LUDEME_SAMPLE_SEED` picks another; `LUDEME_SAMPLE_ALL=1` takes all): two random
/// playouts each, every legal move applied at every decision of the first.
#[test]
fn corpus_games_keep_the_invariants() {
    let seed: u64 = std::env::var("LUDEME_SAMPLE_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed);
    let all = std::env::var_os("LUDEME_SAMPLE_ALL").is_some();
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/ludii");
    let verdicts = std::fs::read_to_string(format!("{root}/lud-verdicts.jsonl")).unwrap();
    // the games in parallel (each keeps its own time budget); reported in the corpus's order
    let reports: Vec<Option<Option<String>>> = verdicts
        .lines()
        .collect::<Vec<_>>()
        .par_iter()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            if v["ok"].as_bool() != Some(true) {
                return None;
            }
            let file = v["file"].as_str().unwrap();
            let text = std::fs::read_to_string(format!("{root}/lud/{file}")).unwrap();
            let game = Game::load(file, &text, &Selections::default()).ok()?;
            // a stable pseudo-random half of the games that load
            let h = file.bytes().fold(seed ^ 0xcbf2_9ce4_8422_2325, |h, b| {
                (h ^ b as u64).wrapping_mul(0x100_0000_01b3)
            });
            if !all && h % 2 == 1 {
                return Some(None);
            }
            let start = std::time::Instant::now();
            let r = random_sim_within(&game, 2, seed, 1, Some(std::time::Duration::from_secs(2)));
            Some(Some(format!(
                "{file}: {} playouts ({} stopped at the time cap), {} decisions, longest {}, {} applications, {:.2} s",
                r.playouts,
                r.capped,
                r.decisions,
                r.longest,
                r.moves_tried,
                start.elapsed().as_secs_f64()
            )))
        })
        .collect();
    let loaded = reports.iter().flatten().count();
    let ran = reports
        .iter()
        .flatten()
        .flatten()
        .inspect(|line| println!("{line}"))
        .count();
    println!("{ran} of {loaded} corpus games that load were checked");
    assert!(ran >= 10, "only {ran} corpus games checked");
}
