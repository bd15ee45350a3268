//! The expansion pipeline, step by step in Ludii's order (language notes §0).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A small fast hasher for short byte keys (define names).
#[derive(Default)]
pub struct FxHasher(u64);

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ b as u64).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

type NameMap<'n> = HashMap<&'n [u8], usize, BuildHasherDefault<FxHasher>>;

use super::library::Library;
use super::options::{self, Category};
use super::text::{clipped, contains, find, is_token_char, is_ws, matching_bracket, matching_quote, Gap, Text};
use super::{checks, origin, Context, ContextKind, Limits, Loc};
use crate::diag::Diagnostic;
use crate::source::{FileId, SourceFile, SourceMap};

/// An expansion error: a message and where in the current text it happened.
#[derive(Debug)]
pub struct Fail {
    pub code: &'static str,
    pub msg: String,
    pub at: Option<(Loc, Loc)>,
    pub label: Option<String>,
    pub hints: Vec<String>,
}

impl Fail {
    pub fn new(code: &'static str, msg: impl Into<String>) -> Fail {
        Fail {
            code,
            msg: msg.into(),
            at: None,
            label: None,
            hints: Vec::new(),
        }
    }

    pub fn at(mut self, t: &Text, r: std::ops::Range<usize>) -> Fail {
        if let (Some(a), Some(b)) = (t.loc_at(r.start), t.loc_at(r.end.saturating_sub(1).max(r.start))) {
            self.at = Some((a, b));
        }
        self
    }

    pub fn label(mut self, l: impl Into<String>) -> Fail {
        self.label = Some(l.into());
        self
    }

    pub fn hint(mut self, h: impl Into<String>) -> Fail {
        self.hints.push(h.into());
        self
    }
}

pub type Res<T> = Result<T, Fail>;

/// An in-file define.
pub struct InDefine {
    pub name: String,
    pub tag: Vec<u8>,
    pub body: Text,
}

/// Where a define body comes from.
enum Body<'b> {
    InFile(&'b Text),
    Library(usize),
    Empty,
}

pub struct Engine<'a> {
    pub sources: &'a mut SourceMap,
    pub lib: &'a Library,
    pub limits: Limits,
    pub contexts: Vec<Context>,
    lib_ctx: HashMap<usize, u32>,
    pub warnings: Vec<Diagnostic>,
    /// Bytes scanned by define expansion so far (bounded by `limits.max_work`).
    work: usize,
    /// The longest define name of the pass (a quoted run longer than this names nothing).
    max_name: usize,
}

impl<'a> Engine<'a> {
    pub fn new(sources: &'a mut SourceMap, lib: &'a Library, limits: Limits) -> Self {
        Engine {
            sources,
            lib,
            limits,
            contexts: vec![Context {
                file: FileId::MAIN,
                kind: ContextKind::Source,
                use_len: 0,
            }],
            lib_ctx: HashMap::new(),
            warnings: Vec::new(),
            work: 0,
            max_name: usize::MAX,
        }
    }

    pub fn diag(&self, f: Fail) -> Diagnostic {
        let mut d = Diagnostic::error(f.code, f.msg);
        if let Some((a, b)) = f.at {
            let (span, notes) = origin::resolve(&self.contexts, a, b);
            d = d.at_opt(span);
            for n in notes {
                d = d.with_note(n.span, n.message);
            }
        }
        if let Some(l) = f.label {
            d = d.with_label(l);
        }
        for h in f.hints {
            d = d.with_hint(h);
        }
        d
    }

    /// Copy `t` as inserted at `use_site`: each source context of `t` gets a new context.
    fn wrap(&mut self, t: &Text, kind: impl Fn(Loc) -> ContextKind, use_site: Loc, use_len: u32) -> Text {
        let mut map: Vec<(u32, u32)> = Vec::new();
        let mut o = Vec::with_capacity(t.o.len());
        for l in &t.o {
            let nc = match map.iter().find(|(from, _)| *from == l.ctx) {
                Some(&(_, to)) => to,
                None => {
                    let file = self.contexts.get(l.ctx as usize).map_or(FileId::MAIN, |c| c.file);
                    let id = self.contexts.len() as u32;
                    self.contexts.push(Context {
                        file,
                        kind: kind(use_site),
                        use_len,
                    });
                    map.push((l.ctx, id));
                    id
                }
            };
            o.push(Loc { pos: l.pos, ctx: nc });
        }
        Text { b: t.b.clone(), o }
    }

