//! `ludeme._ludeme`: the engine's Python surface, with OpenSpiel's `pyspiel` names.
//!
//! Players are numbered from 0 (Ludii's player 1 is 0); `current_player()` gives OpenSpiel's
//! sentinels for chance (-1) and terminal (-4) states. Action ids are the engine's
//! (`ludeme::engine::encode`): fixed per game and dense. The GIL is released around engine
//! work (listing moves, applying them, playouts, search, the vectorised step).

use ludeme::ai::{rewards, MctsAgent, MctsConfig};
use ludeme::engine::playout::{self, Outcome, PlayoutConfig};
use ludeme::engine::{sorted_unique, Game, Move, MoveKey, State};
use ludeme::expand::Selections;
use ludeme::load::LoadError;
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList};
use rand::Rng;
use std::sync::Arc;

/// OpenSpiel's player id of a chance node.
const CHANCE_PLAYER: i64 = -1;
/// OpenSpiel's player id of a simultaneous-move node (no game the engine runs has one yet).
const SIMULTANEOUS_PLAYER: i64 = -2;
/// OpenSpiel's player id of a terminal state.
const TERMINAL_PLAYER: i64 = -4;
/// OpenSpiel's invalid player id.
const INVALID_PLAYER: i64 = -3;

/// Ludii's default decision cap for a game that never ends by its rules.
const DEFAULT_MAX_GAME_LENGTH: usize = playout::DEFAULT_MAX_DECISIONS;

fn load_error(name: &str, e: LoadError) -> PyErr {
    match e {
        LoadError::Invalid(checked) => PyValueError::new_err(format!(
            "{name}: the description has errors\n{}",
            ludeme::diag::render_human(&checked.diagnostics, &checked.sources)
        )),
        e => PyValueError::new_err(format!("{name}: {e}")),
    }
}

/// What `__reduce__` gives pickle: a function and its arguments.
type Reduce<'py, A> = (Bound<'py, PyAny>, A);
/// `Game`'s arguments: source, options, ruleset, decision cap.
type GameArgs = (String, Vec<String>, Option<String>, usize);
/// `_state_from_history`'s arguments: game, start seed, actions, undo kept.
type StateArgs = (Py<PyGame>, u64, Vec<usize>, bool);

/// A loaded game: immutable, shared by its states.
/// The engine's player (from 1; 0: a spectator) of a Python player (from 0; None).
fn viewer(player: Option<i64>) -> usize {
    match player {
        Some(p) if p >= 0 => p as usize + 1,
        _ => 0,
    }
}

#[pyclass(module = "ludeme._ludeme", name = "Game", frozen)]
struct PyGame {
    game: Arc<Game>,
    max_game_length: usize,
    options: Vec<String>,
    ruleset: Option<String>,
    source: String,
    /// The action ids below [`MAX_CACHED_IDS`], as Python ints.
    id_objects: Vec<Py<PyInt>>,
}

/// The most action ids a game keeps as Python ints (~32 bytes each).
const MAX_CACHED_IDS: usize = 1 << 16;

#[pymethods]
impl PyGame {
    /// Load a description: `path_or_text` is a `.lud` file's path or its text; `options` are
    /// Ludii's option items (`"Board Size/19x19"`), `ruleset` a ruleset's name.
    #[new]
    #[pyo3(signature = (path_or_text, options=None, ruleset=None, max_game_length=None))]
    fn new(
        py: Python<'_>,
        path_or_text: &str,
        options: Option<Vec<String>>,
        ruleset: Option<String>,
        max_game_length: Option<usize>,
    ) -> PyResult<PyGame> {
        let (name, text) = if path_or_text.contains("(game") || path_or_text.contains("(match") {
            ("<text>".to_string(), path_or_text.to_string())
        } else {
            let text = std::fs::read_to_string(path_or_text)
                .map_err(|e| PyValueError::new_err(format!("{path_or_text}: {e}")))?;
            (path_or_text.to_string(), text)
        };
        let selections = Selections {
            options: options.clone().unwrap_or_default(),
            ruleset: ruleset.clone(),
        };
        // (a match's subgames are read near its file; a text alone reads no file)
        let game = py
            .detach(|| {
                let near = |sub: &str| ludeme::load::near(&name, sub);
                let find: ludeme::load::FindSubgame = if name != "<text>" {
                    &near
                } else {
                    &ludeme::load::no_subgames
                };
                Game::load_with(&name, &text, &selections, find)
            })
            .map_err(|e| load_error(&name, e))?;
        if game.num_players() == 0 {
            // (OpenSpiel's and PettingZoo's games have players; `ludeme playout` and `play`
            // run simulations)
            return Err(PyValueError::new_err(format!(
                "{name}: a simulation (no players): the Python API plays games of one player or more"
            )));
        }
        if game.ir().simultaneous {
            // (its joint moves have no action ids of their own: `ludeme playout` and `play`
            // run them)
            return Err(PyValueError::new_err(format!(
                "{name}: simultaneous moves (mode Simultaneous): the Python API plays games whose players take turns"
            )));
        }
        // the ids as Python ints made once: a list of legal actions then takes references to
        // them instead of making an int per entry (most ids are past Python's small ints)
        let cached = game.num_distinct_actions().min(MAX_CACHED_IDS);
        let id_objects = (0..cached)
            .map(|a| a.into_pyobject(py).map(Bound::unbind))
            .collect::<Result<_, _>>()
            .unwrap_or_default();
        Ok(PyGame {
            id_objects,
            game: Arc::new(game),
            max_game_length: max_game_length.unwrap_or(DEFAULT_MAX_GAME_LENGTH),
            options: options.unwrap_or_default(),
            ruleset,
            source: path_or_text.to_string(),
        })
    }

