//! `ludeme lsp`: a language server for `.lud` descriptions over stdio. The transport and
//! message loop are rust-analyzer's `lsp-server` crate (JSON-RPC over stdio), the protocol's
//! types `lsp-types`. What it offers comes from the rest of `ludeme`:
//!
//! - diagnostics as the text changes: expand and check, at the user's text (a problem inside
//!   a define or an option's value is shown where it is used, with the define's own lines as
//!   related locations); a valid file the engine cannot run yet gets a note saying why;
//! - hover on a ludeme (its forms, parameters and doc, as `ludeme doc` gives them) and on a
//!   define (its text, with a standard define's comment);
//! - completion of ludeme keywords after `(`, of a keyword's kinds after `(move ` and the
//!   like, and of define names (the file's and the standard ones) after `("`;
//! - go to definition of a define: the file's own, or the standard one, written out as a
//!   read-only file under the system's temporary folder;
//! - document symbols: the game, its options, rulesets, defines and metadata;
//! - formatting, as `ludeme fmt` does it (`syntax::format`).
//!
//! Half-written text is the normal case: nothing here panics on any text (every scan is
//! bounded by the text and tolerant of unbalanced brackets), and checking is bounded as
//! `check` is.

use crate::check::check_source;
use crate::diag::{Diagnostic, Severity};
use crate::engine::Game;
use crate::expand::library::Library;
use crate::expand::Selections;
use crate::load::LoadError;
use crate::syntax::format::form_end;
use lsp_server::{Connection, Message, Notification, Request, RequestId, Response};
use lsp_types as lsp;
use lsp_types::notification::Notification as _;
use lsp_types::request::Request as _;
use serde_json::Value;
use std::collections::HashMap;
use std::process::ExitCode;
use std::str::FromStr;

#[derive(clap::Args, Debug)]
pub struct LspArgs {}

pub fn run(_args: &LspArgs) -> ExitCode {
    let (connection, io) = Connection::stdio();
    let capabilities = lsp::ServerCapabilities {
        text_document_sync: Some(lsp::TextDocumentSyncCapability::Kind(lsp::TextDocumentSyncKind::FULL)),
        hover_provider: Some(lsp::HoverProviderCapability::Simple(true)),
        completion_provider: Some(lsp::CompletionOptions {
            trigger_characters: Some(vec!["(".into(), " ".into(), "\"".into()]),
            ..Default::default()
        }),
        definition_provider: Some(lsp::OneOf::Left(true)),
        document_symbol_provider: Some(lsp::OneOf::Left(true)),
        document_formatting_provider: Some(lsp::OneOf::Left(true)),
        ..Default::default()
    };
    let caps = serde_json::to_value(capabilities).unwrap_or(Value::Null);
    if let Err(e) = connection.initialize(caps) {
        eprintln!("error: the client did not start the session: {e}");
        return ExitCode::FAILURE;
    }
    let mut server = Server::default();
    for msg in &connection.receiver {
        match msg {
            Message::Request(req) => {
                if connection.handle_shutdown(&req).unwrap_or(true) {
                    break;
                }
                let resp = server.request(req);
                let _ = connection.sender.send(Message::Response(resp));
            }
            Message::Notification(n) => {
                for out in server.notification(n) {
                    let _ = connection.sender.send(Message::Notification(out));
                }
            }
            Message::Response(_) => {}
        }
    }
    drop(connection);
    let _ = io.join();
    ExitCode::SUCCESS
}

/// The open documents, by URI.
#[derive(Default)]
struct Server {
    docs: HashMap<String, String>,
}

