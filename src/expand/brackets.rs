//! Where is the bracket that is missing, or the one too many?
//!
//! Ludii only counts brackets. To point at the right place we try every possible repair
//! (a `)` inserted at the end of a line or before another closer; one `)` deleted) and keep
//! the one that makes the file's layout most consistent: closers that start a line line up
//! with the line of their opener, and a line opens a block exactly when the next line is
//! indented further. Repairs are scored on the text as it is, without copying it.

/// Per-line layout facts of the text, computed once.
struct Layout {
    /// Line index of every byte.
    line_of: Vec<u32>,
    /// Indentation of every line (tabs count 4).
    indent: Vec<u32>,
    /// First and second non-blank byte of every line (`usize::MAX` if none).
    first: Vec<usize>,
    second: Vec<usize>,
    /// Net bracket count (both kinds) of every line, and whether it has any content.
    net: Vec<i32>,
    content: Vec<bool>,
    /// Bytes inside strings.
    in_string: Vec<bool>,
}

fn layout(b: &[u8]) -> Layout {
    let mut l = Layout {
        line_of: Vec::with_capacity(b.len()),
        indent: vec![0],
        first: vec![usize::MAX],
        second: vec![usize::MAX],
        net: vec![0],
        content: vec![false],
        in_string: Vec::with_capacity(b.len()),
    };
    let mut line = 0usize;
    let mut at_start = true;
    let mut ins = false;
    for (i, &c) in b.iter().enumerate() {
        l.line_of.push(line as u32);
        if c == b'"' && !(ins && i > 0 && b[i - 1] == b'\\') {
            ins = !ins;
            l.in_string.push(true);
        } else {
            l.in_string.push(ins);
        }
        if c == b'\n' {
            line += 1;
            at_start = true;
            l.indent.push(0);
            l.first.push(usize::MAX);
            l.second.push(usize::MAX);
            l.net.push(0);
            l.content.push(false);
            continue;
        }
        if c == b' ' || c == b'\t' || c == b'\r' {
            if at_start {
                l.indent[line] += if c == b'\t' { 4 } else { 1 };
            }
            continue;
        }
        at_start = false;
        l.content[line] = true;
        if l.first[line] == usize::MAX {
            l.first[line] = i;
        } else if l.second[line] == usize::MAX {
            l.second[line] = i;
        }
        if !l.in_string[i] {
            match c {
                b'(' | b'{' => l.net[line] += 1,
                b')' | b'}' => l.net[line] -= 1,
                _ => {}
            }
        }
    }
    l
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Repair {
    Insert(usize),
    Delete(usize),
}

/// Score of the text with one repair: (structure and alignment faults, layout faults).
fn score(b: &[u8], l: &Layout, close: u8, repair: Repair, base_violations: i64) -> (i64, i64) {
    let mut stack: Vec<(usize, u8)> = Vec::with_capacity(64);
    let mut bad = 0i64;
    let leading = |i: usize| {
        let line = l.line_of[i] as usize;
        let f = l.first[line];
        match repair {
            Repair::Delete(d) if f == d => l.second[line] == i,
            _ => f == i,
        }
    };
    let mut close_one = |stack: &mut Vec<(usize, u8)>, c: u8, i: usize, lead: bool| {
        let Some((o, oc)) = stack.pop() else {
            bad += 100;
            return;
        };
        if (oc == b'(') != (c == b')') {
            bad += 100;
            return;
        }
        let (lo, lc) = (l.line_of[o] as usize, l.line_of[i.min(b.len() - 1)] as usize);
        if lead && lo != lc && l.indent[lo] != l.indent[lc] {
            bad += 1;
        }
    };
    for (i, &c) in b.iter().enumerate() {
        if let Repair::Insert(p) = repair {
            if p == i {
                let line = l.line_of[i] as usize;
                let lead = l.first[line] >= i;
                close_one(&mut stack, close, i, lead);
            }
        }
        if l.in_string[i] || repair == Repair::Delete(i) {
            continue;
        }
        match c {
            b'(' | b'{' => stack.push((i, c)),
            b')' | b'}' => close_one(&mut stack, c, i, leading(i)),
            _ => {}
        }
    }
    if repair == Repair::Insert(b.len()) {
        close_one(&mut stack, close, b.len(), false);
    }
    bad += 100 * stack.len() as i64;
    // layout: the changed line's agreement with the indentation of the next line
    let line = match repair {
        Repair::Insert(p) | Repair::Delete(p) => l.line_of[p.min(b.len().saturating_sub(1))] as usize,
    };
    let delta = match repair {
        Repair::Insert(_) => -1,
        Repair::Delete(_) => 1,
    };
    let violations = base_violations - violation_at(l, line, 0) + violation_at(l, line, delta);
    (bad, violations)
}

/// Does `line` (with its net count changed by `delta`) disagree with the next line's
/// indentation?
fn violation_at(l: &Layout, line: usize, delta: i32) -> i64 {
    if !l.content[line] {
        return 0;
    }
    let Some(next) = (line + 1..l.indent.len()).find(|&k| l.content[k]) else {
        return 0;
    };
    let net = l.net[line] + delta;
    let deeper = l.indent[next] > l.indent[line];
    i64::from(deeper != (net > 0))
}

/// Work bound: texts times candidates beyond this fall back to no answer.
const MAX_WORK: usize = 40_000_000;

/// The opener whose closer is missing (for one missing `close`), if the layout tells.
pub fn missing_close(b: &[u8], close: u8) -> Option<usize> {
    if b.is_empty() {
        return None;
    }
    let l = layout(b);
    let mut cands: Vec<usize> = Vec::new();
    for line in 0..l.indent.len() {
        if l.content[line] {
            // just after the last non-blank byte of the line
            let start = l.first[line];
            let mut end = start;
            let mut i = start;
            while i < b.len() && b[i] != b'\n' {
                if !matches!(b[i], b' ' | b'\t' | b'\r') {
                    end = i + 1;
                }
                i += 1;
            }
            cands.push(end);
        }
    }
    cands.extend((0..b.len()).filter(|&i| !l.in_string[i] && (b[i] == b')' || b[i] == b'}')));
    cands.sort_unstable();
    cands.dedup();
    if cands.len().saturating_mul(b.len()) > MAX_WORK {
        return None;
    }
    let base: i64 = (0..l.indent.len()).map(|k| violation_at(&l, k, 0)).sum();
    let best = cands
        .iter()
        .map(|&p| (score(b, &l, close, Repair::Insert(p), base), p))
        .min_by_key(|&(s, p)| (s, std::cmp::Reverse(p)))?
        .1;
    // the opener the inserted closer closes
    let mut stack: Vec<usize> = Vec::new();
    for (i, &c) in b.iter().enumerate() {
        if i == best {
            return stack.pop();
        }
        if l.in_string[i] {
            continue;
        }
        match c {
            b'(' | b'{' => stack.push(i),
            b')' | b'}' => {
                stack.pop();
            }
            _ => {}
        }
    }
    stack.pop()
}

/// The closer that is one too many (of kind `close`), if the layout tells.
pub fn extra_close(b: &[u8], close: u8) -> Option<usize> {
    if b.is_empty() {
        return None;
    }
    let l = layout(b);
    let cands: Vec<usize> = (0..b.len()).filter(|&i| !l.in_string[i] && b[i] == close).collect();
    if cands.len().saturating_mul(b.len()) > MAX_WORK {
        return None;
    }
    let base: i64 = (0..l.indent.len()).map(|k| violation_at(&l, k, 0)).sum();
    cands
        .iter()
        .map(|&p| (score(b, &l, close, Repair::Delete(p), base), p))
        .min_by_key(|&(s, p)| (s, p))
        .map(|(_, p)| p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_opener_that_lost_its_closer() {
        let t = "(game \"X\"\n    (players 2)\n    (equipment {\n        (board (square 3)\n        (piece \"Disc\" Each)\n    })\n)\n";
        let o = missing_close(t.as_bytes(), b')').unwrap();
        assert_eq!(&t[o..o + 6], "(board");
    }

    #[test]
    fn finds_the_extra_closer() {
        let t = "(game \"X\"\n    (players 2)\n    (equipment {\n        (board (square 3)))\n        (piece \"Disc\" Each)\n    })\n    (rules\n        (play (move Pass))\n    )\n)\n";
        let c = extra_close(t.as_bytes(), b')').unwrap();
        assert_eq!(t[..c].lines().count(), 4, "{}", &t[..c]);
    }
}
