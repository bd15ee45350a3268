//! Option categories (E3) and rulesets (E4): parsing and selection (§3, §4).

use super::engine::{Fail, Res};
use super::text::{clipped, find, matching_bracket, Text};

/// One item of a category: name, priority (stars), description, values by argument name.
#[derive(Clone, Debug)]
pub struct Item {
    pub name: String,
    pub priority: usize,
    pub description: String,
    pub values: Vec<(String, Text)>,
    /// The item's extent in the text it was found in.
    pub at: Text,
}

#[derive(Clone, Debug)]
pub struct Category {
    pub heading: String,
    pub tag: String,
    pub items: Vec<Item>,
    /// The `(option` block (for spans).
    pub at: Text,
}

impl Category {
    pub fn option_string(&self, item: &Item) -> String {
        format!("{}/{}", self.heading, item.name)
    }
}

/// Remove every `(option "` block from the text and parse it.
pub fn extract_options(text: &mut Text) -> Res<Vec<Category>> {
    let mut cats = Vec::new();
    let mut from = 0;
    while let Some(c) = find(&text.b, b"(option \"", from) {
        let Some(cc) = matching_bracket(&text.b, c, true) else {
            return Err(Fail::new(
                "unclosed",
                format!("Couldn't close clause '{}'.", clipped(&text.b[c..], 17)),
            )
            .at(text, c..c + 7)
            .label("this option is never closed"));
        };
        let block = text.slice(c..cc + 1);
        let cat = parse_category(&block);
        for item in &cat.items {
            for h in [&cat.heading, &item.name] {
                if h.contains('/') {
                    return Err(Fail::new("bad-option", format!("Bad '/' in option header \"{h}\"."))
                        .at(&item.at, 0..item.at.len().min(6))
                        .hint("option headings and item names are joined with '/' in selections, so they cannot contain it"));
                }
            }
        }
        cats.push(cat);
        text.remove(c..cc + 1);
        from = c;
    }
    Ok(cats)
}

fn quoted(b: &[u8], from: usize) -> Option<(usize, usize)> {
    let q1 = from + b.get(from..)?.iter().position(|&x| x == b'"')?;
    let q2 = q1 + 1 + b[q1 + 1..].iter().position(|&x| x == b'"')?;
    Some((q1, q2))
}

