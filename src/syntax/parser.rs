use super::ast::{Node, NodeKind};
use pest::iterators::Pair;
use pest::Parser as _;
use std::ops::Range;

#[derive(pest_derive::Parser)]
#[grammar = "../grammar/lud.pest"]
struct LudParser;

/// The deepest nesting of `( )` and `{ }` accepted. Ludii's corpus stays below 40; deeper
/// input is refused rather than risking the stack.
pub const MAX_DEPTH: usize = 256;

/// Why a text could not be parsed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    #[error("the description contains no ludeme: expected `(game ...)`")]
    Empty,
    #[error("no closing bracket for this `(`")]
    Unclosed { at: usize },
    #[error("brackets nested more than {MAX_DEPTH} deep")]
    TooDeep { at: usize },
    #[error("{message}")]
    Syntax { at: Range<usize>, message: String },
}

impl ParseError {
    /// Where the problem is, in bytes of the parsed text.
    pub fn span(&self) -> Option<Range<usize>> {
        match self {
            ParseError::Empty => None,
            ParseError::Unclosed { at } | ParseError::TooDeep { at } => Some(*at..*at + 1),
            ParseError::Syntax { at, .. } => Some(at.clone()),
        }
    }
}

/// Parse the first top-level form of `text` (Ludii compiles only the first tree). Text
/// before it and after it is ignored, as Ludii ignores it.
pub fn parse_first_form(text: &str) -> Result<Node, ParseError> {
    let start = first_form_start(text).ok_or(ParseError::Empty)?;
    let end = form_end(text, start)?;
    let slice = &text[start..end];
    let mut pairs = LudParser::parse(Rule::top, slice).map_err(|e| to_syntax_error(e, slice, start))?;
    let top = pairs.next().ok_or(ParseError::Empty)?;
    let form = top.into_inner().next().ok_or(ParseError::Empty)?;
    Ok(build(form, start))
}

/// The first `(` that is not inside a string.
fn first_form_start(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    let mut in_str = false;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' if !(in_str && i > 0 && b[i - 1] == b'\\') => in_str = !in_str,
            b'(' if !in_str => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

/// The end (exclusive) of the form opening at `start`, checking the nesting depth on the way.
fn form_end(text: &str, start: usize) -> Result<usize, ParseError> {
    let b = text.as_bytes();
    let mut depth = 0usize;
    let mut in_str = false;
    let mut i = start;
    while i < b.len() {
        let c = b[i];
        if in_str {
            if c == b'"' && b[i - 1] != b'\\' {
                in_str = false;
            }
        } else {
            match c {
                b'"' => in_str = true,
                b'(' | b'{' => {
                    depth += 1;
                    if depth > MAX_DEPTH {
                        return Err(ParseError::TooDeep { at: i });
                    }
                }
                b')' | b'}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return Ok(i + 1);
                    }
                }
                _ => {}
            }
        }
        i += 1;
    }
    Err(ParseError::Unclosed { at: start })
}

fn to_syntax_error(e: pest::error::Error<Rule>, slice: &str, offset: usize) -> ParseError {
    let pos = match e.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((a, _)) => a,
    };
    let ch = slice[pos..].chars().next();
    let message = match ch {
        Some(c @ ('[' | ']')) => {
            format!("unexpected `{c}`: reconstruction placeholders `[..]` are not part of the language")
        }
        Some(')') if slice[..pos].trim_end().ends_with('(') => {
            "empty brackets `()`: expected a ludeme name".to_string()
        }
        Some(c) if c.is_whitespace() => "unexpected white space".to_string(),
        Some(c) => format!("unexpected character `{c}`"),
        None => "unexpected end of text".to_string(),
    };
    let len = ch.map(char::len_utf8).unwrap_or(0);
    ParseError::Syntax {
        at: offset + pos..offset + pos + len,
        message,
    }
}

fn span_of(p: &Pair<Rule>, offset: usize) -> Range<usize> {
    let s = p.as_span();
    offset + s.start()..offset + s.end()
}

