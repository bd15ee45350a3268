//! The edited corpus files of `check-cases/`: verdicts agree with Ludii, and the first error
//! points at the edited line. Figures per kind of edit are printed; the thresholds keep them
//! from falling.

mod common;

use ludeme::check::check_source;
use ludeme::expand::Selections;
use std::collections::BTreeMap;

#[derive(Default)]
struct Tally {
    cases: usize,
    verdict_ok: usize,
    rejected_by_both: usize,
    line_ok: usize,
}

#[test]
fn check_cases_agree_with_ludii() {
    let cases = common::jsonl("ludii/check-cases/cases.jsonl");
    let mut per_kind: BTreeMap<String, Tally> = BTreeMap::new();
    let mut misses = Vec::new();
    for c in &cases {
        let file = c["file"].as_str().unwrap();
        let kind = c["edit"].as_str().unwrap().to_string();
        let line = c["line"].as_u64().unwrap() as usize;
        let ludii_ok = c["ludii_ok"].as_bool().unwrap();
        let text = std::fs::read_to_string(common::shared(&format!("ludii/check-cases/{file}"))).unwrap();
        let checked = check_source(file, &text, &Selections::default()).unwrap();
        let ours_ok = !checked.has_errors();
        let t = per_kind.entry(kind.clone()).or_default();
        t.cases += 1;
        if ours_ok == ludii_ok {
            t.verdict_ok += 1;
        } else {
            misses.push(format!(
                "{file} ({kind}, line {line}): Ludii ok={ludii_ok}, ours ok={ours_ok}: {:?}",
                first_error(&checked)
            ));
        }
        if !ludii_ok && !ours_ok {
            t.rejected_by_both += 1;
            let first = checked.diagnostics.iter().find(|d| d.is_error()).unwrap();
            let our_line = first
                .span
                .filter(|s| s.file.0 == 0)
                .map(|s| checked.sources.main().line_col(s.start as usize).line);
            // for a removed `)`, the line of the `(` it closed is right too
            let opener = if kind == "drop_close" {
                removed_close_opener_line(c["source"].as_str().unwrap(), &text)
            } else {
                None
            };
            if our_line == Some(line) || (opener.is_some() && our_line == opener) {
                t.line_ok += 1;
            } else {
                misses.push(format!(
                    "{file} ({kind}): edited line {line}, first error at {our_line:?}: {}",
                    first.message
                ));
            }
        }
    }
    let mut total = Tally::default();
    println!("{:<20} {:>5} {:>8} {:>8}", "kind", "cases", "verdict", "line");
    for (k, t) in &per_kind {
        println!(
            "{k:<20} {:>5} {:>8} {:>5}/{}",
            t.cases, t.verdict_ok, t.line_ok, t.rejected_by_both
        );
        total.cases += t.cases;
        total.verdict_ok += t.verdict_ok;
        total.rejected_by_both += t.rejected_by_both;
        total.line_ok += t.line_ok;
    }
    let verdict = total.verdict_ok as f64 / total.cases as f64;
    let line = total.line_ok as f64 / total.rejected_by_both.max(1) as f64;
    println!(
        "total: verdicts {}/{} ({:.1}%), first error on the edited line {}/{} ({:.1}%)",
        total.verdict_ok,
        total.cases,
        verdict * 100.0,
        total.line_ok,
        total.rejected_by_both,
        line * 100.0
    );
    for m in &misses {
        println!("  {m}");
    }
    assert_eq!(total.cases, 300);
    // ratchets: the issue asks for 98% and 90%; we stand at 99.7% and 94.1%
    assert!(verdict >= 0.99, "verdict agreement {verdict:.3} fell below 99%");
    assert!(line >= 0.94, "line accuracy {line:.3} fell below 94%");
}

fn first_error(c: &ludeme::check::Checked) -> Option<String> {
    c.diagnostics.iter().find(|d| d.is_error()).map(|d| d.message.clone())
}

/// The corpus file a case was made from, by base name.
fn source_text(base: &str) -> Option<String> {
    fn walk(dir: &std::path::Path, base: &str) -> Option<std::path::PathBuf> {
        for e in std::fs::read_dir(dir).ok()?.flatten() {
            let p = e.path();
            if p.is_dir() {
                if let Some(f) = walk(&p, base) {
                    return Some(f);
                }
            } else if p.file_name().is_some_and(|n| n == base) {
                return Some(p);
            }
        }
        None
    }
    std::fs::read_to_string(walk(&common::shared("ludii/lud"), base)?).ok()
}

/// For a case made by removing one `)`: the line (in the source) of the `(` it closed.
fn removed_close_opener_line(base: &str, edited: &str) -> Option<usize> {
    let src = source_text(base)?;
    let (a, b) = (src.as_bytes(), edited.as_bytes());
    let at = a.iter().zip(b).position(|(x, y)| x != y)?;
    if a[at] != b')' {
        return None;
    }
    let mut stack = Vec::new();
    let (mut in_str, mut comment) = (false, false);
    for (i, &c) in a.iter().enumerate() {
        if comment {
            comment = c != b'\n';
            continue;
        }
        match c {
            b'"' => in_str = !in_str,
            b'/' if !in_str && a.get(i + 1) == Some(&b'/') => comment = true,
            b'(' if !in_str => stack.push(i),
            b')' if !in_str => {
                let o = stack.pop();
                if i == at {
                    return o.map(|o| src[..o].lines().count().max(1) + usize::from(src[..o].ends_with('\n')));
                }
            }
            _ => {}
        }
    }
    None
}
