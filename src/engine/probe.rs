//! What a threat's question skips (see `threat.rs`): while an enemy's moves are generated
//! for `(is Threatened ..)` (the context's `Within::probing`), a nested
//! threat is false and an `ifAfterwards` that only asks for no threat holds unasked
//! (Ludii's auto-fail). A leaf module: the generators ask it without importing the threat's
//! rules.

use crate::ir::BoolFn;

/// Whether an `ifAfterwards` condition holds without being asked while a threat is looked
/// for: `(not (is Threatened ..))` (Ludii's `autoSucceeds`).
pub(super) fn holds_while_probing(cond: &BoolFn) -> bool {
    match cond.uncompiled() {
        BoolFn::Not(b) => matches!(b.uncompiled(), BoolFn::IsThreatened(_)),
        _ => false,
    }
}