    /// The game's name (its `(game "..")`).
    fn name(&self) -> String {
        self.game.name().to_string()
    }

    fn num_players(&self) -> usize {
        self.game.num_players()
    }

    /// How many action ids the game has (ids are `0..num_distinct_actions()`).
    fn num_distinct_actions(&self) -> usize {
        self.game.num_distinct_actions()
    }

    /// The most decisions a game runs before it is cut short (a draw for everyone).
    fn max_game_length(&self) -> usize {
        self.max_game_length
    }

    /// The number of chance outcomes a roll of the dice has (0: no dice).
    fn max_chance_outcomes(&self) -> usize {
        if self.game.has_dice() {
            self.game.roll_outcomes()
        } else {
            0
        }
    }

    /// Whether the rules hide something from a player (Ludii's hidden information): each
    /// player's observation is then their own.
    fn has_hidden_information(&self) -> bool {
        self.game.has_hidden_info()
    }

    /// Whether the dice make chance nodes.
    fn has_chance_nodes(&self) -> bool {
        self.game.has_dice()
    }

    /// `[planes, sites]`: the shape of an observation (see `State.observation_tensor`).
    fn observation_shape(&self) -> (usize, usize) {
        let [p, n] = self.game.observation_shape();
        (p, n)
    }

    /// The number of sites of the board.
    fn num_sites(&self) -> usize {
        self.game.num_sites()
    }

    /// The number of sites of every container: the board's, then the hands'.
    fn total_sites(&self) -> usize {
        self.game.total_sites()
    }

    /// A board site's label (Ludii's coordinate, `a1`).
    fn site_label(&self, site: usize) -> PyResult<String> {
        if site >= self.game.num_sites() {
            return Err(PyIndexError::new_err(format!("no board site {site}")));
        }
        Ok(self.game.site_label(site).to_string())
    }

    /// An action id in words (`a1`, `a2-a4`, `Disc1@c3`, `pass`).
    fn action_to_string(&self, action: usize) -> String {
        self.game.action_text(action)
    }

    /// The options and ruleset the game was loaded with, and where from.
    fn options(&self) -> Vec<String> {
        self.options.clone()
    }

    fn ruleset(&self) -> Option<String> {
        self.ruleset.clone()
    }

    fn source(&self) -> String {
        self.source.clone()
    }

    /// The state after the start rules (their random choices drawn from `seed`), at a chance
    /// node first when the first decision rolls dice. With `undo=True` the state keeps what
    /// `undo()` needs.
    #[pyo3(signature = (seed=0, undo=false))]
    fn new_initial_state(slf: &Bound<'_, Self>, seed: u64, undo: bool) -> PyState {
        let g = slf.get();
        let state = if g.game.has_chance() {
            g.game.initial_state_seeded(seed)
        } else {
            g.game.initial_state()
        };
        PyState::new(slf.clone().unbind(), state, seed, undo)
    }

    fn __repr__(&self) -> String {
        format!("<ludeme.Game {:?}>", self.game.name())
    }

    /// Pickled as what loads it again: its source (a path or a text), options, ruleset and
    /// decision cap.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduce<'py, GameArgs>> {
        let g = slf.get();
        let load = slf.get_type().into_any();
        Ok((
            load,
            (
                g.source.clone(),
                g.options.clone(),
                g.ruleset.clone(),
                g.max_game_length,
            ),
        ))
    }
}

/// A legal move, as the engine lists it.
#[pyclass(module = "ludeme._ludeme", name = "Move", frozen)]
struct PyMove {
    mv: Move,
    #[pyo3(get)]
    action: usize,
    #[pyo3(get)]
    text: String,
    /// The mover, from 0.
    #[pyo3(get)]
    player: i64,
    #[pyo3(get)]
    from_site: i32,
    #[pyo3(get)]
    to_site: i32,
    #[pyo3(get)]
    from_label: Option<String>,
    #[pyo3(get)]
    to_label: Option<String>,
    #[pyo3(get)]
    is_pass: bool,
}

#[pymethods]
impl PyMove {
    fn __repr__(&self) -> String {
        format!("<ludeme.Move {} (action {})>", self.text, self.action)
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }
}

/// The legal moves of a position, with each one's action id and the ids each once, in
/// increasing order (listed once per position). Where the game's playout form lists them,
/// they are held as compact keys ([`Game::legal_keys`]) and no move is copied.
#[derive(Clone, Default)]
struct Listed {
    /// The moves, where not held as keys.
    moves: Vec<Move>,
    /// The moves as keys, where the form listed them.
    keys: Vec<MoveKey>,
    /// Each move's id.
    ids: Vec<usize>,
    /// The ids each once, increasing, where `ids` are not already (else empty).
    legal: Vec<usize>,
}

