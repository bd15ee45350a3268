//! Requirements and selections: `(do A next:B ifAfterwards:C)` and `(select ..)`, and the
//! region queries along radials and distances (`sites Direction`, `LineOfSight`,
//! `Between`, `Distance`). See `../shared/docs/ludii-semantics.md` 3.6, 4.7, 4.8, 6.1.

use super::game::{Ctx, GameDef, Sites};
use super::moves::MoveData;
use super::region::Region;
use crate::board::{Direction, LineOfSight};
use crate::ir::*;
use smallvec::SmallVec;

impl GameDef {
    /// `(select (from R if:F) (to R2 if:G))` (3.6): selection moves, no action.
    pub(super) fn gen_select(&self, from: &Place, to: &Option<Place>, c: &Ctx, out: &mut Vec<MoveData>) {
        self.select_pairs(from, to, c, |f, t| {
            // (in a game with stacks, Ludii's selection names a level: the one given for
            // the origin, else the top of the target's stack)
            let level = match (&from.level, to) {
                _ if !self.ir.stacking => 0,
                (Some(l), None) => {
                    let mut c1 = *c;
                    (c1.from, c1.to) = (f, f);
                    self.int(l, &c1)
                }
                _ => c.s.stack(t as usize).map_or(0, |st| st.len() as i32 - 1),
            };
            self.push_move(out, c, f, t);
            if let Some(m) = out.last_mut() {
                m.level_to = level.max(0);
                // (the type of the sites selected: the target's, else the origin's)
                m.ty = self.type_code(to.as_ref().map_or(from.ty, |t| t.ty));
            }
            false
        });
    }

    /// Each selection `(from, to)` in order, given to `visit` until it returns true (then
    /// true: stopped).
    pub(super) fn select_pairs(
        &self,
        from: &Place,
        to: &Option<Place>,
        c: &Ctx,
        mut visit: impl FnMut(i32, i32) -> bool,
    ) -> bool {
        let (from_cond, to_cond) = (
            self.cond(from.cond.as_ref()),
            self.cond(to.as_ref().and_then(|t| t.cond.as_ref())),
        );
        // each origin's selections; true: stopped
        let mut from_one = |f: i32| -> bool {
            if f < 0 {
                return false;
            }
            let mut c1 = *c;
            c1.from = f;
            c1.to = f;
            if !from_cond.holds(self, &c1) {
                return false;
            }
            let Some(to) = to else {
                return visit(f, f);
            };
            let targets: Sites = match (&to.site, &to.region) {
                (Some(s), _) => smallvec::smallvec![self.int(s, &c1)],
                (_, Some(r)) => self.region(r, &c1).iter().collect(),
                _ => smallvec::smallvec![c.to],
            };
            for t in targets {
                if t < 0 {
                    continue;
                }
                let mut c2 = c1;
                c2.to = t;
                if to_cond.holds(self, &c2) && visit(f, t) {
                    return true;
                }
            }
            false
        };
        match (&from.site, &from.region) {
            (Some(s), _) => from_one(self.int(s, c)),
            // (a static region read in place: not one of the evaluation's cache, which the
            // conditions may fill meanwhile)
            (_, Some(r)) => self.region_cow(r, c).iter().any(from_one),
            // `(from)` without a location: the iterator `from`
            _ => from_one(c.from),
        }
    }

    /// `(sites Between ..)`'s sites, given to `emit`: those between the two sites along a
    /// radial of the directions, then each end included.
    fn between_sites(
        &self,
        (from, to, dirs, included): (&IntFn, &IntFn, &[crate::board::Direction], (bool, bool)),
        c: &Ctx,
        mut emit: impl FnMut(u32),
    ) {
        let (a, b) = (self.int(from, c), self.int(to, c));
        let n = self.n() as i32;
        if !(0..n).contains(&a) || !(0..n).contains(&b) {
            return;
        }
        // (relative directions and direction functions resolved at `from`)
        let mut buf = super::tables::Dirs::new();
        let dirs = self.abs_dirs(dirs, a, c, &mut buf);
        self.board.between(a as u32, b as u32, dirs, &mut emit);
        for (end, inc) in [(a, included.0), (b, included.1)] {
            if inc {
                emit(end as u32);
            }
        }
    }

