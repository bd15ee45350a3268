//! Lines of pieces (`is Line`): along the distinct radials of a site (one of each pair of
//! opposite radials, the first clockwise from North), then on along their opposites.

use super::game::{Ctx, GameDef};
use super::region::Region;
use crate::board::{Dir, Direction, Relation};
use crate::ir::*;
use smallvec::SmallVec;

/// A radial's sites, origin first (see [`GameDef::line_radials`]).
pub(super) type Radial = SmallVec<[u32; 8]>;

pub(super) use super::tables::RadialPair;

impl GameDef {
    /// `(is Target ..)` (see [`BoolFn::IsTarget`]). Without pieces stacking, every site
    /// given (or each board site, when the board has as many as the configuration) holds
    /// the component asked for. With stacks, as Ludii does it: some site given holds that
    /// stack; with no sites given, the board's sites in turn until one of another height.
    pub(super) fn is_target(&self, config: &[i32], sites: Option<&[i32]>, c: &Ctx) -> bool {
        let what = |s: i32| Self::top(c.s, s).map_or(0, |p| p.what as i32);
        let stack_is = |s: i32| {
            c.s.stack(s as usize)
                .is_some_and(|st| st.len() == config.len() && st.iter().zip(config).all(|(p, &w)| p.what as i32 == w))
        };
        let on_board = |s: &i32| *s >= 0 && (*s as usize) < self.n();
        match (self.ir.stacking, sites) {
            (false, None) => config.len() == self.n() && (0..self.n() as i32).all(|s| what(s) == config[s as usize]),
            (false, Some(sites)) => {
                sites.len() == config.len() && sites.iter().zip(config).all(|(s, &w)| on_board(s) && what(*s) == w)
            }
            (true, None) => {
                for s in 0..self.n() as i32 {
                    let height = c.s.stack(s as usize).map_or(0, |st| st.len());
                    if height != config.len() {
                        return false;
                    }
                    if stack_is(s) {
                        return true;
                    }
                }
                false
            }
            (true, Some(sites)) => sites.iter().filter(|s| on_board(s)).any(|&s| stack_is(s)),
        }
    }

    /// `(is Pattern ..)` (see [`Pattern`]): the component at `from` and at each site the
    /// walk steps on are the ones asked for, in turn, for some starting direction.
    pub(super) fn is_pattern(&self, p: &Pattern, c: &Ctx) -> bool {
        !self.pattern_walks(p, c, |_| false)
    }

    /// `(sites Pattern ..)`: the sites of every walk that matches.
    pub(super) fn pattern_sites(&self, p: &Pattern, c: &Ctx) -> Region {
        let mut r = Region::new(self.n());
        self.pattern_walks(p, c, |sites| {
            for &t in sites {
                r.insert(t);
            }
            true
        });
        r
    }

