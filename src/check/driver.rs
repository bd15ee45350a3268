//! The whole front end for one file: expand, parse, check; diagnostics in source terms.

use super::{check_strings, Checker, Problem};
use crate::diag::{Diagnostic, Severity};
use crate::expand::{expand, Expansion, Limits, SelectionError, Selections};
use crate::registry::{ParamType, Registry};
use crate::source::{SourceFile, SourceMap};
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
                let d = problem_diagnostic(&checked, p, false);
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
    let (span, notes) = checked.expansion.source_span(p.span.clone(), metadata);
    let mut d = Diagnostic::error(p.code, p.message).at_opt(span);
    if p.warning {
        d.severity = Severity::Warning;
    }
    d.label = p.label;
    d.notes.extend(notes);
    d.hints = p.hints;
    d
}
