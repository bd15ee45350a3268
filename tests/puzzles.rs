//! Deduction puzzles: Ludii stores a solution of each of its puzzles (`Sol.trl` files in
//! `../shared/ludii/trials.tar.zst`, one `Set` of a site to a value per move). Each puzzle
//! the engine runs replays its solution move by move (every move among our legal moves),
//! and the solved puzzle is won. Every puzzle that loads is counted; a floor holds how many.

use ludeme::engine::Game;
use ludeme::expand::Selections;
use ludeme::trace::trial::LudiiTrial;

mod common;

/// How many puzzles with a stored solution load and replay it to the win (today's figure).
const SOLVED_FLOOR: usize = 17;

#[test]
fn stored_puzzle_solutions_replay_to_a_win() {
    let lud = common::shared("ludii/lud");
    let (mut solved, mut refused) = (Vec::new(), Vec::new());
    for (path, text) in common::trial_files() {
        if !path.starts_with("puzzle/deduction/") || !path.ends_with("Sol.trl") {
            continue;
        }
        let trial = LudiiTrial::parse(&text).unwrap_or_else(|e| panic!("{path}: {e:?}"));
        let game_file = path
            .rsplit_once('/')
            .map(|(dir, _)| format!("{dir}.lud"))
            .expect("a folder");
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
        // each `Set` of the solution is one of our legal moves, by name (`c3=5`)
        let mut s = game.initial_state();
        for (k, m) in trial.moves.iter().enumerate() {
            let set = m.actions.iter().find(|a| a.kind == "Set").expect("a Set");
            let var: usize = set.get("var").and_then(|v| v.parse().ok()).expect("var=");
            let value = set.get("value").expect("value=");
            // (the file's first moves are the start's givens, already shown)
            let kinds = game.piece_kinds();
            let shown = s
                .pieces(var)
                .last()
                .map(|p| kinds[game.piece_kind(p.component)].to_string());
            if shown.as_deref() == Some(value) {
                continue;
            }
            let name = format!("{}={value}", game.site_label(var));
            assert!(!s.is_over(), "{path}: over before move {k}");
            let found = game.find_move(&s, &name);
            assert_eq!(found.len(), 1, "{path}: move {k}, {name}, is not legal");
            game.apply(&mut s, &found[0]);
        }
        assert!(s.is_over(), "{path}: the solution does not end the puzzle");
        assert_eq!(s.ranking()[1], 1.0, "{path}: the solution does not win");
        assert_eq!(trial.rankings.get(1), Some(&1.0), "{path}: Ludii's ranking");
        solved.push(path);
    }
    println!("puzzle solutions replayed to the win: {} ({solved:?})", solved.len());
    println!("puzzles refused: {refused:#?}");
    assert!(
        solved.len() >= SOLVED_FLOOR,
        "only {} puzzles solve: {solved:?}",
        solved.len()
    );
}

#[test]
fn a_puzzle_sets_and_toggles_values_where_the_constraints_allow() {
    let text = std::fs::read_to_string(common::shared("ludii/lud/puzzle/deduction/Latin Square.lud")).unwrap();
    let game = Game::load("Latin Square.lud", &text, &Selections::default()).expect("loads");
    let mut s = game.initial_state();
    let names = |g: &Game, s: &ludeme::engine::State| -> Vec<String> {
        g.legal_moves(s).iter().map(|m| g.move_text(m)).collect()
    };
    let first = names(&game, &s);
    // every value may be set or toggled on every site at first (5 x 5 sites, values 1..5)
    assert_eq!(first.len(), 25 * 5 * 2, "{first:?}");
    assert!(first.contains(&"A1=1".to_string()) && first.contains(&"A1~1".to_string()));
    common::play(&game, &mut s, "A1=1");
    let after = names(&game, &s);
    // the row and the column of A1 cannot take 1 any more; the rest can
    assert!(!after.contains(&"B1=1".to_string()) && !after.contains(&"A2=1".to_string()));
    assert!(after.contains(&"B1=2".to_string()) && after.contains(&"B2=1".to_string()));
    // A1's last value cannot be toggled off; another value toggled on leaves it unset
    assert!(!after.contains(&"A1~1".to_string()) && after.contains(&"A1~2".to_string()));
    assert!(!s.is_over());
    common::play(&game, &mut s, "A1~2");
    assert!(
        names(&game, &s).contains(&"B1=1".to_string()),
        "A1 holds no value while two are left"
    );
}

#[test]
fn each_move_of_a_puzzle_has_an_action_id_of_its_own() {
    let text = std::fs::read_to_string(common::shared("ludii/lud/puzzle/deduction/Latin Square.lud")).unwrap();
    let game = Game::load("Latin Square.lud", &text, &Selections::default()).expect("loads");
    let s = game.initial_state();
    let moves = game.legal_moves(&s);
    let mut ids: Vec<usize> = moves.iter().map(|m| game.action_id_of(m)).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(
        ids.len(),
        moves.len(),
        "a set and a toggle of each value of each cell apart"
    );
    assert!(ids.iter().all(|&a| a < game.num_distinct_actions()));
    for m in &moves {
        let (id, name) = (game.action_id_of(m), game.move_text(m));
        let words = game.action_text(id);
        match name.split_once('=') {
            // a value set: its component (named by the value) put on the cell
            Some((cell, value)) => assert_eq!(words, format!("{value}@{cell}")),
            None => assert_eq!(words, name),
        }
        assert_eq!(game.move_of_action(&s, id).map(|m| game.move_text(&m)), Some(name));
    }
}

