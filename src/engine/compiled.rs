//! Conditions compiled once at load into closures ([`BoolFn::Compiled`] slots).
//!
//! The evaluator in `eval.rs` walks the rule tree, matching each node's kind and the shapes
//! of its operands at every evaluation. A condition of a move, region or rule is evaluated
//! for every candidate site of every state, so its tree is turned once into nested closures:
//! each node's kind and operand shapes are decided here, the leaves read the iterator
//! variables directly, and a region asked for one site's membership is tested on that site
//! alone (its owner, component, emptiness, remembered values) without being built. Whatever
//! is not compiled here is handed to the evaluator, so both always agree: compiling is only
//! a change of speed.

use super::game::{all_passed, Ctx, GameDef};
use super::shapes::{OneWay, WhoCmp, WhoOp};
use crate::board::{cut_ray, Relation};
use crate::ir::*;

pub(super) mod line_table;
pub(super) mod masks;
pub(super) mod tracked;

pub(super) type BoolC = Box<dyn Fn(&GameDef, &Ctx) -> bool + Send + Sync>;
pub(super) type IntC = Box<dyn Fn(&GameDef, &Ctx) -> i32 + Send + Sync>;
/// Whether a site (on the board) lies in a region.
type SiteC = Box<dyn Fn(&GameDef, &Ctx, u32) -> bool + Send + Sync>;

/// The compiled conditions and effect values, by slot.
#[derive(Default)]
pub(super) struct Conds {
    pub(super) bools: Vec<BoolC>,
    pub(super) ints: Vec<IntC>,
    /// The conditions again, reporting what they read, where they compile so
    /// ([`tracked`]).
    pub(super) tracked: Vec<Option<tracked::TrackedC>>,
    /// The conditions again as the sites that may pass them, as `to` and as `between`,
    /// where they narrow those ([`masks`]).
    pub(super) masks: Vec<[Option<masks::SiteMask>; 2]>,
}

impl std::fmt::Debug for Conds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} compiled conditions, {} values",
            self.bools.len(),
            self.ints.len()
        )
    }
}

impl Conds {
    /// Compile every condition and value slot of `g`'s rules.
    pub(super) fn compile(g: &GameDef) -> Conds {
        Conds {
            bools: g.ir.conds.iter().map(|b| boolean(g, b)).collect(),
            ints: g.ir.values.iter().map(|f| int(g, f)).collect(),
            tracked: g.ir.conds.iter().map(|b| tracked::boolean(g, b)).collect(),
            masks: g
                .ir
                .conds
                .iter()
                .map(|b| [masks::Var::To, masks::Var::Between].map(|v| masks::mask(g, b, v)))
                .collect(),
        }
    }
}

/// A condition prepared for evaluation in a loop: its compiled closure found once.
#[derive(Clone, Copy)]
pub(super) enum Cond<'a> {
    /// No condition.
    Always,
    Compiled(&'a BoolC),
    Eval(&'a BoolFn),
}

impl Cond<'_> {
    #[inline]
    pub(super) fn holds(self, g: &GameDef, c: &Ctx) -> bool {
        match self {
            Cond::Always => true,
            Cond::Compiled(f) => f(g, c),
            Cond::Eval(b) => g.boolean(b, c),
        }
    }
}

impl GameDef {
    /// An [`IntFn::Compiled`] value: its compiled closure, else (slots beyond the table) its
    /// function, evaluated.
    #[inline]
    pub(super) fn compiled_value(&self, slot: u32, inner: &IntFn, c: &Ctx) -> i32 {
        match self.conds.ints.get(slot as usize) {
            Some(f) => f(self, c),
            None => self.int(inner, c),
        }
    }

    /// `b`'s compiled form reporting what it reads, if it has one ([`tracked`]).
    #[inline]
    pub(super) fn tracked(&self, b: &BoolFn) -> Option<&tracked::TrackedC> {
        match b {
            BoolFn::Compiled(slot, _) => self.conds.tracked.get(*slot as usize)?.as_ref(),
            _ => None,
        }
    }

    /// The sites that may pass `b` as `var` (bits; every site where nothing narrows them).
    /// Test a site with [`may_pass`].
    #[inline]
    pub(super) fn may_pass(&self, b: Option<&BoolFn>, var: masks::Var, c: &Ctx) -> u64 {
        self.site_mask(b, var).map_or(!0, |m| (m.f)(self, c))
    }

    /// `b`'s sites as `var`, where it has them ([`masks`]).
    #[inline]
    pub(super) fn site_mask(&self, b: Option<&BoolFn>, var: masks::Var) -> Option<&masks::SiteMask> {
        match b {
            Some(BoolFn::Compiled(slot, _)) => self.conds.masks.get(*slot as usize)?[var as usize].as_ref(),
            _ => None,
        }
    }

    /// What is left of `b` to ask as `var` at the sites of its word ([`Self::may_pass`]):
    /// `b` without the conjuncts the word gives exactly (all of `b` where it has no word).
    #[inline]
    pub(super) fn cond_at_listed<'a>(&'a self, b: Option<&'a BoolFn>, var: masks::Var) -> Cond<'a> {
        match self.site_mask(b, var) {
            Some(m) => m.rest.as_ref().map_or(Cond::Always, Cond::Compiled),
            None => self.cond(b),
        }
    }

    /// `b`, prepared for evaluation in a loop.
    #[inline]
    pub(super) fn cond<'a>(&'a self, b: Option<&'a BoolFn>) -> Cond<'a> {
        match b {
            None => Cond::Always,
            Some(BoolFn::Compiled(slot, inner)) => match self.conds.bools.get(*slot as usize) {
                Some(f) => Cond::Compiled(f),
                None => Cond::Eval(inner),
            },
            Some(b) => Cond::Eval(b),
        }
    }
}

/// Whether site `t` is among sites `may` ([`GameDef::may_pass`]): sites past the word's 64
/// always are.
#[inline(always)]
pub(super) fn may_pass(may: u64, t: u32) -> bool {
    t >= 64 || may >> t & 1 != 0
}

/// An iterator variable or constant: read without a call.
#[derive(Clone, Copy)]
enum Leaf {
    From,
    To,
    Between,
    Site,
    Value,
    LastTo,
    LastFrom,
    Const(i32),
}

impl Leaf {
    fn of(f: &IntFn) -> Option<Leaf> {
        Some(match f {
            IntFn::From => Leaf::From,
            IntFn::To => Leaf::To,
            IntFn::Between => Leaf::Between,
            IntFn::Site => Leaf::Site,
            IntFn::Value => Leaf::Value,
            IntFn::LastTo => Leaf::LastTo,
            IntFn::LastFrom => Leaf::LastFrom,
            IntFn::Const(v) => Leaf::Const(*v),
            _ => return None,
        })
    }

    #[inline(always)]
    fn get(self, c: &Ctx) -> i32 {
        match self {
            Leaf::From => c.from,
            Leaf::To => c.to,
            Leaf::Between => c.between,
            Leaf::Site => c.site,
            Leaf::Value => c.value,
            Leaf::LastTo => c.s.history.last().map_or(-1, |m| m.to),
            Leaf::LastFrom => c.s.history.last().map_or(-1, |m| m.from),
            Leaf::Const(v) => v,
        }
    }
}

/// A site operand as a type: the common iterator variables each get their own, so a
/// closure built over one reads its field directly (see [`with_site`]); any other operand is
/// its compiled closure.
trait SiteRead: Send + Sync + 'static {
    fn get(&self, g: &GameDef, c: &Ctx) -> i32;
}

