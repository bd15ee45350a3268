//! `ludeme serve` in a real browser: Debian's Chromium, headless, driven through its DevTools
//! protocol. For each of our games a script loads the page and plays a whole game as player
//! 1 by clicking the board (where a move starts, then where it goes; a list where several
//! moves share those sites) against the random agent, then checks the result the page shows
//! against the game record the server gives (replayed here by the library), and what a
//! screenshot shows.
//!
//! Needs Chromium (`apt-get install chromium`; `.ci/run` installs it). With
//! `LUDEME_WRITE_SCREENSHOTS=1` the screenshots taken in play are written to `docs/`.

use headless_chrome::protocol::cdp::Page::CaptureScreenshotFormatOption;
use headless_chrome::{Browser, LaunchOptions, Tab};
use ludeme::ai::record::Record;
use ludeme::engine::Game;
use serde_json::Value;
use std::ffi::OsStr;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The server, stopped when dropped.
struct Server {
    child: Child,
    url: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(file: &str, extra: &[&str]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludeme"))
        .current_dir(ROOT)
        .args(["serve", file, "--port", "0"])
        .args(extra)
        .stdout(Stdio::piped())
        .spawn()
        .expect("start ludeme serve");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://127.0.0.1:"))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    Server { child, url }
}

fn chromium() -> Browser {
    let path = ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
        .iter()
        .map(std::path::PathBuf::from)
        .find(|p| p.exists())
        .expect("Chromium is needed for this test: `apt-get install chromium` (.ci/run installs it)");
    let args: Vec<&OsStr> = [
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
    ]
    .iter()
    .map(OsStr::new)
    .collect();
    let opts = LaunchOptions::default_builder()
        .path(Some(path))
        .headless(true)
        .sandbox(false)
        .window_size(Some((1200, 900)))
        .idle_browser_timeout(Duration::from_secs(600))
        .args(args)
        .build()
        .unwrap();
    Browser::new(opts).expect("start Chromium")
}

fn eval(tab: &Tab, js: &str) -> Value {
    tab.evaluate(js, true)
        .unwrap_or_else(|e| panic!("{js}: {e}"))
        .value
        .unwrap_or(Value::Null)
}

/// The page's state, once it is not waiting for the server.
fn settled(tab: &Tab) -> Value {
    let start = Instant::now();
    loop {
        let v = eval(
            tab,
            "JSON.stringify(window.ludeme && !ludeme.busy && ludeme.state ? ludeme.state : null)",
        );
        if let Some(s) = v.as_str() {
            let s: Value = serde_json::from_str(s).unwrap();
            // the page asks the agent a little after drawing: wait while an agent is to move
            if !s.is_null() && (s["over"] == true || s["human"] == true) {
                return s;
            }
        }
        assert!(start.elapsed() < Duration::from_secs(60), "the page did not settle");
        std::thread::sleep(Duration::from_millis(30));
    }
}

fn click(tab: &Tab, selector: &str) {
    tab.wait_for_element(selector)
        .unwrap_or_else(|e| panic!("{selector}: {e}"))
        .click()
        .unwrap_or_else(|e| panic!("click {selector}: {e}"));
}

fn screenshot(tab: &Tab) -> Vec<u8> {
    tab.capture_screenshot(CaptureScreenshotFormatOption::Png, None, None, true)
        .unwrap()
}

/// How many pixels of a PNG have this colour.
fn pixels_of(png_bytes: &[u8], rgb: [u8; 3]) -> usize {
    let decoder = png::Decoder::new(png_bytes);
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).unwrap();
    let step = info.color_type.samples();
    buf[..info.buffer_size()].chunks(step).filter(|p| p[..3] == rgb).count()
}

