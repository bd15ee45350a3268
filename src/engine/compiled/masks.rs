//! Conditions read as the set of sites that may pass them.
//!
//! A step's or hop's condition is asked of every site next to every piece, and most sites
//! fail it at its first test: the target is not empty, the hopped site holds no enemy. Those
//! first tests read one site's content alone, so on a board of at most 64 sites they are
//! answered for all sites at once as a bit word read off the owners' table. The generators
//! take such a word once for all the pieces of a `forEach Piece` and evaluate the whole
//! condition only at the sites in it (none at all, most of the time); a placement over a
//! region keeps the sites of an exact word without asking the condition.
//!
//! A word is the sites that *may* pass: a condition's conjuncts of the kinds below narrow
//! it, anything else leaves it as it is. Where every part of a condition is of those kinds
//! the word is exact (what `not` needs of its operand). The words rely on pieces being
//! owned by their component's owner (as every add makes them).

use super::super::game::{Ctx, GameDef};
use crate::ir::*;

/// The sites (bits, a board of at most 64 sites) that may pass a condition.
pub(in crate::engine) type MaskC = Box<dyn Fn(&GameDef, &Ctx) -> u64 + Send + Sync>;

/// The iterator variable a condition is asked about.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(in crate::engine) enum Var {
    To,
    Between,
}

impl Var {
    fn is(self, f: &IntFn) -> bool {
        matches!((self, f), (Var::To, IntFn::To) | (Var::Between, IntFn::Between))
    }
}

/// A word of sites and whether it is exactly the sites that pass.
pub(super) struct Mask {
    pub(super) f: MaskC,
    pub(super) exact: bool,
}

/// A condition's sites as a word, and what is left to ask at the sites listed.
pub(in crate::engine) struct SiteMask {
    pub(in crate::engine) f: MaskC,
    /// The condition without its conjuncts the word gives exactly (`None`: the word is
    /// exactly the sites that pass).
    pub(in crate::engine) rest: Option<super::BoolC>,
}

/// `b`'s sites for `var`, when some part of `b` narrows them (boards of at most 64 sites).
pub(super) fn mask(g: &GameDef, b: &BoolFn, var: Var) -> Option<SiteMask> {
    if g.n() > 64 {
        return None;
    }
    let m = word(g, b, var)?;
    let rest = (!m.exact).then(|| super::boolean(g, &rest(g, b, var)));
    Some(SiteMask { f: m.f, rest })
}

/// `b` without its conjuncts read exactly as words (at least one conjunct is left: `b`'s
/// word is not exact).
fn rest(g: &GameDef, b: &BoolFn, var: Var) -> BoolFn {
    match b {
        BoolFn::Compiled(_, inner) => rest(g, inner, var),
        BoolFn::And(v) => {
            let mut left: Vec<BoolFn> = v
                .iter()
                .filter(|x| !word(g, x, var).is_some_and(|m| m.exact))
                .cloned()
                .collect();
            match left.len() {
                1 => left.pop().unwrap_or(BoolFn::Const(true)),
                _ => BoolFn::And(left),
            }
        }
        _ => b.clone(),
    }
}

/// The occupied sites.
#[inline(always)]
fn occupied(c: &Ctx) -> u64 {
    c.s.occupied_word(0)
}

