//! Pools of what the rules make and drop again many times a move: move lists, and copies
//! of the state that candidates are tried on (each given back when done, so that a loop
//! allocates nothing once warm). A leaf: it knows the state and the moves only.

use super::moves::{MoveData, DICE, PENDING, PROPOSITIONS, REMEMBERED, SCORES, VARS};
use super::state::StateData;
use std::cell::RefCell;

thread_local! {
    /// Scratch states for the copies `do` works on (boxed: taking and giving one back moves a
    /// pointer, not the state's ~2 KB).
    static POOL: RefCell<Vec<Scratch>> = const { RefCell::new(Vec::new()) };
    /// Empty move lists with their capacity, for consequents generated at apply time.
    static LISTS: RefCell<Vec<Vec<MoveData>>> = const { RefCell::new(Vec::new()) };
}

/// An empty move list (from the pool when there is one).
pub(super) fn take_list() -> Vec<MoveData> {
    // (a new list starts with room for a few moves: one allocation, not a chain of
    // reallocations, where the caller keeps the lists it is given)
    LISTS
        .with(|p| p.borrow_mut().pop())
        .unwrap_or_else(|| Vec::with_capacity(FRESH_LIST))
}

/// The room a new move list starts with.
const FRESH_LIST: usize = 8;

/// Give a move list back to the pool.
pub(super) fn give_list(mut l: Vec<MoveData>) {
    l.clear();
    LISTS.with(|p| {
        let mut p = p.borrow_mut();
        if p.len() < 16 {
            p.push(l);
        }
    });
}

/// A copy of the state that candidates are tried on, from the pool ([`pooled_copy`]).
pub(super) type Scratch = Box<StateData>;

/// Give a scratch state back to the pool.
pub(super) fn release(mut s: Scratch) {
    // (not holding on to the positions seen: the state they are shared with adds to them
    // next, and would copy them if a pooled state still shared them)
    s.seen.clear();
    POOL.with(|p| {
        let mut p = p.borrow_mut();
        if p.len() < 16 {
            p.push(s);
        }
    });
}

/// A copy of `s` taken from the per-thread pool (no allocation once warm); give it back
/// with [`release`].
pub(super) fn pooled_copy(s: &StateData) -> Scratch {
    match POOL.with(|p| p.borrow_mut().pop()) {
        Some(mut d) => {
            copy_state(&mut d, s);
            d
        }
        None => Box::new(s.clone()),
    }
}

/// A state from the pool with the fields of `s` off the board copied (its sites are
/// whatever the pooled state held: for undoing what a candidate changes off the board).
pub(super) fn small_copy(s: &StateData) -> Scratch {
    let mut small = POOL
        .with(|p| p.borrow_mut().pop())
        .unwrap_or_else(|| Box::new(s.clone()));
    copy_small(&mut small, s);
    small
}

/// Whether two lists differ, asked without a call to compare memory when both are empty
/// (as they are in most games: such a call per candidate move cost Chess's step 5%).
#[inline]
fn differ<T: PartialEq>(a: &[T], b: &[T]) -> bool {
    !(a.is_empty() && b.is_empty()) && a != b
}

/// `dst := src`, reusing `dst`'s allocations.
fn copy_state(dst: &mut StateData, src: &StateData) {
    let sites = &src.sites;
    if dst.sites.len() != sites.len() {
        dst.sites.clone_from(sites);
    } else {
        // pooled copies are mostly of the same position: rewrite only the sites that differ
        for (d, s) in dst.sites.iter_mut().zip(sites) {
            if d.as_slice() != s.as_slice() {
                super::state::set_stack(d, s);
            }
        }
    }
    dst.owned.clone_from(&src.owned);
    copy_small(dst, src);
}

/// Undo a candidate's changes to the small fields of `dst`, a copy of `base` but for the
/// fields in `changed`, `(var)`, the roles and one more history entry.
pub(super) fn restore_small(dst: &mut StateData, base: &StateData, changed: super::moves::Fields) {
    // (the sites are back as in `base`)
    dst.hash = base.hash;
    dst.var = base.var;
    dst.num_moves = base.num_moves;
    dst.triggered = base.triggered;
    if dst.extra != base.extra {
        dst.extra.clone_from(&base.extra);
    }
    if changed & SCORES != 0 {
        dst.scores.clone_from(&base.scores);
    }
    if changed & VARS != 0 {
        dst.vars.clone_from(&base.vars);
        dst.player_values.clone_from(&base.player_values);
        dst.money.clone_from(&base.money);
        dst.agents.clone_from(&base.agents);
    }
    if changed & PENDING != 0 {
        dst.pending.clone_from(&base.pending);
        dst.to_clear.clone_from(&base.to_clear);
    }
    if changed & REMEMBERED != 0 {
        dst.remembered.clone_from(&base.remembered);
    }
    if changed & DICE != 0 {
        dst.dice.clone_from(&base.dice);
        dst.dice_sums.clone_from(&base.dice_sums);
        dst.dice_equal = base.dice_equal;
    }
    if changed & PROPOSITIONS != 0 {
        dst.propositions.clone_from(&base.propositions);
        dst.votes.clone_from(&base.votes);
        dst.decided = base.decided;
    }
    // (the states left on empty sites change with any piece put there, whatever it is)
    if dst.loose_states != base.loose_states {
        dst.loose_states.clone_from(&base.loose_states);
    }
    if dst.stale != base.stale {
        dst.stale.clone_from(&base.stale);
    }
    if differ(&dst.track_counts, &base.track_counts) {
        dst.track_counts.clone_from(&base.track_counts);
    }
    // (flags move with pieces, whatever the actions' fields)
    if !(dst.hidden.is_empty() && base.hidden.is_empty()) && dst.hidden != base.hidden {
        dst.hidden.clone_from(&base.hidden);
    }
    // (a puzzle's candidates change with its sites)
    if differ(&dst.puzzle, &base.puzzle) {
        dst.puzzle.clone_from(&base.puzzle);
    }
    if dst.history.len() == base.history.len() + 1 {
        dst.history.pop();
    } else {
        // the window was full: the push dropped the oldest entry
        dst.history.clone_from(&base.history);
        dst.history_truncated = base.history_truncated;
    }
    debug_assert!(dst.history == base.history && dst.scores == base.scores && dst.remembered == base.remembered);
}

