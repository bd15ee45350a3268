//! The command line: one file per subcommand. Only this layer prints.

mod bench;
pub mod board;
mod check;
mod compare;
mod compare_trials;
pub mod doc;
mod expand;
mod fmt;
pub mod info;
pub mod lsp;
mod pieces;
mod play;
mod playout;
pub mod render;
mod replay;
mod serve;
pub mod session;
mod tournament;
mod view;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Exit code for usage and I/O errors.
pub const EXIT_USAGE: u8 = 2;

#[derive(Parser, Debug)]
#[command(name = "ludeme", version, about = "A fast, Ludii-compatible game-rules interpreter")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// Option and ruleset selections, shared by the subcommands that load a game.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct SelectArgs {
    /// Select an option item, as "Heading/Item" (repeatable), e.g. --option "Board Size/6".
    #[arg(long = "option", value_name = "HEADING/ITEM")]
    pub options: Vec<String>,
    /// Select a ruleset, as "Ruleset/Name", e.g. --ruleset "Ruleset/Standard".
    #[arg(long, value_name = "RULESET/NAME")]
    pub ruleset: Option<String>,
}

impl SelectArgs {
    pub fn selections(&self) -> crate::expand::Selections {
        crate::expand::Selections {
            options: self.options.clone(),
            ruleset: self.ruleset.clone(),
        }
    }
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Check descriptions: expand, parse and resolve every ludeme, as Ludii's compiler does.
    Check(check::CheckArgs),
    /// Print a description after expansion (options, rulesets, defines), pretty-printed.
    Expand(expand::ExpandArgs),
    /// Print the reference of a ludeme (its forms, parameters, doc and example), or of all.
    Doc(doc::DocArgs),
    /// Format a description: printed, `--write` rewrites the file, `--check` tests it.
    Fmt(fmt::FmtArgs),
    /// A language server for `.lud` files over stdio (diagnostics, hover, completion, go to
    /// definition, outline), for editors.
    Lsp(lsp::LspArgs),
    /// What a description offers (players, options, rulesets, equipment) and whether it runs.
    Info(info::InfoArgs),
    /// Print the board a description gets: every site with its index, label and coordinates
    /// (Ludii's numbering), the containers, a site's relations; text, JSON or SVG.
    Board(board::BoardArgs),
    /// Replay a Ludii trace and report where the engine first disagrees in each trial.
    Compare(compare::CompareArgs),
    /// Play random playouts and print statistics (wins, lengths, speed).
    Playout(playout::PlayoutArgs),
    /// Play in the terminal: humans, random and MCTS agents; game records.
    Play(play::PlayArgs),
    /// Check a game record and print each position.
    Replay(replay::ReplayArgs),
    /// Draw a position as SVG.
    Render(render::RenderArgs),
    /// Play in the browser: a local web page (http://127.0.0.1:PORT/) with the board to click.
    Serve(serve::ServeArgs),
    /// Agents play each other; win rates per agent and seat.
    Tournament(tournament::TournamentArgs),
    /// Time the engine as its callers use it: playouts step by step and by the fastest
    /// path, and MCTS iterations per second.
    Bench(bench::BenchArgs),
}

/// Run the command line; returns the process exit code.
pub fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let cli = Cli::parse();
    match cli.command {
        Command::Check(a) => check::run(&a),
        Command::Expand(a) => expand::run(&a),
        Command::Doc(a) => doc::run(&a),
        Command::Lsp(a) => lsp::run(&a),
        Command::Fmt(a) => fmt::run(&a),
        Command::Info(a) => info::run(&a),
        Command::Board(a) => board::run(&a),
        Command::Compare(a) => compare::run(&a),
        Command::Playout(a) => playout::run(&a),
        Command::Play(a) => play::run(&a),
        Command::Replay(a) => replay::run(&a),
        Command::Render(a) => render::run(&a),
        Command::Serve(a) => serve::run(&a),
        Command::Tournament(a) => tournament::run(&a),
        Command::Bench(a) => bench::run(&a),
    }
}

/// Output cut short (`ludeme doc | head`) ends the program quietly, as for other Unix
/// tools: Rust ignores SIGPIPE, which turns every later `println!` into a panic. (A
/// subcommand that serves sockets must not do this: a client's closed connection would end it.)
fn quiet_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: called first in `main`, before any thread starts; it only restores the default
    // action of one signal.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

/// The largest description file read: what the front end accepts.
const MAX_FILE_BYTES: u64 = crate::expand::MAX_SOURCE_BYTES as u64;

/// Read a description file (at most [`MAX_FILE_BYTES`]). Invalid UTF-8 is read as Ludii's
/// reader would (replacement characters), with a warning.
pub fn read_description(path: &std::path::Path) -> Result<(String, bool), String> {
    use std::io::Read;
    let cannot = |e: std::io::Error| format!("cannot read {}: {e}", path.display());
    let file = std::fs::File::open(path).map_err(cannot)?;
    if file.metadata().is_ok_and(|m| m.is_dir()) {
        return Err(format!("cannot read {}: it is a directory", path.display()));
    }
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(cannot)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(format!(
            "{} is larger than {MAX_FILE_BYTES} bytes: not a description this program reads",
            path.display()
        ));
    }
    match String::from_utf8(bytes) {
        Ok(s) => Ok((s, false)),
        Err(e) => Ok((String::from_utf8_lossy(e.as_bytes()).into_owned(), true)),
    }
}
