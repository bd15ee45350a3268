//! Text-level checks (§6 P2/P3, tokenising) with precise locations.
//!
//! Ludii only counts characters; to point at the right line we use the layout of the file:
//! quotes that look like openers vs closers, and bracket depth vs indentation per line.

use super::engine::Fail;
use super::text::{clipped, find, is_name_char, is_token_char, matching_bracket, Text};

/// P2: counts on the raw text (comments removed) before the first `(metadata`.
pub fn raw_checks(text: &Text) -> Option<Fail> {
    let end = find(&text.b, b"(metadata", 0).unwrap_or(text.len());
    let part = &text.b[..end];
    let count = |c: u8| part.iter().filter(|&&x| x == c).count();
    if count(b'"') % 2 == 1 {
        return Some(unterminated_string(text, 0..end));
    }
    for (open, close, word) in [(b'(', b')', "bracket"), (b'{', b'}', "brace")] {
        let (o, c) = (count(open), count(close));
        if o > c {
            let n = o - c;
            let msg = if n == 1 {
                format!("Missing a close {word} '{}'.", close as char)
            } else {
                format!("Missing {n} close {word}s '{}'.", close as char)
            };
            return Some(locate_missing_close(text, end, open, close, msg));
        }
        if c > o {
            let n = c - o;
            let msg = if n == 1 {
                format!("Missing an open {word} '{}'.", open as char)
            } else {
                format!("Missing {n} open {word}s '{}'.", open as char)
            };
            return Some(locate_extra_close(text, end, open, close, msg));
        }
    }
    None
}

/// The string that never closes, among the quotes in `r`.
pub fn unterminated_string(text: &Text, r: std::ops::Range<usize>) -> Fail {
    let b = &text.b;
    let quotes: Vec<usize> = r.clone().filter(|&i| b[i] == b'"').collect();
    let opener_like = |q: usize| {
        let prev = if q > 0 { b[q - 1] } else { b' ' };
        let next = b.get(q + 1).copied().unwrap_or(b' ');
        matches!(prev, b' ' | b'\t' | b'\n' | b'(' | b'{' | b':') && !matches!(next, b' ' | b'\t' | b'\n' | b')' | b'}')
    };
    let mut at = quotes.last().copied();
    for pair in quotes.chunks(2) {
        if let [o, c] = *pair {
            if b[o..c].contains(&b'\n') || opener_like(c) {
                at = Some(o);
                break;
            }
        }
    }
    let mut f = Fail::new("unterminated-string", "Mismatched quotation marks '\"'.")
        .label("this string is never closed")
        .hint("add the closing '\"'");
    if let Some(q) = at {
        f = f.at(text, q..q + 1);
    }
    f
}

struct Line {
    start: usize,
    end: usize,
    indent: usize,
    blank: bool,
    /// depth at the line start, minus the closers it starts with
    depth: i64,
}

fn lines(text: &Text, end: usize, open: u8, close: u8) -> Vec<Line> {
    let b = &text.b[..end];
    let mut out = Vec::new();
    let mut depth: i64 = 0;
    let mut in_string = false;
    let mut start = 0;
    while start < b.len() {
        let e = b[start..]
            .iter()
            .position(|&x| x == b'\n')
            .map_or(b.len(), |p| start + p);
        let mut indent = 0;
        let mut i = start;
        while i < e && (b[i] == b' ' || b[i] == b'\t') {
            indent += if b[i] == b'\t' { 4 } else { 1 };
            i += 1;
        }
        let blank = i == e;
        let mut lead = 0;
        let mut k = i;
        while !in_string && k < e && matches!(b[k], b')' | b'}' | b' ' | b'\t') {
            if b[k] == close {
                lead += 1;
            }
            k += 1;
        }
        out.push(Line {
            start,
            end: e,
            indent,
            blank,
            depth: depth - lead,
        });
        for &c in &b[start..e] {
            if c == b'"' {
                in_string = !in_string;
            } else if !in_string && c == open {
                depth += 1;
            } else if !in_string && c == close {
                depth -= 1;
            }
        }
        start = e + 1;
    }
    out
}

/// The first line whose depth disagrees with the previous line of the same indentation in
/// direction `sign`, after the last disagreement the other way; with that earlier line.
fn crossing(ls: &[Line], sign: i64) -> Option<(usize, usize)> {
    let mut last: std::collections::HashMap<usize, usize> = std::collections::HashMap::new();
    let mut cand = None;
    for (k, l) in ls.iter().enumerate() {
        if l.blank {
            continue;
        }
        if let Some(&j) = last.get(&l.indent) {
            let off = l.depth - ls[j].depth;
            if off * sign > 0 && cand.is_none() {
                cand = Some((j, k));
            } else if off * sign < 0 {
                cand = None;
            }
        }
        last.insert(l.indent, k);
    }
    cand
}

fn whitespace_only_in_source(text: &Text, l: &Line) -> bool {
    // a line that is empty now but had spaces, and no comment, in the file
    l.blank && l.end > l.start && !text.b[l.start..l.end].is_empty()
}