impl Listed {
    /// List the moves of `state` in place of the ones held (whose memory is reused).
    fn fill(&mut self, game: &Game, state: &State) {
        let old = std::mem::take(&mut self.moves);
        game.recycle(old);
        if !state.is_over() && game.legal_keys(state, &mut self.keys) {
            game.key_action_ids_into(&self.keys, &mut self.ids);
        } else {
            self.keys.clear();
            if !state.is_over() {
                self.moves = game.legal_moves(state);
            }
            game.action_ids_into(&self.moves, &mut self.ids);
        }
        self.legal.clear();
        // most games list their moves in the order of their ids, each once: then the ids are
        // the legal actions already
        if !self.ids.is_sorted_by(|a, b| a < b) {
            self.legal.extend_from_slice(&self.ids);
            sorted_unique(&mut self.legal);
        }
    }

    fn clear(&mut self) {
        self.moves.clear();
        self.keys.clear();
        self.ids.clear();
        self.legal.clear();
    }

    /// The legal action ids, each once, increasing.
    fn legal(&self) -> &[usize] {
        if self.legal.is_empty() {
            &self.ids
        } else {
            &self.legal
        }
    }

    /// The index of the first legal move with action id `action`.
    fn find(&self, action: usize) -> Option<usize> {
        self.ids.iter().position(|&a| a == action)
    }

    /// The `i`-th move.
    fn get<'g>(&'g self, game: &'g Game, i: usize) -> Option<&'g Move> {
        match self.keys.get(i) {
            Some(&k) => game.key_move(k),
            None => self.moves.get(i),
        }
    }

    /// Every move, in order.
    fn all<'g>(&'g self, game: &'g Game) -> impl Iterator<Item = &'g Move> {
        (0..self.ids.len()).filter_map(move |i| self.get(game, i))
    }
}

/// Action id `a` as a Python int: the game's made one where it has it.
fn id_object<'py>(py: Python<'py>, game: &PyGame, a: usize) -> Bound<'py, PyAny> {
    match game.id_objects.get(a) {
        Some(o) => o.bind(py).clone().into_any(),
        None => a.into_pyobject(py).expect("an int").into_any(),
    }
}

/// A position and the game it belongs to.
#[pyclass(module = "ludeme._ludeme", name = "State")]
struct PyState {
    game: Py<PyGame>,
    state: State,
    /// The legal moves of `state`, once listed (`listed_now`; listed again after a change).
    moves: Listed,
    listed_now: bool,
    /// The seed of the start (random start placements).
    seed: u64,
    /// Whether `state` is at a roll of the dice whose faces are not set, once known.
    chance: Option<bool>,
    /// The actions taken (decisions and chance outcomes).
    history: Vec<usize>,
    /// The states before each action, when undo is kept.
    undo: Option<Vec<State>>,
}

impl PyState {
    fn new(game: Py<PyGame>, state: State, seed: u64, undo: bool) -> PyState {
        PyState {
            game,
            state,
            moves: Listed::default(),
            listed_now: false,
            seed,
            chance: None,
            history: Vec::new(),
            undo: undo.then(Vec::new),
        }
    }

    fn g(&self) -> &PyGame {
        self.game.get()
    }

    fn truncated(&self) -> bool {
        !self.state.is_over() && self.state.num_decisions() >= self.g().max_game_length
    }

    fn terminal(&self) -> bool {
        self.state.is_over() || self.truncated()
    }

    fn is_chance(&mut self, py: Python<'_>) -> bool {
        if let Some(c) = self.chance {
            return c;
        }
        let game = &self.game.get().game;
        let c = game.has_dice() && !self.terminal() && {
            let state = &self.state;
            py.detach(|| game.rolls_next(state))
        };
        self.chance = Some(c);
        c
    }

    /// The legal moves, listed once per state.
    fn listed(&mut self, py: Python<'_>) -> &Listed {
        if !self.listed_now {
            if self.truncated() {
                self.moves.clear();
            } else {
                let game = &self.game.get().game;
                let (state, moves) = (&self.state, &mut self.moves);
                py.detach(|| moves.fill(game, state));
            }
            self.listed_now = true;
        }
        &self.moves
    }

    /// The legal action ids, increasing (chance outcomes at a chance node; none when
    /// `player` is given and not to move).
    fn legal_ids(&mut self, py: Python<'_>, player: Option<i64>) -> Vec<usize> {
        let current = self.current_player(py);
        if player.is_some_and(|p| p != current) || current == TERMINAL_PLAYER {
            return Vec::new();
        }
        if current == CHANCE_PLAYER {
            return (0..self.g().game.roll_outcomes()).collect();
        }
        self.listed(py).legal().to_vec()
    }

    /// The game's returns (each player's, in [-1, 1]) at a terminal state, else zeros.
    fn returns_now(&self) -> Vec<f64> {
        let np = self.g().game.num_players();
        if !self.state.is_over() {
            return vec![0.0; np];
        }
        rewards(&self.state, np)[1..].iter().map(|r| 2.0 * r - 1.0).collect()
    }

    /// Keep the position for `undo`, where undo is kept: called before each action.
    fn keep_undo(&mut self) {
        if let Some(u) = self.undo.as_mut() {
            u.push(self.state.clone());
        }
    }

    /// After an action: the moves and the chance node are to be found again.
    fn changed(&mut self, action: usize) {
        self.listed_now = false;
        self.chance = None;
        self.history.push(action);
    }

    fn apply_move_now(&mut self, py: Python<'_>, mv: &Move, action: usize) {
        self.keep_undo();
        let game = &self.game.get().game;
        let state = &mut self.state;
        py.detach(|| game.apply(state, mv));
        self.changed(action);
    }