/// Build the AST without recursion depth beyond the nesting (bounded by [`MAX_DEPTH`]).
fn build(pair: Pair<Rule>, offset: usize) -> Node {
    let span = span_of(&pair, offset);
    match pair.as_rule() {
        Rule::form => {
            let mut inner = pair.into_inner();
            let head = inner.next().expect("grammar: a form has a head");
            let head_span = span_of(&head, offset);
            let args = inner.map(|a| build_arg(a, offset)).collect();
            Node {
                kind: NodeKind::Call {
                    head: head.as_str().to_string(),
                    head_span,
                    args,
                },
                span,
                label: None,
            }
        }
        Rule::list => Node {
            kind: NodeKind::List(pair.into_inner().map(|a| build_arg(a, offset)).collect()),
            span,
            label: None,
        },
        Rule::string => {
            let raw = pair.as_str();
            let inner = &raw[1..raw.len() - 1];
            Node {
                kind: NodeKind::Str(inner.replace("\\\"", "'").replace('"', "")),
                span,
                label: None,
            }
        }
        _ => Node {
            kind: NodeKind::Atom(pair.as_str().to_string()),
            span,
            label: None,
        },
    }
}

fn build_arg(pair: Pair<Rule>, offset: usize) -> Node {
    let mut label = None;
    let mut node = None;
    for p in pair.into_inner() {
        if p.as_rule() == Rule::label {
            let s = p.as_str();
            label = Some((s[..s.len() - 1].to_string(), span_of(&p, offset)));
        } else {
            node = Some(build(p, offset));
        }
    }
    let mut node = node.expect("grammar: an argument has a value");
    node.label = label;
    node
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(n: &Node) -> String {
        let l = n.label.as_ref().map(|(l, _)| format!("{l}:")).unwrap_or_default();
        match &n.kind {
            NodeKind::Call { head, args, .. } => {
                let a: Vec<String> = args.iter().map(show).collect();
                format!("{l}({head}{}{})", if a.is_empty() { "" } else { " " }, a.join(" "))
            }
            NodeKind::List(items) => format!("{l}{{{}}}", items.iter().map(show).collect::<Vec<_>>().join(" ")),
            NodeKind::Str(s) => format!("{l}{s:?}"),
            NodeKind::Atom(a) => format!("{l}{a}"),
        }
    }

    #[test]
    fn parses_forms_lists_labels() {
        let n = parse_first_form("junk (game \"X\" (a(b)c) {1 2 {3}} at:(from) if:True P1\"x\") more").unwrap();
        assert_eq!(show(&n), "(game \"X\" (a (b) c) {1 2 {3}} at:(from) if:True P1\"x\")");
        assert_eq!(n.span.start, 5);
        assert_eq!(
            n.span.end,
            "junk (game \"X\" (a(b)c) {1 2 {3}} at:(from) if:True P1\"x\")".len()
        );
    }

    #[test]
    fn the_character_after_a_name_is_dropped() {
        let n = parse_first_form("(move (from: (value)) (to:(a)))").unwrap();
        assert_eq!(show(&n), "(move (from (value)) (to (a)))");
    }

    #[test]
    fn escaped_quotes_become_apostrophes() {
        let n = parse_first_form(r#"(a "say \"hi\"")"#).unwrap();
        assert_eq!(show(&n), "(a \"say 'hi'\")");
    }

    #[test]
    fn errors() {
        assert_eq!(parse_first_form("no form"), Err(ParseError::Empty));
        assert_eq!(parse_first_form("x (a (b)"), Err(ParseError::Unclosed { at: 2 }));
        match parse_first_form("(a , b)") {
            Err(ParseError::Syntax { at, message }) => {
                assert_eq!(at, 3..4);
                assert!(message.contains('`'), "{message}");
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(parse_first_form("(a [#])"), Err(ParseError::Syntax { .. })));
        assert!(matches!(parse_first_form("(a ())"), Err(ParseError::Syntax { .. })));
    }

    #[test]
    fn deep_nesting_is_refused_not_overflowed() {
        let deep = "(a ".repeat(100_000) + &")".repeat(100_000);
        assert!(matches!(parse_first_form(&deep), Err(ParseError::TooDeep { .. })));
        let ok = "(a ".repeat(MAX_DEPTH) + &")".repeat(MAX_DEPTH);
        assert!(parse_first_form(&ok).is_ok());
    }
}
