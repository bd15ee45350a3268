//! Deduction puzzles ([`crate::ir::Puzzle`]): each variable site of the board keeps the
//! values it may still take ([`StateData::puzzle`], a bit per value); a site with one value
//! left is set, and shows that value's component. The play `(satisfy ..)` lists, for each
//! variable not given at the start and each value, the move setting the site to it where
//! the constraints then hold, and the move toggling it among the site's candidates (not
//! the last one of a set site), as Ludii's `Satisfy`. The constraints read the set values
//! only: `(all Different ..)` here; `(is Solved)` asks them with every site not set yet
//! set to 0.

use super::game::{Ctx, GameDef};
use super::moves::{Action, MoveData};
use super::pool;
use super::state::StateData;
use crate::ir::{BoolFn, IntFn, RegionFn, RegionKind};

impl GameDef {
    /// The value set at `site`, if one value is left there.
    fn puzzle_value(s: &StateData, site: u32) -> Option<i32> {
        let m = *s.puzzle.get(site as usize)?;
        (m.count_ones() == 1).then(|| m.trailing_zeros() as i32)
    }

    /// Set `site`'s candidates to `mask`; the site shows the value left, if one is left and
    /// one of the puzzle's.
    pub(super) fn puzzle_set(&self, s: &mut StateData, site: u32, mask: u64) {
        let (Some(p), Some(m)) = (&self.ir.puzzle, s.puzzle.get_mut(site as usize)) else {
            return;
        };
        *m = mask;
        let shown = (mask.count_ones() == 1)
            .then(|| mask.trailing_zeros() as i32)
            .filter(|v| (p.min..=p.max).contains(v))
            .map(|v| p.first_component + (v - p.min) as u16);
        if let Some(st) = s.stack_mut(site as usize) {
            st.clear();
        }
        s.sync_site(site as usize);
        if let Some(what) = shown {
            self.add_piece(s, site as i32, what, 0, 1, -1);
        }
    }

    /// After the start rules: a site given a value's component is set to that value.
    pub(super) fn puzzle_from_pieces(&self, s: &mut StateData) {
        let Some(p) = &self.ir.puzzle else { return };
        for site in 0..s.puzzle.len() {
            let top = s.stack(site).and_then(|st| st.last()).map(|q| q.what);
            if let Some(what) = top.filter(|&w| w >= p.first_component) {
                let v = p.min + (what - p.first_component) as i32;
                if v <= p.max {
                    s.puzzle[site] = 1u64 << v;
                }
            }
        }
    }

    /// The regions of a static region type, each apart: rows and columns (by the board's
    /// rows and columns, from the lowest), √n × √n sub-grids of a board of n cells, or the
    /// whole board.
    fn static_region_lists(&self, kind: RegionKind) -> Vec<Vec<u32>> {
        let n = self.n() as u32;
        let by = |key: &dyn Fn(u32) -> u32| {
            let mut lists: Vec<Vec<u32>> = Vec::new();
            for t in 0..n {
                let k = key(t) as usize;
                if lists.len() <= k {
                    lists.resize(k + 1, Vec::new());
                }
                lists[k].push(t);
            }
            lists.retain(|l| !l.is_empty());
            lists
        };
        match kind {
            RegionKind::AllSites => vec![(0..n).collect()],
            RegionKind::Diagonals => Vec::new(),
            RegionKind::HintRegions => self
                .ir
                .puzzle
                .iter()
                .flat_map(|p| &p.hints)
                .map(|h| h.0.clone())
                .collect(),
            RegionKind::AllDirections => (0..n)
                .map(|t| {
                    let mut list = vec![t];
                    for ray in self
                        .board
                        .radials(t, crate::board::Direction::Rel(crate::board::Relation::All))
                    {
                        for &u in ray.iter().skip(1) {
                            if !list.contains(&u) {
                                list.push(u);
                            }
                        }
                    }
                    list
                })
                .collect(),
            RegionKind::Rows => by(&|t| self.board.row(t)),
            RegionKind::Columns => by(&|t| self.board.col(t)),
            RegionKind::SubGrids => {
                let k = ((n as f64).sqrt().sqrt()) as u32;
                let mut lists = Vec::new();
                for rs in 0..k {
                    for cs in 0..k {
                        let inside = |t: &u32| {
                            let (r, c) = (self.board.row(*t), self.board.col(*t));
                            (rs * k..(rs + 1) * k).contains(&r) && (cs * k..(cs + 1) * k).contains(&c)
                        };
                        lists.push((0..n).filter(inside).collect());
                    }
                }
                lists
            }
        }
    }

