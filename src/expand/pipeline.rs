//! `expand_with`: the whole text level, in Ludii's order (§0).

use super::engine::{self, Engine, Fail};
use super::options::{self, ChooseError};
use super::text::{contains, find, matching_bracket, matching_quote, Text};
use super::{checks, Expansion, Library, Limits, OptionCategory, OptionItem, Ruleset, SelectionError, Selections};
use crate::diag::{did_you_mean, Diagnostic};
use crate::source::{SourceMap, SrcSpan};

/// Expand the main file of `sources` with these selections and this define library.
/// Library files whose defines are used are added to `sources` as `stdlib/<path>`.
pub fn expand_with(
    sources: &mut SourceMap,
    selections: &Selections,
    limits: &Limits,
    lib: &Library,
) -> Result<Expansion, SelectionError> {
    let mut exp = Expansion::default();
    let size = sources.main().text.len();
    if size > limits.max_source_bytes {
        exp.diagnostics.push(
            Diagnostic::error(
                "source-too-large",
                format!(
                    "The description has {size} bytes, more than the {} that are read.",
                    limits.max_source_bytes
                ),
            )
            .with_hint("Ludii's largest descriptions have about 100 KB"),
        );
        return Ok(exp);
    }
    let raw = read(sources.main().text.as_bytes());
    let mut eng = Engine::new(sources, lib, *limits);
    match run(&mut eng, raw, selections, &mut exp) {
        Ok(()) => {}
        Err(Stop::Fail(f)) => {
            let d = eng.diag(f);
            exp.diagnostics.push(d);
        }
        Err(Stop::Selection(e)) => return Err(e),
    }
    let mut diags = std::mem::take(&mut eng.warnings);
    diags.append(&mut exp.diagnostics);
    exp.diagnostics = diags;
    exp.contexts = std::mem::take(&mut eng.contexts);
    Ok(exp)
}

enum Stop {
    Fail(Fail),
    Selection(SelectionError),
}

impl From<Fail> for Stop {
    fn from(f: Fail) -> Self {
        Stop::Fail(f)
    }
}

/// Reading (R): CR LF and lone CR become LF, and the text ends with LF.
fn read(src: &[u8]) -> Text {
    let mut t = Text {
        b: Vec::with_capacity(src.len() + 1),
        o: Vec::with_capacity(src.len() + 1),
    };
    let mut i = 0;
    while i < src.len() {
        let l = super::Loc { pos: i as u32, ctx: 0 };
        if src[i] == b'\r' {
            t.push(b'\n', l);
            if src.get(i + 1) == Some(&b'\n') {
                i += 1;
            }
        } else {
            t.push(src[i], l);
        }
        i += 1;
    }
    if !t.b.is_empty() && t.b.last() != Some(&b'\n') {
        let l = super::Loc {
            pos: src.len() as u32,
            ctx: 0,
        };
        t.push(b'\n', l);
    }
    t
}

fn span_of(eng: &Engine<'_>, t: &Text) -> SrcSpan {
    let a = t.o.first().copied();
    let b = t.o.last().copied();
    match (a, b) {
        (Some(a), Some(b)) => super::origin::resolve(&eng.contexts, a, b).0,
        _ => None,
    }
    .unwrap_or(SrcSpan::new(crate::source::FileId::MAIN, 0, 0))
}