/// Plays a whole game of `file` in the page by clicking, as player 1 against random; the
/// screenshots show pieces in each of `colours` (the players' colours, where the game's
/// pieces are theirs).
fn play_by_clicking(browser: &Browser, file: &str, shot: &str, colours: &[[u8; 3]]) {
    let server = serve(file, &["--p2", "random", "--seed", "7"]);
    let tab: Arc<Tab> = browser.new_tab().unwrap();
    tab.set_default_timeout(Duration::from_secs(30));
    tab.navigate_to(&server.url).unwrap().wait_until_navigated().unwrap();
    tab.wait_for_element("#board g.site").unwrap();
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut clicks = 0;
    let mut in_play = None;
    for _ in 0..1000 {
        let s = settled(&tab);
        if s["over"] == true {
            break;
        }
        let moves = s["moves"].as_array().unwrap();
        assert!(!moves.is_empty(), "a human to move has moves");
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let m = &moves[(seed >> 33) as usize % moves.len()];
        let (text, from, to) = (
            m["text"].as_str().unwrap(),
            m["from"].as_i64().unwrap(),
            m["to"].as_i64().unwrap(),
        );
        let made = s["history"].as_array().unwrap().len();
        if to < 0 {
            click(&tab, &format!("#other-moves button[data-move=\"{text}\"]"));
        } else {
            if from >= 0 {
                click(&tab, &format!("#board g.site[data-site=\"{from}\"]"));
                let selected = eval(&tab, "ludeme.selected");
                assert_eq!(selected, Value::from(from), "{text}: its origin is selected");
                let marked = eval(
                    &tab,
                    &format!("document.querySelector('g.site[data-site=\"{to}\"]').classList.contains('target')"),
                );
                assert_eq!(marked, Value::Bool(true), "{text}: its destination is marked");
            }
            click(&tab, &format!("#board g.site[data-site=\"{to}\"]"));
            let asked = eval(&tab, "!document.getElementById('choices').hidden");
            if asked == true {
                click(&tab, &format!("#choices-list button[data-move=\"{text}\"]"));
            }
        }
        clicks += 1;
        // the move is made: the history grows
        let start = Instant::now();
        loop {
            let n = eval(&tab, "ludeme.state.history.length").as_u64().unwrap() as usize;
            if n > made {
                let h = eval(&tab, &format!("ludeme.state.history[{made}]"));
                assert_eq!(h, Value::from(text), "the move clicked is the move made");
                break;
            }
            assert!(start.elapsed() < Duration::from_secs(30), "{text} was not made");
            std::thread::sleep(Duration::from_millis(20));
        }
        if clicks == 8 {
            settled(&tab);
            in_play = Some(screenshot(&tab));
        }
    }
    let s = settled(&tab);
    assert_eq!(s["over"], true, "{file}: the game ends");
    let status = eval(&tab, "document.getElementById('status').textContent");
    let result = s["result"].as_str().unwrap().to_string();
    assert_eq!(status, Value::from(format!("Game over: {result}")), "{file}");

    // the record the page offers replays to the same result
    let rec = eval(&tab, "fetch('/api/record').then(r => r.text())");
    let rec: Record = serde_json::from_str(rec.as_str().unwrap()).unwrap();
    let text = std::fs::read_to_string(format!("{ROOT}/{file}")).unwrap();
    let game = Game::load(file, &text, &rec.selections()).unwrap();
    let end = rec.replay(&game).expect("the record replays");
    assert_eq!(ludeme::ai::result_text(&end, game.num_players()), result);
    assert_eq!(rec.moves.len(), s["history"].as_array().unwrap().len());

    // and so does the Ludii trial file it offers: every move, a legal-move count for each
    // decision, the end
    let link = eval(&tab, "document.getElementById('save-trial').getAttribute('href')");
    assert_eq!(link, Value::from("/api/trial"));
    let trial = eval(&tab, "fetch('/api/trial').then(r => r.text())");
    let trial = ludeme::trace::trial::LudiiTrial::parse(trial.as_str().unwrap()).expect("a trial file");
    assert_eq!(trial.moves.len() - trial.num_placements(), rec.moves.len(), "{file}");
    assert_eq!(trial.legal_counts.len(), rec.moves.len(), "{file}");
    assert!(
        trial.endtype.is_some() && trial.rankings.len() == game.num_players() + 1,
        "{file}"
    );
    let report = ludeme::trace::trial::replay(&game, &trial);
    assert!(
        report.agrees(),
        "{file}: {:?}",
        report.difference.map(|d| (d.ply, d.kind))
    );

    // the screenshots show the board with both players' pieces
    let shots = [in_play.expect("a position in play"), screenshot(&tab)];
    for png_bytes in &shots {
        assert!(png_bytes.starts_with(b"\x89PNG"));
        for (p, &rgb) in colours.iter().enumerate() {
            assert!(
                pixels_of(png_bytes, rgb) > 200,
                "{file}: player {}'s pieces are drawn",
                p + 1
            );
        }
    }
    if std::env::var_os("LUDEME_WRITE_SCREENSHOTS").is_some() {
        std::fs::write(format!("{ROOT}/docs/{shot}"), &shots[0]).unwrap();
    }
    let _ = tab.close(true);
}