    /// Each region of the equipment in order (a static type's regions apart, with their
    /// type; a region's parts apart, unless `static_only`), until `f` says stop; whether it
    /// never did.
    fn each_puzzle_region(
        &self,
        c: &Ctx,
        static_only: bool,
        mut f: impl FnMut(&[u32], Option<RegionKind>) -> bool,
    ) -> bool {
        self.each_puzzle_region_named(c, static_only, None, |sites, kind, _| f(sites, kind))
    }

    /// [`Self::each_puzzle_region`], of the regions named `name` if given, with each static
    /// type's region its index among its type's.
    fn each_puzzle_region_named(
        &self,
        c: &Ctx,
        static_only: bool,
        name: Option<u16>,
        mut f: impl FnMut(&[u32], Option<RegionKind>, usize) -> bool,
    ) -> bool {
        for def in self.ir.regions.iter().filter(|d| name.is_none() || d.name == name) {
            for &kind in &def.kinds {
                for (i, list) in self.static_region_lists(kind).into_iter().enumerate() {
                    if !f(&list, Some(kind), i) {
                        return false;
                    }
                }
            }
            for part in def.parts.iter().filter(|_| !static_only) {
                let sites: Vec<u32> = self.region(part, c).iter().map(|t| t as u32).collect();
                if !f(&sites, None, 0) {
                    return false;
                }
            }
        }
        true
    }

    /// The puzzle's variables (Ludii's constraint variables): the sites each constraint
    /// reads, in the order of the constraints and their regions, each once (up to a
    /// `forAll`, which adds every site).
    fn puzzle_vars(&self, c: &Ctx) -> Vec<u32> {
        let mut vars: Vec<u32> = Vec::new();
        let mut add = |sites: &[u32], _: Option<RegionKind>| {
            for &t in sites {
                if !vars.contains(&t) {
                    vars.push(t);
                }
            }
            true
        };
        for k in self.ir.puzzle.iter().flat_map(|p| &p.constraints) {
            // (as lowered, before the optimisation pass compiled it)
            match k.uncompiled() {
                BoolFn::AllDifferent(None, _) | BoolFn::PuzzleSum { region: None, .. } | BoolFn::PuzzleUnique => {
                    self.each_puzzle_region(c, false, &mut add);
                }
                BoolFn::AllDifferent(Some(r), _)
                | BoolFn::PuzzleSum { region: Some(r), .. }
                | BoolFn::PuzzleCount(r, ..) => {
                    let sites: Vec<u32> = self.region(r, c).iter().map(|t| t as u32).collect();
                    add(&sites, None);
                }
                // (a `forAll` makes every site of the board one, and ends the list, as
                // Ludii's)
                BoolFn::ForAllHints(_) | BoolFn::ForAllSites(..) => {
                    let all: Vec<u32> = (0..self.n() as u32).collect();
                    add(&all, None);
                    break;
                }
                _ => {}
            }
        }
        vars
    }

    /// Whether the puzzle's constraints hold in `c`.
    fn puzzle_holds(&self, c: &Ctx) -> bool {
        self.ir
            .puzzle
            .iter()
            .flat_map(|p| &p.constraints)
            .all(|k| self.boolean(k, c))
    }

