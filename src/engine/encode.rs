//! Encodings for learning agents and bindings: every move as an action id fixed per game,
//! every position as planes of numbers, and the dice's rolls as explicit chance outcomes.
//!
//! Action ids (dense, `0..num_distinct_actions`), with N the sites of every container (the
//! board's, then the hands', then those of the other site types the rules play on, as the
//! state keeps them) and C the game's components:
//! - `0`: a pass; `1`: a swap of players; `2`: any other move with no site;
//! - `3 + what * N + to`: a move at one site `to` (a placement, a promotion, a move whose
//!   `from` is its `to`), where `what` is the component it adds or promotes to (0: none);
//! - `3 + (C + 1) * N + from * N + to`: a move from one site to another, in a game whose
//!   rules can move between sites ([`crate::ir::GameIr::moves_between_sites`]; a game that
//!   only places, promotes or removes has no such ids).
//! - in a deduction puzzle, setting a site `to` to a value is the move at one site adding
//!   the value's component `what`; toggling it is `T + what * N + to`, T the first id after
//!   those above.
//!
//! An id means the same move shape in every state. Two legal moves of one state can share
//! an id (two paths of one capture, a level of a stack): the id then stands for the first in
//! Ludii's order, and [`Game::legal_moves`] still lists both.

use super::api::{Game, Move, State};
use super::moves::Action;
use super::state::Stack;

/// The action id of a pass.
pub const PASS_ACTION: usize = 0;
/// The action id of a swap of players.
pub const SWAP_ACTION: usize = 1;
/// The action id of a move with no site that is neither a pass nor a swap.
pub const OTHER_ACTION: usize = 2;
/// The first id of the moves at one site.
const SITE_BASE: usize = 3;

/// Sort `ids` and drop repeats (a list already in order, as most moves are listed by site,
/// is only checked).
pub fn sorted_unique(ids: &mut Vec<usize>) {
    if !ids.is_sorted() {
        ids.sort_unstable();
    }
    ids.dedup();
}

/// What an action id stands for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionShape {
    Pass,
    Swap,
    /// A move with no site.
    Other,
    /// A move at one site, adding or promoting to component `what` (0: none).
    At {
        what: usize,
        to: usize,
    },
    /// A move from one site to another.
    FromTo {
        from: usize,
        to: usize,
    },
    /// A puzzle's value (its component `what`) toggled among the candidates of `to`.
    Toggle {
        what: usize,
        to: usize,
    },
}

/// A game's action-id layout (the module's table), fixed at load: the ids are read for
/// every legal move a binding lists.
#[derive(Clone, Copy, Debug)]
pub(super) struct IdLayout {
    /// The sites the ids count (N): every container's, then every other site type's.
    sites: usize,
    /// The components the ids count (C, Ludii's, index 0 for none).
    components: usize,
    /// Whether there is a block for moves between two sites
    /// ([`crate::ir::GameIr::moves_between_sites`]).
    between_sites: bool,
    /// The first id of a puzzle's toggles (the end of the ids of the other moves).
    toggle_base: usize,
}

impl IdLayout {
    pub(super) fn of(g: &super::game::GameDef) -> IdLayout {
        let sites = g.total_sites + g.typed_boards.iter().map(|b| b.num_sites()).sum::<usize>();
        let components = g.ir.components.len().max(1);
        let between_sites = g.ir.moves_between_sites();
        let toggle_base = SITE_BASE + components * sites + if between_sites { sites * sites } else { 0 };
        IdLayout {
            sites,
            components,
            between_sites,
            toggle_base,
        }
    }
}

impl Game {
    fn id_sites(&self) -> usize {
        self.ids.sites
    }

    fn id_components(&self) -> usize {
        self.ids.components
    }

    fn toggle_base(&self) -> usize {
        self.ids.toggle_base
    }

