//! Explaining a mismatch: the deepest argument that breaks the best partial match.

use super::{label_fits, upper_initial, Checker, Problem};
use crate::diag::did_you_mean;
use crate::registry::{Form, ParamType, Registry, SymId};
use crate::syntax::{classify_atom, Atom, Node, NodeKind};
use std::ops::Range;

/// A call keyword that names no ludeme.
/// Whether no ludeme has this keyword (the cheap part of [`unknown_keyword`]).
pub(crate) fn is_unknown_keyword(reg: &Registry, head: &str) -> bool {
    reg.with_keyword(head).is_empty()
}

/// Whether a word is no constant of the language (the cheap part of [`unknown_word`]).
pub(crate) fn is_unknown_word(reg: &Registry, word: &str) -> bool {
    matches!(classify_atom(word), Atom::Word)
        && !reg.is_constant(word)
        && !upper_initial(word).is_some_and(|u| reg.is_constant(&u))
}

pub(crate) fn unknown_keyword(reg: &Registry, head: &str, span: Range<usize>) -> Option<Problem> {
    if !is_unknown_keyword(reg, head) {
        return None;
    }
    if head.starts_with('"') {
        let name = head.trim_matches('"');
        return Some(
            Problem::error("unknown-define", span, format!("unknown define \"{name}\""))
                .with_label("no define of this name")
                .with_hint(
                    "defines are declared with (define \"Name\" ...) in the file, or come from the standard library",
                ),
        );
    }
    if head.chars().next().is_some_and(|c| c.is_ascii_uppercase()) {
        let lower = head[..1].to_ascii_lowercase() + &head[1..];
        let p = Problem::error(
            "unknown-ludeme",
            span,
            format!("ludeme names start with a lowercase letter: `{head}`"),
        );
        return Some(if reg.with_keyword(&lower).is_empty() {
            p
        } else {
            p.with_hint(format!("write `({lower} ...)`"))
        });
    }
    let mut p = Problem::error("unknown-ludeme", span, format!("unknown ludeme `{head}`")).with_label("not a ludeme");
    if let Some(s) = did_you_mean(head, reg.keywords()) {
        p = p.with_hint(format!("did you mean `{s}`?"));
    }
    Some(p)
}

/// A word that is no constant of the language (and no number or boolean).
pub(crate) fn unknown_word(reg: &Registry, word: &str, span: Range<usize>, expected: Option<SymId>) -> Option<Problem> {
    if !is_unknown_word(reg, word) {
        return None;
    }
    let mut p = Problem::error("unknown-constant", span, format!("unknown constant `{word}`"))
        .with_label("not a constant of the language");
    let suggestion = expected
        .and_then(|t| did_you_mean(word, reg.constants_of(t).collect::<Vec<_>>()))
        .or_else(|| did_you_mean(word, reg.constants().collect::<Vec<_>>()));
    if let Some(s) = suggestion {
        p = p.with_hint(format!("did you mean `{s}`?"));
    } else if word.chars().next().is_some_and(|c| c.is_ascii_lowercase()) && !reg.with_keyword(word).is_empty() {
        p = p.with_hint(format!("`{word}` is a ludeme: write it in brackets, `({word} ...)`"));
    }
    Some(p)
}

/// How a type is named in messages.
pub fn describe_type(reg: &Registry, ty: &ParamType) -> String {
    match ty {
        ParamType::Sym(t) => format!("<{}>", reg.symbol(*t).id),
        ParamType::Prim(p) => format!("a literal {}", p.name()),
        ParamType::Const(c) => format!("`{c}`"),
        ParamType::Array(inner) => format!("{{{}}}", describe_type(reg, inner).trim_start_matches("a literal ")),
    }
}

fn describe_node(n: &Node) -> String {
    match &n.kind {
        NodeKind::Call { head, .. } => format!("`({head} ..)`"),
        NodeKind::List(_) => "an array `{..}`".to_string(),
        NodeKind::Str(s) => format!("the string \"{s}\""),
        NodeKind::Atom(a) => match classify_atom(a) {
            Atom::Int(_) => format!("the integer `{a}`"),
            Atom::Float(_) => format!("the number `{a}`"),
            Atom::Bool(_) => format!("the boolean `{a}`"),
            Atom::Word => format!("`{a}`"),
        },
    }
}

