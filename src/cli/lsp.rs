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
use crate::expand::options::{parse_category, Category};
use crate::expand::text::Text;
use crate::expand::Selections;
use crate::load::LoadError;
use crate::syntax::format::{form_end, tokens, TokenClass};
use lsp_server::{Connection, Message, Notification, Request, RequestId, Response};
use lsp_types as lsp;
use lsp_types::notification::Notification as _;
use lsp_types::request::Request as _;
use serde_json::Value;
use std::collections::HashMap;
use std::process::ExitCode;
use std::str::FromStr;
use std::time::{Duration, Instant};

#[derive(clap::Args, Debug)]
pub struct LspArgs {}

/// How long the text must rest before it is checked again, unless the client says otherwise
/// (`initializationOptions.debounceMs`): changes typed together are checked once.
const DEBOUNCE: Duration = Duration::from_millis(200);

pub fn run(_args: &LspArgs) -> ExitCode {
    let (connection, io) = Connection::stdio();
    let capabilities = lsp::ServerCapabilities {
        text_document_sync: Some(lsp::TextDocumentSyncCapability::Kind(lsp::TextDocumentSyncKind::FULL)),
        hover_provider: Some(lsp::HoverProviderCapability::Simple(true)),
        completion_provider: Some(lsp::CompletionOptions {
            trigger_characters: Some(vec!["(".into(), " ".into(), "\"".into(), "<".into()]),
            ..Default::default()
        }),
        definition_provider: Some(lsp::OneOf::Left(true)),
        document_symbol_provider: Some(lsp::OneOf::Left(true)),
        document_formatting_provider: Some(lsp::OneOf::Left(true)),
        semantic_tokens_provider: Some(lsp::SemanticTokensServerCapabilities::SemanticTokensOptions(
            lsp::SemanticTokensOptions {
                legend: lsp::SemanticTokensLegend {
                    token_types: TOKEN_TYPES.to_vec(),
                    token_modifiers: TOKEN_MODIFIERS.to_vec(),
                },
                full: Some(lsp::SemanticTokensFullOptions::Bool(true)),
                range: None,
                ..Default::default()
            },
        )),
        ..Default::default()
    };
    let caps = serde_json::to_value(capabilities).unwrap_or(Value::Null);
    let init = match connection.initialize(caps) {
        Ok(init) => init,
        Err(e) => {
            eprintln!("error: the client did not start the session: {e}");
            return ExitCode::FAILURE;
        }
    };
    let debounce = init["initializationOptions"]["debounceMs"]
        .as_u64()
        .map_or(DEBOUNCE, |ms| Duration::from_millis(ms.min(10_000)));
    let mut server = Server::default();
    loop {
        let msg = match server.pending.values().min() {
            Some(due) => match connection
                .receiver
                .recv_timeout(due.saturating_duration_since(Instant::now()))
            {
                Ok(m) => Some(m),
                Err(e) if e.is_timeout() => None,
                Err(_) => break,
            },
            None => match connection.receiver.recv() {
                Ok(m) => Some(m),
                Err(_) => break,
            },
        };
        match msg {
            Some(Message::Request(req)) => {
                if connection.handle_shutdown(&req).unwrap_or(true) {
                    break;
                }
                let resp = server.request(req);
                let _ = connection.sender.send(Message::Response(resp));
            }
            Some(Message::Notification(n)) => server.notification(n, debounce),
            Some(Message::Response(_)) | None => {}
        }
        // what has rested long enough is checked, once the messages waiting are read
        if connection.receiver.is_empty() {
            for out in server.due(Instant::now()) {
                let _ = connection.sender.send(Message::Notification(out));
            }
        }
    }
    drop(connection);
    let _ = io.join();
    ExitCode::SUCCESS
}

/// An open document: its text and the client's version of it.
struct Doc {
    text: String,
    version: i32,
}

/// The open documents, by URI, and when each changed one is due to be checked.
#[derive(Default)]
struct Server {
    docs: HashMap<String, Doc>,
    pending: HashMap<String, Instant>,
}