    /// How many action ids the game has (see the module's table).
    pub fn num_distinct_actions(&self) -> usize {
        let toggles = if self.inner.ir.puzzle.is_some() {
            self.id_components() * self.id_sites()
        } else {
            0
        };
        self.toggle_base() + toggles
    }

    /// The shape of a move (its action id is [`Game::action_id_of`]): one pass over its
    /// actions (this runs for every legal move the bindings list).
    #[inline]
    pub fn move_shape(&self, mv: &Move) -> ActionShape {
        let m = &mv.inner;
        match m.actions.first() {
            Some(Action::SwapPlayers(..)) => return ActionShape::Swap,
            Some(&Action::PuzzleSet { site, value }) | Some(&Action::PuzzleToggle { site, value }) => {
                let what = self.inner.ir.puzzle.as_ref().map_or(0, |p| {
                    (i32::from(value) - p.min + i32::from(p.first_component)).max(0) as usize
                });
                let to = site as usize;
                return if matches!(m.actions[0], Action::PuzzleSet { .. }) {
                    ActionShape::At { what, to }
                } else {
                    ActionShape::Toggle { what, to }
                };
            }
            _ => {}
        }
        let (mut pass, mut piece, mut what) = (false, false, None);
        for a in &m.actions {
            match *a {
                Action::Pass { .. } => pass = true,
                Action::Add { what: w, .. } => {
                    piece = true;
                    what.get_or_insert(w);
                }
                Action::Promote { what: w, .. } => {
                    what.get_or_insert(w);
                }
                Action::Move { .. }
                | Action::Seed { .. }
                | Action::MoveN { .. }
                | Action::Remove { .. }
                | Action::RemoveAt { .. } => piece = true,
                _ => {}
            }
        }
        if pass && !piece {
            return ActionShape::Pass;
        }
        let n = self.id_sites() as i32;
        let on = |s: i32| (0..n).contains(&s);
        // (a move on another site type: its sites as the state keeps them; the origin of a
        // move between sites of two types is taken as of the board's)
        let (from, to) = match m.ty {
            0 => (m.from, m.to),
            k => {
                let ty = Some(self.inner.type_of_code(k));
                let to = self.inner.global_site(ty, m.to);
                let from = if m.from == m.to { to } else { m.from };
                (from, to)
            }
        };
        if self.ids.between_sites && on(from) && on(to) && from != to {
            return ActionShape::FromTo {
                from: from as usize,
                to: to as usize,
            };
        }
        let to = if on(to) { to } else { from };
        if !on(to) {
            return ActionShape::Other;
        }
        let what = what.map(usize::from).filter(|&w| w < self.id_components()).unwrap_or(0);
        ActionShape::At { what, to: to as usize }
    }

    /// The id of a shape.
    #[inline]
    pub fn shape_id(&self, shape: ActionShape) -> usize {
        let n = self.id_sites();
        match shape {
            ActionShape::Pass => PASS_ACTION,
            ActionShape::Swap => SWAP_ACTION,
            ActionShape::Other => OTHER_ACTION,
            ActionShape::At { what, to } => SITE_BASE + what * n + to,
            ActionShape::FromTo { from, to } => SITE_BASE + self.id_components() * n + from * n + to,
            ActionShape::Toggle { what, to } => self.toggle_base() + what * n + to,
        }
    }

    /// The shape an id stands for (None: out of range).
    pub fn id_shape(&self, id: usize) -> Option<ActionShape> {
        let n = self.id_sites();
        let at_end = SITE_BASE + self.id_components() * n;
        Some(match id {
            PASS_ACTION => ActionShape::Pass,
            SWAP_ACTION => ActionShape::Swap,
            OTHER_ACTION => ActionShape::Other,
            _ if id < at_end => ActionShape::At {
                what: (id - SITE_BASE) / n,
                to: (id - SITE_BASE) % n,
            },
            _ if id < self.toggle_base() => ActionShape::FromTo {
                from: (id - at_end) / n,
                to: (id - at_end) % n,
            },
            _ if id < self.num_distinct_actions() => ActionShape::Toggle {
                what: (id - self.toggle_base()) / n,
                to: (id - self.toggle_base()) % n,
            },
            _ => return None,
        })
    }

