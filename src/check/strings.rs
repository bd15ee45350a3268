//! Ludii's string check: every string of the expanded game must be a coordinate, a name
//! the description declares (pieces, players, phases, variables ...), or a close variant
//! of one. This is how Ludii catches a misspelt define used bare, e.g. `"StepToEmtpy"`.

use super::Problem;
use std::collections::HashSet;

/// Clauses whose strings declare names: (prefix, only the first string of each clause).
const DECLARING: &[(&str, bool)] = &[
    ("(game", true),
    ("(match", true),
    ("(subgame", false),
    ("(players", false),
    ("(equipment", false),
    ("(phase", true),
    ("(vote", true),
    ("(move Vote", true),
    ("(is Proposed", true),
    ("(is Decided", true),
    ("(note", true),
    ("(trigger", true),
    ("(is Trigger", true),
    ("(trackSite", false),
    ("(set Var", false),
    ("(var", false),
    ("(remember", false),
    ("(set RememberValue", false),
    ("(values Remembered", false),
];

const BUILT_IN: &[&str] = &["Player", "Board", "Hand", "Ball", "Bag", "Domino"];

/// Ludii's coordinate test: letters (at most three, the first two equal when more than
/// one) followed by digits, or digits alone.
pub fn is_coordinate(s: &str) -> bool {
    let b = s.as_bytes();
    if b.is_empty() || !b[b.len() - 1].is_ascii_digit() {
        return false;
    }
    let mut c = b.len() as isize - 1;
    while c >= 0 && b[c as usize].is_ascii_digit() {
        c -= 1;
    }
    if c < 0 {
        return true;
    }
    if c > 2 {
        return false;
    }
    if c > 1 && b.len() > 1 && b[0] != b[1] {
        return false;
    }
    while c >= 0 && b[c as usize].is_ascii_alphabetic() {
        c -= 1;
    }
    c < 0
}

use crate::expand::text::{matching_bracket, matching_quote};

fn find_all<'a>(text: &'a str, pat: &'a str) -> impl Iterator<Item = usize> + 'a {
    text.match_indices(pat).map(|(i, _)| i)
}

/// Check the player count and the strings of the expanded game text, as Ludii does.
pub fn check_strings(expanded: &str) -> Vec<Problem> {
    let bytes = expanded.as_bytes();
    let mut out = Vec::new();
    // the player count: `(players N)` unless it lists `(player ..)` items
    if let Some(pf) = expanded.find("(players") {
        if let Some(pt) = matching_bracket(bytes, pf, true) {
            let items = find_all(expanded, "(player")
                .filter(|&p| p > pf && p < pt && bytes.get(p + 7) != Some(&b's'))
                .count();
            if items == 0 {
                let count = expanded[pf + 8..pt].trim();
                let first = count.split(' ').next().unwrap_or("");
                if crate::syntax::parse_java_int(first).is_none() {
                    let at = pf + 8 + expanded[pf + 8..pt].find(first).unwrap_or(0);
                    out.push(
                        Problem::error(
                            "player-count",
                            at..at + first.len().max(1),
                            "the number of players must be written as a whole number",
                        )
                        .with_label("not a number")
                        .with_hint("write (players 2), or list the players: (players {(player N) (player S)})"),
                    );
                    return out;
                }
            }
        }
    }
    let mut known: HashSet<&str> = BUILT_IN.iter().copied().collect();
    for &(clause, first_only) in DECLARING {
        for e in find_all(expanded, clause) {
            let Some(ee) = matching_bracket(bytes, e, true) else {
                continue;
            };
            let mut i = e;
            while let Some(q) = expanded[i..=ee].find('"').map(|q| i + q) {
                let Some(qq) = matching_quote(&bytes[..=ee], q) else {
                    break;
                };
                let s = &expanded[q + 1..qq];
                i = qq + 1;
                if !is_coordinate(s) {
                    known.insert(s);
                    if first_only {
                        break;
                    }
                }
                if i > ee {
                    break;
                }
            }
        }
    }
    let mut c = 0;
    while let Some(q) = expanded[c..].find('"').map(|q| c + q) {
        let Some(qq) = matching_quote(bytes, q) else {
            out.push(Problem::error(
                "unclosed-string",
                q..q + 1,
                "this string is never closed",
            ));
            return out;
        };
        let s = &expanded[q + 1..qq];
        c = qq + 1;
        if s.is_empty() {
            out.push(
                Problem::error("empty-string", q..qq + 1, "empty string")
                    .with_label("Ludii cannot read an empty string here"),
            );
            return out;
        }
        if is_coordinate(s) || known.contains(s) {
            continue;
        }
        let close = known
            .iter()
            .any(|k| (k.contains(s) || s.contains(k)) && k.len().abs_diff(s.len()) <= 2);
        if !close {
            let mut p = Problem::error(
                "unknown-string",
                q..qq + 1,
                format!("\"{s}\" is not a define or a name declared in this description"),
            )
            .with_label("unknown name");
            let names: Vec<&str> = known.iter().copied().collect();
            if let Some(m) = crate::diag::did_you_mean(s, names) {
                p = p.with_hint(format!("did you mean \"{m}\"?"));
            } else {
                p = p.with_hint("strings name pieces, players, regions, phases or variables declared elsewhere in the description, or call defines");
            }
            out.push(p);
            return out;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates() {
        for s in ["A1", "AA12", "37", "AAB1"] {
            assert!(is_coordinate(s), "{s}");
        }
        for s in ["", "A", "ABC12", "1A", "ABC1", "ABCD1"] {
            assert!(!is_coordinate(s), "{s}");
        }
    }

    #[test]
    fn strings_must_be_declared() {
        let ok = r#"(game "G" (players 2) (equipment {(piece "Disc" Each)}) (rules (play (move Add (piece "Disc1") (to (sites "A1"))))))"#;
        assert_eq!(check_strings(ok), vec![]);
        let bad = r#"(game "G" (players 2) (equipment {(piece "Disc" Each)}) (rules (play ("StepToEmtpy"))))"#;
        let p = check_strings(bad);
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].code, "unknown-string");
        assert_eq!(&bad[p[0].span.clone()], "\"StepToEmtpy\"");
        let p = check_strings(r#"(game "G" (players "x") (rules))"#);
        assert_eq!(p[0].code, "player-count");
    }
}
