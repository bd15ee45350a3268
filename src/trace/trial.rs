//! Ludii's trial files (`../shared/ludii/README.md`, "Ludii's stored trials"): what its
//! Player saves, what `--generate-trials` writes and the random trials it keeps with its
//! source. Reading one, and replaying it against our engine: the initial placements, the
//! number of legal moves at every decision, the move Ludii made among ours, and the end.
//!
//! A recorded move is matched among our legal moves by its sites (`from`, `to`), the
//! component it adds or promotes to, and, where several of ours remain, by the sites its
//! actions with consequences touch. A move that rolls dice carries its roll: the replay
//! gives our next roll those faces before listing the moves.

use crate::engine::{ActionShape, Game, Move, State};

/// How many other draws of a game's random numbers a trial's replay tries at a step where
/// none of our moves is Ludii's (fewer than a trace's: every try writes every move).
const MAX_TRIAL_DRAWS: usize = 256;
use serde::Serialize;
use std::collections::BTreeSet;

/// One action of a recorded move: its kind (`Move`, `Add`, `Remove`, ...) and its fields.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TrialAction {
    pub kind: String,
    pub fields: Vec<(String, String)>,
}

impl TrialAction {
    /// A field's value.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.fields.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    fn int(&self, key: &str) -> Option<i64> {
        self.get(key)?.parse().ok()
    }

    /// Whether this is the action that was decided (`decision=true`).
    pub fn is_decision(&self) -> bool {
        self.get("decision") == Some("true")
    }
}

/// A recorded move: the mover, its sites and its actions with consequences, as Ludii wrote
/// it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TrialMove {
    pub text: String,
    pub mover: u32,
    pub from: i64,
    pub to: i64,
    pub actions: Vec<TrialAction>,
}

impl TrialMove {
    /// Whether the decision is a pass (its consequences may still move pieces: a pass in
    /// Senet moves a piece on).
    fn is_pass(&self) -> bool {
        match self.actions.iter().find(|a| a.is_decision()) {
            Some(d) => d.kind == "Pass",
            None => {
                self.actions.iter().any(|a| a.kind == "Pass")
                    && !self
                        .actions
                        .iter()
                        .any(|a| matches!(a.kind.as_str(), "Move" | "Add" | "Remove" | "Select"))
            }
        }
    }

    /// The component the decision adds or promotes to, if it does.
    fn what(&self) -> Option<usize> {
        let d = self
            .actions
            .iter()
            .find(|a| a.is_decision())
            .or_else(|| self.actions.iter().find(|a| a.kind == "Add" || a.kind == "Promote"))?;
        matches!(d.kind.as_str(), "Add" | "Promote")
            .then(|| d.int("what"))
            .flatten()
            .map(|w| w as usize)
    }

    /// Every site an action names (`to`, `from`, `site`).
    fn touched(&self) -> BTreeSet<i64> {
        self.actions
            .iter()
            .flat_map(|a| ["to", "from", "site"].into_iter().filter_map(|k| a.int(k)))
            .collect()
    }

    /// The face index each die shows after this move's roll (`SetStateAndUpdateDice`), by
    /// the die's site.
    fn roll(&self) -> Vec<(i64, u8)> {
        // (dice set without a roll, `SetDiceAllEqual`, are an effect of the move)
        if !self.actions.iter().any(|a| a.kind == "SetDiceAllEqual") {
            return Vec::new();
        }
        self.actions
            .iter()
            .filter(|a| a.kind == "SetStateAndUpdateDice")
            .filter_map(|a| Some((a.int("site").or_else(|| a.int("to"))?, a.int("state")? as u8)))
            .collect()
    }
}