    /// `(satisfy ..)`'s moves.
    pub(super) fn gen_satisfy(&self, c: &Ctx, out: &mut Vec<MoveData>) {
        let Some(p) = &self.ir.puzzle else { return };
        let mut t = pool::pooled_copy(c.s);
        for site in self.puzzle_vars(c) {
            if p.given.contains(&site) {
                continue;
            }
            let Some(&before) = c.s.puzzle.get(site as usize) else {
                continue;
            };
            for v in p.min..=p.max {
                self.puzzle_set(&mut t, site, 1u64 << v);
                let mut c2 = *c;
                c2.s = &t;
                if self.puzzle_holds(&c2) {
                    self.push_move(out, c, site as i32, site as i32)
                        .push(Action::PuzzleSet { site, value: v as u8 });
                }
                self.puzzle_set(&mut t, site, before);
                if !(before.count_ones() == 1 && before & (1u64 << v) != 0) {
                    self.push_move(out, c, site as i32, site as i32)
                        .push(Action::PuzzleToggle { site, value: v as u8 });
                }
            }
        }
        pool::release(t);
    }

    /// `(all Different [R] [except:V])`.
    pub(super) fn all_different(&self, region: Option<&RegionFn>, except: &[IntFn], c: &Ctx) -> bool {
        let except: smallvec::SmallVec<[i32; 2]> = except.iter().map(|x| self.int(x, c)).collect();
        let differ = |sites: &[u32], kind: Option<RegionKind>| {
            // (a site's lines count only once a value other than 0 is set there, as Ludii's)
            if kind == Some(RegionKind::AllDirections) && Self::puzzle_value(c.s, sites[0]).unwrap_or(0) == 0 {
                return true;
            }
            let mut seen = 0u64;
            for &t in sites {
                let Some(v) = Self::puzzle_value(c.s, t) else { continue };
                if except.contains(&v) {
                    continue;
                }
                if v == 0 || seen & (1u64 << v) != 0 {
                    return false;
                }
                seen |= 1u64 << v;
            }
            true
        };
        match region {
            Some(r) => {
                let sites: Vec<u32> = self.region(r, c).iter().map(|t| t as u32).collect();
                differ(&sites, None)
            }
            None => self.each_puzzle_region(c, false, differ),
        }
    }

    /// Whether `sites` still can, or do, count `n`: what they count so far (of the set
    /// ones) is no more than `n`, and is `n` once all are set.
    fn within(&self, sites: &[u32], n: i32, c: &Ctx, count: impl Fn(i32) -> i32) -> bool {
        let (mut total, mut all) = (0, true);
        for &t in sites {
            match Self::puzzle_value(c.s, t) {
                Some(v) => total += count(v),
                None => all = false,
            }
        }
        total <= n && (!all || total == n)
    }

    /// `(is Sum [R] ["name"] n)`: of R, else of each region of a static type of the
    /// equipment (named `name`, if given); `sum` None: each region's hint (by its index).
    pub(super) fn puzzle_sum(
        &self,
        region: Option<&RegionFn>,
        name: Option<u16>,
        sum: Option<&IntFn>,
        c: &Ctx,
    ) -> bool {
        let hint = |i: usize| {
            let hints = self.ir.puzzle.iter().flat_map(|p| &p.hints);
            hints.clone().nth(i).and_then(|h| h.1).unwrap_or(0)
        };
        match region {
            Some(r) => {
                let sites: Vec<u32> = self.region(r, c).iter().map(|t| t as u32).collect();
                let n = sum.map_or_else(|| hint(0), |n| self.int(n, c));
                self.within(&sites, n, c, |v| v)
            }
            None => self.each_puzzle_region_named(c, true, name, |sites, _, i| {
                let n = sum.map_or_else(|| hint(i), |n| self.int(n, c));
                self.within(sites, n, c, |v| v)
            }),
        }
    }

    /// `(is Count R of:v n)`.
    pub(super) fn puzzle_count(&self, region: &RegionFn, what: &IntFn, n: &IntFn, c: &Ctx) -> bool {
        let (what, n) = (self.int(what, c), self.int(n, c));
        let sites: Vec<u32> = self.region(region, c).iter().map(|t| t as u32).collect();
        self.within(&sites, n, c, |v| i32::from(v == what))
    }