    /// The text of a library define body, with origins in its library file (added to the
    /// source map on first use).
    fn lib_body(&mut self, i: usize) -> Text {
        let d = &self.lib.defines()[i];
        let file = d.file;
        let ctx = match self.lib_ctx.get(&file) {
            Some(&c) => c,
            None => {
                let (path, text) = self.lib.file(file);
                let name = format!("stdlib/{path}");
                let fid = match self.sources.find(&name) {
                    Some(f) => f,
                    None => self.sources.add(SourceFile::new(name, text.clone())),
                };
                let c = self.contexts.len() as u32;
                self.contexts.push(Context {
                    file: fid,
                    kind: ContextKind::Source,
                    use_len: 0,
                });
                self.lib_ctx.insert(file, c);
                c
            }
        };
        Text::from_source(d.body.as_bytes(), ctx, d.body_start)
    }

    // ------------------------------------------------------------------------------------
    // E3 options

    /// Replace the markers of the chosen items (§3.2).
    pub fn realise_options(&mut self, text: &mut Text, cats: &[Category], chosen: &[Option<usize>]) -> Res<()> {
        for (cat, sel) in cats.iter().zip(chosen) {
            let Some(item) = sel.and_then(|i| cat.items.get(i)) else {
                continue;
            };
            if item.values.is_empty() {
                // Ludii stops substituting at the first chosen item without values
                return Ok(());
            }
            for (name, value) in &item.values {
                let marker = format!("<{}:{}>", cat.tag, name);
                self.replace_marker(text, marker.as_bytes(), value, &cat.heading, &item.name)?;
            }
            let marker = format!("<{}>", cat.tag);
            let first = item.values[0].1.clone();
            self.replace_marker(text, marker.as_bytes(), &first, &cat.heading, &item.name)?;
        }
        Ok(())
    }

    fn replace_marker(&mut self, text: &mut Text, marker: &[u8], value: &Text, heading: &str, item: &str) -> Res<()> {
        let mut n = 0;
        let mut from = 0;
        while let Some(c) = find(&text.b, marker, from.min(text.len())).or_else(|| find(&text.b, marker, 0)) {
            n += 1;
            if n > self.limits.max_uses_per_sweep {
                return Err(Fail::new(
                    "option-limit",
                    format!("An option has more than {} expansions.", self.limits.max_uses_per_sweep),
                )
                .at(text, c..c + marker.len()));
            }
            if text.len() > self.limits.max_chars {
                return Err(Fail::new(
                    "option-limit",
                    format!(
                        "The option \"{heading}/{item}\" has more than {} characters.",
                        self.limits.max_chars
                    ),
                ));
            }
            let use_site = text.o[c];
            let (h, it) = (heading.to_string(), item.to_string());
            let v = self.wrap(
                value,
                move |u| ContextKind::Option {
                    heading: h.clone(),
                    item: it.clone(),
                    use_site: u,
                },
                use_site,
                marker.len() as u32,
            );
            text.splice(c..c + marker.len(), &v);
            // markers before `c` cannot reappear except across the splice boundary
            from = c.saturating_sub(marker.len());
        }
        Ok(())
    }

    // ------------------------------------------------------------------------------------
    // E5 defines

    /// Counts `bytes` of scanning against the work budget.
    fn charge(&mut self, bytes: usize) -> Res<()> {
        self.work = self.work.saturating_add(bytes);
        if self.work > self.limits.max_work {
            return Err(Fail::new("define-recursion", "Suspected infinitely recursive define.").hint(format!(
                "expanding the defines took more than {} MB of text work; defines that expand into each other never finish",
                self.limits.max_work / 1_000_000
            )));
        }
        Ok(())
    }

    pub fn expand_defines(&mut self, mut text: Text) -> Res<Text> {
        let ai = ai_tag(&text.b);
        let mut passes = 0;
        loop {
            let next = self.define_pass(&text, ai.as_deref())?;
            if next.b == text.b {
                return Ok(next);
            }
            text = next;
            passes += 1;
            if passes > self.limits.max_passes || text.len() > self.limits.max_chars {
                return Err(Fail::new("define-recursion", "Suspected infinitely recursive define.")
                    .hint("a define expands, directly or through others, into a use of itself"));
            }
        }
    }

