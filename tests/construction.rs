//! What Ludii refuses while it builds a game (after parsing and matching): `check` gives the
//! same verdict, with an error at the call.

use ludeme::check::check_source;
use ludeme::expand::Selections;

const GAME: &str = r#"(game "G" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)}) (rules (play (move Add (to (sites Empty)))) (end (if (no Moves Next) (result Mover Draw)))))"#;

/// The construction errors of `text` (their messages).
fn refusals(text: &str) -> Vec<String> {
    let c = check_source("t.lud", text, &Selections::default()).unwrap();
    let other: Vec<_> = c
        .diagnostics
        .iter()
        .filter(|d| d.is_error() && d.code != "construction")
        .collect();
    assert!(other.is_empty(), "{text}: {other:?}");
    c.diagnostics
        .iter()
        .filter(|d| d.code == "construction")
        .map(|d| d.message.clone())
        .collect()
}

fn with(from: &str, to: &str) -> String {
    assert!(GAME.contains(from));
    GAME.replacen(from, to, 1)
}

#[test]
fn the_base_game_is_built() {
    assert!(refusals(GAME).is_empty());
}

#[test]
fn players_from_0_to_16() {
    for n in [0, 1, 16] {
        assert!(
            refusals(&with("(players 2)", &format!("(players {n})"))).is_empty(),
            "{n}"
        );
    }
    for n in [17, 100, -1] {
        let r = refusals(&with("(players 2)", &format!("(players {n})")));
        assert_eq!(r.len(), 1, "{n}");
        assert!(r[0].contains("0 to 16 players"), "{r:?}");
    }
    let seventeen = format!("(players {{{}}})", "(player N) ".repeat(17));
    assert_eq!(refusals(&with("(players 2)", &seventeen)).len(), 1);
    let sixteen = format!("(players {{{}}})", "(player N) ".repeat(16));
    assert!(refusals(&with("(players 2)", &sixteen)).is_empty());
}

#[test]
fn tests_that_need_their_argument() {
    let end = "(no Moves Next)";
    for (ok, bad) in [
        ("(is Even (count Moves))", "(is Even)"),
        ("(is Odd (count Moves))", "(is Odd)"),
        ("(is Within (id \"Disc\" P1) at:(last To))", "(is Within at:(last To))"),
    ] {
        assert!(refusals(&with(end, ok)).is_empty(), "{ok}");
        let r = refusals(&with(end, bad));
        assert_eq!(r.len(), 1, "{bad}: {r:?}");
    }
    // `is Threatened` may leave out the piece
    assert!(refusals(&with(end, "(is Threatened at:(last To))")).is_empty());
    // as may `is Flat`
    assert!(refusals(&with(end, "(is Flat)")).is_empty());
}

#[test]
fn regions_and_counts_that_need_their_argument() {
    let region = "(sites Empty)";
    assert!(refusals(&with(region, "(sites State 1)")).is_empty());
    assert_eq!(refusals(&with(region, "(sites State)")).len(), 1);
    assert!(refusals(&with(region, "(sites Row 1)")).is_empty());
    assert!(refusals(&with(region, "(sites Row)")).is_empty());
}

#[test]
fn equipment_limits() {
    let board = "(board (square 3))";
    assert!(refusals(&with(board, "(mancalaBoard 2 6)")).is_empty());
    assert!(refusals(&with(board, "(mancalaBoard 6 6)")).is_empty());
    assert_eq!(refusals(&with(board, "(mancalaBoard 7 6)")).len(), 1);
    assert_eq!(refusals(&with(board, "(mancalaBoard 1 6)")).len(), 1);
    assert!(refusals(&with(board, "(board (square Diamond 3))")).is_empty());
    assert_eq!(refusals(&with(board, "(board (square Rectangle 3))")).len(), 1);
    assert!(refusals(&with(board, "(board (hex Diamond 3))")).is_empty());
    assert_eq!(refusals(&with(board, "(board (hex NoShape 3))")).len(), 1);
    let dice = |d: &str| {
        with(
            "(piece \"Disc\" Each)",
            &format!("(piece \"Disc\" Each) (dice d:{d} num:2)"),
        )
    };
    assert!(refusals(&dice("6")).is_empty());
    assert!(refusals(&dice("100")).is_empty());
    assert_eq!(refusals(&dice("101")).len(), 1);
}

#[test]
fn a_refusal_points_at_the_call_through_defines() {
    let text = format!(
        "(define \"Test\" (is Within at:(last To)))\n{}",
        with("(no Moves Next)", "(\"Test\")")
    );
    let c = check_source("t.lud", &text, &Selections::default()).unwrap();
    let d = c
        .diagnostics
        .iter()
        .find(|d| d.code == "construction")
        .expect("refused");
    assert!(d.message.contains("is Within"), "{}", d.message);
    assert!(d.span.is_some());
}

#[test]
fn equipment_needs_a_board_and_maps_pair_keys_with_values() {
    assert_eq!(refusals(&with("(board (square 3)) ", "")).len(), 1);
    assert!(refusals(&with("(board (square 3))", "(mancalaBoard 2 6)")).is_empty());
    let map = |m: &str| with("(piece \"Disc\" Each)", &format!("(piece \"Disc\" Each) {m}"));
    assert!(refusals(&map("(map {1 2} {3 4})")).is_empty());
    assert_eq!(refusals(&map("(map {1 2} {3})")).len(), 1);
    assert_eq!(refusals(&map("(map \"M\" {1} {3 4})")).len(), 1);
}