fn s(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Parse one `(option …)` block. Malformed parts leave a partial category, as in Ludii.
pub fn parse_category(block: &Text) -> Category {
    let mut cat = Category {
        heading: String::new(),
        tag: String::new(),
        items: Vec::new(),
        at: block.clone(),
    };
    let b = &block.b;
    let Some((h1, h2)) = quoted(b, 0) else {
        return cat;
    };
    cat.heading = s(&b[h1 + 1..h2]);
    let rest = h2 + 1;
    let Some(t1) = b[rest..].iter().position(|&x| x == b'<').map(|p| p + rest) else {
        return cat;
    };
    // `(<` does not open a tag: the bracket then "matches" itself
    let Some(t2) = matching_bracket(b, t1, true).filter(|&t2| t2 > t1) else {
        return cat;
    };
    cat.tag = s(&b[t1 + 1..t2]);
    let rest = (t2 + 2).min(b.len());
    if find(&b[rest..], b"args:", 0).is_none() {
        return cat;
    }
    let Some(a1) = b[rest..].iter().position(|&x| x == b'{').map(|p| p + rest) else {
        return cat;
    };
    let Some(a2) = matching_bracket(b, a1, true) else {
        return cat;
    };
    let mut arg_names = Vec::new();
    let mut p = a1;
    while let Some(x) = b[p..a2].iter().position(|&x| x == b'<').map(|q| q + p) {
        let Some(y) = matching_bracket(&b[..a2], x, true).filter(|&y| y > x) else {
            break;
        };
        arg_names.push(s(&b[x + 1..y]));
        p = y + 1;
    }
    let rest = a2 + 1;
    let Some(l1) = b[rest..].iter().position(|&x| x == b'{').map(|p| p + rest) else {
        return cat;
    };
    let Some(l2) = matching_bracket(b, l1, true) else {
        return cat;
    };
    let list = block.slice(l1 + 1..l2);
    let mut from = 0;
    while let Some(c) = find(&list.b, b"(item ", from) {
        let Some(cc) = matching_bracket(&list.b, c, true) else {
            break;
        };
        let mut e = cc + 1;
        while e < list.len() && list.b[e] == b'*' {
            e += 1;
        }
        cat.items.push(parse_item(&list.slice(c..e), &arg_names));
        from = c + 1;
    }
    cat
}

fn parse_item(t: &Text, arg_names: &[String]) -> Item {
    let mut item = Item {
        name: String::new(),
        priority: 0,
        description: String::new(),
        values: Vec::new(),
        at: t.clone(),
    };
    let r = t.trimmed_range(0..t.len());
    let (a, mut e) = (r.start, r.end);
    while e > a && t.b[e - 1] == b'*' {
        item.priority += 1;
        e -= 1;
    }
    if e < a + 2 {
        return item;
    }
    let r = t.trimmed_range(a + 1..e - 1);
    let b = &t.b[..r.end];
    let Some((n1, n2)) = quoted(b, r.start) else {
        return item;
    };
    item.name = s(&b[n1 + 1..n2]);
    let r = t.trimmed_range(n2 + 1..r.end);
    // description: between the last two quotes
    let Some(d2) = b[r.clone()].iter().rposition(|&x| x == b'"').map(|p| p + r.start) else {
        return item;
    };
    let Some(d1) = b[r.start..d2].iter().rposition(|&x| x == b'"').map(|p| p + r.start) else {
        return item;
    };
    item.description = s(&b[d1 + 1..d2]);
    let mut cur = t.trimmed_range(r.start..d1);
    while let Some(c) = b[cur.clone()].iter().position(|&x| x == b'<').map(|p| p + cur.start) {
        if c > cur.start && b[c - 1] == b'(' {
            cur = t.trimmed_range(c + 1..cur.end);
            continue;
        }
        let Some(cc) = matching_bracket(&b[..cur.end], c, false) else {
            break;
        };
        if item.values.len() >= arg_names.len() {
            break;
        }
        let v = if c + 1 >= cc {
            Text::default()
        } else {
            t.slice(c + 1..cc)
        };
        item.values.push((arg_names[item.values.len()].clone(), v));
        cur = t.trimmed_range(cc + 1..cur.end);
    }
    item
}

/// A ruleset as declared.
#[derive(Clone, Debug)]
pub struct RulesetDecl {
    pub heading: String,
    pub options: Vec<String>,
    pub variations: Vec<String>,
    pub at: Text,
}

/// Parse a `(rulesets …)` block.
pub fn parse_rulesets(block: &Text) -> Res<Vec<RulesetDecl>> {
    let mut out = Vec::new();
    let b = &block.b;
    let inner_end = b.len().saturating_sub(1);
    let mut from = 9.min(inner_end);
    while let Some(c) = find(&b[..inner_end], b"(ruleset ", from) {
        let Some(cc) = matching_bracket(&b[..inner_end], c, true) else {
            return Err(Fail::new(
                "unclosed",
                format!("No closing bracket ')' in ruleset '{}'.", clipped(&b[c..], 17)),
            )
            .at(block, c..c + 8)
            .label("this ruleset is never closed"));
        };
        out.push(parse_ruleset(&block.slice(c..cc + 1)));
        from = cc + 1;
    }
    Ok(out)
}

fn parse_ruleset(t: &Text) -> RulesetDecl {
    let mut b = t.b.clone();
    let mut variations = Vec::new();
    if let Some(v) = find(&b, b"variations:", 0) {
        if let Some(c) = b[v..].iter().position(|&x| x == b'{').map(|p| p + v) {
            if let Some(cc) = matching_bracket(&b, c, true) {
                let mut p = c;
                while let Some((q1, q2)) = quoted(&b[..cc], p) {
                    variations.push(s(&b[q1 + 1..q2]));
                    p = q2 + 1;
                }
                b.drain(v..cc + 1);
            }
        }
    }
    let mut heading = String::new();
    let mut options = Vec::new();
    if let Some(h1) = b.iter().position(|&x| x == b'"') {
        let mut h2 = h1 + 1;
        while h2 < b.len() && (b[h2] != b'"' || b[h2 - 1] == b'\\') {
            h2 += 1;
        }
        heading = s(&b[h1 + 1..h2.min(b.len())]);
        let mut p = h2 + 1;
        while let Some((q1, q2)) = quoted(&b, p) {
            options.push(s(&b[q1 + 1..q2]));
            p = q2 + 1;
        }
    }
    RulesetDecl {
        heading,
        options,
        variations,
        at: t.clone(),
    }
}

/// Which item is in force per category (`None` for a category without items), as Ludii's
/// `computeOptionSelections`. Errors: a selection string that matches no item (index into
/// `selected`), or one that is used twice.
pub fn choose(cats: &[Category], selected: &[String]) -> Result<Vec<Option<usize>>, ChooseError> {
    let mut used = vec![false; selected.len()];
    let mut out = Vec::with_capacity(cats.len());
    for cat in cats {
        let mut best: Option<(usize, usize)> = None;
        let mut chosen = None;
        for (i, item) in cat.items.iter().enumerate() {
            let os = cat.option_string(item);
            if let Some(k) = selected.iter().position(|x| *x == os) {
                if used[k] {
                    return Err(ChooseError::Duplicate(os));
                }
                used[k] = true;
                chosen = Some(i);
                break;
            }
            if best.is_none_or(|(_, p)| item.priority > p) {
                best = Some((i, item.priority));
            }
        }
        out.push(chosen.or(best.map(|(i, _)| i)));
    }
    if let Some(k) = used.iter().position(|u| !u) {
        return Err(ChooseError::Unused(k));
    }
    Ok(out)
}

#[derive(Debug)]
pub enum ChooseError {
    Unused(usize),
    Duplicate(String),
}