    fn define_pass(&mut self, text: &Text, ai: Option<&[u8]>) -> Res<Text> {
        let (mut str, defines) = extract_defines(text)?;
        let in_names: NameMap<'_> = {
            let mut m = NameMap::default();
            for (i, d) in defines.iter().enumerate() {
                m.entry(&d.tag[1..d.tag.len() - 1]).or_insert(i);
            }
            m
        };
        let lib = self.lib;
        let lib_names: NameMap<'_> = lib
            .defines()
            .iter()
            .enumerate()
            .map(|(i, d)| (d.name.as_bytes(), i))
            .collect();
        self.max_name = in_names
            .keys()
            .chain(lib_names.keys())
            .map(|k| k.len())
            .max()
            .unwrap_or(0);
        let mut rounds = 0usize;
        loop {
            let mut any = false;
            // in-file defines, in text order, until a round changes nothing
            loop {
                rounds += 1;
                if rounds > self.limits.max_passes {
                    return Err(Fail::new("define-recursion", "Suspected infinitely recursive define.")
                        .hint("defines that expand into each other never finish"));
                }
                let mut did = false;
                let mut present = present_defines(&str.b, &in_names, defines.len());
                for (i, d) in defines.iter().enumerate() {
                    if !present[i] {
                        continue;
                    }
                    let mut mark = |w: &[u8]| mark_present(w, &in_names, &mut present);
                    let (t, ch) = self.sweep(str, &d.tag, &d.name, Body::InFile(&d.body), &mut mark)?;
                    str = t;
                    did |= ch;
                }
                if !did {
                    break;
                }
                any = true;
            }
            // library defines, on the part before the metadata; text after it is dropped
            let mut metadata = Text::default();
            if let Some(c) = find(&str.b, b"(metadata", 0) {
                let Some(cc) = matching_bracket(&str.b, c, true) else {
                    return Err(checks::unclosed_metadata(&str, c));
                };
                metadata = str.slice(c..cc + 1);
                str.b.truncate(c);
                str.o.truncate(c);
            }
            if !lib.is_empty() {
                loop {
                    rounds += 1;
                    if rounds > self.limits.max_passes {
                        return Err(Fail::new("define-recursion", "Suspected infinitely recursive define."));
                    }
                    let mut did = false;
                    let mut present = present_defines(&str.b, &lib_names, lib.len());
                    for (i, d) in lib.defines().iter().enumerate() {
                        if !present[i] {
                            continue;
                        }
                        let mut mark = |w: &[u8]| mark_present(w, &lib_names, &mut present);
                        let (t, ch) = self.sweep(str, d.tag.as_bytes(), &d.name, Body::Library(i), &mut mark)?;
                        str = t;
                        did |= ch;
                    }
                    if !did {
                        break;
                    }
                    any = true;
                }
            }
            str.push_text(&metadata);
            if let Some(tag) = ai {
                if contains(&str.b, tag) {
                    let name = String::from_utf8_lossy(&tag[1..tag.len() - 1]).into_owned();
                    let (t, ch) = self.sweep(str, tag, &name, Body::Empty, &mut |_| {})?;
                    str = t;
                    any |= ch;
                }
            }
            if !any {
                return Ok(str);
            }
        }
    }

    /// One sweep of one define over the text, left to right, rescanning inserted text.
    /// `mark` is called with every window of text that may hold new tags: each inserted
    /// expansion with its neighbours up to the nearest quotes.
    fn sweep(
        &mut self,
        text: Text,
        tag: &[u8],
        name: &str,
        body: Body<'_>,
        mark: &mut dyn FnMut(&[u8]),
    ) -> Res<(Text, bool)> {
        let body_text = match body {
            Body::InFile(t) => t.clone(),
            Body::Library(i) => self.lib_body(i),
            Body::Empty => Text::default(),
        };
        self.charge(text.len())?;
        let mut g = Gap::new(text);
        g.advance(1);
        let mut iterations = 0;
        let mut changed = false;
        let mut placeholders = false;
        loop {
            iterations += 1;
            if iterations > self.limits.max_uses_per_sweep {
                let t = g.finish();
                return Err(Fail::new(
                    "define-limit",
                    format!(
                        "Define \"{name}\" has more than {} expansions '{}'.",
                        self.limits.max_uses_per_sweep,
                        clipped(&t.b, 20)
                    ),
                )
                .hint("a define that uses itself never stops expanding"));
            }
            if g.len() > self.limits.max_chars {
                return Err(Fail::new(
                    "define-limit",
                    format!("Define \"{name}\" has more than {} characters.", self.limits.max_chars),
                ));
            }
            let Some(k) = find(g.rest(), tag, 0) else {
                break;
            };
            g.advance(k);
            if protected(g.done()) {
                g.advance(1);
                continue;
            }
            let bracketed = g.done().last() == Some(&b'(');
            if bracketed {
                g.back1();
            }
            let inv_len = if bracketed {
                match matching_bracket(g.rest(), 0, true) {
                    Some(cc) => cc + 1,
                    None => {
                        let t = Text {
                            b: g.rest().to_vec(),
                            o: g.rest_locs().to_vec(),
                        };
                        return Err(Fail::new(
                            "define-use",
                            format!("Failed to handle parameter in define '{}'.", clipped(&t.b, 20)),
                        )
                        .at(&t, 0..tag.len() + 1)
                        .label(format!("this use of define \"{name}\" is never closed")));
                    }
                }
            } else {
                tag.len()
            };
            let inv = Text {
                b: g.rest()[..inv_len].to_vec(),
                o: g.rest_locs()[..inv_len].to_vec(),
            };
            let args = extract_args(&inv)?;
            let use_site = inv.o[0];
            let last = inv.o[inv_len - 1];
            let use_len = if last.ctx == use_site.ctx && last.pos >= use_site.pos {
                last.pos - use_site.pos + 1
            } else {
                tag.len() as u32
            };
            let n = name.to_string();
            let wrapped = self.wrap(
                &body_text,
                move |u| ContextKind::Define {
                    name: n.clone(),
                    use_site: u,
                },
                use_site,
                use_len,
            );
            let expr = substitute(wrapped, &args, &self.limits, use_site)?;
            g.skip(inv_len);
            {
                // A tag across either end of the insertion runs from the last quote before
                // it or to the first quote after it, with at most `max_name` bytes between
                // its quotes once placeholders are removed: nothing farther is looked at.
                let done = g.done();
                let lq = window_start(done, self.max_name);
                let rest = g.rest();
                let rq = window_end(rest, self.max_name);
                let mut w = Vec::with_capacity(done.len() - lq + expr.len() + rq);
                w.extend_from_slice(&done[lq..]);
                w.extend_from_slice(&expr.b);
                w.extend_from_slice(&rest[..rq]);
                placeholders |= contains(&expr.b, DELETE_ME);
                if placeholders && contains(&w, DELETE_ME) {
                    self.charge(w.len())?;
                    let mut t = Text::generated(&w, use_site);
                    t.remove_all(DELETE_ME);
                    w = t.b;
                }
                self.charge(w.len())?;
                mark(&w);
            }
            g.insert(&expr);
            g.advance(1);
            changed = true;
        }
        let mut t = g.finish();
        if placeholders {
            t.remove_all(DELETE_ME);
        }
        Ok((t, changed))
    }
}

