//! Ludii's trial text written from our games: each move with its actions and consequences
//! in Ludii's action text (what its trial files list and its replay compares), and whole
//! trial files that Ludii's Player loads (Load Trial) and its integrity replay reads.
//!
//! Ludii's site numbering: the board's sites first, of the board's own site type; the sites
//! of the other containers (hands, dice) are cells numbered on from the larger of the
//! board's sites and cells ([`LudiiTrial::in_our_sites`] reads them back).

use super::trial::TrialMove;
use crate::board::SiteType;
use crate::engine::{Action, Game, Move, StartMove, State};
use crate::ir::{SiteField, UNNAMED};
use std::fmt::Write as _;

/// Writes our moves in Ludii's text for one game.
pub struct LudiiWriter<'g> {
    game: &'g Game,
    site_type: &'static str,
    board_sites: u32,
    ludii_base: u32,
}

impl<'g> LudiiWriter<'g> {
    pub fn new(game: &'g Game) -> LudiiWriter<'g> {
        let board_sites = game.num_sites() as u32;
        let cells = game.board().graph().count(SiteType::Cell) as u32;
        LudiiWriter {
            game,
            site_type: game.board().site_type().name(),
            board_sites,
            ludii_base: board_sites.max(cells),
        }
    }

    /// A site's type and Ludii's number for it.
    fn site(&self, t: u32) -> (&'static str, u32) {
        if let Some((ty, s)) = self.game.typed_site(t) {
            return (ty.name(), s);
        }
        if t < self.board_sites {
            (self.site_type, t)
        } else {
            ("Cell", t - self.board_sites + self.ludii_base)
        }
    }

    fn name(&self, k: u16) -> &str {
        if k == UNNAMED {
            return "null";
        }
        self.game.ir().names.get(k as usize).map_or("null", |s| s.as_str())
    }

    /// The die `k` (counted over every dice container): its container's index among the
    /// dice containers, its index there, and its site in Ludii's numbering.
    fn die(&self, k: usize) -> Option<(usize, usize, u32)> {
        let dice = self.game.dice_sites();
        let site = *dice.get(k)?;
        let holding: Vec<(usize, usize)> = self
            .game
            .containers()
            .iter()
            .map(|&(_, from, len)| (from, len))
            .filter(|&(from, len)| dice.iter().any(|d| (from..from + len).contains(d)))
            .collect();
        let (hand, index) = holding
            .iter()
            .enumerate()
            .find(|(_, &(from, len))| (from..from + len).contains(&site))
            .map_or((0, k), |(h, &(from, _))| (h, site - from));
        Some((hand, index, self.site(site as u32).1))
    }

    /// One action in Ludii's text (`[Add:type=Cell,to=4,what=1,decision=true]`); None for one
    /// Ludii keeps no record of.
    pub fn action(&self, a: &Action, decision: bool, before: Option<&State>) -> Option<String> {
        let mut t = String::new();
        let at = |t: &mut String, kind: &str, site: u32| {
            let (ty, s) = self.site(site);
            let _ = write!(t, "[{kind}:type={ty},to={s}");
        };
        match *a {
            // (a cell a large piece covers: Ludii's add of the piece covers it, with no
            // action of its own)
            Action::Add { what: 0, .. } => return None,
            Action::Add {
                site,
                what,
                count,
                state,
                ..
            } => {
                at(&mut t, "Add", site);
                let _ = write!(t, ",what={what}");
                if count > 1 {
                    let _ = write!(t, ",count={count}");
                }
                if state >= 0 {
                    let _ = write!(t, ",state={state}");
                }
            }
            Action::SetHidden {
                site,
                level,
                who,
                kind,
                value,
            } => {
                at(&mut t, &format!("SetHidden{}", kind.suffix()), site);
                let _ = write!(t, ",level={level},who={who},value={value}");
            }
            // (Ludii names a puzzle's site its variable)
            Action::PuzzleSet { site, value } | Action::PuzzleToggle { site, value } => {
                let kind = if matches!(a, Action::PuzzleSet { .. }) {
                    "Set"
                } else {
                    "Toggle"
                };
                let (ty, s) = self.site(site);
                let _ = write!(t, "[{kind}:type={ty},var={s},value={value}");
            }
            Action::Promote { site, what, .. } => {
                at(&mut t, "Promote", site);
                let _ = write!(t, ",what={what}");
            }
            Action::SetSite {
                site,
                field,
                value,
                level,
            } => {
                let kind = match field {
                    SiteField::State => "SetState",
                    SiteField::Value => "SetValue",
                    SiteField::Count => "SetCount",
                    SiteField::Rotation => "SetRotation",
                };
                at(&mut t, kind, site);
                if level != crate::engine::TOP && self.game.is_stacking() {
                    let _ = write!(t, ",level={level}");
                }
                match field {
                    SiteField::State => {
                        let _ = write!(t, ",state={value}");
                    }
                    SiteField::Value => {
                        let _ = write!(t, ",value={value}");
                    }
                    SiteField::Rotation => {
                        let _ = write!(t, ",rotation={value}");
                    }
                    SiteField::Count => {
                        let what = self.game.ir().components.len().saturating_sub(1);
                        let _ = write!(t, ",what={what},count={value}");
                    }
                }
            }
            Action::Remove { site, .. } => at(&mut t, "Remove", site),
            Action::RemoveAt { site, level, .. } => {
                at(&mut t, "Remove", site);
                let _ = write!(t, ",level={level}");
            }
            Action::Move {
                from, to, copy: true, ..
            } => {
                let ((tf, f), (tt, s)) = (self.site(from), self.site(to));
                let level = before.map_or(0, |b| b.pieces(from as usize).len().saturating_sub(1));
                let _ = write!(t, "[Copy:typeFrom={tf},from={f},levelFrom={level},typeTo={tt},to={s}");
            }
            Action::Move {
                from, to, count, top, ..
            } => {
                self.move_fields(&mut t, "Move", from, to);
                // (the whole stack: Ludii's stack move; fewer pieces: its counted move)
                let height = before.map(|b| b.pieces(from as usize).len());
                let whole = !top && self.game.is_stacking() && (count <= 1 || height == Some(count as usize));
                if whole {
                    t.push_str(",stack=true");
                } else if count > 1 {
                    let _ = write!(t, ",count={count}");
                }
            }
            Action::MoveN { from, to, count } => {
                // (Ludii's counted move tells its count, one too)
                self.move_fields(&mut t, "Move", from, to);
                let _ = write!(t, ",count={count}");
            }
            Action::Seed { from, to } => self.move_fields(&mut t, "Move", from, to),
            Action::MoveLevel {
                from,
                level,
                to,
                to_level,
            } => {
                let ((tf, f), (tt, s)) = (self.site(from), self.site(to));
                let _ = write!(t, "[Move:typeFrom={tf},from={f},levelFrom={level},typeTo={tt},to={s}");
                if to_level != crate::engine::TOP_LEVEL {
                    let _ = write!(t, ",levelTo={to_level}");
                }
            }
            Action::Insert {
                site,
                state,
                what,
                level,
                ..
            } => {
                at(&mut t, "Insert", site);
                let _ = write!(t, ",level={level},what={what}");
                if state >= 0 {
                    let _ = write!(t, ",state={state}");
                }
            }
            Action::SetScore { player, value } => {
                let _ = write!(t, "[SetScore:player={player},score={value}");
            }
            Action::AddScore { player, delta } => {
                let _ = write!(t, "[SetScore:player={player},score={delta},add=true");
            }
            Action::SetVar(v) => {
                let _ = write!(t, "[SetTemp:temp={v}");
            }
            Action::SetNamedVar { name, value } => {
                let _ = write!(t, "[SetVar:name={},value={value}", self.name(name));
            }
            Action::SetCounter(v) => {
                let _ = write!(t, "[SetCounter:counter={v}");
            }
            Action::SetPlayerValue { player, value } => {
                let _ = write!(t, "[SetValueOfPlayer:player={player},value={value}");
            }
            Action::SetAmount { player: 0, value } => {
                let _ = write!(t, "[SetPot:pot={value}");
            }
            Action::SetAmount { player, value } => {
                let _ = write!(t, "[Bet:player={player},bet={value}");
            }
            Action::AddPending(v) => {
                t.push_str("[SetPending:");
                if v != -1 {
                    let _ = write!(t, "value={v}");
                }
            }
            Action::Remember { list, value } => {
                let _ = write!(t, "[RememberValue:name={},value={value}", self.name(list));
            }
            Action::Forget { list, value } => {
                let _ = write!(t, "[ForgetValue:name={},value={value}", self.name(list));
            }
            Action::SetNext(p) => {
                let _ = write!(t, "[SetNextPlayer:player={p}");
            }
            Action::Pass { forced } => {
                t.push_str("[Pass:decision=true");
                if forced {
                    t.push_str(",forced=true");
                }
                t.push(']');
                return Some(t);
            }
            Action::UpdateDie { site, index } => {
                let _ = write!(t, "[SetStateAndUpdateDice:site={},state={index}", self.site(site).1);
            }
            Action::DiceRolled { equal } => {
                let _ = write!(t, "[SetDiceAllEqual:value={equal}");
            }
            Action::UseDie(k) => {
                let (hand, index, site) = self.die(k as usize)?;
                let _ = write!(t, "[UseDie:indexHandDice={hand},indexDie={index},site={site}");
            }
            Action::NextInstance => t.push_str("[NextInstance:"),
            // (a joint move's parts: Ludii lists their actions one after the other)
            Action::Part { .. } => return None,
            Action::StoreState => t.push_str("[StoreStateInContext:"),
            Action::Propose(k) => {
                let _ = write!(t, "[Propose:proposition={}", self.name(k));
            }
            Action::Vote(k) => {
                let _ = write!(t, "[Vote:vote={}", self.name(k));
            }
            Action::SwapPlayers(p1, p2) => {
                let _ = write!(t, "[Swap:player1={p1},player2={p2}");
            }
            Action::Trigger { player, event } => {
                let _ = write!(t, "[Trigger:event={},player={player}", self.name(event));
            }
            Action::RemoveAtEnd(site) => {
                at(&mut t, "Remove", site);
                t.push_str(",applied=false");
            }
        }
        if decision {
            if !t.ends_with(':') {
                t.push(',');
            }
            t.push_str("decision=true");
        }
        t.push(']');
        Some(t)
    }

    fn move_fields(&self, t: &mut String, kind: &str, from: u32, to: u32) {
        let ((tf, f), (tt, s)) = (self.site(from), self.site(to));
        let _ = write!(t, "[{kind}:typeFrom={tf},from={f},typeTo={tt},to={s}");
    }

    /// Which of a move's own actions are decisions (Ludii's `decision=true`): those that
    /// move the piece from the move's origin to its target, add, promote or change the
    /// piece at its target, pass, propose or vote; and, when it goes nowhere else, one
    /// that removes the piece at its site. Its effects elsewhere (a capture) are not. None: the decision is
    /// a selection of its sites.
    fn decisions(&self, mv: &Move) -> Vec<bool> {
        let (from, to) = (mv.from_site(), mv.to_site());
        let acts = mv.actions();
        let at = |site: u32| site as i32 == to;
        let main = |a: &Action| match *a {
            Action::Move { from: f, to: t, .. }
            | Action::MoveN { from: f, to: t, .. }
            | Action::MoveLevel { from: f, to: t, .. } => f as i32 == from && at(t),
            Action::Add { site, .. } | Action::PuzzleSet { site, .. } | Action::PuzzleToggle { site, .. } => at(site),
            Action::Promote { decision, .. } => decision,
            Action::SetSite { site, field, .. } => field == SiteField::State && at(site),
            Action::Pass { .. } | Action::NextInstance | Action::Propose(_) | Action::Vote(_) => true,
            _ => false,
        };
        // (once each: a combination repeats the decision's action without it)
        let mut seen: Vec<std::mem::Discriminant<Action>> = Vec::new();
        let mut out: Vec<bool> = acts
            .iter()
            .map(|a| {
                let kind = std::mem::discriminant(a);
                let first = main(a) && !seen.contains(&kind);
                if first {
                    seen.push(kind);
                }
                first
            })
            .collect();
        if !out.contains(&true) && from == to && to >= 0 {
            if let Some(i) = acts.iter().position(|a| match *a {
                Action::Remove { site, .. } | Action::RemoveAt { site, .. } | Action::SetSite { site, .. } => at(site),
                _ => false,
            }) {
                out[i] = true;
            }
        }
        out
    }

    /// A move with the actions it took ([`Game::apply_listing`]) from the position
    /// `before`, in Ludii's text:
    /// `[Move:mover=1,from=4,to=4,actions=[Add:type=Cell,to=4,what=1,decision=true]]`.
    pub fn move_text(&self, mv: &Move, actions: &[Action], before: &State) -> String {
        // (a joint move of simultaneous moves: Ludii's mover after the last player, sites 0,
        // each part's first action a decision)
        let mut parts: Vec<Action> = mv.parts().filter_map(|(_, acts)| acts.first().cloned()).collect();
        if !parts.is_empty() {
            let n = self.game.num_players() + 1;
            let mut t = format!("[Move:mover={n},from=0,to=0,actions=");
            let texts: Vec<String> = actions
                .iter()
                .filter_map(|a| {
                    let first = parts.iter().position(|p| p == a).map(|i| parts.remove(i));
                    self.action(a, first.is_some(), Some(before))
                })
                .collect();
            t.push_str(&texts.join(","));
            t.push(']');
            return t;
        }
        let mut t = format!("[Move:mover={}", mv.mover());
        let (from, to) = (mv.from_site(), mv.to_site());
        if !mv.is_pass() {
            if from >= 0 {
                let _ = write!(t, ",from={}", self.site(from as u32).1);
            }
            if to >= 0 {
                let _ = write!(t, ",to={}", self.site(to as u32).1);
            }
        }
        t.push_str(",actions=");
        let decisions = self.decisions(mv);
        let mut texts: Vec<String> = Vec::new();
        if !decisions.contains(&true) && from >= 0 {
            let (ty, f) = self.site(from as u32);
            let mut sel = format!("[Select:typeFrom={ty},from={f}");
            // (the levels as Ludii's selection reads them: the top of each stack, the origin's
            // only in a game with stacks, the target's where a piece is there)
            let top = |site: i32| before.pieces(site as usize).len() as i32 - 1;
            if self.game.is_stacking() && top(from) >= 0 {
                let _ = write!(sel, ",levelFrom={}", top(from));
            }
            if to >= 0 && to != from {
                let (tt, s) = self.site(to as u32);
                let _ = write!(sel, ",typeTo={tt},to={s}");
                if top(to) >= 0 {
                    let _ = write!(sel, ",levelTo={}", top(to));
                }
            }
            sel.push_str(",decision=true]");
            texts.push(sel);
        }
        // (a large piece's move is one action of Ludii's, its new orientation among its
        // fields: the cells it leaves uncovered and its state set are not written)
        let large = |site: u32| {
            let what = before.pieces(site as usize).last().map_or(0, |p| p.component);
            self.game.ir().components.get(what).is_some_and(|k| !k.walks.is_empty())
        };
        let covered = |site: u32| before.pieces(site as usize).last().is_some_and(|p| p.component == 0);
        let mut turned = None;
        for (i, a) in actions.iter().enumerate() {
            match *a {
                Action::Remove { site, .. } if covered(site) => continue,
                Action::SetSite {
                    site,
                    field: crate::ir::SiteField::State,
                    ..
                } if turned == Some(site) => continue,
                _ => {}
            }
            // (a `(move Promote ..)` is a decision wherever it is)
            let decision =
                decisions.get(i).copied().unwrap_or(false) || matches!(a, Action::Promote { decision: true, .. });
            let Some(mut x) = self.action(a, decision, Some(before)) else {
                continue;
            };
            if let (Action::Move { from, to, .. }, Some(Action::SetSite { site, field, value, .. })) =
                (a, actions.get(i + 1))
            {
                if *site == *to && *field == crate::ir::SiteField::State && large(*from) {
                    let at = x.find(",decision=").unwrap_or(x.len() - 1);
                    x.insert_str(at, &format!(",state={value}"));
                    turned = Some(*to);
                }
            }
            texts.push(x);
        }
        t.push_str(&texts.join(","));
        t.push(']');
        t
    }

    /// The start rules' moves ([`Game::initial_state_listing`]) in Ludii's text, of no
    /// player.
    pub fn placement_texts(&self, start: &[StartMove]) -> Vec<String> {
        start
            .iter()
            .filter_map(|m| {
                let mut a = self.action(&m.action, false, None)?;
                a.pop();
                if m.rotation != 0 {
                    let _ = write!(a, ",rotation={}", m.rotation);
                }
                if m.value != 0 {
                    let _ = write!(a, ",value={}", m.value);
                }
                if m.on_stack {
                    a.push_str(",stack=true");
                }
                a.push(']');
                let site = m.action.site().map(|t| self.site(t).1);
                Some(match site {
                    Some(s) => format!("[Move:mover=0,from={s},to={s},actions={a}]"),
                    None => format!("[Move:mover=0,actions={a}]"),
                })
            })
            .collect()
    }
}

/// Whether two actions in Ludii's text are equal as Ludii's replay compares them (its
/// actions' `equals`): the same kind and fields, but for those its comparison leaves out
/// (an `Add`'s level, a `SetState`'s or `SetValue`'s decision, a `SetScore`'s `add`).
pub fn same_ludii_actions(a: &TrialMove, b: &TrialMove) -> bool {
    let key = |m: &TrialMove| -> Vec<(String, Vec<(String, String)>)> {
        m.actions
            .iter()
            // (a note is a message to a player, changing nothing: ours are not written)
            .filter(|a| a.kind != "Note")
            .map(|a| {
                let ignored: &[&str] = match a.kind.as_str() {
                    "Add" => &["level"],
                    "SetState" | "SetValue" => &["decision"],
                    "SetScore" => &["add"],
                    _ => &[],
                };
                let mut fields: Vec<(String, String)> = a
                    .fields
                    .iter()
                    .filter(|(k, v)| !(ignored.contains(&k.as_str()) || k == "decision" && v == "false"))
                    .cloned()
                    .collect();
                fields.sort();
                (a.kind.clone(), fields)
            })
            .collect()
    };
    key(a) == key(b)
}

/// A whole game written as Ludii's trial file, move by move.
pub struct TrialWriter<'g> {
    writer: LudiiWriter<'g>,
    game_path: String,
    options: Vec<String>,
    rng_state: [i8; 8],
    moves: Vec<String>,
    placements: usize,
    legal_counts: Vec<usize>,
}