/// `(is Unique)`: no two rows (a static region type of the equipment) may be set alike.
#[test]
fn is_unique_keeps_two_set_rows_apart() {
    // each row holds one 1, and no two rows are alike
    let text = r#"(game "U" (players 1)
        (equipment {(board (square 2) (values Cell (range 0 1))) (regions {Rows})})
        (rules (play (satisfy {(is Unique) (is Sum 1)})) (end (if (is Solved) (result P1 Win)))))"#;
    let game = Game::load("U.lud", text, &Selections::default()).expect("loads");
    let names = |g: &Game, s: &ludeme::engine::State| -> Vec<String> {
        g.legal_moves(s).iter().map(|m| g.move_text(m)).collect()
    };
    let mut s = game.initial_state();
    for m in ["A1=0", "B1=1", "A2=0"] {
        common::play(&game, &mut s, m);
    }
    // B2=1 would make the second row the first's (0 1): not legal, though its sum is 1
    let now = names(&game, &s);
    assert!(!now.contains(&"B2=1".to_string()), "{now:?}");
    let mut s = game.initial_state();
    // (rows 0 1 and 1 0, B2 not set read as 0: solved, as Ludii's `is Solved` reads it)
    for m in ["A1=0", "B1=1", "A2=1"] {
        common::play(&game, &mut s, m);
    }
    assert!(s.is_over() && s.ranking()[1] == 1.0);
}

/// `(forAll Hint C)` reads each hint's sites as `(from)` and `(to)` and its value as
/// `(hint)`; a puzzle's `<` compares the values set at two sites (true while either is not
/// set), and `(what at:)` is the value set there (0 while not set), as Ludii's.
#[test]
fn for_all_hints_reads_each_hint_and_compares_the_values_set() {
    let text = r#"(game "Less" (players 1)
        (equipment {
            (board (square 2) (values Cell (range 1 2)))
            (hints { (hint {0 1}) (hint {3 2}) })
            (regions {Rows})
        })
        (rules (play (satisfy { (forAll Hint (< (from) (to))) (all Different) }))
               (end (if (is Solved) (result P1 Win)))))"#;
    let game = Game::load("Less.lud", text, &Selections::default()).expect("loads");
    let mut s = game.initial_state();
    let names = |g: &Game, s: &ludeme::engine::State| -> Vec<String> {
        g.legal_moves(s).iter().map(|m| g.move_text(m)).collect()
    };
    // nothing set: every value may be set anywhere
    assert!(names(&game, &s).contains(&"A1=2".to_string()));
    common::play(&game, &mut s, "A1=1");
    // site 0 holds 1: site 1 must hold more, and the row must differ
    let after = names(&game, &s);
    assert!(
        after.contains(&"B1=2".to_string()) && !after.contains(&"B1=1".to_string()),
        "{after:?}"
    );
    common::play(&game, &mut s, "B1=2");
    // the second hint (B2 less than A2) holds while A2 is not set; once A2 holds 1, B2
    // cannot hold 2
    let after = names(&game, &s);
    assert!(
        after.contains(&"B2=1".to_string()) && after.contains(&"B2=2".to_string()),
        "{after:?}"
    );
    let mut low = s.clone();
    common::play(&game, &mut low, "A2=1");
    assert!(!names(&game, &low).contains(&"B2=2".to_string()));
    common::play(&game, &mut s, "A2=2");
    common::play(&game, &mut s, "B2=1");
    assert!(s.is_over() && s.ranking()[1] == 1.0);

    // `(hint)` and `(what at:)`: a hint's value counts the mines around it, and no mine is
    // on a hint
    let mines = r#"(game "Mines" (players 1)
        (equipment {
            (board (square 2) (values Cell (range 0 1)))
            (hints { (hint 0 1) })
            (regions {Rows})
        })
        (rules (play (satisfy {
                   (forAll Hint (is Count (sites Around (from)) of:1 (hint)))
                   (forAll Hint (= (what at:(from)) 0))
               }))
               (end (if (is Solved) (result P1 Win)))))"#;
    let game = Game::load("Mines.lud", mines, &Selections::default()).expect("loads");
    let mut s = game.initial_state();
    let first = names(&game, &s);
    assert!(
        !first.contains(&"A1=1".to_string()) && first.contains(&"A1=0".to_string()),
        "{first:?}"
    );
    common::play(&game, &mut s, "A2=0");
    common::play(&game, &mut s, "B1=0");
    // one mine around A1, and only B2 is left for it
    let after = names(&game, &s);
    assert!(
        after.contains(&"B2=1".to_string()) && !after.contains(&"B2=0".to_string()),
        "{after:?}"
    );
    common::play(&game, &mut s, "B2=1");
    assert!(s.is_over() && s.ranking()[1] == 1.0);
}