fn run(eng: &mut Engine<'_>, raw: Text, sel: &Selections, exp: &mut Expansion) -> Result<(), Stop> {
    // E1
    let mut text = engine::remove_comments(&raw);
    // P2 first: with unbalanced text every later step would report noise
    if let Some(f) = checks::raw_checks(&text) {
        return Err(f.into());
    }
    // E2
    lowercase_defines(eng, &text);
    // rulesets are parsed early: a ruleset selection is an option selection
    let declared_rulesets = match find(&text.b, b"(rulesets", 0) {
        Some(c) => match matching_bracket(&text.b, c, true) {
            Some(cc) => options::parse_rulesets(&text.slice(c..cc + 1)).unwrap_or_default(),
            None => Vec::new(),
        },
        None => Vec::new(),
    };
    let mut selected: Vec<String> = Vec::new();
    let mut selected_ruleset = None;
    if let Some(r) = &sel.ruleset {
        match declared_rulesets
            .iter()
            .position(|d| d.heading == *r || d.heading == format!("Ruleset/{r}"))
        {
            Some(i) => {
                selected_ruleset = Some(i);
                selected.extend(declared_rulesets[i].options.iter().cloned());
            }
            None => {
                let names: Vec<&str> = declared_rulesets.iter().map(|d| d.heading.as_str()).collect();
                return Err(Stop::Selection(SelectionError::UnknownRuleset {
                    given: r.clone(),
                    suggestion: did_you_mean(r, names).map(str::to_string),
                }));
            }
        }
    }
    // E3
    let cats = if contains(&text.b, b"(option \"") {
        options::extract_options(&mut text)?
    } else {
        Vec::new()
    };
    for o in &sel.options {
        let exists = cats.iter().any(|c| c.items.iter().any(|i| c.option_string(i) == *o));
        if !exists {
            let all: Vec<String> = cats
                .iter()
                .flat_map(|c| c.items.iter().map(move |i| c.option_string(i)))
                .collect();
            return Err(Stop::Selection(SelectionError::UnknownOption {
                given: o.clone(),
                suggestion: did_you_mean(o, all.iter().map(String::as_str)).map(str::to_string),
            }));
        }
        // a user option replaces the ruleset's choice in the same category; two user options
        // of one category contradict each other
        if let Some(cat) = cats.iter().find(|c| c.items.iter().any(|i| c.option_string(i) == *o)) {
            let in_cat = |s: &String| cat.items.iter().any(|i| cat.option_string(i) == *s);
            if let Some(first) = sel
                .options
                .iter()
                .take_while(|x| !std::ptr::eq(*x, o))
                .find(|x| in_cat(x))
            {
                return Err(Stop::Selection(SelectionError::SameHeading {
                    first: first.clone(),
                    second: o.clone(),
                }));
            }
            selected.retain(|s| !in_cat(s));
        }
        selected.push(o.clone());
    }
    let chosen = match options::choose(&cats, &selected) {
        Ok(c) => c,
        Err(ChooseError::Unused(k)) => {
            eng.warnings.push(Diagnostic::warning(
                "unknown-option",
                format!(
                    "Option \"{}\" of the ruleset does not exist; reverting to the default options.",
                    selected[k]
                ),
            ));
            selected.clear();
            options::choose(&cats, &[]).unwrap_or_default()
        }
        Err(ChooseError::Duplicate(s)) => {
            return Err(Fail::new("duplicate-option", format!("Option with duplicate matches: {s}")).into());
        }
    };
    exp.options = cats
        .iter()
        .zip(&chosen)
        .map(|(c, sel)| OptionCategory {
            heading: c.heading.clone(),
            tag: c.tag.clone(),
            items: c
                .items
                .iter()
                .map(|i| OptionItem {
                    name: i.name.clone(),
                    priority: i.priority,
                    description: i.description.clone(),
                })
                .collect(),
            selected: sel.unwrap_or(0),
            span: span_of(eng, &c.at),
        })
        .collect();
    eng.realise_options(&mut text, &cats, &chosen)?;
    // E4
    let rulesets = if contains(&text.b, b"(rulesets") {
        engine::realise_rulesets(&mut text)?
    } else {
        Vec::new()
    };
    exp.rulesets = rulesets
        .iter()
        .map(|r| Ruleset {
            heading: r.heading.clone(),
            options: r.options.clone(),
            span: span_of(eng, &r.at),
        })
        .collect();
    // active option strings (defaults included) and the active ruleset
    let active: Vec<String> = cats
        .iter()
        .zip(&chosen)
        .filter_map(|(c, s)| s.and_then(|i| c.items.get(i)).map(|i| c.option_string(i)))
        .collect();
    exp.active_ruleset = selected_ruleset.filter(|&i| i < rulesets.len()).or_else(|| {
        rulesets
            .iter()
            .position(|r| !r.options.is_empty() && r.options.iter().all(|o| active.contains(o)))
    });
    // E5, E6
    text = eng.expand_defines(text)?;
    text = engine::remove_comments(&text);
    // E7, E8
    text = engine::expand_ranges(&text, &eng.limits)?;
    engine::expand_site_ranges(&mut text)?;
    // E9
    if let Some(c) = find(&text.b, b"(metadata", 0) {
        let Some(cc) = matching_bracket(&text.b, c, true) else {
            return Err(checks::unclosed_metadata(&text, c).into());
        };
        let mut md = text.slice(c..cc + 1);
        text.remove(c..cc + 1);
        let ruleset_heading = exp
            .active_ruleset
            .and_then(|i| rulesets.get(i))
            .map(|r| r.heading.as_str());
        use_for(&mut md, &cats, &rulesets, &active, ruleset_heading)?;
        if md.b.iter().filter(|&&x| x == b'"').count() % 2 == 1 {
            return Err(checks::unterminated_string(&md, 0..md.len()).into());
        }
        exp.metadata = md.to_string_lossy();
        exp.metadata_origin = md.o;
    }
    // E10
    let cleaned = engine::clean_up(&text);
    let game = engine::double_brackets(&cleaned)?;
    // P3 and tokenising
    let checked = checks::expanded_checks(&game);
    exp.game = game.to_string_lossy();
    exp.game_origin = game.o.clone();
    checked?;
    Ok(())
}