    /// `sites Direction`, `sites LineOfSight Piece`, `sites Between`, `sites Distance`.
    pub(super) fn region_query(&self, f: &RegionFn, c: &Ctx) -> Region {
        let n = self.n();
        let mut r = Region::new(n);
        let on_board = |s: i32| s >= 0 && (s as usize) < n;
        match f {
            RegionFn::LineOfSight { at, dirs, kind } => {
                let s = self.int(at, c);
                if !on_board(s) {
                    return r;
                }
                let mut buf = super::tables::Dirs::new();
                let dirs = self.abs_dirs(dirs, s, c, &mut buf);
                self.board.line_of_sight(
                    s as u32,
                    *kind,
                    dirs,
                    |t| !c.s.sites[t as usize].is_empty(),
                    |t| r.insert(t as i32),
                );
            }
            RegionFn::Between {
                from,
                to,
                dirs,
                included,
            } => self.between_sites((from, to, dirs, *included), c, |t| r.insert(t as i32)),
            RegionFn::Distance { from, min, max, step } => {
                let s = self.int(from, c);
                let (min, max) = (self.int(min, c), self.int(max, c));
                if !on_board(s) || min < 0 || max < min {
                    return r;
                }
                match step {
                    None => {
                        let table = self.distance_table();
                        let last = (max as u32).min(table.max_listed(s as u32));
                        for k in min as u32..=last {
                            table.sites_at_distance(s as u32, k, |t| r.insert(t as i32));
                        }
                    }
                    Some(step) => self.sites_by_steps(s as u32, min, max, step, c, &mut r),
                }
            }
            _ => return self.region(f, c),
        }
        r
    }
}

impl GameDef {
    /// The sites of a region that is a short list around one site (`sites Around` of a
    /// site, `sites Direction`, `sites LineOfSight Piece`, `sites Between`, a site's
    /// relation), or the sites of such a list that lie in other regions or pass a condition
    /// (an intersection with one, a `forEach` of one `if:`), distinct, without building a
    /// bit set; `None` for other regions.
    pub(super) fn small_sites(&self, r: &RegionFn, c: &Ctx) -> Option<SmallVec<[u32; 12]>> {
        let n = self.n();
        let on_board = |s: i32| s >= 0 && (s as usize) < n;
        let mut out: SmallVec<[u32; 12]> = SmallVec::new();
        let mut push = |t: u32| {
            if !out.contains(&t) {
                out.push(t);
            }
        };
        match r {
            RegionFn::Around { .. } => return self.small_around(r, c),
            RegionFn::Related(x, rel) => {
                let s = self.int(x, c);
                if on_board(s) {
                    return Some(SmallVec::from_slice(self.board.relation(s as u32, *rel)));
                }
            }
            RegionFn::Filter(a, cond) => {
                let mut sites = self.small_sites(a, c)?;
                let cond = self.cond(Some(cond));
                let mut c2 = *c;
                sites.retain(|t| {
                    c2.site = *t as i32;
                    cond.holds(self, &c2)
                });
                return Some(sites);
            }
            // a short list's sites in the other members, where another is a short list too
            // (radial queries have their own path, `count_small_intersection`)
            RegionFn::Intersection(v)
                if v.iter()
                    .all(|x| matches!(x, RegionFn::Related(..) | RegionFn::Filter(..)))
                    || v.iter().filter(|x| matches!(x, RegionFn::Related(..))).count() >= 2 =>
            {
                let (first, rest) = v.split_first()?;
                let mut sites = self.small_sites(first, c)?;
                for x in rest {
                    if sites.is_empty() {
                        break;
                    }
                    match self.small_sites(x, c) {
                        Some(other) => sites.retain(|t| other.contains(t)),
                        None => sites.retain(|t| self.in_region(*t as i32, x, c)),
                    }
                }
                return Some(sites);
            }
            RegionFn::Direction {
                from,
                dirs,
                included,
                stop,
                distance,
                ..
            } => {
                // one step along every radial of relations: the neighbour table
                if let (Some(IntFn::Const(1)), None, false) = (distance.as_deref(), stop, included) {
                    if dirs.iter().all(|d| matches!(d, Direction::Rel(_))) {
                        let mut near = SmallVec::new();
                        self.around_site(self.int(from, c), dirs, &mut near);
                        return Some(near);
                    }
                }
                self.walk_direction(r, c, &mut push);
            }
            RegionFn::LineOfSight { at, dirs, kind } => {
                let s = self.int(at, c);
                if on_board(s) {
                    let mut buf = super::tables::Dirs::new();
                    let dirs = self.abs_dirs(dirs, s, c, &mut buf);
                    self.board
                        .line_of_sight(s as u32, *kind, dirs, |t| !c.s.sites[t as usize].is_empty(), &mut push);
                }
            }
            RegionFn::Between {
                from,
                to,
                dirs,
                included,
            } => self.between_sites((from, to, dirs, *included), c, &mut push),
            _ => return None,
        }
        Some(out)
    }

