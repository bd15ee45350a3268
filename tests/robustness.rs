//! No panic, hang or runaway memory on hostile input: each case is accepted where Ludii
//! accepts it and otherwise gets a clear error.

use ludeme::check::{check_source, Checked};
use ludeme::expand::Selections;

const GAME: &str = r#"(game "Tiny" (players 2) (equipment {(board (square 3)) (piece "Disc" Each)}) (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))"#;

fn check(text: &str) -> Checked {
    check_source("input.lud", text, &Selections::default()).expect("no selection was made")
}

fn first_error(c: &Checked) -> String {
    c.diagnostics
        .iter()
        .find(|d| d.is_error())
        .map(|d| d.message.clone())
        .unwrap_or_default()
}

#[test]
fn the_base_game_is_valid() {
    assert!(!check(GAME).has_errors(), "{:?}", check(GAME).diagnostics);
}

#[test]
fn empty_file() {
    let c = check("");
    assert!(c.has_errors());
    assert!(!first_error(&c).is_empty());
}

#[test]
fn unbalanced_brackets() {
    for text in [
        format!("{GAME})"),
        GAME.replacen(')', "", 1),
        "((((".to_string(),
        "))))".to_string(),
    ] {
        let c = check(&text);
        assert!(c.has_errors(), "{text}");
    }
}

#[test]
fn a_hundred_thousand_nested_parentheses() {
    let deep = format!("{}{}", "(a ".repeat(100_000), ")".repeat(100_000));
    let c = check(&deep);
    assert!(c.has_errors());
    let inside_game = GAME.replacen(
        "(square 3)",
        &format!("(square {}3{})", "(+ 1 ".repeat(100_000), ")".repeat(100_000)),
        1,
    );
    assert!(check(&inside_game).has_errors());
}

#[test]
fn a_define_that_expands_itself_forever() {
    let text = format!(
        "(define \"Grow\" (and (\"Grow\") (\"Grow\")))\n{}",
        GAME.replace("(move Add (to (sites Empty)))", "(\"Grow\")")
    );
    let c = check(&text);
    assert!(c.has_errors());
    let e = first_error(&c);
    assert!(
        e.contains("expansion") || e.contains("recursive") || e.contains("1000"),
        "{e}"
    );
}

#[test]
fn two_defines_that_call_each_other() {
    let text = format!(
        "(define \"Ping\" (\"Pong\"))\n(define \"Pong\" (\"Ping\"))\n{}",
        GAME.replace("(move Add (to (sites Empty)))", "(\"Ping\")")
    );
    let c = check(&text);
    assert!(c.has_errors());
}

#[test]
fn a_ring_of_a_hundred_defines_is_rejected_by_the_work_bound() {
    // Each define calls the next and the last calls the first: the text grows by one call
    // per use, so every pass and every sweep stays under the size and count limits while
    // the whole expansion would rescan the growing text for minutes. The work bound stops it.
    let k = 100;
    let mut text = String::new();
    for i in 0..k {
        text.push_str(&format!("(define \"A{i}\" (x{i} (\"A{}\")))\n", (i + 1) % k));
    }
    text.push_str("(game \"G\" (players 2) (\"A0\"))");
    let c = check(&text);
    let d = c.diagnostics.iter().find(|d| d.is_error()).expect("rejected");
    assert_eq!(d.code, "define-recursion", "{d:?}");
    assert!(d.hints.iter().any(|h| h.contains("MB of text work")), "{d:?}");
}

