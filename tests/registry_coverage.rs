//! The registry declares exactly the rules of Ludii's exported grammars (game and metadata),
//! with the same signatures up to whitespace and literal-only markers.

use std::collections::{BTreeMap, BTreeSet};

use ludeme::registry::all_decls;

const GRAMMARS: &[&str] = &[
    concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/ludii/grammar.txt"),
    concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/ludii/grammar-metadata.txt"),
];

/// Primitive types that a declaration may write bare to mark a literal-only parameter.
const PRIMS: &[&str] = &["int", "float", "boolean"];

/// The rules of one grammar file: (id, right-hand side with whitespace collapsed).
fn parse_grammar(text: &str) -> Vec<(String, String)> {
    let mut rules: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if line.starts_with("//") || line.trim().is_empty() {
            continue;
        }
        if !line.starts_with(char::is_whitespace) {
            let (lhs, rhs) = line.split_once("::=").unwrap_or_else(|| panic!("not a rule: {line}"));
            let id = lhs
                .trim()
                .strip_prefix('<')
                .and_then(|s| s.strip_suffix('>'))
                .unwrap_or_else(|| panic!("bad rule label: {lhs}"));
            rules.push((id.to_string(), rhs.to_string()));
        } else {
            let last = rules
                .last_mut()
                .unwrap_or_else(|| panic!("continuation before any rule: {line}"));
            last.1.push(' ');
            last.1.push_str(line);
        }
    }
    rules.into_iter().map(|(id, rhs)| (id, collapse(&rhs))).collect()
}

fn collapse(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Whitespace collapsed and every `<int>`/`<float>`/`<boolean>` written bare.
fn normalise(s: &str) -> String {
    let mut s = collapse(s);
    for p in PRIMS {
        s = s.replace(&format!("<{p}>"), p);
    }
    s
}

/// Splits a signature into tokens: brackets, `|`, `name:` and type or word tokens.
fn tokens(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices() {
        let delim = c.is_whitespace() || "()[]{}|".contains(c);
        if delim || c == ':' {
            if let Some(b) = start.take() {
                out.push(&s[b..if c == ':' { i + 1 } else { i }]);
            }
            if delim && !c.is_whitespace() {
                out.push(&s[i..i + 1]);
            }
        } else if start.is_none() {
            start = Some(i);
        }
    }
    if let Some(b) = start {
        out.push(&s[b..]);
    }
    out
}

#[test]
fn registry_covers_the_grammars_exactly() {
    // Every rule of both grammars, once.
    let mut grammar: BTreeMap<String, String> = BTreeMap::new();
    let mut total = 0;
    for path in GRAMMARS {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for (id, rhs) in parse_grammar(&text) {
            total += 1;
            if let Some(old) = grammar.get(&id) {
                assert_eq!(old, &rhs, "rule <{id}> appears twice with different forms");
            }
            grammar.insert(id, rhs);
        }
    }
    assert!(total > 400, "only {total} grammar rules parsed");

    // Ids unique, docs non-empty.
    let mut declared: BTreeMap<&str, &str> = BTreeMap::new();
    let mut packages = BTreeSet::new();
    for (pkg, d) in all_decls() {
        packages.insert(pkg);
        assert!(declared.insert(d.id, d.rule).is_none(), "`{}` declared twice", d.id);
        assert!(!d.doc.trim().is_empty(), "`{}` has no doc", d.id);
        assert!(!d.doc.contains('\n'), "`{}`: doc must be one line", d.id);
    }

    let mut problems = Vec::new();
    let mut markers = 0;
    for (id, rhs) in &grammar {
        let Some(rule) = declared.get(id.as_str()) else {
            problems.push(format!("<{id}> is not declared"));
            continue;
        };
        // Ludii's export leaves the interfaces of metadata items empty; we list their
        // implementers (symbols only) so that the checker can accept them.
        if rhs.trim().is_empty() {
            if !rule.trim().is_empty() && !rule.split('|').all(|a| a.trim().starts_with('<')) {
                problems.push(format!("<{id}> may list only symbols: {rule}"));
            }
            continue;
        }
        if normalise(rule) != normalise(rhs) {
            problems.push(format!("<{id}> differs:\n  grammar:  {rhs}\n  declared: {rule}"));
            continue;
        }
        // Stricter: only `<p>` -> `p` rewrites, never the other way round.
        let (g, r) = (tokens(rhs), tokens(rule));
        assert_eq!(g.len(), r.len(), "<{id}>: token counts differ");
        for (a, b) in g.iter().zip(&r) {
            if a != b {
                let ok = PRIMS.iter().any(|p| *a == format!("<{p}>") && b == p);
                if ok {
                    markers += 1;
                } else {
                    problems.push(format!("<{id}>: grammar `{a}` declared as `{b}`"));
                }
            }
        }
    }
    let extras: BTreeSet<&str> = all_decls()
        .filter(|(pkg, _)| *pkg == "ludeme.extras")
        .map(|(_, d)| d.id)
        .collect();
    for id in declared.keys() {
        if !grammar.contains_key(*id) && !extras.contains(id) {
            problems.push(format!("`{id}` is declared but no grammar has it"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));

    println!(
        "{} declarations in {} packages; {} literal-only markers",
        declared.len(),
        packages.len(),
        markers
    );
    assert!(
        markers >= 100,
        "only {markers} literal-only markers: has the derivation been lost?"
    );
}

#[test]
fn tokens_split_signatures() {
    assert_eq!(
        tokens("(piece <string> [maxState:int] {<int>})"),
        [
            "(",
            "piece",
            "<string>",
            "[",
            "maxState:",
            "int",
            "]",
            "{",
            "<int>",
            "}",
            ")"
        ]
    );
    assert_eq!(normalise("(players  <int>)\n | x"), "(players int) | x");
}
