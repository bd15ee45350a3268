//! Whether a threat is being looked for on this thread (see `threat.rs`): while an enemy's
//! moves are generated for `(is Threatened ..)`, a nested threat is false and an
//! `ifAfterwards` that only asks for no threat holds unasked (Ludii's auto-fail). A leaf
//! module: the generators ask it without importing the threat's rules. (Still a
//! thread-local: it is to move into the evaluation context.)

use crate::ir::BoolFn;
use std::cell::Cell;

thread_local! {
    /// Whether an enemy's moves are being generated for a threat on this thread.
    static PROBING: Cell<bool> = const { Cell::new(false) };
}

/// Whether a threat is being looked for (its enemy moves are being generated).
pub(super) fn probing() -> bool {
    PROBING.with(Cell::get)
}

/// Sets [`PROBING`] while alive (reset when dropped, whatever happens in between).
pub(super) struct Probe;

impl Probe {
    pub(super) fn start() -> Probe {
        PROBING.with(|p| p.set(true));
        Probe
    }
}

impl Drop for Probe {
    fn drop(&mut self) {
        PROBING.with(|p| p.set(false));
    }
}

/// Whether an `ifAfterwards` condition holds without being asked while a threat is looked
/// for: `(not (is Threatened ..))` (Ludii's `autoSucceeds`).
pub(super) fn holds_while_probing(cond: &BoolFn) -> bool {
    match cond.uncompiled() {
        BoolFn::Not(b) => matches!(b.uncompiled(), BoolFn::IsThreatened(_)),
        _ => false,
    }
}
