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
    /// Notifications read while waiting for a response.
    skipped: Vec<Value>,
}

impl Drop for Client {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Client {
    fn start() -> Client {
        Client::start_with(json!({}))
    }

    /// A server started with these `initializationOptions` (`debounceMs`).
    fn start_with(options: Value) -> Client {
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
            skipped: Vec::new(),
        };
        let r = c.request(
            "initialize",
            json!({ "capabilities": {}, "initializationOptions": options }),
        );
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
            self.skipped.push(m);
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

const GAME: &str = r#"// Three in a row.
(define "Three" (is Line 3))
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
    assert_eq!(e["range"]["start"]["line"], 6, "{e}");
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
    assert_eq!(e["range"]["start"]["line"], 7, "{e}");
    let related = e["relatedInformation"].as_array().unwrap_or_else(|| panic!("{e}"));
    assert!(
        related.iter().any(|r| r["location"]["range"]["start"]["line"] == 1),
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
    let h = c.at("textDocument/hover", uri, 1, 18);
    let md = h["contents"]["value"].as_str().unwrap_or_default();
    assert!(md.contains("is Line") || md.contains("(is Line"), "{h}");
    // on a define's use: its text, its comment and its parameters
    let h = c.at("textDocument/hover", uri, 7, 20);
    let md = h["contents"]["value"].as_str().unwrap_or_default();
    assert!(md.contains("(define \"Three\""), "{h}");
    assert!(md.contains("Three in a row.") && md.contains("no parameters"), "{h}");
    // a standard define's: its comment and its parameters
    let std_use = GAME.replace(
        "(play (move Add (to (sites Empty))))",
        "(play (\"StepToEmpty\" Orthogonal))",
    );
    c.open("file:///tmp/std-hover.lud", &std_use);
    let h = c.at("textDocument/hover", "file:///tmp/std-hover.lud", 6, 21);
    let md = h["contents"]["value"].as_str().unwrap_or_default();
    assert!(md.contains("standard define") && md.contains("parameters: `#1`"), "{h}");

    // completion after `(move `: its kinds
    let after = GAME.replace("(move Add (to (sites Empty)))", "(move ");
    c.open("file:///tmp/complete.lud", &after);
    let items = c.at("textDocument/completion", "file:///tmp/complete.lud", 6, 20);
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
    let d = c.at("textDocument/definition", uri, 7, 20);
    assert_eq!(d["uri"], uri, "{d}");
    assert_eq!(d["range"]["start"]["line"], 1, "{d}");

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

const OPTIONS: &str = r#"(game "Lines"
    (players 2)
    (equipment { (board (square <Board>)) (piece "Disc" Each) })
    (rules
        (play (move Add (to (sites Empty))))
        (end (if (is Line <Line:length>) (result Mover Win)))
    )
)
(option "Board Size" <Board> args:{ <size> } {
    (item "3x3" <3> "A small board.")*
    (item "4x4" <4> "A larger board.")
})
(option "Line" <Line> args:{ <length> <unused> } {
    (item "Three" <3> <0> "Three in a row.")*
})
(rulesets {
    (ruleset "Ruleset/Small (Suggested)" { "Board Size/3x3" })
})
(metadata (info { (useFor "Ruleset/Small (Suggested)" (source "here")) }))
"#;

fn labels(items: &Value) -> Vec<String> {
    items
        .as_array()
        .unwrap_or_else(|| panic!("{items}"))
        .iter()
        .map(|i| i["label"].as_str().unwrap().to_string())
        .collect()
}

/// (line, column) of the first `needle` in `text`, plus `shift` columns.
fn place(text: &str, needle: &str, shift: u32) -> (u32, u32) {
    let at = text.find(needle).unwrap_or_else(|| panic!("{needle}"));
    let line = text[..at].matches('\n').count() as u32;
    let col = (at - text[..at].rfind('\n').map_or(0, |i| i + 1)) as u32;
    (line, col + shift)
}

#[test]
fn options_rulesets_parameters_and_semantic_tokens() {
    let mut c = Client::start();
    let uri = "file:///tmp/options.lud";
    let d = c.open(uri, OPTIONS);
    assert!(d.iter().all(|d| d["severity"] != 1), "{d:?}");

    // hover on an option's value: its heading and items, the default marked
    let (l, col) = place(OPTIONS, "<Board>", 2);
    let h = c.at("textDocument/hover", uri, l, col);
    let md = h["contents"]["value"].as_str().unwrap_or_default();
    assert!(
        md.contains("Board Size") && md.contains("`3x3` (default)") && md.contains("A larger board."),
        "{md}"
    );
    // on a ruleset's option name: the item; go to definition: the item's line
    let (l, col) = place(OPTIONS, "\"Board Size/3x3\"", 3);
    let h = c.at("textDocument/hover", uri, l, col);
    assert!(
        h["contents"]["value"]
            .as_str()
            .unwrap_or_default()
            .contains("A small board."),
        "{h}"
    );
    let d = c.at("textDocument/definition", uri, l, col);
    assert_eq!(d["range"]["start"]["line"], place(OPTIONS, "(item \"3x3\"", 0).0, "{d}");
    // a ruleset's name in the metadata: its ruleset
    let (l, col) = place(OPTIONS, "(useFor \"Ruleset", 10);
    let d = c.at("textDocument/definition", uri, l, col);
    assert_eq!(d["range"]["start"]["line"], place(OPTIONS, "(ruleset ", 0).0, "{d}");
    // an option of two arguments: go to its declaration from `<Line:length>`
    let (l, col) = place(OPTIONS, "<Line:length>", 3);
    let d = c.at("textDocument/definition", uri, l, col);
    assert_eq!(
        d["range"]["start"]["line"],
        place(OPTIONS, "(option \"Line\"", 0).0,
        "{d}"
    );

    // completion: option values after `<`, option names in a ruleset, `name:` parameters
    let typed = OPTIONS.replace("(square <Board>)", "(square <B)");
    c.open("file:///tmp/typed.lud", &typed);
    let (l, col) = place(&typed, "<B)", 2);
    let got = labels(&c.at("textDocument/completion", "file:///tmp/typed.lud", l, col));
    assert_eq!(got, ["<Board>"]);
    let typed = OPTIONS.replace("{ \"Board Size/3x3\" }", "{ \"Board Size/3x3\" \"Bo }");
    c.open("file:///tmp/typed2.lud", &typed);
    let (l, col) = place(&typed, "\"Bo }", 3);
    let got = labels(&c.at("textDocument/completion", "file:///tmp/typed2.lud", l, col));
    assert_eq!(got, ["Board Size/3x3", "Board Size/4x4"]);
    let typed = OPTIONS.replace("(move Add (to (sites Empty)))", "(move Add (to (sites Empty)) )");
    c.open("file:///tmp/typed3.lud", &typed);
    let (l, col) = place(&typed, "(sites Empty)) )", 14);
    let got = labels(&c.at("textDocument/completion", "file:///tmp/typed3.lud", l, col));
    assert!(got.contains(&"stack:".to_string()), "{got:?}");
    assert!(
        !got.contains(&"Step".to_string()),
        "kinds only in second place: {got:?}"
    );
    // a keyword that fits where it goes: `if:(` of `(move Step ..)` wants a condition
    let typed = OPTIONS.replace("(move Add (to (sites Empty)))", "(move Step (to if:(is");
    c.open("file:///tmp/typed4.lud", &typed);
    let (l, col) = place(&typed, "if:(is", 6);
    let got = labels(&c.at("textDocument/completion", "file:///tmp/typed4.lud", l, col));
    assert!(got.contains(&"is".to_string()), "{got:?}");
    let (l, col) = place(&typed, "if:(is", 4);
    let got = labels(&c.at("textDocument/completion", "file:///tmp/typed4.lud", l, col));
    assert!(
        got.contains(&"not".to_string()) && !got.contains(&"move".to_string()),
        "{got:?}"
    );

    // semantic tokens: the legend, then `(game "Lines"` as a keyword and a string
    let t = c.request(
        "textDocument/semanticTokens/full",
        json!({ "textDocument": { "uri": uri } }),
    );
    let data: Vec<u64> = t["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    assert!(data.len() > 100 && data.len().is_multiple_of(5), "{t}");
    // (line delta, start delta, length, type, modifiers): `game` then `"Lines"`
    assert_eq!(&data[..10], &[0, 1, 4, 0, 0, 0, 5, 7, 3, 0]);
    // `<Board>` is an option value (type 7), `Add` a kind (1), `3` ... decoded in order
    let mut decoded = Vec::new();
    let (mut line, mut col) = (0u64, 0u64);
    for t in data.chunks(5) {
        if t[0] > 0 {
            line += t[0];
            col = t[1];
        } else {
            col += t[1];
        }
        let text_line = OPTIONS.lines().nth(line as usize).unwrap();
        decoded.push((text_line[col as usize..(col + t[2]) as usize].to_string(), t[3]));
    }
    for (word, ty) in [
        ("<Board>", 7),
        ("Add", 1),
        ("move", 0),
        ("2", 5),
        ("\"Board Size/3x3\"", 3),
    ] {
        assert!(decoded.contains(&(word.to_string(), ty)), "{word} {ty} in {decoded:?}");
    }
}

#[test]
fn changes_typed_together_are_checked_once_for_the_last_text() {
    // a debounce of 300 ms: ten changes sent at once give one set of diagnostics, for the
    // last version
    let mut c = Client::start_with(json!({ "debounceMs": 300 }));
    let uri = "file:///tmp/typing.lud";
    c.open(uri, GAME);
    for v in 2..=11 {
        let text = if v == 11 {
            GAME.replace("(players 2)", "(playrs 2)")
        } else {
            GAME.to_string()
        };
        c.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": uri, "version": v }, "contentChanges": [{ "text": text }] }),
        );
    }
    // a request is answered at once, before the diagnostics
    c.skipped.clear();
    let h = c.at("textDocument/hover", uri, 1, 18);
    assert!(h["contents"]["value"].as_str().is_some(), "{h}");
    assert!(c.skipped.is_empty(), "{:?}", c.skipped);
    let m = c.read();
    assert_eq!(m["method"], "textDocument/publishDiagnostics", "{m}");
    assert_eq!(m["params"]["version"], 11, "{m}");
    assert!(m["params"]["diagnostics"].to_string().contains("playrs"), "{m}");
    // and nothing more comes for the earlier versions
    std::thread::sleep(std::time::Duration::from_millis(400));
    let _ = c.request("shutdown", Value::Null);
    assert!(c.skipped.is_empty(), "{:?}", c.skipped);
}

mod common;

/// Every corpus description typed in, a sample of prefixes for each (cut anywhere, in the
/// middle of a word, a string or a define's name), with a define renamed half-way: after
/// each change, the server publishes the diagnostics of that version and answers a hover, a
/// completion (at the cursor and at a place before it), the outline and the semantic tokens;
/// at the end, formatting. No answer takes a second, and the server never fails.
#[test]
fn every_corpus_file_typed_prefix_by_prefix() {
    use std::time::{Duration, Instant};
    let files = ludeme::source::lud_files(&common::shared("ludii/lud"));
    assert!(files.len() > 1000, "only {} descriptions found", files.len());
    let mut c = Client::start_with(json!({ "debounceMs": 0 }));
    let mut slowest = (Duration::ZERO, String::new());
    let mut answers = 0usize;
    // a small deterministic generator for the cut points
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n.max(1) as u64) as usize
    };
    for (i, path) in files.iter().enumerate() {
        let full = std::fs::read_to_string(path).unwrap();
        let uri = format!("file:///corpus/{i}.lud");
        let mut texts: Vec<String> = (0..4)
            .map(|_| {
                let mut cut = next(full.len() + 1);
                while !full.is_char_boundary(cut) {
                    cut -= 1;
                }
                full[..cut].to_string()
            })
            .collect();
        texts.sort_by_key(String::len);
        // a define in the middle of being renamed: its name cut short where it is declared
        if let Some(d) = full.find("(define \"") {
            let name_at = d + 9;
            texts.push(format!(
                "{}{}",
                &full[..name_at + 1],
                &full[name_at + 3.min(full.len() - name_at)..]
            ));
        }
        texts.push(full.clone());
        for (v, text) in texts.iter().enumerate() {
            let version = v as i32 + 1;
            let t0 = Instant::now();
            if v == 0 {
                c.notify(
                    "textDocument/didOpen",
                    json!({ "textDocument": { "uri": uri, "languageId": "ludii", "version": version, "text": text } }),
                );
            } else {
                c.notify(
                    "textDocument/didChange",
                    json!({ "textDocument": { "uri": uri, "version": version }, "contentChanges": [{ "text": text }] }),
                );
            }
            loop {
                let m = c.read();
                if m["method"] == "textDocument/publishDiagnostics" && m["params"]["version"] == version {
                    break;
                }
            }
            let mut timed = |what: &str, t0: Instant| {
                let took = t0.elapsed();
                answers += 1;
                if took > slowest.0 {
                    slowest = (took, format!("{what} of {} ({} bytes)", path.display(), text.len()));
                }
            };
            timed("diagnostics", t0);
            let end = (text.lines().count().max(1) - 1) as u32;
            let end_col = text.lines().last().map_or(0, |l| l.encode_utf16().count()) as u32;
            let mid = next(end as usize + 1) as u32;
            for (method, line, col) in [
                ("textDocument/hover", end, end_col),
                ("textDocument/completion", end, end_col),
                ("textDocument/completion", mid, 8),
                ("textDocument/hover", mid, 12),
                ("textDocument/definition", mid, 14),
            ] {
                let t0 = Instant::now();
                c.at(method, &uri, line, col);
                timed(method, t0);
            }
            for method in ["textDocument/documentSymbol", "textDocument/semanticTokens/full"] {
                let t0 = Instant::now();
                c.request(method, json!({ "textDocument": { "uri": uri } }));
                timed(method, t0);
            }
        }
        let t0 = Instant::now();
        let edits = c.request(
            "textDocument/formatting",
            json!({ "textDocument": { "uri": uri }, "options": { "tabSize": 4, "insertSpaces": true } }),
        );
        assert_eq!(edits[0]["newText"], ludeme::syntax::format::format(&full));
        let took = t0.elapsed();
        if took > slowest.0 {
            slowest = (took, format!("formatting of {}", path.display()));
        }
        c.notify("textDocument/didClose", json!({ "textDocument": { "uri": uri } }));
    }
    eprintln!("{answers} answers; the slowest: {:?}, {}", slowest.0, slowest.1);
    assert!(slowest.0 < Duration::from_secs(1), "{:?}: {}", slowest.0, slowest.1);
    let _ = c.request("shutdown", Value::Null);
}
