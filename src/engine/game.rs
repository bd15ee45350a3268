//! A loaded game: the executable rules and the board.

use super::api::{Game, LoadError, Move, State};
use super::board::Board;
use crate::expand::Selections;

#[derive(Debug)]
pub struct GameDef {
    pub name: String,
    pub num_players: u8,
    pub board: Board,
}

pub fn load(name: &str, text: &str, selections: &Selections) -> Result<Game, LoadError> {
    let _ = (name, text, selections);
    todo!("lowering")
}

impl GameDef {
    pub fn initial_state(&self) -> State {
        todo!()
    }
    pub fn legal_moves(&self, state: &State) -> Vec<Move> {
        let _ = state;
        todo!()
    }
    pub fn apply(&self, state: &mut State, mv: &Move) {
        let _ = (state, mv);
        todo!()
    }
    pub fn state_text(&self, state: &State) -> String {
        let _ = state;
        todo!()
    }
    pub fn diff_text(&self, before: &State, after: &State) -> String {
        let _ = (before, after);
        todo!()
    }
    pub fn move_text(&self, mv: &Move) -> String {
        let _ = mv;
        todo!()
    }
}
