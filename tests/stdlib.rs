//! The standard define library must match Ludii's library define for define: same names,
//! same bodies token for token. Its notes, however, are our own text.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

const LUDII_DEF: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/ludii/def");

/// Every `*.def` file under `dir`, recursively, as (path, text).
fn ludii_files(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries = fs::read_dir(&d).unwrap_or_else(|e| panic!("cannot read {}: {e}", d.display()));
        for entry in entries {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|x| x == "def") {
                let text = fs::read_to_string(&path).expect("readable .def file");
                out.push((path, text));
            }
        }
    }
    out.sort();
    out
}

/// Removes `//` comments that are outside strings (a string runs from `"` to the next `"`).
fn strip_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    let mut in_string = false;
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            if c == '"' {
                in_string = false;
            }
        } else if c == '"' {
            in_string = true;
            out.push(c);
        } else if c == '/' && chars.peek() == Some(&'/') {
            for rest in chars.by_ref() {
                if rest == '\n' {
                    out.push('\n');
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Every `(define "Name" body)` in `text` (comments already removed), as (name, body).
/// The body runs to the `)` matching the define's `(`, counting only brackets outside strings.
fn defines(text: &str) -> Vec<(String, String)> {
    const KEY: &str = "(define \"";
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(rel) = text[from..].find(KEY) {
        let start = from + rel;
        let name_start = start + KEY.len();
        let name_end = name_start + text[name_start..].find('"').expect("closed define name");
        let mut depth = 0usize;
        let mut in_string = false;
        let mut end = None;
        for (i, &b) in bytes.iter().enumerate().skip(start) {
            match b {
                b'"' => in_string = !in_string,
                b'(' if !in_string => depth += 1,
                b')' if !in_string => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(i);
                        break;
                    }
                }
                _ => {}
            }
        }
        let end = end.expect("define closed by a matching bracket");
        out.push((
            text[name_start..name_end].to_string(),
            text[name_end + 1..end].to_string(),
        ));
        from = end + 1;
    }
    out
}

/// Token-level normal form: whitespace runs outside strings become one space, and there is
/// no space just inside brackets or braces, nor at either end.
fn normalise(body: &str) -> String {
    let mut collapsed = String::with_capacity(body.len());
    let mut in_string = false;
    let mut pending_space = false;
    for c in body.chars() {
        if in_string {
            collapsed.push(c);
            in_string = c != '"';
            continue;
        }
        if c.is_whitespace() {
            pending_space = true;
            continue;
        }
        if pending_space {
            let after_open = collapsed.ends_with(['(', '{']) || collapsed.is_empty();
            if !after_open && c != ')' && c != '}' {
                collapsed.push(' ');
            }
            pending_space = false;
        }
        collapsed.push(c);
        in_string = c == '"';
    }
    collapsed
}

fn ludii_library() -> BTreeMap<String, String> {
    let files = ludii_files(Path::new(LUDII_DEF));
    assert!(!files.is_empty(), "no Ludii library found under {LUDII_DEF}");
    let mut map = BTreeMap::new();
    for (path, text) in files {
        let found = defines(&strip_comments(&text));
        assert_eq!(found.len(), 1, "{} should hold one define", path.display());
        let (name, body) = found.into_iter().next().expect("one define");
        assert!(map.insert(name.clone(), normalise(&body)).is_none(), "duplicate {name}");
    }
    map
}

fn our_library() -> BTreeMap<String, String> {
    let mut map = BTreeMap::new();
    for (path, text) in ludeme::expand::stdlib::files() {
        let found = defines(&strip_comments(text));
        assert_eq!(found.len(), 1, "{path} should hold one define");
        let (name, body) = found.into_iter().next().expect("one define");
        assert!(
            path.ends_with(&format!("/{name}.def")),
            "{path} should be named after the define it holds, {name}"
        );
        assert!(map.insert(name.clone(), normalise(&body)).is_none(), "duplicate {name}");
    }
    map
}

#[test]
fn normal_form() {
    assert_eq!(
        normalise("\n  (a  ( b\n c )\t{ 1 2 } \"x  y\" )  "),
        "(a (b c) {1 2} \"x  y\")"
    );
    assert_eq!(strip_comments("a // c\n\"//\" b"), "a \n\"//\" b");
    let found = defines("x (define \"A\" (b \")\" (c))) (define \"B C\" 1)");
    assert_eq!(
        found,
        vec![
            ("A".to_string(), " (b \")\" (c))".to_string()),
            ("B C".to_string(), " 1".to_string())
        ]
    );
}

#[test]
fn same_names_as_ludii() {
    let ludii = ludii_library();
    let ours = our_library();
    let missing: Vec<_> = ludii.keys().filter(|n| !ours.contains_key(*n)).collect();
    let extra: Vec<_> = ours.keys().filter(|n| !ludii.contains_key(*n)).collect();
    assert!(missing.is_empty(), "missing from our library: {missing:?}");
    assert!(extra.is_empty(), "not in Ludii's library: {extra:?}");
    assert_eq!(ours.len(), 164);
}

#[test]
fn same_bodies_as_ludii() {
    let ludii = ludii_library();
    let ours = our_library();
    let mut differ = Vec::new();
    for (name, body) in &ludii {
        if let Some(mine) = ours.get(name) {
            if mine != body {
                differ.push(format!("{name}:\n  ludii: {body}\n  ours:  {mine}"));
            }
        }
    }
    assert!(differ.is_empty(), "bodies differ:\n{}", differ.join("\n"));
}

#[test]
fn bodies_keep_bracketed_uses_bracketed() {
    // A define use is bracketed only if `(` touches the opening quote, so our layout must never
    // put whitespace between them. Likewise a label must touch its value.
    for (path, text) in ludeme::expand::stdlib::files() {
        let code = strip_comments(text);
        assert!(!code.contains("( "), "{path}: space after (");
        assert!(!code.contains("(\n"), "{path}: line break after (");
        for line in code.lines() {
            assert!(!line.trim_end().ends_with(':'), "{path}: label cut from its value");
        }
        assert!(!code.contains(": "), "{path}: space after a label");
    }
}

#[test]
fn notes_are_our_own() {
    let ludii_text: Vec<String> = ludii_files(Path::new(LUDII_DEF))
        .into_iter()
        .map(|(_, text)| text)
        .collect();
    let mut copied = Vec::new();
    for (path, text) in ludeme::expand::stdlib::files() {
        let mut notes = 0;
        for line in text.lines() {
            let Some(note) = line.trim_start().strip_prefix("//") else {
                continue;
            };
            notes += 1;
            let note = note.trim();
            if note.chars().count() > 20 && ludii_text.iter().any(|t| t.contains(note)) {
                copied.push(format!("{path}: {note}"));
            }
        }
        assert!(notes > 0, "{path} has no notes");
        assert!(text.contains("// Example: "), "{path} has no example");
    }
    assert!(
        copied.is_empty(),
        "note lines found verbatim in Ludii's files:\n{}",
        copied.join("\n")
    );
}