/// `dst := src` but for the board.
pub(super) fn copy_small(dst: &mut StateData, src: &StateData) {
    let StateData {
        sites: _,
        owned: _,
        scores,
        mover,
        next,
        prev,
        var,
        counter,
        vars,
        player_values,
        money,
        agents,
        pending,
        to_clear,
        remembered,
        loose_states,
        stale,
        track_counts,
        propositions,
        visited,
        last_to,
        votes,
        decided,
        cycle,
        stalemated,
        active,
        over,
        ranking,
        num_turn,
        same_turn_moves,
        num_decisions,
        num_moves,
        triggered,
        winners,
        losers,
        phase,
        extra,
        typed,
        history,
        history_truncated,
        // (changed only between decisions, never by a move's actions; read by `is Repeat`)
        seen,
        hash,
        dice,
        dice_sums,
        dice_equal,
        chance,
        next_roll,
        hidden,
        puzzle,
        stored,
        last_between,
        trials,
    } = src;
    if !(dst.hidden.is_empty() && hidden.is_empty()) && dst.hidden != *hidden {
        dst.hidden.clone_from(hidden);
    }
    if differ(&dst.puzzle, puzzle) {
        dst.puzzle.clone_from(puzzle);
    }
    dst.hash = *hash;
    if dst.dice != *dice {
        dst.dice.clone_from(dice);
    }
    if dst.dice_sums != *dice_sums {
        dst.dice_sums.clone_from(dice_sums);
    }
    dst.dice_equal = *dice_equal;
    dst.chance = *chance;
    dst.stored = *stored;
    dst.trials = *trials;
    if dst.last_between != *last_between {
        dst.last_between.clone_from(last_between);
    }
    if dst.next_roll != *next_roll {
        dst.next_roll.clone_from(next_roll);
    }
    if dst.scores != *scores {
        dst.scores.clone_from(scores);
    }
    dst.mover = *mover;
    dst.next = *next;
    dst.prev = *prev;
    dst.var = *var;
    dst.counter = *counter;
    if dst.vars != *vars {
        dst.vars.clone_from(vars);
    }
    if dst.player_values != *player_values {
        dst.player_values.clone_from(player_values);
    }
    if dst.money != *money {
        dst.money.clone_from(money);
    }
    if dst.agents != *agents {
        dst.agents.clone_from(agents);
    }
    if dst.pending != *pending {
        dst.pending.clone_from(pending);
    }
    if dst.to_clear != *to_clear {
        dst.to_clear.clone_from(to_clear);
    }
    if dst.remembered != *remembered {
        dst.remembered.clone_from(remembered);
    }
    if dst.propositions != *propositions {
        dst.propositions.clone_from(propositions);
    }
    if dst.visited != *visited {
        dst.visited.clone_from(visited);
    }
    if !dst.seen.shares(seen) {
        dst.seen.clone_from(seen);
    }
    if dst.last_to != *last_to {
        dst.last_to.clone_from(last_to);
    }
    if dst.votes != *votes {
        dst.votes.clone_from(votes);
    }
    dst.decided = *decided;
    if dst.cycle != *cycle {
        dst.cycle.clone_from(cycle);
    }
    if dst.loose_states != *loose_states {
        dst.loose_states.clone_from(loose_states);
    }
    if dst.stale != *stale {
        dst.stale.clone_from(stale);
    }
    if differ(&dst.track_counts, track_counts) {
        dst.track_counts.clone_from(track_counts);
    }
    dst.stalemated = *stalemated;
    dst.active = *active;
    dst.over = *over;
    if dst.ranking != *ranking {
        dst.ranking.clone_from(ranking);
    }
    dst.num_turn = *num_turn;
    dst.same_turn_moves = *same_turn_moves;
    dst.num_decisions = *num_decisions;
    dst.num_moves = *num_moves;
    dst.triggered = *triggered;
    dst.winners = *winners;
    dst.losers = *losers;
    if dst.extra != *extra {
        dst.extra.clone_from(extra);
    }
    if dst.typed != *typed {
        dst.typed.clone_from(typed);
    }
    if dst.phase != *phase {
        dst.phase.clone_from(phase);
    }
    // a scratch copy usually differs by the one move it stored
    if dst.history.len() == history.len() + 1 && dst.history[..history.len()] == history[..] {
        dst.history.pop();
    } else if dst.history != *history {
        dst.history.clone_from(history);
    }
    dst.history_truncated = *history_truncated;
}

/// What [`super::game::GameDef::repeats`] tries moves on: a copy of the state (from the
/// pool, given back when dropped), whose hash follows the moves tried.
pub(super) struct Repeats {
    scratch: Option<Scratch>,
}

impl Repeats {
    pub(super) fn new(s: &StateData) -> Repeats {
        Repeats {
            scratch: Some(pooled_copy(s)),
        }
    }

    /// The copy moves are tried on.
    pub(super) fn state(&mut self) -> &mut StateData {
        self.scratch.get_or_insert_with(Box::default)
    }
}

impl Drop for Repeats {
    fn drop(&mut self) {
        if let Some(s) = self.scratch.take() {
            release(s);
        }
    }
}
