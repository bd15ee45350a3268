//! The formatter on every corpus description: it formats, keeps every comment, formatting
//! again changes nothing, and the expansion of the formatted text is that of the original (the game and
//! metadata pretty-printed as `ludeme expand` prints them; the same problems where the
//! expansion fails).

mod common;

use ludeme::expand::{expand, Limits, Selections};
use ludeme::source::{SourceFile, SourceMap};
use ludeme::syntax::format::format;
use ludeme::syntax::{parse_first_form, pretty::pretty};
use rayon::prelude::*;

/// What `ludeme expand` prints of a text, or the codes of its problems.
fn expanded(name: &str, text: &str) -> String {
    let mut sources = SourceMap::new(SourceFile::new(name, text));
    match expand(&mut sources, &Selections::default(), &Limits::default()) {
        Err(e) => format!("selection error: {e}"),
        Ok(exp) if exp.diagnostics.iter().any(|d| d.is_error()) => {
            let codes: Vec<&str> = exp.diagnostics.iter().map(|d| d.code).collect();
            format!("errors: {codes:?}")
        }
        Ok(exp) => {
            let show = |t: &str| match parse_first_form(t) {
                Ok(n) => pretty(&n),
                Err(_) => t.split_whitespace().collect::<Vec<_>>().join(" "),
            };
            format!("{}\n{}", show(&exp.game), show(&exp.metadata))
        }
    }
}

#[test]
fn every_corpus_description_formats_stably_and_expands_alike() {
    let files = ludeme::source::lud_files(&common::shared("ludii/lud"));
    assert!(files.len() > 1000, "only {} descriptions found", files.len());
    let bad: Vec<String> = files
        .par_iter()
        .filter_map(|p| {
            let text = std::fs::read_to_string(p).ok()?;
            let name = p.display().to_string();
            let f = format(&text);
            if f.matches("//").count() != text.matches("//").count() {
                return Some(format!("{name}: comments (or strings) lost"));
            }
            if format(&f) != f {
                return Some(format!("{name}: formatting the formatted text changes it"));
            }
            if expanded(&name, &f) != expanded(&name, &text) {
                return Some(format!("{name}: the formatted text expands otherwise"));
            }
            None
        })
        .collect();
    assert!(
        bad.is_empty(),
        "{} of {} files:\n{}",
        bad.len(),
        files.len(),
        bad.join("\n")
    );
}