pub const DELETE_ME: &[u8] = b"<DELETE_ME>";

/// Where the window for new tags starts in the text before an insertion: at its last quote,
/// unless more than `max_name` bytes (placeholders not counted) lie after that quote, when no
/// tag can reach across and the window starts at the insertion; at 0 without a quote.
fn window_start(done: &[u8], max_name: usize) -> usize {
    let (mut i, mut n) = (done.len(), 0usize);
    while i > 0 {
        if done[..i].ends_with(DELETE_ME) {
            i -= DELETE_ME.len();
            continue;
        }
        i -= 1;
        if done[i] == b'"' {
            return i;
        }
        n += 1;
        if n > max_name {
            return done.len();
        }
    }
    0
}

/// Where the window ends in the text after an insertion: just past its first quote, or at 0
/// when more than `max_name` bytes come before it, or at its end without a quote.
fn window_end(rest: &[u8], max_name: usize) -> usize {
    let (mut i, mut n) = (0, 0usize);
    while i < rest.len() {
        if rest[i..].starts_with(DELETE_ME) {
            i += DELETE_ME.len();
            continue;
        }
        if rest[i] == b'"' {
            return i + 1;
        }
        i += 1;
        n += 1;
        if n > max_name {
            return 0;
        }
    }
    rest.len()
}

/// Quote-pair names present in the text, as a flag per define (a tag `"Name"` occurs exactly
/// where a `"` and the next `"` enclose `Name`).
fn present_defines(b: &[u8], names: &NameMap<'_>, n: usize) -> Vec<bool> {
    let mut present = vec![false; n];
    mark_present(b, names, &mut present);
    present
}

fn mark_present(b: &[u8], names: &NameMap<'_>, present: &mut [bool]) {
    let mut prev: Option<usize> = None;
    for (i, &c) in b.iter().enumerate() {
        if c == b'"' {
            if let Some(p) = prev {
                if let Some(&k) = names.get(&b[p + 1..i]) {
                    present[k] = true;
                }
            }
            prev = Some(i);
        }
    }
}

