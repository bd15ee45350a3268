//! Scenario tests of `games/ex-nihilo.lud` against the published rules
//! (`../shared/rules/ex-nihilo.md`), on the default board (hexhex of side 5, A1..I9, centre E5).
//!
//! Neighbours of `Xn`: `X+1 n+1`, `X+1 n`, `X n-1`, `X-1 n-1`, `X-1 n`, `X n+1`. Steps to the
//! centre: E5 0, D5/F6/E6 1, C5/G7 2, B5/H8 3, A5/I9 4. Empty cells hold a 0-stack (`Disc0`).

mod common;

use common::at;
use ludeme::engine::{Game, State};

/// The start position (0-stacks everywhere) with the listed sites replaced.
fn game() -> Game {
    common::our_game("ex-nihilo.lud")
}

fn pos(g: &Game, pieces: &[(&str, &[&str])], mover: usize) -> State {
    g.position_on(&g.initial_state(), pieces, mover).unwrap()
}

/// Play the move named `text` after which `label` holds `content` (several moves share a
/// name: the parts of a stack).
fn play(g: &Game, s: &mut State, text: &str, label: &str, content: &str) {
    let found = g.find_move(s, text);
    assert!(!found.is_empty(), "{text} is not legal in {}", g.state_text(s));
    for m in &found {
        let mut t = s.clone();
        g.apply(&mut t, m);
        if at(g, &t, label) == content {
            *s = t;
            return;
        }
    }
    panic!("no {text} leaves {content} on {label}");
}

fn froms(g: &Game, s: &State) -> Vec<String> {
    g.legal_moves(s)
        .iter()
        .filter(|m| m.from_site() >= 0)
        .map(|m| g.site_label(m.from_site() as usize).to_string())
        .collect()
}

const P1: &[&str] = &["Disc1"];
const P2: &[&str] = &["Disc2"];

#[test]
fn a_zero_stack_moved_three_steps_out_becomes_three_of_the_movers_pieces() {
    let g = game();
    let mut s = g.initial_state();
    play(&g, &mut s, "E5-H8", "H8", "Disc1,Disc1,Disc1");
    assert_eq!(at(&g, &s, "E5"), "Disc0", "the cell left still holds a 0-stack");
    assert_eq!(at(&g, &s, "G7"), "Disc0");
    assert_eq!(s.mover(), 2);
}

#[test]
fn a_whole_stack_moves_only_outward() {
    let g = game();
    let s = pos(&g, &[("F6", P1)], 1);
    assert!(g.find_move(&s, "F6-E5").is_empty(), "inward");
    assert!(
        g.find_move(&s, "F6-F5").is_empty(),
        "sideways (F5 is also one step from the centre)"
    );
    let mut t = s.clone();
    play(&g, &mut t, "F6-G7", "G7", "Disc1,Disc1");
    assert_eq!(at(&g, &t, "F6"), "Disc0", "a 0-stack is left behind");
    // Two steps out: grows by two.
    let mut t = s.clone();
    play(&g, &mut t, "F6-H8", "H8", "Disc1,Disc1,Disc1");
}

#[test]
fn a_split_keeps_the_order_of_the_pieces() {
    let g = game();
    let s = pos(&g, &[("F6", &["Disc1", "Disc2", "Disc1"])], 1);
    // The top two move inward, in order, and do not grow.
    let mut t = s.clone();
    play(&g, &mut t, "F6-E5", "E5", "Disc2,Disc1");
    assert_eq!(at(&g, &t, "F6"), "Disc1");
    // The top one moves outward one step: it grows by one of the mover's pieces.
    let mut t = s.clone();
    play(&g, &mut t, "F6-G7", "G7", "Disc1,Disc1");
    assert_eq!(at(&g, &t, "F6"), "Disc1,Disc2");
    // The top two outward: Disc2,Disc1 plus one.
    let mut t = s.clone();
    play(&g, &mut t, "F6-G7", "G7", "Disc2,Disc1,Disc1");
    assert_eq!(at(&g, &t, "F6"), "Disc1");
}