impl Server {
    fn notification(&mut self, n: Notification) -> Vec<Notification> {
        let uri = match n.method.as_str() {
            lsp::notification::DidOpenTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<lsp::DidOpenTextDocumentParams>(n.params) else {
                    return Vec::new();
                };
                let uri = p.text_document.uri.to_string();
                self.docs.insert(uri.clone(), p.text_document.text);
                uri
            }
            lsp::notification::DidChangeTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<lsp::DidChangeTextDocumentParams>(n.params) else {
                    return Vec::new();
                };
                let uri = p.text_document.uri.to_string();
                // (full sync: the last change is the whole text)
                if let Some(c) = p.content_changes.into_iter().last() {
                    self.docs.insert(uri.clone(), c.text);
                }
                uri
            }
            lsp::notification::DidCloseTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<lsp::DidCloseTextDocumentParams>(n.params) {
                    self.docs.remove(p.text_document.uri.as_str());
                }
                return Vec::new();
            }
            _ => return Vec::new(),
        };
        let Some(text) = self.docs.get(&uri) else {
            return Vec::new();
        };
        let Ok(u) = lsp::Uri::from_str(&uri) else {
            return Vec::new();
        };
        let params = lsp::PublishDiagnosticsParams {
            uri: u.clone(),
            diagnostics: diagnostics(&u, text),
            version: None,
        };
        vec![Notification::new(
            lsp::notification::PublishDiagnostics::METHOD.into(),
            params,
        )]
    }

    fn request(&self, req: Request) -> Response {
        let id: RequestId = req.id.clone();
        let result = match req.method.as_str() {
            lsp::request::HoverRequest::METHOD => self.at(req.params, |text, at| {
                hover(text, at).map(|md| lsp::Hover {
                    contents: lsp::HoverContents::Markup(lsp::MarkupContent {
                        kind: lsp::MarkupKind::Markdown,
                        value: md,
                    }),
                    range: None,
                })
            }),
            lsp::request::Completion::METHOD => self.at(req.params, |text, at| Some(completion(text, at))),
            lsp::request::GotoDefinition::METHOD => {
                let uri = req.params["textDocument"]["uri"]
                    .as_str()
                    .and_then(|u| lsp::Uri::from_str(u).ok());
                match uri {
                    Some(uri) => self.at(req.params, |text, at| definition(&uri, text, at)),
                    None => Value::Null,
                }
            }
            lsp::request::Formatting::METHOD => {
                match serde_json::from_value::<lsp::DocumentFormattingParams>(req.params) {
                    Ok(p) => match self.docs.get(p.text_document.uri.as_str()) {
                        Some(text) => {
                            let edit = lsp::TextEdit {
                                range: range(text, 0, text.len()),
                                new_text: crate::syntax::format::format(text),
                            };
                            serde_json::to_value(vec![edit]).unwrap_or(Value::Null)
                        }
                        None => Value::Null,
                    },
                    Err(_) => Value::Null,
                }
            }
            lsp::request::DocumentSymbolRequest::METHOD => {
                match serde_json::from_value::<lsp::DocumentSymbolParams>(req.params) {
                    Ok(p) => match self.docs.get(p.text_document.uri.as_str()) {
                        Some(text) => serde_json::to_value(symbols(text)).unwrap_or(Value::Null),
                        None => Value::Null,
                    },
                    Err(_) => Value::Null,
                }
            }
            _ => {
                return Response::new_err(
                    id,
                    lsp_server::ErrorCode::MethodNotFound as i32,
                    format!("no method {}", req.method),
                )
            }
        };
        Response::new_ok(id, result)
    }

    /// Answers a request about a position in a document (hover, completion, definition):
    /// `f` gets the text and the byte offset.
    fn at<T: serde::Serialize>(&self, params: Value, f: impl FnOnce(&str, usize) -> Option<T>) -> Value {
        let Ok(p) = serde_json::from_value::<lsp::TextDocumentPositionParams>(params) else {
            return Value::Null;
        };
        let Some(text) = self.docs.get(p.text_document.uri.as_str()) else {
            return Value::Null;
        };
        let at = offset(text, p.position);
        f(text, at).map_or(Value::Null, |v| serde_json::to_value(v).unwrap_or(Value::Null))
    }
}