/// The AI define's tag if the text asks for one (§2.8): `"X_ai"`.
fn ai_tag(b: &[u8]) -> Option<Vec<u8>> {
    if !contains(b, b"(ai") || !contains(b, b"_ai") {
        return None;
    }
    let c = find(b, b"_ai\"", 0)?;
    let q = b[..=c].iter().rposition(|&x| x == b'"').map_or(0, |i| i + 1);
    let mut tag = b"\"".to_vec();
    tag.extend_from_slice(&b[q..c]);
    tag.extend_from_slice(b"_ai\"");
    Some(tag)
}

/// Whether the token before `done`'s end is `game`, `match` or `instance`.
fn protected(done: &[u8]) -> bool {
    let mut c = done.len();
    while c > 0 && !is_token_char(done[c - 1]) {
        c -= 1;
    }
    if c == 0 {
        return false;
    }
    let end = c;
    while c > 0 && is_token_char(done[c - 1]) {
        c -= 1;
    }
    if c == 0 {
        return false;
    }
    matches!(&done[c..end], b"game" | b"match" | b"instance")
}

/// Remove every `(define ` form, keeping them in text order (§2.2).
pub fn extract_defines(text: &Text) -> Res<(Text, Vec<InDefine>)> {
    let mut defines = Vec::new();
    if !contains(&text.b, b"(define ") {
        return Ok((text.clone(), defines));
    }
    let mut out = Text::default();
    let mut last = 0;
    let mut from = 0;
    while let Some(c) = find(&text.b, b"(define ", from) {
        let Some(cc) = matching_bracket(&text.b, c, true) else {
            return Err(checks::unclosed_define(text, c));
        };
        let desc = text.trimmed_range(c + 1..cc);
        let quotes: Vec<usize> = (desc.clone()).filter(|&i| text.b[i] == b'"').take(2).collect();
        if quotes.len() < 2 {
            return Err(Fail::new(
                "bad-define",
                format!(
                    "Badly formed '(define \"name\"...' in '{}'.",
                    clipped(&text.b[desc.clone()], 20)
                ),
            )
            .at(text, c..c + 8)
            .label("a define needs a quoted name"));
        }
        let (q1, q2) = (quotes[0], quotes[1]);
        let body = text.trimmed_range(q2 + 1..desc.end);
        let mut tag = text.b[q1..=q2].to_vec();
        if tag.len() < 2 {
            tag = b"\"\"".to_vec();
        }
        defines.push(InDefine {
            name: String::from_utf8_lossy(&text.b[q1 + 1..q2]).into_owned(),
            tag,
            body: text.slice(body),
        });
        out.push_text(&text.slice(last..c));
        last = cc + 1;
        from = cc + 1;
    }
    out.push_text(&text.slice(last..text.len()));
    Ok((out, defines))
}

/// Split a define use into its arguments (§2.4).
fn extract_args(inv: &Text) -> Res<Vec<Text>> {
    let mut args = Vec::new();
    let r = inv.trimmed_range(0..inv.len());
    let s = &inv.b;
    let (mut a, mut end) = (r.start, r.end);
    if a < end && s[a] == b'(' {
        match matching_bracket(&s[..end], a, true) {
            Some(cc) => {
                end = cc;
                a += 1;
            }
            None => {
                return Err(Fail::new(
                    "define-use",
                    format!(
                        "Failed to read bracketed clause '(...)' from '{}'.",
                        clipped(&s[a..end], 20)
                    ),
                )
                .at(inv, a..a + 1))
            }
        }
    }
    while a < end && !is_ws(s[a]) {
        a += 1;
    }
    if a >= end {
        return Ok(args);
    }
    let mut cur = inv.trimmed_range(a..end);
    while cur.start < cur.end {
        let st = cur.start;
        let sub = &s[st..cur.end];
        let to = if super::text::is_open_bracket(sub[0]) {
            match matching_bracket(sub, 0, true) {
                Some(cc) => cc + 1,
                None => {
                    return Err(Fail::new(
                        "define-use",
                        format!("Failed to read bracketed clause from '{}'.", clipped(sub, 20)),
                    )
                    .at(inv, st..st + 1)
                    .label("this bracket is never closed"))
                }
            }
        } else if sub[0] == b'"' {
            match matching_quote(sub, 0) {
                Some(cc) => cc + 1,
                None => {
                    return Err(Fail::new(
                        "define-use",
                        format!("Failed to read quoted clause '\"...\"' from '{}'.", clipped(sub, 20)),
                    )
                    .at(inv, st..st + 1)
                    .label("this string is never closed"))
                }
            }
        } else {
            let mut t = 0;
            while t < sub.len() && !is_ws(sub[t]) {
                if sub[t] == b':' {
                    match sub.get(t + 1) {
                        Some(&c) if super::text::is_open_bracket(c) => match matching_bracket(sub, t + 1, true) {
                            Some(cc) => {
                                t = cc + 1;
                                break;
                            }
                            None => {
                                return Err(Fail::new(
                                    "define-use",
                                    format!("Failed to read bracketed clause '{{...}}' from '{}'.", clipped(sub, 20)),
                                )
                                .at(inv, st + t + 1..st + t + 2))
                            }
                        },
                        Some(_) => {}
                        None => {
                            return Err(Fail::new(
                                "define-use",
                                "Named argument with no value at the end of a define use.",
                            )
                            .at(inv, st..st + t + 1))
                        }
                    }
                }
                t += 1;
            }
            t
        };
        let to = to.min(sub.len());
        args.push(inv.slice(st..st + to));
        cur = inv.trimmed_range(st + to..cur.end);
    }
    Ok(args)
}