/// A trial file, read.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct LudiiTrial {
    /// The `game=` line: the description's path in the version that wrote the trial.
    pub game: String,
    /// The options between `START GAME OPTIONS` and `END GAME OPTIONS`.
    pub options: Vec<String>,
    /// `RNG internal state=`: Ludii's SplitMix64 state at the start, 8 signed bytes.
    pub rng_state: Vec<i8>,
    /// Every move, the initial placements first.
    pub moves: Vec<TrialMove>,
    /// `LEGAL MOVES LIST SIZE = n`, one per decision.
    pub legal_counts: Vec<usize>,
    /// `numInitialPlacementMoves=` where the file says it.
    pub initial_placements: Option<usize>,
    pub winner: Option<i64>,
    pub endtype: Option<String>,
    /// Ludii's ranking by player (index 0 unused).
    pub rankings: Vec<f64>,
    pub version: Option<String>,
}

/// Why a file is not a trial.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum TrialError {
    #[error("line {0}: not a trial file (it starts `game=`)")]
    NotATrial(usize),
    #[error("line {line}: cannot read the move `{text}`")]
    BadMove { line: usize, text: String },
}

/// Split `s` at top-level commas (outside brackets).
fn split_top(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in s.char_indices() {
        match c {
            '[' => depth += 1,
            ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

/// `[Kind:k=v,k=v]` as an action.
fn parse_action(s: &str) -> Option<TrialAction> {
    let inner = s.trim().strip_prefix('[')?.strip_suffix(']')?;
    let (kind, rest) = inner.split_once(':').unwrap_or((inner, ""));
    let fields = split_top(rest)
        .into_iter()
        .filter(|f| !f.is_empty())
        .filter_map(|f| f.split_once('=').map(|(k, v)| (k.to_string(), v.to_string())))
        .collect();
    Some(TrialAction {
        kind: kind.to_string(),
        fields,
    })
}

/// A `[Move:mover=..,from=..,to=..,actions=[..],[..]]` text (or a lone action) as a move.
pub fn parse_move(text: &str) -> Option<TrialMove> {
    let inner = text.trim().strip_prefix('[')?.strip_suffix(']')?;
    let Some(body) = inner.strip_prefix("Move:") else {
        let a = parse_action(text)?;
        return Some(TrialMove {
            text: text.to_string(),
            mover: a.int("mover").unwrap_or(0) as u32,
            from: a.int("from").unwrap_or(-1),
            to: a.int("to").unwrap_or(-1),
            actions: vec![a],
        });
    };
    let (head, actions) = match body.find("actions=") {
        Some(i) => (&body[..i], &body[i + "actions=".len()..]),
        None => (body, ""),
    };
    let mut m = TrialMove {
        text: text.to_string(),
        mover: 0,
        from: -1,
        to: -1,
        actions: Vec::new(),
    };
    for f in head.split(',').filter(|f| !f.is_empty()) {
        let (k, v) = f.split_once('=')?;
        match k {
            "mover" => m.mover = v.parse().ok()?,
            "from" => m.from = v.parse().ok()?,
            "to" => m.to = v.parse().ok()?,
            _ => {}
        }
    }
    for a in split_top(actions).into_iter().filter(|a| !a.trim().is_empty()) {
        m.actions.push(parse_action(a)?);
    }
    Some(m)
}

impl LudiiTrial {
    /// Read a trial file's text.
    pub fn parse(text: &str) -> Result<LudiiTrial, TrialError> {
        let mut t = LudiiTrial::default();
        let mut in_options = false;
        for (i, line) in text.lines().enumerate() {
            let line = line.trim_end();
            if i == 0 {
                t.game = line.strip_prefix("game=").ok_or(TrialError::NotATrial(1))?.to_string();
                continue;
            }
            if line == "START GAME OPTIONS" {
                in_options = true;
            } else if line == "END GAME OPTIONS" {
                in_options = false;
            } else if in_options {
                if !line.is_empty() {
                    t.options.push(line.to_string());
                }
            } else if let Some(m) = line.strip_prefix("Move=") {
                let mv = parse_move(m).ok_or_else(|| TrialError::BadMove {
                    line: i + 1,
                    text: m.chars().take(200).collect(),
                })?;
                t.moves.push(mv);
            } else if let Some(n) = line.strip_prefix("LEGAL MOVES LIST SIZE = ") {
                t.legal_counts.push(n.trim().parse().unwrap_or(0));
            } else if let Some(v) = line.strip_prefix("RNG internal state=") {
                t.rng_state = v.split(',').filter_map(|b| b.trim().parse().ok()).collect();
            } else if let Some(v) = line.strip_prefix("numInitialPlacementMoves=") {
                t.initial_placements = v.trim().parse().ok();
            } else if let Some(v) = line.strip_prefix("winner=") {
                t.winner = v.trim().parse().ok();
            } else if let Some(v) = line.strip_prefix("endtype=") {
                t.endtype = Some(v.trim().to_string());
            } else if let Some(v) = line.strip_prefix("rankings=") {
                t.rankings = v.split(',').filter_map(|x| x.trim().parse().ok()).collect();
            } else if let Some(v) = line.strip_prefix("LUDII_VERSION=") {
                t.version = Some(v.trim().to_string());
            }
        }
        Ok(t)
    }

    /// The trial with its sites in our numbering: Ludii numbers the sites of the containers
    /// after the board (hands, dice) from `ludii_base`, the larger of the board's sites and
    /// cells; we number them from `board_sites`.
    pub fn in_our_sites(&self, board_sites: i64, ludii_base: i64) -> LudiiTrial {
        let map = |s: i64| {
            if s >= ludii_base {
                s - ludii_base + board_sites
            } else {
                s
            }
        };
        let mut t = self.clone();
        if ludii_base == board_sites {
            return t;
        }
        for m in &mut t.moves {
            m.from = if m.from >= 0 { map(m.from) } else { m.from };
            m.to = if m.to >= 0 { map(m.to) } else { m.to };
            for a in &mut m.actions {
                for (k, v) in &mut a.fields {
                    if matches!(k.as_str(), "to" | "from" | "site") {
                        if let Ok(x) = v.parse::<i64>() {
                            *v = if x >= 0 { map(x) } else { x }.to_string();
                        }
                    }
                }
            }
        }
        t
    }

    /// How many of the moves are initial placements (the file's count, else the leading
    /// moves of no player).
    pub fn num_placements(&self) -> usize {
        self.initial_placements
            .unwrap_or_else(|| self.moves.iter().take_while(|m| m.mover == 0).count())
            .min(self.moves.len())
    }
}

/// Where a replay first differs from the trial.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub enum TrialDifference {
    /// An initial placement Ludii made that our start does not have.
    Placement { site: i64, what: usize },
    /// A different number of legal moves.
    LegalCount { ours: usize, ludii: usize },
    /// Ludii's move is not among our legal moves.
    MoveNotLegal { nearest: Option<String> },
    /// We end the game before Ludii does.
    EndedEarly,
    /// Ludii's game went on past its recorded end (more decisions than counts) or ours did not end.
    NotEnded,
    /// A different ranking at the end.
    Ranking { ours: Vec<f64>, ludii: Vec<f64> },
}

/// The replay of one trial.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TrialReport {
    /// Decisions replayed in agreement.
    pub agreed: usize,
    /// Decisions in the trial.
    pub decisions: usize,
    /// The first difference (None: the whole trial agrees).
    pub difference: Option<TrialDiverged>,
    /// Moves (initial placements, then decisions replayed) that we write as Ludii wrote
    /// them: the same actions with consequences, as its replay compares them
    /// ([`super::trial_write::same_ludii_actions`]).
    pub written_alike: usize,
    /// The first move we write otherwise: its index among the trial's moves, Ludii's text
    /// and ours.
    pub first_unlike: Option<(usize, String, String)>,
    /// The index of Ludii's move among our legal moves, decision by decision, as far as
    /// they agree (what [`super::trial_write::trial_of_choices`] writes again).
    pub choices: Vec<usize>,
    /// Rolls of dice recorded in the trial that were replayed.
    pub rolls: usize,
    /// How many of them, from the first on, our generator drew as Ludii's did, started from
    /// the trial's generator state (the rest are the rolls recorded).
    pub rolls_drawn: usize,
}

/// The first difference, where it is.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TrialDiverged {
    /// The decision (0: the first after the placements).
    pub ply: usize,
    /// Who moved there (Ludii's player).
    pub mover: u32,
    /// Ludii's move, in its text.
    pub ludii_move: Option<String>,
    pub kind: TrialDifference,
    /// The position before it, in Ludii's state text.
    pub state: String,
    /// Our legal moves there, in our short text (where the counts differ or Ludii's move is
    /// not among them).
    pub ours: Vec<String>,
    /// The position before it.
    #[serde(skip)]
    pub position: Option<State>,
}

