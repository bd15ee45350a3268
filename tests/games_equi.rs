//! Scenario tests of `games/equi.lud` against the published rules (`../shared/rules/equi.md`),
//! default ruleset (Equi, Nov 2022) on the default board (hex grid of points 3-4, 27 points,
//! A1..F6). Neighbours of `Xn`: `X+1 n+1`, `X+1 n`, `X n-1`, `X-1 n-1`, `X-1 n`, `X n+1`.
//! A turn: an optional Disc move (a step, or hops), then a placement (separate decisions).

mod common;

use common::{at, play};
use ludeme::engine::{Game, State};
use std::collections::BTreeSet;

/// A position with the given scores.
fn game() -> Game {
    common::our_game("equi.lud")
}

fn pos(g: &Game, pieces: &[(&str, &[&str])], mover: usize, scores: (i32, i32)) -> State {
    let mut s = g.position(pieces, mover).unwrap();
    s.set_score(1, scores.0);
    s.set_score(2, scores.1);
    s
}

fn texts(g: &Game, s: &State) -> BTreeSet<String> {
    g.legal_moves(s).iter().map(|m| g.move_text(m)).collect()
}

fn set(items: &[&str]) -> BTreeSet<String> {
    items.iter().map(|s| s.to_string()).collect()
}

const DISC1: &[&str] = &["Disc1"];
const HEX1: &[&str] = &["Hex1"];
const HEX2: &[&str] = &["Hex2"];

#[test]
fn an_enemy_jump_is_forced() {
    let g = game();
    let s = pos(&g, &[("C3", DISC1), ("D4", HEX2), ("A1", HEX1)], 1, (1, 1));
    assert_eq!(texts(&g, &s), set(&["C3-E5"]), "only the hop over D4");
}

#[test]
fn every_jumped_piece_becomes_the_movers_territory() {
    let g = game();
    // An enemy Territory: P2 loses 1, P1 gains 1.
    let mut s = pos(&g, &[("C3", DISC1), ("D4", HEX2)], 1, (-3, 1));
    play(&g, &mut s, "C3-E5");
    assert_eq!(at(&g, &s, "D4"), "Hex1");
    assert_eq!((s.score(1), s.score(2)), (-2, 0));
    // One's own Disc (a hop the mover may choose): -3 becomes +1.
    let mut s = pos(&g, &[("C3", DISC1), ("D4", DISC1)], 1, (-6, 0));
    assert!(texts(&g, &s).len() > 1, "hopping one's own piece is optional");
    play(&g, &mut s, "C3-E5");
    assert_eq!(at(&g, &s, "D4"), "Hex1");
    assert_eq!(s.score(1), -2);
    // An enemy Disc: P2 gets its 3 back.
    let mut s = pos(&g, &[("C3", DISC1), ("D4", &["Disc2"])], 1, (-3, -3));
    play(&g, &mut s, "C3-E5");
    assert_eq!(at(&g, &s, "D4"), "Hex1");
    assert_eq!((s.score(1), s.score(2)), (-2, 0));
}

#[test]
fn hops_chain_and_an_enemy_in_reach_must_be_hopped() {
    let g = game();
    // After C3-E5 over D4, the Disc on E5 can hop E4 (to E3): it must.
    let mut s = pos(&g, &[("C3", DISC1), ("D4", HEX2), ("E4", HEX2)], 1, (-3, 2));
    play(&g, &mut s, "C3-E5");
    assert_eq!(s.mover(), 1);
    assert_eq!(texts(&g, &s), set(&["E5-E3"]));
    play(&g, &mut s, "E5-E3");
    assert_eq!((at(&g, &s, "D4"), at(&g, &s, "E4")), ("Hex1".into(), "Hex1".into()));
    assert_eq!((s.score(1), s.score(2)), (-1, 0));
}

#[test]
fn no_piece_is_jumped_twice_in_a_turn() {
    let g = game();
    // After C3-E5 over D4 (now P1's Territory), hopping D4 back to C3 is not allowed.
    let mut s = pos(&g, &[("C3", DISC1), ("D4", HEX2), ("A1", HEX2)], 1, (-3, 2));
    play(&g, &mut s, "C3-E5");
    assert_eq!(s.mover(), 1);
    assert!(g.find_move(&s, "E5-C3").is_empty(), "{:?}", texts(&g, &s));
}

