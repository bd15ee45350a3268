//! The language server's answers as text is typed: the fuzzer's bytes pick one of Ludii's
//! files (or start from nothing) and a sequence of edits, each a place, a number of bytes
//! to delete there and a piece of text to insert (a bracket, a quote, a keyword, a define's
//! name, a label, an option value, a comment, a byte); after each edit, every answer the
//! server gives about the text at the place edited (`ludeme::cli::lsp::answer_everything`).
//! Nothing may panic or hang.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "mutations.rs"]
mod mutations;

/// What a person types, a piece at a time.
const PIECES: &[&str] = &[
    "(", ")", "{", "}", "\"", " ", "\n", "<", ">", ":", "#1", "//", "(game \"G\"", "(define \"",
    "(option \"O\" <O> args:{ <a> } {(item \"I\" <1> \"d\")*})", "(rulesets {(ruleset \"Ruleset/R\" {\"O/I\"})})",
    "(move ", "(is Line ", "Add", "to:", "if:(", "(\"StepToEmpty\")", "(\"", "<O>", "<O:a>", "\"O/I\"",
    "(players 2)", "(board (square 3))", "(piece \"Disc\" Each)", "é", "\u{1F600}", "\\", "*", "..",
];

fuzz_target!(|data: &[u8]| {
    let files = mutations::corpus();
    let mut c = mutations::Choices::new(data);
    let mut text = if c.below(4) == 0 {
        String::new()
    } else {
        files[c.below(files.len())].clone()
    };
    let edits = 1 + c.below(16);
    for _ in 0..edits {
        let mut at = c.below(text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        let mut end = (at + c.below(8)).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        let piece = PIECES[c.below(PIECES.len())];
        text.replace_range(at..end, piece);
        let _ = ludeme::cli::lsp::answer_everything(&text, at + piece.len());
        if c.is_empty() {
            break;
        }
    }
});
