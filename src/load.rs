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
    /// A match's subgame cannot be found or played in it (see [`Game::load_with`]).
    #[error("{0}")]
    Subgame(String),
}

impl From<BuildError> for LoadError {
    fn from(e: BuildError) -> LoadError {
        match e {
            BuildError::Board(e) => LoadError::Board(e),
            BuildError::Track(e) => LoadError::Track(e),
            BuildError::Match(why) => LoadError::Subgame(why.to_string()),
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
        lower(self.node()).map_err(|e| self.lower_error(e))
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

    /// The whole game built, or the match with its subgames (each a game, found by `find`).
    fn game_or_match(&self, find: FindSubgame) -> Result<Game, LoadError> {
        let Some(m) = self.lower(|n| crate::compile::lower_match(n).transpose())? else {
            return self.game(crate::compile::lower_game);
        };
        let mut games = Vec::with_capacity(m.subgames.len());
        for sub in &m.subgames {
            let Some((name, text)) = find(&sub.name) else {
                return Err(LoadError::Subgame(format!(
                    "no description \"{}.lud\" of the match's subgame near it",
                    sub.name
                )));
            };
            let selections = Selections {
                options: sub.option.iter().cloned().collect(),
                ruleset: None,
            };
            let loaded = Loaded::new(&name, &text, &selections)?;
            if crate::compile::lower_match(loaded.node()).is_some() {
                return Err(LoadError::Subgame(format!("the subgame \"{}\" is a match", sub.name)));
            }
            let game = loaded.game(crate::compile::lower_game)?;
            if game.num_players() != m.context.players as usize {
                return Err(LoadError::Subgame(format!(
                    "the subgame \"{}\" has {} players, the match {}",
                    sub.name,
                    game.num_players(),
                    m.context.players
                )));
            }
            games.push(game);
        }
        Ok(Game::build_match(m.context, m.subgames, games)?)
    }

    /// The checked game's tree.
    fn node(&self) -> &Node {
        self.checked.game.as_ref().expect("checked in Loaded::new")
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

/// Finds a match's subgame by name: its description's name and text (None: not found).
pub type FindSubgame<'a> = &'a dyn Fn(&str) -> Option<(String, String)>;

/// Finds no subgame: a match's text alone, where no file may be read.
pub fn no_subgames(_: &str) -> Option<(String, String)> {
    None
}

impl Game {
    /// Expand, check, lower and build a description. A match's subgames are looked for near
    /// `name` read as the match's path ([`crate::source::find_subgame`]; see
    /// [`Game::load_with`]).
    pub fn load(name: &str, text: &str, selections: &Selections) -> Result<Game, LoadError> {
        Game::load_with(name, text, selections, &|sub| near(name, sub))
    }

    /// Expand, check, lower and build a description, a match's subgames found by `find`
    /// (each loaded with the option its match names).
    pub fn load_with(name: &str, text: &str, selections: &Selections, find: FindSubgame) -> Result<Game, LoadError> {
        Loaded::new(name, text, selections)?.game_or_match(find)
    }

    /// Lower and build a description already checked (`check::check_source`), as
    /// [`Game::load`] does after checking it.
    pub fn from_checked(checked: Checked) -> Result<Game, LoadError> {
        let name = checked.sources.main().name.clone();
        Loaded::checked(checked)?.game_or_match(&|sub| near(&name, sub))
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

/// A match's subgame found near the match's file `name` ([`crate::source::find_subgame`]):
/// its path and text (what [`Game::load`] looks for).
pub fn near(name: &str, sub: &str) -> Option<(String, String)> {
    let path = crate::source::find_subgame(std::path::Path::new(name), sub)?;
    let text = std::fs::read_to_string(&path).ok()?;
    Some((path.display().to_string(), text))
}