macro_rules! site_reads {
    ($($name:ident: $field:ident),*) => {$(
        struct $name;
        impl SiteRead for $name {
            #[inline(always)]
            fn get(&self, _: &GameDef, c: &Ctx) -> i32 {
                c.$field
            }
        }
    )*};
}
site_reads!(ReadFrom: from, ReadTo: to, ReadBetween: between, ReadSite: site);

/// `(last To)`: the site the last move went to.
struct ReadLastTo;
impl SiteRead for ReadLastTo {
    #[inline(always)]
    fn get(&self, _: &GameDef, c: &Ctx) -> i32 {
        Leaf::LastTo.get(c)
    }
}

/// Any other site operand: its compiled closure.
impl SiteRead for IntC {
    #[inline(always)]
    fn get(&self, g: &GameDef, c: &Ctx) -> i32 {
        self(g, c)
    }
}

/// `$body` with `$s` bound to a [`SiteRead`] for site operand `$f`: one copy of `$body` per
/// common iterator variable, so the closures it builds read that variable directly.
macro_rules! with_site {
    ($g:expr, $f:expr, |$s:ident| $body:expr) => {
        match $f {
            IntFn::From => {
                let $s = ReadFrom;
                $body
            }
            IntFn::To => {
                let $s = ReadTo;
                $body
            }
            IntFn::Between => {
                let $s = ReadBetween;
                $body
            }
            IntFn::Site => {
                let $s = ReadSite;
                $body
            }
            IntFn::LastTo => {
                let $s = ReadLastTo;
                $body
            }
            f => {
                let $s = int($g, f);
                $body
            }
        }
    };
}

/// The value of `f` when no context changes it: a constant, the board's centre
/// (`(centrePoint)`), or the component of a fixed player (`(id "Fan" Neutral)`, `(id "Disc"
/// P2)`).
fn fixed_int(g: &GameDef, f: &IntFn) -> Option<i32> {
    match f {
        IntFn::Const(v) => Some(*v),
        IntFn::CentrePoint => Some(g.board.centre_point().map_or(-1, |s| s as i32)),
        IntFn::Id { role, by_player } => {
            let p = match role {
                Role::Neutral => 0,
                Role::Shared => g.num_players as i32 + 1,
                Role::Player(p) => *p as i32,
                _ => return None,
            };
            Some(by_player.get(p as usize).copied().unwrap_or(-1))
        }
        _ => None,
    }
}

/// The evaluator's answer, for what is not compiled.
fn int_by_evaluator(f: &IntFn) -> IntC {
    let f = f.clone();
    Box::new(move |g, c| g.int(&f, c))
}

fn int(g: &GameDef, f: &IntFn) -> IntC {
    if let Some(l) = Leaf::of(f) {
        return Box::new(move |_, c| l.get(c));
    }
    if let Some(v) = fixed_int(g, f) {
        return Box::new(move |_, _| v);
    }
    match f {
        IntFn::Mover => Box::new(|_, c| c.mover as i32),
        IntFn::Next => Box::new(|_, c| c.next as i32),
        IntFn::Prev => Box::new(|_, c| c.prev as i32),
        IntFn::Who(at) => with_site!(g, &**at, |at| Box::new(
            move |g, c| GameDef::top(c.s, at.get(g, c)).map_or(0, |p| p.who as i32)
        )),
        IntFn::What(at) => with_site!(g, &**at, |at| Box::new(
            move |g, c| GameDef::bottom(c.s, at.get(g, c)).map_or(0, |p| p.what as i32)
        )),
        IntFn::PieceField(SiteField::State, at) => {
            with_site!(g, &**at, |at| Box::new(move |g, c| c.s.site_state(at.get(g, c))))
        }
        IntFn::PieceField(field, at) => {
            let field = *field;
            with_site!(g, &**at, |at| Box::new(
                move |g, c| GameDef::top(c.s, at.get(g, c)).map_or(0, |p| p.field(field))
            ))
        }
        IntFn::SizeStack(at) => with_site!(g, &**at, |at| Box::new(move |g, c| {
            let s = at.get(g, c);
            usize::try_from(s)
                .ok()
                .and_then(|s| c.s.stack(s))
                .map_or(0, |st| st.len() as i32)
        })),
        IntFn::Id { role, by_player } => match fixed_int(g, f) {
            // a fixed player's component: a constant
            Some(v) => Box::new(move |_, _| v),
            None => {
                let (role, by_player) = (*role, by_player.clone());
                Box::new(move |g, c| {
                    let p = g.role_player(role, c);
                    by_player.get(p.max(0) as usize).copied().unwrap_or(-1)
                })
            }
        },
        IntFn::RolePlayer(role) => {
            let role = *role;
            Box::new(move |g, c| g.role_player(role, c))
        }
        IntFn::Score(p) => {
            let p = int(g, p);
            Box::new(move |g, c| c.s.scores.get(p(g, c).max(0) as usize).copied().unwrap_or(0))
        }
        IntFn::CountNear { site, rel, region } => match &**region {
            RegionFn::Owned(o) => count_owned_near(g, site, *rel, *o),
            _ => int_by_evaluator(f),
        },
        IntFn::Add(v) if v.len() == 2 => {
            let (a, b) = (int(g, &v[0]), int(g, &v[1]));
            Box::new(move |g, c| a(g, c).wrapping_add(b(g, c)))
        }
        IntFn::Sub(a, b) => {
            let (a, b) = (int(g, a), int(g, b));
            Box::new(move |g, c| a(g, c).wrapping_sub(b(g, c)))
        }
        IntFn::Div(a, b) => {
            let (a, b) = (int(g, a), int(g, b));
            Box::new(move |g, c| match b(g, c) {
                0 => 0,
                b => a(g, c).wrapping_div(b),
            })
        }
        IntFn::Compiled(_, inner) => int(g, inner),
        // a distance is a table look-up, and pairs of neighbours are counted by word: cheaper
        // than looking up a remembered value
        IntFn::Memo { inner, .. } if matches!(**inner, IntFn::CountSteps(..)) => int(g, inner),
        IntFn::Sum(l) => owned_pairs_by_word(g, l, f).unwrap_or_else(|| int_by_evaluator(f)),
        IntFn::Memo { slot, deps, inner } => {
            if let IntFn::Sum(l) = &**inner {
                if let Some(pairs) = owned_pairs_by_word(g, l, inner) {
                    return pairs;
                }
            }
            let (slot, deps, inner) = (*slot, *deps, int(g, inner));
            Box::new(move |g, c| g.memo_with(slot, deps, c, || inner(g, c)))
        }
        IntFn::CountSites(r) => count_radial(g, r).or_else(|| count_common(g, r)).unwrap_or_else(|| {
            let r = (**r).clone();
            Box::new(move |g, c| g.count_region(&r, c))
        }),
        IntFn::If(b, x, y) => {
            let (b, x, y) = (boolean(g, b), int(g, x), int(g, y));
            Box::new(move |g, c| if b(g, c) { x(g, c) } else { y(g, c) })
        }
        IntFn::CountSteps(a, b) => {
            let (x, other) = match (&**a, &**b) {
                (IntFn::CentrePoint, x) | (x, IntFn::CentrePoint) => (x, g.board.centre_point()),
                _ => {
                    let (a, b) = (int(g, a), int(g, b));
                    return Box::new(move |g, c| g.steps(a(g, c), b(g, c)));
                }
            };
            // one side the fixed centre: every site's distance to it, in a row
            let other = other.map_or(-1, |o| o as i32);
            let row: Vec<i32> = (0..g.n() as i32).map(|s| g.steps(s, other)).collect();
            with_site!(g, x, |x| Box::new(move |g, c| usize::try_from(x.get(g, c))
                .ok()
                .and_then(|s| row.get(s))
                .copied()
                .unwrap_or(0)))
        }
        IntFn::Ahead { site, steps, dir } => {
            let (steps, dir) = (int(g, steps), *dir);
            with_site!(g, &**site, |site| Box::new(move |g, c| {
                let s = site.get(g, c);
                if s < 0 {
                    return -1;
                }
                g.site_ahead(s, steps(g, c), dir, c)
            }))
        }
        IntFn::Neg(a) => {
            let a = int(g, a);
            Box::new(move |g, c| a(g, c).wrapping_neg())
        }
        IntFn::CountAt(at) => with_site!(g, &**at, |at| Box::new(
            move |g, c| g.count_at_board_type(c.s, at.get(g, c))
        )),
        IntFn::MapEntry { name, key } => {
            let (name, key) = (*name, int(g, key));
            Box::new(move |g, c| g.map_entry(name, key(g, c)))
        }
        _ => int_by_evaluator(f),
    }
}