fn word(g: &GameDef, b: &BoolFn, var: Var) -> Option<Mask> {
    let exact = |f: MaskC| Some(Mask { f, exact: true });
    match b {
        BoolFn::Compiled(_, inner) => word(g, inner, var),
        BoolFn::IsEmpty(s) if var.is(s) => exact(Box::new(|_, c| c.s.board_word() & !occupied(c))),
        BoolFn::IsOccupied(s) if var.is(s) => exact(Box::new(|_, c| occupied(c))),
        // the owner of the top piece (0, neutral, also for an empty site)
        BoolFn::IsPlayer(role, w) => match &**w {
            IntFn::Who(at) if var.is(at) => {
                let role = *role;
                exact(Box::new(move |g, c| match g.role_player(role, c) {
                    p @ 0..=31 => c.s.top_owners_word(1 << p),
                    _ => 0,
                }))
            }
            _ => None,
        },
        // `(= (who at:s) P)` for a player P the site does not change: as `(is P (who at:s))`
        BoolFn::Eq(a, b) => {
            let fixed = |p: &IntFn| {
                matches!(p, IntFn::Mover | IntFn::Next | IntFn::Prev | IntFn::Const(_))
                    || matches!(p, IntFn::RolePlayer(role) if *role != Role::Iterated)
            };
            let player = match (&**a, &**b) {
                (IntFn::Who(at), p) | (p, IntFn::Who(at)) if var.is(at) && fixed(p) => p.clone(),
                _ => return None,
            };
            exact(Box::new(move |g, c| match g.int(&player, c) {
                p @ 0..=31 => c.s.top_owners_word(1 << p),
                _ => 0,
            }))
        }
        // a fixed component in a game without stacks: the sites of its owner, exactly those
        // when the owner has no other component
        BoolFn::IsWithinAt(what, at) if var.is(at) && !g.ir.stacking => {
            let what = super::fixed_int(g, what)?;
            let Some(k) = usize::try_from(what)
                .ok()
                .filter(|&w| w >= 1)
                .and_then(|w| g.ir.components.get(w))
            else {
                return exact(Box::new(|_, _| 0));
            };
            let owner = k.owner;
            let alone = g.ir.components.iter().skip(1).filter(|o| o.owner == owner).count() == 1;
            Some(Mask {
                f: Box::new(move |_, c| c.s.owned_word(1 << owner, 0, 1)),
                exact: alone,
            })
        }
        // a test of the site alone: its owners and emptiness narrow the word, its
        // components and remembered values are left to the condition
        BoolFn::IsIn(s, r) if var.is(s) => {
            let test = super::TopTest::new(g, r)?;
            if test.never {
                return exact(Box::new(|_, _| 0));
            }
            let exact = test.named.is_none() && test.remembered.is_none();
            let (owners, empty) = (test.owners, test.empty);
            if owners.is_none() && empty.is_none() {
                return None;
            }
            Some(Mask {
                f: Box::new(move |_, c| {
                    let mut w = c.s.board_word();
                    if let Some(o) = &owners {
                        w &= c.s.owned_word(o.get(c), 0, 1);
                    }
                    match empty {
                        Some(true) => w & !occupied(c),
                        Some(false) => w & occupied(c),
                        None => w,
                    }
                }),
                exact,
            })
        }
        // next to a site of a region given exactly (a symmetric relation: the sites next
        // to the region's sites)
        BoolFn::NearAny { site, rel, region } if var.is(site) && g.near_symmetric[*rel as usize] => {
            let (r, masks) = (region_word(g, region)?, super::one_word_masks(g, *rel)?);
            Some(Mask {
                f: Box::new(move |g, c| {
                    let mut near = 0;
                    for t in super::super::region::bits(&[(r.f)(g, c)]) {
                        near |= masks.get(t as usize).copied().unwrap_or(0);
                    }
                    near
                }),
                exact: r.exact,
            })
        }
        BoolFn::Not(x) => {
            let x = word(g, x, var).filter(|m| m.exact)?;
            exact(Box::new(move |g, c| c.s.board_word() & !(x.f)(g, c)))
        }
        BoolFn::And(v) => {
            let parts: Vec<Option<Mask>> = v.iter().map(|x| word(g, x, var)).collect();
            let all_exact = parts.iter().all(|m| m.as_ref().is_some_and(|m| m.exact));
            let mut fs: Vec<MaskC> = parts.into_iter().flatten().map(|m| m.f).collect();
            let f: MaskC = match fs.len() {
                0 => return None,
                1 => fs.pop()?,
                _ => Box::new(move |g, c| fs.iter().fold(!0, |w, f| w & f(g, c))),
            };
            Some(Mask { f, exact: all_exact })
        }
        BoolFn::Or(v) => {
            let parts: Vec<Mask> = v.iter().map(|x| word(g, x, var)).collect::<Option<_>>()?;
            let exact = parts.iter().all(|m| m.exact);
            let fs: Vec<MaskC> = parts.into_iter().map(|m| m.f).collect();
            Some(Mask {
                f: Box::new(move |g, c| fs.iter().fold(0, |w, f| w | f(g, c))),
                exact,
            })
        }
        _ => None,
    }
}

/// A region's sites as a word: exactly, or (not `exact`) some sites besides.
pub(super) fn region_word(g: &GameDef, r: &RegionFn) -> Option<Mask> {
    let exact = |f: MaskC| Some(Mask { f, exact: true });
    match r {
        RegionFn::Cached(_, inner) => region_word(g, inner),
        RegionFn::Board => exact(Box::new(|_, c| c.s.board_word())),
        RegionFn::Empty => exact(Box::new(|_, c| c.s.board_word() & !occupied(c))),
        RegionFn::Owned(o) => {
            let o = super::OwnerTable::new(g, *o);
            exact(Box::new(move |_, c| c.s.owned_word(o.get(c), 0, 1)))
        }
        // in a game without stacks: the sites of the component's owner holding it
        RegionFn::Holding(what) if !g.ir.stacking => {
            let what = super::int(g, what);
            exact(Box::new(move |g, c| {
                let what = what(g, c);
                let Some(k) = usize::try_from(what)
                    .ok()
                    .filter(|&w| w >= 1)
                    .and_then(|w| g.ir.components.get(w))
                else {
                    return 0;
                };
                if g.sole_of_owner.get(what as usize).copied().unwrap_or(false) {
                    return c.s.owned_word(1 << (k.owner & 31), 0, 1);
                }
                let mut w = 0;
                g.holding_anywhere(what, c.s, |t| {
                    w |= 1 << t;
                    false
                });
                w
            }))
        }
        _ => None,
    }
}