impl TrialReport {
    pub fn agrees(&self) -> bool {
        self.difference.is_none()
    }
}

/// Whether our move `m` can be Ludii's move `l`, by sites, pass and component.
fn same_shape(game: &Game, m: &Move, l: &TrialMove) -> bool {
    // (a joint move has no sites of its own, Ludii's none (0): joint moves are told apart by
    // their actions)
    if m.parts().next().is_some() {
        return true;
    }
    if l.is_pass() {
        // (a pass whose consequences act may be a move of no site of ours)
        return m.is_pass() || (m.from_site() < 0 && m.to_site() < 0);
    }
    if m.is_pass() {
        return false;
    }
    let (f, t) = (m.from_site() as i64, m.to_site() as i64);
    let sites = t == l.to && (f == l.from || (f < 0 && l.from == l.to) || (l.from < 0 && f == t));
    let what = match (game.move_shape(m), l.what()) {
        (ActionShape::At { what, .. }, Some(w)) => what == 0 || what == w,
        _ => true,
    };
    sites && what && same_types(game, m, l)
}

/// Whether a move between site types goes between the types Ludii's move names (in a game
/// of several site types, where the same numbers name sites of each).
fn same_types(game: &Game, m: &Move, l: &TrialMove) -> bool {
    if game.ir().other_types.is_empty() {
        return true;
    }
    let Some((from, to)) = m.actions().iter().find_map(|a| match *a {
        crate::engine::Action::Move { from, to, .. } | crate::engine::Action::MoveN { from, to, .. } => {
            Some((from, to))
        }
        _ => None,
    }) else {
        return true;
    };
    let Some(lm) = l.actions.iter().find(|a| a.kind == "Move") else {
        return true;
    };
    // (a hand's sites are cells on any board)
    let type_of = |s: u32| match game.typed_site(s) {
        Some((t, _)) => t,
        None if s as usize >= game.num_sites() => crate::board::SiteType::Cell,
        None => game.board().site_type(),
    };
    [(lm.get("typeFrom"), from), (lm.get("typeTo"), to)]
        .iter()
        .all(|&(named, s)| named.is_none_or(|n| n == type_of(s).name()))
}

