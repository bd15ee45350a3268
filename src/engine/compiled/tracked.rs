//! Conditions compiled to report what of the board they read.
//!
//! An `ifAfterwards` condition is evaluated after every candidate move, on positions that
//! differ from one another in the few sites the candidates changed. When an evaluation did
//! not read those sites, its answer holds for every candidate that leaves the rest as it was
//! (see `requirement.rs`). These closures answer as the compiled conditions do and also
//! collect the sites they read: those whose top owner they read, and those they read more of.
//! Only the node kinds below are compiled, each recording its own reads, so a condition
//! that compiles reports everything it read; any other kind, anywhere in the tree, leaves the
//! condition uncompiled here (and its evaluations unshared). Boards of at most 64 sites.

use super::super::game::{Ctx, GameDef};
use super::super::shapes::{OneWay, WhoCmp};
use super::{Leaf, OwnerTable};
use crate::board::{cut_ray, Direction};
use crate::ir::*;

/// What an evaluation read of the board, as site bits: the sites whose top piece's owner it
/// read (0 for an empty site), and those it read more of (components, sizes).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(in crate::engine) struct Reads {
    pub(in crate::engine) owners: u64,
    pub(in crate::engine) full: u64,
}

/// A condition that adds what it reads to a [`Reads`].
pub(in crate::engine) type TrackedC = Box<dyn Fn(&GameDef, &Ctx, &mut Reads) -> bool + Send + Sync>;
type TrackedInt = Box<dyn Fn(&GameDef, &Ctx, &mut Reads) -> i32 + Send + Sync>;

/// An integer operand: the common ones read in place, any other by its closure.
enum Operand {
    Leaf(Leaf),
    Mover,
    Next,
    Prev,
    Other(TrackedInt),
}

impl Operand {
    fn of(g: &GameDef, f: &IntFn) -> Option<Operand> {
        Some(match (Leaf::of(f), f) {
            (Some(l), _) => Operand::Leaf(l),
            (_, IntFn::Mover) => Operand::Mover,
            (_, IntFn::Next) => Operand::Next,
            (_, IntFn::Prev) => Operand::Prev,
            _ => Operand::Other(int(g, f)?),
        })
    }

    #[inline(always)]
    fn get(&self, g: &GameDef, c: &Ctx, r: &mut Reads) -> i32 {
        match self {
            Operand::Leaf(l) => l.get(c),
            Operand::Mover => c.mover as i32,
            Operand::Next => c.next as i32,
            Operand::Prev => c.prev as i32,
            Operand::Other(f) => f(g, c, r),
        }
    }
}

/// Site `s`'s bit (none off the board).
#[inline(always)]
fn bit(s: i32) -> u64 {
    if (0..64).contains(&s) {
        1 << s
    } else {
        0
    }
}

/// `f` compiled with its reads, on a board of at most 64 sites; None when some part of it is
/// of a kind not compiled here.
pub(in crate::engine) fn boolean(g: &GameDef, f: &BoolFn) -> Option<TrackedC> {
    if g.n() > 64 {
        return None;
    }
    Some(match f {
        BoolFn::Const(b) => {
            let b = *b;
            Box::new(move |_, _, _| b)
        }
        BoolFn::Compiled(_, inner) => return boolean(g, inner),
        BoolFn::Not(a) => {
            let a = boolean(g, a)?;
            Box::new(move |g, c, r| !a(g, c, r))
        }
        BoolFn::And(v) => {
            let v = v.iter().map(|x| boolean(g, x)).collect::<Option<Vec<_>>>()?;
            Box::new(move |g, c, r| v.iter().all(|x| x(g, c, r)))
        }
        BoolFn::Or(v) => {
            let v = v.iter().map(|x| boolean(g, x)).collect::<Option<Vec<_>>>()?;
            Box::new(move |g, c, r| v.iter().any(|x| x(g, c, r)))
        }
        BoolFn::Eq(a, b) => compare(g, a, b, |x, y| x == y)?,
        BoolFn::Ne(a, b) => compare(g, a, b, |x, y| x != y)?,
        BoolFn::Lt(a, b) => compare(g, a, b, |x, y| x < y)?,
        BoolFn::Le(a, b) => compare(g, a, b, |x, y| x <= y)?,
        BoolFn::Gt(a, b) => compare(g, a, b, |x, y| x > y)?,
        BoolFn::Ge(a, b) => compare(g, a, b, |x, y| x >= y)?,
        BoolFn::IsEven(x) => {
            let x = int(g, x)?;
            Box::new(move |g, c, r| x(g, c, r) % 2 == 0)
        }
        BoolFn::IsOdd(x) => {
            let x = int(g, x)?;
            Box::new(move |g, c, r| x(g, c, r) % 2 != 0)
        }
        _ => return None,
    })
}