    /// A move's action id.
    #[inline]
    pub fn action_id_of(&self, mv: &Move) -> usize {
        self.shape_id(self.move_shape(mv))
    }

    /// Each move's action id, in the moves' order, in place of what `ids` held (one call
    /// for a whole list: what a binding asks at every step).
    pub fn action_ids_into(&self, moves: &[Move], ids: &mut Vec<usize>) {
        ids.clear();
        ids.extend(moves.iter().map(|m| self.shape_id(self.move_shape(m))));
    }

    /// The action ids of `moves`, each once, in increasing order.
    pub fn action_ids(&self, moves: &[Move]) -> Vec<usize> {
        let mut ids = Vec::with_capacity(moves.len());
        self.action_ids_into(moves, &mut ids);
        sorted_unique(&mut ids);
        ids
    }

    /// The legal moves' action ids, each once, in increasing order.
    pub fn legal_action_ids(&self, state: &State) -> Vec<usize> {
        let moves = self.legal_moves(state);
        let ids = self.action_ids(&moves);
        self.recycle(moves);
        ids
    }

    /// The legal move an action id stands for in `state`: the first in Ludii's order with
    /// that id (None: no legal move has it).
    pub fn move_of_action(&self, state: &State, id: usize) -> Option<Move> {
        let moves = self.legal_moves(state);
        let i = moves.iter().position(|m| self.action_id_of(m) == id)?;
        let mut moves = moves;
        Some(moves.swap_remove(i))
    }

    /// An action id in words: `pass`, `swap`, `other`, a site's label (`c3`), a component
    /// put on a site (`Disc1@c3`, a puzzle's value set: `5@c3`), from-to labels (`a2-a4`), or
    /// a puzzle's value toggled (`c3~5`).
    pub fn action_text(&self, id: usize) -> String {
        let label = |s: usize| match self.typed_site(s as u32) {
            _ if s < self.num_sites() => self.site_label(s).to_string(),
            // (another site type's site: the type and Ludii's number for it)
            Some((ty, t)) => format!("{}{t}", ty.name()),
            None => format!("#{s}"),
        };
        match self.id_shape(id) {
            None => format!("invalid action {id}"),
            Some(ActionShape::Pass) => "pass".into(),
            Some(ActionShape::Swap) => "swap".into(),
            Some(ActionShape::Other) => "other".into(),
            Some(ActionShape::At { what: 0, to }) => label(to),
            Some(ActionShape::At { what, to }) => {
                let name = self.inner.ir.components.get(what).map_or("?", |c| c.name.as_str());
                format!("{name}@{}", label(to))
            }
            Some(ActionShape::FromTo { from, to }) => format!("{}-{}", label(from), label(to)),
            // (a puzzle's components are named by their values: `c3~5`, as the move's name)
            Some(ActionShape::Toggle { what, to }) => {
                let name = self.inner.ir.components.get(what).map_or("?", |c| c.name.as_str());
                format!("{}~{name}", label(to))
            }
        }
    }

    /// The shape of [`Game::observe`]'s planes: `[planes, sites]` (the sites as the action
    /// ids count them: every container's, then every other site type's), with a plane for each
    /// component (how many of it each site holds), one for the local state of each site's
    /// top piece (at a die's site, the value it shows: [`Game::dice_values`]), then for each
    /// player one that is 1 everywhere when that player is to move, then for each player one
    /// holding its score; in a game with hidden information, a last plane of the pieces
    /// the viewer cannot identify (how many at each site).
    pub fn observation_shape(&self) -> [usize; 2] {
        let c = self.id_components() - 1;
        let unknown = usize::from(self.has_hidden_info());
        [c + 1 + 2 * self.num_players() + unknown, self.id_sites()]
    }

