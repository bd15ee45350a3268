use std::ops::Range;

/// One argument of a description: a call, an array, a string or an atom, maybe labelled.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub kind: NodeKind,
    /// Bytes of the parsed text covered by the value (without its label).
    pub span: Range<usize>,
    /// `name` of a `name:value` argument, with the span of `name:`.
    pub label: Option<(String, Range<usize>)>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum NodeKind {
    /// `(head args..)`.
    Call {
        head: String,
        head_span: Range<usize>,
        args: Vec<Node>,
    },
    /// `{args..}`.
    List(Vec<Node>),
    /// `"text"`: the value without quotes, each `\"` turned into `'` as Ludii does.
    Str(String),
    /// Any other token: numbers, booleans, constants, operators.
    Atom(String),
}

/// What an atom means, by Ludii's rules for terminals.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Atom {
    /// A 32-bit integer (`3`, `-1`, `+2`) or one of the constants `Off End Undefined Infinity`.
    Int(i32),
    /// A float that is not an integer (`0.5`, `.5`, `1e3`).
    Float(f32),
    Bool(bool),
    /// A word: an enum constant or an unknown token.
    Word,
}

impl Node {
    pub fn label_name(&self) -> Option<&str> {
        self.label.as_ref().map(|(l, _)| l.as_str())
    }

    /// The span including the label, if any.
    pub fn full_span(&self) -> Range<usize> {
        match &self.label {
            Some((_, l)) => l.start..self.span.end,
            None => self.span.clone(),
        }
    }

    /// A short description for messages: `(step ..)`, `{..}`, `"text"`, `Mover`.
    pub fn describe(&self) -> String {
        match &self.kind {
            NodeKind::Call { head, .. } => format!("({head} ..)"),
            NodeKind::List(_) => "{..}".to_string(),
            NodeKind::Str(s) => format!("{s:?}"),
            NodeKind::Atom(a) => a.clone(),
        }
    }
}

/// Java's `Integer.parseInt`: optional sign, decimal digits, 32 bits.
pub fn parse_java_int(s: &str) -> Option<i32> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse::<i32>().ok()
}

/// Java's `Float.parseFloat`, for the forms a description can hold.
pub fn parse_java_float(s: &str) -> Option<f32> {
    let t = s.strip_suffix(['f', 'F', 'd', 'D']).unwrap_or(s);
    let body = t.strip_prefix(['+', '-']).unwrap_or(t);
    if body == "NaN" || body == "Infinity" {
        return t.parse::<f32>().ok().or(Some(if t.starts_with('-') {
            f32::NEG_INFINITY
        } else if body == "NaN" {
            f32::NAN
        } else {
            f32::INFINITY
        }));
    }
    if body.is_empty() || !body.bytes().next().is_some_and(|b| b.is_ascii_digit() || b == b'.') {
        return None;
    }
    if !body
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'+' | b'-'))
    {
        return None;
    }
    t.parse::<f32>().ok()
}

/// Classify an atom as Ludii classifies terminals.
pub fn classify_atom(s: &str) -> Atom {
    if let Some(i) = parse_java_int(s) {
        return Atom::Int(i);
    }
    match s {
        "Off" | "Undefined" => return Atom::Int(-1),
        "End" => return Atom::Int(-2),
        "Infinity" => return Atom::Int(1_000_000_000),
        _ => {}
    }
    if s.eq_ignore_ascii_case("true") {
        return Atom::Bool(true);
    }
    if s.eq_ignore_ascii_case("false") {
        return Atom::Bool(false);
    }
    if let Some(f) = parse_java_float(s) {
        return Atom::Float(f);
    }
    Atom::Word
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atoms() {
        assert_eq!(classify_atom("3"), Atom::Int(3));
        assert_eq!(classify_atom("-12"), Atom::Int(-12));
        assert_eq!(classify_atom("+2"), Atom::Int(2));
        assert_eq!(classify_atom("99999999999"), Atom::Float(99999999999.0));
        assert_eq!(classify_atom(".5"), Atom::Float(0.5));
        assert_eq!(classify_atom("+0.94"), Atom::Float(0.94));
        assert_eq!(classify_atom("True"), Atom::Bool(true));
        assert_eq!(classify_atom("Mover"), Atom::Word);
        assert_eq!(classify_atom("Off"), Atom::Int(-1));
        assert_eq!(classify_atom("e3"), Atom::Word);
    }
}