    /// The position in words: Ludii's state text, then the dice where there are any
    /// (`|dice:3,5`, the roll set for the next decision once it is).
    fn text(&self) -> String {
        let game = &self.g().game;
        let mut t = game.state_text(&self.state);
        if game.has_dice() {
            let v: Vec<String> = game.dice_values(&self.state).iter().map(|x| x.to_string()).collect();
            t.push_str("|dice:");
            t.push_str(&v.join(","));
        }
        t
    }

    fn move_view(&self, mv: &Move) -> PyMove {
        let game = &self.g().game;
        let label =
            |s: i32| (s >= 0 && (s as usize) < game.num_sites()).then(|| game.site_label(s as usize).to_string());
        PyMove {
            mv: mv.clone(),
            action: game.action_id_of(mv),
            text: game.move_text(mv),
            player: self.state.mover() as i64 - 1,
            from_site: mv.from_site(),
            to_site: mv.to_site(),
            from_label: label(mv.from_site()),
            to_label: label(mv.to_site()),
            is_pass: mv.is_pass(),
        }
    }
}

#[pymethods]
impl PyState {
    /// The game this state belongs to.
    fn get_game(&self, py: Python<'_>) -> Py<PyGame> {
        self.game.clone_ref(py)
    }

    /// The player to move (from 0), or -1 at a chance node, -4 once terminal.
    fn current_player(&mut self, py: Python<'_>) -> i64 {
        if self.terminal() {
            TERMINAL_PLAYER
        } else if self.is_chance(py) {
            CHANCE_PLAYER
        } else {
            self.state.mover() as i64 - 1
        }
    }

    fn is_terminal(&self) -> bool {
        self.terminal()
    }

    /// Whether the game was cut short at `max_game_length` decisions.
    fn is_truncated(&self) -> bool {
        self.truncated()
    }

    fn is_chance_node(&mut self, py: Python<'_>) -> bool {
        self.is_chance(py)
    }

    fn is_simultaneous_node(&self) -> bool {
        false
    }

    fn is_player_node(&mut self, py: Python<'_>) -> bool {
        !self.terminal() && !self.is_chance(py)
    }

    /// At a chance node, each roll of the dice as `(outcome, probability)`.
    fn chance_outcomes(&mut self, py: Python<'_>) -> Vec<(usize, f64)> {
        if !self.is_chance(py) {
            return Vec::new();
        }
        let n = self.g().game.roll_outcomes();
        (0..n).map(|i| (i, 1.0 / n as f64)).collect()
    }

