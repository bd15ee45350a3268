//! `ludeme play`, `replay`, `render` and `tournament` on Ludii's Refugia (Hex 2-3).

use std::io::Write;
use std::process::{Command, Stdio};

const REFUGIA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/ludii/lud/board/space/territory/Refugia.lud"
);
const HEX23: &str = "Board Size/Hex 2-3";

fn ludeme() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ludeme"))
}

fn tmp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ludeme-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Drive `ludeme play` on Refugia (Hex 2-3) with these stdin lines; returns stdout.
fn play(extra: &[&str], input: &str) -> String {
    let mut args = vec![REFUGIA, "--option", HEX23];
    args.extend_from_slice(extra);
    play_file(&args, input)
}

/// Drive `ludeme play ARGS` with these stdin lines; returns stdout.
fn play_file(args: &[&str], input: &str) -> String {
    let mut child = ludeme()
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn human_vs_random_through_stdin_to_the_end() {
    let rec = tmp("game.json");
    // Always the first listed move; by text once, a bad line, undo and a hint on the way.
    let mut input = String::from("A1\nZ9\nundo\nhint\n");
    input.push_str(&"1\n".repeat(40));
    let out = play(
        &[
            "--p2",
            "random",
            "--seed",
            "5",
            "--iterations",
            "20",
            "--record",
            rec.to_str().unwrap(),
        ],
        &input,
    );
    assert!(out.contains("Player 1 (human) plays A1"), "{out}");
    assert!(out.contains("Not a legal move or command: `Z9`"), "{out}");
    assert!(out.contains("hint: "), "{out}");
    let result = out.lines().find(|l| l.starts_with("Result: ")).expect(&out).to_string();
    assert!(
        result == "Result: Player 1 wins" || result == "Result: Player 2 wins" || result == "Result: Draw",
        "{result}"
    );
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&rec).unwrap()).unwrap();
    assert_eq!(format!("Result: {}", v["result"].as_str().unwrap()), result);

    // The record replays to the same end.
    let out = ludeme().arg("replay").arg(&rec).arg("--last").output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains(&format!("Game over: {}", &result["Result: ".len()..])),
        "{text}"
    );

    // A tampered record is rejected.
    let mut bad = v.clone();
    bad["moves"][0] = "Z9".into();
    let badf = tmp("bad.json");
    std::fs::write(&badf, bad.to_string()).unwrap();
    let out = ludeme().arg("replay").arg(&badf).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("move 1 `Z9` is not legal"));
}

#[test]
fn same_seed_same_game() {
    let a = play(
        &["--p1", "mcts", "--p2", "random", "--seed", "3", "--iterations", "30"],
        "",
    );
    let b = play(
        &["--p1", "mcts", "--p2", "random", "--seed", "3", "--iterations", "30"],
        "",
    );
    assert_eq!(a, b);
    assert!(a.contains("Result: "), "{a}");
}

#[test]
fn svg_of_a_position() {
    let rec = tmp("svg.json");
    let record = serde_json::json!({
        "file": REFUGIA,
        "options": [HEX23],
        "moves": ["A1", "D4", "C1", "C2"],
    });
    std::fs::write(&rec, record.to_string()).unwrap();
    let out = tmp("pos.svg");
    let st = ludeme()
        .args(["render", "--record"])
        .arg(&rec)
        .args(["--ply", "4", "--svg"])
        .arg(&out)
        .status()
        .unwrap();
    assert!(st.success());
    insta::assert_snapshot!("refugia_hex23_ply4_svg", std::fs::read_to_string(&out).unwrap());
}

