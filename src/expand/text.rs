//! Ludii's string primitives on byte text with a parallel origin map.
//!
//! Every special character Ludii looks at is ASCII, and non-ASCII text only occurs inside
//! strings and comments, so the expander works on bytes. Cuts always happen next to ASCII
//! delimiters or around whole substrings, which keeps the text valid UTF-8.

use super::Loc;

/// Token characters: `[A-Za-z0-9_"\-.+*/%=!^~<>&|#]`.
pub fn is_token_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"_\"-.+*/%=!^~<>&|#".contains(&c)
}

/// Name characters: `[A-Za-z0-9_-]`.
pub fn is_name_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'-'
}

pub fn is_open_bracket(c: u8) -> bool {
    matches!(c, b'(' | b'{' | b'[' | b'<')
}

pub fn is_ws(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

fn closer_of(c: u8) -> Option<u8> {
    match c {
        b'(' => Some(b')'),
        b'{' => Some(b'}'),
        b'[' => Some(b']'),
        b'<' => Some(b'>'),
        _ => None,
    }
}

/// Ludii's bracket matcher: counts only the bracket type found at `from`, flips an
/// "in string" flag on every `"`, ignores `<`/`>` right after `(`. Iterative.
pub fn matching_bracket(s: &[u8], from: usize, nesting: bool) -> Option<usize> {
    let open = *s.get(from)?;
    let close = closer_of(open)?;
    let mut depth: i64 = 0;
    let mut in_string = false;
    let mut c = from;
    while c < s.len() {
        let ch = s[c];
        if ch == b'"' {
            in_string = !in_string;
        }
        if !in_string {
            let prev = if c == 0 { b'?' } else { s[c - 1] };
            if ch == open {
                if prev != b'(' || ch != b'<' {
                    depth += 1;
                }
            } else if ch == close && (prev != b'(' || ch != b'>') {
                if !nesting {
                    return Some(c);
                }
                depth -= 1;
            }
        }
        if depth == 0 {
            return Some(c);
        }
        c += 1;
    }
    None
}

/// The closing quote of the string starting at `from` (`\"` does not close).
pub fn matching_quote(s: &[u8], from: usize) -> Option<usize> {
    if s.get(from) != Some(&b'"') {
        return None;
    }
    let mut c = from + 1;
    while c < s.len() {
        match s[c] {
            b'\\' if s.get(c + 1) == Some(&b'"') => c += 1,
            b'"' => return Some(c),
            _ => {}
        }
        c += 1;
    }
    None
}

/// First occurrence of `pat` in `hay` at or after `from`.
pub fn find(hay: &[u8], pat: &[u8], from: usize) -> Option<usize> {
    let first = *pat.first()?;
    let mut i = from;
    while i + pat.len() <= hay.len() {
        let off = hay[i..=hay.len() - pat.len()].iter().position(|&c| c == first)?;
        i += off;
        if &hay[i..i + pat.len()] == pat {
            return Some(i);
        }
        i += 1;
    }
    None
}

pub fn contains(hay: &[u8], pat: &[u8]) -> bool {
    find(hay, pat, 0).is_some()
}

/// `s` cut to `n` characters plus `...`, as Ludii's `Report.clippedString` does.
pub fn clipped(s: &[u8], n: usize) -> String {
    let t = String::from_utf8_lossy(s);
    let mut out: String = t.chars().take(n).collect();
    if t.chars().count() > n {
        out.push_str("...");
    }
    out.replace('\n', " ")
}

/// Text with an origin for every byte.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Text {
    pub b: Vec<u8>,
    pub o: Vec<Loc>,
}

impl Text {
    /// A text whose byte `i` comes from byte `start + i` of context `ctx`.
    pub fn from_source(s: &[u8], ctx: u32, start: usize) -> Text {
        Text {
            b: s.to_vec(),
            o: (0..s.len())
                .map(|i| Loc {
                    pos: (start + i) as u32,
                    ctx,
                })
                .collect(),
        }
    }

    /// Generated text: every byte maps to `at`.
    pub fn generated(s: &[u8], at: Loc) -> Text {
        Text {
            b: s.to_vec(),
            o: vec![at; s.len()],
        }
    }

    pub fn len(&self) -> usize {
        self.b.len()
    }

    pub fn is_empty(&self) -> bool {
        self.b.is_empty()
    }

    pub fn slice(&self, r: std::ops::Range<usize>) -> Text {
        Text {
            b: self.b[r.clone()].to_vec(),
            o: self.o[r].to_vec(),
        }
    }

    pub fn splice(&mut self, r: std::ops::Range<usize>, with: &Text) {
        self.b.splice(r.clone(), with.b.iter().copied());
        self.o.splice(r, with.o.iter().copied());
    }

    pub fn remove(&mut self, r: std::ops::Range<usize>) {
        self.b.drain(r.clone());
        self.o.drain(r);
    }

    pub fn push_text(&mut self, t: &Text) {
        self.b.extend_from_slice(&t.b);
        self.o.extend_from_slice(&t.o);
    }

    pub fn push(&mut self, c: u8, l: Loc) {
        self.b.push(c);
        self.o.push(l);
    }

    /// Loc of byte `i`, or of the nearest byte before it.
    pub fn loc_at(&self, i: usize) -> Option<Loc> {
        self.o.get(i.min(self.o.len().saturating_sub(1))).copied()
    }

    /// Trimmed range of whitespace at both ends (Java `trim`).
    pub fn trimmed_range(&self, r: std::ops::Range<usize>) -> std::ops::Range<usize> {
        let mut a = r.start;
        let mut b = r.end;
        while a < b && self.b[a] <= b' ' {
            a += 1;
        }
        while b > a && self.b[b - 1] <= b' ' {
            b -= 1;
        }
        a..b
    }

