//! The language server's diagnostics: expand and check at the user's text, with the
//! related locations inside defines and option values, and a note when the engine cannot run
//! a valid description.

use super::text::{library_file, range};
use crate::check::check_source;
use crate::diag::{Diagnostic, Severity};
use crate::engine::Game;
use crate::expand::library::Library;
use crate::expand::Selections;
use crate::load::LoadError;
use lsp_types as lsp;

/// The diagnostics of a text: expand and check, then whether the engine runs it.
pub(super) fn diagnostics(uri: &lsp::Uri, text: &str) -> Vec<lsp::Diagnostic> {
    let name = uri.path().as_str().rsplit('/').next().unwrap_or("game.lud").to_string();
    let checked = match check_source(&name, text, &Selections::default()) {
        Ok(c) => c,
        Err(e) => {
            return vec![lsp::Diagnostic {
                range: range(text, 0, 0),
                severity: Some(lsp::DiagnosticSeverity::ERROR),
                message: e.to_string(),
                source: Some("ludeme".into()),
                ..Default::default()
            }]
        }
    };
    let std = Library::standard();
    // a span in the user's text, or in a standard define file
    let location = |span: &crate::source::SrcSpan| -> Option<lsp::Location> {
        let file = checked.sources.get(span.file);
        if span.file == crate::source::FileId::MAIN {
            return Some(lsp::Location {
                uri: uri.clone(),
                range: range(text, span.start as usize, span.end as usize),
            });
        }
        let path = (0..std.len())
            .map(|i| std.file(i))
            .find(|(p, _)| file.name.ends_with(*p))?;
        Some(lsp::Location {
            uri: library_file(path.0, path.1)?,
            range: range(&file.text, span.start as usize, span.end as usize),
        })
    };
    let mut out: Vec<lsp::Diagnostic> = checked
        .diagnostics
        .iter()
        .map(|d: &Diagnostic| {
            let spans = d.span.iter().chain(d.notes.iter().filter_map(|n| n.span.as_ref()));
            let here = spans
                .filter(|s| s.file == crate::source::FileId::MAIN)
                .map(|s| range(text, s.start as usize, s.end as usize))
                .next()
                .unwrap_or_else(|| range(text, 0, 0));
            let related: Vec<lsp::DiagnosticRelatedInformation> = d
                .notes
                .iter()
                .filter_map(|n| {
                    Some(lsp::DiagnosticRelatedInformation {
                        location: location(n.span.as_ref()?)?,
                        message: n.message.clone(),
                    })
                })
                .chain(
                    d.span
                        .as_ref()
                        .filter(|s| s.file != crate::source::FileId::MAIN)
                        .and_then(|s| {
                            Some(lsp::DiagnosticRelatedInformation {
                                location: location(s)?,
                                message: "here, in the define".into(),
                            })
                        }),
                )
                .collect();
            let mut message = d.message.clone();
            for h in &d.hints {
                message.push_str(&format!("\nhint: {h}"));
            }
            lsp::Diagnostic {
                range: here,
                severity: Some(match d.severity {
                    Severity::Error => lsp::DiagnosticSeverity::ERROR,
                    Severity::Warning => lsp::DiagnosticSeverity::WARNING,
                }),
                code: Some(lsp::NumberOrString::String(d.code.into())),
                source: Some("ludeme".into()),
                message,
                related_information: (!related.is_empty()).then_some(related),
                ..Default::default()
            }
        })
        .collect();
    if !checked.has_errors() && checked.game.is_some() {
        let why = match Game::from_checked(checked) {
            Err(LoadError::Unsupported { ludeme, .. }) => Some(format!("uses {ludeme}")),
            Err(LoadError::Invalid(_)) | Ok(_) => None,
            Err(e) => Some(e.to_string()),
        };
        if let Some(why) = why {
            let start = text.find("(game").unwrap_or(0);
            out.push(lsp::Diagnostic {
                range: range(text, start, start + 5),
                severity: Some(lsp::DiagnosticSeverity::INFORMATION),
                source: Some("ludeme".into()),
                message: format!("valid, but the engine cannot run it yet: it {why}"),
                ..Default::default()
            });
        }
    }
    out
}
