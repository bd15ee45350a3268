//! Shapes of rule nodes that the evaluator, the requirements and the compiled conditions
//! each recognise (a walk one way along a radial, an owner compared with a value, a count
//! of owned pairs): read from the rule tree alone, so a leaf that any of them may ask.

use crate::board::{Direction, Relation};
use crate::ir::*;

/// A comparison of `(who at:(to))` with a value that does not read `to`: `(op v (who
/// at:(to)))` or `(op (who at:(to)) v)`.
pub(super) struct WhoCmp<'a> {
    pub(super) how: WhoOp,
    pub(super) value: &'a IntFn,
}

/// The operator of a [`WhoCmp`] and the owner's side.
#[derive(Clone, Copy)]
pub(super) struct WhoOp {
    op: fn(i32, i32) -> bool,
    /// The owner is the left operand.
    who_left: bool,
}

impl WhoOp {
    /// Whether owner `who` passes when the value is `v`.
    #[inline]
    pub(super) fn holds(self, v: i32, who: i32) -> bool {
        if self.who_left {
            (self.op)(who, v)
        } else {
            (self.op)(v, who)
        }
    }

    /// The owners (bit `w`, among the first `n`; 0: empty or neutral) that pass when the
    /// value is `v`.
    pub(super) fn owners(self, v: i32, n: usize) -> u64 {
        (0..n.min(64) as i32)
            .filter(|&w| self.holds(v, w))
            .fold(0, |m, w| m | 1 << w)
    }
}

impl<'a> WhoCmp<'a> {
    /// `b` as such a comparison, the value side passing `fixed`.
    pub(super) fn of(b: &'a BoolFn, fixed: impl Fn(&IntFn) -> bool) -> Option<WhoCmp<'a>> {
        let (op, x, y): (fn(i32, i32) -> bool, _, _) = match b {
            BoolFn::Eq(x, y) => (|a, b| a == b, x, y),
            BoolFn::Ne(x, y) => (|a, b| a != b, x, y),
            BoolFn::Lt(x, y) => (|a, b| a < b, x, y),
            BoolFn::Le(x, y) => (|a, b| a <= b, x, y),
            BoolFn::Gt(x, y) => (|a, b| a > b, x, y),
            BoolFn::Ge(x, y) => (|a, b| a >= b, x, y),
            _ => return None,
        };
        let who_to = |f: &IntFn| matches!(f, IntFn::Who(a) if **a == IntFn::To);
        let (value, who_left) = if who_to(y) && fixed(x) {
            (x, false)
        } else if who_to(x) && fixed(y) {
            (y, true)
        } else {
            return None;
        };
        Some(WhoCmp {
            how: WhoOp { op, who_left },
            value,
        })
    }
}

/// The parts of a walk one absolute direction from a site, without the site (`sites
/// Direction from:s <dir> [stop:..] [stopIncluded:..] [distance:..]`), alone or intersected
/// with another region: counted along one radial.
pub(super) struct OneWay<'a> {
    pub(super) from: &'a IntFn,
    pub(super) dir: Direction,
    pub(super) stop: Option<&'a BoolFn>,
    pub(super) stop_included: bool,
    pub(super) distance: Option<&'a IntFn>,
    pub(super) other: Option<&'a RegionFn>,
}

impl<'a> OneWay<'a> {
    pub(super) fn of(r: &'a RegionFn) -> Option<OneWay<'a>> {
        let (walk, other) = match r {
            RegionFn::Direction { .. } => (r, None),
            RegionFn::Intersection(v) if v.len() == 2 => {
                let i = v.iter().position(|x| matches!(x, RegionFn::Direction { .. }))?;
                (&v[i], Some(&v[1 - i]))
            }
            _ => return None,
        };
        let RegionFn::Direction {
            from,
            dirs,
            included: false,
            stop,
            stop_included,
            distance,
        } = walk
        else {
            return None;
        };
        let [dir @ Direction::Compass(_)] = dirs.as_slice() else {
            return None;
        };
        Some(OneWay {
            from,
            dir: *dir,
            stop: stop.as_deref(),
            stop_included: *stop_included,
            distance: distance.as_deref(),
            other,
        })
    }
}

/// The parts of a list `(results from:R to:(sites Around (from) <rel> if:(is <role> (who
/// at:(to)))) k)`: `k`, `R`, the relation and the role (`None` for other lists).
pub(super) fn owned_pairs(l: &IntsFn) -> Option<(i32, &RegionFn, Relation, Role)> {
    let IntsFn::Results { from, to, value } = l else {
        return None;
    };
    let (
        IntFn::Const(k),
        RegionFn::Around {
            sites,
            dirs,
            cond: Some(cond),
            include_self: false,
        },
    ) = (&**value, &**to)
    else {
        return None;
    };
    let (RegionFn::Site(x), [Direction::Rel(rel)]) = (&**sites, dirs.as_slice()) else {
        return None;
    };
    let BoolFn::IsPlayer(role, w) = cond.uncompiled() else {
        return None;
    };
    if **x != IntFn::From || !matches!(&**w, IntFn::Who(at) if **at == IntFn::To) {
        return None;
    }
    Some((*k, from, *rel, *role))
}
