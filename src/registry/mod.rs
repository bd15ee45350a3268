//! The ludeme registry: every ludeme form of Ludii's language, declared once.
//!
//! A [`Decl`] is one grammar symbol: a ludeme class with its call forms, an abstract type
//! listing the symbols it accepts, or an enum listing its constants. The signature is written
//! in the notation of Ludii's exported grammar, with one addition: a bare `int`, `float` or
//! `boolean` in a form marks a literal-only parameter (Java `int`/`Integer`/...), while
//! `<int>` accepts any integer function.
//!
//! The checker, error messages and generated docs all read these declarations.

pub mod construction;
mod decls;
pub mod sig;

/// One grammar symbol, declared in `decls/<package>.rs`.
#[derive(Clone, Copy, Debug)]
pub struct Decl {
    /// The symbol's grammar label: `effect.step`, `int`, `roleType`. Unique.
    pub id: &'static str,
    /// Right-hand side, `|`-separated: call forms `(keyword args..)`, other symbols `<id>`,
    /// primitive terminals `int float boolean string`, and enum constants `Mover`.
    pub rule: &'static str,
    /// One line saying what it is.
    pub doc: &'static str,
    /// An example of its use (may be empty).
    pub example: &'static str,
}

/// Every declaration of every package.
pub fn all_decls() -> impl Iterator<Item = (&'static str, &'static Decl)> {
    decls::PACKAGES
        .iter()
        .flat_map(|(pkg, ds)| ds.iter().map(move |d| (*pkg, d)))
}

use sig::{parse_rule, Prim, RawAlt, RawType};
use std::collections::HashMap;
use std::sync::OnceLock;

/// Index of a symbol in the [`Registry`].
pub type SymId = u32;

/// A parameter type with symbol names resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamType {
    Sym(SymId),
    /// A literal of this primitive type only.
    Prim(Prim),
    /// This constant word only.
    Const(String),
    Array(Box<ParamType>),
}

#[derive(Clone, Debug)]
pub struct Param {
    pub name: Option<String>,
    pub optional: bool,
    pub group: Option<usize>,
    pub ty: ParamType,
}

#[derive(Clone, Debug)]
pub struct Form {
    pub keyword: String,
    pub params: Vec<Param>,
    /// For each or-group: whether exactly one (else at most one) of its slots must be given.
    pub groups: Vec<bool>,
    /// What Ludii refuses when it builds this form ([`construction`]).
    pub checks: Vec<FormCheck>,
}

/// A [`construction::Construction`] on one form: its rule's slots as parameter indexes, in
/// the order of [`construction::Rule::slots`].
#[derive(Clone, Debug)]
pub struct FormCheck {
    pub construction: &'static construction::Construction,
    pub slots: Vec<usize>,
}

/// A grammar symbol with its declaration resolved.
#[derive(Clone, Debug)]
pub struct Symbol {
    pub id: &'static str,
    pub package: &'static str,
    pub decl: &'static Decl,
    pub forms: Vec<Form>,
    /// Symbols listed as alternatives.
    pub alts: Vec<SymId>,
    /// Primitive terminals listed as alternatives (bit set of [`Prim`]).
    pub prims: u8,
    /// Constants listed as alternatives (enum constants).
    pub constants: Vec<&'static str>,
    /// Array types listed as alternatives: a literal `{..}` of this type is accepted.
    pub arrays: Vec<ParamType>,
}

/// A problem in the declarations themselves (a test keeps the shipped ones clean).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RegistryError {
    #[error("declaration `{id}`: {message}")]
    BadRule { id: String, message: String },
    #[error("declaration `{id}` refers to undeclared symbol `<{missing}>`")]
    Undeclared { id: String, missing: String },
    #[error("symbol `{0}` is declared twice")]
    Duplicate(String),
}

