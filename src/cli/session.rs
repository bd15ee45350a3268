//! A game in progress, shared by the terminal (`play`) and the web page (`serve`): the game,
//! its current position, the moves made, and who plays each seat.
//!
//! Only the current position is kept: each move is remembered by its text, its index among
//! the legal moves and the seat that made it; `undo` replays the remaining moves from the
//! start, so memory does not grow with the length of the game.

use crate::ai::record::{choice_of, choices, Choice, Record};
use crate::ai::{make_agent, result_text, Agent, MctsConfig};
use crate::engine::{Game, State};
use crate::expand::Selections;
use std::rc::Rc;
use std::time::Duration;

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatSpec {
    /// `human`, `random` or `mcts`.
    pub kind: String,
    /// MCTS: thinking time per move (seconds); `None`: the iteration budget.
    pub think: Option<f64>,
}

impl SeatSpec {
    pub const KINDS: [&'static str; 3] = ["human", "random", "mcts"];

    pub fn human() -> SeatSpec {
        SeatSpec {
            kind: "human".into(),
            think: None,
        }
    }
}

/// Who plays the first two seats, from the command line (`--p1`, `--p2`).
#[derive(clap::Args, Debug, Clone)]
pub struct SeatArgs {
    /// Player 1: human, random or mcts.
    #[arg(long, default_value = "human", value_parser = ["human", "random", "mcts"])]
    pub p1: String,
    /// Player 2: human, random or mcts (further players are mcts).
    #[arg(long, default_value = "mcts", value_parser = ["human", "random", "mcts"])]
    pub p2: String,
}

impl SeatArgs {
    /// The seats, each without a thinking time (the agents' budget applies).
    pub fn specs(&self) -> Vec<SeatSpec> {
        [&self.p1, &self.p2]
            .iter()
            .map(|k| SeatSpec {
                kind: k.to_string(),
                think: None,
            })
            .collect()
    }
}

enum Seat {
    Human,
    Agent(Box<dyn Agent>),
}

/// The longest thinking time a seat may be given (seconds).
pub const MAX_THINK: f64 = 600.0;

pub struct Session {
    /// Shared, so that a caller may hold the game while it changes the session.
    pub game: Rc<Game>,
    /// The description file, as given (for records).
    pub file: String,
    pub selections: Selections,
    seed: u64,
    /// The agents' budget when a seat gives no thinking time.
    budget: MctsConfig,
    state: State,
    moves: Vec<String>,
    /// Per move: its index in the legal moves of its position, and the seat that made it.
    made: Vec<(usize, usize)>,
    specs: Vec<SeatSpec>,
    seats: Vec<Seat>,
}

impl Session {
    /// A new game; `specs` names who plays each seat (missing seats are MCTS).
    pub fn new(
        game: Game,
        file: String,
        selections: Selections,
        specs: Vec<SeatSpec>,
        seed: u64,
        budget: MctsConfig,
    ) -> Result<Session, String> {
        let state = game.initial_state();
        let mut s = Session {
            game: Rc::new(game),
            file,
            selections,
            seed,
            budget,
            state,
            moves: Vec::new(),
            made: Vec::new(),
            specs: Vec::new(),
            seats: Vec::new(),
        };
        s.set_seats(specs)?;
        Ok(s)
    }

    /// Who plays each seat, from now on.
    pub fn set_seats(&mut self, mut specs: Vec<SeatSpec>) -> Result<(), String> {
        let n = self.game.num_players();
        specs.truncate(n);
        while specs.len() < n {
            specs.push(SeatSpec {
                kind: "mcts".into(),
                think: None,
            });
        }
        let mut seats = Vec::new();
        for (k, spec) in specs.iter().enumerate() {
            if let Some(t) = spec.think {
                if !t.is_finite() || t <= 0.0 || t > MAX_THINK {
                    return Err(format!(
                        "a thinking time is more than 0 and at most {MAX_THINK} seconds, not {t}"
                    ));
                }
            }
            seats.push(match spec.kind.as_str() {
                "human" => Seat::Human,
                kind => {
                    let config = match spec.think {
                        Some(t) => MctsConfig {
                            iterations: None,
                            time: Some(Duration::from_secs_f64(t)),
                            ..self.budget
                        },
                        None => self.budget,
                    };
                    let seed = self.seed.wrapping_add(k as u64 + 1);
                    Seat::Agent(
                        make_agent(kind, seed, config)
                            .ok_or_else(|| format!("`{kind}` is not a kind of player (human, random or mcts)"))?,
                    )
                }
            });
        }
        self.specs = specs;
        self.seats = seats;
        Ok(())
    }

    pub fn seats(&self) -> &[SeatSpec] {
        &self.specs
    }

    pub fn state(&self) -> &State {
        &self.state
    }