    /// The legal action ids, increasing (chance outcomes at a chance node); `player`, when
    /// given, must be the one to move for any to be listed.
    #[pyo3(signature = (player=None))]
    fn legal_actions<'py>(&mut self, py: Python<'py>, player: Option<i64>) -> PyResult<Bound<'py, PyList>> {
        let current = self.current_player(py);
        if current >= 0 && player.is_none_or(|p| p == current) {
            // the common case: the held ids, straight into the list
            self.listed(py);
            let game = self.game.get();
            return PyList::new(py, self.moves.legal().iter().map(|&a| id_object(py, game, a)));
        }
        let ids = self.legal_ids(py, player);
        let game = self.game.get();
        PyList::new(py, ids.into_iter().map(|a| id_object(py, game, a)))
    }

    /// 1 for each legal action id, 0 for the others (`num_distinct_actions` long).
    #[pyo3(signature = (player=None))]
    fn legal_actions_mask<'py>(&mut self, py: Python<'py>, player: Option<i64>) -> Bound<'py, PyArray1<i8>> {
        let size = if self.is_chance(py) {
            self.g().game.roll_outcomes()
        } else {
            self.g().game.num_distinct_actions()
        };
        let mut mask = vec![0i8; size];
        for a in self.legal_ids(py, player) {
            if let Some(m) = mask.get_mut(a) {
                *m = 1;
            }
        }
        PyArray1::from_vec(py, mask)
    }

    /// Apply a legal action id (a chance outcome at a chance node).
    fn apply_action(&mut self, py: Python<'_>, action: usize) -> PyResult<()> {
        if self.terminal() {
            return Err(PyValueError::new_err("the game is over"));
        }
        if self.is_chance(py) {
            if action >= self.g().game.roll_outcomes() {
                return Err(PyValueError::new_err(format!("{action} is not a chance outcome")));
            }
            self.keep_undo();
            let game = self.game.get().game.clone();
            game.set_roll(&mut self.state, action);
            self.changed(action);
            self.chance = Some(false);
            return Ok(());
        }
        let Some(i) = self.listed(py).find(action) else {
            return Err(PyValueError::new_err(format!(
                "action {action} ({}) is not legal here",
                self.g().game.action_text(action)
            )));
        };
        self.keep_undo();
        let game = &self.game.get().game;
        let (state, moves) = (&mut self.state, &self.moves);
        py.detach(|| {
            if let Some(mv) = moves.get(game, i) {
                game.apply(state, mv)
            }
        });
        self.changed(action);
        Ok(())
    }

    /// Every legal move, as the engine lists them (Ludii's order, duplicates kept).
    fn legal_moves(&mut self, py: Python<'_>) -> Vec<PyMove> {
        if self.is_chance(py) {
            return Vec::new();
        }
        self.listed(py);
        let game = &self.g().game;
        self.moves.all(game).map(|m| self.move_view(m)).collect()
    }

    /// Apply one of `legal_moves()`.
    fn apply_move(&mut self, py: Python<'_>, mv: &Bound<'_, PyMove>) -> PyResult<()> {
        let m = mv.get();
        let legal = !self.terminal() && !self.is_chance(py) && {
            self.listed(py);
            self.moves.all(&self.g().game).any(|x| *x == m.mv)
        };
        if !legal {
            return Err(PyValueError::new_err(format!("{} is not legal here", m.text)));
        }
        let (mv, action) = (m.mv.clone(), m.action);
        self.apply_move_now(py, &mv, action);
        Ok(())
    }

    /// Take back the last action (the state must have been made with `undo=True`).
    fn undo(&mut self) -> PyResult<()> {
        let Some(u) = self.undo.as_mut() else {
            return Err(PyValueError::new_err(
                "this state keeps no undo (new_initial_state(undo=True))",
            ));
        };
        let Some(prev) = u.pop() else {
            return Err(PyValueError::new_err("nothing to undo"));
        };
        self.state = prev;
        self.history.pop();
        self.listed_now = false;
        self.chance = None;
        Ok(())
    }

    /// OpenSpiel's name for `undo`.
    fn undo_action(&mut self, _player: i64, _action: usize) -> PyResult<()> {
        self.undo()
    }

    /// Each player's return: at the end, from Ludii's ranking in [-1, 1] (1 the winner, -1
    /// the last, 0 a two-player draw); zeros before (and for a game cut short).
    fn returns(&self) -> Vec<f64> {
        self.returns_now()
    }

    /// The rewards of the last action: the returns when it ended the game (rewards come
    /// only at the end), else zeros.
    fn rewards(&self) -> Vec<f64> {
        self.returns_now()
    }

    fn player_return(&self, player: usize) -> f64 {
        self.returns_now().get(player).copied().unwrap_or(0.0)
    }

    fn clone(&self, py: Python<'_>) -> PyState {
        PyState {
            game: self.game.clone_ref(py),
            state: self.state.clone(),
            moves: self.moves.clone(),
            listed_now: self.listed_now,
            seed: self.seed,
            chance: self.chance,
            history: self.history.clone(),
            undo: self.undo.clone(),
        }
    }

    /// Pickled as its game, start seed and actions (replayed when loaded).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Reduce<'py, StateArgs>> {
        let py = slf.py();
        let s = slf.borrow();
        let restore = py.import("ludeme._ludeme")?.getattr("_state_from_history")?;
        Ok((
            restore,
            (s.game.clone_ref(py), s.seed, s.history.clone(), s.undo.is_some()),
        ))
    }

    fn __copy__(&self, py: Python<'_>) -> PyState {
        self.clone(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone(py)
    }

    /// An action in words: `action_to_string(action)` or OpenSpiel's
    /// `action_to_string(player, action)`.
    #[pyo3(signature = (player_or_action, action=None))]
    fn action_to_string(&mut self, py: Python<'_>, player_or_action: i64, action: Option<usize>) -> String {
        let (player, action) = match action {
            Some(a) => (Some(player_or_action), a),
            None => (None, player_or_action.max(0) as usize),
        };
        let chance = player.map_or_else(|| self.is_chance(py), |p| p == CHANCE_PLAYER);
        let game = &self.g().game;
        if chance {
            let v: Vec<String> = game.roll_values(action).iter().map(|x| x.to_string()).collect();
            format!("roll {}", v.join(","))
        } else {
            game.action_text(action)
        }
    }

    /// The actions taken since the start (decisions and chance outcomes).
    fn history(&self) -> Vec<usize> {
        self.history.clone()
    }

    /// Decisions taken since the start.
    fn move_number(&self) -> usize {
        self.state.num_decisions()
    }

    /// The observation of `player` (from 0; None: a spectator, who sees everything): the
    /// game's `observation_shape()` planes, flattened. Where the rules hide something
    /// (`game.has_hidden_information()`), what that player sees: hidden pieces count in the
    /// last plane, and not in their component's.
    #[pyo3(signature = (player=None))]
    fn observation_tensor<'py>(&self, py: Python<'py>, player: Option<i64>) -> Bound<'py, PyArray1<f32>> {
        let game = &self.g().game;
        let [p, n] = game.observation_shape();
        let mut out = vec![0f32; p * n];
        game.observe_as(&self.state, viewer(player), &mut out);
        PyArray1::from_vec(py, out)
    }

    /// The position in words (Ludii's state text, as its traces print it), as `player`
    /// (from 0; None: a spectator) sees it: a piece hidden from them is written `?`.
    #[pyo3(signature = (player=None))]
    fn observation_string(&self, player: Option<i64>) -> String {
        let game = &self.g().game;
        match viewer(player) {
            0 => self.text(),
            p if game.has_hidden_info() => game.view_text(&self.state, p),
            _ => self.text(),
        }
    }

    /// Scores by player (from 0).
    fn scores(&self) -> Vec<i32> {
        self.state.scores().iter().skip(1).copied().collect()
    }

    /// Ludii's ranking by player (from 0; 1.0 is the winner) once the game is over.
    fn ranking(&self) -> Vec<f64> {
        self.state.ranking().iter().skip(1).copied().collect()
    }

    /// What each board and hand site holds: `(height, owner, component, count)` of its top
    /// piece (owner from 1 as in Ludii, 0 neutral; all 0 for an empty site).
    fn sites(&self) -> Vec<(usize, usize, usize, u32)> {
        (0..self.g().game.total_sites())
            .map(|s| {
                let v = self.state.site(s);
                (v.height, v.top_owner, v.top_component, v.top_count)
            })
            .collect()
    }

    /// The values the dice show.
    fn dice(&self) -> Vec<i32> {
        self.g().game.dice_values(&self.state)
    }

    fn __str__(&self) -> String {
        self.text()
    }

    fn __repr__(&self) -> String {
        format!(
            "<ludeme.State of {:?} after {} decisions>",
            self.g().game.name(),
            self.state.num_decisions()
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyState>) -> bool {
        self.state == other.borrow().state
    }
}