    /// Write the observation of `state` into `out` (`observation_shape` planes, row by row),
    /// as a spectator sees it: the whole position.
    pub fn observe(&self, state: &State, out: &mut [f32]) {
        self.observe_as(state, 0, out)
    }

    /// Write the observation of `state` by `player` into `out`: what [`Game::view`] shows
    /// them (0: a spectator, who sees everything).
    pub fn observe_as(&self, state: &State, player: usize, out: &mut [f32]) {
        out.iter_mut().for_each(|x| *x = 0.0);
        self.observe_zeroed(state, player, out)
    }

    /// [`Game::observe_as`] into an `out` that holds only zeros (a fresh buffer: no second
    /// clearing). The board's sites are read off the owners' bit words, the empty ones
    /// skipped.
    pub fn observe_zeroed(&self, state: &State, player: usize, out: &mut [f32]) {
        let [planes, n] = self.observation_shape();
        if out.len() < planes * n {
            return;
        }
        let seen;
        let state = if self.has_hidden_info() && player > 0 {
            seen = self.view(state, player);
            &seen
        } else {
            state
        };
        let c = self.id_components() - 1;
        let unknown = self.has_hidden_info().then_some(planes - 1);
        let put = |out: &mut [f32], site: usize, stack: &Stack| {
            for p in stack.iter() {
                let w = p.what as usize;
                let row = if (1..=c).contains(&w) {
                    w - 1
                } else if let (0, Some(row)) = (w, unknown) {
                    row
                } else {
                    continue;
                };
                out[row * n + site] += p.count.max(1) as f32;
            }
            match stack.last() {
                Some(top) if top.state != 0 => out[c * n + site] = top.state as f32,
                _ => {}
            }
        };
        // (the board's empty sites add nothing: only its occupied ones are read)
        let board = if self.inner.fast_forms {
            let sites = &state.inner.sites[..state.inner.sites.len().min(n)];
            let occupied = state.inner.occupied_words();
            for (i, &word) in occupied.iter().enumerate() {
                let mut word = word;
                while word != 0 {
                    let site = i * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    let Some(stack) = sites.get(site) else { break };
                    put(out, site, stack);
                }
            }
            sites.len()
        } else {
            0
        };
        for site in board..n {
            if let Some(stack) = state.inner.stack(site) {
                put(out, site, stack);
            }
        }
        let values = self.dice_values(state);
        for (site, &v) in self.inner.die_sites().zip(&values) {
            if (site as usize) < n {
                out[c * n + site as usize] = v as f32;
            }
        }
        let np = self.num_players();
        let mover = state.mover();
        if (1..=np).contains(&mover) && !state.is_over() {
            let row = c + 1 + mover - 1;
            out[row * n..(row + 1) * n].iter_mut().for_each(|x| *x = 1.0);
        }
        for p in 1..=np {
            let score = state.scores().get(p).copied().unwrap_or(0) as f32;
            let row = c + 1 + np + p - 1;
            if score != 0.0 {
                out[row * n..(row + 1) * n].iter_mut().for_each(|x| *x = score);
            }
        }
    }

    /// The number of faces of each die, over every dice container.
    pub fn dice_faces(&self) -> Vec<usize> {
        (0..self.inner.num_dice()).map(|j| self.inner.num_faces(j)).collect()
    }

    /// Whether the next decision of `state` rolls the dice and its roll is not set yet: a
    /// chance node, whose outcomes are the [`Game::roll_outcomes`] combinations of faces.
    pub fn rolls_next(&self, state: &State) -> bool {
        self.has_dice()
            && !state.is_over()
            && state.inner.next_roll.is_empty()
            && self
                .legal_moves(state)
                .iter()
                .any(|m| m.inner.actions.iter().any(|a| matches!(a, Action::DiceRolled { .. })))
    }

