//! The whole front end for one file: expand, parse, check; diagnostics in source terms.

use super::{check_strings, Checker, Problem};
use crate::diag::{Diagnostic, Severity};
use crate::expand::{expand, Expansion, Limits, SelectionError, Selections};
use crate::registry::{ParamType, Registry};
use crate::source::{SourceFile, SourceMap, SrcSpan};
use crate::syntax::{parse_first_form, Node, ParseError};

/// The outcome of checking one description.
#[derive(Debug)]
pub struct Checked {
    pub sources: SourceMap,
    pub expansion: Expansion,
    /// The game's syntax tree, when it parsed.
    pub game: Option<Node>,
    /// The metadata's syntax tree, when there is metadata and it parsed.
    pub metadata: Option<Node>,
    pub diagnostics: Vec<Diagnostic>,
}

impl Checked {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(Diagnostic::is_error)
    }
}

/// Check a description given as text.
pub fn check_source(name: &str, text: &str, selections: &Selections) -> Result<Checked, SelectionError> {
    let mut sources = SourceMap::new(SourceFile::new(name, text));
    let expansion = expand(&mut sources, selections, &Limits::default())?;
    let mut checked = Checked {
        sources,
        diagnostics: expansion.diagnostics.clone(),
        expansion,
        game: None,
        metadata: None,
    };
    if checked.has_errors() {
        return Ok(checked);
    }
    let reg = Registry::global();
    let game_text = checked.expansion.game.clone();
    match parse_first_form(&game_text) {
        Err(e) => {
            let d = parse_diagnostic(&checked, &e, false);
            checked.diagnostics.push(d);
            return Ok(checked);
        }
        Ok(node) => {
            let mut ck = Checker::new(reg);
            let mut problems = Vec::new();
            ck.check_tokens(&node, &mut problems);
            if !problems.iter().any(|p| !p.warning) {
                problems.extend(check_strings(&game_text));
            }
            if !problems.iter().any(|p| !p.warning) {
                let root = reg.id("game").expect("the registry declares <game>");
                let ty = ParamType::Sym(root);
                if !ck.matches(&node, &ty) {
                    problems.push(ck.explain(&node, &ty));
                }
            }
            for p in problems {
                let mut d = problem_diagnostic(&checked, p, false);
                if d.code == "unknown-define" {
                    suggest_define(&mut d, text);
                }
                checked.diagnostics.push(d);
            }
            checked.game = Some(node);
        }
    }
    if checked.has_errors() || checked.expansion.metadata.trim().is_empty() {
        return Ok(checked);
    }
    let meta_text = checked.expansion.metadata.clone();
    match parse_first_form(&meta_text) {
        Err(e) => {
            let d = parse_diagnostic(&checked, &e, true);
            checked.diagnostics.push(d);
        }
        Ok(node) => {
            if let Some(root) = reg.id("metadata") {
                let problems = Checker::new(reg).check_root(&node, root);
                for p in problems {
                    let d = problem_diagnostic(&checked, p, true);
                    checked.diagnostics.push(d);
                }
            }
            checked.metadata = Some(node);
        }
    }
    Ok(checked)
}

/// An unknown define's "did you mean": the nearest name among the file's defines and the
/// standard ones.
fn suggest_define(d: &mut Diagnostic, text: &str) {
    let Some(name) = d.message.split('"').nth(1) else {
        return;
    };
    let mut names: Vec<&str> = text
        .match_indices("(define")
        .filter_map(|(i, _)| text[i + 7..].trim_start().strip_prefix('"')?.split('"').next())
        .collect();
    let std = crate::expand::library::Library::standard();
    names.extend(std.defines().iter().map(|x| x.name.as_str()));
    if let Some(s) = crate::diag::did_you_mean(name, names) {
        d.hints.insert(0, format!("did you mean \"{s}\"?"));
    }
}

fn parse_diagnostic(checked: &Checked, e: &ParseError, metadata: bool) -> Diagnostic {
    let code = match e {
        ParseError::Empty => "no-game",
        ParseError::Unclosed { .. } => "unclosed-bracket",
        ParseError::TooDeep { .. } => "too-deep",
        ParseError::Syntax { .. } => "syntax",
    };
    let mut d = Diagnostic::error(code, e.to_string());
    if let Some(r) = e.span() {
        let (span, notes) = checked.expansion.source_span(r, metadata);
        d = d.at_opt(span);
        d.notes.extend(notes);
    }
    d
}

fn problem_diagnostic(checked: &Checked, p: Problem, metadata: bool) -> Diagnostic {
    let (mut span, notes) = checked.expansion.source_span(p.span.clone(), metadata);
    if let (Some(gap), Some(at)) = (&p.gap, span) {
        span = Some(point_in_gap(checked, gap, at, metadata));
    }
    let mut d = Diagnostic::error(p.code, p.message).at_opt(span);
    if p.warning {
        d.severity = Severity::Warning;
    }
    d.label = p.label;
    d.notes.extend(notes);
    d.hints = p.hints;
    d
}

/// For a missing argument: an empty line between the neighbouring arguments in the source
/// (where something was written before, or belongs), else the given place.
fn point_in_gap(checked: &Checked, gap: &std::ops::Range<usize>, at: SrcSpan, metadata: bool) -> SrcSpan {
    let (a, _) = checked.expansion.source_span(gap.start..gap.start + 1, metadata);
    let (b, _) = checked.expansion.source_span(gap.end..gap.end + 1, metadata);
    let (Some(a), Some(b)) = (a, b) else { return at };
    // from the end of the argument before to the start of the one after (or the `)`)
    if a.file != at.file || b.file != at.file || b.start <= a.end {
        return at;
    }
    let text = &checked.sources.get(at.file).text;
    let (lo, hi) = (a.end as usize, (b.start as usize).min(text.len()));
    let mut line_start = text[..lo].rfind('\n').map(|i| i + 1).unwrap_or(0);
    while line_start < hi {
        let line_end = text[line_start..]
            .find('\n')
            .map(|i| line_start + i)
            .unwrap_or(text.len());
        if line_start >= lo && line_end < hi && text[line_start..line_end].trim().is_empty() {
            return SrcSpan::new(at.file, line_end, line_end);
        }
        line_start = line_end + 1;
    }
    at
}