    /// `t` in `(sites LineOfSight Piece at:s dirs)`: occupied and the first occupied site of
    /// some radial from `s`.
    fn in_line_of_sight(&self, t: u32, s: i32, dirs: &[Direction], c: &Ctx) -> bool {
        if s < 0 || s as usize >= self.n() || c.s.sites[t as usize].is_empty() {
            return false;
        }
        for &d in dirs {
            for r in self.board.radials(s as u32, d) {
                if let Some(&u) = r[1..].iter().find(|&&u| !c.s.sites[u as usize].is_empty()) {
                    if u == t {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// `s` in a region; cached regions are read in place and short lists are not built
    /// into bit sets.
    pub(super) fn in_region(&self, s: i32, r: &RegionFn, c: &Ctx) -> bool {
        if s < 0 {
            return false;
        }
        match r {
            RegionFn::Cached(slot, inner) => self.with_cached(*slot, inner, c, |region| region.contains(s)),
            RegionFn::Owned(..) | RegionFn::Empty => self.contains_site(r, s as u32, c),
            // (a component's start sites, read in place)
            RegionFn::Start(what) => usize::try_from(self.int(what, c))
                .ok()
                .and_then(|w| self.start_positions.get(w))
                .is_some_and(|r| r.contains(s)),
            _ => match self.small_sites(r, c) {
                Some(v) => v.contains(&(s as u32)),
                None => self.region(r, c).contains(s),
            },
        }
    }

    /// `(count Sites in:(intersection {..}))` where a member is a short list: the list's
    /// sites that lie in every other member. `None` if no member is a short list.
    pub(super) fn count_small_intersection(&self, r: &RegionFn, c: &Ctx) -> Option<i32> {
        let RegionFn::Intersection(v) = r else {
            return None;
        };
        // only where a radial query is involved (neighbourhoods alone have their own path)
        if !v.iter().any(|x| {
            matches!(
                x,
                RegionFn::Direction { .. } | RegionFn::LineOfSight { .. } | RegionFn::Between { .. }
            )
        }) {
            return None;
        }
        // candidates: the first member that is a short list; the others are tested per site
        // (cached regions in place, lines of sight by walking, other lists built once)
        let i = v.iter().position(|x| {
            matches!(
                x,
                RegionFn::Around { .. } | RegionFn::Direction { .. } | RegionFn::Between { .. }
            )
        })?;
        let near = self.small_sites(&v[i], c)?;
        let mut lists: SmallVec<[Option<SmallVec<[u32; 12]>>; 4]> = SmallVec::from_elem(None, v.len());
        let mut count = 0;
        'site: for &t in &near {
            for (j, x) in v.iter().enumerate() {
                if j == i {
                    continue;
                }
                let inside = match x {
                    RegionFn::Cached(..) | RegionFn::Owned(..) => self.in_region(t as i32, x, c),
                    RegionFn::LineOfSight {
                        at,
                        dirs,
                        kind: LineOfSight::Piece,
                    } => self.in_line_of_sight(t, self.int(at, c), dirs, c),
                    _ => {
                        if lists[j].is_none() {
                            lists[j] = self.small_sites(x, c);
                        }
                        match &lists[j] {
                            Some(l) => l.contains(&t),
                            None => self.in_region(t as i32, x, c),
                        }
                    }
                };
                if !inside {
                    continue 'site;
                }
            }
            count += 1;
        }
        Some(count)
    }
}

impl GameDef {
    /// [`IntFn::MemoSite`]: the value at `(site)`, computed once per site for the state and
    /// roles.
    pub(super) fn memo_site(&self, slot: u32, inner: &IntFn, c: &Ctx) -> i32 {
        let site = c.site;
        if site < 0 || site as usize >= self.n() {
            return self.int(inner, c);
        }
        let key = c.role_key();
        let slot = slot as usize;
        if let Some(Some((k, table))) = c.cache.tables().site_ints.borrow().get(slot) {
            if *k == key && table.get(site as usize).is_some_and(|&v| v != i32::MIN) {
                return table[site as usize];
            }
        }
        let v = self.int(inner, c);
        let mut tables = c.cache.tables().site_ints.borrow_mut();
        if tables.len() <= slot {
            tables.resize(slot + 1, None);
        }
        let entry = &mut tables[slot];
        match entry {
            // (pooled caches may come from another game: the table is sized again)
            Some((k, table)) if *k != key || table.len() != self.n() => {
                *k = key;
                table.clear();
                table.resize(self.n(), i32::MIN);
            }
            None => *entry = Some((key, vec![i32::MIN; self.n()])),
            _ => {}
        }
        if let Some((_, table)) = entry {
            table[site as usize] = v;
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::super::game::Cache;
    use crate::board::Relation;
    use crate::engine::Game;
    use crate::expand::Selections;
    use crate::ir::*;
    use rand::{Rng, SeedableRng};

    /// The short-list forms of regions (a site's relation, intersections of such lists,
    /// `forEach` filters of them) and the count of two sites' common neighbours on the
    /// neighbour masks give the sites and counts the general region evaluation gives, for
    /// every pair of sites along random games on a hex board of two words of sites.
    #[test]
    fn short_lists_count_as_the_regions_they_stand_for() {
        let text = r#"(game "Lists" (players 2) (equipment { (board (hex 7)) (piece "Disc" Each) })
            (rules (play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Draw)))))"#;
        let game = Game::load("lists", text, &Selections::default()).expect("loads");
        let g = &game.inner;
        let n = g.n() as i32;
        assert!(n > 64);
        let related = |s: i32, rel| RegionFn::Related(Box::new(IntFn::Const(s)), rel);
        let occupied = || Box::new(BoolFn::IsOccupied(Box::new(IntFn::Site)));
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut s = game.initial_state();
        let mut checked = 0;
        for _ in 0..12 {
            for _ in 0..8 {
                let moves = game.legal_moves(&s);
                game.apply(&mut s, &moves[rng.gen_range(0..moves.len())]);
            }
            let cache = Cache::fresh();
            let c = g.ctx(&s.inner, &cache);
            for a in (-1..n).step_by(3) {
                for b in (0..n).step_by(2) {
                    let both =
                        RegionFn::Intersection(vec![related(a, Relation::Adjacent), related(b, Relation::Adjacent)]);
                    let regions = [
                        related(a, Relation::Adjacent),
                        RegionFn::Filter(Box::new(related(a, Relation::Adjacent)), occupied()),
                        RegionFn::Filter(Box::new(both.clone()), occupied()),
                        RegionFn::Intersection(vec![related(a, Relation::All), related(b, Relation::Orthogonal)]),
                        both,
                    ];
                    for r in &regions {
                        let general = g.region(r, &c);
                        assert_eq!(g.count_region(r, &c), general.len() as i32, "{a} {b}: {r:?}");
                        let mut list: Vec<i32> = g
                            .small_sites(r, &c)
                            .expect("a short list")
                            .iter()
                            .map(|&t| t as i32)
                            .collect();
                        list.sort_unstable();
                        assert_eq!(list, general.iter().collect::<Vec<_>>(), "{a} {b}: {r:?}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 10_000);
    }

    /// `(sites Distance ..)` with a range and with a step move, as Ludii's `SitesDistance`:
    /// sites within the range by the board's relation; by a step move, rings of its steps
    /// that stop at the sites its condition refuses; `(max n)` gives none (Ludii's least is
    /// undefined there).
    #[test]
    fn sites_distance_by_range_and_by_steps() {
        let sites = |region: &str| {
            let text = format!(
                r#"(game "D" (players 2) (equipment {{ (board (square 5)) (piece "Disc" Each) }})
                (rules (start {{ (place "Disc1" 12) (place "Disc2" 13) }})
                (play (forEach Piece (move Select (from) (to {region}))))
                (end (if (no Moves Mover) (result Mover Loss)))))"#
            );
            let game = Game::load("d", &text, &Selections::default()).expect("loads");
            crate::engine::legal_targets(&game, &game.initial_state())
        };
        // from the centre (12) of a 5x5 board, adjacent (all eight neighbours) steps
        assert_eq!(
            sites("(sites Distance from:(from) (range 1 1))"),
            [6, 7, 8, 11, 13, 16, 17, 18]
        );
        assert_eq!(
            sites("(sites Distance Orthogonal from:(from) (range 0 1))"),
            [7, 11, 12, 13, 17]
        );
        assert_eq!(sites("(sites Distance Orthogonal from:(from) (min 2))").len(), 25 - 5);
        assert_eq!(
            sites("(sites Distance from:(from) (max 2))"),
            [-1],
            "none: the forced pass"
        );
        // steps to empty sites only: the piece at 13 blocks the way east
        let east = "(sites Distance (step E (to if:(is Empty (to)))) from:(from) (range 1 5))";
        assert_eq!(sites(east), [-1]);
        let west = "(sites Distance (step W (to if:(is Empty (to)))) from:(from) (range 1 5))";
        assert_eq!(sites(west), [10, 11]);
        let around = "(sites Distance (step Orthogonal (to if:(is Empty (to)))) from:(from) (exact 2))";
        // two orthogonal steps around the piece at 13: 2, 10, 16... but not through 13
        assert_eq!(sites(around), [2, 6, 8, 10, 16, 18, 22]);
    }
}
