//! Moves and the actions they carry.

use smallvec::SmallVec;

pub use crate::ir::{HiddenKind, SiteField};

/// The level of [`Action::SetSite`] meaning the top piece.
pub const TOP: u32 = u32::MAX;

/// A [`Action::MoveLevel`] onto the top of its target's stack.
pub const TOP_LEVEL: u16 = u16::MAX;

/// One elementary change of state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Action {
    /// Put a piece of component `what`, owned by `who`, on `site` (`count` of them).
    Add {
        site: u32,
        what: u16,
        who: u8,
        count: u32,
        /// The piece's local state (-1: not given; an add on an occupied site of a game
        /// without stacks sets the state it gives).
        state: i32,
    },
    /// The top piece at `site` becomes component `what` (of owner `who`); `decision`: made
    /// by `(move Promote ..)`, a decision of its own, not by the effect `(promote ..)`.
    Promote {
        site: u32,
        what: u16,
        who: u8,
        decision: bool,
    },
    /// Set a field (local state, value, count, rotation) of the piece at `level` of `site`
    /// ([`TOP`]: the top piece).
    SetSite {
        site: u32,
        field: SiteField,
        value: i32,
        level: u32,
    },
    /// Remove the top piece of `site`, `count` times over.
    Remove {
        site: u32,
        count: u32,
    },
    /// Remove the piece at `level` of `site` (the top one once `level` is past it), `count`
    /// times over.
    RemoveAt {
        site: u32,
        level: u32,
        count: u32,
    },
    /// Move the top `count` pieces from `from` to `to` (flat: the piece). `top`: Ludii's
    /// move of the top piece alone (`ActionMoveTopPiece`, a move without `count:`, a level or
    /// `stack:True`), whose piece in a game with stacks arrives without its local state,
    /// rotation and value (a counted or whole-stack move keeps them).
    Move {
        from: u32,
        to: u32,
        count: u32,
        copy: bool,
        top: bool,
    },
    /// `count` of the count of the piece at `from` moved to `to` (a counted `fromTo` in a
    /// game without stacks): the origin is emptied when no more are left; the target gets
    /// them when empty or holding the same component (else they are lost).
    MoveN {
        from: u32,
        to: u32,
        count: u32,
    },
    /// One seed (one of the count of the piece at `from`) put on `to`, which keeps its
    /// own local state, value and rotation (a seed on an empty site has none): what `sow`
    /// does at each hole. In a game with stacks, the top piece moves.
    Seed {
        from: u32,
        to: u32,
    },
    SetScore {
        player: u8,
        value: i32,
    },
    AddScore {
        player: u8,
        delta: i32,
    },
    SetVar(i32),
    SetCounter(i32),
    SetNamedVar {
        name: u16,
        value: i32,
    },
    /// A player's value (`(set Value <player> v)`).
    SetPlayerValue {
        player: u8,
        value: i32,
    },
    /// A player's amount of money (`(move Bet ..)`), or the pot's (player 0, `(set Pot ..)`).
    SetAmount {
        player: u8,
        value: i32,
    },
    /// `(set Pending [v])`: `v` is pending (-1: none given, pending as 1).
    AddPending(i32),
    /// `value` joins list `list` of remembered values.
    Remember {
        list: u16,
        value: i32,
    },
    /// The first `value` of list `list` is forgotten.
    Forget {
        list: u16,
        value: i32,
    },
    /// `(trigger ..)`: the player's trigger is set (`event`: the event's interned name).
    Trigger {
        player: u8,
        event: u16,
    },
    /// `moveAgain`: the same player moves next.
    SetNext(u8),
    /// The agents playing these two players change places (Ludii's swap).
    SwapPlayers(u8, u8),
    /// The piece at the site is removed when the turn ends (`remove .. at:EndOfTurn`).
    RemoveAtEnd(u32),
    /// One player's part of a joint move (`(mode Simultaneous)`, see `joint.rs`): the
    /// actions up to the next part are `mover`'s move, followed by `thens` of the joint
    /// move's consequents.
    Part {
        mover: u8,
        thens: u8,
    },
    /// The position's hash is stored (`(remember State)`, Ludii's `StoreStateInContext`).
    StoreState,
    /// A match's move to its next subgame, once the one played is over (Ludii's
    /// `ActionNextInstance`, see `matches.rs`).
    NextInstance,
    /// A pass; `forced`: one the engine made, not the rules (when the mover has no move,
    /// or a `(do ..)` of a game with dice gives nothing after its roll), Ludii's forced pass.
    Pass {
        forced: bool,
    },
    Propose(u16),
    /// The mover votes for proposition `k` (the last vote of all players decides).
    Vote(u16),
    /// The die at `site` shows the face of index `index` in its list, and that face's value
    /// is available (Ludii's `UpdateDice`).
    UpdateDie {
        site: u32,
        index: u8,
    },
    /// The end of a roll: whether every die shows the same face index, and each container's
    /// sum of available values (Ludii's `SetDiceAllEqual`).
    DiceRolled {
        equal: bool,
    },
    /// The value of die `k` (over every container) is used (Ludii's `UseDie`).
    UseDie(u16),
    /// The piece at `level` of the stack at `from` leaves it for `to`, on top
    /// ([`TOP_LEVEL`]) or at `to_level` (Ludii's `ActionMoveLevelFrom` and
    /// `ActionMoveLevelTo` in a game with stacks).
    MoveLevel {
        from: u32,
        level: u32,
        to: u32,
        to_level: u16,
    },
    /// A piece put into the stack at `site` at `level`, the pieces from there up one level
    /// higher (`(move Add .. (to .. level:l) stack:True)`, Ludii's `Insert`).
    Insert {
        site: u32,
        state: i32,
        what: u16,
        level: u16,
        who: u8,
    },
    /// The flag of `kind` at `level` of `site` hides it from player `who` (`value`), or no
    /// longer (Ludii's `SetHidden`, `SetHiddenWhat`, ...).
    SetHidden {
        site: u32,
        level: u32,
        who: u8,
        kind: HiddenKind,
        value: bool,
    },
    /// A puzzle's site set to `value` (its only candidate: Ludii's `Set`), or `value`
    /// toggled among its candidates (`Toggle`); the site shows the value's component while
    /// one value is left.
    PuzzleSet {
        site: u32,
        value: u8,
    },
    PuzzleToggle {
        site: u32,
        value: u8,
    },
}