/// All symbols, with the indexes the checker needs.
#[derive(Debug)]
pub struct Registry {
    pub symbols: Vec<Symbol>,
    by_id: HashMap<&'static str, SymId>,
    /// Call keyword → symbols with forms of that keyword.
    by_keyword: HashMap<String, Vec<SymId>>,
    /// Constant word → symbols listing it.
    by_constant: HashMap<&'static str, Vec<SymId>>,
    /// Constant words required literally by some form, e.g. `Step` in `(move Step ..)`.
    form_words: std::collections::HashSet<String>,
    /// `accepts[t]`: bit set over symbols accepted where `t` is expected.
    accepts: Vec<Vec<u64>>,
    /// Primitive terminals accepted where `t` is expected.
    accepts_prims: Vec<u8>,
}

/// How a construction names a parameter: `name:` for a named one, else its type as the
/// grammar writes it (`<int>`, `int`, `{<players.player>}`, a constant word).
fn slot_text(symbols: &[Symbol], p: &Param) -> String {
    fn ty(symbols: &[Symbol], t: &ParamType) -> String {
        match t {
            ParamType::Sym(s) => format!("<{}>", symbols[*s as usize].id),
            ParamType::Prim(p) => p.name().to_string(),
            ParamType::Const(c) => c.clone(),
            ParamType::Array(inner) => format!("{{{}}}", ty(symbols, inner)),
        }
    }
    match &p.name {
        Some(n) => format!("{n}:"),
        None => ty(symbols, &p.ty),
    }
}

/// The indexes of `slots` among `form`'s parameters (`<int>#2`: the second of that text), or
/// `None` if one is missing.
fn slot_indexes(symbols: &[Symbol], form: &Form, slots: &[&str]) -> Option<Vec<usize>> {
    let texts: Vec<String> = form.params.iter().map(|p| slot_text(symbols, p)).collect();
    slots
        .iter()
        .map(|slot| {
            let (text, nth) = match slot.rsplit_once('#') {
                Some((t, n)) => (t, n.parse::<usize>().ok()?),
                None => (*slot, 1),
            };
            texts
                .iter()
                .enumerate()
                .filter(|(_, t)| t.as_str() == text)
                .nth(nth.checked_sub(1)?)
                .map(|(i, _)| i)
        })
        .collect()
}

/// Puts each [`construction::CONSTRUCTIONS`] entry on the one form it names.
fn attach_constructions(symbols: &mut [Symbol], by_id: &HashMap<&'static str, SymId>) -> Result<(), RegistryError> {
    for c in construction::CONSTRUCTIONS {
        let bad = |message: String| RegistryError::BadRule {
            id: c.decl.to_string(),
            message,
        };
        let Some(&s) = by_id.get(c.decl) else {
            // a registry built from other declarations (tests) may lack it
            continue;
        };
        let slots = c.rule.slots();
        let found: Vec<(usize, Vec<usize>)> = symbols[s as usize]
            .forms
            .iter()
            .enumerate()
            .filter(|(_, f)| f.keyword == c.keyword)
            .filter_map(|(i, f)| slot_indexes(symbols, f, &slots).map(|ix| (i, ix)))
            .collect();
        match &found[..] {
            [(i, ix)] => symbols[s as usize].forms[*i].checks.push(FormCheck {
                construction: c,
                slots: ix.clone(),
            }),
            [] => return Err(bad(format!("no form ({} ..) has the slots {slots:?}", c.keyword))),
            _ => {
                return Err(bad(format!(
                    "several forms ({} ..) have the slots {slots:?}",
                    c.keyword
                )))
            }
        }
    }
    Ok(())
}