fn line_fail(text: &Text, l: &Line, f: Fail) -> Fail {
    let b = &text.b;
    let mut s = l.start;
    while s < l.end && (b[s] == b' ' || b[s] == b'\t') {
        s += 1;
    }
    if s >= l.end {
        // an empty line: point at its start (or its indentation)
        return f.at(text, l.start..(l.start + 1).min(text.len()));
    }
    f.at(text, s..l.end)
}

fn locate_missing_close(text: &Text, part_end: usize, open: u8, close: u8, msg: String) -> Fail {
    let f = Fail::new("missing-close", msg).hint(format!("add the missing '{}'", close as char));
    if let Some(o) = super::brackets::missing_close(&text.b[..part_end], close) {
        return f
            .at(text, o..o + 1)
            .label(format!("this '{}' is never closed", text.b[o] as char));
    }
    let ls = lines(text, text.len(), open, close);
    if let Some((j, k)) = crossing(&ls, 1) {
        if ls[k].start <= part_end || ls[j].start < part_end {
            let chosen = (j + 1..k)
                .rev()
                .find(|&i| whitespace_only_in_source(text, &ls[i]) && !ls[i].blank_is_comment(text))
                .or_else(|| (j..k).rev().find(|&i| !ls[i].blank))
                .unwrap_or(j);
            return line_fail(
                text,
                &ls[chosen],
                f.label(format!("a '{}' seems to be missing here", close as char)),
            );
        }
    }
    // fallback: the innermost opener never closed
    let b = &text.b[..part_end];
    let mut stack = Vec::new();
    let mut in_string = false;
    for (i, &c) in b.iter().enumerate() {
        if c == b'"' {
            in_string = !in_string;
        } else if !in_string && c == open {
            stack.push(i);
        } else if !in_string && c == close {
            stack.pop();
        }
    }
    match stack.last() {
        Some(&o) => f.at(text, o..o + 1).label("this is never closed"),
        None => f,
    }
}

fn locate_extra_close(text: &Text, part_end: usize, open: u8, close: u8, msg: String) -> Fail {
    let f = Fail::new("extra-close", msg).hint(format!("remove the extra '{}'", close as char));
    if let Some(c) = super::brackets::extra_close(&text.b[..part_end], close) {
        return f
            .at(text, c..c + 1)
            .label(format!("this '{}' has no matching '{}'", close as char, open as char));
    }
    let ls = lines(text, text.len(), open, close);
    if let Some((j, k)) = crossing(&ls, -1) {
        if ls[j].start < part_end {
            let chosen = (j..k)
                .rev()
                .find(|&i| text.b[ls[i].start..ls[i].end].contains(&close))
                .unwrap_or(j);
            let l = &ls[chosen];
            let last = (l.start..l.end).rev().find(|&i| text.b[i] == close).unwrap_or(l.start);
            return f
                .at(text, last..last + 1)
                .label(format!("this '{}' has no matching '{}'", close as char, open as char));
        }
    }
    // fallback: the first closer at depth zero
    let mut depth = 0i64;
    let mut in_string = false;
    for (i, &c) in text.b[..part_end].iter().enumerate() {
        if c == b'"' {
            in_string = !in_string;
        } else if !in_string && c == open {
            depth += 1;
        } else if !in_string && c == close {
            depth -= 1;
            if depth < 0 {
                return f.at(text, i..i + 1).label("this has no matching opener");
            }
        }
    }
    f
}

impl Line {
    fn blank_is_comment(&self, _text: &Text) -> bool {
        false
    }
}

/// `(define ` whose `)` is missing.
pub fn unclosed_define(text: &Text, c: usize) -> Fail {
    let msg = format!("Could not close '(define ...' in '{}'.", clipped(&text.b[c..], 17));
    let q = text.b[c..].iter().filter(|&&x| x == b'"').count();
    if q % 2 == 1 {
        let mut f = unterminated_string(text, c..text.len());
        f.msg = msg;
        return f;
    }
    let mut f = locate_missing_close(text, text.len(), b'(', b')', msg);
    f.code = "unclosed";
    f
}

/// `(metadata` whose `)` is missing (Ludii fails to expand).
pub fn unclosed_metadata(text: &Text, c: usize) -> Fail {
    let msg = "Could not expand. Check that bracket pairs '(..)' and '{..}' match.".to_string();
    let q = text.b[c..].iter().filter(|&&x| x == b'"').count();
    let mut f = if q % 2 == 1 {
        unterminated_string(text, c..text.len())
    } else {
        locate_missing_close(text, text.len(), b'(', b')', String::new())
    };
    f.msg = msg;
    f.code = "unclosed";
    f
}

