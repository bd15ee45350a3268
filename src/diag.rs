//! Diagnostics: errors and warnings as values, with spans in the user's source.
//!
//! Every layer reports problems as [`Diagnostic`]s; none prints or panics. The CLI renders
//! them in the style of rustc ([`render_human`]) or as JSON Lines ([`to_json`]).

use crate::source::{SourceMap, SrcSpan};
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Warning,
    Error,
}

/// A secondary location: "in this define", "expanded from here".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub span: Option<SrcSpan>,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// A short stable code naming the kind of problem, e.g. `unknown-ludeme`.
    pub code: &'static str,
    pub message: String,
    /// Where the problem is, in the user's file (or a library file), if known.
    pub span: Option<SrcSpan>,
    /// Text under the caret.
    pub label: Option<String>,
    pub notes: Vec<Note>,
    pub hints: Vec<String>,
}

impl Diagnostic {
    pub fn error(code: &'static str, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            code,
            message: message.into(),
            span: None,
            label: None,
            notes: Vec::new(),
            hints: Vec::new(),
        }
    }

    pub fn warning(code: &'static str, message: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, message)
        }
    }

    pub fn at(mut self, span: SrcSpan) -> Self {
        self.span = Some(span);
        self
    }

    pub fn at_opt(mut self, span: Option<SrcSpan>) -> Self {
        self.span = span;
        self
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    pub fn with_note(mut self, span: Option<SrcSpan>, message: impl Into<String>) -> Self {
        self.notes.push(Note {
            span,
            message: message.into(),
        });
        self
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hints.push(hint.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// "did you mean" for a misspelt name: the closest candidate within a small edit distance.
pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let lw = word.to_ascii_lowercase();
    let limit = (word.chars().count() / 3).clamp(1, 3);
    let mut best: Option<(usize, &'a str)> = None;
    for c in candidates {
        if c == word {
            continue;
        }
        let d = if c.eq_ignore_ascii_case(word) {
            0
        } else {
            edit_distance(&lw, &c.to_ascii_lowercase())
        };
        if d <= limit && best.is_none_or(|(bd, bc)| d < bd || (d == bd && c < bc)) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c)
}

/// Optimal string alignment distance (Levenshtein plus adjacent transpositions).
pub fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev2 = vec![0usize; b.len() + 1];
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0usize; b.len() + 1];
    for i in 1..=a.len() {
        cur[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                cur[j] = cur[j].min(prev2[j - 2] + 1);
            }
        }
        std::mem::swap(&mut prev2, &mut prev);
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// Render diagnostics in the style of rustc, without colours.
pub fn render_human(diags: &[Diagnostic], sources: &SourceMap) -> String {
    render(diags, sources, annotate_snippets::Renderer::plain())
}

/// Render diagnostics in the style of rustc, with ANSI colours.
pub fn render_human_styled(diags: &[Diagnostic], sources: &SourceMap) -> String {
    render(diags, sources, annotate_snippets::Renderer::styled())
}

fn render(diags: &[Diagnostic], sources: &SourceMap, renderer: annotate_snippets::Renderer) -> String {
    use annotate_snippets::{Level, Snippet};
    let mut out = String::new();
    for d in diags {
        let level = match d.severity {
            Severity::Error => Level::Error,
            Severity::Warning => Level::Warning,
        };
        let title = d.message.as_str();
        let mut msg = level.title(title).id(d.code);
        // annotate-snippets wants the source to outlive the message: keep them here.
        let mut spans: Vec<(SrcSpan, Option<&str>, bool)> = Vec::new();
        if let Some(s) = d.span {
            spans.push((s, d.label.as_deref(), true));
        }
        for n in &d.notes {
            if let Some(s) = n.span {
                spans.push((s, Some(n.message.as_str()), false));
            }
        }
        for (span, label, primary) in &spans {
            let file = sources.get(span.file);
            let text: &str = &file.text;
            let mut start = (span.start as usize).min(text.len());
            while !text.is_char_boundary(start) {
                start -= 1;
            }
            let mut end = (span.end as usize).clamp(start, text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            let lc = file.line_col(start);
            // the lines of the span, cut to at most 200 bytes before it and 200 after it
            let line_start = text[..start].rfind('\n').map(|i| i + 1).unwrap_or(0);
            let line_end = text[end..].find('\n').map(|i| end + i).unwrap_or(text.len());
            let mut from = line_start.max(start.saturating_sub(200));
            while !text.is_char_boundary(from) {
                from -= 1;
            }
            let mut to = line_end.min(end.max(start + 1) + 200).max(end).min(text.len());
            while !text.is_char_boundary(to) {
                to += 1;
            }
            let src = &text[from..to];
            let a = start - from;
            let b = (end - from).min(src.len()).max(a);
            let ann_level = if *primary { level } else { Level::Note };
            let mut ann = ann_level.span(a..b);
            if let Some(l) = label {
                ann = ann.label(l);
            }
            // annotate-snippets appends the line and column itself
            let snippet = Snippet::source(src)
                .line_start(lc.line)
                .origin(file.name.as_str())
                .fold(false)
                .annotation(ann);
            msg = msg.snippet(snippet);
        }
        for n in &d.notes {
            if n.span.is_none() {
                msg = msg.footer(Level::Note.title(n.message.as_str()));
            }
        }
        for h in &d.hints {
            msg = msg.footer(Level::Help.title(h.as_str()));
        }
        out.push_str(&renderer.render(msg).to_string());
        out.push_str("\n\n");
    }
    out
}

/// One diagnostic as a JSON object (one line of `--format json`).
#[derive(Serialize, Debug)]
pub struct JsonDiagnostic<'a> {
    pub file: &'a str,
    pub line: Option<usize>,
    pub column: Option<usize>,
    pub end_line: Option<usize>,
    pub end_column: Option<usize>,
    pub severity: Severity,
    pub code: &'a str,
    pub message: &'a str,
    pub hints: Vec<String>,
}

pub fn to_json<'a>(d: &'a Diagnostic, sources: &'a SourceMap) -> JsonDiagnostic<'a> {
    let (file, pos) = match d.span {
        Some(s) => {
            let f = sources.get(s.file);
            let a = f.line_col(s.start as usize);
            let b = f.line_col(s.end as usize);
            (f.name.as_str(), Some((a, b)))
        }
        None => (sources.main().name.as_str(), None),
    };
    let mut hints = d.hints.clone();
    for n in &d.notes {
        match n.span {
            Some(s) => {
                let f = sources.get(s.file);
                let lc = f.line_col(s.start as usize);
                hints.push(format!("{} ({}:{}:{})", n.message, f.name, lc.line, lc.column));
            }
            None => hints.push(n.message.clone()),
        }
    }
    JsonDiagnostic {
        file,
        line: pos.map(|p| p.0.line),
        column: pos.map(|p| p.0.column),
        end_line: pos.map(|p| p.1.line),
        end_column: pos.map(|p| p.1.column),
        severity: d.severity,
        code: d.code,
        message: &d.message,
        hints,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rendering_survives_long_lines_and_odd_spans() {
        use crate::source::{FileId, SourceFile, SrcSpan};
        let long = format!("(game \"X\" {} (bad))\n", "(a) ".repeat(2000));
        let sources = SourceMap::new(SourceFile::new("t.lud", long.clone()));
        let at = long.find("(bad)").unwrap();
        for (s, e) in [(at, at + 5), (at, at), (0, long.len()), (long.len(), long.len())] {
            let d = Diagnostic::error("x", "m").at(SrcSpan::new(FileId::MAIN, s, e));
            let out = render_human(&[d], &sources);
            assert!(out.contains("error[x]"));
        }
        let uni = SourceMap::new(SourceFile::new("u.lud", "é".repeat(500)));
        let d = Diagnostic::error("x", "m").at(SrcSpan::new(FileId::MAIN, 401, 403));
        assert!(render_human(&[d], &uni).contains("error[x]"));
    }

    #[test]
    fn suggestions() {
        assert_eq!(did_you_mean("stpe", ["step", "slide", "hop"]), Some("step"));
        assert_eq!(
            did_you_mean("Orthogonl", ["Orthogonal", "Diagonal"]),
            Some("Orthogonal")
        );
        assert_eq!(did_you_mean("xyzzy", ["step", "slide"]), None);
        assert_eq!(edit_distance("ab", "ba"), 1);
    }
}