/// How many pieces each site holds (a count of a piece counts that many).
fn site_counts(game: &Game, s: &State) -> Vec<i64> {
    (0..game.total_sites())
        .map(|i| s.pieces(i).iter().map(|p| p.count.max(1) as i64).sum())
        .collect()
}

impl TrialMove {
    /// What the recorded actions add to or take from each site's pieces, where they tell
    /// (None: a site an action sets outright, whose change is not known here).
    fn count_changes(&self) -> std::collections::BTreeMap<i64, Option<i64>> {
        let mut out: std::collections::BTreeMap<i64, Option<i64>> = std::collections::BTreeMap::new();
        let mut add = |site: Option<i64>, d: Option<i64>| {
            if let Some(site) = site {
                let e = out.entry(site).or_insert(Some(0));
                *e = match (*e, d) {
                    (Some(x), Some(d)) => Some(x + d),
                    _ => None,
                };
            }
        };
        for a in &self.actions {
            let n = a.int("count").unwrap_or(1);
            match a.kind.as_str() {
                "Add" | "Insert" => add(a.int("to"), Some(n)),
                "Remove" => add(a.int("to"), Some(-n)),
                "Move" | "MoveN" | "StackMove" => {
                    add(a.int("from"), Some(-n));
                    add(a.int("to"), Some(n));
                }
                "SetCount" | "Copy" | "Promote" => add(a.int("to"), None),
                _ => {}
            }
        }
        out
    }
}

