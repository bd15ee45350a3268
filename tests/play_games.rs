//! `ludeme play` end to end on each of our own descriptions in `games/`: a human (always the
//! first listed move, through standard input) against a random player, to the end; the
//! announced result must agree with the saved record. And one rendered position per game.

use std::io::Write;
use std::process::{Command, Stdio};

fn ludeme() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ludeme"))
}

fn game(name: &str) -> String {
    format!("{}/games/{name}.lud", env!("CARGO_MANIFEST_DIR"))
}

fn tmp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ludeme-play-games-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn human_against_random(name: &str, options: &[&str]) {
    let rec = tmp(&format!("{name}.json"));
    let mut cmd = ludeme();
    cmd.arg("play").arg(game(name));
    for o in options {
        cmd.args(["--option", o]);
    }
    let mut child = cmd
        .args(["--p2", "random", "--seed", "11", "--record", rec.to_str().unwrap()])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all("1\n".repeat(600).as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let out = String::from_utf8(out.stdout).unwrap();
    let result = out
        .lines()
        .find(|l| l.starts_with("Result: "))
        .unwrap_or_else(|| panic!("no result:\n{out}"));
    assert!(
        matches!(
            result,
            "Result: Player 1 wins" | "Result: Player 2 wins" | "Result: Draw"
        ),
        "{result}"
    );
    let v: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&rec).unwrap()).unwrap();
    assert_eq!(format!("Result: {}", v["result"].as_str().unwrap()), result);
    // the record replays to the same end
    let replay = ludeme().arg("replay").arg(&rec).arg("--last").output().unwrap();
    assert!(replay.status.success(), "{}", String::from_utf8_lossy(&replay.stderr));
}

#[test]
fn refugia_human_against_random() {
    human_against_random("refugia", &["Board Size/Hex 2-3"]);
}

#[test]
fn ex_nihilo_human_against_random() {
    human_against_random("ex-nihilo", &["Board Size/4"]);
}

#[test]
fn equi_human_against_random() {
    human_against_random("equi", &[]);
}

fn render(name: &str) -> String {
    let rec = tmp(&format!("{name}-svg.json"));
    let out = ludeme()
        .arg("play")
        .arg(game(name))
        .args([
            "--p1",
            "random",
            "--p2",
            "random",
            "--seed",
            "5",
            "--record",
            rec.to_str().unwrap(),
        ])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success());
    let svg = tmp(&format!("{name}.svg"));
    let out = ludeme()
        .args(["render", "--record"])
        .arg(&rec)
        .args(["--ply", "8", "--svg"])
        .arg(&svg)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    std::fs::read_to_string(&svg).unwrap()
}

#[test]
fn svg_of_a_position_of_each_game() {
    insta::assert_snapshot!("refugia_svg", render("refugia"));
    insta::assert_snapshot!("ex_nihilo_svg", render("ex-nihilo"));
    insta::assert_snapshot!("equi_svg", render("equi"));
}
