//! The checker: resolves every ludeme of a parsed description against its declaration, by
//! Ludii's own matching rules, and explains the first mismatch precisely.
//!
//! Ludii matches the arguments of a call to a constructor's parameters in order: each
//! argument fills the next slot it fits, optional slots may be skipped, a `name:` argument
//! only fills the slot of that name, and an or-group takes one of its alternatives. A call
//! is valid when some form of some ludeme with that keyword, acceptable where the call
//! stands, takes all its arguments that way. [`Checker::matches`] decides exactly that
//! (memoised, so the search stays polynomial); [`Checker::explain`] finds, for a call that
//! does not match, the deepest argument that breaks the best partial match.

mod driver;
mod explain;
mod strings;

pub use driver::{check_source, Checked};
pub use explain::{describe_type, form_text};
pub use strings::check_strings;

use crate::registry::construction::Construction;
use crate::registry::{Form, FormCheck, Param, ParamType, Registry, SymId};
use crate::syntax::{classify_atom, Atom, Node, NodeKind};
use std::collections::HashMap;
use std::ops::Range;

/// A problem found by the checker, located in the checked text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub code: &'static str,
    pub span: Range<usize>,
    pub message: String,
    pub label: Option<String>,
    pub hints: Vec<String>,
    pub warning: bool,
    /// Where something is missing: the text between the argument before and the one after
    /// (the report points at an empty line there, if the source has one, else at its start).
    pub gap: Option<Range<usize>>,
}

impl Problem {
    pub fn error(code: &'static str, span: Range<usize>, message: impl Into<String>) -> Self {
        Problem {
            code,
            span,
            message: message.into(),
            label: None,
            hints: Vec::new(),
            warning: false,
            gap: None,
        }
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = Some(label.into());
        self
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hints.push(hint.into());
        self
    }
}

/// A call matched to a form: which argument fills each parameter slot.
#[derive(Clone, Debug)]
pub struct Resolved<'n> {
    pub symbol: SymId,
    pub form: usize,
    pub slots: Vec<Option<&'n Node>>,
}

/// Unknown names reported one by one; past these, a single line says how many more.
pub const MAX_UNKNOWN_NAMES: usize = 100;

/// Matches nodes against declared types.
pub struct Checker<'r> {
    pub reg: &'r Registry,
    memo: HashMap<(usize, usize), bool>,
    /// The argument list whose form's construction checks are skipped (to find which one a
    /// call breaks): only that call's, never a nested one's, so the memo stays true.
    lenient: Option<*const Node>,
}

impl<'r> Checker<'r> {
    pub fn new(reg: &'r Registry) -> Self {
        Checker {
            reg,
            memo: HashMap::new(),
            lenient: None,
        }
    }