/// The sites whose contents differ between two states.
fn changed_sites(game: &Game, a: &State, b: &State) -> BTreeSet<i64> {
    (0..game.total_sites())
        .filter(|&i| a.pieces(i) != b.pieces(i))
        .map(|i| i as i64)
        .collect()
}

/// Our legal move that is Ludii's `l`: the one of its shape; among several, the best by
/// how well its result fits Ludii's actions: first that each site gains or loses the pieces
/// they say and changes only on sites they name (spending the dice they use), then either of
/// those, then the most sites changed (the first in our order on a tie).
fn matching<'m>(game: &Game, state: &State, moves: &'m [Move], l: &TrialMove) -> Option<&'m Move> {
    let candidates: Vec<&Move> = moves.iter().filter(|m| same_shape(game, m, l)).collect();
    if candidates.len() <= 1 {
        return candidates.first().copied();
    }
    let touched = l.touched();
    let counts = l.count_changes();
    let before = site_counts(game, state);
    let used_dice: Vec<usize> = l
        .actions
        .iter()
        .filter(|a| a.kind == "UseDie")
        .filter_map(|a| a.int("indexDie").map(|k| k as usize))
        .collect();
    // (what Ludii's move does to the scores: the change per player where every setting
    // adds, else only whether it sets one)
    let sets_score = l.actions.iter().any(|a| a.kind == "SetScore");
    let score_deltas = l
        .actions
        .iter()
        .filter(|a| a.kind == "SetScore")
        .try_fold(vec![0i64; 17], |mut d, a| {
            let (p, v) = (a.int("player")?, a.int("score")?);
            (a.get("add") == Some("true") && (0..17).contains(&p)).then(|| {
                d[p as usize] += v;
                d
            })
        });
    let mut best: Option<(&Move, (usize, usize, usize))> = None;
    for m in candidates.iter().copied() {
        let mut after = state.clone();
        game.apply(&mut after, m);
        let now = site_counts(game, &after);
        let same_counts = counts.iter().all(|(&site, d)| match (d, usize::try_from(site)) {
            (Some(d), Ok(i)) if i < now.len() => now[i] - before[i] == *d,
            _ => true,
        });
        // the dice Ludii's move uses are the ones ours leaves spent
        let dice = game.dice_values(&after);
        let same_dice = used_dice.iter().all(|&k| dice.get(k).is_none_or(|&v| v == 0));
        let changed = changed_sites(game, state, &after);
        let within = changed.is_subset(&touched) && same_dice;
        let fit = match (same_counts, within) {
            (true, true) => 3,
            (false, true) => 2,
            (true, false) => 1,
            (false, false) => 0,
        };
        // (a pass of ours for Ludii's pass before another move of no site; one that changes
        // the scores where Ludii's sets one)
        let deltas: Vec<i64> = (0..after.scores().len())
            .map(|p| i64::from(after.scores()[p]) - i64::from(state.scores().get(p).copied().unwrap_or(0)))
            .collect();
        let same_scores = match &score_deltas {
            Some(want) => want
                .iter()
                .enumerate()
                .all(|(p, &d)| deltas.get(p).copied().unwrap_or(0) == d),
            None => deltas.iter().any(|&d| d != 0) == sets_score,
        };
        let kinds = usize::from(m.is_pass() == l.is_pass()) + usize::from(same_scores);
        let score = (kinds, fit, changed.len());
        if best.is_none_or(|(_, b)| score > b) {
            best = Some((m, score));
        }
    }
    best.map(|(m, _)| m)
}

/// Ludii's move without the numbers it gives a proposition's or a vote's text
/// (`propositionInt`, `voteInt`), which ours do not write: the text says which it is.
fn unnumbered(m: &TrialMove) -> TrialMove {
    let mut m = m.clone();
    for a in &mut m.actions {
        a.fields.retain(|(k, _)| k != "voteInt" && k != "propositionInt");
    }
    m
}

