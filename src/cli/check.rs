use super::{read_description, SelectArgs, EXIT_USAGE};
use crate::check::check_source;
use crate::diag::{render_human, render_human_styled, to_json, Diagnostic};
use crate::engine::Game;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    pub select: SelectArgs,
    /// Output format: `human` (rustc style) or `json` (JSON Lines, one diagnostic per line).
    #[arg(long, default_value = "human", value_parser = ["human", "json"])]
    pub format: String,
    /// Description files (.lud), or directories to search for them.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

pub fn run(args: &CheckArgs) -> ExitCode {
    let json = args.format == "json";
    let selections = args.select.selections();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let styled = !json && std::io::stderr().is_terminal();
    let (mut ok, mut bad, mut unread) = (0usize, 0usize, 0usize);
    for path in args.files.iter().flat_map(|p| crate::source::lud_files(p)) {
        // a file that cannot be read or selected from is reported, and the others checked
        let (text, lossy) = match read_description(&path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: {e}");
                unread += 1;
                continue;
            }
        };
        let name = path.display().to_string();
        let mut checked = match check_source(&name, &text, &selections) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("error: {name}: {e}");
                unread += 1;
                continue;
            }
        };
        if lossy {
            checked.diagnostics.insert(
                0,
                Diagnostic::warning(
                    "invalid-utf8",
                    "the file is not valid UTF-8: invalid bytes were read as U+FFFD",
                ),
            );
        }
        if checked.has_errors() {
            bad += 1;
        } else {
            ok += 1;
            // a file named on the command line (not found in a directory): whether the
            // engine can play it
            if !json && args.files.contains(&path) {
                if let Err(e) = Game::load(&name, &text, &selections) {
                    eprintln!("note: {name}: valid, but the engine cannot play it yet: {e}");
                }
            }
        }
        if json {
            for d in &checked.diagnostics {
                let line = serde_json::to_string(&to_json(d, &checked.sources)).unwrap_or_default();
                let _ = writeln!(out, "{line}");
            }
        } else if !checked.diagnostics.is_empty() {
            let text = if styled {
                render_human_styled(&checked.diagnostics, &checked.sources)
            } else {
                render_human(&checked.diagnostics, &checked.sources)
            };
            eprint!("{text}");
        }
    }
    if !json {
        let _ = write!(
            out,
            "checked {} file{}: {ok} ok, {bad} with errors",
            ok + bad,
            if ok + bad == 1 { "" } else { "s" }
        );
        let _ = match unread {
            0 => writeln!(out),
            n => writeln!(out, "; {n} not checked (see the errors above)"),
        };
    }
    if unread > 0 {
        ExitCode::from(EXIT_USAGE)
    } else if bad > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