/// The longest prefix of `args` that can fill `form`'s slots in order, ignoring or-groups:
/// (number of arguments placed, for that count the earliest slot after the last one used).
fn best_prefix(ck: &mut Checker, args: &[Node], form: &Form) -> (usize, usize) {
    let params = &form.params;
    // reach[j] = can args[..i] be placed using exactly the slots before j, the slots skipped
    // being optional; iterate i upwards.
    let m = params.len();
    let mut reach = vec![false; m + 1];
    // with zero arguments placed, j is reachable if all slots before j are optional
    reach[0] = true;
    for j in 0..m {
        reach[j + 1] = reach[j] && params[j].optional;
    }
    let first = |r: &[bool]| r.iter().position(|&x| x).unwrap_or(m);
    let mut best = (0, first(&reach));
    for (i, arg) in args.iter().enumerate() {
        let mut next = vec![false; m + 1];
        for j in 0..m {
            if reach[j] && label_fits(arg, &params[j]) && ck.matches(arg, &params[j].ty) {
                next[j + 1] = true;
            }
        }
        for j in 0..m {
            if next[j] && params[j].optional {
                next[j + 1] = true;
            }
        }
        if !next.iter().any(|&x| x) {
            break;
        }
        reach = next;
        best = (i + 1, first(&reach));
    }
    best
}

/// Could `arg` be meant for a slot of type `ty` (the right kind of thing, maybe broken
/// inside)?
fn plausible(ck: &Checker, arg: &Node, ty: &ParamType) -> bool {
    let reg = ck.reg;
    match (ty, &arg.kind) {
        (ParamType::Array(_), NodeKind::List(_)) => true,
        (ParamType::Sym(t), NodeKind::Call { head, .. }) => reg.with_keyword(head).iter().any(|&s| reg.accepts(*t, s)),
        (ParamType::Sym(t), NodeKind::List(_)) => reg
            .symbols
            .iter()
            .enumerate()
            .any(|(s, sym)| !sym.arrays.is_empty() && reg.accepts(*t, s as SymId)),
        _ => false,
    }
}

/// The forms of the symbols `cands` that a call with keyword `head` may take.
fn forms_of<'r>(reg: &'r Registry, cands: &'r [SymId], head: &'r str) -> impl Iterator<Item = &'r Form> + 'r {
    cands.iter().flat_map(move |&s| {
        reg.symbol(s)
            .forms
            .iter()
            .filter(move |f| Registry::keyword_matches(&f.keyword, head))
    })
}

