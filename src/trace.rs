//! Ludii's reference traces (`../shared/ludii/README.md`, "Trace format"): reading them, and
//! replaying one against our engine to find where we first disagree with Ludii.
//!
//! A trace file is JSON Lines: a `game` header, then for each trial its `step` lines (the state
//! before each decision, the distinct successor diffs, the one Ludii chose) and an `end` line.

pub mod trial;
pub mod trial_write;

use crate::engine::playout::Rules;
use crate::engine::{Game, State};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::io::BufRead;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

/// A board site as the header lists it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct TraceSite {
    /// Ludii's site index.
    pub i: usize,
    /// Ludii's label (`A1`).
    pub label: String,
    /// Centroid x.
    #[serde(default)]
    pub x: f64,
    /// Centroid y.
    #[serde(default)]
    pub y: f64,
}

/// A container (the board, hands) and its first site index.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct TraceContainer {
    /// Ludii's name (`Board`).
    pub name: String,
    /// Index of its first site in the state's numbering.
    pub from: usize,
    /// Number of sites.
    pub sites: usize,
}

/// A component (piece type).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct TraceComponent {
    /// Ludii's component index (1-based).
    pub index: usize,
    /// Its name (`Disc1`).
    pub name: String,
    /// Its owner (0: neutral).
    pub owner: usize,
}

/// The first line: which game, with which options, and its board.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct TraceHeader {
    /// The description's file name (`Refugia.lud`).
    #[serde(default)]
    pub file: String,
    /// The game's name.
    #[serde(default)]
    pub name: String,
    /// Option selections, as "Heading/Item".
    #[serde(default)]
    pub options: Vec<String>,
    /// The ruleset, if one was selected.
    #[serde(default)]
    pub ruleset: Option<String>,
    /// Number of players.
    #[serde(default)]
    pub players: usize,
    /// Whether the game stacks pieces.
    #[serde(default)]
    pub stacking: bool,
    /// The default site type (`Cell`, `Vertex`).
    #[serde(default)]
    pub site_type: String,
    /// Board sites of the default site type, in Ludii's index order.
    #[serde(default)]
    pub sites: Vec<TraceSite>,
    /// Containers.
    #[serde(default)]
    pub containers: Vec<TraceContainer>,
    /// Components.
    #[serde(default)]
    pub components: Vec<TraceComponent>,
}

impl TraceHeader {
    /// The selections to load the game with.
    pub fn selections(&self) -> crate::expand::Selections {
        crate::expand::Selections {
            options: self.options.clone(),
            ruleset: self.ruleset.clone(),
        }
    }

    /// Site labels by index (board sites only).
    pub fn labels(&self) -> Vec<String> {
        let mut labels = vec![String::new(); self.sites.iter().map(|s| s.i + 1).max().unwrap_or(0)];
        for s in &self.sites {
            labels[s.i] = s.label.clone();
        }
        labels
    }
}

/// One decision of a trial.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct TraceStep {
    /// Trial number.
    pub trial: usize,
    /// Decisions taken before this one.
    pub ply: usize,
    /// The player to decide.
    #[serde(default)]
    pub mover: usize,
    /// Number of legal moves Ludii listed.
    #[serde(default)]
    pub legal: usize,
    /// Full canonical state before the decision.
    pub state: String,
    /// Distinct successor diffs, sorted.
    pub successors: Vec<String>,
    /// Index in `successors` of the one Ludii followed.
    pub chosen: usize,
}

/// The last line of a trial.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct TraceEnd {
    /// Trial number.
    pub trial: usize,
    /// Decisions taken.
    pub ply: usize,
    /// Whether Ludii ended the game (false: the recording hit its ply limit).
    pub over: bool,
    /// Full canonical final state.
    pub state: String,
    /// Ludii's ranking (index 0 unused).
    #[serde(default)]
    pub ranking: Vec<f64>,
}

/// One line of a trace file.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum TraceLine {
    /// The header.
    Game(TraceHeader),
    /// A decision.
    Step(TraceStep),
    /// A trial's end.
    End(TraceEnd),
}

/// One trial: its decisions and (unless the file was cut short) its end.
#[derive(Clone, Debug, PartialEq)]
pub struct Trial {
    /// Trial number.
    pub index: usize,
    /// Decisions, in order.
    pub steps: Vec<TraceStep>,
    /// The end line.
    pub end: Option<TraceEnd>,
}