fn compare(
    g: &GameDef,
    a: &IntFn,
    b: &IntFn,
    op: impl Fn(i32, i32) -> bool + Send + Sync + 'static,
) -> Option<TrackedC> {
    let (a, b) = (Operand::of(g, a)?, Operand::of(g, b)?);
    Some(Box::new(move |g, c, r| op(a.get(g, c, r), b.get(g, c, r))))
}

fn int(g: &GameDef, f: &IntFn) -> Option<TrackedInt> {
    if let Some(l) = Leaf::of(f) {
        return Some(Box::new(move |_, c, _| l.get(c)));
    }
    Some(match f {
        IntFn::Mover => Box::new(|_, c, _| c.mover as i32),
        IntFn::Next => Box::new(|_, c, _| c.next as i32),
        IntFn::Prev => Box::new(|_, c, _| c.prev as i32),
        IntFn::CentrePoint => {
            let v = g.board.centre_point().map_or(-1, |s| s as i32);
            Box::new(move |_, _, _| v)
        }
        IntFn::Compiled(_, inner) | IntFn::Memo { inner, .. } => return int(g, inner),
        IntFn::Who(at) => at_site(g, at, false, |s, t| GameDef::top(s, t).map_or(0, |p| p.who as i32))?,
        IntFn::What(at) => at_site(g, at, true, |s, t| GameDef::bottom(s, t).map_or(0, |p| p.what as i32))?,
        IntFn::SizeStack(at) => at_site(g, at, true, |s, t| {
            usize::try_from(t)
                .ok()
                .and_then(|t| s.stack(t))
                .map_or(0, |st| st.len() as i32)
        })?,
        IntFn::Add(v) => {
            let v = v.iter().map(|x| int(g, x)).collect::<Option<Vec<_>>>()?;
            Box::new(move |g, c, r| v.iter().fold(0i32, |a, x| a.wrapping_add(x(g, c, r))))
        }
        IntFn::Mul(v) => {
            let v = v.iter().map(|x| int(g, x)).collect::<Option<Vec<_>>>()?;
            Box::new(move |g, c, r| v.iter().fold(1i32, |a, x| a.wrapping_mul(x(g, c, r))))
        }
        IntFn::Sub(a, b) => {
            let (a, b) = (int(g, a)?, int(g, b)?);
            Box::new(move |g, c, r| a(g, c, r).wrapping_sub(b(g, c, r)))
        }
        IntFn::Div(a, b) => {
            let (a, b) = (Operand::of(g, a)?, Operand::of(g, b)?);
            Box::new(move |g, c, r| match b.get(g, c, r) {
                0 => 0,
                d => a.get(g, c, r).wrapping_div(d),
            })
        }
        IntFn::Neg(a) => {
            let a = int(g, a)?;
            Box::new(move |g, c, r| a(g, c, r).wrapping_neg())
        }
        IntFn::CountSteps(a, b) => {
            let (a, b) = (int(g, a)?, int(g, b)?);
            Box::new(move |g, c, r| g.steps(a(g, c, r), b(g, c, r)))
        }
        IntFn::Ahead { site, steps, dir } => {
            let (site, steps, dir) = (Operand::of(g, site)?, Operand::of(g, steps)?, *dir);
            // (a relative direction is resolved for the piece at the site: its facing and
            // rotation are read; a direction function may read anything)
            if matches!(dir, Direction::Dynamic(_)) {
                return None;
            }
            let reads_piece = matches!(dir, Direction::Relative(_));
            Box::new(move |g, c, r| {
                let s = site.get(g, c, r);
                if s < 0 {
                    return -1;
                }
                if reads_piece {
                    r.full |= bit(s);
                }
                g.site_ahead(s, steps.get(g, c, r), dir, c)
            })
        }
        IntFn::CountSites(region) => count_ray(g, region)?,
        _ => return None,
    })
}