/// One move of the start rules: its action, and whether it puts a piece on a stack (`(place
/// Stack ..)`, Ludii's `stack=true`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StartMove {
    pub action: Action,
    pub on_stack: bool,
    /// The value and rotation a placement gives its piece (0: none).
    pub value: i32,
    pub rotation: i32,
}

/// The small fields of the state (off the board) an action can change, as bits: what undo
/// restores and what the `ifAfterwards` memo keys on ([`Action::footprint`]).
pub type Fields = u8;
pub const SCORES: Fields = 1;
pub const VARS: Fields = 2;
pub const PENDING: Fields = 4;
pub const REMEMBERED: Fields = 8;
pub const PROPOSITIONS: Fields = 16;
pub const TRIGGERED: Fields = 32;
/// The dice's values available, their sums and whether the last roll was a double.
pub const DICE: Fields = 128;
/// `(var)` and the roles (restored by every undo whatever the actions).
pub const ROLES: Fields = 64;

impl Action {
    /// Ludii's move of the top piece alone from `from` to `to` (see [`Action::Move`]).
    pub fn move_top(from: u32, to: u32) -> Action {
        Action::Move {
            from,
            to,
            count: 1,
            copy: false,
            top: true,
        }
    }

    /// How many pieces `actions`, applied in order, put on `site` (less those they take
    /// off): what a stack holds after them, for a whole-stack move that follows them.
    pub fn pieces_added(actions: &[Action], site: u32) -> i64 {
        actions.iter().fold(0, |n, a| match *a {
            Action::Add { site: s, count, .. } if s == site => n + i64::from(count),
            Action::Remove { site: s, count } | Action::RemoveAt { site: s, count, .. } if s == site => {
                n - i64::from(count)
            }
            Action::Move {
                from, to, count, copy, ..
            } => {
                let off = if from == site && !copy { i64::from(count) } else { 0 };
                let on = if to == site { i64::from(count) } else { 0 };
                n - off + on
            }
            _ => n,
        })
    }

    /// A move of the top piece alone, or of the whole stack of `stack` pieces (which keep
    /// their fields: Ludii's `ActionMoveStacking`).
    /// The move of the piece at `level` of `from` alone onto the top of `to`, where a level
    /// is given; else [`Action::stack_move`].
    pub fn level_or_stack_move(from: u32, to: u32, level: Option<u32>, stack: Option<u32>) -> Action {
        match level {
            Some(level) => Action::MoveLevel {
                from,
                level,
                to,
                to_level: TOP_LEVEL,
            },
            None => Action::stack_move(from, to, stack),
        }
    }

    pub fn stack_move(from: u32, to: u32, stack: Option<u32>) -> Action {
        match stack {
            Some(count) => Action::Move {
                from,
                to,
                count,
                copy: false,
                top: false,
            },
            None => Action::move_top(from, to),
        }
    }