fn outcome_text(o: Outcome) -> (&'static str, i64) {
    match o {
        Outcome::Win(p) => ("win", p as i64 - 1),
        Outcome::Draw => ("draw", -1),
        Outcome::Capped => ("capped", -1),
        Outcome::Stuck => ("stuck", -1),
    }
}

/// `n` random playouts in Rust, on `threads` threads (0: one per core); each playout `i` is
/// drawn from `seed` and `i` alone, so the figures do not depend on the threads. With
/// `all_moves=True` every step lists every legal move and applies one (as bindings do),
/// else the fastest correct path is taken. Returns the statistics as a dict.
#[pyfunction]
#[pyo3(signature = (game, n, seed=0, threads=1, max_decisions=None, all_moves=false))]
fn playouts<'py>(
    py: Python<'py>,
    game: &Bound<'py, PyGame>,
    n: u64,
    seed: u64,
    threads: usize,
    max_decisions: Option<usize>,
    all_moves: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let g = game.get();
    let config = PlayoutConfig {
        n,
        seed,
        threads,
        max_decisions: max_decisions.unwrap_or(g.max_game_length),
        all_moves,
    };
    let game = g.game.clone();
    let stats = py.detach(|| playout::playouts_with(&*game, &config, &|_| {}));
    let d = PyDict::new(py);
    d.set_item("playouts", stats.playouts)?;
    d.set_item("wins", stats.wins)?;
    d.set_item("draws", stats.draws)?;
    d.set_item("capped", stats.capped)?;
    d.set_item("stuck", stats.stuck)?;
    d.set_item("decisions", stats.decisions)?;
    d.set_item("mean_length", stats.mean_length)?;
    d.set_item("max_length", stats.max_length)?;
    d.set_item("elapsed_s", stats.elapsed_s)?;
    d.set_item("playouts_per_s", stats.playouts_per_s)?;
    d.set_item("threads", stats.threads)?;
    Ok(d)
}

/// The results of playouts `first..first + count` of a run seeded with `seed`, each as
/// `(outcome, winner from 0 or -1, length)`: what `playouts` counts, one by one, so that a
/// run split over workers gives the same list as one process.
#[pyfunction]
#[pyo3(signature = (game, seed, first, count, max_decisions=None))]
fn playout_results(
    py: Python<'_>,
    game: &Bound<'_, PyGame>,
    seed: u64,
    first: u64,
    count: u64,
    max_decisions: Option<usize>,
) -> Vec<(&'static str, i64, usize)> {
    let g = game.get();
    let max = max_decisions.unwrap_or(g.max_game_length);
    let game = g.game.clone();
    py.detach(|| {
        (first..first + count)
            .map(|i| {
                let mut rng = playout::playout_rng(seed, i);
                let r = playout::playout(&*game, &mut rng, max);
                let (o, w) = outcome_text(r.outcome);
                (o, w, r.length)
            })
            .collect()
    })
}

/// The action a search chose and, per distinct legal move, `(action, visits, mean reward)`.
type Analysis = (usize, Vec<(usize, f64, f64)>);

/// UCT search from `state` (`iterations` simulations, seeded): the chosen action id and,
/// for each distinct legal move searched, `(action, visits, mean reward of the mover)`.
#[pyfunction]
#[pyo3(signature = (state, iterations=1000, seed=0, exploration=std::f64::consts::SQRT_2, max_playout=200))]
fn mcts(
    py: Python<'_>,
    state: &Bound<'_, PyState>,
    iterations: u64,
    seed: u64,
    exploration: f64,
    max_playout: usize,
) -> PyResult<Analysis> {
    let mut s = state.borrow_mut();
    if s.terminal() || s.is_chance(py) {
        return Err(PyValueError::new_err("search needs a state where a player is to move"));
    }
    let game = s.g().game.clone();
    let st = s.state.clone();
    let config = MctsConfig {
        iterations: Some(iterations),
        time: None,
        exploration,
        max_playout,
    };
    let (moves, analysis) = py.detach(|| {
        let mut agent = MctsAgent::new(seed, config);
        let a = agent.analyse(&game, &st);
        (game.legal_moves(&st), a)
    });
    let rows: Vec<(usize, f64, f64)> = analysis
        .iter()
        .filter_map(|&(i, visits, value)| moves.get(i).map(|m| (game.action_id_of(m), visits, value)))
        .collect();
    let best = rows
        .first()
        .map(|r| r.0)
        .ok_or_else(|| PyValueError::new_err("no legal move"))?;
    Ok((best, rows))
}

/// One game of a vectorised environment.
struct Slot {
    state: State,
    moves: Listed,
    rng: playout::PlayoutRng,
}

