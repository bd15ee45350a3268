//! Pretty-printing a parsed description.

use super::ast::{Node, NodeKind};

const WIDTH: usize = 90;

/// The node as text on one line.
pub fn flat(n: &Node) -> String {
    let mut s = String::new();
    write_flat(n, &mut s);
    s
}

fn write_flat(n: &Node, s: &mut String) {
    if let Some((l, _)) = &n.label {
        s.push_str(l);
        s.push(':');
    }
    match &n.kind {
        NodeKind::Call { head, args, .. } => {
            s.push('(');
            s.push_str(head);
            for a in args {
                s.push(' ');
                write_flat(a, s);
            }
            s.push(')');
        }
        NodeKind::List(items) => {
            s.push('{');
            for (i, a) in items.iter().enumerate() {
                if i > 0 {
                    s.push(' ');
                }
                write_flat(a, s);
            }
            s.push('}');
        }
        NodeKind::Str(v) => {
            s.push('"');
            s.push_str(&v.replace('"', "\\\""));
            s.push('"');
        }
        NodeKind::Atom(a) => s.push_str(a),
    }
}

/// The node indented, one argument per line where a call does not fit on one line.
pub fn pretty(n: &Node) -> String {
    let mut s = String::new();
    write_pretty(n, 0, &mut s);
    s
}

fn write_pretty(n: &Node, indent: usize, s: &mut String) {
    let one = flat(n);
    if indent + one.len() <= WIDTH {
        s.push_str(&one);
        return;
    }
    if let Some((l, _)) = &n.label {
        s.push_str(l);
        s.push(':');
    }
    let (open, close, head, items) = match &n.kind {
        NodeKind::Call { head, args, .. } => ('(', ')', Some(head.as_str()), args),
        NodeKind::List(items) => ('{', '}', None, items),
        _ => {
            s.push_str(&one);
            return;
        }
    };
    s.push(open);
    if let Some(h) = head {
        s.push_str(h);
    }
    for a in items {
        s.push('\n');
        s.push_str(&"    ".repeat(indent / 4 + 1));
        write_pretty(a, indent + 4, s);
    }
    s.push('\n');
    s.push_str(&"    ".repeat(indent / 4));
    s.push(close);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::parse_first_form;

    #[test]
    fn short_forms_stay_on_one_line() {
        let n = parse_first_form("(a b:(c 1) {2 3} \"x\")").unwrap();
        assert_eq!(pretty(&n), "(a b:(c 1) {2 3} \"x\")");
        let long = format!("(game \"X\" {})", "(rule with many words in it) ".repeat(4));
        let p = pretty(&parse_first_form(&long).unwrap());
        assert!(
            p.starts_with("(game\n    \"X\"\n    (rule with many words in it)\n"),
            "{p}"
        );
        assert!(p.ends_with("\n)"));
    }
}
