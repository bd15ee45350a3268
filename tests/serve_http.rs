//! `ludeme serve`'s server, spoken to over plain TCP: a held, half-sent request does not delay
//! another; a foreign `Host` or a request of another site that would change the game is
//! refused; a record naming a file on disk does not get that file read.

use serde_json::Value;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// The server, stopped when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn serve(file: &str) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludeme"))
        .current_dir(ROOT)
        .args(["serve", file, "--port", "0", "--p1", "human", "--p2", "human"])
        .stdout(Stdio::piped())
        .spawn()
        .expect("start ludeme serve");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let port = line
        .split("http://127.0.0.1:")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("no address in {line:?}"));
    Server { child, port }
}

fn connect(port: u16) -> TcpStream {
    let s = TcpStream::connect(("127.0.0.1", port)).unwrap();
    // (only so that a broken server fails the test instead of hanging it)
    s.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    s
}

/// Sends a whole request and reads the answer: (status, body).
fn request(port: u16, head: &str, body: &str) -> (u16, String) {
    let mut s = connect(port);
    s.write_all(format!("{head}Content-Length: {}\r\n\r\n{body}", body.len()).as_bytes())
        .unwrap();
    read_response(&mut s)
}

fn read_response(s: &mut TcpStream) -> (u16, String) {
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|x| x.parse().ok())
        .unwrap_or_else(|| panic!("no status in {text:?}"));
    let body = text.split_once("\r\n\r\n").map_or("", |x| x.1).to_string();
    (status, body)
}

fn state(port: u16) -> Value {
    let (status, body) = request(
        port,
        &format!("GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"),
        "",
    );
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).unwrap()
}

fn post(port: u16, path: &str, extra: &str, body: &str) -> (u16, String) {
    request(
        port,
        &format!("POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{extra}"),
        body,
    )
}

#[test]
fn a_held_half_sent_request_does_not_delay_another() {
    let server = serve("games/equi.lud");
    let port = server.port;
    let mut held = connect(port);
    held.write_all(format!("GET /api/state HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-Pad").as_bytes())
        .unwrap();
    // another request is answered while the first is still half sent...
    let s = state(port);
    assert_eq!(s["name"], "Equi Game System");
    // ...and the first, still open, is answered once it is whole
    held.write_all(b": 1\r\n\r\n").unwrap();
    let (status, body) = read_response(&mut held);
    assert_eq!(status, 200, "{body}");
}

#[test]
fn a_foreign_host_or_a_request_of_another_site_is_refused() {
    let server = serve("games/ex-nihilo.lud");
    let port = server.port;
    // DNS rebinding: a name of another site resolved to this machine
    let (status, _) = request(
        port,
        &format!("GET /api/state HTTP/1.1\r\nHost: evil.example:{port}\r\n"),
        "",
    );
    assert_eq!(status, 421);
    let (status, _) = request(port, "GET / HTTP/1.1\r\nHost: 127.0.0.1:1\r\n", "");
    assert_eq!(status, 421);
    let before = state(port)["moves"].as_array().unwrap().len();
    assert!(before > 0);
    let json = "Content-Type: application/json\r\n";
    // a page of another site posting, as JSON or as a form would
    let (status, _) = post(
        port,
        "/api/restart",
        &format!("Origin: http://evil.example\r\n{json}"),
        "{}",
    );
    assert_eq!(status, 403);
    let (status, _) = post(port, "/api/agent", "Sec-Fetch-Site: cross-site\r\n", "");
    assert_eq!(status, 403);
    let (status, _) = post(port, "/api/restart", "Content-Type: text/plain\r\n", "{}");
    assert_eq!(status, 415);
    // nothing changed; the page itself may
    let s = state(port);
    assert!(s["history"].as_array().unwrap().is_empty());
    let first = s["moves"][0]["text"].as_str().unwrap().to_string();
    let (status, body) = post(
        port,
        "/api/move",
        &format!("Origin: http://127.0.0.1:{port}\r\nSec-Fetch-Site: same-origin\r\n{json}"),
        &serde_json::json!({ "text": first }).to_string(),
    );
    assert_eq!(status, 200, "{body}");
    let after: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(after["history"].as_array().unwrap().len(), 1, "{body}");
}