/// `num_envs` games stepped together: actions in, observations, rewards and masks out as
/// NumPy arrays. Chance nodes are resolved inside (each roll drawn from the env's seeded
/// generator), so every env always waits for a player's action. A game that ends (or
/// reaches `max_game_length`) starts again at once; `terminated`/`truncated` say so.
#[pyclass(module = "ludeme._ludeme", name = "VectorEnv")]
struct VectorEnv {
    game: Arc<Game>,
    max_len: usize,
    seed: u64,
    games_started: u64,
    slots: Vec<Slot>,
    /// The worker threads that step the games (None: the caller's thread).
    pool: Option<rayon::ThreadPool>,
}

impl VectorEnv {
    fn fresh(game: &Game, seed: u64, index: u64) -> Slot {
        let mut rng = playout::playout_rng(seed, index);
        let state = if game.has_chance() {
            game.initial_state_seeded(rng.gen())
        } else {
            game.initial_state()
        };
        let mut slot = Slot {
            state,
            moves: Listed::default(),
            rng,
        };
        Self::settle(game, &mut slot);
        slot
    }

    /// Resolve chance nodes and list the moves of the decision the slot waits for.
    fn settle(game: &Game, slot: &mut Slot) {
        if game.has_dice() && !slot.state.is_over() && game.rolls_next(&slot.state) {
            let k = slot.rng.gen_range(0..game.roll_outcomes());
            game.set_roll(&mut slot.state, k);
        }
        slot.moves.fill(game, &slot.state);
    }

    /// Write the slot's observation, mask and player into its output row (all zeros).
    fn write(game: &Game, slot: &Slot, row: &mut Row<'_>) {
        // (what the player to move sees)
        game.observe_zeroed(&slot.state, slot.state.mover(), row.obs);
        for &a in slot.moves.legal() {
            if let Some(x) = row.mask.get_mut(a) {
                *x = 1;
            }
        }
        *row.player = slot.state.mover() as i64 - 1;
    }

    fn outputs<'py>(&self, py: Python<'py>) -> Outputs<'py> {
        let mut out = Rows::new(&self.game, self.slots.len());
        for (slot, mut row) in self.slots.iter().zip(out.rows()) {
            Self::write(&self.game, slot, &mut row);
        }
        out.outputs(py)
    }
}

/// The arrays one call of a [`VectorEnv`] fills, one row per env, all zeros at first.
struct Rows {
    shape: [usize; 3],
    obs: Vec<f32>,
    mask: Vec<i8>,
    players: Vec<i64>,
    rewards: Vec<f32>,
    terminated: Vec<bool>,
    truncated: Vec<bool>,
}

/// One env's part of [`Rows`].
struct Row<'a> {
    obs: &'a mut [f32],
    mask: &'a mut [i8],
    player: &'a mut i64,
    rewards: &'a mut [f32],
    terminated: &'a mut bool,
    truncated: &'a mut bool,
}

impl Rows {
    fn new(game: &Game, n: usize) -> Rows {
        let [p, s] = game.observation_shape();
        let (width, actions, np) = (p * s, game.num_distinct_actions(), game.num_players());
        Rows {
            shape: [width, actions, np],
            obs: vec![0.0; n * width],
            mask: vec![0; n * actions],
            players: vec![0; n],
            rewards: vec![0.0; n * np],
            terminated: vec![false; n],
            truncated: vec![false; n],
        }
    }

    /// Each env's row, in order.
    fn rows(&mut self) -> Vec<Row<'_>> {
        let [width, actions, np] = self.shape.map(|k| k.max(1));
        self.obs
            .chunks_mut(width)
            .zip(self.mask.chunks_mut(actions))
            .zip(self.rewards.chunks_mut(np))
            .zip(
                self.players
                    .iter_mut()
                    .zip(self.terminated.iter_mut().zip(self.truncated.iter_mut())),
            )
            .map(|(((obs, mask), rewards), (player, (terminated, truncated)))| Row {
                obs,
                mask,
                player,
                rewards,
                terminated,
                truncated,
            })
            .collect()
    }

    /// The observations, masks and players as arrays.
    fn outputs(self, py: Python<'_>) -> Outputs<'_> {
        let [width, actions, _] = self.shape;
        let n = self.players.len();
        let obs = PyArray1::from_vec(py, self.obs).reshape([n, width]).expect("shape");
        let mask = PyArray1::from_vec(py, self.mask).reshape([n, actions]).expect("shape");
        (obs, mask, PyArray1::from_vec(py, self.players))
    }
}

/// Observations, masks and players, one row per env.
type Outputs<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<i8>>,
    Bound<'py, PyArray1<i64>>,
);

/// What `VectorEnv.step` gives back.
type StepOut<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray2<i8>>,
    Bound<'py, PyArray1<i64>>,
);

#[pymethods]
impl VectorEnv {
    #[new]
    #[pyo3(signature = (game, num_envs, seed=0, threads=1))]
    fn new(py: Python<'_>, game: &Bound<'_, PyGame>, num_envs: usize, seed: u64, threads: usize) -> VectorEnv {
        let g = game.get();
        let arc = g.game.clone();
        let slots = py.detach(|| (0..num_envs as u64).map(|i| Self::fresh(&arc, seed, i)).collect());
        VectorEnv {
            game: g.game.clone(),
            max_len: g.max_game_length,
            seed,
            games_started: num_envs as u64,
            slots,
            pool: (threads > 1)
                .then(|| rayon::ThreadPoolBuilder::new().num_threads(threads).build().ok())
                .flatten(),
        }
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.slots.len()
    }