impl Registry {
    /// The registry of every shipped declaration, built once.
    pub fn global() -> &'static Registry {
        static REG: OnceLock<Registry> = OnceLock::new();
        REG.get_or_init(|| Registry::build(all_decls()).expect("the shipped declarations are valid (tested)"))
    }

    pub fn build(decls: impl IntoIterator<Item = (&'static str, &'static Decl)>) -> Result<Registry, RegistryError> {
        let decls: Vec<(&'static str, &'static Decl)> = decls.into_iter().collect();
        let mut by_id = HashMap::new();
        for (i, (_, d)) in decls.iter().enumerate() {
            if by_id.insert(d.id, i as SymId).is_some() {
                return Err(RegistryError::Duplicate(d.id.to_string()));
            }
        }
        let resolve = |id: &str, s: &str| -> Result<SymId, RegistryError> {
            by_id.get(s).copied().ok_or_else(|| RegistryError::Undeclared {
                id: id.to_string(),
                missing: s.to_string(),
            })
        };
        fn resolve_ty(
            t: &RawType,
            f: &dyn Fn(&str) -> Result<SymId, RegistryError>,
        ) -> Result<ParamType, RegistryError> {
            Ok(match t {
                RawType::Sym(s) => ParamType::Sym(f(s)?),
                RawType::Prim(p) => ParamType::Prim(*p),
                RawType::Const(c) => ParamType::Const(c.clone()),
                RawType::Array(inner) => ParamType::Array(Box::new(resolve_ty(inner, f)?)),
            })
        }
        let mut symbols = Vec::with_capacity(decls.len());
        for (package, d) in &decls {
            let alts = parse_rule(d.rule).map_err(|e| RegistryError::BadRule {
                id: d.id.to_string(),
                message: e.to_string(),
            })?;
            let mut sym = Symbol {
                id: d.id,
                package,
                decl: d,
                forms: Vec::new(),
                alts: Vec::new(),
                prims: 0,
                constants: Vec::new(),
                arrays: Vec::new(),
            };
            let f = |s: &str| resolve(d.id, s);
            for alt in alts {
                match alt {
                    RawAlt::Form(rf) => {
                        let mut params = Vec::with_capacity(rf.params.len());
                        for p in &rf.params {
                            params.push(Param {
                                name: p.name.clone(),
                                optional: p.optional,
                                group: p.group,
                                ty: resolve_ty(&p.ty, &f)?,
                            });
                        }
                        sym.forms.push(Form {
                            keyword: rf.keyword,
                            params,
                            groups: rf.groups.iter().map(|g| g.exactly_one).collect(),
                            checks: Vec::new(),
                        });
                    }
                    RawAlt::Sym(s) => sym.alts.push(f(&s)?),
                    RawAlt::Prim(p) => sym.prims |= p.bit(),
                    RawAlt::Const(c) => sym.constants.push(const_str(d.rule, &c)),
                    RawAlt::Array(t) => sym.arrays.push(ParamType::Array(Box::new(resolve_ty(&t, &f)?))),
                }
            }
            symbols.push(sym);
        }
        attach_constructions(&mut symbols, &by_id)?;
        let n = symbols.len();
        let words = n.div_ceil(64);
        // accepts = reflexive transitive closure over `alts`
        let mut accepts = vec![vec![0u64; words]; n];
        for (t, acc) in accepts.iter_mut().enumerate() {
            let mut stack = vec![t as SymId];
            while let Some(s) = stack.pop() {
                let (w, b) = (s as usize / 64, s as usize % 64);
                if acc[w] & (1 << b) != 0 {
                    continue;
                }
                acc[w] |= 1 << b;
                stack.extend(symbols[s as usize].alts.iter().copied());
            }
        }
        let accepts_prims = (0..n)
            .map(|t| {
                (0..n)
                    .filter(|&s| accepts[t][s / 64] & (1 << (s % 64)) != 0)
                    .fold(0u8, |acc, s| acc | symbols[s].prims)
            })
            .collect();
        let mut by_keyword: HashMap<String, Vec<SymId>> = HashMap::new();
        let mut by_constant: HashMap<&'static str, Vec<SymId>> = HashMap::new();
        for (i, s) in symbols.iter().enumerate() {
            for f in &s.forms {
                let v = by_keyword.entry(f.keyword.clone()).or_default();
                if !v.contains(&(i as SymId)) {
                    v.push(i as SymId);
                }
            }
            for c in &s.constants {
                by_constant.entry(c).or_default().push(i as SymId);
            }
        }
        for (alias, op) in decls::KEYWORD_ALIASES {
            let ops: Vec<SymId> = by_keyword.get(*op).cloned().unwrap_or_default();
            let v = by_keyword.entry(alias.to_string()).or_default();
            for s in ops {
                if !v.contains(&s) {
                    v.push(s);
                }
            }
        }
        let mut form_words = std::collections::HashSet::new();
        fn literal_words(t: &ParamType, out: &mut std::collections::HashSet<String>) {
            match t {
                ParamType::Const(c) => {
                    out.insert(c.clone());
                }
                ParamType::Array(inner) => literal_words(inner, out),
                _ => {}
            }
        }
        for s in &symbols {
            for f in &s.forms {
                for p in &f.params {
                    literal_words(&p.ty, &mut form_words);
                }
            }
        }
        Ok(Registry {
            symbols,
            by_id,
            by_keyword,
            by_constant,
            form_words,
            accepts,
            accepts_prims,
        })
    }

    pub fn id(&self, name: &str) -> Option<SymId> {
        self.by_id.get(name).copied()
    }

    pub fn symbol(&self, id: SymId) -> &Symbol {
        &self.symbols[id as usize]
    }

    /// Is `s` acceptable where `t` is expected?
    pub fn accepts(&self, t: SymId, s: SymId) -> bool {
        self.accepts[t as usize][s as usize / 64] & (1 << (s % 64)) != 0
    }

    pub fn accepts_prim(&self, t: SymId, p: Prim) -> bool {
        self.accepts_prims[t as usize] & p.bit() != 0
    }

    /// Does `t` accept constant `word` (through any enum it accepts)?
    pub fn accepts_constant(&self, t: SymId, word: &str) -> bool {
        self.by_constant
            .get(word)
            .is_some_and(|ss| ss.iter().any(|&s| self.accepts(t, s)))
    }

    /// Is `word` a constant of the language (of an enum, or required by some form)?
    pub fn is_constant(&self, word: &str) -> bool {
        self.by_constant.contains_key(word) || self.form_words.contains(word)
    }

    /// Does a call written `(head ..)` use a form declared with `keyword`?
    pub fn keyword_matches(keyword: &str, head: &str) -> bool {
        keyword == head
            || decls::KEYWORD_ALIASES
                .iter()
                .any(|(a, op)| *a == head && *op == keyword)
    }

    /// The symbols with call forms of this keyword (or alias).
    pub fn with_keyword(&self, keyword: &str) -> &[SymId] {
        self.by_keyword.get(keyword).map(Vec::as_slice).unwrap_or(&[])
    }

    pub fn keywords(&self) -> impl Iterator<Item = &str> {
        self.by_keyword.keys().map(String::as_str)
    }

    pub fn constants(&self) -> impl Iterator<Item = &str> + '_ {
        self.by_constant
            .keys()
            .copied()
            .chain(self.form_words.iter().map(String::as_str))
    }

    /// Constants accepted where `t` is expected.
    pub fn constants_of(&self, t: SymId) -> impl Iterator<Item = &'static str> + '_ {
        self.by_constant
            .iter()
            .filter(move |(_, ss)| ss.iter().any(|&s| self.accepts(t, s)))
            .map(|(c, _)| *c)
    }
}

/// The `'static` slice of `rule` equal to `c` (constants are words of the rule text).
fn const_str(rule: &'static str, c: &str) -> &'static str {
    let mut from = 0;
    while let Some(i) = rule[from..].find(c) {
        let a = from + i;
        let b = a + c.len();
        let word = |j: usize| {
            rule.as_bytes()
                .get(j)
                .is_some_and(|x| x.is_ascii_alphanumeric() || *x == b'_')
        };
        if (a == 0 || !word(a - 1)) && !word(b) {
            return &rule[a..b];
        }
        from = b;
    }
    Box::leak(c.to_string().into_boxed_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shipped_declarations_build() {
        let r = Registry::build(all_decls()).unwrap();
        let int = r.id("int").unwrap();
        let moves = r.id("moves").unwrap();
        assert!(r.accepts_prim(int, Prim::Int));
        assert!(!r.accepts_prim(moves, Prim::Int));
        let step = r.with_keyword("step");
        assert!(step.iter().any(|&s| r.accepts(moves, s)));
        let role = r.id("roleType").unwrap();
        assert!(r.accepts_constant(role, "Mover"));
        assert!(!r.accepts_constant(moves, "Mover"));
    }
}
