//! Reading `.lud` text where the cursor is, as the language server needs it: LSP positions
//! and byte offsets, the word, token, define or open forms at a place, the options and
//! rulesets a text declares. Every scan is bounded by the text and reads unbalanced text.

use crate::expand::options::{parse_category, Category};
use crate::expand::text::Text;
use crate::syntax::format::{form_end, tokens, TokenClass};
use lsp_types as lsp;
use std::str::FromStr;

/// The byte offset of an LSP position (line, UTF-16 column) in `text`, clamped to it.
pub(super) fn offset(text: &str, pos: lsp::Position) -> usize {
    let mut line_start = 0;
    for _ in 0..pos.line {
        match text[line_start..].find('\n') {
            Some(i) => line_start += i + 1,
            None => return text.len(),
        }
    }
    let mut units = 0;
    for (i, c) in text[line_start..].char_indices() {
        if units >= pos.character as usize || c == '\n' {
            return line_start + i;
        }
        units += c.len_utf16();
    }
    text.len()
}

/// The LSP position of a byte offset of `text`.
pub(super) fn position(text: &str, at: usize) -> lsp::Position {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line = before.matches('\n').count() as u32;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let character = text[line_start..at].encode_utf16().count() as u32;
    lsp::Position { line, character }
}

pub(super) fn range(text: &str, start: usize, end: usize) -> lsp::Range {
    lsp::Range {
        start: position(text, start),
        end: position(text, end.max(start)),
    }
}

/// Where a standard define file is written out for go-to-definition (read-only text).
pub(super) fn library_file(path: &str, text: &str) -> Option<lsp::Uri> {
    let file = std::env::temp_dir().join("ludeme-defines").join(path);
    if std::fs::read_to_string(&file).ok().as_deref() != Some(text) {
        std::fs::create_dir_all(file.parent()?).ok()?;
        std::fs::write(&file, text).ok()?;
    }
    lsp::Uri::from_str(&format!("file://{}", file.display())).ok()
}

/// The word around byte `at` (letters, digits, `_`, and an operator's characters), as
/// (start, end).
pub(super) fn word_at(text: &str, at: usize) -> (usize, usize) {
    let b = text.as_bytes();
    let is_word = |c: u8| c.is_ascii_alphanumeric() || b"_+-*/%^=<>!&|".contains(&c);
    let mut start = at.min(b.len());
    while start > 0 && is_word(b[start - 1]) {
        start -= 1;
    }
    let mut end = at.min(b.len());
    while end < b.len() && is_word(b[end]) {
        end += 1;
    }
    (start, end)
}

/// The string (a define's name) around byte `at`, when it directly follows `(`: its text.
pub(super) fn define_at(text: &str, at: usize) -> Option<&str> {
    let open = text[..at.min(text.len())].rfind('"')?;
    let close = open + 1 + text[open + 1..].find('"')?;
    if at > close + 1 || !text[..open].trim_end().ends_with('(') {
        return None;
    }
    Some(&text[open + 1..close])
}

/// The `(head "Name" ..)` forms of a text (`define`, `ruleset`): (name, start of the form,
/// end of the form).
pub(super) fn named_forms<'t>(text: &'t str, head: &str) -> Vec<(&'t str, usize, usize)> {
    let mut out = Vec::new();
    let open = format!("({head}");
    let mut from = 0;
    while let Some(i) = text[from..].find(&open) {
        let start = from + i;
        from = start + open.len();
        let rest = &text[from..];
        let gap = rest.len() - rest.trim_start().len();
        if gap == 0 || !rest[gap..].starts_with('"') {
            continue;
        }
        let name_start = from + gap + 1;
        let Some(len) = text[name_start..].find('"') else { break };
        out.push((&text[name_start..name_start + len], start, form_end(text, start)));
    }
    out
}

/// A form open at some place of the text: its bracket, keyword, kind (its second word when
/// capitalised), how many parts it has so far, and the label it is the value of (`to:(..`).
#[derive(Debug)]
pub(super) struct OpenForm<'a> {
    pub(super) bracket: &'a str,
    pub(super) keyword: &'a str,
    pub(super) kind: Option<&'a str>,
    pub(super) parts: usize,
    pub(super) label: Option<&'a str>,
}

/// The forms open at byte `at` (outermost first), read from the tokens before it.
pub(super) fn open_forms(text: &str, at: usize) -> Vec<OpenForm<'_>> {
    let head = &text[..at.min(text.len())];
    let mut stack: Vec<OpenForm> = Vec::new();
    let mut label = None;
    for (s, e, class) in tokens(head) {
        let w = &head[s..e];
        match class {
            TokenClass::Open => {
                if let Some(f) = stack.last_mut() {
                    f.parts += 1;
                }
                stack.push(OpenForm {
                    bracket: w,
                    keyword: "",
                    kind: None,
                    parts: 0,
                    label: label.take(),
                });
                continue;
            }
            TokenClass::Close => {
                stack.pop();
                label = None;
                continue;
            }
            TokenClass::Label => {
                label = Some(w.trim_end_matches(':'));
                continue;
            }
            TokenClass::Comment => continue,
            _ => label = None,
        }
        if let Some(f) = stack.last_mut() {
            if f.parts == 0 && f.bracket == "(" && class == TokenClass::Word {
                f.keyword = w;
            } else if f.parts == 1 && class == TokenClass::Word && w.starts_with(|c: char| c.is_ascii_uppercase()) {
                f.kind = Some(w);
            }
            f.parts += 1;
        }
    }
    stack
}

/// The token around byte `at` (a cursor just after a token is on it).
pub(super) fn token_at(text: &str, at: usize) -> Option<(usize, usize, TokenClass)> {
    tokens(text).into_iter().find(|&(s, e, _)| s <= at && at <= e)
}

/// The options of a text (each `(option "Heading" <Tag> args:{..} {..})` form, read as
/// expansion reads it, even in half-written text) with where each starts and ends.
pub(super) fn options_in(text: &str) -> Vec<(Category, usize, usize)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = text[from..].find("(option \"") {
        let start = from + i;
        let end = form_end(text, start);
        let block = Text::from_source(&text.as_bytes()[start..end], 0, start);
        out.push((parse_category(&block), start, end));
        from = end.max(start + 1);
    }
    out
}

/// Where an item or other part of a text read from it starts and ends in it.
pub(super) fn extent(t: &Text) -> (usize, usize) {
    let start = t.o.first().map_or(0, |l| l.pos as usize);
    (start, t.o.last().map_or(start, |l| l.pos as usize + 1))
}

/// The uses of an option's value: `<Tag>` when it has one argument, else `<Tag:arg>` each.
pub(super) fn option_uses(c: &Category) -> Vec<String> {
    let args: Vec<&str> = c
        .items
        .first()
        .map(|i| i.values.iter().map(|(a, _)| a.as_str()).collect())
        .unwrap_or_default();
    if args.len() <= 1 {
        vec![format!("<{}>", c.tag)]
    } else {
        args.iter().map(|a| format!("<{}:{a}>", c.tag)).collect()
    }
}
