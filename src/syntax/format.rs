//! The formatter of `.lud` text (`ludeme fmt`, the language server's formatting): the raw
//! description, before expansion, with its comments, defines, `#1` parameters and option
//! values. Only the whitespace between tokens changes, never a token: strings, `//`
//! comments and option values (`<..>`, kept verbatim, whatever they hold) are copied as
//! they are, `name:` stays glued to its value, and nothing is put after an opening bracket
//! or before a closing one (where Ludii's define and option expansion look for text such as
//! `("Name"`). So the expansion of the formatted text is that of the original.
//!
//! Layout: a form that fits in [`WIDTH`] columns and holds no comment is written on one
//! line; otherwise its head (the keyword and the words and strings that follow it) stays
//! on its first line, each other part goes on a line of its own, indented by four more, and
//! the closing bracket on a line of its own. Blank lines between parts are kept (one at
//! most). Formatting formatted text changes nothing.

/// The widest line a form is put on whole.
pub const WIDTH: usize = 100;

#[derive(Debug)]
enum Tree<'a> {
    /// A token copied verbatim: a word, a string, an option value.
    Atom(&'a str),
    Comment(&'a str),
    /// `(` or `{` .. `)` or `}` (the closing one missing at the end of unbalanced text).
    Group(char, Vec<Part<'a>>, Option<char>),
    /// `name:` and its value.
    Label(&'a str, Box<Tree<'a>>),
    /// A form and the marks glued after it (an option's default item: `(item ..)*`).
    Marked(Box<Tree<'a>>, &'a str),
}

/// A part of a group, and whether a blank line came before it.
#[derive(Debug)]
struct Part<'a> {
    tree: Tree<'a>,
    blank_before: bool,
}

struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Reader<'a> {
    /// Skips whitespace; whether it held a blank line.
    fn space(&mut self) -> bool {
        let rest = &self.text[self.at..];
        let trimmed = rest.trim_start();
        let gap = &rest[..rest.len() - trimmed.len()];
        self.at += gap.len();
        gap.matches('\n').count() > 1
    }

    /// The end of a token starting at `at`.
    fn token_end(&self) -> usize {
        let b = self.text.as_bytes();
        let start = self.at;
        match b[start] {
            b'"' => {
                // (as the grammar reads strings: `\"` is the one escape)
                let mut i = start + 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' && b.get(i + 1) == Some(&b'"') {
                        2
                    } else {
                        1
                    };
                }
                (i + 1).min(b.len())
            }
            b'/' if b.get(start + 1) == Some(&b'/') => start + self.text[start..].find('\n').unwrap_or(b.len() - start),
            // an option value or a placeholder: verbatim to its matching `>`
            b'<' if b
                .get(start + 1)
                .is_some_and(|c| !c.is_ascii_whitespace() && *c != b'=' && *c != b'>') =>
            {
                let mut depth = 0;
                let mut i = start;
                while i < b.len() {
                    match b[i] {
                        b'"' => {
                            i += 1;
                            while i < b.len() && b[i] != b'"' {
                                i += 1;
                            }
                        }
                        b'<' if b.get(i + 1).is_some_and(|c| !c.is_ascii_whitespace() && *c != b'=') => depth += 1,
                        b'>' if i > 0 && b[i - 1] != b'(' && b.get(i + 1) != Some(&b'=') => {
                            depth -= 1;
                            if depth == 0 {
                                return i + 1;
                            }
                        }
                        _ => {}
                    }
                    i += 1;
                }
                b.len()
            }
            _ => {
                let mut i = start;
                while i < b.len() && !b[i].is_ascii_whitespace() && !b"(){}\"".contains(&b[i]) {
                    i += 1;
                }
                // (a lone `<` or `>` operator and the like: one byte at least)
                i.max(start + 1)
            }
        }
    }

    /// The parts up to the closing bracket (or the end), and that bracket.
    fn parts(&mut self) -> (Vec<Part<'a>>, Option<char>) {
        let mut parts = Vec::new();
        loop {
            let blank_before = self.space();
            let Some(c) = self.text[self.at..].chars().next() else {
                return (parts, None);
            };
            if c == ')' || c == '}' {
                self.at += 1;
                return (parts, Some(c));
            }
            let Some(tree) = self.tree() else { return (parts, None) };
            parts.push(Part { tree, blank_before });
        }
    }

    fn tree(&mut self) -> Option<Tree<'a>> {
        let c = self.text[self.at..].chars().next()?;
        if c == '(' || c == '{' {
            self.at += 1;
            let (parts, close) = self.parts();
            let group = Tree::Group(c, parts, close);
            let marks = self.text[self.at..].len() - self.text[self.at..].trim_start_matches('*').len();
            if marks > 0 {
                let m = &self.text[self.at..self.at + marks];
                self.at += marks;
                return Some(Tree::Marked(Box::new(group), m));
            }
            return Some(group);
        }
        let start = self.at;
        let mut end = self.token_end();
        if self.text[start..].starts_with("//") {
            self.at = end;
            return Some(Tree::Comment(self.text[start..end].trim_end()));
        }
        // tokens written together stay together (`"A".."B"`, a range of sites)
        while let Some(next) = self.text[end..].chars().next() {
            if next.is_whitespace() || "(){}".contains(next) || self.text[end..].starts_with("//") {
                break;
            }
            self.at = end;
            end = self.token_end();
        }
        let token = &self.text[start..end];
        self.at = end;
        // `name:` glued to the value that follows it directly
        if token.len() > 1 && token.ends_with(':') && !token.starts_with('"') {
            if let Some(next) = self.text[self.at..]
                .chars()
                .next()
                .filter(|c| !c.is_whitespace() && *c != ')' && *c != '}')
            {
                let _ = next;
                let value = self.tree()?;
                return Some(Tree::Label(token, Box::new(value)));
            }
        }
        Some(Tree::Atom(token))
    }
}

