//! `ludeme lsp` driven by a client over stdio (JSON-RPC with LSP's `Content-Length` framing):
//! diagnostics for a mistyped ludeme, a missing argument and a define used with the wrong
//! arity; hover on `(is Line ..)`; completion after `(move `; go to definition of a standard
//! define; the outline; formatting.

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

struct Client {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    next: u64,
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ludeme"))
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start ludeme lsp");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        let mut c = Client {
            child,
            stdin,
            stdout,
            next: 1,
        };
        let r = c.request("initialize", json!({ "capabilities": {} }));
        assert!(r["capabilities"]["hoverProvider"] == true, "{r}");
        c.notify("initialized", json!({}));
        c
    }

    fn send(&mut self, msg: Value) {
        let body = msg.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn read(&mut self) -> Value {
        let mut length = 0;
        loop {
            let mut line = String::new();
            assert!(
                self.stdout.read_line(&mut line).unwrap() > 0,
                "the server closed its output"
            );
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some(v) = line.strip_prefix("Content-Length: ") {
                length = v.parse().unwrap();
            }
        }
        let mut body = vec![0; length];
        self.stdout.read_exact(&mut body).unwrap();
        serde_json::from_slice(&body).unwrap()
    }

    fn notify(&mut self, method: &str, params: Value) {
        self.send(json!({ "jsonrpc": "2.0", "method": method, "params": params }));
    }

    /// A request's result (notifications on the way are skipped).
    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next;
        self.next += 1;
        self.send(json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }));
        loop {
            let m = self.read();
            if m["id"] == id {
                assert!(m["error"].is_null(), "{m}");
                return m["result"].clone();
            }
        }
    }

    /// Opens a document and returns the diagnostics published for it.
    fn open(&mut self, uri: &str, text: &str) -> Vec<Value> {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": "ludii", "version": 1, "text": text } }),
        );
        loop {
            let m = self.read();
            if m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri {
                return m["params"]["diagnostics"].as_array().unwrap().clone();
            }
        }
    }

    fn at(&mut self, method: &str, uri: &str, line: u32, character: u32) -> Value {
        self.request(
            method,
            json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": character } }),
        )
    }
}

const GAME: &str = r#"(define "Three" (is Line 3))
(game "Lines"
    (players 2)
    (equipment { (board (square 3)) (piece "Disc" Each) })
    (rules
        (play (move Add (to (sites Empty))))
        (end (if ("Three") (result Mover Win)))
    )
)
"#;