#[test]
fn the_placed_pieces_type_follows_the_adjacent_counts_and_scores() {
    let g = game();
    // B2 is P1's, C2 is P2's.
    let base = pos(&g, &[("B2", HEX1), ("C2", HEX2)], 1, (1, 1));
    // B1 touches B2 and C2: as many of each: Territory, +1.
    let mut s = base.clone();
    play(&g, &mut s, "B1");
    assert_eq!(at(&g, &s, "B1"), "Hex1");
    assert_eq!(s.score(1), 2);
    // A2 touches only B2: a Disc, -3.
    let mut s = base.clone();
    play(&g, &mut s, "A2");
    assert_eq!(at(&g, &s, "A2"), "Disc1");
    assert_eq!(s.score(1), -2);
    // F6 touches nothing: Territory.
    let mut s = base.clone();
    play(&g, &mut s, "F6");
    assert_eq!(at(&g, &s, "F6"), "Hex1");
    // D3 touches only C2 (P2's): a Disc.
    let mut s = base.clone();
    play(&g, &mut s, "D3");
    assert_eq!(at(&g, &s, "D3"), "Disc1");
    assert_eq!(s.score(2), 1, "the opponent's score is unchanged");
}

#[test]
fn placement_is_mandatory() {
    let g = game();
    let mut s = pos(&g, &[("C3", DISC1), ("A1", HEX2)], 1, (-3, 1));
    play(&g, &mut s, "C3-D4");
    assert_eq!(s.mover(), 1, "the placement follows");
    let moves = g.legal_moves(&s);
    assert!(moves.iter().all(|m| !m.is_pass()), "no pass: {:?}", texts(&g, &s));
    assert!(
        moves.iter().all(|m| m.from_site() < 0 || m.from_site() == m.to_site()),
        "only placements"
    );
    play(&g, &mut s, "C3");
    assert_eq!(s.mover(), 2);
}

#[test]
fn the_game_ends_when_no_placement_can_be_made_higher_score_wins() {
    let g = game();
    // Territory everywhere but A1, whose neighbours (B2, B1, A2) are P2's: P1 must place a Disc
    // there; then the board is full.
    let labels: Vec<String> = (0..g.num_sites()).map(|i| g.site_label(i).to_string()).collect();
    let mut pieces: Vec<(&str, &[&str])> = vec![];
    for (k, l) in labels.iter().enumerate().filter(|(_, l)| *l != "A1") {
        let p2 = ["B2", "B1", "A2"].contains(&l.as_str()) || k % 2 == 0;
        pieces.push((l.as_str(), if p2 { HEX2 } else { HEX1 }));
    }
    let n1 = pieces.iter().filter(|p| p.1 == HEX1).count() as i32;
    let n2 = pieces.iter().filter(|p| p.1 == HEX2).count() as i32;
    let mut s = pos(&g, &pieces, 1, (n1, n2));
    assert_eq!(texts(&g, &s), set(&["A1"]));
    play(&g, &mut s, "A1");
    assert_eq!(at(&g, &s, "A1"), "Disc1");
    assert_eq!((s.score(1), s.score(2)), (n1 - 3, n2));
    // P2 cannot place: the game ends at P2's turn.
    let moves = g.legal_moves(&s);
    if !s.is_over() {
        assert_eq!(moves.len(), 1);
        assert!(moves[0].is_pass());
        g.apply(&mut s, &moves[0]);
        println!("ended after P2's forced pass: {}", g.state_text(&s));
    }
    assert!(s.is_over(), "{} moves {:?}", g.state_text(&s), texts(&g, &s));
    let p1_wins = n1 - 3 > n2;
    assert_eq!(s.ranking()[1..], if p1_wins { [1.0, 2.0] } else { [2.0, 1.0] });
}

#[test]
fn the_first_placement_is_not_on_a_corner() {
    let g = game();
    let s = g.initial_state();
    let corners: Vec<String> = g
        .board()
        .corners()
        .iter()
        .map(|&c| g.site_label(c as usize).to_string())
        .collect();
    assert!(!corners.is_empty());
    for c in &corners {
        assert!(g.find_move(&s, c).is_empty(), "first placement on corner {c}");
    }
    assert!(!g.find_move(&s, "C3").is_empty());
    // Later placements may go on a corner.
    let mut s = s;
    play(&g, &mut s, "C3");
    assert!(corners.iter().all(|c| !g.find_move(&s, c).is_empty()));
}

#[test]
fn only_discs_move() {
    let g = game();
    let s = pos(&g, &[("C3", HEX1), ("D4", HEX2)], 1, (1, 1));
    assert!(g
        .legal_moves(&s)
        .iter()
        .all(|m| m.from_site() < 0 || m.from_site() == m.to_site()));
}
