//! `ludeme render` on every valid corpus description (default options): the start position
//! (set up by the start rules even where the engine cannot run the play yet; a match's is
//! its first subgame's), else the board alone. Each picture must have a site
//! for every board site (and hand site); a board the engine cannot build must be refused
//! with the ludeme it lacks, never fail otherwise or panic. Every piece drawn carries its
//! name, and a glyph or a label. The test prints how many of each it drew.

mod common;

use ludeme::cli::render::{start_or_board, Drawn};
use ludeme::engine::Game;
use ludeme::expand::Selections;
use ludeme::load::LoadError;
use rayon::prelude::*;

enum Outcome {
    /// The start position (true: the rules run too), and how many pieces it drew.
    Start(bool, usize),
    /// The board alone, with why its start position could not be set up.
    Board(String),
    Refused(String),
    Failed(String),
}

/// Every piece drawn is named (its `<title>`), and one without a glyph of its own carries a
/// label: no piece is left an unlabelled shape.
fn pieces_named(svg: &str) -> Result<usize, String> {
    let mut pieces = 0;
    for piece in svg.split(r#"<g class="piece""#).skip(1) {
        pieces += 1;
        let head = &piece[..piece.find('>').unwrap_or(0)];
        let title = piece
            .split_once("<title>")
            .and_then(|(_, t)| t.split_once("</title>"))
            .map(|(t, _)| t);
        if title.is_none_or(|t| t.trim().is_empty()) {
            return Err(format!("a piece without a name: {head}"));
        }
        if head.contains(r#"data-glyph="label:""#) || head.contains(r#"data-glyph="label:?""#) {
            return Err(format!("a piece without a glyph or a label: {head}"));
        }
    }
    Ok(pieces)
}

fn render(path: &std::path::Path) -> Option<Outcome> {
    let text = std::fs::read_to_string(path).ok()?;
    let name = path.display().to_string();
    let sel = Selections::default();
    let checked = ludeme::check::check_source(&name, &text, &sel).ok()?;
    if checked.has_errors() {
        return None; // Ludii refuses it too (tests/corpus.rs)
    }
    let drawn = std::panic::catch_unwind(|| start_or_board(path, &sel));
    Some(match drawn {
        Err(_) => Outcome::Failed("panicked".into()),
        Ok(Ok(Drawn::Start(game, state, why))) => {
            let svg = ludeme::cli::render::svg(&game, &state);
            let sites = svg.matches("data-site=").count();
            let want = game.num_sites() + game.containers().iter().map(|c| c.2).sum::<usize>();
            match pieces_named(&svg) {
                Err(e) => Outcome::Failed(e),
                Ok(pieces) if sites == want => Outcome::Start(why.is_none(), pieces),
                Ok(_) => Outcome::Failed(format!("{sites} sites drawn of {want}")),
            }
        }
        Ok(Ok(Drawn::Board(svg, _))) => {
            let layout = Game::load_layout(&name, &text, &sel).unwrap();
            let sites = svg.matches(r#"class="site""#).count();
            if sites == layout.board.num_sites() {
                let why = match Game::load_start(&name, &text, &sel) {
                    Err(LoadError::Unsupported { ludeme, .. }) => ludeme,
                    Err(e) => e.to_string(),
                    Ok(_) => "its start loads".into(),
                };
                Outcome::Board(why)
            } else {
                Outcome::Failed(format!("{sites} board sites drawn of {}", layout.board.num_sites()))
            }
        }
        Ok(Err(_)) => match Game::load_layout(&name, &text, &sel) {
            Err(LoadError::Unsupported { ludeme, .. }) => Outcome::Refused(ludeme),
            Err(e) => Outcome::Failed(e.to_string()),
            Ok(_) => Outcome::Failed("not drawn, though its board builds".into()),
        },
    })
}

#[test]
fn every_valid_corpus_game_renders_its_start_or_its_board() {
    let files = ludeme::source::lud_files(&common::shared("ludii/lud"));
    assert!(files.len() > 1000, "only {} descriptions found", files.len());
    let outcomes: Vec<(String, Outcome)> = files
        .par_iter()
        .filter_map(|p| Some((p.display().to_string(), render(p)?)))
        .collect();
    let (mut start, mut start_only, mut board, mut pieces) = (0, 0, 0, 0);
    let mut refused = Vec::new();
    let mut failed = Vec::new();
    for (file, o) in &outcomes {
        match o {
            Outcome::Start(true, n) => {
                start += 1;
                pieces += n;
            }
            Outcome::Start(false, n) => {
                start_only += 1;
                pieces += n;
            }
            Outcome::Board(why) => {
                board += 1;
                println!("  board alone: {file}: {why}");
            }
            Outcome::Refused(l) => refused.push(format!("{file}: {l}")),
            Outcome::Failed(why) => failed.push(format!("{file}: {why}")),
        }
    }
    println!(
        "{} valid descriptions: {start} start positions of games that run, {start_only} start positions of games whose play is not run yet, {board} boards alone, {} refused:",
        outcomes.len(),
        refused.len()
    );
    for r in &refused {
        println!("  {r}");
    }
    println!("{pieces} pieces drawn, each named and with a glyph or a label");
    assert!(outcomes.len() > 1100, "only {} valid descriptions", outcomes.len());
    assert!(pieces > 27_000, "only {pieces} pieces drawn");
    assert!(failed.is_empty(), "{} failed:\n{}", failed.len(), failed.join("\n"));
    // every board is drawn, and every start position
    assert!(refused.is_empty(), "{} boards refused", refused.len());
    assert_eq!(
        board, 0,
        "{board} games draw their board alone, not their start position"
    );
}