impl Checker<'_> {
    /// Why does `node` not fit `ty`? Descends to the deepest argument at fault.
    pub fn explain(&mut self, node: &Node, ty: &ParamType) -> Problem {
        let reg = self.reg;
        let found = describe_node(node);
        let expected = describe_type(reg, ty);
        let mismatch = || {
            Problem::error(
                "type-mismatch",
                node.span.clone(),
                format!("expected {expected}, found {found}"),
            )
            .with_label(format!("expected {expected}"))
        };
        match (ty, &node.kind) {
            (ParamType::Array(inner), NodeKind::List(items)) => {
                for it in items {
                    if !self.matches(it, inner) {
                        return self.explain(it, inner);
                    }
                }
                mismatch()
            }
            (ParamType::Array(_), _) => {
                mismatch().with_hint(format!("an array is written in braces: {{{}}}", node_text_hint(node)))
            }
            (ParamType::Sym(t), NodeKind::Call { head, head_span, args }) => {
                if let Some(p) = unknown_keyword(reg, head, head_span.clone()) {
                    return p;
                }
                let cands: Vec<SymId> = reg
                    .with_keyword(head)
                    .iter()
                    .copied()
                    .filter(|&s| reg.accepts(*t, s))
                    .collect();
                if cands.is_empty() {
                    let what = reg
                        .with_keyword(head)
                        .first()
                        .map(|&s| format!(" (it is a <{}>)", reg.symbol(s).id))
                        .unwrap_or_default();
                    return Problem::error(
                        "type-mismatch",
                        node.span.clone(),
                        format!("`({head} ..)` cannot stand here: expected {expected}{what}"),
                    )
                    .with_label(format!("expected {expected}"));
                }
                self.explain_call(node, head, args, &cands)
            }
            (ParamType::Sym(t), NodeKind::Atom(a)) => {
                if let Some(p) = unknown_word(reg, a, node.span.clone(), Some(*t)) {
                    return p;
                }
                let mut p = mismatch();
                if classify_atom(a) == Atom::Word
                    && a.chars().next().is_some_and(|c| c.is_ascii_lowercase())
                    && !reg.with_keyword(a).is_empty()
                {
                    p = p.with_hint(format!("`{a}` is a ludeme: write it in brackets, `({a} ...)`"));
                }
                p
            }
            _ => mismatch(),
        }
    }

    fn explain_call(&mut self, node: &Node, head: &str, args: &[Node], cands: &[SymId]) -> Problem {
        let reg = self.reg;
        // a call that fits a form but for what Ludii refuses when it builds it
        for form in forms_of(reg, cands, head) {
            if let Some((c, arg)) = self.construction_fault(args, form) {
                let mut p = Problem::error(
                    "construction",
                    node.span.clone(),
                    format!("`({head} ..)`: {}", c.message),
                )
                .with_label("Ludii refuses this when it builds the game")
                .with_hint(format!("the form is {}", form_text(reg, form)));
                // something missing from a list is reported where it would be written
                if let (crate::registry::construction::Rule::HasCall { .. }, Some(list)) = (c.rule, arg) {
                    if let NodeKind::List(items) = &list.kind {
                        let end = items
                            .first()
                            .map_or(list.span.end.saturating_sub(1), |i| i.full_span().start);
                        p.span = list.span.start..list.span.start + 1;
                        p.gap = Some(list.span.start..end.max(list.span.start + 1));
                    }
                }
                return p;
            }
        }
        // For every form: how far the arguments fit in order, and what goes wrong next.
        // The best explanation takes the most arguments, then prefers descending into an
        // argument that is the right kind of thing, then a missing parameter, then the rest.
        let mut best: Option<(usize, u8, &Form, Outcome)> = None;
        for form in forms_of(reg, cands, head) {
            let (placed, next_slot) = best_prefix(self, args, form);
            let outcome = self.outcome(args, placed, next_slot, form);
            let rank = outcome.rank();
            let better = match &best {
                None => true,
                Some((bp, br, _, _)) => placed > *bp || (placed == *bp && rank > *br),
            };
            if better {
                best = Some((placed, rank, form, outcome));
            }
        }
        let Some((placed, _, form, outcome)) = best else {
            return Problem::error(
                "type-mismatch",
                node.span.clone(),
                format!("`({head} ..)` cannot stand here"),
            );
        };
        let signature = form_text(reg, form);
        // where a missing argument would go: just after the last argument that fitted
        let gap = match placed {
            0 => match &node.kind {
                NodeKind::Call { head_span, .. } => head_span.clone(),
                _ => node.span.clone(),
            },
            n => args[n - 1].span.end.saturating_sub(1)..args[n - 1].span.end,
        };
        // the whole stretch where the missing argument would be written
        let gap_after = args
            .get(placed)
            .map(|a| a.full_span().start)
            .unwrap_or(node.span.end.saturating_sub(1));
        let gap_region = gap.end.saturating_sub(1)..gap_after.max(gap.end);
        match outcome {
            Outcome::Descend(j) => self.explain(&args[placed], &form.params[j].ty),
            Outcome::Missing(missing) => {
                // members of one or-group read as alternatives
                let mut names: Vec<String> = Vec::new();
                let mut last_group = None;
                for &j in &missing {
                    let p = &form.params[j];
                    let text = param_text(reg, p);
                    match p.group {
                        Some(g) if last_group == Some(g) => {
                            if let Some(l) = names.last_mut() {
                                *l = format!("{l} | {text}");
                            }
                        }
                        _ => names.push(text),
                    }
                    last_group = p.group;
                }
                let mut p = Problem::error(
                    "missing-argument",
                    gap,
                    format!("`({head} ..)` is missing {}", names.join(" ")),
                )
                .with_label(format!("expected {} here", names.join(" ")))
                .with_hint(format!("the form is {signature}"));
                p.gap = Some(gap_region);
                p
            }
            Outcome::Groups => Problem::error(
                "bad-arguments",
                node.span.clone(),
                format!("`({head} ..)` needs exactly one of each group of alternatives"),
            )
            .with_hint(format!("the form is {signature}")),
            Outcome::Label { known } => {
                let arg = &args[placed];
                let label = arg.label_name().unwrap_or_default();
                let span = arg.label.as_ref().map(|(_, s)| s.clone()).unwrap_or(arg.span.clone());
                if known {
                    return Problem::error(
                        "misplaced-argument",
                        span,
                        format!("named argument `{label}:` is out of place in `({head} ..)`"),
                    )
                    .with_hint(format!(
                        "arguments, named or not, go in the order of the form: {signature}"
                    ));
                }
                let names: Vec<&str> = form.params.iter().filter_map(|p| p.name.as_deref()).collect();
                let mut p = Problem::error(
                    "unknown-named-argument",
                    span,
                    format!("`({head} ..)` has no argument named `{label}:`"),
                )
                .with_label("unknown name");
                if let Some(s) = did_you_mean(label, names.iter().copied()) {
                    p = p.with_hint(format!("did you mean `{s}:`?"));
                }
                p.with_hint(format!("the form is {signature}"))
            }
            Outcome::Literal(j) => {
                let arg = &args[placed];
                if let NodeKind::Atom(a) = &arg.kind {
                    if let Some(u) = unknown_word(reg, a, arg.span.clone(), None) {
                        return u;
                    }
                }
                self.explain(arg, &form.params[j].ty)
            }
            Outcome::Unexpected(fitting) => {
                let arg = &args[placed];
                let label = if fitting.is_empty() {
                    "no parameter takes this".to_string()
                } else {
                    let names: Vec<String> = fitting.iter().map(|&j| param_text(reg, &form.params[j])).collect();
                    format!("expected {}", names.join(" or "))
                };
                Problem::error(
                    "unexpected-argument",
                    arg.full_span(),
                    format!("unexpected argument {} in `({head} ..)`", describe_node(arg)),
                )
                .with_label(label)
                .with_hint(format!("the form is {signature}"))
            }
        }
    }

    /// What goes wrong after `placed` arguments of `args` fitted `form` up to `next_slot`.
    fn outcome(&mut self, args: &[Node], placed: usize, next_slot: usize, form: &Form) -> Outcome {
        let params = &form.params;
        let rest = next_slot.min(params.len());
        if placed == args.len() {
            let mut missing: Vec<usize> = (rest..params.len()).filter(|&j| !params[j].optional).collect();
            // an exactly-one group none of whose slots can have been filled
            for (g, &exactly_one) in form.groups.iter().enumerate() {
                let members: Vec<usize> = (0..params.len()).filter(|&j| params[j].group == Some(g)).collect();
                if exactly_one && !members.is_empty() && members.iter().all(|&j| j >= rest) {
                    missing.extend(members);
                }
            }
            missing.sort_unstable();
            return if missing.is_empty() {
                Outcome::Groups
            } else {
                Outcome::Missing(missing)
            };
        }
        let arg = &args[placed];
        // the slots the argument could take: up to the first required one
        let mut open = Vec::new();
        for (j, p) in params.iter().enumerate().skip(rest) {
            open.push(j);
            if !p.optional {
                break;
            }
        }
        if let Some(label) = arg.label_name() {
            if !open.iter().any(|&j| params[j].name.as_deref() == Some(label)) {
                let later = params[rest..].iter().position(|p| p.name.as_deref() == Some(label));
                if let Some(k) = later {
                    let missing: Vec<usize> = (rest..rest + k).filter(|&j| !params[j].optional).collect();
                    if !missing.is_empty() {
                        return Outcome::Missing(missing);
                    }
                }
                let known = params.iter().any(|p| p.name.as_deref() == Some(label));
                return Outcome::Label { known };
            }
        }
        if let Some(&j) = open
            .iter()
            .find(|&&j| label_fits(arg, &params[j]) && plausible(self, arg, &params[j].ty))
        {
            return Outcome::Descend(j);
        }
        // the argument belongs to a later slot: the required ones before it are missing
        let later = (rest..params.len()).skip(open.len()).find(|&j| {
            label_fits(arg, &params[j]) && (plausible(self, arg, &params[j].ty) || self.matches(arg, &params[j].ty))
        });
        if let Some(k) = later {
            let missing: Vec<usize> = (rest..k).filter(|&j| !params[j].optional).collect();
            if !missing.is_empty() {
                return Outcome::Missing(missing);
            }
        }
        let fitting: Vec<usize> = open.iter().copied().filter(|&j| label_fits(arg, &params[j])).collect();
        if let (Some(&j), NodeKind::Atom(_) | NodeKind::Str(_)) = (fitting.first(), &arg.kind) {
            return Outcome::Literal(j);
        }
        Outcome::Unexpected(fitting)
    }
}

