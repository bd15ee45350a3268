//! Engine invariants under random play: for each Refugia and Ex Nihilo board size, seeded random playouts
//! checking that move generation is deterministic, that cloned states behave identically, that
//! every legal move applies, and that every game ends within the cap.

use ludeme::engine::playout::{playout_rng, DEFAULT_MAX_DECISIONS};
use ludeme::engine::{Game, LoadError, State};
use ludeme::expand::Selections;
use rand::Rng;

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
}

/// Play `n_playouts` random games of `game` (playout i seeded as the `playout` command seeds it)
/// and check the invariants at every decision; panics with the position on a violation.
fn random_sim_invariants(game: &Game, n_playouts: usize, seed: u64) -> SimReport {
    let mut report = SimReport::default();
    let players = game.num_players();
    for i in 0..n_playouts {
        let mut rng = playout_rng(seed, i as u64);
        let mut state: State = game.initial_state();
        assert_eq!(state, game.initial_state(), "initial_state is deterministic");
        let mut length = 0;
        while !state.is_over() {
            let at = || {
                format!(
                    "playout {i} (seed {seed}), decision {length}: {}",
                    game.state_text(&state)
                )
            };
            assert!(length < DEFAULT_MAX_DECISIONS, "{}: not over after the cap", at());
            assert!(
                (1..=players).contains(&state.mover()),
                "{}: mover {}",
                at(),
                state.mover()
            );
            let moves = game.legal_moves(&state);
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

            // Every legal move (or a sample) applies without panicking and counts one decision.
            let tried: Vec<usize> = if i < FULLY_CHECKED {
                (0..moves.len()).collect()
            } else {
                (0..SAMPLED_PER_DECISION)
                    .map(|_| rng.gen_range(0..moves.len()))
                    .collect()
            };
            for &k in &tried {
                let mut next = state.clone();
                game.apply(&mut next, &moves[k]);
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
        let ranking = state.ranking();
        assert_eq!(ranking.len(), players + 1, "playout {i}: ranking {ranking:?}");
        assert!(
            ranking[1..].iter().all(|&r| (1.0..=players as f64).contains(&r)),
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
