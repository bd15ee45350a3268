//! Scenario tests of `games/refugia.lud` against the published rules (`../shared/rules/refugia.md`):
//! each sets up a position on the default board (hexhex 3-4, 27 cells, A1..F6) and checks a rule.
//!
//! Neighbours of a cell `Xn` on this board: `X+1 n+1`, `X+1 n`, `X n-1`, `X-1 n-1`, `X-1 n`, `X n+1`.

mod common;

use common::play;
use ludeme::engine::{Game, State};

fn game() -> Game {
    common::our_game("refugia.lud")
}

fn pos(g: &Game, pieces: &[(&str, &[&str])], mover: usize) -> State {
    g.position(pieces, mover).unwrap()
}

fn legal(g: &Game, s: &State, text: &str) -> bool {
    !g.find_move(s, text).is_empty()
}

/// The pieces only (the state text before `|`).
fn pieces(g: &Game, s: &State) -> String {
    g.state_text(s).split('|').next().unwrap().to_string()
}

const D1: &[&str] = &["Disc1"];
const D2: &[&str] = &["Disc2"];
const FAN: &[&str] = &["Fan0"];

#[test]
fn no_placement_next_to_own_stones() {
    let g = game();
    let s = pos(&g, &[("D4", D1), ("B2", D2)], 1);
    for own_neighbour in ["E5", "E4", "D3", "C3", "C4", "D5"] {
        assert!(
            !legal(&g, &s, own_neighbour),
            "placed at {own_neighbour}, next to the Disc on D4"
        );
    }
    // Next to an enemy stone, or far from everything: allowed.
    assert!(legal(&g, &s, "B3"));
    assert!(legal(&g, &s, "A1"));
    assert!(!legal(&g, &s, "D4"), "occupied");
}

#[test]
fn a_move_must_reach_fewer_adjacent_enemies() {
    let g = game();
    // D4 has one enemy (D3).
    let s = pos(&g, &[("D4", D1), ("D3", D2)], 1);
    assert!(legal(&g, &s, "D4-E5"), "E5: no enemy");
    assert!(legal(&g, &s, "D4-D5"), "D5: no enemy");
    assert!(!legal(&g, &s, "D4-E4"), "E4 also touches D3: not fewer");
    assert!(!legal(&g, &s, "D4-C3"), "C3 also touches D3: not fewer");
    // A stone with no enemy around cannot move at all.
    let s = pos(&g, &[("A1", D1), ("F6", D2)], 1);
    assert!(g
        .legal_moves(&s)
        .iter()
        .all(|m| m.from_site() < 0 || m.from_site() == m.to_site()));
    assert!(!legal(&g, &s, "A1-B2"));
    // The mutual enemy counts as an enemy: D4 touches a Fan on D3.
    let s = pos(&g, &[("D4", D1), ("D3", FAN)], 1);
    assert!(legal(&g, &s, "D4-E5"));
    assert!(!legal(&g, &s, "D4-E4"));
}

#[test]
fn hopping_an_enemy_stone_leaves_a_mutual_enemy() {
    let g = game();
    // C3 touches three enemies (D4, C2, B2); E5, beyond D4, touches one.
    let mut s = pos(&g, &[("C3", D1), ("D4", D2), ("C2", D2), ("B2", D2)], 1);
    play(&g, &mut s, "C3-E5");
    let expected = pos(&g, &[("E5", D1), ("D4", FAN), ("C2", D2), ("B2", D2)], 2);
    assert_eq!(pieces(&g, &s), pieces(&g, &expected));
    assert_eq!(s.mover(), 2);
}

#[test]
fn hopping_a_mutual_enemy_turns_it_into_ones_own_stone() {
    let g = game();
    let mut s = pos(&g, &[("C3", D1), ("D4", FAN), ("C2", D2), ("B2", D2)], 1);
    play(&g, &mut s, "C3-E5");
    let expected = pos(&g, &[("E5", D1), ("D4", D1), ("C2", D2), ("B2", D2)], 2);
    assert_eq!(pieces(&g, &s), pieces(&g, &expected));
    // D4 and E5 touch: one friendly adjacency.
    assert_eq!((s.score(1), s.score(2)), (1, 1), "C2-B2 touch too");
}

