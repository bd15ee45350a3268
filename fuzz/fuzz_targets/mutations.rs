//! Structure-aware mutations of a Ludii description, driven by fuzzer bytes: each keeps the
//! text mostly well formed so that it reaches the checker, lowering and the engine rather than
//! stopping at the parser.

/// Ludii's descriptions, read once (`LUDEME_FUZZ_LUD`, else `../shared/ludii/lud` from the
/// project root, where `cargo fuzz` runs).
pub fn corpus() -> &'static [String] {
    static FILES: std::sync::OnceLock<Vec<String>> = std::sync::OnceLock::new();
    FILES.get_or_init(|| {
        let root = std::env::var("LUDEME_FUZZ_LUD").unwrap_or_else(|_| "../shared/ludii/lud".into());
        let paths = ludeme::source::lud_files(std::path::Path::new(&root));
        let files: Vec<String> = paths.iter().filter_map(|p| std::fs::read_to_string(p).ok()).collect();
        assert!(!files.is_empty(), "no corpus files: set LUDEME_FUZZ_LUD");
        files
    })
}

/// A cursor over the fuzzer's bytes: each call takes the next choice (0 when they run out).
pub struct Choices<'a> {
    bytes: &'a [u8],
}

impl<'a> Choices<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        Choices { bytes }
    }

    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// A number below `n` (n > 0), from two bytes.
    pub fn below(&mut self, n: usize) -> usize {
        let mut v = 0usize;
        for _ in 0..2 {
            if let Some((&b, rest)) = self.bytes.split_first() {
                v = (v << 8) | b as usize;
                self.bytes = rest;
            }
        }
        v % n.max(1)
    }
}

/// The byte ranges of every balanced `( .. )` and `{ .. }` outside strings.
fn groups(t: &str) -> Vec<(usize, usize)> {
    let b = t.as_bytes();
    let mut open = Vec::new();
    let mut out = Vec::new();
    let mut in_str = false;
    for (i, &c) in b.iter().enumerate() {
        match c {
            b'"' => in_str = !in_str,
            b'(' | b'{' if !in_str => open.push(i),
            b')' | b'}' if !in_str => {
                if let Some(s) = open.pop() {
                    out.push((s, i + 1));
                }
            }
            _ => {}
        }
    }
    out
}

/// The byte ranges of every token (a run of word characters) outside strings.
fn tokens(t: &str) -> Vec<(usize, usize)> {
    let b = t.as_bytes();
    let mut out = Vec::new();
    let mut in_str = false;
    let mut start = None;
    for (i, &c) in b.iter().enumerate() {
        let word = !in_str && (c.is_ascii_alphanumeric() || c == b'_' || c == b'-' || c == b'.');
        match (start, word) {
            (None, true) => start = Some(i),
            (Some(s), false) => {
                out.push((s, i));
                start = None;
            }
            _ => {}
        }
        if c == b'"' {
            in_str = !in_str;
        }
    }
    out
}

/// Numbers that find limits: sizes, players, counts, indexes.
const NUMBERS: &[&str] = &[
    "0", "1", "-1", "2", "3", "16", "17", "64", "100", "1000", "100000", "2147483647", "-2147483648", "0.5", "-0.0",
];

/// Replaces `r` of `t` by `with`.
fn splice(t: &str, r: (usize, usize), with: &str) -> String {
    let mut s = String::with_capacity(t.len() + with.len());
    s.push_str(&t[..r.0]);
    s.push_str(with);
    s.push_str(&t[r.1..]);
    s
}

/// Applies one mutation chosen by `c` to `t`.
pub fn mutate(t: &str, c: &mut Choices) -> String {
    let gs = groups(t);
    let ts = tokens(t);
    match c.below(8) {
        // delete a bracketed subexpression
        0 if !gs.is_empty() => splice(t, gs[c.below(gs.len())], ""),
        // duplicate one in place
        1 if !gs.is_empty() => {
            let g = gs[c.below(gs.len())];
            let dup = format!("{} {}", &t[g.0..g.1], &t[g.0..g.1]);
            splice(t, g, &dup)
        }
        // replace one by another of the file (another rule, moves or function in its place)
        2 if gs.len() > 1 => {
            let a = gs[c.below(gs.len())];
            let b = gs[c.below(gs.len())];
            let with = t[b.0..b.1].to_string();
            splice(t, a, &with)
        }
        // replace a token by another token of the file (a ludeme, constant or number)
        3 if ts.len() > 1 => {
            let a = ts[c.below(ts.len())];
            let b = ts[c.below(ts.len())];
            let with = t[b.0..b.1].to_string();
            splice(t, a, &with)
        }
        // replace a number by a limit-finding one
        4 => {
            let nums: Vec<(usize, usize)> = ts
                .iter()
                .copied()
                .filter(|&(s, e)| t[s..e].parse::<f64>().is_ok())
                .collect();
            if nums.is_empty() {
                return t.to_string();
            }
            splice(t, nums[c.below(nums.len())], NUMBERS[c.below(NUMBERS.len())])
        }
        // drop a named argument's label (`name:` of `name:value`)
        5 => {
            let labels: Vec<usize> = t.match_indices(':').map(|(i, _)| i).collect();
            if labels.is_empty() {
                return t.to_string();
            }
            let i = labels[c.below(labels.len())];
            let start = t[..i]
                .rfind(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '_'))
                .map_or(0, |p| p + 1);
            splice(t, (start, i + 1), "")
        }
        // nest a subexpression in itself (deep or self-similar structures)
        6 if !gs.is_empty() => {
            let g = gs[c.below(gs.len())];
            let inner = &t[g.0..g.1];
            let mut at = inner.len() / 2;
            while !inner.is_char_boundary(at) {
                at -= 1;
            }
            let nested = format!("{}{}{}", &inner[..at], inner, &inner[at..]);
            splice(t, g, &nested)
        }
        // swap the first two arguments of a call
        _ => {
            if gs.is_empty() {
                return t.to_string();
            }
            let g = gs[c.below(gs.len())];
            let kids: Vec<(usize, usize)> = gs.iter().copied().filter(|&(s, e)| s > g.0 && e < g.1).collect();
            let direct: Vec<(usize, usize)> = kids
                .iter()
                .copied()
                .filter(|&(s, e)| !kids.iter().any(|&(s2, e2)| s2 < s && e < e2))
                .collect();
            if direct.len() < 2 {
                return t.to_string();
            }
            let (a, b) = (direct[0], direct[1]);
            format!("{}{}{}{}{}", &t[..a.0], &t[b.0..b.1], &t[a.1..b.0], &t[a.0..a.1], &t[b.1..])
        }
    }
}