/// The initial placements as the sites part of a state text (`12=Disc1*2~s1~v4,Disc2`).
fn placements_text(game: &Game, placements: &[TrialMove]) -> String {
    let names: Vec<&str> = game.ir().components.iter().map(|c| c.name.as_str()).collect();
    let mut sites: std::collections::BTreeMap<i64, Vec<String>> = std::collections::BTreeMap::new();
    for a in placements.iter().flat_map(|p| &p.actions).filter(|a| a.kind == "Add") {
        let (Some(site), Some(what)) = (a.int("to"), a.int("what")) else {
            continue;
        };
        let Some(name) = names.get(what as usize) else { continue };
        let mut item = name.to_string();
        if let Some(n) = a.int("count").filter(|&n| n > 1) {
            item += &format!("*{n}");
        }
        if let Some(st) = a.int("state").filter(|&st| st >= 0) {
            item += &format!("~s{st}");
        }
        if let Some(v) = a.int("value").filter(|&v| v >= 0) {
            item += &format!("~v{v}");
        }
        sites.entry(site).or_default().push(item);
    }
    let entries: Vec<String> = sites
        .iter()
        .map(|(s, items)| format!("{s}={}", items.join(",")))
        .collect();
    entries.join(" ")
}

/// Replay `trial` on `game` (loaded with the trial's options): the placements, each
/// decision's count of legal moves and Ludii's move among ours, and the end.
pub fn replay(game: &Game, trial: &LudiiTrial) -> TrialReport {
    replay_observed(game, trial, &mut |_, _, _| {})
}

/// A trial's sites in the game's numbering ([`LudiiTrial::in_our_sites`]).
pub fn in_our_numbering(game: &Game, trial: &LudiiTrial) -> LudiiTrial {
    let n = game.num_sites();
    let cells = game.board().graph().count(crate::board::SiteType::Cell);
    trial.in_our_sites(n as i64, n.max(cells) as i64)
}

/// What [`replay_observed`] shows at each state: how many of the trial's moves (placements
/// included) it follows, the state, and the last move as we write it in Ludii's text (none
/// at the start).
pub type Observer<'a> = dyn FnMut(usize, &State, Option<&str>) + 'a;