#[test]
fn a_four_megabyte_file_is_read_and_a_larger_one_refused() {
    // a valid game followed by comments up to the limit is valid
    let limit = ludeme::expand::MAX_SOURCE_BYTES;
    let line = "// a long comment line that goes on and on and on and on and on\n";
    let mut text = String::from(GAME);
    text.push('\n');
    while text.len() + line.len() <= limit {
        text.push_str(line);
    }
    assert!(!check(&text).has_errors());
    // up to the limit, a mass of arguments is checked (and found wrong) without trouble
    let mut big = String::from("(game \"Big\" (players 2) (equipment {(board (square 3))}) (rules (play (move Pass)) (end (if (is Full) (result Mover Draw)))) ");
    while big.len() + 13 < limit {
        big.push_str("(players 2) ");
    }
    big.push(')');
    assert!(check(&big).has_errors());
    // one byte more is refused with a clear error, before any work
    text.push_str(&"x".repeat(limit + 1 - text.len()));
    let c = check(&text);
    let d = c.diagnostics.iter().find(|d| d.is_error()).expect("refused");
    assert_eq!(d.code, "source-too-large", "{d:?}");
}

#[test]
fn fifty_thousand_unknown_names_give_a_hundred_errors_and_a_count() {
    let calls: Vec<String> = (0..50_000).map(|i| format!("(zork{i} 1)")).collect();
    let text = GAME.replace(
        "(move Add (to (sites Empty)))",
        &format!("(or {{{}}})", calls.join(" ")),
    );
    let c = check(&text);
    let errors: Vec<_> = c.diagnostics.iter().filter(|d| d.is_error()).collect();
    assert_eq!(errors.len(), ludeme::check::MAX_UNKNOWN_NAMES + 1);
    let last = errors.last().unwrap();
    assert_eq!(last.code, "too-many-errors");
    assert!(last.message.starts_with("49900 more"), "{}", last.message);
}

#[test]
fn invalid_utf8_is_read_lossily() {
    let mut bytes = GAME.as_bytes().to_vec();
    bytes.insert(bytes.len() - 1, 0xFF);
    let text = String::from_utf8_lossy(&bytes);
    // a replacement character outside strings cannot be tokenised
    assert!(check(&text).has_errors());
    let in_string = GAME.replace("\"Tiny\"", "\"Ti\u{FFFD}ny\"");
    assert!(!check(&in_string).has_errors());
}

#[test]
fn an_option_tag_after_an_opening_bracket_is_no_tag() {
    // found by fuzzing: `(<` is not a tag's opener, so its "matching" bracket was itself
    let text = format!("(option \"X\" (<= 1 2) args:{{<a>}} {{(item \"i\" <1> \"d\")}})\n{GAME}");
    let _ = check(&text);
    let text = format!("(option \"X\" <T> args:{{(<a>}} {{(item \"i\" <1> \"d\")}})\n{GAME}");
    let _ = check(&text);
}

#[test]
fn garbage_never_panics() {
    let samples = [
        "\"",
        "(game",
        "(game \"",
        "(define",
        "(define \"X\"",
        "(option \"A\" <B> args:{<c>} {(item \"x\" <1> \"d\")})",
        "(rulesets {(ruleset \"Ruleset/A\" {\"Nope/x\"})})",
        "(metadata",
        "{}",
        "(game \"G\" <>)",
        "(game \"G\" 1..2000)",
        "(game \"G\" \"A1\"..\"C3\")",
        "#1 #2 ~",
        "(game \"G\" ((((a))))",
    ];
    for s in samples {
        let _ = check(s);
        let _ = check(&format!("{s}{GAME}"));
        let _ = check(&format!("{GAME}{s}"));
    }
}

#[test]
fn a_large_file_with_one_bracket_missing() {
    // locating the missing bracket must stay cheap on big inputs
    let mut text = String::from("(game \"Big\" (players 2) (equipment {(board (square 3))}) (rules (play (or {");
    for i in 0..20_000 {
        text.push_str(&format!("\n    (move Add (to (sites {{{i}}})))"));
    }
    text.push_str("\n})) (end (if (is Full) (result Mover Draw)))))");
    let broken = text.replacen("(sites {17})", "(sites {17}", 1);
    let c = check(&broken);
    assert!(c.has_errors());
}
