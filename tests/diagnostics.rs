//! Snapshots of the diagnostics for each kind of error, as `ludeme check` prints them
//! (human) and as JSON Lines.

use ludeme::check::check_source;
use ludeme::diag::{render_human, to_json};
use ludeme::expand::Selections;

/// A small valid game that the cases below break in one place each.
const GAME: &str = r#"(game "Three Stones"
    (players 2)
    (equipment {
        (board (square 3))
        (piece "Stone" Each (move Step Orthogonal (to if:(is Empty (to)))))
    })
    (rules
        (start {(place "Stone1" 0) (place "Stone2" 8)})
        (play (forEach Piece))
        (end (if (no Moves Next) (result Mover Win)))
    )
)
"#;

fn report(name: &str, text: &str) -> String {
    let checked = check_source(&format!("{name}.lud"), text, &Selections::default()).unwrap();
    let human = render_human(&checked.diagnostics, &checked.sources);
    let json: Vec<String> = checked
        .diagnostics
        .iter()
        .map(|d| serde_json::to_string(&to_json(d, &checked.sources)).unwrap())
        .collect();
    format!("valid: {}\n{human}{}\n", !checked.has_errors(), json.join("\n"))
}

fn broken(from: &str, to: &str) -> String {
    assert!(GAME.contains(from), "{from}");
    GAME.replacen(from, to, 1)
}

#[test]
fn valid_game_has_no_diagnostics() {
    insta::assert_snapshot!(report("valid", GAME));
}

#[test]
fn unknown_ludeme() {
    insta::assert_snapshot!(report("unknown_ludeme", &broken("(move Step", "(move Stpe")));
}

#[test]
fn unknown_call() {
    insta::assert_snapshot!(report("unknown_call", &broken("(no Moves Next)", "(noo Moves Next)")));
}

#[test]
fn unknown_constant() {
    insta::assert_snapshot!(report("unknown_constant", &broken("Orthogonal", "Orthogonl")));
}

#[test]
fn wrong_type() {
    insta::assert_snapshot!(report("wrong_type", &broken("(square 3)", "(square \"three\")")));
}

#[test]
fn player_count() {
    insta::assert_snapshot!(report("player_count", &broken("(players 2)", "(players \"two\")")));
}

#[test]
fn missing_argument() {
    insta::assert_snapshot!(report(
        "missing_argument",
        &broken("(result Mover Win)", "(result Mover)")
    ));
}

#[test]
fn extra_argument() {
    insta::assert_snapshot!(report(
        "extra_argument",
        &broken("(players 2)", "(players 2) (players 2)")
    ));
}

#[test]
fn unknown_named_argument() {
    insta::assert_snapshot!(report("unknown_named_argument", &broken("(to if:", "(to iff:")));
}

#[test]
fn unknown_define_bracketed() {
    insta::assert_snapshot!(report(
        "unknown_define_bracketed",
        &broken("(forEach Piece)", "(\"MovePieces\")")
    ));
}

#[test]
fn unknown_define_bare() {
    insta::assert_snapshot!(report(
        "unknown_define_bare",
        &broken("(forEach Piece)", "(forEach Piece \"Stone3\" \"Hopper\")")
    ));
}

#[test]
fn error_inside_a_define() {
    let text = format!(
        "(define \"StoneMove\"\n    (move Step Orthogonal (to if:(is Empyt (to))))\n)\n{}",
        broken("(move Step Orthogonal (to if:(is Empty (to))))", "(\"StoneMove\")")
    );
    insta::assert_snapshot!(report("error_inside_a_define", &text));
}

#[test]
fn error_inside_a_standard_define() {
    insta::assert_snapshot!(report(
        "error_inside_a_standard_define",
        &broken(
            "(move Step Orthogonal (to if:(is Empty (to))))",
            "(\"StepToEmpty\" Orthogonl)"
        )
    ));
}

#[test]
fn error_in_an_option_value() {
    let text = format!(
        "(option \"Board\" <Size> args:{{<n>}} {{\n    (item \"3\" <3> \"Small.\")*\n    (item \"4\" <\"four\"> \"Large.\")\n}})\n{}",
        broken("(square 3)", "(square <Size:n>)")
    );
    insta::assert_snapshot!(report("option_default", &text));
    let checked = check_source(
        "option.lud",
        &text,
        &Selections {
            options: vec!["Board/4".into()],
            ruleset: None,
        },
    )
    .unwrap();
    insta::assert_snapshot!(render_human(&checked.diagnostics, &checked.sources));
}

#[test]
fn unknown_selection_is_a_usage_error() {
    let text = format!(
        "(option \"Board\" <Size> args:{{<n>}} {{\n    (item \"3\" <3> \"Small.\")*\n    (item \"4\" <4> \"Large.\")\n}})\n{}",
        broken("(square 3)", "(square <Size:n>)")
    );
    let err = check_source(
        "o.lud",
        &text,
        &Selections {
            options: vec!["Board/5".into()],
            ruleset: None,
        },
    )
    .unwrap_err();
    insta::assert_snapshot!(err.to_string());
    let err = check_source(
        "o.lud",
        &text,
        &Selections {
            options: vec!["Bord/4".into()],
            ruleset: None,
        },
    )
    .unwrap_err();
    insta::assert_snapshot!(err.to_string());
}

#[test]
fn unclosed_bracket() {
    insta::assert_snapshot!(report(
        "unclosed_bracket",
        &broken("(board (square 3))", "(board (square 3)")
    ));
}

#[test]
fn extra_bracket() {
    insta::assert_snapshot!(report("extra_bracket", &broken("(players 2)", "(players 2))")));
}

#[test]
fn unterminated_string() {
    insta::assert_snapshot!(report(
        "unterminated_string",
        &broken("(place \"Stone1\" 0)", "(place \"Stone1 0)")
    ));
}

#[test]
fn metadata_error() {
    let text = format!("{GAME}(metadata (info {{(description \"A test.\") (autor \"me\")}}))\n");
    insta::assert_snapshot!(report("metadata_error", &text));
}

#[test]
fn reconstruction_placeholder() {
    insta::assert_snapshot!(report("reconstruction", &broken("(square 3)", "(square [3 | 4])")));
}

#[test]
fn empty_file() {
    insta::assert_snapshot!(report("empty", ""));
}