impl<'g> TrialWriter<'g> {
    /// A trial of `game` (its description at `game_path`, as Ludii names it, with
    /// `options` as "Heading/Item" lines) from its start position: the start's placements
    /// are written at once; returns the writer and that position.
    pub fn start(game: &'g Game, game_path: &str, options: &[String], rng_state: [i8; 8]) -> (Self, State) {
        let writer = LudiiWriter::new(game);
        let (state, start) = game.initial_state_listing();
        let moves = writer.placement_texts(&start);
        let placements = moves.len();
        let w = TrialWriter {
            writer,
            game_path: game_path.to_string(),
            options: options.to_vec(),
            rng_state,
            moves,
            placements,
            legal_counts: Vec::new(),
        };
        (w, state)
    }

    /// Play `mv`, one of `legal` moves, on `state`, and write it down.
    pub fn play(&mut self, state: &mut State, legal: usize, mv: &Move) {
        let before = state.clone();
        let actions = self.writer.game.apply_listing(state, mv);
        self.legal_counts.push(legal);
        self.moves.push(self.writer.move_text(mv, &actions, &before));
    }

    /// The file's text, the game ended (or not) in `state`.
    pub fn finish(&self, state: &State) -> String {
        let mut t = format!("game={}\nSTART GAME OPTIONS\n", self.game_path);
        for o in &self.options {
            t.push_str(o);
            t.push('\n');
        }
        t.push_str("END GAME OPTIONS\nRNG internal state=");
        let bytes: Vec<String> = self.rng_state.iter().map(|b| b.to_string()).collect();
        t.push_str(&bytes.join(","));
        t.push('\n');
        for m in &self.moves {
            let _ = writeln!(t, "Move={m}");
        }
        for n in &self.legal_counts {
            let _ = writeln!(t, "LEGAL MOVES LIST SIZE = {n}");
        }
        let _ = writeln!(t, "numInitialPlacementMoves={}", self.placements);
        if state.is_over() {
            let ranking = state.ranking();
            let firsts: Vec<usize> = (1..ranking.len()).filter(|&p| ranking[p] == 1.0).collect();
            let winner = if firsts.len() == 1 { firsts[0] } else { 0 };
            let _ = writeln!(t, "winner={winner}\nendtype=NaturalEnd");
            let r: Vec<String> = ranking.iter().map(|x| crate::engine::java_double(*x)).collect();
            let _ = writeln!(t, "rankings={}", r.join(","));
        }
        t.push_str("SANDBOX=false\nLUDII_VERSION=1.3.13\n");
        t
    }
}