/// What breaks a form's match after its longest fitting prefix.
enum Outcome {
    /// The next argument is the right kind of thing for slot `j`, but broken inside.
    Descend(usize),
    /// These required slots have no argument.
    Missing(Vec<usize>),
    /// Every slot is served, but an or-group has the wrong number of members.
    Groups,
    /// The next argument's name is unknown here (`known`: the form has it, elsewhere).
    Label { known: bool },
    /// The next argument is a literal of the wrong type for slot `j`.
    Literal(usize),
    /// The next argument fits nowhere; the slots it could have taken.
    Unexpected(Vec<usize>),
}

impl Outcome {
    fn rank(&self) -> u8 {
        match self {
            Outcome::Descend(_) => 6,
            Outcome::Label { .. } => 5,
            Outcome::Missing(_) => 4,
            Outcome::Literal(_) => 3,
            Outcome::Groups => 2,
            Outcome::Unexpected(_) => 1,
        }
    }
}

fn node_text_hint(node: &Node) -> String {
    match &node.kind {
        NodeKind::Atom(a) => a.clone(),
        NodeKind::Str(s) => format!("\"{s}\""),
        _ => "..".to_string(),
    }
}

fn param_text(reg: &Registry, p: &crate::registry::Param) -> String {
    let ty = match &p.ty {
        ParamType::Prim(pr) => pr.name().to_string(),
        other => describe_type(reg, other),
    };
    match &p.name {
        Some(n) => format!("{n}:{ty}"),
        None => ty,
    }
}

/// A form as the grammar writes it, for hints.
pub fn form_text(reg: &Registry, form: &Form) -> String {
    let mut s = format!("({}", form.keyword);
    let mut i = 0;
    while i < form.params.len() {
        let p = &form.params[i];
        if let Some(g) = p.group {
            let members: Vec<String> = form.params[i..]
                .iter()
                .take_while(|q| q.group == Some(g))
                .map(|q| param_text(reg, q))
                .collect();
            let (o, c) = if form.groups[g] { ('(', ')') } else { ('[', ']') };
            s.push_str(&format!(" {o}{}{c}", members.join(" | ")));
            i += members.len();
            continue;
        }
        if p.optional {
            s.push_str(&format!(" [{}]", param_text(reg, p)));
        } else {
            s.push_str(&format!(" {}", param_text(reg, p)));
        }
        i += 1;
    }
    s.push(')');
    s
}
