//! Reading the signature notation of [`Decl::rule`](super::Decl) into structured forms.

use std::fmt;

/// A primitive terminal type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Prim {
    Int,
    Float,
    Bool,
    Str,
}

impl Prim {
    pub fn from_word(w: &str) -> Option<Prim> {
        match w {
            "int" => Some(Prim::Int),
            "float" => Some(Prim::Float),
            "boolean" => Some(Prim::Bool),
            "string" => Some(Prim::Str),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Prim::Int => "int",
            Prim::Float => "float",
            Prim::Bool => "boolean",
            Prim::Str => "string",
        }
    }

    pub(crate) fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// The type of one parameter, before symbol names are resolved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RawType {
    /// `<id>`: any symbol the named symbol accepts.
    Sym(String),
    /// Bare `int`, `float`, `boolean`, `string`: a literal only.
    Prim(Prim),
    /// A required constant word, e.g. `Step` in `(move Step ..)`.
    Const(String),
    /// `{T}`.
    Array(Box<RawType>),
}

/// One parameter slot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawParam {
    pub name: Option<String>,
    pub optional: bool,
    /// Index of the or-group this slot belongs to, within its form.
    pub group: Option<usize>,
    pub ty: RawType,
}

/// An or-group: `(<a> | <b>)` needs exactly one, `[<a> | <b>]` at most one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawGroup {
    pub exactly_one: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawForm {
    pub keyword: String,
    pub params: Vec<RawParam>,
    pub groups: Vec<RawGroup>,
}

/// One alternative of a rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RawAlt {
    Form(RawForm),
    Sym(String),
    Prim(Prim),
    Const(String),
    /// `{T}`: a literal array is accepted here (`<ints> ::= {<int>} | ..`).
    Array(RawType),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SigError {
    pub message: String,
    pub at: usize,
}

impl fmt::Display for SigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.message, self.at)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Open(char),
    Close(char),
    Bar,
    Sym(String),
    Label(String),
    Word(String),
}

fn lex(s: &str) -> Result<Vec<(Tok, usize)>, SigError> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i] as char;
        match c {
            ' ' | '\t' | '\n' | '\r' => i += 1,
            '(' | '[' | '{' => {
                out.push((Tok::Open(c), i));
                i += 1;
            }
            ')' | ']' | '}' => {
                out.push((Tok::Close(c), i));
                i += 1;
            }
            '|' => {
                out.push((Tok::Bar, i));
                i += 1;
            }
            // after `(`, `<` is the keyword of the comparison ludemes `(< ..)`, `(<= ..)`,
            // unless a symbol name follows (an or-group such as `(<int> | <roleType>)`)
            '<' if !matches!(out.last(), Some((Tok::Open('('), _)))
                || b.get(i + 1).is_some_and(|c| c.is_ascii_alphabetic()) =>
            {
                // `<id>`; ids may themselves contain `<`/`>` (the operators `<<>`, `<>=>`)
                let start = i;
                let end = s[i + 1..]
                    .find([' ', ')', ']', '}', '|'])
                    .map(|e| i + 1 + e)
                    .unwrap_or(s.len());
                let tok = &s[start..end];
                if tok.len() < 3 || !tok.ends_with('>') {
                    return Err(SigError {
                        message: format!("malformed symbol `{tok}`"),
                        at: start,
                    });
                }
                out.push((Tok::Sym(tok[1..tok.len() - 1].to_string()), start));
                i = end;
            }
            _ => {
                let start = i;
                let keyword = matches!(out.last(), Some((Tok::Open('('), _)));
                // (the `<` keyword case: a symbol after `(` was handled above)
                while i < b.len()
                    && !matches!(b[i], b' ' | b'(' | b')' | b'[' | b']' | b'{' | b'}' | b'|' | b'\n')
                    && (keyword || b[i] != b'<')
                {
                    i += 1;
                    if b[i - 1] == b':' {
                        break;
                    }
                }
                let w = &s[start..i];
                if let Some(l) = w.strip_suffix(':') {
                    out.push((Tok::Label(l.to_string()), start));
                } else {
                    out.push((Tok::Word(w.to_string()), start));
                }
            }
        }
    }
    Ok(out)
}