/// Substitute `#1`…`#20` in a body (§2.5).
fn substitute(mut expr: Text, args: &[Text], limits: &Limits, at: Loc) -> Res<Text> {
    for n in 0..20 {
        let marker = format!("#{}", n + 1);
        let marker = marker.as_bytes();
        if !contains(&expr.b, marker) {
            break;
        }
        let mut inner = 0;
        while let Some(m) = find(&expr.b, marker, 0) {
            inner += 1;
            if inner > limits.max_uses_per_sweep || expr.len() > limits.max_chars {
                let mut f = Fail::new(
                    "define-limit",
                    format!(
                        "Define has more than {} expansions '{}'.",
                        limits.max_uses_per_sweep,
                        clipped(&expr.b, 20)
                    ),
                );
                f.at = Some((at, at));
                return Err(f);
            }
            let arg = match args.get(n) {
                Some(a) if a.b != b"~" => a.clone(),
                _ => Text::generated(DELETE_ME, expr.o[m]),
            };
            expr.splice(m..m + 2, &arg);
            if arg.b.first() == Some(&b'#') {
                break;
            }
        }
    }
    Ok(expr)
}

// ----------------------------------------------------------------------------------------
// E1/E6 comments, E7/E8 ranges, E10 clean-up

/// Remove `//` comments, skipping strings (§1.3).
pub fn remove_comments(t: &Text) -> Text {
    let s = &t.b;
    if !contains(s, b"//") {
        return t.clone();
    }
    let mut out = Text {
        b: Vec::with_capacity(s.len()),
        o: Vec::with_capacity(s.len()),
    };
    let mut c = 0;
    let mut copied = 0;
    while c + 1 < s.len() {
        if s[c] == b'"' {
            match matching_quote(s, c) {
                Some(q) => c = q + 1,
                None => break,
            }
        } else if s[c] == b'/' && s[c + 1] == b'/' {
            out.push_text(&t.slice(copied..c));
            let mut cc = c + 2;
            while cc < s.len() && s[cc] != b'\n' {
                cc += 1;
            }
            copied = cc;
            c = cc;
        } else {
            c += 1;
        }
    }
    out.push_text(&t.slice(copied..s.len()));
    out
}

/// Integer ranges `m..n` (§1.9).
pub fn expand_ranges(t: &Text, limits: &Limits) -> Res<Text> {
    let s = &t.b;
    if !contains(s, b"..") || s.len() < 3 {
        return Ok(t.clone());
    }
    let mut out = Text {
        b: Vec::with_capacity(s.len()),
        o: Vec::with_capacity(s.len()),
    };
    out.push(s[0], t.o[0]);
    let mut i = 1;
    let mut in_completion = false;
    while s.len() - i > 2 {
        let ch = s[i];
        if ch == b'[' {
            in_completion = true;
        }
        if ch == b']' {
            in_completion = false;
        }
        let prev = out.b.last().copied().unwrap_or(b' ');
        if !in_completion && ch == b'.' && s[i + 1] == b'.' && prev.is_ascii_digit() && s[i + 2].is_ascii_digit() {
            let mstart = out.b.iter().rposition(|c| !c.is_ascii_digit()).map_or(0, |p| p + 1);
            let mut nend = i + 2;
            while nend < s.len() && s[nend].is_ascii_digit() {
                nend += 1;
            }
            let (Some(m), Some(n)) = (parse_int(&out.b[mstart..]), parse_int(&s[i + 2..nend])) else {
                return Err(Fail::new("range", "Range endpoint is not a 32-bit integer.").at(t, i..i + 2));
            };
            if (n - m).unsigned_abs() as usize > limits.max_range {
                return Err(
                    Fail::new("range", format!("Range exceeded maximum of {}.", limits.max_range))
                        .at(t, i..i + 2)
                        .label(format!("{m}..{n} has {} numbers", (n - m).abs() + 1)),
                );
            }
            let at = t.o[i];
            let mut sub = String::from(" ");
            let inc = if m <= n { 1 } else { -1 };
            let mut step = m;
            while step != n {
                if step != m {
                    sub.push_str(&step.to_string());
                    sub.push(' ');
                }
                step += inc;
            }
            out.push_text(&Text::generated(sub.as_bytes(), at));
            i += 2;
            // Ludii steps past the inserted text and the next character unchecked
            if i < s.len() {
                out.push(s[i], t.o[i]);
                i += 1;
            }
            continue;
        }
        out.push(ch, t.o[i]);
        i += 1;
    }
    out.push_text(&t.slice(i..s.len()));
    Ok(out)
}