/// `(count Sites in:R)`, R the sites two sites' relations share (`(intersection (sites
/// Incident ..) (sites Incident ..))`), maybe filtered (`(forEach .. if:C)`): the neighbour
/// masks' common bits, with the sites and the condition compiled (the evaluator's
/// `count_common_related`).
fn count_common(g: &GameDef, r: &RegionFn) -> Option<IntC> {
    let (inner, cond) = match r {
        RegionFn::Filter(inner, cond) => (&**inner, Some(boolean(g, cond))),
        r => (r, None),
    };
    let RegionFn::Intersection(v) = inner else {
        return None;
    };
    let [RegionFn::Related(a, ra), RegionFn::Related(b, rb)] = v.as_slice() else {
        return None;
    };
    let (a, b, ra, rb) = (int(g, a), int(g, b), *ra, *rb);
    Some(Box::new(move |g, c| {
        let (a, b) = (g.near_words(ra, a(g, c)), g.near_words(rb, b(g, c)));
        let mut c2 = *c;
        let mut count = 0;
        for &(i, x) in a {
            let Some(&(_, y)) = b.iter().find(|e| e.0 == i) else {
                continue;
            };
            let mut w = x & y;
            while w != 0 {
                c2.site = (i * 64) as i32 + w.trailing_zeros() as i32;
                w &= w - 1;
                if cond.as_ref().is_none_or(|k| k(g, &c2)) {
                    count += 1;
                }
            }
        }
        count
    }))
}

/// `(count Sites in:R)`, R a walk one absolute direction from a site (`sites Direction`
/// without its origin, where no site has more than one radial that way), alone or
/// intersected with a region tested site by site: counted along the site's radial, found
/// by index. A stop condition comparing `(who at:(to))` with a value that does not read
/// `to` becomes, once per walk, the set of owners that stop it.
fn count_radial(g: &GameDef, r: &RegionFn) -> Option<IntC> {
    let way = OneWay::of(r)?;
    let mut radials: Vec<Box<[u32]>> = Vec::with_capacity(g.n());
    for s in 0..g.n() as u32 {
        let mut rs = g.board.radials(s, way.dir);
        if rs.len() > 1 {
            return None;
        }
        radials.push(
            rs.next()
                .map_or(Box::default(), |r| r.get(1..).unwrap_or_default().into()),
        );
    }
    let walk = RadialWalk {
        // the same radials as bit words, where the board gives them
        rays: (0..g.n() as u32)
            .map(|s| Some(g.board.ray_words(s, way.dir)?.next().unwrap_or((0, true))))
            .collect(),
        radials,
        from: int(g, way.from),
        limit: way.distance.map(|d| int(g, d)),
        stop: StopTest::new(g, way.stop),
        stop_included: way.stop_included,
    };
    Some(match way.other.map(|o| (TopTest::new(g, o), o)) {
        None => Box::new(move |g, c| {
            if let Some(m) = walk.mask(g, c) {
                return m.count_ones() as i32;
            }
            let mut n = 0;
            walk.each(g, c, |_| n += 1);
            n
        }),
        // a test of the top piece's owner alone: the owners' bits found once per walk
        Some((
            Some(TopTest {
                owners: Some(owners),
                named: None,
                empty: None,
                remembered: None,
                never: false,
            }),
            _,
        )) => Box::new(move |g, c| {
            let bits = owners.get(c);
            if let Some(m) = walk.mask(g, c) {
                return (m & c.s.top_owners_word(bits as u64)).count_ones() as i32;
            }
            let mut n = 0;
            walk.each(g, c, |t| {
                let who = c.s.sites[t as usize].last().map_or(0, |p| p.who as u32);
                n += (who < 32 && bits >> who & 1 == 1) as i32;
            });
            n
        }),
        Some((Some(test), _)) => Box::new(move |g, c| {
            let mut n = 0;
            walk.each(g, c, |t| n += test.holds(c, t) as i32);
            n
        }),
        Some((None, o)) => {
            let inside = site_in(g, o)?;
            Box::new(move |g, c| {
                let mut n = 0;
                walk.each(g, c, |t| n += inside(g, c, t) as i32);
                n
            })
        }
    })
}

/// A `sites Direction` walk along one radial per site.
struct RadialWalk {
    /// By site: the radial's sites after it.
    radials: Vec<Box<[u32]>>,
    /// By site: the same radial as a bit word and whether its sites come in increasing
    /// order ([`Board::ray_words`](crate::board::Board::ray_words)), where the board gives them.
    rays: Option<Vec<(u64, bool)>>,
    from: IntC,
    limit: Option<IntC>,
    stop: StopTest,
    stop_included: bool,
}

impl RadialWalk {
    /// The walk's sites as one bit word, without walking: on a board of at most 64 sites
    /// whose radials this way run in increasing or decreasing site order, for a walk without
    /// `distance:` stopped (if at all) by owners. None otherwise.
    #[inline(always)]
    fn mask(&self, g: &GameDef, c: &Ctx) -> Option<u64> {
        let rays = self.rays.as_deref()?;
        if self.limit.is_some() {
            return None;
        }
        let stops = match self.stop.prepare(g, c) {
            Stop::Never => 0,
            Stop::Owners(m) => c.s.top_owners_word(m),
            Stop::Any(_) => return None,
        };
        let ray = usize::try_from((self.from)(g, c)).ok().and_then(|s| rays.get(s));
        Some(ray.map_or(0, |&(ray, up)| cut_ray(ray, up, stops, self.stop_included)))
    }

    /// `f` on each site of the walk, in order.
    #[inline(always)]
    fn each(&self, g: &GameDef, c: &Ctx, mut f: impl FnMut(u32)) {
        let Some(walk) = usize::try_from((self.from)(g, c))
            .ok()
            .and_then(|s| self.radials.get(s))
        else {
            return;
        };
        let limit = self.limit.as_ref().map_or(usize::MAX, |l| l(g, c).max(0) as usize);
        let stop = self.stop.prepare(g, c);
        for &t in walk.iter().take(limit) {
            let stops = stop.holds(g, c, t);
            if stops && !self.stop_included {
                break;
            }
            f(t);
            if stops {
                break;
            }
        }
    }
}

