//! `ludeme check` agrees with Ludii's verdict on every corpus file.

mod common;

use ludeme::check::check_source;
use ludeme::expand::Selections;

#[test]
fn verdicts_agree_with_ludii_on_the_whole_corpus() {
    let verdicts = common::jsonl("ludii/lud-verdicts.jsonl");
    assert_eq!(verdicts.len(), 1300);
    let mut disagree = Vec::new();
    let (mut accepted, mut rejected) = (0, 0);
    for v in &verdicts {
        let file = v["file"].as_str().unwrap();
        let ok = v["ok"].as_bool().unwrap();
        let path = common::shared(&format!("ludii/lud/{file}"));
        let text = std::fs::read_to_string(&path).unwrap();
        let checked = check_source(file, &text, &Selections::default()).unwrap();
        let ours = !checked.has_errors();
        if ours {
            accepted += 1;
        } else {
            rejected += 1;
        }
        if ours != ok {
            let first = checked
                .diagnostics
                .iter()
                .find(|d| d.is_error())
                .map(|d| d.message.clone());
            disagree.push(format!("{file}: Ludii {}, ours {} {:?}", ok, ours, first));
        }
    }
    println!(
        "accepted {accepted}, rejected {rejected}, disagreements {}",
        disagree.len()
    );
    assert!(
        disagree.is_empty(),
        "{} disagreements:\n{}",
        disagree.len(),
        disagree.join("\n")
    );
}