#[test]
fn the_language_server_answers_as_an_editor_asks() {
    let mut c = Client::start();
    // a valid game: no problem
    let uri = "file:///tmp/lines.lud";
    let d = c.open(uri, GAME);
    assert!(d.iter().all(|d| d["severity"] != 1), "{d:?}");

    // a mistyped ludeme: an error at it, with a "did you mean"
    let typo = GAME
        .replace("(players 2)", "(player 2)")
        .replace("(move Add", "(mvoe Add");
    let d = c.open("file:///tmp/typo.lud", &typo);
    let e = d
        .iter()
        .find(|d| d["message"].as_str().unwrap().contains("mvoe"))
        .unwrap_or_else(|| panic!("{d:?}"));
    assert_eq!(e["severity"], 1);
    assert_eq!(e["range"]["start"]["line"], 5, "{e}");
    assert!(e["message"].as_str().unwrap().contains("move"), "{e}");

    // a missing argument
    let missing = GAME.replace("(is Line 3)", "(is Line)");
    let d = c.open("file:///tmp/missing.lud", &missing);
    assert!(d.iter().any(|d| d["severity"] == 1), "{d:?}");

    // a define used with the wrong arity (its parameter not given): an error where it is
    // used, the define's text as a related location
    let arity = GAME.replace("(is Line 3)", "(is Line #1)");
    let d = c.open("file:///tmp/arity.lud", &arity);
    let e = d.iter().find(|d| d["severity"] == 1).unwrap_or_else(|| panic!("{d:?}"));
    assert_eq!(e["range"]["start"]["line"], 6, "{e}");
    let related = e["relatedInformation"].as_array().unwrap_or_else(|| panic!("{e}"));
    assert!(
        related.iter().any(|r| r["location"]["range"]["start"]["line"] == 0),
        "{e}"
    );

    // an unknown define: "did you mean" the one of a near name
    let d = c.open(
        "file:///tmp/define.lud",
        &GAME.replace("(if (\"Three\")", "(if (\"Thre\")"),
    );
    assert!(
        d.iter()
            .any(|d| d["message"].as_str().unwrap().contains("did you mean \"Three\"")),
        "{d:?}"
    );

    // hover on `(is Line ..)`: the reference of `is Line`
    let h = c.at("textDocument/hover", uri, 0, 18);
    let md = h["contents"]["value"].as_str().unwrap_or_default();
    assert!(md.contains("is Line") || md.contains("(is Line"), "{h}");
    // on a define's use: its text
    let h = c.at("textDocument/hover", uri, 6, 20);
    assert!(
        h["contents"]["value"]
            .as_str()
            .unwrap_or_default()
            .contains("(define \"Three\""),
        "{h}"
    );

    // completion after `(move `: its kinds
    let after = GAME.replace("(move Add (to (sites Empty)))", "(move ");
    c.open("file:///tmp/complete.lud", &after);
    let items = c.at("textDocument/completion", "file:///tmp/complete.lud", 5, 20);
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    for k in ["Add", "Step", "Slide", "Hop", "Pass"] {
        assert!(labels.contains(&k), "{k} not in {labels:?}");
    }

    // go to definition of a standard define: its file, read-only text of the library
    let std = GAME
        .replace("(play (move Add (to (sites Empty))))", "(play (forEach Piece))")
        .replace("(piece \"Disc\" Each)", "(piece \"Disc\" Each (\"StepToEmpty\"))");
    c.open("file:///tmp/std.lud", &std);
    let line = std.lines().position(|l| l.contains("StepToEmpty")).unwrap() as u32;
    let col = std.lines().nth(line as usize).unwrap().find("StepToEmpty").unwrap() as u32 + 2;
    let d = c.at("textDocument/definition", "file:///tmp/std.lud", line, col);
    let target = d["uri"].as_str().unwrap_or_else(|| panic!("{d}"));
    assert!(target.ends_with("StepToEmpty.def"), "{d}");
    let file = std::fs::read_to_string(target.trim_start_matches("file://")).unwrap();
    assert!(file.contains("(define \"StepToEmpty\""));

    // and of the file's own define: its place in the file
    let d = c.at("textDocument/definition", uri, 6, 20);
    assert_eq!(d["uri"], uri, "{d}");
    assert_eq!(d["range"]["start"]["line"], 0, "{d}");

    // the outline: the define and the game
    let s = c.request("textDocument/documentSymbol", json!({ "textDocument": { "uri": uri } }));
    let names: Vec<&str> = s
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["define \"Three\"", "game \"Lines\""]);

    // formatting: the whole text, as `ludeme fmt` writes it
    let messy = "(game \"Lines\"   (players  2)\n (equipment { (board (square 3)) (piece \"Disc\" Each) })\n (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))\n";
    c.open("file:///tmp/messy.lud", messy);
    let edits = c.request(
        "textDocument/formatting",
        json!({ "textDocument": { "uri": "file:///tmp/messy.lud" }, "options": { "tabSize": 4, "insertSpaces": true } }),
    );
    assert_eq!(edits[0]["newText"], ludeme::syntax::format::format(messy), "{edits}");
    assert!(
        edits[0]["newText"].as_str().unwrap().contains("\n    (players 2)\n"),
        "{edits}"
    );

    let _ = c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
}