/// A value read at the site `at`: its top owner only (`read` reads no more), or more.
fn at_site(
    g: &GameDef,
    at: &IntFn,
    more: bool,
    read: fn(&super::super::state::StateData, i32) -> i32,
) -> Option<TrackedInt> {
    let at = Operand::of(g, at)?;
    Some(Box::new(move |g, c, r| {
        let s = at.get(g, c, r);
        if more {
            r.full |= bit(s);
        } else {
            r.owners |= bit(s);
        }
        read(c.s, s)
    }))
}

/// `(count Sites in:R)`, R a walk one absolute direction from a site without `distance:`,
/// stopped (if at all) by a test of `(who at:(to))` against a value, alone or intersected
/// with the sites of some owners: the ray's words cut at the first stop. It reads the owners
/// of the ray's sites up to that stop, the stop included.
fn count_ray(g: &GameDef, region: &RegionFn) -> Option<TrackedInt> {
    let way = OneWay::of(region)?;
    if way.distance.is_some() || matches!(way.dir, Direction::Rel(_)) {
        return None;
    }
    let mut rays = Vec::with_capacity(g.n());
    for s in 0..g.n() as u32 {
        if g.board.radials(s, way.dir).len() > 1 {
            return None;
        }
        rays.push(g.board.ray_words(s, way.dir)?.next().unwrap_or((0, true)));
    }
    let from = Operand::of(g, way.from)?;
    let players = g.num_players as usize + 1;
    let stop = match way.stop {
        None => None,
        Some(b) => {
            let WhoCmp { how, value } = WhoCmp::of(b, |f| deps::int(f) & deps::TO == 0)?;
            // the stopping owners for each value a player can be
            let by_value: Vec<u64> = (0..players as i32).map(|v| how.owners(v, players)).collect();
            Some((how, by_value, Operand::of(g, value)?))
        }
    };
    let other = match way.other {
        None => None,
        Some(RegionFn::Owned(o)) => Some(OwnerTable::new(g, *o)),
        Some(_) => return None,
    };
    let stop_included = way.stop_included;
    Some(Box::new(move |g, c, r| {
        let stops = match &stop {
            None => 0,
            Some((how, by_value, value)) => {
                let v = value.get(g, c, r);
                let owners = usize::try_from(v).ok().and_then(|v| by_value.get(v).copied());
                c.s.top_owners_word(owners.unwrap_or_else(|| how.owners(v, players)))
            }
        };
        let Some(&(ray, up)) = usize::try_from(from.get(g, c, r)).ok().and_then(|s| rays.get(s)) else {
            return 0;
        };
        let walk = cut_ray(ray, up, stops, stop_included);
        // the stop test read the owners up to the stop; the intersection, along the walk
        if stop.is_some() {
            r.owners |= cut_ray(ray, up, stops, true);
        }
        match &other {
            None => walk.count_ones() as i32,
            Some(o) => {
                r.owners |= walk;
                (walk & c.s.top_owners_word(o.get(c) as u64)).count_ones() as i32
            }
        }
    }))
}