#[test]
fn a_record_naming_a_file_does_not_get_it_read() {
    let dir = std::env::temp_dir().join(format!("ludeme-serve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (named, other) = (dir.join("named.lud"), dir.join("other.lud"));
    std::fs::copy(format!("{ROOT}/games/ex-nihilo.lud"), &named).unwrap();
    std::fs::copy(format!("{ROOT}/games/refugia.lud"), &other).unwrap();
    let server = serve(named.to_str().unwrap());
    let port = server.port;
    let json = "Content-Type: application/json\r\n";
    let record =
        |file: &std::path::Path| serde_json::json!({ "file": file.to_str().unwrap(), "moves": [] }).to_string();
    let (status, body) = post(port, "/api/record", json, &record(&other));
    assert_eq!(status, 200, "{body}");
    let s: Value = serde_json::from_str(&body).unwrap();
    assert!(
        s["error"]
            .as_str()
            .is_some_and(|e| e.contains("open that description first")),
        "{body}"
    );
    assert_eq!(s["name"], "Ex Nihilo");
    // the file named on the command line stays replayable after another game is opened
    let (status, body) = post(port, "/api/open", json, r#"{"builtin": "games/equi.lud"}"#);
    assert_eq!(status, 200, "{body}");
    assert_eq!(state(port)["name"], "Equi Game System");
    let (_, body) = post(port, "/api/record", json, &record(&named));
    let s: Value = serde_json::from_str(&body).unwrap();
    assert!(s["error"].is_null(), "{body}");
    assert_eq!(s["name"], "Ex Nihilo");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A match named on the command line is played through the page's API, its subgames read
/// near it; the same match opened from the page by another name reads no file.
#[test]
fn a_match_plays_on_to_its_next_subgame_and_an_opened_one_reads_no_file() {
    let dir = std::env::temp_dir().join(format!("ludeme-serve-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let line = "(game \"Lines\" (players 2) (equipment {(board (square 2)) (piece \"Disc\" Each)})
        (rules (play (move Add (to (sites Empty)))) (end (if (is Line 2) (result Mover Win)))))";
    std::fs::write(dir.join("Lines.lud"), line).unwrap();
    let text = r#"(match "Lines Match" (players 2) (games (subgame "Lines"))
        (end (if (>= (matchScore P1) 2) (result P1 Win))))"#;
    let file = dir.join("match.lud");
    std::fs::write(&file, text).unwrap();
    let server = serve(file.to_str().unwrap());
    let port = server.port;
    let json = "Content-Type: application/json\r\n";
    let mut s = state(port);
    assert!(
        s["status"]
            .as_str()
            .unwrap()
            .starts_with("Game 1 of the match (Lines): Move 1"),
        "{s}"
    );
    // the first player's second disc makes a line: then the one move is to the next game
    for _ in 0..3 {
        let first = s["moves"][0]["text"].as_str().unwrap().to_string();
        let (status, body) = post(
            port,
            "/api/move",
            json,
            &serde_json::json!({ "text": first }).to_string(),
        );
        assert_eq!(status, 200, "{body}");
        s = serde_json::from_str(&body).unwrap();
    }
    let moves = s["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 1, "{s}");
    assert_eq!(
        (moves[0]["text"].as_str(), moves[0]["to"].as_i64()),
        (Some("next game"), Some(-1))
    );
    let (_, body) = post(port, "/api/move", json, r#"{"text": "next game"}"#);
    s = serde_json::from_str(&body).unwrap();
    let status = s["status"].as_str().unwrap();
    assert!(status.starts_with("Game 1 of the match (Lines): Move 1"), "{status}");
    assert!(status.ends_with("match scores P1 1, P2 0"), "{status}");
    // opened from the page under another name, its subgame is not read from disk
    let other = dir.join("copy.lud").display().to_string();
    let (_, body) = post(
        port,
        "/api/open",
        json,
        &serde_json::json!({ "name": other, "text": text }).to_string(),
    );
    let s: Value = serde_json::from_str(&body).unwrap();
    assert!(
        s["error"].as_str().is_some_and(|e| e.contains("\"Lines.lud\"")),
        "{body}"
    );
    assert_eq!(s["name"], "Lines Match");
    let _ = std::fs::remove_dir_all(&dir);
}