    /// The construction check of `form` that `args` break, if they fit the form otherwise,
    /// with the argument in its first slot.
    pub fn construction_fault<'n>(
        &mut self,
        args: &'n [Node],
        form: &Form,
    ) -> Option<(&'static Construction, Option<&'n Node>)> {
        if form.checks.is_empty() {
            return None;
        }
        self.lenient = Some(args.as_ptr());
        let mut filled = vec![false; form.params.len()];
        let fits = self.assign(args, 0, &form.params, 0, &mut filled, form);
        self.lenient = None;
        if !fits {
            return None;
        }
        let slots = slot_args(args, &filled);
        form.checks
            .iter()
            .find(|c| !construction_holds(c, &slots))
            .map(|c| (c.construction, c.slots.first().and_then(|&i| slots[i])))
    }

    /// Check a whole tree against the symbol `root` (`game` or `metadata`): first every
    /// token must name something (Ludii's symbol matching), then the tree must match.
    pub fn check_root(&mut self, node: &Node, root: SymId) -> Vec<Problem> {
        let mut problems = Vec::new();
        self.check_tokens(node, &mut problems);
        if problems.iter().any(|p| !p.warning) {
            return problems;
        }
        let ty = ParamType::Sym(root);
        if !self.matches(node, &ty) {
            problems.push(self.explain(node, &ty));
        }
        problems
    }

    /// Ludii's first pass: every call keyword must be a ludeme and every word a known
    /// constant, wherever it stands.
    pub fn check_tokens(&self, node: &Node, out: &mut Vec<Problem>) {
        let mut stack = vec![node];
        let (mut reported, mut more) = (0usize, 0usize);
        let mut last_span = 0..0;
        while let Some(n) = stack.pop() {
            // past the cap, unknown names are only counted (finding suggestions is the slow part)
            let full = reported >= MAX_UNKNOWN_NAMES;
            match &n.kind {
                NodeKind::Call { head, head_span, args } => {
                    if full {
                        more += usize::from(explain::is_unknown_keyword(self.reg, head));
                    } else if let Some(p) = explain::unknown_keyword(self.reg, head, head_span.clone()) {
                        out.push(p);
                        reported += 1;
                        last_span = head_span.clone();
                    }
                    stack.extend(args.iter().rev());
                }
                NodeKind::List(items) => stack.extend(items.iter().rev()),
                NodeKind::Atom(a) => {
                    if full {
                        more += usize::from(explain::is_unknown_word(self.reg, a));
                    } else if let Some(p) = explain::unknown_word(self.reg, a, n.span.clone(), None) {
                        out.push(p);
                        reported += 1;
                        last_span = n.span.clone();
                    }
                }
                NodeKind::Str(_) => {}
            }
        }
        if more > 0 {
            out.push(Problem::error(
                "too-many-errors",
                last_span,
                format!("{more} more unknown names after the first {MAX_UNKNOWN_NAMES} (not listed)"),
            ));
        }
    }

    /// Does `node` (ignoring its label) fit where `ty` is expected?
    pub fn matches(&mut self, node: &Node, ty: &ParamType) -> bool {
        let key = (node as *const Node as usize, ty as *const ParamType as usize);
        if let Some(&r) = self.memo.get(&key) {
            return r;
        }
        let r = self.matches_uncached(node, ty);
        self.memo.insert(key, r);
        r
    }

    fn matches_uncached(&mut self, node: &Node, ty: &ParamType) -> bool {
        match ty {
            ParamType::Array(inner) => match &node.kind {
                NodeKind::List(items) => items.iter().all(|i| self.matches(i, inner)),
                _ => false,
            },
            ParamType::Prim(p) => literal_fits(node, |q| q == *p),
            ParamType::Const(c) => match &node.kind {
                NodeKind::Atom(a) => a == c || upper_initial(a).as_deref() == Some(c.as_str()),
                _ => false,
            },
            ParamType::Sym(t) => self.matches_sym(node, *t),
        }
    }

    fn matches_sym(&mut self, node: &Node, t: SymId) -> bool {
        let reg = self.reg;
        match &node.kind {
            NodeKind::Call { head, args, .. } => {
                for &s in reg.with_keyword(head) {
                    if !reg.accepts(t, s) {
                        continue;
                    }
                    for form in &reg.symbol(s).forms {
                        if Registry::keyword_matches(&form.keyword, head) && self.matches_form(args, form) {
                            return true;
                        }
                    }
                }
                false
            }
            NodeKind::Atom(a) => {
                if literal_fits(node, |p| reg.accepts_prim(t, p)) {
                    return true;
                }
                matches!(classify_atom(a), Atom::Word | Atom::Int(_))
                    && (reg.accepts_constant(t, a) || upper_initial(a).is_some_and(|u| reg.accepts_constant(t, &u)))
            }
            NodeKind::Str(_) => reg.accepts_prim(t, crate::registry::sig::Prim::Str),
            NodeKind::List(_) => {
                let arrays: Vec<&'r ParamType> = reg
                    .symbols
                    .iter()
                    .enumerate()
                    .filter(|(s, sym)| !sym.arrays.is_empty() && reg.accepts(t, *s as SymId))
                    .flat_map(|(_, sym)| sym.arrays.iter())
                    .collect();
                arrays.into_iter().any(|a| self.matches(node, a))
            }
        }
    }

    /// For a call that matches `ty`: the ludeme and form it matched, and for each parameter
    /// of that form the argument that fills it (Ludii's first match, in declaration order).
    pub fn resolve<'n>(&mut self, node: &'n Node, ty: &ParamType) -> Option<Resolved<'n>> {
        let reg = self.reg;
        let NodeKind::Call { head, args, .. } = &node.kind else {
            return None;
        };
        let t = match ty {
            ParamType::Sym(t) => *t,
            _ => return None,
        };
        for &s in reg.with_keyword(head) {
            if !reg.accepts(t, s) {
                continue;
            }
            for (fi, form) in reg.symbol(s).forms.iter().enumerate() {
                if !Registry::keyword_matches(&form.keyword, head) {
                    continue;
                }
                let mut filled = vec![false; form.params.len()];
                if self.assign(args, 0, &form.params, 0, &mut filled, form) {
                    let mut slots = vec![None; form.params.len()];
                    let mut it = args.iter();
                    for (j, f) in filled.iter().enumerate() {
                        if *f {
                            slots[j] = it.next();
                        }
                    }
                    return Some(Resolved {
                        symbol: s,
                        form: fi,
                        slots,
                    });
                }
            }
        }
        None
    }

    /// Can `args` fill `form`'s slots in order?
    pub fn matches_form(&mut self, args: &[Node], form: &Form) -> bool {
        let mut filled = vec![false; form.params.len()];
        self.assign(args, 0, &form.params, 0, &mut filled, form)
    }

    fn assign(
        &mut self,
        args: &[Node],
        i: usize,
        params: &[Param],
        j: usize,
        filled: &mut [bool],
        form: &Form,
    ) -> bool {
        if i == args.len() {
            return params[j..].iter().all(|p| p.optional)
                && groups_ok(form, filled)
                && (form.checks.is_empty()
                    || self.lenient == Some(args.as_ptr())
                    || form
                        .checks
                        .iter()
                        .all(|c| construction_holds(c, &slot_args(args, filled))));
        }
        if args.len() - i > params.len() - j {
            return false;
        }
        let (arg, p) = (&args[i], &params[j]);
        if label_fits(arg, p) && self.matches(arg, &p.ty) {
            filled[j] = true;
            if self.assign(args, i + 1, params, j + 1, filled, form) {
                return true;
            }
            filled[j] = false;
        }
        p.optional && self.assign(args, i, params, j + 1, filled, form)
    }
}

