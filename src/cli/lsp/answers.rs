//! The language server's answers about a place in a text: hover, completion, go to
//! definition, the outline and semantic tokens.

use super::text::{
    define_at, extent, library_file, named_forms, open_forms, option_uses, options_in, range, token_at, word_at,
};
use crate::expand::library::Library;
use crate::expand::options::Category;
use crate::syntax::format::{form_end, tokens, TokenClass};
use lsp_types as lsp;

/// Hover: an option's items (on a use of its value, its name or an item's name), a ruleset,
/// a define's text, else the reference of the ludeme under the cursor (the keyword,
/// or the keyword and its kind: `is Line`).
pub(super) fn hover(text: &str, at: usize) -> Option<String> {
    if let Some((s, e, TokenClass::Angle | TokenClass::String)) = token_at(text, at) {
        if let Some((md, _, _)) = option_target(text, &text[s..e]) {
            return Some(md);
        }
    }
    if let Some(name) = define_at(text, at) {
        if let Some((_, s, e)) = named_forms(text, "define").into_iter().find(|d| d.0 == name) {
            // the comment lines right above it
            let line_start = text[..s].rfind('\n').map_or(0, |i| i + 1);
            let above: Vec<&str> = text[..line_start]
                .lines()
                .rev()
                .take_while(|l| l.trim_start().starts_with("//"))
                .collect();
            let comment: Vec<&str> = above.iter().rev().map(|l| comment_text(l)).collect();
            return Some(describe_define(&format!("define `\"{name}\"`"), &comment, &text[s..e]));
        }
        let d = Library::standard().get(name)?;
        let (_, file) = Library::standard().file(d.file);
        let comment: Vec<&str> = file
            .lines()
            .take_while(|l| l.trim_start().starts_with("//"))
            .map(comment_text)
            .collect();
        return Some(describe_define(
            &format!("standard define `\"{name}\"`"),
            &comment,
            &d.body,
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
            && crate::cli::doc::lookup(&format!("{word} {kind}")).is_ok();
        if with_kind {
            format!("{word} {kind}")
        } else {
            word.to_string()
        }
    } else {
        // a kind: the keyword before it
        let (ps, pe) = word_at(before, before.len());
        let keyword = &before[ps..pe];
        if before[..ps].trim_end().ends_with('(') && crate::cli::doc::lookup(&format!("{keyword} {word}")).is_ok() {
            format!("{keyword} {word}")
        } else {
            word.to_string()
        }
    };
    crate::cli::doc::lookup(&lookup).ok()
}

/// A `//` comment line's text.
fn comment_text(line: &str) -> &str {
    line.trim_start().trim_start_matches('/').trim()
}

/// A define in Markdown: its title, comment, parameters (`#1`, `#2` .. its text uses) and
/// text.
fn describe_define(title: &str, comment: &[&str], body: &str) -> String {
    let b = body.as_bytes();
    let mut params: Vec<u32> = (0..b.len())
        .filter(|&i| b[i] == b'#' && b.get(i + 1).is_some_and(u8::is_ascii_digit))
        .filter_map(|i| {
            let digits = body[i + 1..].bytes().take_while(u8::is_ascii_digit).count();
            body[i + 1..i + 1 + digits].parse().ok()
        })
        .collect();
    params.sort_unstable();
    params.dedup();
    let mut md = title.to_string();
    if !comment.is_empty() {
        md.push_str(&format!("\n\n{}", comment.join("\n")));
    }
    md.push_str(&match params.len() {
        0 => "\n\nno parameters".to_string(),
        _ => format!(
            "\n\nparameters: {}",
            params.iter().map(|p| format!("`#{p}`")).collect::<Vec<_>>().join(", ")
        ),
    });
    md.push_str(&format!("\n\n```\n{body}\n```"));
    md
}

/// Completion at byte `at`: define names inside `("`; option and ruleset names inside the
/// lists of `ruleset` and `useFor`; option values after `<`; after `(`, the keywords (those
/// that fit a `name:` parameter when the form is its value); inside a form, its keyword's
/// kinds (second place) and its forms' `name:` parameters.
pub(super) fn completion(text: &str, at: usize) -> lsp::CompletionResponse {
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
            let mut names: Vec<String> = named_forms(text, "define").iter().map(|d| d.0.to_string()).collect();
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
            for (r, _, _) in named_forms(text, "ruleset") {
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
                        crate::cli::doc::forms_of(outer.keyword, outer.kind)
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
            crate::cli::doc::kinds_of(form.keyword)
                .into_iter()
                .filter(|k| k.starts_with(prefix))
                .map(|k| item(k, lsp::CompletionItemKind::ENUM_MEMBER, None)),
        );
    }
    let mut labels: Vec<String> = crate::cli::doc::forms_of(form.keyword, form.kind)
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
pub(super) fn definition(uri: &lsp::Uri, text: &str, at: usize) -> Option<lsp::GotoDefinitionResponse> {
    if let Some((s, e, TokenClass::Angle | TokenClass::String)) = token_at(text, at) {
        if let Some((_, ds, de)) = option_target(text, &text[s..e]) {
            return Some(lsp::GotoDefinitionResponse::Scalar(lsp::Location {
                uri: uri.clone(),
                range: range(text, ds, de),
            }));
        }
    }
    let name = define_at(text, at)?;
    if let Some((_, s, e)) = named_forms(text, "define").into_iter().find(|d| d.0 == name) {
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
pub(super) fn symbols(text: &str) -> Vec<lsp::DocumentSymbol> {
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

/// What an option's value (`<Tag:arg>`) or an option's or ruleset's name (`"Heading/Item"`)
/// at a token refers to: its description in Markdown, and where it is declared.
pub(super) fn option_target(text: &str, token: &str) -> Option<(String, usize, usize)> {
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
    let (r, s, e) = named_forms(text, "ruleset").into_iter().find(|r| r.0 == name)?;
    Some((format!("ruleset **{r}**\n\n```\n{}\n```", &text[s..e]), s, e))
}

/// An option in Markdown: its heading, uses and items (the default one marked).
pub(super) fn describe_option(c: &Category) -> String {
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
pub(super) const TOKEN_TYPES: [lsp::SemanticTokenType; 8] = [
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
pub(super) const TOKEN_MODIFIERS: [lsp::SemanticTokenModifier; 2] = [
    lsp::SemanticTokenModifier::DECLARATION,
    lsp::SemanticTokenModifier::DEFAULT_LIBRARY,
];

/// The semantic tokens of a text, encoded as LSP wants them (five numbers a token: line and
/// UTF-16 start relative to the token before, length, type, modifiers). A token over several
/// lines is given its first line.
pub(super) fn semantic_tokens(text: &str) -> Vec<lsp::SemanticToken> {
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
