//! The `compare` and `playout` subcommands: exit codes and output.

use std::process::Command;

const SHARED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/ludii");
const REFUGIA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/ludii/lud/board/space/territory/Refugia.lud"
);

fn ludeme() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ludeme"))
}

fn write(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ludeme-cli-tools-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn refugia_trace() -> String {
    format!("{SHARED}/traces/seed/refugia-2-3.jsonl")
}

#[test]
fn compare_missing_trace_exits_two() {
    let out = ludeme()
        .args(["compare", "/nonexistent/trace.jsonl", "--game", REFUGIA])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read"));
}

#[test]
fn compare_malformed_trace_exits_two() {
    let t = write("bad.jsonl", "{\"kind\":\"step\"}\n");
    let out = ludeme()
        .arg("compare")
        .arg(&t)
        .args(["--game", REFUGIA])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 1"));
}

#[test]
fn compare_missing_game_exits_two() {
    let out = ludeme()
        .args(["compare", &refugia_trace(), "--game", "/nonexistent/Game.lud"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn playout_missing_file_exits_two() {
    let out = ludeme()
        .args(["playout", "/nonexistent/Game.lud", "-n", "3"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn compare_invalid_description_prints_diagnostics() {
    let text = std::fs::read_to_string(REFUGIA)
        .unwrap()
        .replace("(players 2)", "(playrs 2)");
    let g = write("Refugia.lud", &text);
    let out = ludeme()
        .args(["compare", &refugia_trace(), "--game"])
        .arg(&g)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("playrs"));
}

#[test]
fn compare_refugia_agrees() {
    let out = ludeme()
        .args(["compare", &refugia_trace(), "--game", REFUGIA])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let last = stdout.lines().last().unwrap();
    assert!(
        last.starts_with("agree: ") && last.ends_with(", 30/30 trials"),
        "{last}"
    );
}

#[test]
fn compare_reports_divergences() {
    // A trace whose first step claims one successor too many: trial 0 diverges at ply 0.
    let text = std::fs::read_to_string(refugia_trace()).unwrap();
    let doctored = text.replacen("\"0=Disc1|m2|s0,0\",", "\"0=Disc1|m2|s0,0\",\"0=Disc2|m2|s0,0\",", 1);
    assert_ne!(doctored, text);
    let t = write("doctored.jsonl", &doctored);
    let out = ludeme()
        .arg("compare")
        .arg(&t)
        .args(["--game", REFUGIA])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("trial 0, ply 0: successors differ"), "{stdout}");
    assert!(stdout.contains("A1=Disc2 |m2|s0,0"), "{stdout}");
    assert!(stdout.lines().last().unwrap().ends_with(", 29/30 trials"), "{stdout}");
}

#[test]
fn playout_json() {
    let out = ludeme()
        .args([
            "playout",
            REFUGIA,
            "--option",
            "Board Size/Hex 2-3",
            "-n",
            "50",
            "--seed",
            "3",
        ])
        .args(["--threads", "2", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["playouts"], 50);
    let wins = v["wins"].as_array().unwrap();
    assert_eq!(wins.len(), 2);
    let decided: u64 = wins.iter().map(|w| w.as_u64().unwrap()).sum::<u64>() + v["draws"].as_u64().unwrap();
    assert_eq!(decided, 50);
    for key in [
        "playouts_per_s",
        "moves_per_s",
        "mean_length",
        "max_length",
        "win_share",
    ] {
        assert!(!v[key].is_null(), "{key}");
    }
    // Same seed, one thread: the same games.
    let again = ludeme()
        .args([
            "playout",
            REFUGIA,
            "--option",
            "Board Size/Hex 2-3",
            "-n",
            "50",
            "--seed",
            "3",
        ])
        .args(["--format", "json"])
        .output()
        .unwrap();
    let w: serde_json::Value = serde_json::from_slice(&again.stdout).unwrap();
    assert_eq!(
        (&v["wins"], &v["max_length"], &v["decisions"]),
        (&w["wins"], &w["max_length"], &w["decisions"])
    );
}

#[test]
fn playout_human_says_when_capped() {
    let out = ludeme()
        .args([
            "playout",
            REFUGIA,
            "--option",
            "Board Size/Hex 3-4",
            "-n",
            "5",
            "--max-decisions",
            "3",
        ])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("5 playouts"), "{stdout}");
    assert!(stdout.contains("capped: 5 playouts"), "{stdout}");
}

#[test]
fn compare_allows_a_known_rule_difference() {
    // Our Equi forbids a first placement on a corner; Ludii's description allows it.
    let equi = concat!(env!("CARGO_MANIFEST_DIR"), "/games/equi.lud");
    let trace = format!("{SHARED}/traces/seed/equi-described.jsonl");
    let run = |extra: &[&str]| {
        let out = ludeme()
            .args(["compare", &trace, "--game", equi])
            .args(extra)
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout).to_string();
        (out.status.code(), stdout.lines().last().unwrap_or("").to_string())
    };
    let (code, last) = run(&[]);
    assert_eq!(code, Some(1), "{last}");
    let (code, last) = run(&["--allow-difference", "0:corners"]);
    assert_eq!(code, Some(0), "{last}");
    assert!(last.contains("skipped (known rule differences): 1 trials"), "{last}");
    let (code, _) = run(&["--allow-difference", "0:Z99"]);
    assert_eq!(code, Some(2));
}

/// A Tic-Tac-Toe trial in Ludii's trial format: player 1 takes the top row.
fn ttt_trial(second_count: usize) -> String {
    let mut t = String::from(
        "game=../Common/res/lud/board/space/line/Tic-Tac-Toe.lud\nSTART GAME OPTIONS\nEND GAME OPTIONS\nRNG internal state=1,2,3,4,5,6,7,8\n",
    );
    for (i, site) in [0, 3, 1, 4, 2].into_iter().enumerate() {
        let p = i % 2 + 1;
        t += &format!(
            "Move=[Move:mover={p},from={site},to={site},actions=[Add:type=Cell,to={site},what={p},decision=true]]\n"
        );
    }
    for n in [9, second_count, 7, 6, 5] {
        t += &format!("LEGAL MOVES LIST SIZE = {n}\n");
    }
    t + "winner=1\nendtype=NaturalEnd\nrankings=0.0,1.0,2.0\nSANDBOX=false\nLUDII_VERSION=1.3.13\n"
}

/// `ludeme compare PATH --lud-root <corpus> ARGS..`: its exit code and output.
fn compare_trials(path: &std::path::Path, args: &[&str]) -> (Option<i32>, String) {
    let lud = format!("{SHARED}/lud");
    let out = ludeme()
        .args(["compare"])
        .arg(path)
        .args(["--lud-root", &lud])
        .args(args)
        .output()
        .unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into_owned())
}

/// `text` written as a trial file at `path` (its folders made).
fn write_trial(path: &std::path::Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

#[test]
fn compare_reads_ludii_trial_files() {
    let dir = std::env::temp_dir().join(format!("ludeme-cli-trials-{}", std::process::id()));
    let good = dir.join("a/RandomTrial_0.txt");
    write_trial(&good, &ttt_trial(8));
    let (code, text) = compare_trials(&good, &[]);
    assert_eq!(code, Some(0), "{text}");
    assert!(text.contains("agrees (5 decisions)"), "{text}");

    // a count that differs is told with the ply, both counts, our moves and the board
    let bad = dir.join("b/RandomTrial_1.txt");
    write_trial(&bad, &ttt_trial(7));
    let (code, text) = compare_trials(&bad, &[]);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("ply 1 (player 2): 8 legal moves here, Ludii has 7"),
        "{text}"
    );
    assert!(text.contains("our moves (8)"), "{text}");

    // a directory: a summary, and JSON with every trial
    let (code, text) = compare_trials(&dir, &[]);
    assert_eq!(code, Some(1));
    assert!(text.contains("1 of 2 trials agree in full"), "{text}");
    let (_, json) = compare_trials(&dir, &["--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["agree"], 1);
    assert_eq!(v["trials"].as_array().unwrap().len(), 2);

    // without a way to find the description, a usage error
    let out = ludeme().args(["compare"]).arg(&good).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// `playout --save-trial` writes one game as a Ludii trial file, which `compare` replays in
/// agreement: the placements, every legal-move count, every move among ours, the dice drawn
/// from the generator state the file records, and the end.
#[test]
fn a_saved_trial_replays_in_agreement() {
    let dir = std::env::temp_dir().join(format!("ludeme-cli-save-trial-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (game, seed) in [
        ("board/war/replacement/checkmate/chess/Chess", "3"),
        ("board/race/escape/Backgammon", "11"),
    ] {
        let file = format!("{SHARED}/lud/{game}.lud");
        let saved = dir.join(format!("{}.trl", game.rsplit('/').next().unwrap()));
        let out = ludeme()
            .args(["playout", &file, "-n", "1", "--seed", seed, "--save-trial"])
            .arg(&saved)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
        let text = std::fs::read_to_string(&saved).unwrap();
        assert!(text.starts_with(&format!("game=/lud/{game}.lud\n")), "{text:.200}");
        assert!(text.contains("\nRNG internal state=") && text.contains("\nLEGAL MOVES LIST SIZE = "));
        let (code, report) = compare_trials(&saved, &[]);
        assert_eq!(code, Some(0), "{report}");
        assert!(report.contains("agrees"), "{report}");
    }
    // more than one playout cannot be saved as one trial
    let out = ludeme()
        .args(["playout", REFUGIA, "-n", "2", "--save-trial"])
        .arg(dir.join("two.trl"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// `ludeme fmt`: prints the formatted text; `--check` exits 1 on an unformatted file and 0
/// on a formatted one; `--write` rewrites the file.
#[test]
fn fmt_prints_checks_and_writes() {
    let dir = std::env::temp_dir().join(format!("ludeme-fmt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("messy.lud");
    let messy = "(game \"X\"   (players  2)  // two\n (equipment { (board (square 3)) (piece \"Disc\" Each) })\n (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))\n";
    std::fs::write(&file, messy).unwrap();
    let out = ludeme().arg("fmt").arg(&file).output().unwrap();
    assert!(out.status.success());
    let printed = String::from_utf8(out.stdout).unwrap();
    assert!(printed.contains("(players 2)\n    // two\n"), "{printed}");
    assert_eq!(
        ludeme().args(["fmt", "--check"]).arg(&file).status().unwrap().code(),
        Some(1)
    );
    assert!(ludeme().args(["fmt", "--write"]).arg(&file).status().unwrap().success());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), printed);
    assert_eq!(
        ludeme().args(["fmt", "--check"]).arg(&file).status().unwrap().code(),
        Some(0)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `compare --states` on a trial file: our position after the placements and after each
/// move replayed (that move first, as we write it), one line each, before the verdict.
#[test]
fn compare_trial_states_show_each_position() {
    let trial = write("states-trial.txt", "");
    let out = ludeme()
        .args(["playout", REFUGIA, "-n", "1", "--seed", "3", "--save-trial"])
        .arg(&trial)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let out = ludeme()
        .args(["compare", "--states", "--game", REFUGIA])
        .arg(&trial)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    let decisions: usize = stdout
        .lines()
        .find_map(|l| l.split("agrees (").nth(1))
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("no verdict: {stdout}"));
    let ours = |l: &&str| l.starts_with("states-trial.txt ");
    let (moves, states): (Vec<&str>, Vec<&str>) = stdout.lines().filter(ours).partition(|l| l.contains(" by [Move:"));
    assert_eq!(states.len(), decisions + 1, "{stdout}");
    // (each position after a move follows that move as we write it, in Ludii's form)
    assert_eq!(moves.len(), decisions, "{stdout}");
    assert!(
        states[0].starts_with("states-trial.txt 0: ") && states[0].contains("|m"),
        "{}",
        states[0]
    );
}

/// `compare --save-trial`: the trace's first trial, written as a Ludii trial file, holds as
/// many decisions as the trace has steps, and replays as a trial file that agrees.
#[test]
fn compare_saves_a_trace_as_a_ludii_trial() {
    let out_path = std::env::temp_dir().join(format!("ludeme-cli-save-{}.trl", std::process::id()));
    let out = ludeme()
        .args(["compare", &refugia_trace(), "--game", REFUGIA, "--save-trial"])
        .arg(&out_path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = std::fs::read_to_string(&out_path).unwrap();
    let trace = std::fs::read_to_string(refugia_trace()).unwrap();
    let steps = trace
        .lines()
        .filter(|l| l.contains(r#""kind":"step","trial":0,"#))
        .count();
    let decisions = text
        .lines()
        .filter(|l| l.starts_with("Move=") && l.contains("decision=true"))
        .count();
    assert!(steps > 0);
    assert_eq!(decisions, steps, "{text}");
    let replay = ludeme()
        .arg("compare")
        .arg(&out_path)
        .args(["--game", REFUGIA])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&replay.stdout);
    assert_eq!(replay.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("agrees"), "{stdout}");
}