/// A walk's stop condition, a test of the site reached (`to`).
enum StopTest {
    Never,
    /// `(op value (who at:(to)))` (or the owner on the left), `value` not reading `to`.
    Who {
        how: WhoOp,
        value: IntC,
        /// The stopping owners for each value from 0 to the number of players.
        by_value: Vec<u64>,
    },
    Any(BoolC),
}

/// A [`StopTest`] ready for one walk.
enum Stop<'a> {
    Never,
    /// The owners (bit `w`; 0: empty) whose sites stop the walk.
    Owners(u64),
    Any(&'a BoolC),
}

impl StopTest {
    fn new(g: &GameDef, b: Option<&BoolFn>) -> StopTest {
        let Some(b) = b else { return StopTest::Never };
        let Some(WhoCmp { how, value }) = WhoCmp::of(b, |f| deps::int(f) & deps::TO == 0) else {
            return StopTest::Any(boolean(g, b));
        };
        let by_value = (0..=g.num_players as i32).map(|v| Self::owners(g, how, v)).collect();
        StopTest::Who {
            how,
            value: int(g, value),
            by_value,
        }
    }

    /// The owners (bit `w`; 0: empty) whose sites stop a walk when the value is `v`.
    fn owners(g: &GameDef, how: WhoOp, v: i32) -> u64 {
        how.owners(v, g.num_players as usize + 1)
    }

    fn prepare(&self, g: &GameDef, c: &Ctx) -> Stop<'_> {
        match self {
            StopTest::Never => Stop::Never,
            StopTest::Who { how, value, by_value } => {
                let v = value(g, c);
                let owners = usize::try_from(v).ok().and_then(|v| by_value.get(v).copied());
                Stop::Owners(owners.unwrap_or_else(|| Self::owners(g, *how, v)))
            }
            StopTest::Any(b) => Stop::Any(b),
        }
    }
}

impl Stop<'_> {
    #[inline(always)]
    fn holds(&self, g: &GameDef, c: &Ctx, t: u32) -> bool {
        match self {
            Stop::Never => false,
            Stop::Owners(m) => {
                let who = c.s.sites[t as usize].last().map_or(0, |p| p.who as u32);
                who < 64 && m >> who & 1 == 1
            }
            Stop::Any(b) => {
                let mut c2 = *c;
                c2.to = t as i32;
                b(g, &c2)
            }
        }
    }
}

/// `(count Sites in:(intersection (sites Around s rel) <owners' sites>))`.
fn count_owned_near(g: &GameDef, site: &IntFn, rel: Relation, o: Owners) -> IntC {
    let o = OwnerTable::new(g, o);
    if let Some(masks) = one_word_masks(g, rel) {
        return with_site!(g, site, |site| Box::new(move |g, c| {
            let Some(&m) = usize::try_from(site.get(g, c)).ok().and_then(|s| masks.get(s)) else {
                return 0;
            };
            (m & c.s.owned_word(o.get(c), 0, 1)).count_ones() as i32
        }));
    }
    let site = int(g, site);
    Box::new(move |g, c| g.count_owned(g.near_words(rel, site(g, c)), o.get(c), c.s) as i32)
}

/// On a board of at most 64 sites, `(+ (results from:R to:(sites Around (from) <rel> if:(is
/// <role> (who at:(to)))) k))` with R given exactly as a word ([`super::eval::owned_pairs`]):
/// for each site of R, its neighbours the role's player owns, counted by word (the
/// evaluator answers `f`, the whole sum, for a role that is no player).
fn owned_pairs_by_word(g: &GameDef, l: &IntsFn, f: &IntFn) -> Option<IntC> {
    let (k, from, rel, role) = super::shapes::owned_pairs(l)?;
    let (masks, from) = (
        one_word_masks(g, rel)?,
        masks::region_word(g, from).filter(|m| m.exact)?,
    );
    let f = f.clone();
    Some(Box::new(move |g, c| {
        let p = g.role_player(role, c);
        if p <= 0 || p as usize >= c.s.owners() {
            return g.int(&f, c);
        }
        let row = c.s.owned_word(1 << p, 0, 1);
        let mut n = 0u32;
        for t in super::region::bits(&[(from.f)(g, c)]) {
            n += (masks.get(t as usize).copied().unwrap_or(0) & row).count_ones();
        }
        k.wrapping_mul(n as i32)
    }))
}

/// On a board of at most 64 sites, each site's neighbours in `rel` as one bit word (to be
/// read against one word of the owners' table).
fn one_word_masks(g: &GameDef, rel: Relation) -> Option<Vec<u64>> {
    (g.n() <= 64).then(|| {
        (0..g.n() as i32)
            .map(|s| g.near_words(rel, s).first().map_or(0, |&(_, w)| w))
            .collect()
    })
}

/// An owner set (or the intersection of several) resolved in advance for every value of the
/// roles it reads.
struct OwnerTable {
    sets: Vec<Owners>,
    /// Which roles index `bits`: none (one entry), the mover's, the next player's, or all
    /// three (`(mover, next, prev)`, `k` bits each).
    by: By,
    k: u32,
    bits: Vec<u32>,
}

#[derive(Clone, Copy, PartialEq)]
enum By {
    Nothing,
    Mover,
    Next,
    All,
}

impl OwnerTable {
    fn new(g: &GameDef, o: Owners) -> OwnerTable {
        let k = (g.num_players as u32 + 1).next_power_of_two().trailing_zeros();
        let mut t = OwnerTable {
            sets: vec![o],
            by: By::All,
            k,
            bits: Vec::new(),
        };
        t.tabulate();
        t
    }

    /// Narrow to the owners also in `o`.
    fn and(&mut self, o: OwnerTable) {
        self.sets.extend(o.sets);
        self.tabulate();
    }

    /// The table for the roles the sets read.
    fn tabulate(&mut self) {
        let read = self.sets.iter().fold(0, |r, o| r | o.roles | o.except_roles);
        self.by = match read {
            0 => By::Nothing,
            Owners::MOVER => By::Mover,
            Owners::NEXT => By::Next,
            _ => By::All,
        };
        let d = 1u8 << self.k;
        let all = |m, n, p| self.sets.iter().fold(u32::MAX, |b, o| b & o.bits(m, n, p));
        self.bits = match self.by {
            By::Nothing => vec![all(0, 0, 0)],
            By::Mover => (0..d).map(|m| all(m, 0, 0)).collect(),
            By::Next => (0..d).map(|n| all(0, n, 0)).collect(),
            By::All => (0..d)
                .flat_map(|m| (0..d).flat_map(move |n| (0..d).map(move |p| (m, n, p))))
                .map(|(m, n, p)| all(m, n, p))
                .collect(),
        };
    }

    #[inline(always)]
    fn get(&self, c: &Ctx) -> u32 {
        let (m, n, p) = (c.mover as usize, c.next as usize, c.prev as usize);
        let at = match self.by {
            By::Nothing => Some(0),
            By::Mover => Some(m),
            By::Next => Some(n),
            By::All => ((m | n | p) >> self.k == 0).then(|| (m << (2 * self.k)) | (n << self.k) | p),
        };
        match at.and_then(|i| self.bits.get(i)) {
            Some(&b) => b,
            None => self.slow(c),
        }
    }