fn parse_int(d: &[u8]) -> Option<i64> {
    let s = std::str::from_utf8(d).ok()?;
    let v: i64 = s.parse().ok()?;
    (v <= i32::MAX as i64).then_some(v)
}

/// Site ranges `"A1".."C3"` (§1.9). Rare: done with plain splices.
pub fn expand_site_ranges(t: &mut Text) -> Res<()> {
    if !contains(&t.b, b"\"..\"") {
        return Ok(());
    }
    let mut in_completion = false;
    let mut r = 1;
    while r + 2 < t.len() {
        let ch = t.b[r];
        if ch == b'[' {
            in_completion = true;
        }
        if ch == b']' {
            in_completion = false;
        }
        if !in_completion && ch == b'.' && t.b[r + 1] == b'.' && t.b[r - 1] == b'"' && t.b[r + 2] == b'"' {
            let mut c = r as isize - 2;
            while c >= 0 && t.b[c as usize] != b'"' {
                c -= 1;
            }
            let c = c.max(0) as usize;
            let mut d = r + 3;
            while d < t.len() && t.b[d] != b'"' {
                d += 1;
            }
            d = (d + 1).min(t.len());
            let from = t.b.get(c + 1..r - 1).unwrap_or_default().to_vec();
            let to =
                t.b.get(r + 3..d.saturating_sub(1).max(r + 3))
                    .unwrap_or_default()
                    .to_vec();
            let whole = clipped(&t.b[c..d], 40);
            let coord = |x: &[u8], which: &str| -> Res<(u8, i64)> {
                if x.len() < 2 || !x[0].is_ascii_alphabetic() {
                    return Err(
                        Fail::new("range", format!("Bad '{which}' coordinate in site range: {whole}")).at(t, c..d),
                    );
                }
                let n = parse_int(&x[1..]).ok_or_else(|| {
                    Fail::new("range", format!("Bad '{which}' coordinate in site range: {whole}")).at(t, c..d)
                })?;
                Ok((x[0].to_ascii_uppercase() - b'A', n))
            };
            let (fc, fnum) = coord(&from, "from")?;
            let (tc, tnum) = coord(&to, "to")?;
            if (tc as i64 - fc as i64 + 1) * (tnum - fnum + 1) > 100_000 {
                return Err(Fail::new("range", "Site range too large.").at(t, c..d));
            }
            let mut sub = String::new();
            for m in fc..=tc {
                for n in fnum..=tnum {
                    sub.push('"');
                    sub.push((b'A' + m) as char);
                    sub.push_str(&n.to_string());
                    sub.push_str("\" ");
                }
            }
            let at = t.o[c];
            let trimmed = sub.trim_end();
            t.splice(c..d, &Text::generated(trimmed.as_bytes(), at));
            r += sub.len();
        }
        r += 1;
    }
    Ok(())
}

/// Clean-up (§1.2): whitespace to single spaces, no space after `(`/`{`/`:` or before
/// `)`/`}`. Origins of the kept bytes are kept.
pub fn clean_up(t: &Text) -> Text {
    let mut tmp = Text {
        b: Vec::with_capacity(t.len()),
        o: Vec::with_capacity(t.len()),
    };
    for (i, &c) in t.b.iter().enumerate() {
        let c = if matches!(c, b'\n' | b'\r' | b'\t') { b' ' } else { c };
        if c == b' ' && tmp.b.last() == Some(&b' ') {
            continue;
        }
        tmp.push(c, t.o[i]);
    }
    let mut out = Text {
        b: Vec::with_capacity(tmp.len()),
        o: Vec::with_capacity(tmp.len()),
    };
    for i in 0..tmp.len() {
        if tmp.b[i] == b' ' {
            let next = tmp.b.get(i + 1).copied();
            let prev = if i > 0 { Some(tmp.b[i - 1]) } else { None };
            if matches!(next, Some(b')') | Some(b'}')) || matches!(prev, Some(b'(') | Some(b'{') | Some(b':')) {
                continue;
            }
        }
        out.push(tmp.b[i], tmp.o[i]);
    }
    out
}