    /// The moves made so far, by their texts.
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// The record of the game so far.
    /// The game so far as a Ludii trial file (`--save-trial`), which Ludii's Player loads
    /// (its chance drawn from the generator state 0, as the session's game is).
    pub fn ludii_trial(&self) -> String {
        crate::trace::trial_write::trial_of_choices(
            &self.game,
            std::path::Path::new(&self.file),
            &self.selections.options,
            0,
            self.made.iter().map(|&(index, _)| index),
        )
    }

    pub fn record(&self) -> Record {
        let last = &self.state;
        Record {
            file: self.file.clone(),
            options: self.selections.options.clone(),
            ruleset: self.selections.ruleset.clone(),
            seed: Some(self.seed),
            players: self.specs.iter().map(|s| s.kind.clone()).collect(),
            moves: self.moves.clone(),
            result: last.is_over().then(|| result_text(last, self.game.num_players())),
        }
    }

    /// Makes a choice of the current position.
    pub fn push(&mut self, c: &Choice) {
        let next = c.after(&self.game, &self.state);
        self.moves.push(c.text.clone());
        self.made.push((c.index, self.state.agent(self.state.mover())));
        self.state = next;
    }

    /// Makes the move named `text` (a choice's canonical text); false if it is not legal.
    pub fn play_text(&mut self, text: &str) -> bool {
        if self.state.is_over() {
            return false;
        }
        let cs = choices(&self.game, &self.state);
        match cs.iter().find(|c| c.text == text) {
            Some(c) => {
                let c = c.clone();
                self.push(&c);
                true
            }
            None => false,
        }
    }

    /// Whether seat `agent` (a player's number until the players swap) is a human.
    pub fn is_human(&self, agent: usize) -> bool {
        matches!(self.seats.get(agent.wrapping_sub(1)), Some(Seat::Human))
    }

    /// The player whose view a front end shows, in a game with hidden information: the
    /// human to move, else the one human seated (the first of several); 0 (everything)
    /// when no human plays, once the game is over, and in a game without hidden
    /// information.
    pub fn viewer(&self) -> usize {
        if !self.game.has_hidden_info() || self.state.is_over() {
            return 0;
        }
        if self.human_to_move() {
            return self.state.mover();
        }
        (1..=self.game.num_players())
            .find(|&p| self.is_human(self.state.agent(p)))
            .unwrap_or(0)
    }

    /// Whether the player to move is a human (false once the game is over).
    pub fn human_to_move(&self) -> bool {
        !self.state.is_over() && self.is_human(self.state.agent(self.state.mover()))
    }

    /// When an agent is to move: it chooses, the move is made, and its choice and the
    /// agent's name are returned.
    pub fn agent_move(&mut self) -> Option<(Choice, String)> {
        if self.state.is_over() {
            return None;
        }
        let seat = self.state.agent(self.state.mover());
        let (i, name) = match self.seats.get_mut(seat.wrapping_sub(1)) {
            Some(Seat::Agent(agent)) => (agent.choose(&self.game, &self.state), agent.name()),
            // (a simulation's moves are no seat's: its one move, as Ludii steps it)
            None if self.game.num_players() == 0 => (0, "simulation".to_string()),
            _ => return None,
        };
        let cs = choices(&self.game, &self.state);
        let c = choice_of(&self.game, &self.state, &cs, i)?.clone();
        self.push(&c);
        Some((c, name))
    }

    /// Takes back the last move and any agents' moves before it, back to a human's turn
    /// (or to the start). Returns false when there is nothing to take back.
    pub fn undo(&mut self) -> bool {
        let Some(mut m) = self.made.len().checked_sub(1) else {
            return false;
        };
        while m > 0 && !self.is_human(self.made[m].1) {
            m -= 1;
        }
        self.truncate(m);
        true
    }

    /// Goes back to the position after the first `ply` moves.
    fn truncate(&mut self, ply: usize) {
        self.moves.truncate(ply);
        self.made.truncate(ply);
        let mut state = self.game.initial_state();
        for &(index, _) in &self.made {
            let mv = self.game.legal_moves(&state)[index].clone();
            self.game.apply(&mut state, &mv);
        }
        self.state = state;
    }

    /// A new game with the same seats.
    pub fn restart(&mut self) {
        self.truncate(0);
    }

    /// Replays a record's moves from the start (the record's game must be this one); on an
    /// illegal move the game is left as it was.
    pub fn load_moves(&mut self, moves: &[String]) -> Result<(), String> {
        let saved = (self.moves.clone(), self.made.clone(), self.state.clone());
        self.truncate(0);
        for (k, text) in moves.iter().enumerate() {
            if !self.play_text(text) {
                (self.moves, self.made, self.state) = saved;
                return Err(format!("move {} `{text}` is not legal here", k + 1));
            }
        }
        Ok(())
    }
}