    #[cold]
    #[inline(never)]
    fn slow(&self, c: &Ctx) -> u32 {
        self.sets
            .iter()
            .fold(u32::MAX, |b, o| b & o.bits(c.mover, c.next, c.prev))
    }
}

/// The evaluator's answer, for what is not compiled.
fn bool_by_evaluator(f: &BoolFn) -> BoolC {
    let f = f.clone();
    Box::new(move |g, c| g.boolean(&f, c))
}

/// A comparison of two integers; a constant on either side is kept in place.
fn compare(g: &GameDef, a: &IntFn, b: &IntFn, op: impl Fn(i32, i32) -> bool + Copy + Send + Sync + 'static) -> BoolC {
    // two owner counts among sites' neighbours (on a board of one word): a mask for each site
    if let (
        IntFn::CountNear { site, rel, region: ra },
        IntFn::CountNear {
            site: site_b,
            rel: rel_b,
            region: rb,
        },
    ) = (a, b)
    {
        if let (RegionFn::Owned(oa), RegionFn::Owned(ob), true) = (&**ra, &**rb, rel == rel_b) {
            if let Some(masks) = one_word_masks(g, *rel) {
                let (oa, ob) = (OwnerTable::new(g, *oa), OwnerTable::new(g, *ob));
                let mask = move |s: i32| usize::try_from(s).ok().and_then(|s| masks.get(s)).copied().unwrap_or(0);
                // around one site or two (`(< <count around (to)> <count around (from)>)`),
                // the owners' sites read once when both count the same owners
                let same = oa.sets == ob.sets;
                return with_site!(g, &**site, |sa| with_site!(g, &**site_b, |sb| Box::new(move |g, c| {
                    let wa = c.s.owned_word(oa.get(c), 0, 1);
                    let wb = if same { wa } else { c.s.owned_word(ob.get(c), 0, 1) };
                    let count = |s: i32, w: u64| (mask(s) & w).count_ones() as i32;
                    op(count(sa.get(g, c), wa), count(sb.get(g, c), wb))
                })));
            }
        }
    }
    // (an iterator variable against a constant is read in place)
    if let Some(k) = fixed_int(g, a) {
        return with_site!(g, b, |b| Box::new(move |g, c| op(k, b.get(g, c))));
    }
    match fixed_int(g, b) {
        Some(k) => with_site!(g, a, |a| Box::new(move |g, c| op(a.get(g, c), k))),
        None => {
            let (a, b) = (int(g, a), int(g, b));
            Box::new(move |g, c| op(a(g, c), b(g, c)))
        }
    }
}

/// Whether site `t`'s stack holds a piece of component `what` (false off the board).
#[inline(always)]
fn holds(c: &Ctx, t: i32, what: i32) -> bool {
    usize::try_from(t)
        .ok()
        .and_then(|t| c.s.stack(t))
        .is_some_and(|st| st.iter().any(|p| p.what as i32 == what))
}

/// Whether site `s` is empty (`empty`) or occupied (not `empty`); false off the board.
#[inline(always)]
fn emptiness(c: &Ctx, s: i32, empty: bool) -> bool {
    usize::try_from(s)
        .ok()
        .and_then(|s| c.s.stack(s))
        .is_some_and(|st| st.is_empty() == empty)
}

fn boolean(g: &GameDef, f: &BoolFn) -> BoolC {
    match f {
        BoolFn::Const(b) => {
            let b = *b;
            Box::new(move |_, _| b)
        }
        BoolFn::Compiled(_, inner) => boolean(g, inner),
        BoolFn::Not(x) => {
            let x = boolean(g, x);
            Box::new(move |g, c| !x(g, c))
        }
        BoolFn::And(v) => match v.as_slice() {
            // `(and (is Empty s) ..)`: the site's test read in place before the rest
            [a @ (BoolFn::IsEmpty(s) | BoolFn::IsOccupied(s)), b] => {
                let (empty, b) = (matches!(a, BoolFn::IsEmpty(_)), boolean(g, b));
                with_site!(g, &**s, |s| Box::new(
                    move |g, c| emptiness(c, s.get(g, c), empty) && b(g, c)
                ))
            }
            [a, b] => {
                let (a, b) = (boolean(g, a), boolean(g, b));
                Box::new(move |g, c| a(g, c) && b(g, c))
            }
            _ => {
                let v: Vec<BoolC> = v.iter().map(|x| boolean(g, x)).collect();
                Box::new(move |g, c| v.iter().all(|x| x(g, c)))
            }
        },
        BoolFn::Or(v) => match v.as_slice() {
            [a, b] => {
                let (a, b) = (boolean(g, a), boolean(g, b));
                Box::new(move |g, c| a(g, c) || b(g, c))
            }
            _ => {
                let v: Vec<BoolC> = v.iter().map(|x| boolean(g, x)).collect();
                Box::new(move |g, c| v.iter().any(|x| x(g, c)))
            }
        },
        BoolFn::Eq(a, b) => compare(g, a, b, |x, y| x == y),
        BoolFn::Ne(a, b) => compare(g, a, b, |x, y| x != y),
        BoolFn::Lt(a, b) => compare(g, a, b, |x, y| x < y),
        BoolFn::Le(a, b) => compare(g, a, b, |x, y| x <= y),
        BoolFn::Gt(a, b) => compare(g, a, b, |x, y| x > y),
        BoolFn::Ge(a, b) => compare(g, a, b, |x, y| x >= y),
        BoolFn::IsEmpty(s) | BoolFn::IsOccupied(s) => {
            let empty = matches!(f, BoolFn::IsEmpty(_));
            with_site!(g, &**s, |s| Box::new(move |g, c| emptiness(c, s.get(g, c), empty)))
        }
        BoolFn::IsIn(s, r) => {
            if let Some(test) = TopTest::new(g, r) {
                return with_site!(g, &**s, |s| Box::new(move |g, c| {
                    let t = s.get(g, c);
                    t >= 0 && (t as usize) < g.n() && test.holds(c, t as u32)
                }));
            }
            let s = int(g, s);
            match site_in(g, r) {
                Some(inside) => Box::new(move |g, c| {
                    let t = s(g, c);
                    t >= 0 && (t as usize) < g.n() && inside(g, c, t as u32)
                }),
                None => {
                    let r = (**r).clone();
                    Box::new(move |g, c| g.in_region(s(g, c), &r, c))
                }
            }
        }
        BoolFn::NearAny { site, rel, region } => match (&**region, g.flat_holding(region)) {
            (RegionFn::Owned(o), _) => {
                let count = count_owned_near(g, site, *rel, *o);
                Box::new(move |g, c| count(g, c) > 0)
            }
            (_, Some(what)) => {
                let (what, rel) = (int(g, what), *rel);
                with_site!(g, &**site, |site| Box::new(move |g, c| {
                    let mask = g.near_words(rel, site.get(g, c));
                    g.holding_in(mask, what(g, c), c.s, |_| true)
                }))
            }
            _ => bool_by_evaluator(f),
        },
        BoolFn::IsWithinAt(what, at) => match fixed_int(g, what) {
            // a fixed component (`(id "Fan" Neutral)`) read as a constant
            Some(what) => with_site!(g, &**at, |at| Box::new(move |g, c| holds(c, at.get(g, c), what))),
            None => {
                let what = int(g, what);
                with_site!(g, &**at, |at| Box::new(move |g, c| holds(c, at.get(g, c), what(g, c))))
            }
        },
        BoolFn::AllPassed => Box::new(|g, c| all_passed(c.s, g.num_players)),
        BoolFn::IsPlayer(role, w) => {
            let role = *role;
            match &**w {
                // the owner of a site's top piece: read in place
                IntFn::Who(at) => with_site!(g, &**at, |at| Box::new(move |g, c| {
                    GameDef::top(c.s, at.get(g, c)).map_or(0, |p| p.who as i32) == g.role_player(role, c)
                })),
                w => {
                    let w = int(g, w);
                    Box::new(move |g, c| w(g, c) == g.role_player(role, c))
                }
            }
        }
        BoolFn::IsFriend(w) | BoolFn::IsEnemy(w) => {
            let friend = matches!(f, BoolFn::IsFriend(_));
            let test = move |g: &GameDef, w: i32, mover: u8| match friend {
                true => g.is_friend(w, mover),
                false => g.is_enemy(w, mover),
            };
            match &**w {
                // the owner or local state of a site's top piece: read in place
                IntFn::Who(at) => with_site!(g, &**at, |at| Box::new(move |g, c| test(
                    g,
                    GameDef::top(c.s, at.get(g, c)).map_or(0, |p| p.who as i32),
                    c.mover
                ))),
                IntFn::PieceField(SiteField::State, at) => with_site!(g, &**at, |at| Box::new(move |g, c| test(
                    g,
                    c.s.site_state(at.get(g, c)),
                    c.mover
                ))),
                w => {
                    let w = int(g, w);
                    Box::new(move |g, c| test(g, w(g, c), c.mover))
                }
            }
        }
        BoolFn::IsEven(x) | BoolFn::IsOdd(x) => {
            let even = matches!(f, BoolFn::IsEven(_));
            let x = int(g, x);
            Box::new(move |g, c| (x(g, c) % 2 == 0) == even)
        }
        BoolFn::If(a, b, d) => {
            let (a, b, d) = (boolean(g, a), boolean(g, b), boolean(g, d));
            Box::new(move |g, c| if a(g, c) { b(g, c) } else { d(g, c) })
        }
        _ => bool_by_evaluator(f),
    }
}