    /// Remove every occurrence of `pat`.
    pub fn remove_all(&mut self, pat: &[u8]) {
        if !contains(&self.b, pat) {
            return;
        }
        let mut out = Text::default();
        let mut i = 0;
        while i < self.b.len() {
            if self.b[i..].starts_with(pat) {
                i += pat.len();
            } else {
                out.push(self.b[i], self.o[i]);
                i += 1;
            }
        }
        *self = out;
    }

    pub fn to_string_lossy(&self) -> String {
        String::from_utf8_lossy(&self.b).into_owned()
    }
}

/// A gap buffer over text and origins: `done` is a prefix, `rest` a suffix, and text can be
/// inserted in front of `rest` cheaply. Used for left-to-right sweeps that rescan what they
/// insert, as Ludii's `indexOf(tag, c + 1)` loops do, without quadratic copying.
pub struct Gap {
    b: Vec<u8>,
    o: Vec<Loc>,
    done: usize,
    rs: usize,
}

impl Gap {
    pub fn new(t: Text) -> Gap {
        Gap {
            b: t.b,
            o: t.o,
            done: 0,
            rs: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.done + self.b.len() - self.rs
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn done(&self) -> &[u8] {
        &self.b[..self.done]
    }

    pub fn rest(&self) -> &[u8] {
        &self.b[self.rs..]
    }

    pub fn rest_locs(&self) -> &[Loc] {
        &self.o[self.rs..]
    }

    /// Move `n` bytes from the front of `rest` to the end of `done`.
    pub fn advance(&mut self, n: usize) {
        let n = n.min(self.b.len() - self.rs);
        if self.done != self.rs {
            self.b.copy_within(self.rs..self.rs + n, self.done);
            self.o.copy_within(self.rs..self.rs + n, self.done);
        }
        self.done += n;
        self.rs += n;
    }

    /// Move the last byte of `done` back to the front of `rest`.
    pub fn back1(&mut self) {
        if self.done == 0 {
            return;
        }
        if self.done != self.rs {
            self.b[self.rs - 1] = self.b[self.done - 1];
            self.o[self.rs - 1] = self.o[self.done - 1];
        }
        self.done -= 1;
        self.rs -= 1;
    }

    /// Delete `n` bytes at the front of `rest`.
    pub fn skip(&mut self, n: usize) {
        self.rs = (self.rs + n).min(self.b.len());
    }

    /// Insert text at the front of `rest`.
    pub fn insert(&mut self, t: &Text) {
        let k = t.len();
        if self.rs - self.done < k {
            let gap = k.max(self.b.len() / 2 + 16);
            let tail = self.b.len() - self.rs;
            let mut nb = Vec::with_capacity(self.done + gap + tail);
            nb.extend_from_slice(&self.b[..self.done]);
            nb.resize(self.done + gap, 0);
            nb.extend_from_slice(&self.b[self.rs..]);
            let mut no = Vec::with_capacity(nb.len());
            no.extend_from_slice(&self.o[..self.done]);
            no.resize(self.done + gap, Loc { pos: 0, ctx: 0 });
            no.extend_from_slice(&self.o[self.rs..]);
            self.b = nb;
            self.o = no;
            self.rs = self.done + gap;
        }
        self.rs -= k;
        self.b[self.rs..self.rs + k].copy_from_slice(&t.b);
        self.o[self.rs..self.rs + k].copy_from_slice(&t.o);
    }

    pub fn finish(mut self) -> Text {
        if self.done != self.rs {
            let tail = self.b.len() - self.rs;
            self.b.copy_within(self.rs.., self.done);
            self.o.copy_within(self.rs.., self.done);
            self.b.truncate(self.done + tail);
            self.o.truncate(self.done + tail);
        }
        Text { b: self.b, o: self.o }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bracket_matching() {
        let s = b"(a (b) \")\" c)";
        assert_eq!(matching_bracket(s, 0, true), Some(12));
        assert_eq!(matching_bracket(b"(< a (b))", 0, true), Some(8));
        assert_eq!(matching_bracket(b"<x (> a b) y>", 0, true), Some(12));
        assert_eq!(matching_bracket(b"<a <b> c>", 0, false), Some(5));
        assert_eq!(matching_bracket(b"(a", 0, true), None);
        assert_eq!(matching_bracket(b"x", 0, true), None);
        assert_eq!(matching_bracket(b"", 0, true), None);
    }

    #[test]
    fn quotes() {
        assert_eq!(matching_quote(br#""a\"b" x"#, 0), Some(5));
        assert_eq!(matching_quote(br#""a\\"b""#, 0), Some(6));
        assert_eq!(matching_quote(br#""abc"#, 0), None);
    }

    #[test]
    fn finding() {
        assert_eq!(find(b"abcabd", b"abd", 0), Some(3));
        assert_eq!(find(b"abc", b"abcd", 0), None);
        assert_eq!(find(b"aaa", b"a", 3), None);
    }

    #[test]
    fn gap_buffer() {
        let t = Text::from_source(b"hello world", 0, 0);
        let mut g = Gap::new(t);
        g.advance(6);
        g.skip(5);
        g.insert(&Text::generated(b"there, big world", Loc { pos: 0, ctx: 1 }));
        g.advance(3);
        g.back1();
        let r = g.finish();
        assert_eq!(r.b, b"hello there, big world");
        assert_eq!(r.o.len(), r.b.len());
    }
}