/// The end of the bracketed form (or token) starting at byte `start` of `text`, read as the
/// formatter reads it (strings, comments and option values skipped whole); the text's end
/// when the form is not closed.
pub fn form_end(text: &str, start: usize) -> usize {
    if start >= text.len() || !text.is_char_boundary(start) {
        return text.len();
    }
    let mut r = Reader { text, at: start };
    let _ = r.tree();
    r.at
}

/// What a token of raw description text is, as an editor colours it ([`tokens`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokenClass {
    /// `(` or `{`
    Open,
    /// `)` or `}`
    Close,
    /// A keyword, a constant, a number, a `#1` parameter, an operator.
    Word,
    /// `name:`
    Label,
    String,
    Comment,
    /// An option value or placeholder, `<..>`, whole.
    Angle,
}

/// The tokens of raw description text, as the formatter reads it: (start, end, class), in
/// order, every byte that is not whitespace in one token. Any text reads (unclosed strings
/// and brackets run to the end).
pub fn tokens(text: &str) -> Vec<(usize, usize, TokenClass)> {
    let mut out = Vec::new();
    let mut r = Reader { text, at: 0 };
    loop {
        r.space();
        let Some(c) = text[r.at..].chars().next() else {
            return out;
        };
        let start = r.at;
        let (end, class) = match c {
            '(' | '{' => (start + 1, TokenClass::Open),
            ')' | '}' => (start + 1, TokenClass::Close),
            _ => {
                let end = r.token_end();
                let token = &text[start..end];
                let class = if token.starts_with('"') {
                    TokenClass::String
                } else if token.starts_with("//") {
                    TokenClass::Comment
                } else if token.len() > 1 && token.starts_with('<') {
                    TokenClass::Angle
                } else if token.len() > 1 && token.ends_with(':') {
                    TokenClass::Label
                } else {
                    TokenClass::Word
                };
                (end, class)
            }
        };
        out.push((start, end, class));
        r.at = end;
    }
}

/// Formats a description's text (see the module's doc).
pub fn format(text: &str) -> String {
    let mut r = Reader { text, at: 0 };
    let mut top = Vec::new();
    loop {
        let blank_before = r.space();
        if r.at >= text.len() {
            break;
        }
        let c = text[r.at..].chars().next().unwrap_or(' ');
        if c == ')' || c == '}' {
            // a stray closing bracket: kept as a word
            r.at += 1;
            top.push(Part {
                tree: Tree::Atom(if c == ')' { ")" } else { "}" }),
                blank_before,
            });
            continue;
        }
        match r.tree() {
            Some(tree) => top.push(Part { tree, blank_before }),
            None => break,
        }
    }
    let mut out = String::new();
    for (i, p) in top.iter().enumerate() {
        if i > 0 {
            out.push('\n');
            if p.blank_before {
                out.push('\n');
            }
        }
        write(&p.tree, 0, &mut out);
    }
    out.push('\n');
    out
}