/// Membership of one site in a region made of owners, occupancy, emptiness, remembered
/// values and their unions, intersections and differences: read off that site alone.
/// `None` for other regions (they are built by the evaluator).
fn site_in(g: &GameDef, r: &RegionFn) -> Option<SiteC> {
    if let Some(test) = TopTest::new(g, r) {
        return Some(Box::new(move |_, c, t| test.holds(c, t)));
    }
    Some(match r {
        RegionFn::Cached(_, inner) => return site_in(g, inner),
        RegionFn::Intersection(v) if !v.is_empty() => {
            let v: Vec<SiteC> = v.iter().map(|x| site_in(g, x)).collect::<Option<_>>()?;
            Box::new(move |g, c, t| v.iter().all(|x| x(g, c, t)))
        }
        RegionFn::Union(v) => {
            let v: Vec<SiteC> = v.iter().map(|x| site_in(g, x)).collect::<Option<_>>()?;
            Box::new(move |g, c, t| v.iter().any(|x| x(g, c, t)))
        }
        RegionFn::Difference(a, b) => {
            let (a, b) = (site_in(g, a)?, site_in(g, b)?);
            Box::new(move |g, c, t| a(g, c, t) && !b(g, c, t))
        }
        _ => return None,
    })
}

/// A site test that is a conjunction of facts about the site alone: its top piece's owner
/// is in some owner sets and its component among some, the site is (not) empty, it is (not)
/// a remembered value. Intersections of such tests, and differences with emptiness or the
/// remembered values, are one such test.
#[derive(Default)]
struct TopTest {
    /// The top piece's owner lies in these sets.
    owners: Option<OwnerTable>,
    /// By component: allowed as the top piece (`None`: any).
    named: Option<Vec<bool>>,
    empty: Option<bool>,
    remembered: Option<bool>,
    /// Contradictory facts: no site passes.
    never: bool,
}

impl TopTest {
    fn new(g: &GameDef, r: &RegionFn) -> Option<TopTest> {
        let mut t = TopTest::default();
        t.add(g, r)?;
        Some(t)
    }

    /// Narrow the test to the sites of `r` as well; `None` if `r` is not such a test.
    fn add(&mut self, g: &GameDef, r: &RegionFn) -> Option<()> {
        match r {
            RegionFn::Cached(_, inner) => self.add(g, inner)?,
            RegionFn::Board => {}
            RegionFn::Owned(o) => self.owned_by(OwnerTable::new(g, *o)),
            RegionFn::Occupied { role, component, top }
                if (*top || !g.ir.stacking) && *role != Role::Iterated && !g.by_team(*role) =>
            {
                self.owned_by(OwnerTable::new(g, Owners::occupying(*role, g.num_players)));
                if let Some(k) = component {
                    let named = self.named.get_or_insert_with(|| vec![true; g.ir.components.len()]);
                    for (w, ok) in named.iter_mut().enumerate() {
                        *ok &= g.is_named(w as u16, *k);
                    }
                }
            }
            RegionFn::Empty => Self::fact(&mut self.never, &mut self.empty, true),
            RegionFn::Remembered(UNNAMED) => Self::fact(&mut self.never, &mut self.remembered, true),
            RegionFn::Intersection(v) => {
                for x in v {
                    self.add(g, x)?;
                }
                if v.is_empty() {
                    self.never = true;
                }
            }
            RegionFn::Difference(a, b) => {
                self.add(g, a)?;
                let b = match &**b {
                    RegionFn::Cached(_, inner) => inner,
                    b => b,
                };
                match b {
                    RegionFn::Empty => Self::fact(&mut self.never, &mut self.empty, false),
                    RegionFn::Remembered(UNNAMED) => Self::fact(&mut self.never, &mut self.remembered, false),
                    _ => return None,
                }
            }
            _ => return None,
        }
        Some(())
    }

    fn owned_by(&mut self, o: OwnerTable) {
        match &mut self.owners {
            Some(t) => t.and(o),
            None => self.owners = Some(o),
        }
    }

    /// Add the fact that `f` is `value` (contradicting an earlier fact: no site passes).
    fn fact(never: &mut bool, f: &mut Option<bool>, value: bool) {
        *never |= f.is_some_and(|v| v != value);
        *f = Some(value);
    }

    /// Whether site `t` (on the board) passes.
    #[inline(always)]
    fn holds(&self, c: &Ctx, t: u32) -> bool {
        if self.never {
            return false;
        }
        let st = &c.s.sites[t as usize];
        if self.empty.is_some_and(|e| st.is_empty() != e) {
            return false;
        }
        if self.owners.is_some() || self.named.is_some() {
            let Some(p) = st.last() else { return false };
            if self.owners.as_ref().is_some_and(|o| o.get(c) >> (p.who & 31) & 1 == 0) {
                return false;
            }
            if self
                .named
                .as_ref()
                .is_some_and(|n| !n.get(p.what as usize).copied().unwrap_or(false))
            {
                return false;
            }
        }
        self.remembered
            .is_none_or(|r| c.s.remembered.contains(&(UNNAMED, t as i32)) == r)
    }
}

#[cfg(test)]
mod tests {
    use super::super::game::{Cache, GameDef};
    use super::super::state::StateData;
    use crate::engine::Game;
    use crate::expand::Selections;
    use crate::ir::UNNAMED;
    use rand::{Rng, SeedableRng};

