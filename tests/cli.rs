//! The command line: exit codes, human and JSON output.

use std::process::Command;

fn ludeme() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ludeme"))
}

fn write(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("ludeme-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

const GAME: &str = "(game \"Tiny\"\n    (players 2)\n    (equipment {(board (square 3)) (piece \"Disc\" Each)})\n    (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win))))\n)\n";

#[test]
fn valid_file_exits_zero() {
    let f = write("ok.lud", GAME);
    let out = ludeme().arg("check").arg(&f).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("1 ok"));
}

#[test]
fn invalid_file_exits_one_with_json_lines() {
    let f = write("bad.lud", &GAME.replace("(square 3)", "(sqare 3)"));
    let out = ludeme().args(["check", "--format", "json"]).arg(&f).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 1, "{stdout}");
    let v: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(v["line"], 3);
    assert_eq!(v["column"], 25);
    assert_eq!(v["end_column"], 30);
    assert_eq!(v["severity"], "error");
    assert!(v["message"].as_str().unwrap().contains("sqare"));
    assert_eq!(v["hints"][0], "did you mean `square`?");
}

#[test]
fn usage_errors_exit_two() {
    let f = write("sel.lud", GAME);
    let out = ludeme()
        .args(["check", "--option", "Board/9"])
        .arg(&f)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = ludeme().args(["check", "/nonexistent/file.lud"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = ludeme().args(["check"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn expand_prints_the_expanded_description() {
    let f = write(
        "def.lud",
        &format!(
            "(define \"Size\" 3)\n{}",
            GAME.replace("(square 3)", "(square \"Size\")")
        ),
    );
    let out = ludeme().arg("expand").arg(&f).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let s = String::from_utf8(out.stdout).unwrap();
    assert!(s.contains("(square 3)"), "{s}");
    assert!(!s.contains("define"), "{s}");
}

#[test]
fn doc_prints_a_ludeme_reference_from_the_declarations() {
    let out = ludeme().args(["doc", "step"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let s = String::from_utf8(out.stdout).unwrap();
    assert!(s.contains("(step [<moves.from>] [<direction>] <moves.to>"), "{s}");
    let out = ludeme().args(["doc", "stpe"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("did you mean `step`"));
}

#[test]
fn doc_finds_a_keyword_with_its_kind() {
    let out = ludeme().args(["doc", "is Line"]).output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("(is `Line`"), "{text}");
    assert!(
        !text.contains("<isComponentType>"),
        "only the forms of that kind: {text}"
    );
    let out = ludeme().args(["doc", "move Step"]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("(move `Step`"));
    // an enum kind: `is Even` is a form `(is <isIntegerType> ..)`
    let out = ludeme().args(["doc", "is Even"]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("<isIntegerType>"));
    // what Ludii refuses when it builds the game is documented with the form
    let out = ludeme().args(["doc", "players"]).output().unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("0 to 16 players"));
    let out = ludeme().args(["doc", "is Nope"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn info_lists_options_and_says_whether_the_engine_runs_it() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let out = ludeme()
        .arg("info")
        .arg(format!("{dir}/games/equi.lud"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("Equi Game System\nplayers: 2\n"), "{text}");
    assert!(text.contains("  Board Size: *Hex 3-4, Hex 5-6"), "{text}");
    assert!(text.contains("Ruleset/Equi (Described)"), "{text}");
    assert!(text.contains("engine: runs (27 sites)"), "{text}");
    let f = write(
        "noengine.lud",
        &GAME.replace("(is Line 3)", "(is Line 3 throughHowMuch:2)"),
    );
    let out = ludeme().args(["info", "--format", "json"]).arg(&f).output().unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["players"], 2);
    assert_eq!(v["runs"], false);
    assert!(v["refused"].as_str().unwrap().contains("cannot run"), "{v}");
}

#[test]
fn board_prints_ludiis_sites_and_containers() {
    let dir = env!("CARGO_MANIFEST_DIR");
    let lud = format!("{dir}/../shared/ludii/lud/board/hunt/Baghchal.lud");
    let trace = format!("{dir}/../shared/ludii/traces/corpus/board/hunt/Baghchal.jsonl");
    let header: serde_json::Value =
        serde_json::from_str(std::fs::read_to_string(trace).unwrap().lines().next().unwrap()).unwrap();
    let out = ludeme().args(["board", "--format", "json", &lud]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let ours: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(ours["site_type"], header["site_type"]);
    // the same sites (4 decimals, as the header) and containers: the hand after the cells
    assert_eq!(ours["sites"], header["sites"]);
    assert_eq!(ours["containers"], header["containers"]);
    assert_eq!(header["containers"][1]["from"], 32);

    // text: a line per site; a site's relations on request; a site out of range is a usage error
    let out = ludeme().args(["board", &lud, "--site", "12"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("25 sites of type Vertex (graph: 25 vertices, 56 edges, 32 cells)"),
        "{text}"
    );
    assert!(text.contains("site 12 (C3):"), "{text}");
    assert!(
        text.contains("  Orthogonal   17 18 13 8 7 6 11 16\n  Diagonal\n"),
        "{text}"
    );
    let out = ludeme().args(["board", &lud, "--site", "25"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = ludeme().args(["board", "--format", "svg", &lud]).output().unwrap();
    let svg = String::from_utf8_lossy(&out.stdout);
    assert_eq!(svg.matches("<polygon").count(), 32);
    assert_eq!(svg.matches(r#"class="site""#).count(), 25);
}

/// A match draws its first subgame's start, the subgame's description found in a folder
/// near the match's (here a sibling of its parent, as Ludii's library keeps them).
#[test]
fn render_of_a_match_draws_its_first_subgame() {
    let root = std::env::temp_dir().join(format!("ludeme-cli-match-{}", std::process::id()));
    let (games, subs) = (root.join("games/series"), root.join("subgames/series"));
    std::fs::create_dir_all(&games).unwrap();
    std::fs::create_dir_all(&subs).unwrap();
    let m = games.join("Series.lud");
    std::fs::write(
        &m,
        "(match \"Series\" (players 2) (games {(subgame \"First\" next:1) (subgame \"Second\" next:0)}) (end (if (>= (matchScore P1) 2) (result P1 Win))))",
    )
    .unwrap();
    let first = GAME
        .replace("(square 3)", "(square 5)")
        .replace("\"Tiny\"", "\"First\"");
    std::fs::write(subs.join("First.lud"), &first).unwrap();
    std::fs::write(subs.join("Second.lud"), GAME).unwrap();
    let svg = root.join("out.svg");
    let out = ludeme().arg("render").arg(&m).arg("--svg").arg(&svg).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(
        drawn.matches("data-site=").count(),
        25,
        "the 5x5 board of the first subgame"
    );
    std::fs::remove_file(subs.join("First.lud")).unwrap();
    let out = ludeme().arg("render").arg(&m).arg("--svg").arg(&svg).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("First.lud"));
}

#[test]
fn playout_all_moves_plays_step_by_step_and_bench_times_it() {
    let f = write("tiny-step.lud", GAME);
    let json = |extra: &[&str]| {
        let out = ludeme()
            .args([
                "playout",
                f.to_str().unwrap(),
                "-n",
                "200",
                "--seed",
                "3",
                "--format",
                "json",
            ])
            .args(extra)
            .output()
            .unwrap();
        assert!(out.status.success());
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let (lazy, listed) = (json(&[]), json(&["--all-moves"]));
    // every playout of Tic-Tac-Toe ends, by a line or a full board, either way
    for v in [&lazy, &listed] {
        assert_eq!(v["playouts"], 200);
        assert_eq!(v["capped"], 0);
        let (len, wins) = (v["mean_length"].as_f64().unwrap(), v["wins"][0].as_u64().unwrap());
        assert!((5.0..=9.0).contains(&len) && wins > 50, "{v}");
    }
    // the same seed gives the same playouts step by step
    assert_eq!(listed["decisions"], json(&["--all-moves"])["decisions"]);
    let out = ludeme()
        .args([
            "bench",
            f.to_str().unwrap(),
            "--seconds",
            "0.2",
            "--iterations",
            "50",
            "--decisions",
            "3",
        ])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for what in ["step ", "playout ", "mcts "] {
        assert!(text.lines().any(|l| l.starts_with(what)), "{what}: {text}");
    }
    assert!(text.contains("iterations/s (3 decisions of 50 iterations)"), "{text}");
}