/// The `game=` line's name for a description file: from its `lud/` folder on, as Ludii
/// names the games it ships (`/lud/board/space/line/Hex.lud`), else the file's own path
/// (which Ludii's Player loads from the disk).
pub fn ludii_game_name(file: &std::path::Path) -> String {
    let parts: Vec<String> = file
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    match parts.iter().rposition(|p| p == "lud") {
        Some(i) if i + 1 < parts.len() => format!("/lud/{}", parts[i + 1..].join("/")),
        _ => std::fs::canonicalize(file)
            .unwrap_or_else(|_| file.to_path_buf())
            .to_string_lossy()
            .into_owned(),
    }
}

/// A game of `game` written as a Ludii trial: from the start, its chance drawn from the
/// generator state `chance` ([`crate::engine::SplitMix64`], which the file records, so
/// that Ludii draws the same dice), each move the index of the one played among the legal
/// moves of its position (an index out of range ends it).
pub fn trial_of_choices(
    game: &Game,
    file: &std::path::Path,
    options: &[String],
    chance: u64,
    choices: impl IntoIterator<Item = usize>,
) -> String {
    let rng = crate::engine::SplitMix64(chance).to_bytes();
    let (mut w, mut state) = TrialWriter::start(game, &ludii_game_name(file), options, rng);
    state.set_chance(chance);
    for i in choices {
        let legal = game.legal_moves(&state);
        let Some(mv) = legal.get(i) else { break };
        w.play(&mut state, legal.len(), mv);
    }
    w.finish(&state)
}
