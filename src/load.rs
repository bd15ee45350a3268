//! Loading: the one pipeline from a description's text to a game the engine runs.
//!
//! expand → parse → check (`check::check_source`), then lower (`compile`) what the caller
//! asks for (the whole game, its start, its board, its layout, its tracks, its subgames),
//! then build it (`board`, `engine`). This layer sits above the engine: the engine never
//! sees syntax, and nothing below imports this.

use crate::board::{Board, BoardError, SiteType, Track, TrackError};
use crate::check::{check_source, Checked};
use crate::compile::{LowerError, Subgame};
use crate::engine::{BuildError, Game};
use crate::expand::{SelectionError, Selections};
use crate::ir::GameIr;
use crate::syntax::Node;

/// Why a description could not be loaded as a playable game.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error(transparent)]
    Selection(#[from] SelectionError),
    /// The description has errors; `checked` holds the diagnostics and sources to render.
    #[error("the description has errors")]
    Invalid(Box<Checked>),
    /// The description is valid but uses a ludeme the engine cannot run yet.
    #[error("the engine cannot run `{ludeme}` yet{}", at.as_ref().map(|a| format!(" ({a})")).unwrap_or_default())]
    Unsupported { ludeme: String, at: Option<String> },
    /// The board cannot be built: a size out of range, more than the limit of
    /// [`crate::board::MAX_BOARD_GRAPH`] vertices and edges, no sites of its type...
    #[error("cannot build the board: {0}")]
    Board(#[from] BoardError),
    /// A track of the board cannot be built on it (a step off the board, a direction the
    /// board does not have...).
    #[error("cannot build a track: {0}")]
    Track(#[from] TrackError),
}

impl From<BuildError> for LoadError {
    fn from(e: BuildError) -> LoadError {
        match e {
            BuildError::Board(e) => LoadError::Board(e),
            BuildError::Track(e) => LoadError::Track(e),
        }
    }
}

/// What a description lays out: its board and its containers, the board first (name, first
/// site, number of sites), as a trace header lists them.
#[derive(Debug)]
pub struct Layout {
    pub board: Board,
    pub containers: Vec<(String, usize, usize)>,
}

/// A description expanded, parsed and checked without errors, ready to lower.
struct Loaded {
    checked: Checked,
}

impl Loaded {
    /// The first steps of every load: expand, parse and check.
    fn new(name: &str, text: &str, selections: &Selections) -> Result<Loaded, LoadError> {
        Loaded::checked(check_source(name, text, selections)?)
    }

    /// A description already checked, when it has no errors.
    fn checked(checked: Checked) -> Result<Loaded, LoadError> {
        if checked.has_errors() || checked.game.is_none() {
            return Err(LoadError::Invalid(Box::new(checked)));
        }
        Ok(Loaded { checked })
    }

    /// Lower the checked game with `lower`; a lowering error names where it is in the
    /// sources.
    fn lower<T>(&self, lower: impl FnOnce(&Node) -> Result<T, LowerError>) -> Result<T, LoadError> {
        let node = self.checked.game.as_ref().expect("checked in Loaded::new");
        lower(node).map_err(|e| self.lower_error(e))
    }

    /// A lowering error as a load error, with where it is in the sources.
    fn lower_error(&self, e: LowerError) -> LoadError {
        let checked = &self.checked;
        let at = checked.expansion.source_span(e.span(), false).0.map(|s| {
            let f = checked.sources.get(s.file);
            let lc = f.line_col(s.start as usize);
            format!("{}:{}:{}", f.name, lc.line, lc.column)
        });
        match e {
            LowerError::Unsupported { ludeme, .. } => LoadError::Unsupported { ludeme, at },
            LowerError::Invalid { message, .. } => LoadError::Unsupported { ludeme: message, at },
        }
    }

    /// The lowered board, built.
    fn board(&self) -> Result<Board, LoadError> {
        let (spec, site_type) = self.lower(crate::compile::lower_board)?;
        Ok(Board::new(&spec, site_type)?)
    }

    /// The game lowered by `lower` (the whole game or its start), built.
    fn game(&self, lower: fn(&Node) -> Result<GameIr, LowerError>) -> Result<Game, LoadError> {
        let mut ir = self.lower(lower)?;
        if let Some(metadata) = &self.checked.metadata {
            ir.looks = crate::compile::lower_looks(metadata);
        }
        Ok(Game::build(ir)?)
    }
}

impl Game {
    /// Expand, check, lower and build a description.
    pub fn load(name: &str, text: &str, selections: &Selections) -> Result<Game, LoadError> {
        Loaded::new(name, text, selections)?.game(crate::compile::lower_game)
    }

    /// Lower and build a description already checked (`check::check_source`), as
    /// [`Game::load`] does after checking it.
    pub fn from_checked(checked: Checked) -> Result<Game, LoadError> {
        Loaded::checked(checked)?.game(crate::compile::lower_game)
    }

    /// Only the start of a description: its players, equipment and start rules, with a pass
    /// for its play and no end (for drawing the start position of a game whose rules use
    /// ludemes the engine cannot run yet).
    pub fn load_start(name: &str, text: &str, selections: &Selections) -> Result<Game, LoadError> {
        Loaded::new(name, text, selections)?.game(crate::compile::lower_game_start)
    }

    /// Only the board of a description, built even when its rules use ludemes the engine
    /// cannot run yet (board-only checks against Ludii).
    pub fn load_board(name: &str, text: &str, selections: &Selections) -> Result<Board, LoadError> {
        Loaded::new(name, text, selections)?.board()
    }

    /// The board of a description and the tracks it declares, built on it (board-only, like
    /// [`Game::load_board`]).
    pub fn load_board_tracks(
        name: &str,
        text: &str,
        selections: &Selections,
    ) -> Result<(Board, Vec<Track>), LoadError> {
        let loaded = Loaded::new(name, text, selections)?;
        let (spec, site_type) = loaded.lower(crate::compile::lower_board)?;
        let specs = loaded.lower(crate::compile::lower_board_tracks)?;
        let board = Board::new(&spec, site_type)?;
        let tracks = specs.iter().map(|t| board.track(t)).collect::<Result<Vec<_>, _>>()?;
        Ok((board, tracks))
    }

    /// The board and containers of a description, built even when its rules use ludemes
    /// the engine cannot run yet (for `ludeme board`).
    pub fn load_layout(name: &str, text: &str, selections: &Selections) -> Result<Layout, LoadError> {
        let (spec, site_type, kinds) = Loaded::new(name, text, selections)?.lower(crate::compile::lower_layout)?;
        let board = Board::new(&spec, site_type)?;
        // Ludii numbers the other containers' sites from the larger of the board's cells and
        // sites (a vertex board leaves room for its cells)
        let mut from = board.num_sites().max(board.graph().count(SiteType::Cell));
        let mut containers = vec![("Board".to_string(), 0, board.num_sites())];
        for k in kinds {
            containers.push((k.name, from, k.sites as usize));
            from += k.sites as usize;
        }
        Ok(Layout { board, containers })
    }

    /// The subgames a `(match ..)` description plays, in order, each with the option it is
    /// played with (None: the description is a game). Each subgame is a description of its
    /// own (see [`crate::source::find_subgame`]).
    pub fn match_subgames(name: &str, text: &str, selections: &Selections) -> Result<Option<Vec<Subgame>>, LoadError> {
        let loaded = Loaded::new(name, text, selections)?;
        let node = loaded.checked.game.as_ref().expect("checked in Loaded::new");
        Ok(crate::compile::match_subgames(node))
    }
}