/// For each parameter of a form, the argument that fills it (`filled` as `assign` leaves it).
fn slot_args<'n>(args: &'n [Node], filled: &[bool]) -> Vec<Option<&'n Node>> {
    let mut it = args.iter();
    filled.iter().map(|&f| if f { it.next() } else { None }).collect()
}

/// Does a call whose slots hold `slots` pass this construction check?
fn construction_holds(c: &FormCheck, slots: &[Option<&Node>]) -> bool {
    use crate::registry::construction::Rule;
    let arg = |k: usize| c.slots.get(k).and_then(|&i| slots.get(i).copied().flatten());
    let constant = |k: usize| match arg(k).map(|n| &n.kind) {
        Some(NodeKind::Atom(a)) => Some(upper_initial_or_same(a)),
        _ => None,
    };
    match c.construction.rule {
        Rule::Needs { values, need, .. } => {
            let applies = constant(0).is_some_and(|v| values.contains(&v.as_str()));
            !applies || (1..=need.len()).all(|k| arg(k).is_some())
        }
        Rule::Never { values, .. } => !constant(0).is_some_and(|v| values.contains(&v.as_str())),
        Rule::IntRange { min, max, .. } => match arg(0).map(|n| &n.kind) {
            Some(NodeKind::Atom(a)) => match classify_atom(a) {
                Atom::Int(v) => (min..=max).contains(&i64::from(v)),
                _ => true,
            },
            _ => true,
        },
        Rule::MaxItems { max, .. } => match arg(0).map(|n| &n.kind) {
            Some(NodeKind::List(items)) => items.len() <= max,
            _ => true,
        },
        Rule::HasCall { keywords, .. } => match arg(0).map(|n| &n.kind) {
            Some(NodeKind::List(items)) => items
                .iter()
                .any(|i| matches!(&i.kind, NodeKind::Call { head, .. } if keywords.contains(&head.as_str()))),
            _ => true,
        },
        Rule::SameLength { .. } => match (arg(0).map(|n| &n.kind), arg(1).map(|n| &n.kind)) {
            (Some(NodeKind::List(a)), Some(NodeKind::List(b))) => a.len() == b.len(),
            _ => true,
        },
    }
}

/// A named argument goes only to the slot of that name, and an unnamed one only to an
/// unnamed slot.
pub(crate) fn label_fits(arg: &Node, p: &Param) -> bool {
    arg.label_name() == p.name.as_deref()
}