/// Why a trace could not be read.
#[derive(Debug, thiserror::Error)]
pub enum TraceError {
    /// Reading failed.
    #[error("line {line}: {source}")]
    Io {
        /// 1-based line number.
        line: usize,
        /// The error.
        source: std::io::Error,
    },
    /// A line is not a trace line.
    #[error("line {line}: {message}")]
    Format {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

/// Reads a trace: the header first ([`TraceReader::new`]), then trials as an iterator.
pub struct TraceReader<R> {
    lines: std::io::Lines<R>,
    line: usize,
    header: TraceHeader,
    /// A step line read ahead (the first of the next trial).
    pending: Option<TraceStep>,
    done: bool,
}

impl<R: BufRead> TraceReader<R> {
    /// Read the header line.
    pub fn new(input: R) -> Result<Self, TraceError> {
        let mut reader = TraceReader {
            lines: input.lines(),
            line: 0,
            header: TraceHeader {
                file: String::new(),
                name: String::new(),
                options: vec![],
                ruleset: None,
                players: 0,
                stacking: false,
                site_type: String::new(),
                sites: vec![],
                containers: vec![],
                components: vec![],
            },
            pending: None,
            done: false,
        };
        match reader.next_line()? {
            Some(TraceLine::Game(h)) => reader.header = h,
            Some(_) => return Err(reader.format("the first line is not a `game` header")),
            None => return Err(reader.format("empty trace")),
        }
        Ok(reader)
    }

    /// The header.
    pub fn header(&self) -> &TraceHeader {
        &self.header
    }

    fn format(&self, message: impl Into<String>) -> TraceError {
        TraceError::Format {
            line: self.line,
            message: message.into(),
        }
    }

    /// The next non-blank line, parsed.
    fn next_line(&mut self) -> Result<Option<TraceLine>, TraceError> {
        for l in self.lines.by_ref() {
            self.line += 1;
            let l = l.map_err(|source| TraceError::Io {
                line: self.line,
                source,
            })?;
            if l.trim().is_empty() {
                continue;
            }
            return serde_json::from_str(&l).map(Some).map_err(|e| TraceError::Format {
                line: self.line,
                message: e.to_string(),
            });
        }
        Ok(None)
    }

    fn read_trial(&mut self) -> Result<Option<Trial>, TraceError> {
        let mut trial: Option<Trial> = self.pending.take().map(|s| Trial {
            index: s.trial,
            steps: vec![s],
            end: None,
        });
        loop {
            match self.next_line()? {
                None => return Ok(trial),
                Some(TraceLine::Game(_)) => return Err(self.format("a second `game` header")),
                Some(TraceLine::Step(s)) => match &mut trial {
                    None => {
                        trial = Some(Trial {
                            index: s.trial,
                            steps: vec![s],
                            end: None,
                        })
                    }
                    Some(t) if t.index == s.trial => {
                        if s.ply != t.steps.len() {
                            return Err(self.format(format!("trial {}: ply {} out of order", s.trial, s.ply)));
                        }
                        t.steps.push(s)
                    }
                    // A new trial while the previous one has no end line: the previous one ends here.
                    Some(_) => {
                        self.pending = Some(s);
                        return Ok(trial);
                    }
                },
                Some(TraceLine::End(e)) => {
                    let t = trial.get_or_insert_with(|| Trial {
                        index: e.trial,
                        steps: vec![],
                        end: None,
                    });
                    if t.index != e.trial {
                        return Err(self.format(format!("end of trial {} inside trial {}", e.trial, t.index)));
                    }
                    t.end = Some(e);
                    return Ok(trial);
                }
            }
        }
    }
}

impl<R: BufRead> Iterator for TraceReader<R> {
    type Item = Result<Trial, TraceError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.read_trial() {
            Ok(Some(t)) => Some(Ok(t)),
            Ok(None) => {
                self.done = true;
                None
            }
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
        }
    }
}

/// A whole trace in memory.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    /// The header.
    pub header: TraceHeader,
    /// The trials, in file order.
    pub trials: Vec<Trial>,
}

impl Trace {
    /// Read a whole trace.
    pub fn from_reader(input: impl BufRead) -> Result<Trace, TraceError> {
        let mut reader = TraceReader::new(input)?;
        let trials = reader.by_ref().collect::<Result<Vec<_>, _>>()?;
        Ok(Trace {
            header: reader.header,
            trials,
        })
    }

    /// Read a whole trace from a string.
    pub fn parse(text: &str) -> Result<Trace, TraceError> {
        Trace::from_reader(text.as_bytes())
    }

    /// Read a whole trace file.
    pub fn open(path: &Path) -> Result<Trace, TraceError> {
        let file = std::fs::File::open(path).map_err(|source| TraceError::Io { line: 0, source })?;
        Trace::from_reader(std::io::BufReader::new(file))
    }
}

/// What a replay needs beyond playing: Ludii's canonical texts. [`Game`] implements it.
pub trait Replay: Rules {
    /// The canonical full state text.
    fn state_text(&self, state: &Self::State) -> String;
    /// The canonical diff text from `before` to `after`.
    fn diff_text(&self, before: &Self::State, after: &Self::State) -> String;
    /// Before the moves of a step are generated: what chance gives next (a roll of dice),
    /// read off Ludii's successors of the step, which all carry it. Nothing by default.
    fn observe_chance(&self, _state: &mut Self::State, _successors: &[String]) {}
    /// The start position, its random choices made (where the game has any) to reproduce
    /// `text`, Ludii's first state: the start rules' own by default.
    fn initial_state_like(&self, _text: &str) -> Self::State {
        self.initial_state()
    }
    /// Where Ludii's successors of a step do not show what chance gave (a die's site
    /// appears in none of them: a double replayed shows its faces again), the other things
    /// it may have given, as copies of `state` set to give each. None by default.
    fn other_chances(&self, _state: &Self::State, _successors: &[String]) -> Vec<Self::State> {
        Vec::new()
    }
}

