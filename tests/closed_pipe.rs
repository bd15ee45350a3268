//! Output cut short (`ludeme doc | head`): every subcommand writing to a pipe that nobody
//! reads any more ends quietly (or, for `serve`, goes on serving), never with a panic.

use std::process::{Command, Stdio};
use std::time::Duration;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Runs `ludeme ARGS` with stdout a pipe whose reading end is already closed; returns its
/// exit status (None: killed by a signal, as SIGPIPE does) and stderr.
fn run_closed(args: &[&str]) -> (Option<i32>, String) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = Command::new(env!("CARGO_BIN_EXE_ludeme"))
        .current_dir(ROOT)
        .args(args)
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn every_subcommand_ends_quietly_when_its_output_is_cut() {
    let dir = std::env::temp_dir().join(format!("ludeme-pipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rec = dir.join("game.json");
    let svg = dir.join("x.svg");
    let ok = Command::new(env!("CARGO_BIN_EXE_ludeme"))
        .current_dir(ROOT)
        .args(["playout", "games/equi.lud", "-n", "1", "--seed", "1"])
        .output()
        .unwrap();
    assert!(ok.status.success());
    let played = Command::new(env!("CARGO_BIN_EXE_ludeme"))
        .current_dir(ROOT)
        .args(["play", "games/equi.lud", "--p1", "random", "--p2", "random", "--record"])
        .arg(&rec)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert!(played.status.success());
    let (rec, svg) = (rec.to_str().unwrap(), svg.to_str().unwrap());
    let trace = format!("{ROOT}/../shared/ludii/traces/seed/equi-square-5.jsonl");
    let runs: Vec<Vec<&str>> = vec![
        vec!["check", "games"],
        vec!["expand", "games/equi.lud"],
        vec!["doc"],
        vec!["doc", "is Line"],
        vec!["info", "games/equi.lud"],
        vec!["compare", &trace, "--game", "games/equi.lud"],
        vec!["playout", "games/equi.lud", "-n", "3", "--seed", "1"],
        vec!["play", "games/equi.lud", "--p1", "random", "--p2", "random"],
        vec!["replay", rec],
        vec!["render", "games/equi.lud", "--svg", svg],
        vec!["tournament", "games/equi.lud", "--agents", "random,random", "-n", "2"],
        vec!["--help"],
    ];
    for args in runs {
        let (code, stderr) = run_closed(&args);
        assert!(!stderr.contains("panicked"), "ludeme {args:?} panicked: {stderr}");
        assert!(
            code.is_none() || code == Some(0),
            "ludeme {args:?}: exit {code:?}: {stderr}"
        );
    }
}

#[test]
fn serve_goes_on_when_its_output_is_cut() {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludeme"))
        .current_dir(ROOT)
        .args(["serve", "games/equi.lud", "--port", "0"])
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(700));
    let running = child.try_wait().unwrap().is_none();
    let _ = child.kill();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(running, "serve ended: {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}