#[test]
fn each_of_our_games_is_played_to_its_end_by_clicking_in_chromium() {
    let browser = chromium();
    for (file, shot) in [
        ("games/ex-nihilo.lud", "play-ex-nihilo.png"),
        ("games/refugia.lud", "play-refugia.png"),
        ("games/equi.lud", "play-equi.png"),
    ] {
        play_by_clicking(&browser, file, shot, &[[0xd6, 0x27, 0x28], [0x1f, 0x77, 0xb4]]);
    }
}

/// Waits until `js` gives true in the page (the page settled after a request).
fn wait_for(tab: &Tab, js: &str) {
    let start = Instant::now();
    while eval(tab, &format!("!!(window.ludeme && !ludeme.busy && ({js}))")) != true {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "never true: {js} (the page says: {})",
            eval(tab, "document.getElementById('error').textContent")
        );
        std::thread::sleep(Duration::from_millis(30));
    }
}

/// Chooses an item of a `<select>` as a user does, and lets the page hear of it.
fn select(tab: &Tab, selector: &str, value: &str) {
    eval(
        tab,
        &format!(
            "(() => {{ const s = document.querySelector('{selector}'); s.value = {value:?}; s.dispatchEvent(new Event('change')); }})()"
        ),
    );
}

/// The page's other controls: options, undo, seats, records, and opening other games.
#[test]
fn options_undo_seats_records_and_other_games_work_in_the_page() {
    let browser = chromium();
    let server = serve("games/ex-nihilo.lud", &["--p1", "human", "--p2", "human"]);
    let tab: Arc<Tab> = browser.new_tab().unwrap();
    tab.set_default_timeout(Duration::from_secs(30));
    tab.navigate_to(&server.url).unwrap().wait_until_navigated().unwrap();
    tab.wait_for_element("#board g.site").unwrap();
    let sites = |tab: &Tab| eval(tab, "document.querySelectorAll('#board g.site').length");
    assert_eq!(sites(&tab), Value::from(61), "Ex Nihilo, base 5");

    // an option: a smaller board, then a new game with it
    select(&tab, "#options select", "4");
    click(&tab, "#apply");
    wait_for(&tab, "document.querySelectorAll('#board g.site').length === 37");

    // two moves by clicking, one taken back
    for _ in 0..2 {
        let s = settled(&tab);
        let m = s["moves"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["from"].as_i64().unwrap() >= 0)
            .unwrap()
            .clone();
        let n = s["history"].as_array().unwrap().len();
        click(&tab, &format!("#board g.site[data-site=\"{}\"]", m["from"]));
        click(&tab, &format!("#board g.site[data-site=\"{}\"]", m["to"]));
        if eval(&tab, "!document.getElementById('choices').hidden") == true {
            click(
                &tab,
                &format!("#choices-list button[data-move=\"{}\"]", m["text"].as_str().unwrap()),
            );
        }
        wait_for(&tab, &format!("ludeme.state.history.length === {}", n + 1));
    }
    click(&tab, "#undo");
    wait_for(&tab, "ludeme.state.history.length === 1");

    // player 2 becomes the random agent: it plays at once
    select(&tab, "#seat-2", "random");
    wait_for(&tab, "ludeme.state.history.length === 2 && ludeme.state.human");
    let saved = eval(&tab, "fetch('/api/record').then(r => r.text())");
    let saved = saved.as_str().unwrap().to_string();
    let rec: Record = serde_json::from_str(&saved).unwrap();
    assert_eq!(rec.options, vec!["Board Size/4".to_string()]);
    assert_eq!(rec.moves.len(), 2);

    // a new game, then the record loaded back
    click(&tab, "#restart");
    wait_for(&tab, "ludeme.state.history.length === 0");
    let dir = std::env::temp_dir().join(format!("ludeme-browser-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rec_path = dir.join("game.json");
    std::fs::write(&rec_path, &saved).unwrap();
    tab.wait_for_element("#load-record")
        .unwrap()
        .set_input_files(&[rec_path.to_str().unwrap()])
        .unwrap();
    wait_for(&tab, "ludeme.state.history.length === 2");
    assert_eq!(
        eval(&tab, "JSON.stringify(ludeme.state.history)"),
        Value::from(serde_json::to_string(&rec.moves).unwrap())
    );

    // another built-in game, then a file of Ludii's corpus
    select(&tab, "#builtin", "games/equi.lud");
    wait_for(&tab, "ludeme.state.name === 'Equi Game System'");
    let corpus = |path: &str| {
        let p = std::path::Path::new(ROOT).join("../shared/ludii/lud").join(path);
        p.canonicalize().unwrap().to_str().unwrap().to_string()
    };
    let ttt = corpus("board/space/line/Tic-Tac-Toe.lud");
    tab.wait_for_element("#open-file")
        .unwrap()
        .set_input_files(&[&ttt])
        .unwrap();
    wait_for(&tab, "ludeme.state.name === 'Tic-Tac-Toe'");
    assert_eq!(sites(&tab), Value::from(9));
    assert_eq!(
        eval(&tab, "document.getElementById('status').textContent")
            .as_str()
            .map(|s| s.starts_with("Move 1: player 1")),
        Some(true)
    );
    // a game the engine cannot run yet (a tiling clipped to a polygon; every corpus game
    // runs): said, and the game in play stays
    let refused = std::env::temp_dir().join(format!("ludeme-refused-{}.lud", std::process::id()));
    std::fs::write(
        &refused,
        r#"(game "Refused" (players 2) (equipment {(board (tiling T3636 (poly {{0 0} {0 4} {4 4} {4 0}}))) (piece "Disc" Each)}) (rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Draw)))))"#,
    )
    .unwrap();
    let refused = refused.display().to_string();
    tab.wait_for_element("#open-file")
        .unwrap()
        .set_input_files(&[&refused])
        .unwrap();
    wait_for(&tab, "!document.getElementById('error').hidden");
    let error = eval(&tab, "document.getElementById('error').textContent");
    assert!(error.as_str().unwrap().contains("cannot run"), "{error}");
    assert_eq!(eval(&tab, "ludeme.state.name"), Value::from("Tic-Tac-Toe"));
    // a simulation (no players): the page steps it, generation by generation, until it
    // stands still (the spaceship on 12×12 meets the edge and settles after 45 steps)
    let life = corpus("simulation/Game of Life.lud");
    tab.wait_for_element("#open-file")
        .unwrap()
        .set_input_files(&[&life])
        .unwrap();
    wait_for(&tab, "ludeme.state.name === 'Game of Life' && ludeme.state.still");
    assert_eq!(eval(&tab, "ludeme.state.history.length"), Value::from(45));
    assert_eq!(eval(&tab, "ludeme.state.over"), Value::from(false));
}

/// A description of Ludii's corpus, as `serve` (run from the project) names it.
fn corpus_file(path: &str) -> String {
    format!("../shared/ludii/lud/{path}")
}

/// Six corpus games look as their players know them: each distinct piece on the board has
/// its own drawing and its name as a title, and the page shows the colours of the game's
/// metadata (or a chess board's white and black). Kalah is then played to its end by
/// clicking. `LUDEME_WRITE_SCREENSHOTS=1` writes the README's gallery.
#[test]
fn corpus_games_show_their_pieces_and_colours_in_chromium() {
    let browser = chromium();
    let games: [(&str, &str, &[[u8; 3]]); 6] = [
        (
            "board/war/replacement/checkmate/chess/Chess.lud",
            "gallery-chess.png",
            &[[0xf8, 0xf8, 0xf8], [0x22, 0x22, 0x22]],
        ),
        (
            "board/war/replacement/checkmate/shogi/Shogi.lud",
            "gallery-shogi.png",
            &[[0xfa, 0xfa, 0xfa]],
        ),
        (
            "board/war/replacement/checkmate/xiangqi/Xiangqi.lud",
            "gallery-xiangqi.png",
            &[[0xfa, 0xfa, 0xfa], [0xc8, 0x1e, 0x1e]],
        ),
        ("board/space/territory/Go.lud", "gallery-go.png", &[]),
        ("board/sow/two_rows/Kalah.lud", "", &[]),
        (
            "board/war/custodial/Hnefatafl.lud",
            "gallery-hnefatafl.png",
            &[[0x14, 0x14, 0x14], [0xfa, 0xfa, 0xfa]],
        ),
    ];
    for (path, shot, colours) in games {
        let file = corpus_file(path);
        let server = serve(&file, &["--p1", "human", "--p2", "human"]);
        let tab: Arc<Tab> = browser.new_tab().unwrap();
        tab.set_default_timeout(Duration::from_secs(30));
        tab.navigate_to(&server.url).unwrap().wait_until_navigated().unwrap();
        tab.wait_for_element("#board g.site").unwrap();
        settled(&tab);
        // per piece name, the drawings used; each piece's title
        let pieces = eval(
            &tab,
            "JSON.stringify([...document.querySelectorAll('#board g.piece')].map(g => [g.dataset.piece, g.dataset.glyph, g.querySelector('title')?.textContent]))",
        );
        let pieces: Vec<(String, Option<String>, Option<String>)> =
            serde_json::from_str(pieces.as_str().unwrap()).unwrap();
        let mut drawing: std::collections::BTreeMap<String, std::collections::BTreeSet<String>> = Default::default();
        for (name, glyph, title) in &pieces {
            assert_eq!(
                title.as_deref(),
                Some(name.as_str()),
                "{path}: a piece's title names it"
            );
            drawing
                .entry(name.clone())
                .or_default()
                .insert(glyph.clone().unwrap_or_default());
        }
        let names = drawing.len();
        let glyphs: std::collections::BTreeSet<&String> = drawing.values().flatten().collect();
        assert!(drawing.values().all(|g| g.len() == 1), "{path}: {drawing:?}");
        assert_eq!(glyphs.len(), names, "{path}: each piece its own drawing: {drawing:?}");
        let least = if path.contains("Kalah") || path.contains("Go.lud") {
            0
        } else {
            2
        };
        assert!(names >= least, "{path}: {names} kinds of piece on the board");
        // Go: a position with stones of both players, to see their colours
        if path.contains("Go.lud") {
            for _ in 0..2 {
                let s = settled(&tab);
                let to = s["moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .find_map(|m| m["to"].as_i64().filter(|&t| t >= 0))
                    .unwrap();
                click(&tab, &format!("#board g.site[data-site=\"{to}\"]"));
                wait_for(
                    &tab,
                    &format!(
                        "ludeme.state.history.length === {}",
                        s["history"].as_array().unwrap().len() + 1
                    ),
                );
            }
        }
        let png_bytes = screenshot(&tab);
        let colours: Vec<[u8; 3]> = if path.contains("Go.lud") {
            vec![[0x14, 0x14, 0x14], [0xfa, 0xfa, 0xfa]]
        } else {
            colours.to_vec()
        };
        for rgb in &colours {
            assert!(pixels_of(&png_bytes, *rgb) > 40, "{path}: the colour {rgb:?} is shown");
        }
        if !shot.is_empty() && std::env::var_os("LUDEME_WRITE_SCREENSHOTS").is_some() {
            std::fs::write(format!("{ROOT}/docs/{shot}"), &png_bytes).unwrap();
        }
        let _ = tab.close(true);
    }
    play_by_clicking(
        &browser,
        &corpus_file("board/sow/two_rows/Kalah.lud"),
        "play-kalah.png",
        &[],
    );
}

/// A game of hidden information in the page: Banqi's pieces start face down. The human's
/// seat sees none of them (each drawn as a hidden piece, no move's words naming a piece),
/// flips one by clicking it, and then sees that one; the random player's flips show too
/// (flipping turns a piece face up for both). Played on by clicking until 6 moves are
/// made, no hidden piece shows its name.
#[test]
fn a_hidden_information_game_shows_a_seat_only_what_it_sees_in_chromium() {
    let browser = chromium();
    let file = corpus_file("board/space/blocking/Banqi.lud");
    let server = serve(&file, &["--p1", "human", "--p2", "random", "--seed", "5"]);
    let tab: Arc<Tab> = browser.new_tab().unwrap();
    tab.set_default_timeout(Duration::from_secs(30));
    tab.navigate_to(&server.url).unwrap().wait_until_navigated().unwrap();
    tab.wait_for_element("#board g.site").unwrap();
    let kinds = ["Jiang", "Ju", "Ma", "Pao", "Shi", "Xiang", "Zu"];
    let pieces = |tab: &Tab| -> Vec<String> {
        let v = eval(
            tab,
            "JSON.stringify([...document.querySelectorAll('#board g.piece')].map(g => g.dataset.piece))",
        );
        serde_json::from_str(v.as_str().unwrap()).unwrap()
    };
    let s = settled(&tab);
    assert_eq!(s["viewer"], 1, "the page shows what the human's seat sees");
    let start = pieces(&tab);
    assert_eq!(start.len(), 32);
    assert!(
        start.iter().all(|p| p == "hidden"),
        "every piece is face down: {start:?}"
    );
    let words = s["moves"].to_string();
    assert!(
        !kinds.iter().any(|k| words.contains(k)),
        "no move tells what it would reveal: {words}"
    );
    let mut made = 0;
    while made < 6 {
        let s = settled(&tab);
        if s["over"] == true {
            break;
        }
        let shown = pieces(&tab);
        let face_up = shown.iter().filter(|p| *p != "hidden").count();
        // the pieces turned face up so far (a move flips one at most) show; no other does
        let history = s["history"].as_array().unwrap().len();
        assert!(face_up <= history, "only flipped pieces show: {shown:?}");
        let moves = s["moves"].as_array().unwrap();
        let words = s["moves"].to_string();
        for m in moves.iter().filter(|m| m["from"].as_i64() == Some(-1)) {
            // a flip: the site's piece is face down, and its words name no piece
            let to = m["to"].as_i64().unwrap();
            let piece = eval(
                &tab,
                &format!("document.querySelector('#board g.site[data-site=\"{to}\"] g.piece')?.dataset.piece"),
            );
            assert_eq!(piece, Value::from("hidden"), "site {to} is face down");
        }
        assert!(!kinds.iter().any(|k| words.contains(&format!("flip {k}"))), "{words}");
        let m = &moves[made % moves.len()];
        let (text, from, to) = (
            m["text"].as_str().unwrap().to_string(),
            m["from"].as_i64().unwrap(),
            m["to"].as_i64().unwrap(),
        );
        let before = s["history"].as_array().unwrap().len();
        if from >= 0 {
            click(&tab, &format!("#board g.site[data-site=\"{from}\"]"));
        }
        click(&tab, &format!("#board g.site[data-site=\"{to}\"]"));
        if eval(&tab, "!document.getElementById('choices').hidden") == true {
            click(&tab, &format!("#choices-list button[data-move=\"{text}\"]"));
        }
        wait_for(&tab, &format!("ludeme.state.history.length > {before}"));
        made += 1;
        if made == 1 {
            let s = settled(&tab);
            let shown = pieces(&tab);
            assert!(
                shown.iter().any(|p| kinds.contains(&p.as_str())),
                "the piece flipped shows: {shown:?}"
            );
            assert!(s["history"].as_array().unwrap().len() >= 2, "the random player replied");
        }
    }
    let _ = tab.close(true);
}

/// A deduction puzzle in the page: a 3 × 3 Latin square solved by clicking each cell and
/// choosing its value among the cell's moves (set or toggle each value); a value shows on
/// its cell, and the last one solves the puzzle.
#[test]
fn a_puzzle_is_solved_by_clicking_in_chromium() {
    let browser = chromium();
    let file = corpus_file("puzzle/deduction/Latin Square.lud");
    let server = serve(&file, &["--p1", "human", "--option", "Board Size/3x3"]);
    let tab: Arc<Tab> = browser.new_tab().unwrap();
    tab.set_default_timeout(Duration::from_secs(30));
    tab.navigate_to(&server.url).unwrap().wait_until_navigated().unwrap();
    tab.wait_for_element("#board g.site").unwrap();
    let solution = [
        ("A1", 1),
        ("B1", 2),
        ("C1", 3),
        ("A2", 2),
        ("B2", 3),
        ("C2", 1),
        ("A3", 3),
        ("B3", 1),
        ("C3", 2),
    ];
    for (k, (cell, value)) in solution.iter().enumerate() {
        let s = settled(&tab);
        assert_ne!(s["over"], true, "solved before {cell}");
        let moves = s["moves"].as_array().unwrap();
        let text = format!("{cell}={value}");
        let m = moves
            .iter()
            .find(|m| m["text"] == text.as_str())
            .unwrap_or_else(|| panic!("{text} is not offered: {moves:?}"));
        let to = m["to"].as_i64().unwrap();
        click(&tab, &format!("#board g.site[data-site=\"{to}\"]"));
        // the cell's moves are listed: set or toggle each value
        wait_for(&tab, "!document.getElementById('choices').hidden");
        click(&tab, &format!("#choices-list button[data-move=\"{text}\"]"));
        wait_for(&tab, &format!("ludeme.state.history.length > {k}"));
        let shown = eval(
            &tab,
            &format!("document.querySelector('#board g.site[data-site=\"{to}\"] g.piece')?.dataset.piece"),
        );
        assert_eq!(shown, Value::from(value.to_string()), "{cell} shows its value");
    }
    let s = settled(&tab);
    assert_eq!(s["over"], true, "the last value solves the puzzle: {s}");
    let _ = tab.close(true);
}