/// [`replay`], showing `observe` each state it reaches: after the initial placements, then
/// after each move.
pub fn replay_observed(game: &Game, trial: &LudiiTrial, observe: &mut Observer) -> TrialReport {
    let ludii = trial;
    let writer = super::trial_write::LudiiWriter::new(game);
    let trial = &in_our_numbering(game, trial);
    let placements = trial.num_placements();
    let decisions = trial.moves.len() - placements;
    let mut report = TrialReport {
        agreed: 0,
        decisions,
        difference: None,
        written_alike: 0,
        first_unlike: None,
        choices: Vec::new(),
        rolls: 0,
        rolls_drawn: 0,
    };
    let written = |report: &mut TrialReport, i: usize, ours: String| {
        let Some(l) = ludii.moves.get(i) else { return };
        let alike = parse_move(&ours).is_some_and(|o| super::trial_write::same_ludii_actions(&o, l));
        if alike {
            report.written_alike += 1;
        } else if report.first_unlike.is_none() {
            report.first_unlike = Some((i, l.text.clone(), ours));
        }
    };
    // a start drawn at random is drawn to show Ludii's placements
    let mut state = if game.has_chance() && placements > 0 {
        game.initial_state_like(&placements_text(game, &trial.moves[..placements]))
    } else {
        let (state, start) = game.initial_state_listing();
        for (i, p) in writer.placement_texts(&start).into_iter().enumerate() {
            written(&mut report, i, p);
        }
        state
    };
    let diverge = |report: &mut TrialReport, ply: usize, state: &State, l: Option<&TrialMove>, kind| {
        let ours = match kind {
            TrialDifference::LegalCount { .. } | TrialDifference::MoveNotLegal { .. } => {
                game.legal_moves(state).iter().map(|m| game.move_text(m)).collect()
            }
            _ => Vec::new(),
        };
        report.difference = Some(TrialDiverged {
            ply,
            mover: l.map_or(0, |l| l.mover),
            ludii_move: l.map(|l| l.text.clone()),
            kind,
            state: game.state_text(state),
            ours,
            position: Some(state.clone()),
        });
    };
    // (in a game without stacks an add onto a site a placement filled before leaves its
    // piece there, as Ludii's add does)
    let mut filled = std::collections::BTreeSet::new();
    for p in &trial.moves[..placements] {
        for a in p.actions.iter().filter(|a| a.kind == "Add") {
            let (Some(site), Some(what)) = (a.int("to"), a.int("what")) else {
                continue;
            };
            if !filled.insert(site) && !game.is_stacking() {
                continue;
            }
            // (a site of another type than the board's where the state keeps it)
            let kept = match a.get("type").and_then(crate::board::SiteType::from_name) {
                Some(ty) => u32::try_from(site).ok().and_then(|s| game.site_of_type(ty, s)),
                None => usize::try_from(site).ok(),
            };
            let here = kept.is_some_and(|site| state.pieces(site).iter().any(|pc| pc.component == what as usize));
            if !here {
                let kind = TrialDifference::Placement {
                    site,
                    what: what as usize,
                };
                diverge(&mut report, 0, &state, Some(p), kind);
                return report;
            }
        }
    }
    observe(placements, &state, None);
    let die_sites = game.dice_sites();
    if let Ok(bytes) = <[i8; 8]>::try_from(trial.rng_state.as_slice()) {
        state.set_chance(crate::engine::SplitMix64::from_bytes(bytes).0);
    }
    for (ply, l) in trial.moves[placements..].iter().enumerate() {
        if state.is_over() {
            diverge(&mut report, ply, &state, Some(l), TrialDifference::EndedEarly);
            return report;
        }
        let roll = l.roll();
        if !roll.is_empty() && !die_sites.is_empty() {
            // the roll Ludii's generator drew, ours drawing from the same state; where they
            // part, the recorded roll is replayed from then on
            let faces: Vec<u8> = die_sites
                .iter()
                .map(|&s| roll.iter().find(|(site, _)| *site == s as i64).map_or(0, |r| r.1))
                .collect();
            report.rolls += 1;
            if report.rolls_drawn + 1 == report.rolls && game.drawn_roll(&state) == faces {
                report.rolls_drawn += 1;
            } else {
                game.set_roll_faces(&mut state, &faces);
            }
        }
        let mut moves = game.legal_moves(&state);
        // whether our move `m` in `state` is Ludii's `lm`, by its actions with consequences
        let is_ludiis = |state: &State, m: &Move, lm| {
            let mut after = state.clone();
            let acts = game.apply_listing(&mut after, m);
            let text = writer.move_text(m, &acts, state);
            parse_move(&text).is_some_and(|o| super::trial_write::same_ludii_actions(&o, lm))
        };
        // (Ludii's move as it is matched: once a ply, not once a candidate)
        let ludiis = ludii.moves.get(placements + ply).map(unnumbered);
        // (where the rules draw at random, the draw whose moves hold Ludii's, if ours do not)
        if let Some(lm) = ludiis.as_ref().filter(|_| game.draws_random()) {
            let exact = |state: &State, moves: &[Move]| moves.iter().any(|m| is_ludiis(state, m, lm));
            if !exact(&state, &moves) {
                for other in game.other_draws(&state).into_iter().take(MAX_TRIAL_DRAWS) {
                    let others = game.legal_moves(&other);
                    if exact(&other, &others) {
                        (state, moves) = (other, others);
                        break;
                    }
                }
            }
        }
        if let Some(&n) = trial.legal_counts.get(ply) {
            let ours = ludii_count(&moves);
            if n != ours {
                let kind = TrialDifference::LegalCount { ours, ludii: n };
                diverge(&mut report, ply, &state, Some(l), kind);
                return report;
            }
        }
        // Ludii's move as its replay finds it, by its actions with consequences in its text,
        // else the nearest of ours by its sites and effects
        let shaped = moves.iter().filter(|m| same_shape(game, m, l)).count();
        let exact = ludiis.as_ref().filter(|_| shaped > 1).and_then(|lm| {
            moves
                .iter()
                .find(|m| same_shape(game, m, l) && is_ludiis(&state, m, lm))
        });
        let Some(mv) = exact.or_else(|| matching(game, &state, &moves, l)).cloned() else {
            let nearest = moves
                .iter()
                .find(|m| m.to_site() as i64 == l.to)
                .or(moves.first())
                .map(|m| game.move_text(m));
            diverge(
                &mut report,
                ply,
                &state,
                Some(l),
                TrialDifference::MoveNotLegal { nearest },
            );
            return report;
        };
        report.choices.extend(moves.iter().position(|m| *m == mv));
        let before = state.clone();
        let actions = game.apply_listing(&mut state, &mv);
        let text = writer.move_text(&mv, &actions, &before);
        observe(placements + ply + 1, &state, Some(&text));
        written(&mut report, placements + ply, text);
        report.agreed += 1;
    }
    if !state.is_over() {
        // (Ludii ended the game where it records how: its end type, or a winner; a puzzle's
        // stored solution records the winner alone)
        if trial.endtype.is_some() || trial.winner.is_some() {
            diverge(&mut report, decisions, &state, None, TrialDifference::NotEnded);
        }
        return report;
    }
    let ours = state.ranking().to_vec();
    let same = ours.len() >= trial.rankings.len()
        && trial
            .rankings
            .iter()
            .enumerate()
            .skip(1)
            .all(|(p, r)| (ours[p] - r).abs() < 1e-9);
    if !same {
        let kind = TrialDifference::Ranking {
            ours,
            ludii: trial.rankings.clone(),
        };
        diverge(&mut report, decisions, &state, None, kind);
    }
    report
}