struct P<'a> {
    toks: &'a [(Tok, usize)],
    i: usize,
}

impl P<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.i).map(|t| &t.0)
    }
    fn at(&self) -> usize {
        self.toks.get(self.i).map(|t| t.1).unwrap_or(usize::MAX)
    }
    fn err<T>(&self, m: impl Into<String>) -> Result<T, SigError> {
        Err(SigError {
            message: m.into(),
            at: self.at(),
        })
    }
    fn next(&mut self) -> Option<Tok> {
        let t = self.toks.get(self.i).map(|t| t.0.clone());
        self.i += 1;
        t
    }
}

/// Parse a whole rule right-hand side.
pub fn parse_rule(s: &str) -> Result<Vec<RawAlt>, SigError> {
    let toks = lex(s)?;
    let mut p = P { toks: &toks, i: 0 };
    let mut alts = Vec::new();
    if toks.is_empty() {
        return Ok(alts);
    }
    loop {
        let alt = match p.next() {
            Some(Tok::Open('(')) => RawAlt::Form(parse_form(&mut p)?),
            Some(Tok::Sym(s)) => RawAlt::Sym(s),
            Some(Tok::Word(w)) => match Prim::from_word(&w) {
                Some(pr) => RawAlt::Prim(pr),
                None => RawAlt::Const(w),
            },
            Some(Tok::Open('{')) => {
                p.i -= 1;
                match parse_type(&mut p)? {
                    RawType::Array(inner) => RawAlt::Array(*inner),
                    _ => return p.err("expected an array"),
                }
            }
            _ => return p.err("expected a form, a symbol or a constant"),
        };
        alts.push(alt);
        match p.next() {
            None => break,
            Some(Tok::Bar) => continue,
            _ => return p.err("expected `|` between alternatives"),
        }
    }
    Ok(alts)
}

fn parse_form(p: &mut P) -> Result<RawForm, SigError> {
    let keyword = match p.next() {
        Some(Tok::Word(w)) => w,
        _ => return p.err("expected a keyword after `(`"),
    };
    let mut form = RawForm {
        keyword,
        params: Vec::new(),
        groups: Vec::new(),
    };
    loop {
        match p.peek() {
            Some(Tok::Close(')')) => {
                p.i += 1;
                return Ok(form);
            }
            None => return p.err("unclosed form"),
            Some(Tok::Open(c @ ('[' | '('))) => {
                let close = if *c == '[' { ']' } else { ')' };
                let optional_group = *c == '[';
                p.i += 1;
                // a sequence of items, maybe separated by `|`
                let mut items = Vec::new();
                let mut bars = 0;
                loop {
                    match p.peek() {
                        Some(Tok::Close(c)) if *c == close => {
                            p.i += 1;
                            break;
                        }
                        Some(Tok::Bar) => {
                            bars += 1;
                            p.i += 1;
                        }
                        None => return p.err("unclosed group"),
                        _ => items.push(parse_item(p)?),
                    }
                }
                // `[a]`, `[a b]`: optional slots. `[a | b]`: at most one. `(a | b)` and
                // `(a b)` (as Ludii's export writes some @Or pairs): exactly one.
                let group = if !optional_group || (bars > 0 && items.len() > 1) {
                    form.groups.push(RawGroup {
                        exactly_one: !optional_group,
                    });
                    Some(form.groups.len() - 1)
                } else {
                    None
                };
                for (name, ty) in items {
                    form.params.push(RawParam {
                        name,
                        optional: true,
                        group,
                        ty,
                    });
                }
            }
            _ => {
                let (name, ty) = parse_item(p)?;
                form.params.push(RawParam {
                    name,
                    optional: false,
                    group: None,
                    ty,
                });
            }
        }
    }
}