/// The byte offset of an LSP position (line, UTF-16 column) in `text`, clamped to it.
fn offset(text: &str, pos: lsp::Position) -> usize {
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
fn position(text: &str, at: usize) -> lsp::Position {
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

fn range(text: &str, start: usize, end: usize) -> lsp::Range {
    lsp::Range {
        start: position(text, start),
        end: position(text, end.max(start)),
    }
}

/// Where a standard define file is written out for go-to-definition (read-only text).
fn library_file(path: &str, text: &str) -> Option<lsp::Uri> {
    let file = std::env::temp_dir().join("ludeme-defines").join(path);
    if std::fs::read_to_string(&file).ok().as_deref() != Some(text) {
        std::fs::create_dir_all(file.parent()?).ok()?;
        std::fs::write(&file, text).ok()?;
    }
    lsp::Uri::from_str(&format!("file://{}", file.display())).ok()
}

/// The diagnostics of a text: expand and check, then whether the engine runs it.
fn diagnostics(uri: &lsp::Uri, text: &str) -> Vec<lsp::Diagnostic> {
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
        let why = match Game::load(&name, text, &Selections::default()) {
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

/// The word around byte `at` (letters, digits, `_`, and an operator's characters), as
/// (start, end).
fn word_at(text: &str, at: usize) -> (usize, usize) {
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
fn define_at(text: &str, at: usize) -> Option<&str> {
    let open = text[..at.min(text.len())].rfind('"')?;
    let close = open + 1 + text[open + 1..].find('"')?;
    if at > close + 1 || !text[..open].trim_end().ends_with('(') {
        return None;
    }
    Some(&text[open + 1..close])
}

/// The `(define "Name" ..)` forms of a text: (name, start of the form, end of the form).
fn defines_in(text: &str) -> Vec<(&str, usize, usize)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = text[from..].find("(define") {
        let start = from + i;
        from = start + 7;
        let rest = &text[from..];
        let Some(q) = rest.find('"') else { break };
        let Some(len) = rest[q + 1..].find('"') else { break };
        let name = &rest[q + 1..q + 1 + len];
        out.push((name, start, form_end(text, start)));
    }
    out
}

/// Hover: a define's text, else the reference of the ludeme under the cursor (the keyword,
/// or the keyword and its kind: `is Line`).
fn hover(text: &str, at: usize) -> Option<String> {
    if let Some(name) = define_at(text, at) {
        if let Some((_, s, e)) = defines_in(text).into_iter().find(|d| d.0 == name) {
            return Some(format!("```\n{}\n```", &text[s..e]));
        }
        let d = Library::standard().get(name)?;
        let (_, file) = Library::standard().file(d.file);
        let comment: Vec<&str> = file
            .lines()
            .take_while(|l| l.trim_start().starts_with("//"))
            .map(|l| l.trim_start().trim_start_matches('/').trim())
            .collect();
        return Some(format!(
            "standard define `\"{name}\"`\n\n{}\n\n```\n{}\n```",
            comment.join("\n"),
            d.body
        ));
    }
    let (s, e) = word_at(text, at);
    if s == e {
        return None;
    }
    let word = &text[s..e];
    let before = text[..s].trim_end();
    let lookup = if before.ends_with('(') {
        // the keyword; with its kind when one follows
        let (ks, ke) = word_at(text, (e + 1).min(text.len()));
        let kind = if ks > e { &text[ks..ke] } else { "" };
        let with_kind = ks > e
            && text[e..ks].trim().is_empty()
            && kind.starts_with(|c: char| c.is_ascii_uppercase())
            && super::doc::lookup(&format!("{word} {kind}")).is_ok();
        if with_kind {
            format!("{word} {kind}")
        } else {
            word.to_string()
        }
    } else {
        // a kind: the keyword before it
        let (ps, pe) = word_at(before, before.len());
        let keyword = &before[ps..pe];
        if before[..ps].trim_end().ends_with('(') && super::doc::lookup(&format!("{keyword} {word}")).is_ok() {
            format!("{keyword} {word}")
        } else {
            word.to_string()
        }
    };
    super::doc::lookup(&lookup).ok()
}

/// Completion at byte `at`: define names inside `("`, a keyword's kinds after `(keyword `,
/// keywords after `(`.
fn completion(text: &str, at: usize) -> lsp::CompletionResponse {
    let at = at.min(text.len());
    let item = |label: String, kind: lsp::CompletionItemKind, detail: Option<String>| lsp::CompletionItem {
        label,
        kind: Some(kind),
        detail,
        ..Default::default()
    };
    let before = &text[..at];
    // inside a string right after `(`: define names
    if let Some(q) = before.rfind('"') {
        if before[..q].trim_end().ends_with('(') && before[..q].matches('"').count().is_multiple_of(2) {
            let prefix = &before[q + 1..];
            let mut names: Vec<String> = defines_in(text).iter().map(|d| d.0.to_string()).collect();
            names.extend(Library::standard().defines().iter().map(|d| d.name.clone()));
            names.sort();
            names.dedup();
            let items = names
                .into_iter()
                .filter(|n| n.starts_with(prefix))
                .map(|n| item(n, lsp::CompletionItemKind::CONSTANT, Some("define".into())))
                .collect();
            return lsp::CompletionResponse::Array(items);
        }
    }
    let (ws, _) = word_at(text, at);
    let prefix = &text[ws..at];
    let head = text[..ws].trim_end();
    if head.ends_with('(') && text[..ws].ends_with('(') {
        let reg = crate::registry::Registry::global();
        let mut words: Vec<&str> = reg.keywords().filter(|k| k.starts_with(prefix)).collect();
        words.sort();
        words.dedup();
        let items = words
            .into_iter()
            .map(|k| item(k.to_string(), lsp::CompletionItemKind::FUNCTION, None))
            .collect();
        return lsp::CompletionResponse::Array(items);
    }
    // after `(keyword `: the keyword's kinds
    let (ks, ke) = word_at(head, head.len());
    if ke > ks && head[..ks].ends_with('(') {
        let items = super::doc::kinds_of(&head[ks..ke])
            .into_iter()
            .filter(|k| k.starts_with(prefix))
            .map(|k| item(k, lsp::CompletionItemKind::ENUM_MEMBER, None))
            .collect();
        return lsp::CompletionResponse::Array(items);
    }
    lsp::CompletionResponse::Array(Vec::new())
}

/// Go to definition: of a define (the file's own, else the standard one).
fn definition(uri: &lsp::Uri, text: &str, at: usize) -> Option<lsp::GotoDefinitionResponse> {
    let name = define_at(text, at)?;
    if let Some((_, s, e)) = defines_in(text).into_iter().find(|d| d.0 == name) {
        return Some(lsp::GotoDefinitionResponse::Scalar(lsp::Location {
            uri: uri.clone(),
            range: range(text, s, e),
        }));
    }
    let std = Library::standard();
    let d = std.get(name)?;
    let (path, file) = std.file(d.file);
    let start = file.find("(define").unwrap_or(0);
    Some(lsp::GotoDefinitionResponse::Scalar(lsp::Location {
        uri: library_file(path, file)?,
        range: range(file, start, form_end(file, start)),
    }))
}

/// The outline: the game, its options, rulesets, defines and metadata (top-level forms).
#[allow(deprecated)]
fn symbols(text: &str) -> Vec<lsp::DocumentSymbol> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(j) = text[i..].find('(') {
        let start = i + j;
        let end = form_end(text, start);
        let head_end = start
            + 1
            + text[start + 1..]
                .find(|c: char| c.is_whitespace() || c == ')')
                .unwrap_or(0);
        let head = &text[start + 1..head_end];
        let name = text[head_end..end]
            .split('"')
            .nth(1)
            .filter(|_| text[head_end..end].trim_start().starts_with('"'))
            .unwrap_or("")
            .to_string();
        let kind = match head {
            "game" | "match" => Some(lsp::SymbolKind::CLASS),
            "option" => Some(lsp::SymbolKind::ENUM),
            "rulesets" => Some(lsp::SymbolKind::NAMESPACE),
            "define" => Some(lsp::SymbolKind::FUNCTION),
            "metadata" => Some(lsp::SymbolKind::STRUCT),
            _ => None,
        };
        if let Some(kind) = kind {
            let r = range(text, start, end);
            out.push(lsp::DocumentSymbol {
                name: if name.is_empty() {
                    head.to_string()
                } else {
                    format!("{head} \"{name}\"")
                },
                detail: None,
                kind,
                tags: None,
                deprecated: None,
                range: r,
                selection_range: range(text, start, head_end),
                children: None,
            });
        }
        // (top-level forms only: on past this one)
        i = end.max(start + 1);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_and_offsets_agree_on_any_text() {
        let text = "(game \"é\"\n  (players 2))\n";
        for at in 0..=text.len() {
            if text.is_char_boundary(at) {
                assert_eq!(offset(text, position(text, at)), at);
            }
        }
        // every prefix of a real description, at many places: no panic
        let game = include_str!("../../games/equi.lud");
        let uri = lsp::Uri::from_str("file:///equi.lud").unwrap();
        for cut in (0..game.len()).step_by(89).filter(|&c| game.is_char_boundary(c)) {
            let t = &game[..cut];
            let _ = symbols(t);
            for at in (0..=cut).step_by(97) {
                let _ = (completion(t, at), hover(t, at), definition(&uri, t, at));
            }
        }
        // positions past the text clamp to it; scans of unbalanced text end
        assert_eq!(offset(text, lsp::Position { line: 9, character: 9 }), text.len());
        for cut in 0..text.len() {
            if text.is_char_boundary(cut) {
                let t = &text[..cut];
                let uri = lsp::Uri::from_str("file:///t.lud").unwrap();
                let _ = (symbols(t), completion(t, cut), hover(t, cut), definition(&uri, t, cut));
            }
        }
    }
}