impl Replay for Game {
    fn state_text(&self, state: &State) -> String {
        Game::state_text(self, state)
    }
    fn diff_text(&self, before: &State, after: &State) -> String {
        Game::diff_text(self, before, after)
    }
    fn observe_chance(&self, state: &mut State, successors: &[String]) {
        self.set_next_roll_from(state, successors)
    }
    fn initial_state_like(&self, text: &str) -> State {
        Game::initial_state_like(self, text)
    }
    fn other_chances(&self, state: &State, successors: &[String]) -> Vec<State> {
        if !self.has_dice() {
            return self.other_draws(state);
        }
        if self.roll_shown(successors) {
            return Vec::new();
        }
        self.other_rolls(state)
    }
}

/// What kind of disagreement a trial first ran into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DivergenceKind {
    /// Our state before a decision differs from Ludii's.
    State,
    /// Same state, different sets of distinct successors.
    Successors,
    /// The final state, game over flag or ranking differs.
    End,
    /// The engine panicked.
    Panic,
    /// The trace itself is unusable here (chosen index out of range, no end line).
    Trace,
}

/// A trial's first disagreement with Ludii.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Divergence {
    /// Trial number.
    pub trial: usize,
    /// Decisions taken before the position where we disagree.
    pub ply: usize,
    /// What disagrees.
    pub kind: DivergenceKind,
    /// Ludii's state text there.
    pub expected_state: String,
    /// Ours (empty when the engine panicked before producing it).
    pub our_state: String,
    /// Successor diffs Ludii lists and we do not (sorted).
    pub missing: Vec<String>,
    /// Successor diffs we produce and Ludii does not (sorted).
    pub extra: Vec<String>,
    /// More words (end checks, panic message, trace problems).
    pub detail: String,
}

/// The outcome of replaying a trace.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct CompareReport {
    /// Step lines on which we agreed (same state, same successor set).
    pub steps_agreed: usize,
    /// Step lines in the trace.
    pub steps_total: usize,
    /// Trials on which we agreed throughout, end line included.
    pub trials_agreed: usize,
    /// Trials in the trace.
    pub trials_total: usize,
    /// Each disagreeing trial's first divergence, in trial order.
    pub divergences: Vec<Divergence>,
    /// Trials left out because Ludii followed a move a [`RuleDifference`] rules out (not counted
    /// in the figures above).
    pub trials_skipped: usize,
    /// Step lines of the skipped trials.
    pub steps_skipped: usize,
}

/// A known, documented difference between the rules a description follows and Ludii's own
/// description of the game: at decision `ply` of every trial, Ludii's successors that change
/// one of `sites` are not legal under our rules. Such successors are not expected of us, and a
/// trial in which Ludii followed one is skipped (counted apart).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleDifference {
    /// What differs, in words (for reports).
    pub name: String,
    /// The decision concerned (0: the first of the game).
    pub ply: usize,
    /// Sites whose change marks a successor that our rules forbid.
    pub sites: Vec<usize>,
}

impl RuleDifference {
    /// Whether Ludii's successor `diff`, at decision `ply`, is ruled out.
    pub fn excludes(&self, ply: usize, diff: &str) -> bool {
        ply == self.ply
            && diff
                .split('|')
                .next()
                .unwrap_or("")
                .split_whitespace()
                .filter_map(|part| part.split_once('=').and_then(|(site, _)| site.parse::<usize>().ok()))
                .any(|site| self.sites.contains(&site))
    }
}

impl CompareReport {
    /// Whether every step and every trial agreed.
    pub fn all_agree(&self) -> bool {
        self.divergences.is_empty() && self.steps_agreed == self.steps_total && self.trials_agreed == self.trials_total
    }

    /// `agree: N/M steps, T/U trials` (and `; skipped: K trials, S steps` when some were).
    pub fn summary(&self) -> String {
        let mut s = format!(
            "agree: {}/{} steps, {}/{} trials",
            self.steps_agreed, self.steps_total, self.trials_agreed, self.trials_total
        );
        if self.trials_skipped > 0 {
            s.push_str(&format!(
                "; skipped (known rule differences): {} trials, {} steps",
                self.trials_skipped, self.steps_skipped
            ));
        }
        s
    }

    /// Add another report's figures (for several traces).
    pub fn merge(&mut self, other: CompareReport) {
        self.steps_agreed += other.steps_agreed;
        self.steps_total += other.steps_total;
        self.trials_agreed += other.trials_agreed;
        self.trials_total += other.trials_total;
        self.divergences.extend(other.divergences);
        self.trials_skipped += other.trials_skipped;
        self.steps_skipped += other.steps_skipped;
    }
}

/// Replay every trial of `trace` on `game`; see [`compare_trials`].
pub fn compare<G: Replay + ?Sized>(game: &G, trace: &Trace) -> CompareReport {
    compare_trials(game, trace.trials.iter().cloned().map(Ok::<_, TraceError>))
        .expect("trials in memory cannot fail to read")
}

/// Replay trials on `game` as the README's "Conformance" section says, stopping each trial at
/// its first divergence. A read error stops the replay and is returned.
pub fn compare_trials<G, I, E>(game: &G, trials: I) -> Result<CompareReport, E>
where
    G: Replay + ?Sized,
    I: IntoIterator<Item = Result<Trial, E>>,
{
    compare_trials_with(game, trials, &[])
}

/// [`compare`], allowing for known rule differences.
pub fn compare_with<G: Replay + ?Sized>(game: &G, trace: &Trace, differences: &[RuleDifference]) -> CompareReport {
    compare_trials_with(game, trace.trials.iter().cloned().map(Ok::<_, TraceError>), differences)
        .expect("trials in memory cannot fail to read")
}