fn lowercase_defines(eng: &mut Engine<'_>, t: &Text) {
    let mut from = 0;
    while let Some(c) = find(&t.b, b"(define \"", from) {
        if let Some(&ch) = t.b.get(c + 9) {
            if !ch.is_ascii_uppercase() {
                let mut e = c + 9;
                while e < t.len() && super::text::is_token_char(t.b[e]) {
                    e += 1;
                }
                let name = String::from_utf8_lossy(&t.b[c + 9..e]).into_owned();
                let f = Fail::new("lowercase-define", format!("Lowercase define name \"{name}."))
                    .at(t, c + 8..e)
                    .hint("define names start with an upper-case letter by convention");
                let mut d = eng.diag(f);
                d.severity = crate::diag::Severity::Warning;
                eng.warnings.push(d);
            }
        }
        from = c + 1;
    }
}

/// Resolve `(useFor …)` blocks in the metadata (§5.3).
fn use_for(
    md: &mut Text,
    cats: &[options::Category],
    rulesets: &[options::RulesetDecl],
    active: &[String],
    active_ruleset: Option<&str>,
) -> Result<(), Fail> {
    let mut guard = 0usize;
    while let Some(s) = find(&md.b, b"(useFor ", 0) {
        guard += 1;
        if guard > 1_000_000 {
            return Err(Fail::new("use-for", "Too many '(useFor' blocks."));
        }
        let b = &md.b;
        let Some(e) = matching_bracket(b, s, true) else {
            return Err(Fail::new("use-for", "Failed to close '(useFor'.")
                .at(md, s..s + 7)
                .label("never closed"));
        };
        let curly = b[s..].iter().position(|&x| x == b'{').map(|p| p + s);
        let Some(quote) = b[s..].iter().position(|&x| x == b'"').map(|p| p + s) else {
            return Err(Fail::new("use-for", "No quote after '(useFor'.").at(md, s..s + 7));
        };
        let (rs, re, cut_end) = match curly {
            Some(c) if c < quote => {
                let Some(ce) = matching_bracket(b, c, true) else {
                    return Err(
                        Fail::new("use-for", "Failed to close curly bracket '{' in '(useFor'.").at(md, c..c + 1)
                    );
                };
                (c + 1, ce, ce + 1)
            }
            _ => {
                let mut cq = b[quote + 1..].iter().position(|&x| x == b'"').map(|p| p + quote + 1);
                while let Some(q) = cq {
                    if b[q - 1] != b'\\' {
                        break;
                    }
                    cq = b[q + 1..].iter().position(|&x| x == b'"').map(|p| p + q + 1);
                }
                let Some(cq) = cq else {
                    return Err(Fail::new("use-for", "Failed to close quote after '(useFor'.").at(md, quote..quote + 1));
                };
                (quote, cq + 1, cq + 2)
            }
        };
        let mut required: Vec<(String, usize)> = Vec::new();
        let mut p = rs;
        while p < re {
            let Some(o) = b[p..re].iter().position(|&x| x == b'"').map(|x| x + p) else {
                break;
            };
            let Some(c) = matching_quote(&b[..re], o) else {
                return Err(Fail::new("use-for", "Failed to close string in '(useFor'.").at(md, o..o + 1));
            };
            required.push((String::from_utf8_lossy(&b[o + 1..c]).into_owned(), o));
            p = c + 1;
        }
        for (r, at) in &required {
            let exists = cats.iter().any(|c| c.items.iter().any(|i| c.option_string(i) == *r))
                || rulesets.iter().any(|x| x.heading == *r);
            if !exists {
                let cands: Vec<String> = cats
                    .iter()
                    .flat_map(|c| c.items.iter().map(move |i| c.option_string(i)))
                    .chain(rulesets.iter().map(|x| x.heading.clone()))
                    .collect();
                let mut f = Fail::new(
                    "use-for",
                    format!("Metadata has option requirement for option or ruleset that does not exist: {r}"),
                )
                .at(md, *at..*at + r.len() + 2)
                .label("no such option or ruleset");
                if let Some(s) = did_you_mean(r, cands.iter().map(String::as_str)) {
                    f = f.hint(format!("did you mean \"{s}\"?"));
                }
                return Err(f);
            }
        }
        let failed = required.iter().any(|(r, _)| {
            let r = r.replace('"', "");
            !active.contains(&r) && active_ruleset != Some(r.as_str())
        });
        if failed {
            md.remove(s..e + 1);
        } else {
            md.remove(e..e + 1);
            let end = cut_end.min(md.len());
            md.remove(s..end);
        }
    }
    Ok(())
}