#[test]
fn tournament_reports_win_rates() {
    let out = ludeme()
        .arg("tournament")
        .arg(REFUGIA)
        .args([
            "--option",
            HEX23,
            "--agents",
            "mcts,random",
            "-n",
            "4",
            "--iterations",
            "100",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("4 games of Refugia"), "{text}");
    assert!(text.contains(" as P1"), "{text}");
}

/// A sowing game shows each pit's label and count, and the hands (stores); a move is
/// entered by its pit.
#[test]
fn a_sowing_game_shows_counts_per_pit_and_is_played_by_pit() {
    let run = |file: &str, input: &str| {
        let path = format!("{}/../shared/ludii/lud/board/sow/{file}", env!("CARGO_MANIFEST_DIR"));
        play_file(&[&path, "--p2", "random"], input)
    };
    // Kalah: stores on the board (A1, H1); C1 sows its 4 seeds into D1..G1
    let out = run("two_rows/Kalah.lud", "C1\nquit\n");
    assert!(
        out.contains("A1:0") && out.contains("C1:4") && out.contains("H1:0"),
        "{out}"
    );
    assert!(out.contains("Player 1 (human) plays C1"), "{out}");
    let after = out.split("plays C1").nth(1).unwrap();
    assert!(
        after.contains("C1:0") && after.contains("D1:5") && after.contains("G1:5"),
        "{out}"
    );
    // Hawalis: four rows, stores in hands
    let out = run("four_rows/Hawalis.lud", "quit\n");
    assert!(out.contains("A4:2") && out.contains("A1:2"), "{out}");
    assert!(out.contains("Hand1: 0") && out.contains("Hand2: 0"), "{out}");
}

/// The pie rule in Hex: the second player is offered `swap` on their first move; after it,
/// the human plays player 1 (the first player's stone is theirs) and the agent player 2.
#[test]
fn the_pie_rule_swaps_the_seats() {
    let path = format!(
        "{}/../shared/ludii/lud/board/space/connection/Hex.lud",
        env!("CARGO_MANIFEST_DIR")
    );
    let out = play_file(
        &[&path, "--p1", "random", "--p2", "human", "--seed", "3"],
        "swap\nquit\n",
    );
    assert!(out.contains("or: swap"), "the swap is offered: {out}");
    let after = out
        .split("Player 2 (human) plays swap")
        .nth(1)
        .expect("the human swaps");
    assert!(after.contains("Move 3: player 2 [b] (random) to move"), "{out}");
    assert!(after.contains("Move 4: player 1 [a] (human) to move"), "{out}");
}

/// The README's quick start, Ex Nihilo against the computer: the board carries coordinates
/// along its edges and no filler pieces, and each turn fits a screen (24 lines from the
/// board to the prompt): its hundreds of moves are offered by the site they start from, a
/// site lists its moves, and moves that share a text are told apart in words.
#[test]
fn ex_nihilo_quick_start_fits_a_screen_with_coordinates() {
    let path = format!("{}/games/ex-nihilo.lud", env!("CARGO_MANIFEST_DIR"));
    // E5 lists its moves; 1 plays the first (a stack of 4 in corner A1); next turn, A1's
    // moves come in several sizes each: A1-B1 asks which, in words
    let out = play_file(&[&path, "--p2", "random", "--seed", "1"], "E5\n1\nA1\nA1-B1\n2\nquit\n");
    let first = out.split("Move 1:").next().unwrap();
    assert!(first.contains("A   B   C   D   E"), "column letters: {out}");
    assert!(
        first.lines().any(|l| l.trim_start().starts_with("5   .")),
        "row numbers: {out}"
    );
    assert!(!first.contains(" n "), "the neutral 0-stacks are not drawn: {out}");
    assert!(out.contains("from: B2(6) C2(6)"), "moves offered by origin: {out}");
    assert!(out.contains("Moves from E5:\n  1. E5-A1"), "{out}");
    assert!(out.contains("Player 1 (human) plays E5-A1"), "{out}");
    assert!(
        out.contains("(A1: a a a a → a a; B1: empty → a a)"),
        "a shared text told apart in words: {out}"
    );
    assert!(out.contains("plays A1-B1#2"), "{out}");
    assert!(!out.contains("=Disc"), "no internal site numbers: {out}");
    for turn in out.split("\n> ") {
        let screen = turn.rsplit("\n\n").next().unwrap();
        assert!(screen.lines().count() <= 24, "more than a screenful:\n{screen}");
    }
}

/// Chess in the terminal: pieces by their names' letters, upper case for player 1 and lower
/// case for player 2, with a key listing each kind once.
#[test]
fn chess_in_the_terminal_shows_its_pieces_by_name() {
    let chess = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/ludii/lud/board/war/replacement/checkmate/chess/Chess.lud"
    );
    let out = play_file(&[chess, "--p1", "human", "--p2", "human"], "quit\n");
    let rank = |n: &str| -> Vec<String> {
        let line = out
            .lines()
            .find(|l| l.split_whitespace().next() == Some(n))
            .unwrap_or_else(|| panic!("no rank {n}:\n{out}"));
        line.split_whitespace().skip(1).map(String::from).collect()
    };
    assert_eq!(rank("1"), ["R", "N", "B", "Q", "K", "B", "N", "R"], "{out}");
    assert_eq!(rank("2"), ["P"; 8], "{out}");
    assert_eq!(rank("8"), ["r", "n", "b", "q", "k", "b", "n", "r"], "{out}");
    let key = out.lines().find(|l| l.starts_with("pieces:")).unwrap();
    for k in ["K King", "N Knight", "Q Queen", "B Bishop", "R Rook", "P Pawn"] {
        assert_eq!(key.matches(k).count(), 1, "{key}");
    }
    assert!(out.contains("player 1 [upper case]"), "{out}");
}

/// A simulation (Ludii's `(players 0)`: Game of Life) plays itself in the terminal, one
/// generation a move, and stops where its rules give no move (a blinker never does; a
/// glider on a small board ends as a still block).
#[test]
fn a_simulation_steps_itself_until_it_stands_still() {
    let life = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/ludii/lud/simulation/Game of Life.lud"
    );
    let out = play_file(&[life, "--option", "Start/Block"], "");
    assert!(out.contains("No legal move: the game stands still."), "{out}");
    assert_eq!(out.matches("(simulation) plays").count(), 0, "{out}");
    let out = play_file(&[life, "--option", "Start/Glider", "--option", "Board/Square 8x8"], "");
    let steps = out.matches("Player 0 (simulation) plays").count();
    assert!(steps > 4, "{out}");
    assert!(out.trim_end().ends_with("Result: The game is not over"), "{out}");
}