    /// The site an action puts something on or changes (Ludii's `to` of an action), if any.
    pub fn site(&self) -> Option<u32> {
        match *self {
            Action::Add { site, .. }
            | Action::Insert { site, .. }
            | Action::Remove { site, .. }
            | Action::RemoveAt { site, .. }
            | Action::SetSite { site, .. }
            | Action::SetHidden { site, .. }
            | Action::PuzzleSet { site, .. }
            | Action::PuzzleToggle { site, .. }
            | Action::Promote { site, .. } => Some(site),
            Action::Move { to, .. }
            | Action::MoveN { to, .. }
            | Action::Seed { to, .. }
            | Action::MoveLevel { to, .. } => Some(to),
            Action::SetScore { .. }
            | Action::AddScore { .. }
            | Action::SetVar(_)
            | Action::SetCounter(_)
            | Action::SetNamedVar { .. }
            | Action::SetPlayerValue { .. }
            | Action::SetAmount { .. }
            | Action::AddPending(_)
            | Action::Remember { .. }
            | Action::Forget { .. }
            | Action::Trigger { .. }
            | Action::SetNext(_)
            | Action::SwapPlayers(..)
            | Action::RemoveAtEnd(_)
            | Action::Pass { .. }
            | Action::NextInstance
            | Action::Part { .. }
            | Action::StoreState
            | Action::Propose(_)
            | Action::Vote(_)
            | Action::UpdateDie { .. }
            | Action::DiceRolled { .. }
            | Action::UseDie(_) => None,
        }
    }

    /// The site of the last of `actions` that has one.
    pub fn last_site(actions: &[Action]) -> Option<i32> {
        actions.iter().rev().find_map(|a| a.site()).map(|s| s as i32)
    }

    /// Where the last action that has a site came from (Ludii's `fromAfterSubsequents`):
    /// a move's origin, or the site of an action on one site.
    pub fn last_origin(actions: &[Action]) -> Option<i32> {
        actions
            .iter()
            .rev()
            .find_map(|a| match *a {
                Action::Move { from, .. }
                | Action::MoveN { from, .. }
                | Action::Seed { from, .. }
                | Action::MoveLevel { from, .. } => Some(from),
                _ => a.site(),
            })
            .map(|s| s as i32)
    }

    /// What an action changes: the sites (at most two) and the small fields. Every place
    /// that undoes or compares moves asks this (the match has no catch-all: a new action
    /// says what it touches).
    pub fn footprint(&self) -> (SmallVec<[u32; 2]>, Fields) {
        let none = SmallVec::new();
        match *self {
            Action::Add { site, .. }
            | Action::Insert { site, .. }
            | Action::Remove { site, .. }
            | Action::RemoveAt { site, .. }
            | Action::SetSite { site, .. }
            | Action::SetHidden { site, .. }
            | Action::PuzzleSet { site, .. }
            | Action::PuzzleToggle { site, .. }
            | Action::Promote { site, .. } => (smallvec::smallvec![site], 0),
            Action::Move { from, to, .. }
            | Action::MoveN { from, to, .. }
            | Action::Seed { from, to }
            | Action::MoveLevel { from, to, .. } => (smallvec::smallvec![from, to], 0),
            Action::SetScore { .. } | Action::AddScore { .. } => (none, SCORES),
            Action::SetNamedVar { .. }
            | Action::SetPlayerValue { .. }
            | Action::SetAmount { .. }
            | Action::SwapPlayers(..) => (none, VARS),
            Action::AddPending(_) | Action::RemoveAtEnd(_) => (none, PENDING),
            Action::Remember { .. } | Action::Forget { .. } => (none, REMEMBERED),
            Action::Propose(_) | Action::Vote(_) => (none, PROPOSITIONS),
            Action::Trigger { .. } => (none, TRIGGERED),
            Action::UpdateDie { site, .. } => (smallvec::smallvec![site], DICE),
            Action::DiceRolled { .. } | Action::UseDie(_) => (none, DICE),
            // (a pass changes nothing but what the history records of the move; the next
            // subgame of a match is a new state)
            Action::SetVar(_)
            | Action::SetCounter(_)
            | Action::SetNext(_)
            | Action::Pass { .. }
            | Action::NextInstance
            | Action::Part { .. } => (none, ROLES),
            Action::StoreState => (none, REMEMBERED),
        }
    }
}

/// The actions a move did, with its consequents'.
pub(super) type Done = SmallVec<[Action; 8]>;

/// One legal move: a decision and the actions it carries (the engine's public move,
/// [`super::api`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Move {
    pub(crate) inner: MoveData,
}

/// A legal move in compact form (4 bytes): one of the game's moves, by a number that stands
/// for the same move in every position ([`super::api::Game::legal_keys`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveKey(pub(super) u32);