    /// Every compiled condition and value against the evaluator on one state, with every site (and
    /// off-board ones) in each iterator variable.
    fn agree(g: &GameDef, s: &StateData, file: &str) {
        // separate caches: neither side reads a value the other remembered
        let (compiled_cache, evaluator_cache) = (Cache::fresh(), Cache::fresh());
        let n = g.n() as i32;
        // every site (and off-board ones) in each iterator variable, on both sides
        let contexts = || {
            (-1..=n).map(|t| {
                let mut c = g.ctx(s, &compiled_cache);
                (c.from, c.to, c.between, c.site, c.value) = (t, (t + 1) % n.max(1), t, n - 1 - t, t);
                let mut e = c;
                e.cache = &evaluator_cache;
                (t, c, e)
            })
        };
        for (slot, (f, cond)) in g.conds.bools.iter().zip(&g.ir.conds).enumerate() {
            for (t, c, e) in contexts() {
                assert_eq!(
                    f(g, &c),
                    g.boolean(cond, &e),
                    "{file}: condition {slot} at site {t}: {cond:?}"
                );
            }
        }
        for (slot, (f, cond)) in g.conds.tracked.iter().zip(&g.ir.conds).enumerate() {
            let Some(f) = f else { continue };
            for (t, c, e) in contexts() {
                let mut reads = super::tracked::Reads::default();
                let ok = f(g, &c, &mut reads);
                assert_eq!(
                    ok,
                    g.boolean(cond, &e),
                    "{file}: tracked condition {slot} at site {t}: {cond:?}"
                );
                if t % 7 == 0 {
                    unread_changes_agree(
                        g,
                        s,
                        &c,
                        f,
                        reads,
                        ok,
                        &format!("{file}: tracked condition {slot} at site {t}: {cond:?}"),
                    );
                }
            }
        }
        // the sites that may pass a condition: all that pass, and only those when exact
        for (slot, (m, cond)) in g.conds.masks.iter().zip(&g.ir.conds).enumerate() {
            for (var, m) in [super::masks::Var::To, super::masks::Var::Between].into_iter().zip(m) {
                let Some(m) = m else { continue };
                for (t, mut c, _) in contexts() {
                    if t < 0 || t >= n {
                        continue;
                    }
                    let may = (m.f)(g, &c);
                    match var {
                        super::masks::Var::To => c.to = t,
                        super::masks::Var::Between => c.between = t,
                    }
                    assert_eq!(may, (m.f)(g, &c), "{file}: condition {slot}'s sites read {var:?}");
                    let holds = g.boolean(cond, &c);
                    // listed and what is left holds, exactly where the condition holds
                    let listed = may >> t & 1 == 1;
                    let passes = listed && m.rest.as_ref().is_none_or(|r| r(g, &c));
                    assert_eq!(
                        passes,
                        holds,
                        "{file}: condition {slot} as {var:?} at site {t}: listed {listed}, exact {}: {cond:?}",
                        m.rest.is_none()
                    );
                }
            }
        }
        for (slot, (f, value)) in g.conds.ints.iter().zip(&g.ir.values).enumerate() {
            for (t, c, e) in contexts() {
                assert_eq!(
                    f(g, &c),
                    g.int(value, &e),
                    "{file}: value {slot} at site {t}: {value:?}"
                );
            }
        }
    }

    /// A tracked condition keeps its answer `ok` (with reads `reads`) when any site it did not
    /// read changes (emptied, or given another site's stack of another owner), and when a
    /// site it read only for its owner changes under the same top owner (one more piece).
    fn unread_changes_agree(
        g: &GameDef,
        s: &StateData,
        c: &super::super::game::Ctx,
        f: &super::tracked::TrackedC,
        reads: super::tracked::Reads,
        ok: bool,
        what: &str,
    ) {
        let owner = |st: &[super::super::state::Piece]| st.last().map_or(0, |p| p.who);
        for site in 0..g.n() {
            let b = 1u64 << site;
            if reads.full & b != 0 {
                continue;
            }
            let mut variants = Vec::new();
            if reads.owners & b == 0 {
                variants.push(Default::default());
                if let Some(other) = s
                    .sites
                    .iter()
                    .find(|o| !o.is_empty() && owner(o) != owner(&s.sites[site]))
                {
                    variants.push(other.clone());
                }
            } else if let Some(&top) = s.sites[site].last() {
                let mut more = s.sites[site].clone();
                more.push(top);
                variants.push(more);
            }
            for v in variants {
                let mut s2 = s.clone();
                s2.sites[site] = v;
                s2.sync_site(site);
                let cache = Cache::fresh();
                let mut c2 = *c;
                c2.s = &s2;
                c2.cache = &cache;
                let mut r = super::tracked::Reads::default();
                assert_eq!(
                    f(g, &c2, &mut r),
                    ok,
                    "{what}: changed site {site} it did not read ({reads:?})"
                );
            }
        }
    }

    /// Ludii's Refugia, default options.
    fn refugia() -> Game {
        super::super::corpus_game("board/space/territory/Refugia.lud", &Selections::default())
    }

    /// One-site membership tests against built regions, for regions of every kind the tests
    /// take (owners, occupancy by role and component, emptiness, remembered values, and
    /// their intersections, unions and differences, contradictory ones included).
    #[test]
    fn one_site_tests_agree_with_built_regions() {
        use crate::ir::{Owners, RegionFn as R, Role};
        let game = refugia();
        let g = &game.inner;
        let occupied = |role, component| R::Occupied {
            role,
            component,
            top: true,
        };
        let owned = |role| R::Owned(Owners::of_role(role, 2));
        let regions = vec![
            R::Empty,
            R::Board,
            R::Remembered(UNNAMED),
            owned(Role::Mover),
            owned(Role::Neutral),
            occupied(Role::All, Some(0)),
            occupied(Role::NonMover, None),
            R::Intersection(vec![owned(Role::Next), occupied(Role::All, Some(0))]),
            R::Difference(Box::new(owned(Role::All)), Box::new(R::Remembered(UNNAMED))),
            R::Difference(Box::new(R::Board), Box::new(R::Empty)),
            R::Intersection(vec![R::Empty, R::Difference(Box::new(R::Board), Box::new(R::Empty))]),
            R::Intersection(vec![
                R::Remembered(UNNAMED),
                R::Difference(Box::new(R::Board), Box::new(R::Remembered(UNNAMED))),
            ]),
            R::Union(vec![owned(Role::Mover), R::Empty]),
            R::Difference(
                Box::new(R::Board),
                Box::new(R::Union(vec![owned(Role::Next), R::Remembered(UNNAMED)])),
            ),
            R::Cached(
                0,
                Box::new(R::Difference(Box::new(R::Empty), Box::new(R::Remembered(UNNAMED)))),
            ),
        ];
        let tests: Vec<_> = regions
            .iter()
            .map(|r| super::site_in(g, r).expect("one-site test"))
            .collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut s = game.initial_state();
        for step in 0..40 {
            // some remembered values, on and off the board
            s.inner.remembered = [step % 7, step * 3 % 11, -1]
                .into_iter()
                .map(|v| (UNNAMED, v))
                .collect();
            let cache = Cache::fresh();
            let c = g.ctx(&s.inner, &cache);
            for (r, test) in regions.iter().zip(&tests) {
                let built = g.region(r, &c);
                for t in 0..g.n() as u32 {
                    assert_eq!(test(g, &c, t), built.contains(t as i32), "{r:?} at {t}, step {step}");
                }
            }
            let moves = game.legal_moves(&s);
            if s.is_over() || moves.is_empty() {
                break;
            }
            game.apply(&mut s, &moves[rng.gen_range(0..moves.len())]);
        }
    }