    /// The walks of a pattern from its origin, one per orthogonal direction to start in,
    /// each passed to `each` (its sites, the origin first) when it matches, while `each`
    /// asks for more; false when `each` stopped them.
    fn pattern_walks(&self, p: &Pattern, c: &Ctx, mut each: impl FnMut(&[i32]) -> bool) -> bool {
        let from = self.int(&p.from, c);
        if from < 0 || from as usize >= self.n() {
            return true;
        }
        let what_at = |s: i32| Self::top(c.s, s).map_or(0, |pc| pc.what as i32);
        let whats: SmallVec<[i32; 4]> = if p.whats.is_empty() {
            match what_at(from) {
                0 => return true,
                w => smallvec::smallvec![w],
            }
        } else {
            p.whats.iter().map(|w| self.int(w, c)).collect()
        };
        if what_at(from) != whats[0] {
            return true;
        }
        let orth: SmallVec<[Dir; 16]> = self.board.supported_directions(Relation::Orthogonal).collect();
        let mut sites: SmallVec<[i32; 8]> = SmallVec::new();
        'start: for k in 0..orth.len() {
            let (mut at, mut dir, mut i) = (from, k, 1 % whats.len());
            sites.clear();
            sites.push(from);
            for step in &p.walk {
                match *step {
                    PatternStep::Turn(t) => dir = (dir as isize + t as isize).rem_euclid(orth.len() as isize) as usize,
                    PatternStep::Forward => {
                        match self.board.steps(at as u32, orth[dir]).last() {
                            Some(&to) if what_at(to as i32) == whats[i] => at = to as i32,
                            _ => continue 'start,
                        }
                        sites.push(at);
                        i = (i + 1) % whats.len();
                    }
                }
            }
            if !each(&sites) {
                return false;
            }
        }
        true
    }

    /// `(is Line ..)` in a game without stacks.
    pub(super) fn is_line(&self, l: &LineSpec, c: &Ctx) -> bool {
        if let Some(stacked) = &l.stacked {
            return self.is_line_stacked(l, stacked, c);
        }
        if let Some(r) = &l.through_any {
            let whats: Option<SmallVec<[i32; 4]>> =
                l.whats.as_ref().map(|w| w.iter().map(|x| self.int(x, c)).collect());
            let what_at = |t: i32| Self::top(c.s, t).map_or(0, |p| p.what as i32);
            return self
                .region(r, c)
                .iter()
                .filter(|&t| whats.as_ref().is_none_or(|w| w.contains(&what_at(t))))
                .any(|t| self.is_line_through(l, t, c));
        }
        let locn = match &l.through {
            Some(x) => self.int(x, c),
            None => c.s.history.last().map_or(-1, |m| m.to),
        };
        self.is_line_through(l, locn, c)
    }

    /// `(is Line ..)` through `locn`.
    fn is_line_through(&self, l: &LineSpec, locn: i32, c: &Ctx) -> bool {
        if locn < 0 {
            return false;
        }
        let mut c2 = *c;
        c2.to = locn;
        if l.cond.as_ref().is_some_and(|b| !self.boolean(b, &c2)) || locn as usize >= self.n() {
            return false;
        }
        let what_at = |t: u32| Self::top(c.s, t as i32).map_or(0, |p| p.what as i32);
        let what_locn = what_at(locn as u32);
        let whats = self.line_components(l, what_locn, c);
        if !whats.contains(&what_locn) {
            return false;
        }
        let len = self.int(&l.len, c);
        let exact = l.exact.as_ref().is_some_and(|b| self.boolean(b, c));
        let contiguous = l.contiguous.as_ref().is_none_or(|b| self.boolean(b, c));
        // (a fast form: in a game without stacks, a line of one component, the only one its
        // owner has, with no condition, is read off the owner's words)
        let owner_words = match whats.as_slice() {
            &[w] if self.fast_forms && !self.ir.stacking && l.cond.is_none() && w > 0 => self
                .sole_of_owner
                .get(w as usize)
                .filter(|&&sole| sole)
                .map(|_| c.s.owned_words(self.ir.components[w as usize].owner as usize)),
            _ => None,
        };
        let continues = |t: u32, c3: &Ctx| match owner_words {
            Some(words) => super::region::word_bit(words, t as usize),
            None => whats.contains(&what_at(t)) && l.cond.as_ref().is_none_or(|b| self.boolean(b, c3)),
        };
        // the sites along a radial that continue the line, counting on from `count`; true
        // when the count reaches `len` on the way (not `exact`)
        let walk = |radial: &[u32], count: &mut i32| -> bool {
            let mut c3 = *c;
            for &t in &radial[1..] {
                c3.to = t as i32;
                if continues(t, &c3) {
                    *count += 1;
                    if !exact && *count == len {
                        return true;
                    }
                } else if contiguous {
                    break;
                }
            }
            false
        };
        let table = self.line_tables.get(l.table as usize).filter(|_| self.fast_forms);
        if let (Some(words), Some(table), false, true, 2..=32) = (owner_words, table, exact, contiguous, len) {
            // (read off the owner's words: the lines of this length through the site, tabled
            // when first asked; another length asked later walks)
            let windows = self.line_windows[l.table as usize]
                .get_or_init(|| super::tables::LineWindows::build(table, self.n(), len));
            if windows.len == len {
                return windows.any_within(locn as u32, words);
            }
        }
        match table {
            Some(table) => Self::line_along(table.at(locn as u32), len, walk),
            None => {
                let radials = self.line_radials(locn as u32, &l.dirs, l.same_layer);
                Self::line_along(radials.iter().map(|(r, o)| (&r[..], &o[..])), len, walk)
            }
        }
    }

    /// Whether a line reaches `len` along some radial and its opposite (empty: none):
    /// counting the site itself, then along the radial with `walk` (which counts on and says
    /// whether `len` was reached on the way), then on along the opposite.
    pub(super) fn line_along<'a>(
        pairs: impl IntoIterator<Item = (&'a [u32], &'a [u32])>,
        len: i32,
        walk: impl Fn(&[u32], &mut i32) -> bool,
    ) -> bool {
        pairs.into_iter().any(|(radial, opposite)| {
            let mut count = 1;
            walk(radial, &mut count)
                || if opposite.is_empty() {
                    count == len
                } else {
                    walk(opposite, &mut count) || count == len
                }
        })
    }

    /// `(is Line ..)` in a game with stacks, as Ludii's stacked form reads it: the
    /// components are those given, else the top piece's at the site; `byLevel:` walks the
    /// pieces at the site's top level, flat and then rising and falling one level a step
    /// (after checking down the stack itself); otherwise a site continues the line when its
    /// top piece (`top:`), or any of its pieces, is one of them and `if:` holds there. Lines
    /// are contiguous; `contiguous:` is not read.
    fn is_line_stacked(&self, l: &LineSpec, stacked: &StackedLine, c: &Ctx) -> bool {
        let locn = match &l.through {
            Some(x) => self.int(x, c),
            None => c.s.history.last().map_or(-1, |m| m.to),
        };
        if locn < 0 || locn as usize >= self.n() {
            return false;
        }
        let stack = |t: u32| c.s.sites[t as usize].as_slice();
        let top = stack(locn as u32).last().map_or(0, |p| p.what as i32);
        let whats = self.line_components(l, top, c);
        let len = self.int(&l.len, c);
        if len == 1 {
            return true;
        }
        let exact = l.exact.as_ref().is_some_and(|b| self.boolean(b, c));
        // (each site's radials and opposites tabled at load, or found here)
        let table = self
            .stacked_line_tables
            .get(l.table as usize)
            .filter(|_| self.fast_forms);
        let found: SmallVec<[RadialPair; 8]> = match table {
            Some(_) => SmallVec::new(),
            None => self
                .distinct_radials(locn as u32, &l.dirs)
                .iter()
                .map(|&r| (r, self.opposite_radials(locn as u32, r, &l.dirs)))
                .collect(),
        };
        let found = found.iter().map(|(r, o)| (*r, o.iter().copied()));
        // whether the piece at `level` of `t` is one of the line's (none past the top)
        let at = |t: u32, level: i32| {
            level >= 0
                && stack(t)
                    .get(level as usize)
                    .is_some_and(|p| whats.contains(&(p.what as i32)))
        };
        if stacked.by_level.as_ref().is_some_and(|b| self.boolean(b, c)) {
            let size = stack(locn as u32).len() as i32;
            return match table {
                Some(t) => Self::line_by_level(t.pairs(locn as u32), locn as u32, size, len, exact, at),
                None => Self::line_by_level(found, locn as u32, size, len, exact, at),
            };
        }
        let top = stacked.top.as_ref().is_some_and(|b| self.boolean(b, c));
        let holds = |t: u32| {
            if top {
                stack(t).last().is_some_and(|p| whats.contains(&(p.what as i32)))
            } else {
                stack(t).iter().any(|p| whats.contains(&(p.what as i32)))
            }
        };
        if !holds(locn as u32) {
            return false;
        }
        let walk = |radial: &[u32], count: &mut i32| -> bool {
            let mut c3 = *c;
            for &t in &radial[1..] {
                c3.to = t as i32;
                if !(holds(t) && l.cond.as_ref().is_none_or(|b| self.boolean(b, &c3))) {
                    break;
                }
                *count += 1;
                if !exact && *count == len {
                    return true;
                }
            }
            false
        };
        // (each radial with its first opposite)
        fn first<'p>((r, mut o): (&'p [u32], impl Iterator<Item = &'p [u32]>)) -> (&'p [u32], &'p [u32]) {
            (r, o.next().unwrap_or(&[]))
        }
        match table {
            Some(t) => Self::line_along(t.pairs(locn as u32).map(first), len, walk),
            None => Self::line_along(found.map(first), len, walk),
        }
    }

    /// A line by level (`byLevel:`) of `len` through the top of `locn`, a stack of `size`,
    /// where `at(t, level)` says whether the piece at that level of `t` is one of the line's:
    /// down the stack itself, under its top; then along each radial (of `pairs`, each with
    /// its opposites) flat, falling then rising, and rising then falling a level a step, as
    /// Ludii's stacked form reads it.
    pub(super) fn line_by_level<'p, O: ExactSizeIterator<Item = &'p [u32]> + Clone>(
        pairs: impl IntoIterator<Item = (&'p [u32], O)>,
        locn: u32,
        size: i32,
        len: i32,
        exact: bool,
        at: impl Fn(u32, i32) -> bool,
    ) -> bool {
        // down the stack itself, under its top
        if size >= len {
            let mut count = 1;
            for i in 0..len - 1 {
                if !at(locn, size - 2 - i) {
                    break;
                }
                count += 1;
                if !exact && count == len {
                    return true;
                }
            }
            if count == len {
                return true;
            }
        }
        let origin = size - 1;
        if origin < 0 {
            return false;
        }
        // along a radial (from its start, or from its first step on), `rise` levels a
        // step from `level`; the count on from `count`, true when it reaches `len` on
        // the way (not `exact`). A level below the board ends nothing: the sites after
        // it are passed over.
        let walk = |radial: &[u32], skip: usize, level: i32, rise: i32, count: &mut i32| -> bool {
            let mut diff = 0;
            for &t in &radial[skip..] {
                let lv = level + rise * diff;
                if lv == -1 {
                    continue;
                }
                if !at(t, lv) {
                    break;
                }
                *count += 1;
                if rise != 0 {
                    diff += 1;
                }
                if !exact && *count == len {
                    return true;
                }
            }
            false
        };
        for (radial, opposites) in pairs {
            // flat, falling then rising, rising then falling
            for (rise, back, check_back) in [(0, 0, true), (-1, 1, false), (1, -1, true)] {
                let mut count = 0;
                if walk(radial, 0, origin, rise, &mut count) {
                    return true;
                }
                if opposites.len() == 0 {
                    if count == len {
                        return true;
                    }
                    continue;
                }
                for opp in opposites.clone() {
                    let mut n = count;
                    let start = if back == 0 { origin } else { origin + back };
                    if walk(opp, 1, start, back, &mut n) {
                        return true;
                    }
                    // (Ludii's falling-then-rising form checks the first half's count here)
                    if if check_back { n == len } else { count == len } {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// The components a line is made of: those given, else every component of `who`, else
    /// the one at the line's site (`at_site`).
    fn line_components(&self, l: &LineSpec, at_site: i32, c: &Ctx) -> SmallVec<[i32; 4]> {
        match (&l.whats, &l.who) {
            (Some(v), _) => v.iter().map(|x| self.int(x, c)).collect(),
            (None, Some(who)) => {
                let who = self.int(who, c);
                (1..self.ir.components.len() as i32)
                    .filter(|&k| self.ir.components[k as usize].owner as i32 == who)
                    .collect()
            }
            (None, None) => smallvec::smallvec![at_site],
        }
    }

    /// The radials a line through `s` is counted along, each with the one Ludii keeps as its
    /// opposite (empty: none); with `same_layer` on a layered board, the straight lines of
    /// steps within the layer of `s`, clockwise from North (a radial of the board may pass
    /// through another layer between two sites of this one).
    pub(super) fn line_radials(&self, s: u32, dirs: &[Direction], same_layer: bool) -> Vec<(Radial, Radial)> {
        if !same_layer || self.layers.is_empty() {
            return self
                .distinct_radials(s, dirs)
                .into_iter()
                .map(|r| {
                    let o = self.opposite_radials(s, r, dirs).first().copied().unwrap_or(&[]);
                    (Radial::from_slice(r), Radial::from_slice(o))
                })
                .collect();
        }
        let layer = self.layers[s as usize];
        let in_layer = |t: u32, d: Dir| {
            self.board
                .steps(t, d)
                .iter()
                .copied()
                .find(|&x| self.layers[x as usize] == layer)
        };
        let all: SmallVec<[(Dir, Radial); 8]> = Dir::ALL
            .into_iter()
            .filter_map(|d| {
                let mut r = Radial::new();
                r.push(s);
                let mut at = s;
                while let Some(t) = in_layer(at, d).filter(|t| !r.contains(t)) {
                    r.push(t);
                    at = t;
                }
                (r.len() >= 2).then_some((d, r))
            })
            .collect();
        let mut out: Vec<(Radial, Radial)> = Vec::new();
        for (_, r) in &all {
            if out.iter().any(|(e, _)| e == r || self.opposite(s, e, r)) {
                continue;
            }
            let o = all
                .iter()
                .find(|(_, o)| self.opposite(s, r, o))
                .map_or(Radial::new(), |(_, o)| o.clone());
            out.push((r.clone(), o));
        }
        out
    }

    /// The radials of a site in some directions, without the ones opposite an earlier one
    /// (clockwise from North).
    pub(super) fn distinct_radials(&self, s: u32, dirs: &[Direction]) -> SmallVec<[&[u32]; 8]> {
        let mut out: SmallVec<[&[u32]; 8]> = SmallVec::new();
        for d in dirs {
            for r in self.board.radials(s, *d) {
                if r.len() < 2 || out.iter().any(|e| e == &r || self.opposite(s, e, r)) {
                    continue;
                }
                out.push(r);
            }
        }
        out
    }

    /// The radial opposite `r` as Ludii keeps it (`Radial.opposites()`: at most one): the
    /// first radial, in Ludii's order, of the same generic direction (Adjacent, Orthogonal,
    /// ..) whose first step leaves `s` the opposite way; for a compass direction, the first
    /// such radial of any compass direction, in Ludii's AbsoluteDirection order.
    pub(super) fn opposite_radials(&self, s: u32, r: &[u32], dirs: &[Direction]) -> SmallVec<[&[u32]; 2]> {
        let ok = |o: &&[u32]| o.len() >= 2 && self.opposite(s, r, o);
        for d in dirs {
            let found = match d {
                Direction::Compass(_) => [
                    Dir::N,
                    Dir::E,
                    Dir::S,
                    Dir::W,
                    Dir::NE,
                    Dir::SE,
                    Dir::NW,
                    Dir::SW,
                    Dir::NNW,
                    Dir::WNW,
                    Dir::WSW,
                    Dir::SSW,
                    Dir::SSE,
                    Dir::ESE,
                    Dir::ENE,
                    Dir::NNE,
                ]
                .iter()
                .flat_map(|&k| self.board.radials(s, Direction::Compass(k)))
                .find(ok),
                _ => self.board.radials(s, *d).find(ok),
            };
            if let Some(o) = found {
                return smallvec::smallvec![o];
            }
        }
        SmallVec::new()
    }

    /// Whether two radials of site `s` leave it in opposite directions (within about 6°).
    fn opposite(&self, s: u32, a: &[u32], b: &[u32]) -> bool {
        let (sx, sy) = self.board.xy(s);
        let (ax, ay) = self.board.xy(a[1]);
        let (bx, by) = self.board.xy(b[1]);
        let (ux, uy, vx, vy) = (ax - sx, ay - sy, bx - sx, by - sy);
        // opposite when the cross product is small against the dot product, which is negative
        let dot = ux * vx + uy * vy;
        let cross = ux * vy - uy * vx;
        dot < 0.0 && cross.abs() < (0.1f64).tan() * -dot
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::Game;
    use crate::expand::Selections;

    /// A one-row board of three sites, a disc (component 1; one player's pieces take no
    /// number) at site 0 and a square (component 2) at site 1, each stepping to an empty
    /// site (onto any site, where pieces stack); `end` decides.
    fn game(end: &str, stacking: bool) -> Game {
        let step = if stacking {
            "(to if:True) stack:True"
        } else {
            "(to if:(is Empty (to)))"
        };
        let text = format!(
            r#"(game "Target" (players 1)
              (equipment {{ (board (rectangle 1 3)) (piece "Disc" P1 (move Step Orthogonal {step}))
                (piece "Square" P1 (move Step Orthogonal {step})) }})
              (rules (start {{ (place "Disc" 0) (place "Square" 1) }})
                (play (forEach Piece)) (end {{ (if {end} (result P1 Win)) (if (no Moves Mover) (result P1 Loss)) }})))"#,
        );
        Game::load("target", &text, &Selections::default()).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Whether stepping the piece at `from` to `to` from the start wins.
    fn wins_after(game: &Game, from: i32, to: i32) -> bool {
        let mut s = game.initial_state();
        let mv = game
            .legal_moves(&s)
            .into_iter()
            .find(|m| m.from_site() == from && m.to_site() == to)
            .unwrap_or_else(|| panic!("no move {from}-{to}"));
        game.apply(&mut s, &mv);
        s.is_over() && s.ranking().get(1) == Some(&1.0)
    }

    #[test]
    fn is_target_compares_the_board_or_the_sites_given() {
        // the whole board: disc, empty, square
        let g = game("(is Target {1 0 2})", false);
        assert!(wins_after(&g, 1, 2));
        assert!(!game("(is Target {2 0 1})", false).initial_state().is_over());
        // a configuration of another length than the board never holds
        let g = game("(is Target {1 0})", false);
        assert!(!wins_after(&g, 1, 2));
        // sites given: the square at 2
        let g = game("(is Target {2} 2)", false);
        assert!(wins_after(&g, 1, 2));
        let g = game("(is Target {1 2} {0 2})", false);
        assert!(wins_after(&g, 1, 2));
        assert!(!game("(is Target {1 2} {0 1 2})", false).initial_state().is_over());
    }

    #[test]
    fn is_target_on_stacks_looks_for_a_site_with_that_stack() {
        // the square onto the disc: a stack of disc then square at 0
        let g = game("(is Target {1 2} 0)", true);
        assert!(wins_after(&g, 1, 0));
        let g = game("(is Target {2 1} 0)", true);
        assert!(!wins_after(&g, 1, 0));
        // no sites given: the first site's stack, as Ludii reads them (site 0 here)
        let g = game("(is Target {1 2})", true);
        assert!(wins_after(&g, 1, 0));
    }
}