    /// Start every game again: `(observations [n, planes*sites], masks [n, actions],
    /// players [n])`.
    fn reset<'py>(&mut self, py: Python<'py>) -> Outputs<'py> {
        let game = self.game.clone();
        let (seed, start) = (self.seed, self.games_started);
        let n = self.slots.len() as u64;
        self.slots = py.detach(|| (0..n).map(|i| Self::fresh(&game, seed, start + i)).collect());
        self.games_started += n;
        self.outputs(py)
    }

    /// Apply one action id per env (to the player to move there): `(observations, rewards
    /// [n, players] in [-1, 1], terminated [n], truncated [n], masks, players)`, the
    /// observations, masks and players of the next decision (of a new game where one ended).
    fn step<'py>(&mut self, py: Python<'py>, actions: Vec<usize>) -> PyResult<StepOut<'py>> {
        let n = self.slots.len();
        if actions.len() != n {
            return Err(PyValueError::new_err(format!("{} actions for {n} envs", actions.len())));
        }
        // each action's move, by its index in the env's list
        let mut picks = Vec::with_capacity(n);
        for (i, (slot, &a)) in self.slots.iter().zip(&actions).enumerate() {
            let Some(k) = slot.moves.find(a) else {
                return Err(PyValueError::new_err(format!(
                    "env {i}: action {a} ({}) is not legal",
                    self.game.action_text(a)
                )));
            };
            picks.push(k);
        }
        let np = self.game.num_players();
        let game = self.game.clone();
        let (max_len, seed) = (self.max_len, self.seed);
        let first_new = self.games_started;
        let slots = &mut self.slots;
        let pool = self.pool.as_ref();
        let mut out = Rows::new(&game, n);
        let mut rows = out.rows();
        py.detach(|| {
            // each env's step, then its outputs while its position is still in the cache
            let step_one = |(i, ((slot, &k), row)): (usize, ((&mut Slot, &usize), &mut Row<'_>))| {
                if let Some(mv) = slot.moves.get(&game, k) {
                    game.apply(&mut slot.state, mv);
                }
                let over = slot.state.is_over();
                *row.terminated = over;
                *row.truncated = !over && slot.state.num_decisions() >= max_len;
                if over {
                    for (x, v) in row.rewards.iter_mut().zip(&rewards(&slot.state, np)[1..]) {
                        *x = (2.0 * v - 1.0) as f32;
                    }
                }
                if over || *row.truncated {
                    *slot = Self::fresh(&game, seed, first_new + i as u64);
                } else {
                    Self::settle(&game, slot);
                }
                Self::write(&game, slot, row);
            };
            if let Some(pool) = pool {
                use rayon::prelude::*;
                pool.install(|| {
                    slots
                        .par_iter_mut()
                        .zip(picks.par_iter())
                        .zip(rows.par_iter_mut())
                        .enumerate()
                        .for_each(step_one)
                })
            } else {
                slots
                    .iter_mut()
                    .zip(picks.iter())
                    .zip(rows.iter_mut())
                    .enumerate()
                    .for_each(step_one)
            }
        });
        drop(rows);
        // every env got a fresh game index, used or not, so results do not depend on which ended
        self.games_started += n as u64;
        let rew = PyArray1::from_vec(py, std::mem::take(&mut out.rewards));
        let rew = rew.reshape([n, np]).expect("shape");
        let term = PyArray1::from_vec(py, std::mem::take(&mut out.terminated));
        let trunc = PyArray1::from_vec(py, std::mem::take(&mut out.truncated));
        let (obs, mask, players) = out.outputs(py);
        Ok((obs, rew, term, trunc, mask, players))
    }
}

/// A state of `game` from its start seed and the actions taken (what unpickling does).
#[pyfunction]
fn _state_from_history(
    py: Python<'_>,
    game: &Bound<'_, PyGame>,
    seed: u64,
    history: Vec<usize>,
    undo: bool,
) -> PyResult<PyState> {
    let mut s = PyGame::new_initial_state(game, seed, undo);
    for a in history {
        s.apply_action(py, a)?;
    }
    Ok(s)
}

#[pymodule]
fn _ludeme(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGame>()?;
    m.add_class::<PyState>()?;
    m.add_class::<PyMove>()?;
    m.add_class::<VectorEnv>()?;
    m.add_function(wrap_pyfunction!(playouts, m)?)?;
    m.add_function(wrap_pyfunction!(playout_results, m)?)?;
    m.add_function(wrap_pyfunction!(mcts, m)?)?;
    m.add_function(wrap_pyfunction!(_state_from_history, m)?)?;
    m.add("CHANCE_PLAYER_ID", CHANCE_PLAYER)?;
    m.add("SIMULTANEOUS_PLAYER_ID", SIMULTANEOUS_PLAYER)?;
    m.add("INVALID_PLAYER_ID", INVALID_PLAYER)?;
    m.add("TERMINAL_PLAYER_ID", TERMINAL_PLAYER)?;
    m.add("PASS_ACTION", ludeme::engine::PASS_ACTION)?;
    m.add("SWAP_ACTION", ludeme::engine::SWAP_ACTION)?;
    m.add("OTHER_ACTION", ludeme::engine::OTHER_ACTION)?;
    Ok(())
}