/// A move: actions applied in order, then consequent rules evaluated at apply time.
#[derive(Debug, PartialEq)]
pub struct MoveData {
    pub actions: SmallVec<[Action; 2]>,
    pub from: i32,
    pub to: i32,
    pub mover: u8,
    /// Consequent rules, by index into the game's table, in attachment order.
    pub then: SmallVec<[u32; 2]>,
    /// The pass the engine adds when the rules give the mover no move at all.
    pub forced: bool,
    /// The level the decision names for its piece at `to` (Ludii's `levelTo`: a selection's
    /// level in a game with stacks; ground level otherwise).
    pub level_to: i32,
    /// The site type of `from` and `to`: 0 the board's, `k` the board's `k`-th other type
    /// in play ([`crate::ir::GameIr::other_types`]).
    pub ty: u8,
}

impl Clone for MoveData {
    /// A copy (its lists copied whole, as plain values: what listing a position from a
    /// playout form's templates does for every move).
    #[inline(always)]
    fn clone(&self) -> MoveData {
        MoveData {
            actions: copied(&self.actions),
            then: copied(&self.then),
            ..*self
        }
    }
}

impl MoveData {
    /// Put a copy of `m` at the end of `out`, written in place.
    #[inline(always)]
    pub(super) fn push_copy(out: &mut Vec<MoveData>, m: &MoveData) {
        out.push(MoveData::EMPTY);
        if let Some(last) = out.last_mut() {
            // (the new move is written where it lies, field by field: built apart and copied
            // whole, its small fields are read back wider than written, which stalls)
            let last = std::hint::black_box(last);
            last.actions = copied(&m.actions);
            last.then = copied(&m.then);
            (last.from, last.to, last.mover, last.forced, last.level_to, last.ty) =
                (m.from, m.to, m.mover, m.forced, m.level_to, m.ty);
        }
    }
}

/// A copy of a short list of plain values, written in place when it fits (no call to copy
/// memory for one or two).
#[inline(always)]
fn copied<T: Copy>(v: &SmallVec<[T; 2]>) -> SmallVec<[T; 2]> {
    match v.as_slice() {
        [] => SmallVec::new(),
        &[x] => SmallVec::from_buf_and_len([x, x], 1),
        &[x, y] => SmallVec::from_buf([x, y]),
        more => SmallVec::from_slice(more),
    }
}

impl MoveData {
    /// A joint move's parts (`joint.rs`): each player's move as (player, how many of the
    /// move's consequents follow it, its actions), in order; none in a move of one player.
    pub fn parts(&self) -> impl Iterator<Item = (u8, usize, &[Action])> {
        let acts = &self.actions[..];
        let starts = (0..acts.len()).filter(move |&i| matches!(acts[i], Action::Part { .. }));
        starts.filter_map(move |i| {
            let Action::Part { mover, thens } = acts[i] else {
                return None;
            };
            let rest = &acts[i + 1..];
            let len = rest
                .iter()
                .position(|a| matches!(a, Action::Part { .. }))
                .unwrap_or(rest.len());
            Some((mover, thens as usize, &rest[..len]))
        })
    }

    /// A move of no player, from and to no site, with no actions yet: what a new move starts
    /// as (a constant, so that a new one is written in place, not built apart and copied).
    pub const EMPTY: MoveData = MoveData {
        actions: SmallVec::new_const(),
        from: -1,
        to: -1,
        mover: 0,
        then: SmallVec::new_const(),
        forced: false,
        level_to: 0,
        ty: 0,
    };

    /// What the history keeps of this move (for `(last ..)` and `(all Passed)`).
    pub fn record(&self) -> super::state::MoveRecord {
        super::state::MoveRecord {
            mover: self.mover,
            from: self.from,
            to: self.to,
            pass: self.is_pass(),
            to_after: Action::last_site(&self.actions).unwrap_or(self.to),
            from_after: Action::last_origin(&self.actions).unwrap_or(self.from),
            level_to: self.level_to,
            ty: self.ty,
        }
    }

    /// Whether the move's decision is a swap of players (Ludii's `Move.isSwap`).
    pub fn is_swap(&self) -> bool {
        matches!(self.actions.first(), Some(Action::SwapPlayers(..)))
    }

    /// A pass: a pass action and no decision action (a swap of players is one, as
    /// Ludii marks its action a decision wherever it comes from).
    pub fn is_pass(&self) -> bool {
        self.actions.iter().any(|a| matches!(a, Action::Pass { .. }))
            && !self.actions.iter().any(|a| {
                matches!(
                    a,
                    Action::Add { .. }
                        | Action::Move { .. }
                        | Action::Seed { .. }
                        | Action::MoveN { .. }
                        | Action::Remove { .. }
                        | Action::RemoveAt { .. }
                        | Action::SwapPlayers(..)
                )
            })
    }
}

#[cfg(test)]
mod tests {
    /// An action stays small: moves are lists of them, made for every legal move.
    #[test]
    fn an_action_is_small() {
        println!("Action: {} bytes", std::mem::size_of::<super::Action>());
        assert!(std::mem::size_of::<super::Action>() <= 16);
    }
}