    /// `(is Unique)`: no two regions of one static type of the equipment, both set, hold
    /// the same values in order.
    pub(super) fn puzzle_unique(&self, c: &Ctx) -> bool {
        let kinds = self.ir.regions.iter().flat_map(|d| d.kinds.iter().copied());
        kinds.into_iter().all(|kind| {
            let values: Vec<Option<Vec<i32>>> = self
                .static_region_lists(kind)
                .iter()
                .map(|l| l.iter().map(|&t| Self::puzzle_value(c.s, t)).collect())
                .collect();
            let set: Vec<&Vec<i32>> = values.iter().flatten().collect();
            (0..set.len()).all(|i| (i + 1..set.len()).all(|j| set[i] != set[j]))
        })
    }

    /// The value set at `site` (None: not set, or no site of the puzzle).
    pub(super) fn puzzle_value_at(&self, site: i32, c: &Ctx) -> Option<i32> {
        Self::puzzle_value(c.s, u32::try_from(site).ok()?)
    }

    /// `(forAll Hint C)`: C at each hint, `(from)` and `(to)` its first two sites and
    /// `(hint)` its value.
    pub(super) fn for_all_hints(&self, k: &BoolFn, c: &Ctx) -> bool {
        let hints = self.ir.puzzle.iter().flat_map(|p| &p.hints);
        hints.into_iter().all(|(sites, value)| {
            let mut c2 = *c;
            if let Some(&f) = sites.first() {
                c2.from = f as i32;
            }
            if let Some(&t) = sites.get(1) {
                c2.to = t as i32;
            }
            if let Some(v) = value {
                c2.hint = *v;
            }
            self.boolean(k, &c2)
        })
    }

    /// `(forAll T C)`: C at each site of type T, as `(from)`.
    pub(super) fn for_all_sites(&self, ty: crate::board::SiteType, k: &BoolFn, c: &Ctx) -> bool {
        (0..self.count_of_type(ty) as i32).all(|f| {
            let mut c2 = *c;
            c2.from = f;
            self.boolean(k, &c2)
        })
    }

    /// `(hint T at:s)`: the value of the first hint of type T whose first site is `s`, as
    /// Ludii finds it (-1: none).
    pub(super) fn hint_at(&self, ty: crate::board::SiteType, site: i32) -> i32 {
        let Some(p) = &self.ir.puzzle else { return -1 };
        let first = |sites: &[u32]| sites.first().is_some_and(|&f| f as i32 == site);
        let found = if ty == self.ir.site_type {
            p.hints.iter().find(|h| first(&h.0)).map(|h| h.1)
        } else {
            p.typed_hints.iter().find(|h| h.0 == ty && first(&h.1)).map(|h| h.2)
        };
        found.flatten().unwrap_or(-1)
    }

    /// A puzzle's comparison: of the values set at its two sites, true while either is
    /// not set.
    pub(super) fn puzzle_cmp(&self, k: &BoolFn, c: &Ctx) -> bool {
        let (BoolFn::Lt(a, b) | BoolFn::Le(a, b) | BoolFn::Gt(a, b) | BoolFn::Ge(a, b)) = k else {
            return self.boolean(k, c);
        };
        let (Some(x), Some(y)) = (
            self.puzzle_value_at(self.int(a, c), c),
            self.puzzle_value_at(self.int(b, c), c),
        ) else {
            return true;
        };
        match k {
            BoolFn::Lt(..) => x < y,
            BoolFn::Le(..) => x <= y,
            BoolFn::Gt(..) => x > y,
            _ => x >= y,
        }
    }

    /// `(is Solved)`: the constraints hold once every variable not set is set to 0.
    pub(super) fn is_solved(&self, c: &Ctx) -> bool {
        if self.ir.puzzle.is_none() {
            return false;
        }
        let mut t = pool::pooled_copy(c.s);
        for site in self.puzzle_vars(c) {
            if Self::puzzle_value(&t, site).is_none() {
                self.puzzle_set(&mut t, site, 1);
            }
        }
        let mut c2 = *c;
        c2.s = &t;
        let solved = self.puzzle_holds(&c2);
        pool::release(t);
        solved
    }
}