/// How many legal moves Ludii lists for `moves`: one each, but for joint moves (`(mode
/// Simultaneous)`), whose players' moves Ludii lists apart: each player's distinct moves.
fn ludii_count(moves: &[Move]) -> usize {
    let mut parts: Vec<(usize, &[crate::engine::Action])> = Vec::new();
    for m in moves {
        for p in m.parts() {
            if !parts.contains(&p) {
                parts.push(p);
            }
        }
    }
    if parts.is_empty() {
        moves.len()
    } else {
        parts.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_move_with_its_actions() {
        let m = parse_move(
            "[Move:mover=1,from=28,to=29,actions=[RememberValue:name=From,value=28],[Move:typeFrom=Vertex,from=28,typeTo=Vertex,to=29,decision=true],[Remove:type=Vertex,to=29]]",
        )
        .unwrap();
        assert_eq!((m.mover, m.from, m.to), (1, 28, 29));
        assert_eq!(m.actions.len(), 3);
        assert!(m.actions[1].is_decision());
        assert_eq!(m.actions[2].get("to"), Some("29"));
        assert_eq!(m.touched(), [28, 29].into_iter().collect());
        let pass = parse_move("[Move:mover=2,actions=[Pass:decision=true,forced=true]]").unwrap();
        assert!(pass.is_pass());
        assert_eq!((pass.from, pass.to), (-1, -1));
    }

    #[test]
    fn reads_a_whole_file() {
        let text = "game=../Common/res/lud/board/space/line/Tic-Tac-Toe.lud\nSTART GAME OPTIONS\nBoard Size/3x3\nEND GAME OPTIONS\nRNG internal state=1,2,3,4,5,6,7,-8\nMove=[Move:mover=1,from=4,to=4,actions=[Add:type=Cell,to=4,what=1,decision=true]]\nLEGAL MOVES LIST SIZE = 9\nwinner=1\nendtype=NaturalEnd\nrankings=0.0,1.0,2.0\nLUDII_VERSION=1.3.13\n";
        let t = LudiiTrial::parse(text).unwrap();
        assert_eq!(t.options, vec!["Board Size/3x3"]);
        assert_eq!(t.rng_state, vec![1, 2, 3, 4, 5, 6, 7, -8]);
        assert_eq!(t.moves[0].what(), Some(1));
        assert_eq!(t.legal_counts, vec![9]);
        assert_eq!(t.rankings, vec![0.0, 1.0, 2.0]);
        assert_eq!(t.num_placements(), 0);
        assert_eq!(LudiiTrial::parse("{\"kind\":\"game\"}"), Err(TrialError::NotATrial(1)));
    }
}