    /// Along random games of Ex Nihilo (whose capture tests compile with their reads), every
    /// tracked condition, with each site as `(last To)`, answers as the evaluator does and
    /// keeps its answer when what it did not read changes.
    #[test]
    fn tracked_conditions_read_what_decides() {
        let game = super::super::corpus_game("board/space/blocking/Ex Nihilo.lud", &Selections::default());
        let g = &game.inner;
        let tracked = g.conds.tracked.iter().flatten().count();
        assert!(tracked >= 7, "{tracked} tracked conditions");
        // and a few more shapes: a walk counted alone, sizes, components, sums
        use crate::board::{Dir, Direction};
        use crate::ir::{BoolFn as B, IntFn as I, RegionFn as R};
        let walk = |dir| {
            I::CountSites(Box::new(R::Direction {
                from: Box::new(I::LastTo),
                dirs: vec![Direction::Compass(dir)],
                included: false,
                stop: Some(Box::new(B::Eq(Box::new(I::Next), Box::new(I::Who(Box::new(I::To)))))),
                stop_included: false,
                distance: None,
            }))
        };
        let b = Box::new;
        let more = [
            B::IsOdd(b(walk(Dir::E))),
            B::Lt(b(I::Const(1)), b(walk(Dir::W))),
            B::Gt(
                b(I::SizeStack(b(I::Ahead {
                    site: b(I::LastTo),
                    steps: b(I::Const(1)),
                    dir: Direction::Compass(Dir::E),
                }))),
                b(I::Add(vec![I::Const(1), I::Const(0)])),
            ),
            B::Eq(b(I::What(b(I::LastTo))), b(I::Const(1))),
        ];
        let conds: Vec<_> =
            g.ir.conds
                .iter()
                .chain(&more)
                .filter_map(|cond| Some((cond, super::tracked::boolean(g, cond)?)))
                .collect();
        assert_eq!(conds.len(), tracked + more.len());
        let (mut deep, mut checked) = (0, 0);
        for seed in 0..3 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut s = game.initial_state();
            for step in 0..200 {
                let moves = game.legal_moves(&s);
                if s.is_over() || moves.is_empty() {
                    break;
                }
                game.apply(&mut s, &moves[rng.gen_range(0..moves.len())]);
                if step % 2 == 1 {
                    continue;
                }
                for last in (0..g.n() as i32).step_by(3) {
                    let mut s2 = s.inner.clone();
                    if let Some(m) = s2.history.last_mut() {
                        m.to = last;
                    }
                    let (cache, evaluator_cache) = (Cache::fresh(), Cache::fresh());
                    let c = g.ctx(&s2, &cache);
                    let mut e = c;
                    e.cache = &evaluator_cache;
                    for (cond, f) in &conds {
                        let mut reads = super::tracked::Reads::default();
                        let ok = f(g, &c, &mut reads);
                        assert_eq!(ok, g.boolean(cond, &e), "seed {seed} step {step}: {cond:?}");
                        deep += (reads.full != 0) as usize;
                        checked += 1;
                        unread_changes_agree(g, &s2, &c, f, reads, ok, &format!("seed {seed} step {step}"));
                    }
                }
            }
        }
        // some evaluations went as far as the stacks' sizes
        assert!(deep > 0 && checked > 1000, "{deep} of {checked}");
    }

    /// Owner tables give the owner sets' bits for every roles triple, intersections too.
    #[test]
    fn owner_tables_resolve_every_roles_triple() {
        use crate::ir::{Owners, Role};
        let game = refugia();
        let g = &game.inner;
        let roles = [
            Role::Mover,
            Role::Next,
            Role::Prev,
            Role::Neutral,
            Role::All,
            Role::NonMover,
            Role::Player(2),
        ];
        let sets: Vec<Owners> = roles.iter().map(|&r| Owners::of_role(r, 2)).collect();
        let s = game.initial_state();
        let cache = Cache::fresh();
        for (i, a) in sets.iter().enumerate() {
            for b in &sets[i..] {
                let mut t = super::OwnerTable::new(g, *a);
                t.and(super::OwnerTable::new(g, *b));
                for (m, n, p) in (0..6u8).flat_map(|m| (0..6u8).flat_map(move |n| (0..6u8).map(move |p| (m, n, p)))) {
                    let mut c = g.ctx(&s.inner, &cache);
                    (c.mover, c.next, c.prev) = (m, n, p);
                    assert_eq!(
                        t.get(&c),
                        a.bits(m, n, p) & b.bits(m, n, p),
                        "{a:?} and {b:?} at {m} {n} {p}"
                    );
                }
            }
        }
    }

    /// Every game of Ludii's corpus the engine runs: along a short random playout, its
    /// compiled conditions answer as the evaluator does.
    #[test]
    fn compiled_conditions_agree_with_the_evaluator() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/ludii/lud");
        let mut files = Vec::new();
        let mut dirs = vec![std::path::PathBuf::from(root)];
        while let Some(d) = dirs.pop() {
            for e in std::fs::read_dir(&d).expect("corpus").flatten() {
                let p = e.path();
                if p.is_dir() {
                    dirs.push(p);
                } else if p.extension().is_some_and(|x| x == "lud") {
                    files.push(p);
                }
            }
        }
        files.sort();
        // each file as it comes, and Equi's rulesets
        let mut runs: Vec<(std::path::PathBuf, Selections)> =
            files.into_iter().map(|p| (p, Selections::default())).collect();
        for r in ["Equiversi (Described)", "Equiversi 2 (Described)"] {
            runs.push((
                std::path::Path::new(root).join("experimental/Equi Game System.lud"),
                Selections {
                    options: vec![],
                    ruleset: Some(format!("Ruleset/{r}")),
                },
            ));
        }
        // games in parallel; a game's positions after the first once it has had a second (a
        // rule as costly as Unashogi's `can Move` at every site would take a minute)
        use rayon::prelude::*;
        let counts: Vec<(usize, usize)> = runs
            .par_iter()
            .filter_map(|(p, sel)| {
                let started = std::time::Instant::now();
                let text = std::fs::read_to_string(p).expect("readable");
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                let game = Game::load(&name, &text, sel).ok()?;
                let g = &game.inner;
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
                let mut s = game.initial_state();
                for ply in 0..30 {
                    if ply > 0 && started.elapsed() > std::time::Duration::from_secs(1) {
                        break;
                    }
                    agree(g, &s.inner, &name);
                    let moves = game.legal_moves(&s);
                    if s.is_over() || moves.is_empty() {
                        break;
                    }
                    game.apply(&mut s, &moves[rng.gen_range(0..moves.len())]);
                }
                let masked = g.conds.masks.iter().flatten().flatten().count();
                Some((g.conds.bools.len() + g.conds.ints.len(), masked))
            })
            .collect();
        let games = counts.len();
        let slots: usize = counts.iter().map(|c| c.0).sum();
        let masked: usize = counts.iter().map(|c| c.1).sum();
        assert!(
            games >= 8 && slots >= 40 && masked >= 10,
            "{games} games, {slots} conditions, {masked} read as sites"
        );
    }
}