/// [`compare_trials`], allowing for known rule differences: at their decisions, Ludii's
/// successors they rule out are not expected, and the trials that followed one are skipped.
pub fn compare_trials_with<G, I, E>(game: &G, trials: I, differences: &[RuleDifference]) -> Result<CompareReport, E>
where
    G: Replay + ?Sized,
    I: IntoIterator<Item = Result<Trial, E>>,
{
    let mut report = CompareReport::default();
    for trial in trials {
        let trial = trial?;
        let ruled_out = trial.steps.iter().any(|step| {
            step.successors
                .get(step.chosen)
                .is_some_and(|chosen| differences.iter().any(|d| d.excludes(step.ply, chosen)))
        });
        if ruled_out {
            report.trials_skipped += 1;
            report.steps_skipped += trial.steps.len();
            continue;
        }
        report.trials_total += 1;
        report.steps_total += trial.steps.len();
        let mut agreed = 0;
        let result = catch_unwind(AssertUnwindSafe(|| {
            replay_trial(game, &trial, differences, &mut agreed)
        }));
        report.steps_agreed += agreed;
        let divergence = match result {
            Ok(d) => d,
            Err(payload) => {
                let message = payload
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "panic".to_string());
                let expected = trial.steps.get(agreed).map(|s| s.state.clone());
                Some(Divergence {
                    trial: trial.index,
                    ply: agreed,
                    kind: DivergenceKind::Panic,
                    expected_state: expected
                        .or_else(|| trial.end.as_ref().map(|e| e.state.clone()))
                        .unwrap_or_default(),
                    our_state: String::new(),
                    missing: vec![],
                    extra: vec![],
                    detail: format!("the engine panicked: {message}"),
                })
            }
        };
        match divergence {
            None => report.trials_agreed += 1,
            Some(d) => report.divergences.push(d),
        }
    }
    Ok(report)
}

/// How many other ways through a trial a replay tries at most (see [`replay_trial`]).
const MAX_OTHER_WAYS: usize = 4096;

/// Replay one trial; `agreed` counts the step lines that agreed (on the way that went
/// furthest).
///
/// Ludii's successors are positions, not moves: where several of our moves reach the
/// position Ludii chose, each is a way Ludii may have gone, and they may differ in what
/// the position text does not show (the last move's sites, which a rule may read next).
/// The replay follows the first, and where a later step disagrees, goes back to the
/// latest step with another such move untried and follows it (at most [`MAX_OTHER_WAYS`]
/// of them in all, the latest kept where there are more). The divergence told is the one
/// furthest into the trial.
fn replay_trial<G: Replay + ?Sized>(
    game: &G,
    trial: &Trial,
    differences: &[RuleDifference],
    agreed: &mut usize,
) -> Option<Divergence> {
    let start = match trial.steps.first() {
        Some(step) => game.initial_state_like(&step.state),
        None => game.initial_state(),
    };
    // the other ways untried: (the ply they start at, the state there)
    let mut others: Vec<(usize, G::State)> = Vec::new();
    let mut tried = 0;
    let mut furthest: Option<Divergence> = None;
    let (mut ply, mut state) = (0, start);
    loop {
        match replay_from(game, trial, differences, ply, state, &mut others) {
            None => {
                *agreed = trial.steps.len();
                return None;
            }
            Some((d, reached)) => {
                *agreed = (*agreed).max(reached);
                if furthest.as_ref().is_none_or(|f| d.ply > f.ply) {
                    furthest = Some(d);
                }
            }
        }
        match others.pop() {
            Some((p, s)) if tried < MAX_OTHER_WAYS => {
                tried += 1;
                (ply, state) = (p, s);
            }
            _ => return furthest,
        }
    }
}

