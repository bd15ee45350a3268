//! `ludeme info` answers for every corpus file: name, players, options, and whether the
//! engine runs it (or why not), never a panic.

mod common;

use ludeme::check::check_source;
use ludeme::cli::info::info;
use ludeme::expand::Selections;

#[test]
fn info_answers_for_every_corpus_file() {
    let verdicts = common::jsonl("ludii/lud-verdicts.jsonl");
    let (mut runs, mut refused, mut invalid) = (0, 0, 0);
    for v in &verdicts {
        let file = v["file"].as_str().unwrap();
        let path = common::shared(&format!("ludii/lud/{file}"));
        let text = std::fs::read_to_string(&path).unwrap();
        let checked = check_source(file, &text, &Selections::default()).unwrap();
        // (a match's subgames are read near it)
        let near = |sub: &str| ludeme::load::near(&path.display().to_string(), sub);
        let i = info(&checked, &text, file, &Selections::default(), &near);
        let valid = v["ok"].as_bool() == Some(true);
        assert_eq!(!checked.has_errors(), valid, "{file}");
        if valid {
            assert!(!i.name.is_empty(), "{file}: no name");
        }
        match (i.runs, &i.refused) {
            (true, None) => {
                runs += 1;
                assert!(i.sites.is_some_and(|n| n > 0), "{file}");
            }
            (false, Some(why)) if valid => {
                refused += 1;
                assert!(why.contains("cannot run") || why.contains("board"), "{file}: {why}");
            }
            (false, Some(_)) => invalid += 1,
            other => panic!("{file}: {other:?}"),
        }
        // the selected item of each option is one of its items
        for o in &i.options {
            assert!(o.selected < o.items.len().max(1), "{file}: {}", o.heading);
        }
    }
    println!("info: {runs} run, {refused} refused for a ludeme, {invalid} invalid");
    // (today's count: every description that loads runs)
    assert!(runs >= 1_163, "only {runs} run");
}