/// The tree on one line, if it can be (no comment, no line break inside a verbatim token).
fn flat(t: &Tree) -> Option<String> {
    match t {
        Tree::Atom(a) => (!a.contains('\n')).then(|| a.to_string()),
        Tree::Comment(_) => None,
        Tree::Label(l, v) => Some(format!("{l}{}", flat(v)?)),
        Tree::Marked(g, m) => Some(format!("{}{m}", flat(g)?)),
        Tree::Group(open, parts, close) => {
            let inner: Vec<String> = parts.iter().map(|p| flat(&p.tree)).collect::<Option<_>>()?;
            let close = close.map_or(String::new(), String::from);
            Some(if *open == '{' && !inner.is_empty() {
                let close = if close.is_empty() { close } else { format!(" {close}") };
                format!("{{ {}{close}", inner.join(" "))
            } else {
                format!("{open}{}{close}", inner.join(" "))
            })
        }
    }
}

/// Writes a tree starting at the current column, `indent` being its line's indentation.
fn write(t: &Tree, indent: usize, out: &mut String) {
    let column = out.len() - out.rfind('\n').map_or(0, |i| i + 1);
    if let Some(f) = flat(t).filter(|f| column + f.len() <= WIDTH) {
        out.push_str(&f);
        return;
    }
    match t {
        Tree::Atom(a) | Tree::Comment(a) => out.push_str(a),
        Tree::Label(l, v) => {
            out.push_str(l);
            write(v, indent, out);
        }
        Tree::Marked(g, m) => {
            write(g, indent, out);
            out.push_str(m);
        }
        Tree::Group(open, parts, close) => {
            out.push(*open);
            // the head: the leading words and strings of a form, on its first line
            let head = if *open == '(' {
                parts
                    .iter()
                    .take_while(|p| matches!(p.tree, Tree::Atom(a) if !a.contains('\n')) && !p.blank_before)
                    .count()
            } else {
                0
            };
            for (i, p) in parts[..head].iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                write(&p.tree, indent, out);
            }
            let inner = indent + 4;
            for p in &parts[head..] {
                out.push('\n');
                if p.blank_before {
                    out.push('\n');
                }
                out.push_str(&" ".repeat(inner));
                write(&p.tree, inner, out);
            }
            if let Some(c) = close {
                out.push('\n');
                out.push_str(&" ".repeat(indent));
                out.push(*c);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::format;

    #[test]
    fn short_forms_stay_on_a_line_long_ones_break_and_formatting_is_stable() {
        let text = "(game \"X\"   (players   2)\n\n  // the board\n (equipment {(board (square 3)) (piece \"Disc\" Each)})\n (rules (play (move Add (to (sites Empty) if:(is Empty (to))))) (end (if (is Line 3) (result Mover Win)))))";
        let f = format(text);
        assert_eq!(
            f,
            "(game \"X\"\n    (players 2)\n\n    // the board\n    (equipment { (board (square 3)) (piece \"Disc\" Each) })\n    (rules (play (move Add (to (sites Empty) if:(is Empty (to))))) (end (if (is Line 3) (result Mover Win))))\n)\n"
                .replace("    (rules (play (move Add (to (sites Empty) if:(is Empty (to))))) (end (if (is Line 3) (result Mover Win))))\n", "    (rules\n        (play (move Add (to (sites Empty) if:(is Empty (to)))))\n        (end (if (is Line 3) (result Mover Win)))\n    )\n")
        );
        assert_eq!(format(&f), f);
        // verbatim: option values, strings, comments; unbalanced text survives
        let opt = "(option \"Board\" <Board> args:{ <size> } { (item \"9\" <(square 9)> \"A (small) board\")* })";
        assert!(format(opt).contains("<(square 9)>"));
        for cut in 0..opt.len() {
            let _ = format(&opt[..cut]);
        }
    }
}