impl Server {
    fn notification(&mut self, n: Notification, debounce: Duration) {
        let uri = match n.method.as_str() {
            lsp::notification::DidOpenTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<lsp::DidOpenTextDocumentParams>(n.params) else {
                    return;
                };
                let uri = p.text_document.uri.to_string();
                let doc = Doc {
                    text: p.text_document.text,
                    version: p.text_document.version,
                };
                self.docs.insert(uri.clone(), doc);
                // (a file just opened is checked at once)
                self.pending.insert(uri, Instant::now());
                return;
            }
            lsp::notification::DidChangeTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<lsp::DidChangeTextDocumentParams>(n.params) else {
                    return;
                };
                let uri = p.text_document.uri.to_string();
                // (full sync: the last change is the whole text)
                if let Some(c) = p.content_changes.into_iter().last() {
                    let doc = Doc {
                        text: c.text,
                        version: p.text_document.version,
                    };
                    self.docs.insert(uri.clone(), doc);
                }
                uri
            }
            lsp::notification::DidCloseTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<lsp::DidCloseTextDocumentParams>(n.params) {
                    self.docs.remove(p.text_document.uri.as_str());
                    self.pending.remove(p.text_document.uri.as_str());
                }
                return;
            }
            _ => return,
        };
        self.pending.insert(uri, Instant::now() + debounce);
    }

    /// The diagnostics of the documents due to be checked by `now`.
    fn due(&mut self, now: Instant) -> Vec<Notification> {
        let due: Vec<String> = self
            .pending
            .iter()
            .filter(|(_, t)| **t <= now)
            .map(|(u, _)| u.clone())
            .collect();
        let mut out = Vec::new();
        for uri in due {
            self.pending.remove(&uri);
            let (Some(doc), Ok(u)) = (self.docs.get(&uri), lsp::Uri::from_str(&uri)) else {
                continue;
            };
            let params = lsp::PublishDiagnosticsParams {
                uri: u.clone(),
                diagnostics: diagnostics(&u, &doc.text),
                version: Some(doc.version),
            };
            out.push(Notification::new(
                lsp::notification::PublishDiagnostics::METHOD.into(),
                params,
            ));
        }
        out
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
                    Ok(p) => match self.text(p.text_document.uri.as_str()) {
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
                    Ok(p) => match self.text(p.text_document.uri.as_str()) {
                        Some(text) => serde_json::to_value(symbols(text)).unwrap_or(Value::Null),
                        None => Value::Null,
                    },
                    Err(_) => Value::Null,
                }
            }
            lsp::request::SemanticTokensFullRequest::METHOD => {
                match serde_json::from_value::<lsp::SemanticTokensParams>(req.params) {
                    Ok(p) => match self.text(p.text_document.uri.as_str()) {
                        Some(text) => serde_json::to_value(lsp::SemanticTokens {
                            result_id: None,
                            data: semantic_tokens(text),
                        })
                        .unwrap_or(Value::Null),
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

    fn text(&self, uri: &str) -> Option<&str> {
        self.docs.get(uri).map(|d| d.text.as_str())
    }

    /// Answers a request about a position in a document (hover, completion, definition):
    /// `f` gets the text and the byte offset.
    fn at<T: serde::Serialize>(&self, params: Value, f: impl FnOnce(&str, usize) -> Option<T>) -> Value {
        let Ok(p) = serde_json::from_value::<lsp::TextDocumentPositionParams>(params) else {
            return Value::Null;
        };
        let Some(text) = self.text(p.text_document.uri.as_str()) else {
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

/// Hover: an option's items (on a use of its value, its name or an item's name), a ruleset,
/// a define's text, else the reference of the ludeme under the cursor (the keyword,
/// or the keyword and its kind: `is Line`).
fn hover(text: &str, at: usize) -> Option<String> {
    if let Some((s, e, TokenClass::Angle | TokenClass::String)) = token_at(text, at) {
        if let Some((md, _, _)) = option_target(text, &text[s..e]) {
            return Some(md);
        }
    }
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

/// Completion at byte `at`: define names inside `("`; option and ruleset names inside the
/// lists of `ruleset` and `useFor`; option values after `<`; after `(`, the keywords (those
/// that fit a `name:` parameter when the form is its value); inside a form, its keyword's
/// kinds (second place) and its forms' `name:` parameters.
fn completion(text: &str, at: usize) -> lsp::CompletionResponse {
    let at = at.min(text.len());
    let item = |label: String, kind: lsp::CompletionItemKind, detail: Option<String>| lsp::CompletionItem {
        label,
        kind: Some(kind),
        detail,
        ..Default::default()
    };
    let before = &text[..at];
    // inside a string
    if let Some(q) = before
        .rfind('"')
        .filter(|&q| before[..q].matches('"').count().is_multiple_of(2))
    {
        let prefix = &before[q + 1..];
        if before[..q].trim_end().ends_with('(') {
            // right after `(`: define names
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
        let forms = open_forms(text, q);
        let n = forms.len();
        let in_list = (n >= 2 && forms[n - 1].bracket == "{" && ["ruleset", "useFor"].contains(&forms[n - 2].keyword))
            || (n >= 1 && forms[n - 1].keyword == "useFor");
        if in_list {
            let mut items: Vec<lsp::CompletionItem> = Vec::new();
            for (c, _, _) in options_in(text) {
                for it in &c.items {
                    let name = c.option_string(it);
                    if name.starts_with(prefix) {
                        items.push(item(
                            name,
                            lsp::CompletionItemKind::ENUM_MEMBER,
                            Some(it.description.clone()),
                        ));
                    }
                }
            }
            for (r, _, _) in rulesets_in(text) {
                if r.starts_with(prefix) {
                    items.push(item(
                        r.to_string(),
                        lsp::CompletionItemKind::MODULE,
                        Some("ruleset".into()),
                    ));
                }
            }
            return lsp::CompletionResponse::Array(items);
        }
        return lsp::CompletionResponse::Array(Vec::new());
    }
    let (ws, _) = word_at(text, at);
    let prefix = &text[ws..at];
    // an option's value
    if prefix.starts_with('<') && !text[..ws].ends_with('(') {
        let items = options_in(text)
            .iter()
            .flat_map(|(c, _, _)| option_uses(c).into_iter().map(move |u| (u, c.heading.clone())))
            .filter(|(u, _)| u.starts_with(prefix))
            .map(|(u, h)| item(u, lsp::CompletionItemKind::VALUE, Some(format!("option \"{h}\""))))
            .collect();
        return lsp::CompletionResponse::Array(items);
    }
    let reg = crate::registry::Registry::global();
    let forms = open_forms(text, ws);
    if text[..ws].ends_with('(') {
        // a keyword: one that fits the parameter this form is the value of, when known
        let fits: Vec<crate::registry::SymId> = match forms.len() {
            n if n >= 2 => {
                let (outer, this) = (&forms[n - 2], &forms[n - 1]);
                this.label
                    .map(|l| {
                        super::doc::forms_of(outer.keyword, outer.kind)
                            .iter()
                            .flat_map(|f| f.params.iter())
                            .filter(|p| p.name.as_deref() == Some(l))
                            .filter_map(|p| match &p.ty {
                                crate::registry::ParamType::Sym(t) => Some(*t),
                                _ => None,
                            })
                            .collect()
                    })
                    .unwrap_or_default()
            }
            _ => Vec::new(),
        };
        let fitting = |k: &str| {
            fits.is_empty()
                || reg
                    .with_keyword(k)
                    .iter()
                    .any(|&s| fits.iter().any(|&t| reg.accepts(t, s)))
        };
        let mut words: Vec<&str> = reg.keywords().filter(|k| k.starts_with(prefix)).collect();
        if words.iter().any(|k| fitting(k)) {
            words.retain(|k| fitting(k));
        }
        words.sort();
        words.dedup();
        let items = words
            .into_iter()
            .map(|k| item(k.to_string(), lsp::CompletionItemKind::FUNCTION, None))
            .collect();
        return lsp::CompletionResponse::Array(items);
    }
    // inside a form: its keyword's kinds in second place, its forms' `name:` parameters
    let Some(form) = forms.last().filter(|f| !f.keyword.is_empty()) else {
        return lsp::CompletionResponse::Array(Vec::new());
    };
    let mut items: Vec<lsp::CompletionItem> = Vec::new();
    if form.parts == 1 {
        items.extend(
            super::doc::kinds_of(form.keyword)
                .into_iter()
                .filter(|k| k.starts_with(prefix))
                .map(|k| item(k, lsp::CompletionItemKind::ENUM_MEMBER, None)),
        );
    }
    let mut labels: Vec<String> = super::doc::forms_of(form.keyword, form.kind)
        .iter()
        .flat_map(|f| f.params.iter())
        .filter_map(|p| p.name.as_ref().map(|n| format!("{n}:")))
        .filter(|l| l.starts_with(prefix))
        .collect();
    labels.sort();
    labels.dedup();
    items.extend(labels.into_iter().map(|l| {
        item(
            l,
            lsp::CompletionItemKind::PROPERTY,
            Some(format!("a parameter of {}", form.keyword)),
        )
    }));
    lsp::CompletionResponse::Array(items)
}

/// Go to definition: of an option's value or an option's or ruleset's name (its declaration),
/// of a define (the file's own, else the standard one).
fn definition(uri: &lsp::Uri, text: &str, at: usize) -> Option<lsp::GotoDefinitionResponse> {
    if let Some((s, e, TokenClass::Angle | TokenClass::String)) = token_at(text, at) {
        if let Some((_, ds, de)) = option_target(text, &text[s..e]) {
            return Some(lsp::GotoDefinitionResponse::Scalar(lsp::Location {
                uri: uri.clone(),
                range: range(text, ds, de),
            }));
        }
    }
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

/// A form open at some place of the text: its bracket, keyword, kind (its second word when
/// capitalised), how many parts it has so far, and the label it is the value of (`to:(..`).
#[derive(Debug)]
struct OpenForm<'a> {
    bracket: &'a str,
    keyword: &'a str,
    kind: Option<&'a str>,
    parts: usize,
    label: Option<&'a str>,
}

/// The forms open at byte `at` (outermost first), read from the tokens before it.
fn open_forms(text: &str, at: usize) -> Vec<OpenForm<'_>> {
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
fn token_at(text: &str, at: usize) -> Option<(usize, usize, TokenClass)> {
    tokens(text).into_iter().find(|&(s, e, _)| s <= at && at <= e)
}

/// The options of a text (each `(option "Heading" <Tag> args:{..} {..})` form, read as
/// expansion reads it, even in half-written text) with where each starts and ends.
fn options_in(text: &str) -> Vec<(Category, usize, usize)> {
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
fn extent(t: &Text) -> (usize, usize) {
    let start = t.o.first().map_or(0, |l| l.pos as usize);
    (start, t.o.last().map_or(start, |l| l.pos as usize + 1))
}

/// The uses of an option's value: `<Tag>` when it has one argument, else `<Tag:arg>` each.
fn option_uses(c: &Category) -> Vec<String> {
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

/// The rulesets of a text: (heading, start, end) of each `(ruleset "Heading" ..)` form.
fn rulesets_in(text: &str) -> Vec<(&str, usize, usize)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(i) = text[from..].find("(ruleset \"") {
        let start = from + i;
        let name_start = start + 10;
        let Some(len) = text[name_start..].find('"') else { break };
        out.push((&text[name_start..name_start + len], start, form_end(text, start)));
        from = name_start;
    }
    out
}

/// What an option's value (`<Tag:arg>`) or an option's or ruleset's name (`"Heading/Item"`)
/// at a token refers to: its description in Markdown, and where it is declared.
fn option_target(text: &str, token: &str) -> Option<(String, usize, usize)> {
    let options = options_in(text);
    if let Some(inner) = token.strip_prefix('<').and_then(|t| t.strip_suffix('>')) {
        let tag = inner.split(':').next().unwrap_or(inner);
        let (c, s, e) = options.iter().find(|(c, _, _)| c.tag == tag)?;
        return Some((describe_option(c), *s, *e));
    }
    let name = token.strip_prefix('"')?.strip_suffix('"')?;
    for (c, s, e) in &options {
        if c.heading == name {
            return Some((describe_option(c), *s, *e));
        }
        if let Some(item) = c.items.iter().find(|i| c.option_string(i) == name) {
            let (is, ie) = extent(&item.at);
            let values: Vec<String> = item
                .values
                .iter()
                .map(|(a, v)| format!("`{a}` = `{}`", v.to_string_lossy()))
                .collect();
            let md = format!("option **{name}**: {}\n\n{}", item.description, values.join(", "));
            return Some((md, is, ie));
        }
    }
    let (r, s, e) = rulesets_in(text).into_iter().find(|r| r.0 == name)?;
    Some((format!("ruleset **{r}**\n\n```\n{}\n```", &text[s..e]), s, e))
}

/// An option in Markdown: its heading, uses and items (the default one marked).
fn describe_option(c: &Category) -> String {
    let default = c
        .items
        .iter()
        .enumerate()
        .max_by_key(|(i, it)| (it.priority, usize::MAX - i))
        .map(|(i, _)| i);
    let mut md = format!("option **{}** ({})\n", c.heading, option_uses(c).join(", "));
    for (i, it) in c.items.iter().enumerate() {
        let values: Vec<String> = it.values.iter().map(|(_, v)| v.to_string_lossy()).collect();
        let mark = if Some(i) == default { " (default)" } else { "" };
        md.push_str(&format!(
            "\n- `{}`{mark}: `{}` {}",
            it.name,
            values.join(" "),
            it.description
        ));
    }
    md
}

/// The semantic token types, in the legend's order (the indexes [`semantic_tokens`] uses).
const TOKEN_TYPES: [lsp::SemanticTokenType; 8] = [
    lsp::SemanticTokenType::FUNCTION,       // a ludeme's keyword
    lsp::SemanticTokenType::ENUM_MEMBER,    // a kind or constant: `Add`, `Orthogonal`, `P1`
    lsp::SemanticTokenType::PARAMETER,      // `name:`, a define's `#1`
    lsp::SemanticTokenType::STRING,         // a string
    lsp::SemanticTokenType::COMMENT,        // `// ..`
    lsp::SemanticTokenType::NUMBER,         // `3`, `-1`, `0.5`
    lsp::SemanticTokenType::MACRO,          // a define's name: `("StepToEmpty")`
    lsp::SemanticTokenType::TYPE_PARAMETER, // an option value: `<Board:size>`
];

/// The modifiers: a define's declaration, a standard define's use.
const TOKEN_MODIFIERS: [lsp::SemanticTokenModifier; 2] = [
    lsp::SemanticTokenModifier::DECLARATION,
    lsp::SemanticTokenModifier::DEFAULT_LIBRARY,
];

/// The semantic tokens of a text, encoded as LSP wants them (five numbers a token: line and
/// UTF-16 start relative to the token before, length, type, modifiers). A token over several
/// lines is given its first line.
fn semantic_tokens(text: &str) -> Vec<lsp::SemanticToken> {
    let toks = tokens(text);
    let std = Library::standard();
    let mut out = Vec::new();
    // where the last token started: line, byte of that line's start, byte, UTF-16 column
    let (mut line, mut at, mut col) = (0u32, 0usize, 0u32);
    let (mut prev_line, mut prev_col) = (0u32, 0u32);
    for (i, &(start, end, class)) in toks.iter().enumerate() {
        let after_open = i > 0 && toks[i - 1].2 == TokenClass::Open && text[toks[i - 1].0..].starts_with('(');
        let word = &text[start..end];
        let kind: Option<(u32, u32)> = match class {
            TokenClass::Open | TokenClass::Close => None,
            TokenClass::Word if after_open => Some((0, 0)),
            TokenClass::Word if word.starts_with('#') => Some((2, 0)),
            TokenClass::Word if word.parse::<f64>().is_ok() => Some((5, 0)),
            TokenClass::Word if word.starts_with(|c: char| c.is_ascii_uppercase()) => Some((1, 0)),
            TokenClass::Word => None,
            TokenClass::Label => Some((2, 0)),
            TokenClass::String if after_open => {
                let name = word.trim_matches('"');
                Some((6, if std.get(name).is_some() { 2 } else { 0 }))
            }
            TokenClass::String
                if i >= 2 && toks[i - 1].2 == TokenClass::Word && &text[toks[i - 1].0..toks[i - 1].1] == "define" =>
            {
                Some((6, 1))
            }
            TokenClass::String => Some((3, 0)),
            TokenClass::Comment => Some((4, 0)),
            TokenClass::Angle => Some((7, 0)),
        };
        let Some((ty, modifiers)) = kind else { continue };
        // move to the token's start
        for c in text[at..start].chars() {
            if c == '\n' {
                line += 1;
                col = 0;
            } else {
                col += c.len_utf16() as u32;
            }
        }
        at = start;
        let first_line = text[start..end].split('\n').next().unwrap_or("");
        let length = first_line.encode_utf16().count() as u32;
        out.push(lsp::SemanticToken {
            delta_line: line - prev_line,
            delta_start: if line == prev_line { col - prev_col } else { col },
            length,
            token_type: ty,
            token_modifiers_bitset: modifiers,
        });
        prev_line = line;
        prev_col = col;
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