/// `((` collapsing (§5.4), linear: brackets are matched once.
pub fn double_brackets(t: &Text) -> Res<Text> {
    let s = &t.b;
    if !contains(s, b"((") {
        return Ok(t.clone());
    }
    // global matches of '(' (quote flips as in Ludii's matcher), and quote parity
    let mut matched = vec![usize::MAX; s.len()];
    let mut quotes_before = vec![0u32; s.len()];
    let mut stack = Vec::new();
    let mut in_string = false;
    let mut q = 0u32;
    for (i, &c) in s.iter().enumerate() {
        quotes_before[i] = q;
        if c == b'"' {
            in_string = !in_string;
            q += 1;
        }
        if !in_string {
            if c == b'(' {
                stack.push(i);
            } else if c == b')' {
                if let Some(o) = stack.pop() {
                    matched[o] = i;
                }
            }
        }
    }
    let mut deleted = vec![false; s.len()];
    let next_alive = |deleted: &[bool], mut i: usize| {
        while i < s.len() && deleted[i] {
            i += 1;
        }
        i
    };
    let mut local = 0usize;
    let mut i = next_alive(&deleted, 0);
    while i < s.len() {
        let j = next_alive(&deleted, i + 1);
        if s[i] == b'(' && j < s.len() && s[j] == b'(' {
            let cc = if quotes_before[i].is_multiple_of(2) {
                (matched[i] != usize::MAX).then_some(matched[i])
            } else {
                local += 1;
                if local > 10_000 {
                    return Err(Fail::new("double-bracket", "Too many '((' inside strings.").at(t, i..i + 2));
                }
                // rare: a '((' after an odd number of quotes; match on the live text
                let live: Vec<usize> = (i..s.len()).filter(|&k| !deleted[k]).collect();
                let lb: Vec<u8> = live.iter().map(|&k| s[k]).collect();
                matching_bracket(&lb, 0, true).map(|m| live[m])
            };
            let Some(cc) = cc else {
                return Err(
                    Fail::new("unclosed", format!("Couldn't close clause '{}'.", clipped(&s[i..], 17)))
                        .at(t, i..i + 1)
                        .label("this bracket is never closed"),
                );
            };
            let mut p = cc;
            while p > 0 {
                p -= 1;
                if !deleted[p] {
                    break;
                }
            }
            if s[cc] == b')' && s[p] == b')' && p > i {
                deleted[i] = true;
                deleted[cc] = true;
                i = j;
                continue;
            }
            return Err(Fail::new(
                "double-bracket",
                format!(
                    "Opening bracket pair '((' in '{}' does not have closing pair.",
                    clipped(&s[i..], 17)
                ),
            )
            .at(t, i..j + 1)
            .label("`((`: a form cannot start with a form")
            .hint("remove one `(`, or check whether a define used as `( \"Name\" …)` expands to a form"));
        }
        i = j;
    }
    let mut out = Text {
        b: Vec::with_capacity(s.len()),
        o: Vec::with_capacity(s.len()),
    };
    for k in 0..s.len() {
        if !deleted[k] {
            out.push(s[k], t.o[k]);
        }
    }
    Ok(out)
}

/// Rulesets (E4): parse the first block, delete it and any later ones.
pub fn realise_rulesets(text: &mut Text) -> Res<Vec<options::RulesetDecl>> {
    let Some(c) = find(&text.b, b"(rulesets", 0) else {
        return Ok(Vec::new());
    };
    let Some(cc) = matching_bracket(&text.b, c, true) else {
        return Err(Fail::new(
            "unclosed",
            format!("No closing bracket ')' in rulesets '{}'.", clipped(&text.b[c..], 17)),
        )
        .at(text, c..c + 9)
        .label("this `(rulesets` is never closed"));
    };
    let block = text.slice(c..cc + 1);
    let rulesets = options::parse_rulesets(&block)?;
    text.remove(c..cc + 1);
    while let Some(c) = find(&text.b, b"(rulesets", 0) {
        let Some(cc) = matching_bracket(&text.b, c, true) else {
            return Err(Fail::new(
                "unclosed",
                format!(
                    "No closing bracket ')' in extra rulesets '{}'.",
                    clipped(&text.b[c..], 17)
                ),
            )
            .at(text, c..c + 9));
        };
        // Ludii leaves the block's last ')' behind
        text.remove(c..cc);
    }
    Ok(rulesets)
}