/// Replay a trial from step `ply` in `state`: None when it agrees to the end; else where it
/// parts, with the number of steps agreed. The other states reaching a chosen successor
/// are added to `others`.
fn replay_from<G: Replay + ?Sized>(
    game: &G,
    trial: &Trial,
    differences: &[RuleDifference],
    from_ply: usize,
    mut state: G::State,
    others: &mut Vec<(usize, G::State)>,
) -> Option<(Divergence, usize)> {
    let diverge = |ply: usize, kind, expected: &str, ours: String, detail: String| Divergence {
        trial: trial.index,
        ply,
        kind,
        expected_state: expected.to_string(),
        our_state: ours,
        missing: vec![],
        extra: vec![],
        detail,
    };
    for (ply, step) in trial.steps.iter().enumerate().skip(from_ply) {
        let ours = game.state_text(&state);
        if ours != step.state {
            return Some((
                diverge(ply, DivergenceKind::State, &step.state, ours, String::new()),
                ply,
            ));
        }
        game.observe_chance(&mut state, &step.successors);
        let theirs: BTreeSet<&str> = step
            .successors
            .iter()
            .map(String::as_str)
            .filter(|diff| !differences.iter().any(|d| d.excludes(step.ply, diff)))
            .collect();
        let (mut successors, mut legal) = successors_of(game, &state);
        // where the roll does not show, the one whose successors are Ludii's
        if !same_keys(&successors, &theirs) {
            for other in game.other_chances(&state, &step.successors) {
                let (s, l) = successors_of(game, &other);
                if same_keys(&s, &theirs) {
                    (successors, legal) = (s, l);
                    break;
                }
            }
        }
        let missing: Vec<String> = theirs
            .iter()
            .filter(|d| !successors.contains_key(**d))
            .map(|d| d.to_string())
            .collect();
        let extra: Vec<String> = successors
            .keys()
            .filter(|d| !theirs.contains(d.as_str()))
            .cloned()
            .collect();
        if !missing.is_empty() || !extra.is_empty() {
            let mut d = diverge(
                ply,
                DivergenceKind::Successors,
                &step.state,
                ours,
                format!("{} legal moves here, Ludii lists {}", legal.len(), step.legal),
            );
            d.missing = missing;
            d.extra = extra;
            return Some((d, ply));
        }
        let Some(chosen) = step.successors.get(step.chosen) else {
            let detail = format!(
                "chosen {} is out of range ({} successors)",
                step.chosen,
                step.successors.len()
            );
            return Some((diverge(ply, DivergenceKind::Trace, &step.state, ours, detail), ply));
        };
        let mut ways = successors.remove(chosen).expect("the successor sets are equal");
        state = ways.remove(0);
        // (the later ways first, tried last; a bounded number kept, the latest steps')
        others.extend(ways.into_iter().rev().map(|s| (ply + 1, s)));
        if let Some(over) = others.len().checked_sub(MAX_OTHER_WAYS).filter(|&k| k > 0) {
            others.drain(..over);
        }
    }
    let ply = trial.steps.len();
    let ours = game.state_text(&state);
    let Some(end) = &trial.end else {
        return Some((
            diverge(ply, DivergenceKind::Trace, "", ours, "the trial has no end line".into()),
            ply,
        ));
    };
    let mut problems = vec![];
    if ours != end.state {
        problems.push("final states differ".to_string());
    }
    if end.over {
        if !game.is_over(&state) {
            problems.push("Ludii ended the game; ours is not over".to_string());
        } else if !same_ranking(game.ranking(&state), &end.ranking) {
            problems.push(format!(
                "rankings differ: Ludii {:?}, ours {:?}",
                end.ranking,
                game.ranking(&state)
            ));
        }
    }
    if problems.is_empty() {
        None
    } else {
        Some((
            diverge(ply, DivergenceKind::End, &end.state, ours, problems.join("; ")),
            ply,
        ))
    }
}

/// A position's legal moves and its distinct successors (by diff text), each with the
/// states reaching it, in the order of the moves.
#[allow(clippy::type_complexity)]
fn successors_of<G: Replay + ?Sized>(game: &G, state: &G::State) -> (BTreeMap<String, Vec<G::State>>, Vec<G::Move>) {
    let mut successors: BTreeMap<String, Vec<G::State>> = BTreeMap::new();
    let legal = game.legal_moves(state);
    for mv in &legal {
        let mut next = state.clone();
        game.apply(&mut next, mv);
        let diff = game.diff_text(state, &next);
        successors.entry(diff).or_default().push(next);
    }
    (successors, legal)
}

/// Whether our successors are exactly Ludii's.
fn same_keys<S>(ours: &BTreeMap<String, S>, theirs: &BTreeSet<&str>) -> bool {
    ours.len() == theirs.len() && theirs.iter().all(|d| ours.contains_key(*d))
}

fn same_ranking(ours: &[f64], theirs: &[f64]) -> bool {
    ours.len() == theirs.len() && ours.iter().zip(theirs).all(|(a, b)| (a - b).abs() < 1e-9)
}

