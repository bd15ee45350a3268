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