fn parse_item(p: &mut P) -> Result<(Option<String>, RawType), SigError> {
    let name = if let Some(Tok::Label(l)) = p.peek() {
        let l = l.clone();
        p.i += 1;
        Some(l)
    } else {
        None
    };
    Ok((name, parse_type(p)?))
}

fn parse_type(p: &mut P) -> Result<RawType, SigError> {
    match p.next() {
        Some(Tok::Sym(s)) => Ok(RawType::Sym(s)),
        Some(Tok::Word(w)) => Ok(match Prim::from_word(&w) {
            Some(pr) => RawType::Prim(pr),
            None => RawType::Const(w),
        }),
        Some(Tok::Open('{')) => {
            let inner = parse_type(p)?;
            match p.next() {
                Some(Tok::Close('}')) => Ok(RawType::Array(Box::new(inner))),
                _ => p.err("expected `}`"),
            }
        }
        _ => {
            p.i -= 1;
            p.err("expected a type")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_forms() {
        let alts = parse_rule(
            "(move Step [<moves.from>] [<direction>] <moves.to> [stack:<boolean>] [<then>]) | <x> | int | Cell",
        )
        .unwrap();
        assert_eq!(alts.len(), 4);
        let RawAlt::Form(f) = &alts[0] else { panic!() };
        assert_eq!(f.keyword, "move");
        assert_eq!(f.params.len(), 6);
        assert_eq!(f.params[0].ty, RawType::Const("Step".into()));
        assert!(!f.params[0].optional);
        assert_eq!(f.params[4].name.as_deref(), Some("stack"));
        assert!(f.params[4].optional);
        assert_eq!(alts[2], RawAlt::Prim(Prim::Int));
        assert_eq!(alts[3], RawAlt::Const("Cell".into()));
    }

    #[test]
    fn parses_groups_and_operators() {
        let RawAlt::Form(e) = &parse_rule("(end (<endRule> | {<endRule>}))").unwrap()[0] else {
            panic!()
        };
        assert_eq!(e.params[0].ty, RawType::Sym("endRule".into()));
        let alts = parse_rule("(!= <int> (<int> | <roleType>))").unwrap();
        assert_eq!(parse_rule("(end (<endRule> | {<endRule>}))").unwrap().len(), 1);
        let RawAlt::Form(e) = &parse_rule("(end (<endRule> | {<endRule>}))").unwrap()[0] else {
            panic!()
        };
        assert_eq!(e.params[0].ty, RawType::Sym("endRule".into()));
        let RawAlt::Form(f) = &alts[0] else { panic!() };
        assert_eq!(f.keyword, "!=");
        assert_eq!(f.params.len(), 3);
        assert_eq!(f.params[1].group, Some(0));
        assert!(f.groups[0].exactly_one);
        let alts = parse_rule("(piece (<string> | <int> | {<string>} | {<int>}) [state:int])").unwrap();
        let RawAlt::Form(f) = &alts[0] else { panic!() };
        assert_eq!(f.params.len(), 5);
        assert_eq!(f.params[2].ty, RawType::Array(Box::new(RawType::Sym("string".into()))));
        assert_eq!(f.params[4].ty, RawType::Prim(Prim::Int));
        let alts = parse_rule("(< <int> <int>) | (swap Pieces [<int> <int>] [<then>]) | (move Swap Players (<int> <roleType>) (<int> <roleType>))").unwrap();
        let RawAlt::Form(f) = &alts[1] else { panic!() };
        assert_eq!(f.params[1].group, None);
        assert!(f.params[1].optional && f.params[2].optional);
        let RawAlt::Form(f) = &alts[2] else { panic!() };
        assert_eq!(f.groups.len(), 2);
        let alts = parse_rule("<<> | <<=> | <>=>").unwrap();
        assert_eq!(
            alts,
            vec![
                RawAlt::Sym("<".into()),
                RawAlt::Sym("<=".into()),
                RawAlt::Sym(">=".into())
            ]
        );
        assert_eq!(parse_rule("").unwrap(), vec![]);
        assert!(parse_rule("(graph vertices:{{<float>}} [edges:{{<int>}}])").is_ok());
    }
}