    /// How many combinations of faces a roll of all the dice has.
    pub fn roll_outcomes(&self) -> usize {
        self.dice_faces().iter().map(|&k| k.max(1)).product()
    }

    /// The face index each die shows in roll combination `outcome` (`0..roll_outcomes`, the
    /// last die's face fastest).
    fn roll_indices(&self, outcome: usize) -> Vec<u8> {
        let faces = self.dice_faces();
        let mut rest = outcome;
        let mut roll = vec![0u8; faces.len()];
        for (j, &k) in faces.iter().enumerate().rev() {
            let k = k.max(1);
            roll[j] = (rest % k) as u8;
            rest /= k;
        }
        roll
    }

    /// The values the dice show in roll combination `outcome`.
    pub fn roll_values(&self, outcome: usize) -> Vec<i32> {
        self.face_values(&self.roll_indices(outcome))
    }

    /// The values of face indices, die by die.
    fn face_values(&self, indices: &[u8]) -> Vec<i32> {
        indices
            .iter()
            .enumerate()
            .map(|(j, &i)| self.inner.faces(j).get(i as usize).copied().unwrap_or(0))
            .collect()
    }

    /// Set the next roll of `state` to combination `outcome` (`0..roll_outcomes`, the last
    /// die's face fastest), each die showing the face of that index.
    pub fn set_roll(&self, state: &mut State, outcome: usize) {
        state.inner.next_roll = self.roll_indices(outcome).into_iter().collect();
    }

    /// The sites of the dice, in the order their faces are given ([`Game::set_roll_faces`]).
    pub fn dice_sites(&self) -> Vec<usize> {
        self.inner.die_sites().map(|s| s as usize).collect()
    }

    /// The face index of every die that the next roll of `state` draws from its generator
    /// (Ludii's, [`crate::engine::SplitMix64`]), whatever roll is set.
    pub fn drawn_roll(&self, state: &State) -> Vec<u8> {
        self.inner.draw_roll(state.inner.chance).0.to_vec()
    }

    /// Set the next roll of `state` die by die: each die shows the face of index `faces[j]`
    /// (what a replay of Ludii's record does, whose moves carry their rolls).
    pub fn set_roll_faces(&self, state: &mut State, faces: &[u8]) {
        state.inner.next_roll = faces.iter().copied().collect();
    }