/// A state or diff text with site indices replaced by labels (`3=Disc2|m1` → `A2=Disc2 |m1`);
/// indices without a label (hand sites) stay numbers.
pub fn labelled(text: &str, labels: &[String]) -> String {
    let (sites, tail) = match text.find('|') {
        Some(k) => (&text[..k], &text[k..]),
        None => (text, ""),
    };
    let mut out: Vec<String> = sites
        .split(' ')
        .filter(|s| !s.is_empty())
        .map(|entry| match entry.split_once('=') {
            Some((i, content)) => match i.parse::<usize>().ok().and_then(|i| labels.get(i)) {
                Some(label) if !label.is_empty() => format!("{label}={content}"),
                _ => entry.to_string(),
            },
            None => entry.to_string(),
        })
        .collect();
    if !tail.is_empty() {
        out.push(tail.to_string());
    }
    out.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    const TINY: &str = r#"{"kind":"game","file":"Tiny.lud","name":"Tiny","options":["Size/2"],"ruleset":null,"players":2,"stacking":false,"site_type":"Cell","sites":[{"i":0,"label":"A1","x":0.0,"y":0.0},{"i":1,"label":"B1","x":1.0,"y":0.0}],"containers":[{"name":"Board","from":0,"sites":2}],"components":[{"index":1,"name":"Disc1","owner":1},{"index":2,"name":"Disc2","owner":2}]}
{"kind":"step","trial":0,"ply":0,"mover":1,"legal":3,"state":"|m1","successors":["0=Disc1|m2","1=Disc1|m2"],"chosen":1}
{"kind":"step","trial":0,"ply":1,"mover":2,"legal":1,"state":"1=Disc1|m2","successors":["0=Disc2|m2|over:[0.0,2.0,1.0]"],"chosen":0}
{"kind":"end","trial":0,"ply":2,"over":true,"state":"0=Disc2 1=Disc1|m2|over:[0.0,2.0,1.0]","ranking":[0.0, 2.0, 1.0]}

{"kind":"step","trial":1,"ply":0,"mover":1,"legal":3,"state":"|m1","successors":["0=Disc1|m2","1=Disc1|m2"],"chosen":0}
{"kind":"step","trial":1,"ply":1,"mover":2,"legal":1,"state":"0=Disc1|m2","successors":["1=Disc2|m2|over:[0.0,2.0,1.0]"],"chosen":0}
{"kind":"end","trial":1,"ply":2,"over":true,"state":"0=Disc1 1=Disc2|m2|over:[0.0,2.0,1.0]","ranking":[0.0,2.0,1.0]}
"#;

    /// Two cells; players alternate filling one; the second player wins when the board is full.
    /// Player 1 has a duplicate move on cell 0 (Ludii's lists keep duplicates). `bug` makes
    /// player 1's move on cell 1 land on cell 0 instead.
    struct Tiny {
        bug: bool,
    }

    #[derive(Clone, Debug, PartialEq)]
    struct TinyState {
        cells: [u8; 2],
        mover: u8,
        ranking: Vec<f64>,
    }

    impl Rules for Tiny {
        type State = TinyState;
        type Move = usize;
        fn num_players(&self) -> usize {
            2
        }
        fn initial_state(&self) -> TinyState {
            TinyState {
                cells: [0, 0],
                mover: 1,
                ranking: vec![],
            }
        }
        fn legal_moves(&self, s: &TinyState) -> Vec<usize> {
            let mut v: Vec<usize> = (0..2).filter(|&i| s.cells[i] == 0).collect();
            if s.cells[0] == 0 {
                v.push(0);
            }
            v
        }
        fn apply(&self, s: &mut TinyState, mv: &usize) {
            let site = if self.bug && s.mover == 1 { 0 } else { *mv };
            s.cells[site] = s.mover;
            if s.cells.iter().all(|&c| c != 0) {
                s.ranking = vec![0.0, 2.0, 1.0];
            } else {
                s.mover = 3 - s.mover;
            }
        }
        fn is_over(&self, s: &TinyState) -> bool {
            !s.ranking.is_empty()
        }
        fn ranking<'a>(&self, s: &'a TinyState) -> &'a [f64] {
            &s.ranking
        }
    }

    fn tail(s: &TinyState) -> String {
        let mut t = format!("|m{}", s.mover);
        if !s.ranking.is_empty() {
            let r: Vec<String> = s.ranking.iter().map(|x| format!("{x:.1}")).collect();
            t += &format!("|over:[{}]", r.join(","));
        }
        t
    }

    impl Replay for Tiny {
        fn state_text(&self, s: &TinyState) -> String {
            let sites: Vec<String> = (0..2)
                .filter(|&i| s.cells[i] != 0)
                .map(|i| format!("{i}=Disc{}", s.cells[i]))
                .collect();
            sites.join(" ") + &tail(s)
        }
        fn diff_text(&self, a: &TinyState, b: &TinyState) -> String {
            let sites: Vec<String> = (0..2)
                .filter(|&i| a.cells[i] != b.cells[i])
                .map(|i| match b.cells[i] {
                    0 => format!("{i}="),
                    c => format!("{i}=Disc{c}"),
                })
                .collect();
            sites.join(" ") + &tail(b)
        }
    }

    #[test]
    fn reads_header_and_trials() {
        let trace = Trace::parse(TINY).unwrap();
        assert_eq!(trace.header.file, "Tiny.lud");
        assert_eq!(trace.header.options, vec!["Size/2"]);
        assert_eq!(trace.header.ruleset, None);
        assert_eq!(trace.header.labels(), vec!["A1", "B1"]);
        assert_eq!(trace.header.components[1].name, "Disc2");
        assert_eq!(trace.trials.len(), 2);
        assert_eq!(trace.trials[0].steps.len(), 2);
        assert_eq!(trace.trials[1].index, 1);
        assert_eq!(trace.trials[0].steps[0].chosen, 1);
        let end = trace.trials[1].end.as_ref().unwrap();
        assert!(end.over);
        assert_eq!(end.ranking, vec![0.0, 2.0, 1.0]);
    }

    #[test]
    fn reader_streams_and_handles_missing_ends() {
        // Drop trial 0's end line: trial 0 ends when trial 1 starts.
        let text: String = TINY
            .lines()
            .filter(|l| !l.contains(r#""trial":0,"ply":2"#))
            .collect::<Vec<_>>()
            .join("\n");
        let mut reader = TraceReader::new(text.as_bytes()).unwrap();
        assert_eq!(reader.header().name, "Tiny");
        let t0 = reader.next().unwrap().unwrap();
        assert_eq!((t0.index, t0.steps.len(), t0.end.is_none()), (0, 2, true));
        let t1 = reader.next().unwrap().unwrap();
        assert_eq!((t1.index, t1.steps.len(), t1.end.is_some()), (1, 2, true));
        assert!(reader.next().is_none());
    }

    #[test]
    fn reader_errors() {
        assert!(matches!(Trace::parse(""), Err(TraceError::Format { .. })));
        let no_header = TINY.lines().skip(1).collect::<Vec<_>>().join("\n");
        assert!(matches!(
            Trace::parse(&no_header),
            Err(TraceError::Format { line: 1, .. })
        ));
        let broken = TINY.replace(r#""chosen":0}"#, r#""chosen":}"#);
        match Trace::parse(&broken) {
            Err(TraceError::Format { line, .. }) => assert_eq!(line, 3),
            other => panic!("{other:?}"),
        }
        let skipped_ply = TINY.replace(r#""trial":0,"ply":1"#, r#""trial":0,"ply":5"#);
        assert!(Trace::parse(&skipped_ply).is_err());
    }

    #[test]
    fn compare_agrees_with_a_faithful_game() {
        let trace = Trace::parse(TINY).unwrap();
        let report = compare(&Tiny { bug: false }, &trace);
        assert_eq!(report.divergences, vec![]);
        assert_eq!(report.summary(), "agree: 4/4 steps, 2/2 trials");
        assert!(report.all_agree());
    }

    #[test]
    fn compare_finds_first_divergence_per_trial() {
        let trace = Trace::parse(TINY).unwrap();
        let report = compare(&Tiny { bug: true }, &trace);
        assert_eq!(report.summary(), "agree: 0/4 steps, 0/2 trials");
        assert!(!report.all_agree());
        assert_eq!(report.divergences.len(), 2);
        let d = &report.divergences[0];
        assert_eq!((d.trial, d.ply, d.kind), (0, 0, DivergenceKind::Successors));
        assert_eq!(d.expected_state, "|m1");
        assert_eq!(d.missing, vec!["1=Disc1|m2"]);
        assert_eq!(d.extra, Vec::<String>::new());
        assert_eq!(report.divergences[1].trial, 1);
    }

    #[test]
    fn compare_checks_states_and_ends() {
        let mut trace = Trace::parse(TINY).unwrap();
        trace.trials[0].steps[1].state = "1=Disc1|m1".into();
        trace.trials[1].end.as_mut().unwrap().ranking = vec![0.0, 1.0, 2.0];
        let report = compare(&Tiny { bug: false }, &trace);
        assert_eq!(report.summary(), "agree: 3/4 steps, 0/2 trials");
        let d = &report.divergences[0];
        assert_eq!((d.trial, d.ply, d.kind), (0, 1, DivergenceKind::State));
        assert_eq!(d.our_state, "1=Disc1|m2");
        let e = &report.divergences[1];
        assert_eq!((e.trial, e.ply, e.kind), (1, 2, DivergenceKind::End));
        assert!(e.detail.contains("rankings differ"), "{}", e.detail);
    }

    #[test]
    fn compare_survives_panics_and_bad_traces() {
        struct Panicky;
        impl Rules for Panicky {
            type State = ();
            type Move = ();
            fn num_players(&self) -> usize {
                2
            }
            fn initial_state(&self) {}
            fn legal_moves(&self, _: &()) -> Vec<()> {
                panic!("no moves today")
            }
            fn apply(&self, _: &mut (), _: &()) {}
            fn is_over(&self, _: &()) -> bool {
                false
            }
            fn ranking<'a>(&self, _: &'a ()) -> &'a [f64] {
                &[]
            }
        }
        impl Replay for Panicky {
            fn state_text(&self, _: &()) -> String {
                "|m1".into()
            }
            fn diff_text(&self, _: &(), _: &()) -> String {
                String::new()
            }
        }
        let trace = Trace::parse(TINY).unwrap();
        let report = compare(&Panicky, &trace);
        assert_eq!(report.divergences.len(), 2);
        assert_eq!(report.divergences[0].kind, DivergenceKind::Panic);
        assert!(report.divergences[0].detail.contains("no moves today"));

        let mut trace = Trace::parse(TINY).unwrap();
        trace.trials[0].steps[0].chosen = 9;
        trace.trials[1].end = None;
        let report = compare(&Tiny { bug: false }, &trace);
        assert_eq!(report.divergences.len(), 2);
        assert_eq!(report.divergences[0].kind, DivergenceKind::Trace);
        assert_eq!(report.divergences[1].kind, DivergenceKind::Trace);
        assert_eq!(report.summary(), "agree: 2/4 steps, 0/2 trials");
    }

    #[test]
    fn labels_replace_indices() {
        let labels: Vec<String> = vec!["A1".into(), "B1".into()];
        assert_eq!(
            labelled("0=Disc2 1=Disc1|m1|s0,0", &labels),
            "A1=Disc2 B1=Disc1 |m1|s0,0"
        );
        assert_eq!(labelled("1= 7=Disc1*2|m2", &labels), "B1= 7=Disc1*2 |m2");
        assert_eq!(labelled("|m1", &labels), "|m1");
        assert_eq!(labelled("", &labels), "");
    }

    /// Where Ludii's successors do not show what chance gave, the replay tries the other
    /// chances the game offers and follows the one whose successors are Ludii's.
    #[test]
    fn a_hidden_roll_is_found_among_the_others() {
        // one decision: the mover's disc lands on the cell a coin shows (hidden in the text)
        #[derive(Clone, Debug, PartialEq)]
        struct CoinState {
            coin: usize,
            cell: Option<usize>,
        }
        struct Coin {
            others: bool,
        }
        impl Rules for Coin {
            type State = CoinState;
            type Move = ();
            fn num_players(&self) -> usize {
                2
            }
            fn initial_state(&self) -> CoinState {
                CoinState { coin: 0, cell: None }
            }
            fn legal_moves(&self, s: &CoinState) -> Vec<()> {
                if s.cell.is_none() {
                    vec![()]
                } else {
                    vec![]
                }
            }
            fn apply(&self, s: &mut CoinState, _: &()) {
                s.cell = Some(s.coin);
            }
            fn is_over(&self, s: &CoinState) -> bool {
                s.cell.is_some()
            }
            fn ranking<'a>(&self, _: &'a CoinState) -> &'a [f64] {
                &[0.0, 0.5, 0.5]
            }
        }
        impl Replay for Coin {
            fn state_text(&self, s: &CoinState) -> String {
                s.cell.map_or(String::new(), |c| format!("{c}=Disc1")) + "|m1"
            }
            fn diff_text(&self, _: &CoinState, b: &CoinState) -> String {
                self.state_text(b)
            }
            fn other_chances(&self, s: &CoinState, _: &[String]) -> Vec<CoinState> {
                let other = CoinState {
                    coin: 1 - s.coin,
                    ..s.clone()
                };
                if self.others {
                    vec![other]
                } else {
                    vec![]
                }
            }
        }
        let text = r#"{"kind":"game","file":"Coin.lud","name":"Coin","options":[],"ruleset":null,"players":2,"stacking":false,"site_type":"Cell","sites":[{"i":0,"label":"A1","x":0.0,"y":0.0},{"i":1,"label":"B1","x":1.0,"y":0.0}],"containers":[{"name":"Board","from":0,"sites":2}],"components":[{"index":1,"name":"Disc1","owner":1}]}
{"kind":"step","trial":0,"ply":0,"mover":1,"legal":1,"state":"|m1","successors":["1=Disc1|m1"],"chosen":0}
{"kind":"end","trial":0,"ply":1,"over":true,"state":"1=Disc1|m1","ranking":[0.0,0.5,0.5]}
"#;
        let trace = Trace::parse(text).unwrap();
        assert_eq!(
            compare(&Coin { others: true }, &trace).summary(),
            "agree: 1/1 steps, 1/1 trials"
        );
        assert_eq!(
            compare(&Coin { others: false }, &trace).summary(),
            "agree: 0/1 steps, 0/1 trials"
        );
    }

    /// Two moves reach the same position but differ in what it does not show (a mark the
    /// next step reads): the replay follows the first, and when the next step disagrees,
    /// goes back and follows the other.
    #[test]
    fn compare_tries_each_move_reaching_ludiis_position() {
        #[derive(Clone, Debug, PartialEq)]
        struct MarkState {
            mark: usize,
            cell: usize,
        }
        struct Marks;
        impl Rules for Marks {
            type State = MarkState;
            type Move = usize;
            fn num_players(&self) -> usize {
                1
            }
            fn initial_state(&self) -> MarkState {
                MarkState { mark: 0, cell: 0 }
            }
            fn legal_moves(&self, s: &MarkState) -> Vec<usize> {
                match (s.mark, s.cell) {
                    (0, _) => vec![1, 2],
                    (m, 0) => vec![10 + m],
                    _ => vec![],
                }
            }
            fn apply(&self, s: &mut MarkState, mv: &usize) {
                match *mv {
                    m @ (1 | 2) => s.mark = m,
                    m => s.cell = m - 10,
                }
            }
            fn is_over(&self, s: &MarkState) -> bool {
                s.cell != 0
            }
            fn ranking<'a>(&self, _: &'a MarkState) -> &'a [f64] {
                &[0.0, 1.0]
            }
        }
        impl Replay for Marks {
            fn state_text(&self, s: &MarkState) -> String {
                let over = if s.cell != 0 { "|over:[0.0,1.0]" } else { "" };
                let cell = if s.cell != 0 {
                    format!("0=Disc{}", s.cell)
                } else {
                    String::new()
                };
                format!("{cell}|m1{over}")
            }
            fn diff_text(&self, _: &MarkState, b: &MarkState) -> String {
                self.state_text(b)
            }
        }
        let text = r#"{"kind":"game","file":"Marks.lud","name":"Marks","options":[],"ruleset":null,"players":1,"stacking":false,"site_type":"Cell","sites":[{"i":0,"label":"A1","x":0.0,"y":0.0}],"containers":[{"name":"Board","from":0,"sites":1}],"components":[{"index":1,"name":"Disc1","owner":1},{"index":2,"name":"Disc2","owner":1}]}
{"kind":"step","trial":0,"ply":0,"mover":1,"legal":2,"state":"|m1","successors":["|m1"],"chosen":0}
{"kind":"step","trial":0,"ply":1,"mover":1,"legal":1,"state":"|m1","successors":["0=Disc2|m1|over:[0.0,1.0]"],"chosen":0}
{"kind":"end","trial":0,"ply":2,"over":true,"state":"0=Disc2|m1|over:[0.0,1.0]","ranking":[0.0,1.0]}
"#;
        let trace = Trace::parse(text).unwrap();
        assert_eq!(compare(&Marks, &trace).summary(), "agree: 2/2 steps, 1/1 trials");
        // a step no way agrees with is told where the furthest way parted
        let wrong = text.replace("0=Disc2|m1|over", "0=Disc3|m1|over");
        let report = compare(&Marks, &Trace::parse(&wrong).unwrap());
        assert_eq!(report.summary(), "agree: 1/2 steps, 0/1 trials");
        assert_eq!(report.divergences[0].ply, 1);
    }
}