/// The top-level forms of the cleaned game text: (start, end inclusive). Junk between them
/// is ignored, as Ludii's tokeniser does.
pub fn forms(t: &Text) -> Result<Vec<(usize, usize)>, Fail> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(c) = t.b[i..].iter().position(|&x| x == b'(').map(|p| p + i) {
        let Some(cc) = matching_bracket(&t.b, c, true) else {
            return Err(Fail::new(
                "unclosed",
                format!("Couldn't close clause '{}'.", clipped(&t.b[c..], 17)),
            )
            .at(&t.clone(), c..c + 1)
            .label("this is never closed"));
        };
        out.push((c, cc));
        i = cc + 1;
    }
    Ok(out)
}

/// P3 and tokenising checks on the cleaned game text.
pub fn expanded_checks(t: &Text) -> Result<(), Fail> {
    let fs = forms(t)?;
    if fs.is_empty() {
        return Err(Fail::new("no-game", "Expander can't tokenise the game description.")
            .hint("the description needs a `(game \"Name\" ...)` form"));
    }
    let b = &t.b;
    // counts as Ludii's P3 (on the forms only)
    let (mut q, mut po, mut pc, mut bo, mut bc) = (0usize, 0usize, 0usize, 0usize, 0usize);
    for &(s, e) in &fs {
        for &c in &b[s..=e] {
            match c {
                b'"' => q += 1,
                b'(' => po += 1,
                b')' => pc += 1,
                b'{' => bo += 1,
                b'}' => bc += 1,
                _ => {}
            }
        }
    }
    if q % 2 == 1 {
        let (s, e) = (fs[0].0, fs[fs.len() - 1].1);
        return Err(unterminated_string(t, s..e + 1));
    }
    let _ = (po, pc);
    // option tags left
    for &(s, e) in &fs {
        let mut i = s;
        while i < e {
            if b[i] == b'<' && is_name_char(b[i + 1]) {
                let end = matching_bracket(b, i, true).map_or((i + 6).min(b.len()), |x| x + 1);
                return Err(Fail::new(
                    "option-tag",
                    format!(
                        "Option tag {} not expanded.",
                        String::from_utf8_lossy(&b[i..end.min(b.len())])
                    ),
                )
                .at(t, i..end.min(b.len()))
                .label("no option defines this marker")
                .hint("check the spelling of the option tag and its argument name"));
            }
            i += 1;
        }
    }
    for &(s, e) in &fs {
        tokenise(t, s, e)?;
    }
    if bo != bc {
        let (s, _) = fs[0];
        return Err(Fail::new("unbalanced", "Mismatched braces '{' '}'.").at(t, s..s + 1));
    }
    Ok(())
}

/// Walk one form like Ludii's tokeniser: strings, atoms, labels, nested forms and lists.
fn tokenise(t: &Text, s: usize, e: usize) -> Result<(), Fail> {
    let b = &t.b;
    let mut stack: Vec<(u8, usize)> = Vec::new();
    let mut i = s;
    while i <= e {
        let c = b[i];
        match c {
            b'(' | b'{' => {
                stack.push((c, i));
                i += 1;
            }
            b')' | b'}' => {
                let want = if c == b')' { b'(' } else { b'{' };
                match stack.pop() {
                    Some((o, _)) if o == want => {}
                    Some((o, at)) => {
                        return Err(Fail::new(
                            "wrong-bracket",
                            format!(
                                "Empty substring from '{}'. Maybe a wrong bracket type '{}'?",
                                clipped(&b[at..], 17),
                                c as char
                            ),
                        )
                        .at(t, i..i + 1)
                        .label(format!("'{}' closes '{}'", c as char, o as char))
                        .with_note_at(t, at));
                    }
                    None => return Err(Fail::new("extra-close", "Missing an open bracket '('.").at(t, i..i + 1)),
                }
                i += 1;
            }
            b'"' => {
                // a string: to the next quote not preceded by a backslash
                let mut k = i + 1;
                while k <= e && !(b[k] == b'"' && b[k - 1] != b'\\') {
                    k += 1;
                }
                if k > e {
                    return Err(unterminated_string(t, i..e + 1));
                }
                i = k + 1;
            }
            b' ' | b':' => i += 1,
            b'[' | b']' => {
                return Err(Fail::new(
                    "reconstruction",
                    "Reconstruction placeholder '[...]': this description is incomplete and needs Ludii's completer.",
                )
                .at(t, i..i + 1)
                .label("reconstruction placeholder")
                .hint("choose a complete ruleset or option; Ludeme does not complete reconstructions"));
            }
            c if is_token_char(c) => i += 1,
            _ => {
                let ch = String::from_utf8_lossy(&b[i..(i + 4).min(b.len())])
                    .chars()
                    .next()
                    .unwrap_or('?');
                return Err(Fail::new(
                    "illegal-char",
                    format!(
                        "Empty substring from '{}'. Maybe a wrong bracket type '}}'?",
                        clipped(&b[i..], 17)
                    ),
                )
                .at(t, i..i + ch.len_utf8())
                .label(format!("'{ch}' cannot appear here outside a string")));
            }
        }
    }
    Ok(())
}

impl Fail {
    fn with_note_at(self, _t: &Text, _at: usize) -> Fail {
        self
    }
}