    /// The values the dice of `state` show: those of the roll set for the next decision
    /// where there is one, else those left from the last roll.
    pub fn dice_values(&self, state: &State) -> Vec<i32> {
        let next = &state.inner.next_roll;
        if next.is_empty() {
            return state.inner.dice.to_vec();
        }
        self.face_values(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(path: &str) -> Game {
        super::super::corpus_game(path, &Default::default())
    }

    /// Along random games, the observation that reads only the board's occupied sites (off
    /// the owners' words) equals the one read site by site, for every viewer.
    #[test]
    fn observations_read_off_the_occupied_sites_miss_nothing() {
        use rand::{Rng, SeedableRng};
        for path in [
            "board/space/connection/Hex.lud",
            "board/sow/two_rows/Kalah.lud",
            "board/war/replacement/checkmate/chess/Chess.lud",
            "board/war/leaping/diagonal/Lasca.lud",
            "board/race/escape/Backgammon.lud",
            "board/space/blocking/Banqi.lud",
            "board/race/reach/Sneakthrough.lud",
            "board/space/line/Tic-Tac-Toe.lud",
        ] {
            let fast = game(path);
            let mut slow = game(path);
            slow.inner.fast_forms = false;
            let [planes, sites] = fast.observation_shape();
            let (mut a, mut b) = (vec![0.0; planes * sites], vec![0.0; planes * sites]);
            let mut rng = rand::rngs::StdRng::seed_from_u64(3);
            let mut seen = 0;
            for _ in 0..4 {
                let mut s = fast.initial_state();
                for _ in 0..120 {
                    for viewer in 0..=fast.num_players() {
                        a.iter_mut().for_each(|x| *x = 7.0);
                        fast.observe_as(&s, viewer, &mut a);
                        slow.observe_as(&s, viewer, &mut b);
                        assert_eq!(a, b, "{path}: {}", fast.state_text(&s));
                        seen += a.iter().filter(|&&x| x != 0.0).count();
                    }
                    let moves = fast.legal_moves(&s);
                    if moves.is_empty() || s.is_over() {
                        break;
                    }
                    fast.apply(&mut s, &moves[rng.gen_range(0..moves.len())]);
                }
            }
            assert!(seen > 1000, "{path}: {seen} values seen");
        }
    }

    #[test]
    fn ids_round_trip_and_legal_ids_are_sorted_and_distinct() {
        let g = game("board/race/escape/Backgammon.lud");
        for id in 0..g.num_distinct_actions() {
            let shape = g.id_shape(id).unwrap();
            assert_eq!(g.shape_id(shape), id);
        }
        assert!(g.id_shape(g.num_distinct_actions()).is_none());
        let s = g.initial_state();
        let ids = g.legal_action_ids(&s);
        assert!(ids.windows(2).all(|w| w[0] < w[1]));
        for &id in &ids {
            let m = g.move_of_action(&s, id).unwrap();
            assert_eq!(g.action_id_of(&m), id);
        }
    }

    #[test]
    fn moves_on_another_site_type_have_ids_of_their_own() {
        // (Quoridor: pawns step on cells, walls go from the hands to edges)
        let g = game("board/race/reach/Quoridor.lud");
        let s = g.initial_state();
        let moves = g.legal_moves(&s);
        let ids = g.action_ids(&moves);
        let mut distinct = ids.clone();
        sorted_unique(&mut distinct);
        assert_eq!(distinct.len(), moves.len(), "one id per move");
        let walls: Vec<_> = ids.iter().filter(|&&id| g.action_text(id).contains("Edge")).collect();
        assert!(walls.len() > 100, "the walls' ids name edges: {}", walls.len());
        for &id in &ids {
            let m = g.move_of_action(&s, id).unwrap();
            assert_eq!(g.action_id_of(&m), id);
            assert_eq!(g.shape_id(g.id_shape(id).unwrap()), id);
        }
    }

    #[test]
    fn only_games_that_move_between_sites_have_ids_for_it() {
        let hex = game("board/space/connection/Hex.lud");
        assert_eq!(hex.num_distinct_actions(), 3 + 3 * 121);
        let chess = game("board/war/replacement/checkmate/chess/Chess.lud");
        let n = chess.total_sites();
        assert!(chess.num_distinct_actions() > n * n);
        let s = chess.initial_state();
        let knight = chess
            .legal_moves(&s)
            .into_iter()
            .find(|m| chess.move_text(m) == "B1-C3")
            .unwrap();
        assert_eq!(chess.action_text(chess.action_id_of(&knight)), "B1-C3");
    }

    #[test]
    fn a_roll_is_a_chance_node_until_its_faces_are_set() {
        let g = game("board/race/escape/Backgammon.lud");
        let mut s = g.initial_state();
        assert_eq!(g.dice_faces(), vec![6, 6]);
        assert_eq!(g.roll_outcomes(), 36);
        assert!(g.rolls_next(&s));
        assert_eq!(g.roll_values(6 * 2 + 4), vec![3, 5]);
        g.set_roll(&mut s, 6 * 2 + 4);
        assert!(!g.rolls_next(&s));
        assert_eq!(g.dice_values(&s), vec![3, 5]);
        let rolled: Vec<u8> = g.legal_moves(&s)[0]
            .inner
            .actions
            .iter()
            .filter_map(|a| match *a {
                Action::UpdateDie { index, .. } => Some(index),
                _ => None,
            })
            .collect();
        assert_eq!(rolled, vec![2, 4]);
    }
}