#[test]
fn a_stack_topped_by_an_enemy_piece_cannot_be_moved() {
    let g = game();
    let s = pos(&g, &[("F6", &["Disc1", "Disc2"])], 1);
    assert!(!froms(&g, &s).contains(&"F6".to_string()));
    let s = pos(&g, &[("F6", &["Disc1", "Disc2"])], 2);
    assert!(froms(&g, &s).contains(&"F6".to_string()));
}

#[test]
fn stacks_move_only_along_unbroken_lines_of_empty_cells() {
    let g = game();
    let s = pos(&g, &[("F6", P1), ("G7", P2)], 1);
    assert!(g.find_move(&s, "F6-G7").is_empty(), "onto a stack");
    assert!(g.find_move(&s, "F6-H8").is_empty(), "across a stack");
    assert!(
        g.find_move(&s, "E5-H8").is_empty(),
        "a 0-stack cannot cross stacks either"
    );
    assert!(!g.find_move(&s, "F6-F7").is_empty());
}

/// B5 (P1) and the stack about to come to D5 flank C5 (P2); D6 (P2) lies between C6 and E6 (P1).
fn flank_position(g: &Game, c5: &[&str]) -> State {
    pos(
        g,
        &[
            ("B5", P1),
            ("C5", c5),
            ("D6", &["Disc2", "Disc2"]),
            ("E6", &["Disc1", "Disc1"]),
        ],
        1,
    )
}

#[test]
fn capturing_is_obligatory() {
    let g = game();
    let s = flank_position(&g, P2);
    let moves = g.legal_moves(&s);
    assert!(!g.find_move(&s, "E5-D5").is_empty(), "the capture");
    assert!(g.find_move(&s, "E5-F6").is_empty(), "a move that captures nothing");
    for m in &moves {
        let mut t = s.clone();
        g.apply(&mut t, m);
        assert_eq!(
            t.mover(),
            1,
            "{} captures nothing: not allowed when a capture exists",
            g.move_text(m)
        );
    }
    // The capture: the mover then moves the hostage C5, and only it.
    let mut t = s.clone();
    play(&g, &mut t, "E5-D5", "D5", "Disc1");
    assert_eq!(t.mover(), 1);
    assert_eq!(
        froms(&g, &t).into_iter().collect::<std::collections::BTreeSet<_>>(),
        ["C5".to_string()].into()
    );
}

#[test]
fn flanking_needs_three_stacks_of_the_same_size() {
    let g = game();
    let mut s = flank_position(&g, &["Disc2", "Disc2"]);
    assert!(!g.find_move(&s, "E5-F6").is_empty(), "no capture exists: any move");
    play(&g, &mut s, "E5-D5", "D5", "Disc1");
    assert_eq!(s.mover(), 2, "C5 is taller than B5 and D5: not flanked");
}

#[test]
fn captures_chain_and_a_hostage_grows_with_the_captors_pieces() {
    let g = game();
    let mut s = flank_position(&g, P2);
    play(&g, &mut s, "E5-D5", "D5", "Disc1");
    // The hostage goes out one step and grows by one of P1's pieces; now topped by P1, it
    // flanks D6 with E6 (all of size 2): the chain goes on.
    play(&g, &mut s, "C5-C6", "C6", "Disc2,Disc1");
    assert_eq!(s.mover(), 1, "{}", g.state_text(&s));
    let from: std::collections::BTreeSet<_> = froms(&g, &s).into_iter().collect();
    assert_eq!(from, ["D6".to_string()].into());
}

#[test]
fn a_player_with_no_move_loses() {
    let g = game();
    // Every cell holds one of P1's pieces but I9. P1's only move: H8 out to I9; then P2 has
    // no 0-stack that can go anywhere and no stack: P2 loses.
    let labels: Vec<String> = (0..g.num_sites()).map(|i| g.site_label(i).to_string()).collect();
    let mut pieces: Vec<(&str, &[&str])> = labels.iter().filter(|l| *l != "I9").map(|l| (l.as_str(), P1)).collect();
    pieces.push(("I9", &["Disc0"]));
    let mut s = pos(&g, &pieces, 1);
    let moves = g.legal_moves(&s);
    assert_eq!(moves.iter().map(|m| g.move_text(m)).collect::<Vec<_>>(), ["H8-I9"]);
    g.apply(&mut s, &moves[0]);
    assert!(s.is_over());
    assert_eq!(s.ranking()[1..], [1.0, 2.0]);
}
