//! Parse + expand + check on arbitrary input: must never panic, hang or blow up.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ludeme::check::check_source;
use ludeme::expand::Selections;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(checked) = check_source("fuzz.lud", &text, &Selections::default()) {
        // rendering must not panic either
        let _ = ludeme::diag::render_human(&checked.diagnostics, &checked.sources);
    }
});
