//! The command line on extreme or malformed flags, paths and records: a usage error or a
//! clear message, never a panic, a hang or memory that grows with a number the user typed.

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn ludeme() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ludeme"))
}

fn games(name: &str) -> String {
    format!("{}/games/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn no_panic(out: &Output) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
}

/// A field of `/proc/PID/status` in kB (Linux).
fn status_kb(pid: u32, field: &str) -> Option<u64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = s.lines().find(|l| l.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[test]
fn thinking_times_that_are_not_a_positive_finite_number_of_seconds_are_usage_errors() {
    for think in ["NaN", "inf", "-inf", "1e30", "-1", "0", "soon"] {
        for sub in ["play", "tournament"] {
            let out = ludeme()
                .arg(sub)
                .arg(games("equi.lud"))
                .arg(format!("--think={think}"))
                .stdin(Stdio::null())
                .output()
                .unwrap();
            no_panic(&out);
            assert_eq!(out.status.code(), Some(2), "{sub} --think {think}");
            assert!(
                String::from_utf8_lossy(&out.stderr).contains("--think"),
                "{sub} --think {think}"
            );
        }
    }
}

#[test]
fn thread_counts_are_bounded_and_reported_as_used() {
    for threads in ["100000", "257", "-1"] {
        let out = ludeme()
            .arg("playout")
            .arg(games("equi.lud"))
            .args(["-n", "2", "--threads", threads])
            .output()
            .unwrap();
        no_panic(&out);
        assert_eq!(out.status.code(), Some(2), "--threads {threads}");
    }
    // 0 means one per core: the header says how many ran, never "0 threads"
    let out = ludeme()
        .arg("playout")
        .arg(games("equi.lud"))
        .args(["-n", "4", "--threads", "0", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u64;
    assert_eq!(v["threads"].as_u64(), Some(cores));
    assert_eq!(v["playouts"].as_u64(), Some(4));
}

/// Starts a long `playout -n N`, lets it run a moment, and returns its peak virtual memory
/// (kB) and whether it was still running (it must neither panic nor reserve memory for all
/// N results up front).
fn peak_of_a_long_batch(n: &str, threads: &str) -> (u64, bool) {
    let mut child = ludeme()
        .arg("playout")
        .arg(games("equi.lud"))
        .args(["-n", n, "--threads", threads])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    let mut peak = 0;
    let mut running = true;
    while start.elapsed() < Duration::from_millis(1500) {
        if let Ok(Some(_)) = child.try_wait() {
            running = false;
            break;
        }
        peak = peak.max(status_kb(child.id(), "VmPeak:").unwrap_or(0));
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    let out = child.wait_with_output().unwrap();
    no_panic(&out);
    (peak, running)
}

#[test]
fn a_huge_number_of_playouts_streams_its_statistics() {
    if !std::path::Path::new("/proc/self/status").exists() {
        return; // the measurement needs Linux's /proc
    }
    for n in ["1000000000", "18446744073709551615"] {
        for threads in ["1", "2"] {
            let (peak, running) = peak_of_a_long_batch(n, threads);
            assert!(running, "-n {n} --threads {threads} ended early");
            // threads reserve their stacks; a result per playout would need gigabytes
            assert!(
                peak < 1_000_000,
                "-n {n} --threads {threads}: peak {peak} kB of virtual memory"
            );
        }
    }
}

fn temp(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ludeme-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// A record of a game of Equi between random agents, written by `play`.
fn random_record(name: &str) -> std::path::PathBuf {
    let rec = std::env::temp_dir().join(format!("ludeme-limits-{}-{name}.json", std::process::id()));
    let out = ludeme()
        .arg("play")
        .arg(games("equi.lud"))
        .args(["--p1", "random", "--p2", "random", "--record"])
        .arg(&rec)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    rec
}

const REFUGIA: &str = "../shared/ludii/lud/board/space/territory/Refugia.lud";

#[test]
fn check_reports_every_file_even_after_one_it_cannot_read() {
    let ok = games("equi.lud");
    let missing = "/nonexistent/none.lud";
    let dir = format!("{}/games", env!("CARGO_MANIFEST_DIR"));
    let big = temp("big.lud", &" ".repeat(ludeme::expand::MAX_SOURCE_BYTES + 1));
    let out = ludeme()
        .arg("check")
        .arg(&ok)
        .arg(missing)
        .arg(&dir)
        .arg(&big)
        .arg(&ok)
        .output()
        .unwrap();
    no_panic(&out);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    // equi twice, and the three games of the directory
    assert!(
        stdout.contains("checked 5 files: 5 ok, 0 with errors; 2 not checked"),
        "{stdout}"
    );
    assert!(stderr.contains("none.lud"), "{stderr}");
    assert!(stderr.contains("larger than"), "{stderr}");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn an_endless_input_is_read_only_up_to_the_limit() {
    let out = ludeme().args(["check", "/dev/zero"]).output().unwrap();
    no_panic(&out);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("larger than"));
}

#[test]
fn a_record_that_cannot_be_written_stops_play_before_the_game() {
    let out = ludeme()
        .arg("play")
        .arg(games("equi.lud"))
        .args([
            "--p1",
            "random",
            "--p2",
            "random",
            "--record",
            "/nonexistent/dir/game.json",
        ])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    no_panic(&out);
    assert_eq!(out.status.code(), Some(2));
    assert!(!String::from_utf8_lossy(&out.stdout).contains("Result"));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write the record"));
}

#[test]
fn replay_checks_the_result_a_record_claims() {
    let rec = random_record("rec");
    let ok = ludeme().arg("replay").arg(&rec).arg("--last").output().unwrap();
    assert_eq!(ok.status.code(), Some(0), "{}", String::from_utf8_lossy(&ok.stderr));
    let mut v: serde_json::Value = serde_json::from_slice(&std::fs::read(&rec).unwrap()).unwrap();
    let claimed = v["result"].as_str().unwrap().to_string();
    let other = if claimed == "Player 1 wins" {
        "Player 2 wins"
    } else {
        "Player 1 wins"
    };
    v["result"] = serde_json::Value::from(other);
    std::fs::write(&rec, v.to_string()).unwrap();
    for sub in ["replay", "render"] {
        let mut cmd = ludeme();
        if sub == "replay" {
            cmd.arg("replay").arg(&rec);
        } else {
            cmd.args(["render", "--svg", "/dev/null", "--record"]).arg(&rec);
        }
        let bad = cmd.output().unwrap();
        no_panic(&bad);
        assert_eq!(bad.status.code(), Some(1), "{sub}");
        let err = String::from_utf8_lossy(&bad.stderr);
        assert!(err.contains(other) && err.contains(&claimed), "{sub}: {err}");
    }
}

#[test]
fn two_items_of_one_option_heading_are_a_usage_error() {
    if !std::path::Path::new(REFUGIA).exists() {
        return; // the corpus is beside the project in development and CI
    }
    for sub in ["check", "playout"] {
        let out = ludeme()
            .arg(sub)
            .arg(REFUGIA)
            .args(["--option", "Board Size/Hex 2-3", "--option", "Board Size/Hex 3-5"])
            .output()
            .unwrap();
        no_panic(&out);
        assert_eq!(out.status.code(), Some(2), "{sub}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("same heading"), "{sub}");
    }
}

#[test]
fn render_ply_needs_a_record_and_a_ply_within_it() {
    let out = ludeme()
        .args(["render", "--ply", "3", "--svg", "/dev/null"])
        .arg(games("equi.lud"))
        .output()
        .unwrap();
    no_panic(&out);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--record"));
}

/// Runs a command to its end, sampling its resident memory; returns the output and the peak
/// resident size seen (kB).
fn run_sampling(mut cmd: Command) -> (Output, u64) {
    let mut child = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let pid = child.id();
    // drain stdout on a thread so that a long output never blocks the child
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        std::io::Read::read_to_end(&mut stdout, &mut buf).unwrap();
        buf
    });
    let mut peak = 0;
    while child.try_wait().unwrap().is_none() {
        peak = peak.max(status_kb(pid, "VmHWM:").unwrap_or(0));
        std::thread::sleep(Duration::from_millis(20));
    }
    let mut out = child.wait_with_output().unwrap();
    out.stdout = reader.join().unwrap();
    (out, peak)
}

#[test]
fn playing_and_replaying_a_long_game_on_a_large_board_keeps_one_position() {
    if !std::path::Path::new("/proc/self/status").exists() {
        return;
    }
    // 2,500 sites filled one by one: a position per ply would hold 2,500 boards
    let game = temp(
        "large.lud",
        "(game \"Large\" (players 2) (equipment {(board (square 50)) (piece \"Disc\" Each)}) (rules (play (move Add (to (sites Empty)))) (end (if (no Moves Next) (result Mover Draw)))))",
    );
    let rec = game.with_extension("json");
    let mut play = ludeme();
    play.arg("play")
        .arg(&game)
        .args(["--p1", "random", "--p2", "random", "--record"])
        .arg(&rec);
    let (out, peak) = run_sampling(play);
    no_panic(&out);
    assert_eq!(out.status.code(), Some(0));
    assert!(peak < 150_000, "play: peak {peak} kB");
    let moves = serde_json::from_slice::<serde_json::Value>(&std::fs::read(&rec).unwrap()).unwrap()["moves"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(moves, 2500);
    let mut replay = ludeme();
    replay.arg("replay").arg(&rec);
    let (out, peak) = run_sampling(replay);
    no_panic(&out);
    assert_eq!(out.status.code(), Some(0));
    assert!(peak < 150_000, "replay: peak {peak} kB");
    assert!(String::from_utf8_lossy(&out.stdout).contains("Ply 2500:"));
}

#[test]
fn output_cut_short_ends_every_subcommand_quietly() {
    let rec = random_record("pipe");
    let equi = games("equi.lud");
    let rec = rec.display().to_string();
    let runs: Vec<Vec<&str>> = vec![
        vec!["doc"],
        vec!["expand", &equi],
        vec!["check", &equi, &equi, &equi],
        vec!["play", &equi, "--p1", "random", "--p2", "random"],
        vec!["replay", &rec],
        vec!["playout", &equi, "-n", "20"],
        vec!["tournament", &equi, "--agents", "random,random", "-n", "2"],
    ];
    for args in runs {
        let mut child = ludeme()
            .args(&args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take()); // the reader goes away at once
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