#[test]
fn score_is_the_number_of_friendly_adjacencies() {
    let g = game();
    // D2 flees C2 to E3, joining E4 and F4 (which touch): a triangle of 3 adjacencies,
    // plus the pair A1-B1.
    let mut s = pos(
        &g,
        &[("D2", D1), ("E4", D1), ("F4", D1), ("A1", D1), ("B1", D1), ("C2", D2)],
        1,
    );
    play(&g, &mut s, "D2-E3");
    assert_eq!(s.score(1), 4, "{}", g.state_text(&s));
    assert_eq!(s.score(2), 0);
}

#[test]
fn the_game_ends_after_two_passes_in_a_row() {
    let g = game();
    let mut s = pos(&g, &[("A1", D1), ("F6", D2)], 1);
    play(&g, &mut s, "pass");
    assert!(!s.is_over(), "one pass does not end the game");
    play(&g, &mut s, "C3");
    play(&g, &mut s, "pass");
    assert!(!s.is_over(), "pass, place, pass: not two passes in a row");
    play(&g, &mut s, "pass");
    assert!(s.is_over(), "two passes in a row end the game");
}

#[test]
fn passing_is_always_allowed() {
    let g = game();
    assert!(legal(&g, &g.initial_state(), "pass"));
    let s = pos(&g, &[("D4", D1), ("D3", D2)], 1);
    assert!(g.legal_moves(&s).len() > 1);
    assert!(legal(&g, &s, "pass"));
    // A full board: nothing to place, nothing can move; passing remains.
    let all: Vec<String> = (0..g.num_sites()).map(|i| g.site_label(i).to_string()).collect();
    let full: Vec<(&str, &[&str])> = all.iter().map(|l| (l.as_str(), D1)).collect();
    let s = pos(&g, &full, 2);
    let moves = g.legal_moves(&s);
    assert_eq!(moves.len(), 1);
    assert_eq!(g.move_text(&moves[0]), "pass");
}

/// End with two passes: P1 then P2 (`p1_first`) or P2 then P1.
fn end_by_passes(g: &Game, pieces: &[(&str, &[&str])], scores: (i32, i32), p1_first: bool) -> State {
    let mut s = pos(g, pieces, if p1_first { 1 } else { 2 });
    s.set_score(1, scores.0);
    s.set_score(2, scores.1);
    play(g, &mut s, "pass");
    play(g, &mut s, "pass");
    assert!(s.is_over());
    s
}

#[test]
fn most_friendly_adjacencies_wins() {
    let g = game();
    // P2 has more stones, P1 more adjacencies.
    let p = [("A1", D1), ("B1", D1), ("D4", D2), ("F6", D2), ("A3", D2)];
    for p1_first in [true, false] {
        let s = end_by_passes(&g, &p, (1, 0), p1_first);
        assert_eq!(s.ranking()[1..], [1.0, 2.0]);
    }
}

#[test]
fn tie_on_adjacencies_most_stones_wins() {
    let g = game();
    let p = [("A1", D1), ("D4", D1), ("F6", D1), ("D1", D2), ("A3", D2)];
    for p1_first in [true, false] {
        let s = end_by_passes(&g, &p, (0, 0), p1_first);
        assert_eq!(
            s.ranking()[1..],
            [1.0, 2.0],
            "P1 has more stones (p1 passed first: {p1_first})"
        );
    }
}

#[test]
fn full_tie_the_last_to_move_loses_and_a_pass_is_a_move() {
    let g = game();
    let p = [("A1", D1), ("F6", D2)];
    // P1 passes, then P2: P2 moved last and loses.
    let s = end_by_passes(&g, &p, (0, 0), true);
    assert_eq!(s.ranking()[1..], [1.0, 2.0]);
    // P2 passes, then P1: P1 moved last and loses.
    let s = end_by_passes(&g, &p, (0, 0), false);
    assert_eq!(s.ranking()[1..], [2.0, 1.0]);
}
