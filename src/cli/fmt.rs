//! `ludeme fmt FILE..`: each description formatted (`syntax::format`): printed, or with
//! `--write` written back, or with `--check` only tested (exit 1 when one is not formatted).

use super::{read_description, EXIT_USAGE};
use crate::syntax::format::format;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct FmtArgs {
    /// The descriptions (.lud).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Rewrite the file instead of printing it.
    #[arg(long, conflicts_with = "check")]
    pub write: bool,
    /// Print nothing; exit 1 when the file is not formatted (for CI).
    #[arg(long)]
    pub check: bool,
}

pub fn run(args: &FmtArgs) -> ExitCode {
    let mut unformatted = false;
    for file in &args.files {
        let (text, _) = match read_description(file) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::from(EXIT_USAGE);
            }
        };
        let formatted = format(&text);
        if args.check {
            if formatted != text {
                eprintln!("{}: not formatted (ludeme fmt --write formats it)", file.display());
                unformatted = true;
            }
        } else if args.write {
            if formatted != text {
                if let Err(e) = std::fs::write(file, &formatted) {
                    eprintln!("error: cannot write {}: {e}", file.display());
                    return ExitCode::from(EXIT_USAGE);
                }
            }
        } else {
            print!("{formatted}");
        }
    }
    if unformatted {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}
