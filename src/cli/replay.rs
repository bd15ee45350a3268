//! `ludeme replay RECORD`: check a game record and print each position.

use super::compare::load_game;
use super::view::{status_text, Layout};
use super::EXIT_USAGE;
use crate::ai::record::Record;
use crate::engine::Game;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct ReplayArgs {
    /// The record (JSON, as `ludeme play --record` or `save` writes it).
    pub record: PathBuf,
    /// Print only the final position.
    #[arg(long)]
    pub last: bool,
}

/// Read a record and load its game (the game file as written, else next to the record).
pub fn load_record(path: &Path) -> Result<(Record, Game), ExitCode> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        eprintln!("error: cannot read {}: {e}", path.display());
        ExitCode::from(EXIT_USAGE)
    })?;
    let rec: Record = serde_json::from_str(&text).map_err(|e| {
        eprintln!("error: {}: not a game record: {e}", path.display());
        ExitCode::from(EXIT_USAGE)
    })?;
    let mut file = PathBuf::from(&rec.file);
    if !file.exists() {
        if let Some(dir) = path.parent() {
            file = dir.join(&rec.file);
        }
    }
    let game = load_game(&file, &rec.selections()).ok_or(ExitCode::from(EXIT_USAGE))?;
    Ok((rec, game))
}

pub fn run(args: &ReplayArgs) -> ExitCode {
    let (rec, game) = match load_record(&args.record) {
        Ok(x) => x,
        Err(code) => return code,
    };
    // check the whole record first, then print it
    if let Err(e) = rec.replay(&game) {
        eprintln!("error: {}: {e}", args.record.display());
        return ExitCode::from(1);
    }
    let colour = std::io::stdout().is_terminal();
    let names = rec.players.clone();
    let layout = Layout::new(&game);
    let last_ply = rec.moves.len();
    let mut mover = 0;
    let shown = rec.replay_each(&game, |ply, state| {
        if !args.last || ply == last_ply {
            if ply > 0 {
                println!("\nPly {ply}: player {mover} plays {}", rec.moves[ply - 1]);
            } else {
                println!("Initial position");
            }
            print!("{}", layout.text(&game, state, colour));
            println!("{}", status_text(&game, state, &names));
        }
        mover = state.mover();
    });
    if let Err(e) = shown {
        eprintln!("error: {}: {e}", args.record.display());
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}