pub(crate) fn groups_ok(form: &Form, filled: &[bool]) -> bool {
    form.groups.iter().enumerate().all(|(g, &exactly_one)| {
        let n = form
            .params
            .iter()
            .zip(filled)
            .filter(|(p, &f)| f && p.group == Some(g))
            .count();
        if exactly_one {
            n == 1
        } else {
            n <= 1
        }
    })
}

/// Does a literal node fit a primitive type accepted by `ok`? An integer also fits a float.
pub(crate) fn literal_fits(node: &Node, ok: impl Fn(crate::registry::sig::Prim) -> bool) -> bool {
    use crate::registry::sig::Prim;
    match &node.kind {
        NodeKind::Str(_) => ok(Prim::Str),
        NodeKind::Atom(a) => match classify_atom(a) {
            Atom::Int(_) => ok(Prim::Int) || ok(Prim::Float) || (a == "Infinity" && ok(Prim::Float)),
            Atom::Float(_) => ok(Prim::Float),
            Atom::Bool(_) => ok(Prim::Bool),
            Atom::Word => false,
        },
        _ => false,
    }
}

/// `mover` → `Mover`; other words unchanged.
pub fn upper_initial_or_same(s: &str) -> String {
    upper_initial(s).unwrap_or_else(|| s.to_string())
}

/// `mover` → `Mover` (Ludii resolves lowercase constants, with a warning).
pub(crate) fn upper_initial(s: &str) -> Option<String> {
    let mut cs = s.chars();
    let c = cs.next()?;
    if !c.is_ascii_lowercase() {
        return None;
    }
    Some(c.to_ascii_uppercase().to_string() + cs.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse_first_form;

    const TTT: &str = r#"(game "Tic-Tac-Toe" (players 2) (equipment {(board (square 3)) (piece "Disc" P1) (piece "Cross" P2)}) (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))"#;

    fn check(text: &str) -> Vec<Problem> {
        let reg = Registry::global();
        let node = parse_first_form(text).unwrap();
        Checker::new(reg).check_root(&node, reg.id("game").unwrap())
    }

    fn first(text: &str) -> (String, String) {
        let p = check(text);
        assert!(!p.is_empty(), "expected a problem in {text}");
        (p[0].code.to_string(), text[p[0].span.clone()].to_string())
    }

    #[test]
    fn valid_game_matches() {
        assert_eq!(check(TTT), vec![]);
    }

    #[test]
    fn resolve_gives_slots() {
        let reg = Registry::global();
        let node = parse_first_form("(move Step (to if:True) stack:True)").unwrap();
        let ty = ParamType::Sym(reg.id("moves").unwrap());
        let r = Checker::new(reg).resolve(&node, &ty).unwrap();
        let form = &reg.symbol(r.symbol).forms[r.form];
        let named: Vec<(Option<&str>, bool)> = form
            .params
            .iter()
            .zip(&r.slots)
            .map(|(p, s)| (p.name.as_deref(), s.is_some()))
            .collect();
        assert!(named.contains(&(Some("stack"), true)));
        assert_eq!(r.slots.iter().filter(|s| s.is_some()).count(), 3);
    }

    #[test]
    fn unknown_ludeme_is_named() {
        let (code, at) = first(&TTT.replace("(is Line 3)", "(is Lin 3)"));
        assert_eq!((code.as_str(), at.as_str()), ("unknown-constant", "Lin"));
        let (code, at) = first(&TTT.replace("(square 3)", "(sqare 3)"));
        assert_eq!((code.as_str(), at.as_str()), ("unknown-ludeme", "sqare"));
    }

    #[test]
    fn wrong_type_points_at_the_argument() {
        let (code, at) = first(&TTT.replace("(square 3)", "(square \"x\")"));
        assert_eq!((code.as_str(), at.as_str()), ("type-mismatch", "\"x\""));
    }

    #[test]
    fn misplaced_and_unknown_named_arguments() {
        let t = TTT.replace(
            "(move Add (to (sites Empty)))",
            "(move Add (to (sites Empty)) stak:True)",
        );
        let (code, at) = first(&t);
        assert_eq!((code.as_str(), at.as_str()), ("unknown-named-argument", "stak:"));
    }

    #[test]
    fn duplicate_argument_is_unexpected() {
        let t = TTT.replace("(players 2)", "(players 2) (players 2)");
        let (code, _) = first(&t);
        assert_eq!(code, "unexpected-argument");
    }
}
