//! `ludeme lsp`: a language server for `.lud` descriptions over stdio. The transport and
//! message loop are rust-analyzer's `lsp-server` crate (JSON-RPC over stdio), the protocol's
//! types `lsp-types`. What it offers comes from the rest of `ludeme`:
//!
//! - diagnostics as the text changes (`diagnostics`): expand and check, at the user's text
//!   (a problem inside a define or an option's value is shown where it is used, with the
//!   define's own lines as related locations); a valid file the engine cannot run yet gets
//!   a note saying why. Changes are checked once the text has rested ([`DEBOUNCE`]); requests
//!   are answered at once, from the latest text;
//! - hover, completion, go to definition, the outline, formatting (`syntax::format`) and
//!   semantic tokens (`answers`), from the registry, Ludii's standard defines and the text's
//!   own defines, options and rulesets (read where the cursor is by `text`).
//!
//! Half-written text is the normal case: nothing here panics on any text (every scan is
//! bounded by the text and tolerant of unbalanced brackets), and checking is bounded as
//! `check` is. [`answer_everything`] runs every answer on a text, for the fuzz target.

mod answers;
mod diagnostics;
mod text;

use answers::{completion, definition, hover, semantic_tokens, symbols, TOKEN_MODIFIERS, TOKEN_TYPES};
use diagnostics::diagnostics;
use lsp_server::{Connection, Message, Notification, Request, RequestId, Response};
use lsp_types as lsp;
use lsp_types::notification::Notification as _;
use lsp_types::request::Request as _;
use serde_json::Value;
use std::collections::HashMap;
use std::process::ExitCode;
use std::str::FromStr;
use std::time::{Duration, Instant};
use text::{offset, range};

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

/// Everything the server answers about a text with the cursor at byte `at`: diagnostics,
/// hover, completion, go to definition, the outline, semantic tokens and formatting (for the
/// fuzz target, which feeds it random edits: none of it may panic). The number of answers'
/// parts.
pub fn answer_everything(text: &str, at: usize) -> usize {
    let Ok(uri) = lsp::Uri::from_str("file:///fuzz.lud") else {
        return 0;
    };
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let completions = match completion(text, at) {
        lsp::CompletionResponse::Array(a) => a.len(),
        lsp::CompletionResponse::List(l) => l.items.len(),
    };
    diagnostics(&uri, text).len()
        + usize::from(hover(text, at).is_some())
        + completions
        + usize::from(definition(&uri, text, at).is_some())
        + symbols(text).len()
        + semantic_tokens(text).len()
        + crate::syntax::format::format(text).len()
}

#[cfg(test)]
mod tests {
    use super::text::position;
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
        let game = include_str!("../../../games/equi.lud");
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
