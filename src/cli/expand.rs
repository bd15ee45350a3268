use super::{read_description, SelectArgs, EXIT_USAGE};
use crate::diag::render_human;
use crate::expand::{expand, Limits};
use crate::source::{SourceFile, SourceMap};
use crate::syntax::{parse_first_form, pretty::pretty};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct ExpandArgs {
    #[command(flatten)]
    pub select: SelectArgs,
    /// Print the expanded text as Ludii produces it, without pretty-printing.
    #[arg(long)]
    pub raw: bool,
    /// The description file (.lud).
    pub file: PathBuf,
}

pub fn run(args: &ExpandArgs) -> ExitCode {
    let (text, _) = match read_description(&args.file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    let mut sources = SourceMap::new(SourceFile::new(args.file.display().to_string(), text));
    let exp = match expand(&mut sources, &args.select.selections(), &Limits::default()) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(EXIT_USAGE);
        }
    };
    if !exp.diagnostics.is_empty() {
        eprint!("{}", render_human(&exp.diagnostics, &sources));
    }
    if exp.diagnostics.iter().any(|d| d.is_error()) {
        return ExitCode::from(1);
    }
    if args.raw {
        println!("{}", exp.game);
        if !exp.metadata.is_empty() {
            println!("{}", exp.metadata);
        }
        return ExitCode::SUCCESS;
    }
    match parse_first_form(&exp.game) {
        Ok(n) => println!("{}", pretty(&n)),
        Err(_) => println!("{}", exp.game),
    }
    match parse_first_form(&exp.metadata) {
        Ok(n) => println!("{}", pretty(&n)),
        Err(_) if !exp.metadata.trim().is_empty() => println!("{}", exp.metadata),
        Err(_) => {}
    }
    ExitCode::SUCCESS
}
