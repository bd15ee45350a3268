//! Origin resolution: from a byte of expanded text back to the user's file.

use super::{Context, ContextKind, Loc};
use crate::diag::Note;
use crate::source::SrcSpan;

/// The span to show for expanded bytes whose first and last origins are `a` and `b`, and the
/// chain of define bodies / option values they came through (innermost first).
pub fn resolve(contexts: &[Context], a: Loc, b: Loc) -> (Option<SrcSpan>, Vec<Note>) {
    let mut notes = Vec::new();
    let (mut a, mut b) = (a, b);
    // every step moves to an older context, so the chain is finite; guard anyway
    for _ in 0..100_000 {
        let Some(ctx) = contexts.get(a.ctx as usize) else {
            return (None, notes);
        };
        let end = if b.ctx == a.ctx && b.pos >= a.pos {
            b.pos + 1
        } else {
            a.pos + 1
        };
        let span = SrcSpan {
            file: ctx.file,
            start: a.pos,
            end,
        };
        let use_site = match &ctx.kind {
            ContextKind::Source => return (Some(span), notes),
            ContextKind::Define { name, use_site } => {
                notes.push(Note {
                    span: Some(span),
                    message: format!("in this expansion of define \"{name}\""),
                });
                *use_site
            }
            ContextKind::Option {
                heading,
                item,
                use_site,
            } => {
                notes.push(Note {
                    span: Some(span),
                    message: format!("in the value of option \"{heading}/{item}\""),
                });
                *use_site
            }
        };
        if use_site.ctx >= a.ctx {
            // contexts only refer to older ones; anything else is a bug: stop here
            return (Some(span), notes);
        }
        a = use_site;
        b = Loc {
            pos: use_site.pos + ctx.use_len.saturating_sub(1),
            ctx: use_site.ctx,
        };
    }
    (None, notes)
}
