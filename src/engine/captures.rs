//! Captures by flanking and by surrounding (`custodial`, `surround`): effects generated at
//! the sites captured, with `between` set to each.

use super::compiled::Cond;
use super::game::{Ctx, GameDef};
use super::moves::{Action, MoveData};
use super::region::Region;
use crate::board::Direction;
use crate::ir::*;
use smallvec::SmallVec;

impl GameDef {
    /// The effect at a captured site: the given one, else its removal.
    fn capture(&self, apply: Option<&Moves>, c: &Ctx, b: i32, out: &mut Vec<MoveData>) {
        let mut c2 = *c;
        c2.between = b;
        match apply {
            Some(m) => self.gen(m, &mut c2, out),
            None => {
                if Self::top(c.s, b).is_some() {
                    self.push_move(out, c, b, b).push(Action::Remove {
                        site: b as u32,
                        count: 1,
                    });
                }
            }
        }
    }

    /// Whether `between if:` (default: an enemy piece) holds at `b` (set in `c`).
    #[inline]
    fn between_holds(&self, cond: Option<Cond>, c: &mut Ctx, b: i32) -> bool {
        c.between = b;
        match cond {
            Some(x) => x.holds(self, c),
            None => {
                let who = Self::top(c.s, b).map_or(0, |p| p.who);
                who != 0 && who != c.mover
            }
        }
    }

    /// Whether `to if:` (default: a friendly piece) holds at `t` (-1 off the board; set in
    /// `c`).
    #[inline]
    fn closing_holds(&self, cond: Option<Cond>, c: &mut Ctx, t: i32) -> bool {
        c.to = t;
        match cond {
            Some(x) => x.holds(self, c),
            None => Self::top(c.s, t).is_some_and(|p| p.who == c.mover),
        }
    }

    /// `(custodial ..)`: along each radial from the origin, a run of sites passing the
    /// between condition closed by a site passing the to condition: with at most one site
    /// between (`(max 1)`), the run is that site and the closing site must be on the board;
    /// else the run is as long as it may be (up to the range's greatest) and a run reaching
    /// the edge is closed by no site (-1).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn gen_custodial(
        &self,
        from: Option<&IntFn>,
        dirs: &[Direction],
        (min, max): (Option<&IntFn>, Option<&IntFn>),
        between_cond: Option<&BoolFn>,
        between_apply: Option<&Moves>,
        to_cond: Option<&BoolFn>,
        c: &Ctx,
        out: &mut Vec<MoveData>,
    ) {
        let (between_cond, to_cond) = (
            between_cond.map(|b| self.cond(Some(b))),
            to_cond.map(|b| self.cond(Some(b))),
        );
        let Some(f) = self.site_or_last_to(from, c) else { return };
        let mut c1 = *c;
        c1.from = f;
        let min = min.map_or(0, |x| self.int(x, &c1));
        let max = max.map_or(i32::MAX, |x| self.int(x, &c1));
        for d in dirs {
            for radial in self.board.radials(f as u32, *d) {
                if max == 1 && min < 2 {
                    let (Some(&b), Some(&t)) = (radial.get(1), radial.get(2)) else {
                        continue;
                    };
                    if self.between_holds(between_cond, &mut c1, b as i32)
                        && self.closing_holds(to_cond, &mut c1, t as i32)
                    {
                        self.capture(between_apply, &c1, b as i32, out);
                    }
                } else if max > 1 && min <= max {
                    let mut idx = 1;
                    while idx < radial.len()
                        && (idx as i64) <= max as i64
                        && self.between_holds(between_cond, &mut c1, radial[idx] as i32)
                    {
                        idx += 1;
                    }
                    if idx == 1 || min as i64 >= idx as i64 {
                        continue;
                    }
                    let t = radial.get(idx).map_or(-1, |&t| t as i32);
                    if self.closing_holds(to_cond, &mut c1, t) {
                        for &b in &radial[1..idx] {
                            self.capture(between_apply, &c1, b as i32, out);
                        }
                    }
                }
            }
        }
    }

    /// `(intervene ..)` (see [`MovesKind::Intervene`]): for each radial from the origin
    /// whose run of targets (sites where `to if:` holds, default an enemy piece, as long as
    /// the range allows) has a length in the range and whose opposite radial's run does too,
    /// the effect (default: removal) at each site of the opposite run, then of this one.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn gen_intervene(
        &self,
        from: Option<&IntFn>,
        dirs: &[Direction],
        (min, max): (Option<&IntFn>, Option<&IntFn>),
        to_cond: Option<&BoolFn>,
        to_apply: Option<&Moves>,
        c: &Ctx,
        out: &mut Vec<MoveData>,
    ) {
        let Some(f) = self.site_or_last_to(from, c) else { return };
        // (Ludii leaves `from` as it is: conditions and effects read `to`)
        let mut c1 = *c;
        let min = min.map_or(1, |x| self.int(x, &c1)).max(0) as usize;
        let max = max.map_or(1, |x| self.int(x, &c1)).max(0) as usize;
        let mut target = |t: u32| {
            c1.to = t as i32;
            match to_cond {
                Some(x) => self.boolean(x, &c1),
                None => Self::top(c.s, t as i32).is_some_and(|p| p.who != 0 && p.who != c.mover),
            }
        };
        // the run of targets along a radial (its sites after the origin), up to `max`
        let mut run = |r: &[u32]| -> SmallVec<[u32; 4]> {
            r.iter().skip(1).take(max).copied().take_while(|&t| target(t)).collect()
        };
        let effect = |t: u32, out: &mut Vec<MoveData>| {
            let mut c2 = *c;
            c2.to = t as i32;
            match to_apply {
                Some(m) => self.gen(m, &mut c2, out),
                None => {
                    if Self::top(c.s, t as i32).is_some() {
                        self.push_move(out, c, t as i32, t as i32)
                            .push(Action::Remove { site: t, count: 1 });
                    }
                }
            }
        };
        for d in dirs {
            for radial in self.board.radials(f as u32, *d) {
                let here = run(radial);
                if here.len() < min || here.len() > max {
                    continue;
                }
                // (Ludii gathers the opposite runs in one list; there is at most one here)
                let mut found = false;
                for o in self.opposite_radials(f as u32, radial, dirs) {
                    let there = run(o);
                    if there.len() < min || there.len() > max {
                        continue;
                    }
                    for &t in &there {
                        effect(t, out);
                    }
                    found = true;
                }
                if found {
                    for &t in &here {
                        effect(t, out);
                    }
                }
            }
        }
    }

    /// `(directional ..)` (see [`MovesKind::Directional`]): along each radial of each
    /// direction from the origin, the effect at every site of the run of targets.
    pub(super) fn gen_directional(
        &self,
        from: Option<&IntFn>,
        dirs: &[Direction],
        to_cond: Option<&BoolFn>,
        to_apply: &Moves,
        c: &Ctx,
        out: &mut Vec<MoveData>,
    ) {
        let Some(f) = self.site_or_last_to(from, c) else { return };
        let mut buf = super::tables::Dirs::new();
        let dirs = self.abs_dirs(dirs, f, c, &mut buf);
        let mut c1 = *c;
        for d in dirs {
            for radial in self.board.radials(f as u32, *d) {
                for &t in &radial[1..] {
                    c1.to = t as i32;
                    let target = match to_cond {
                        Some(x) => self.boolean(x, &c1),
                        None => Self::top(c.s, t as i32).is_some_and(|p| p.who != 0 && p.who != c.mover),
                    };
                    if !target {
                        break;
                    }
                    let mut c2 = *c;
                    c2.from = -1;
                    c2.to = t as i32;
                    self.gen(to_apply, &mut c2, out);
                }
            }
        }
    }

    /// `(enclose ..)` (see [`MovesKind::Enclose`]): the groups next to the origin are
    /// taken in the order their first site was found, each grown breadth first; the effect
    /// runs at every site of each group without a liberty.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn gen_enclose(
        &self,
        from: Option<&IntFn>,
        dirs: &[Direction],
        between_cond: Option<&BoolFn>,
        between_apply: Option<&Moves>,
        exceptions: Option<&IntFn>,
        targets_empty: bool,
        c: &Ctx,
        out: &mut Vec<MoveData>,
    ) {
        let between_cond = between_cond.map(|b| self.cond(Some(b)));
        let Some(f) = self.site_or_last_to(from, c) else { return };
        if Self::top(c.s, f).is_none() {
            return;
        }
        let n = self.n();
        let mut c1 = *c;
        let exceptions = exceptions.map_or(0, |x| self.int(x, &c1));
        let empty = |t: u32| Self::top(c.s, t as i32).is_none();
        let neighbours = |s: u32| {
            dirs.iter()
                .flat_map(move |d| self.board.steps_in(s, *d).iter().copied())
        };
        let mut around: SmallVec<[u32; 8]> = SmallVec::new();
        for t in neighbours(f as u32) {
            if !around.contains(&t)
                && (self.between_holds(between_cond, &mut c1, t as i32) || exceptions > 0 && empty(t))
            {
                around.push(t);
            }
        }
        if around.is_empty() {
            return;
        }
        let mut checked = Region::new(n);
        let mut in_group = Region::new(n);
        let mut group: SmallVec<[u32; 32]> = SmallVec::new();
        let mut enclosing: SmallVec<[u32; 32]> = SmallVec::new();
        'targets: for &target in &around {
            if checked.contains(target as i32) {
                continue;
            }
            let mut left = exceptions;
            if left > 0 && empty(target) {
                left -= 1;
            }
            in_group.clear();
            group.clear();
            group.push(target);
            in_group.insert(target as i32);
            let mut i = 0;
            while i < group.len() {
                let site = group[i];
                for t in neighbours(site) {
                    if in_group.contains(t as i32) {
                        continue;
                    }
                    if self.between_holds(between_cond, &mut c1, t as i32) {
                        in_group.insert(t as i32);
                        group.push(t);
                    } else if empty(t) {
                        if left == 0 {
                            continue 'targets;
                        }
                        left -= 1;
                        in_group.insert(t as i32);
                        group.push(t);
                    }
                }
                checked.insert(site as i32);
                i += 1;
            }
            // the sites around the group: none may be a liberty
            enclosing.clear();
            for &g in &group {
                for t in neighbours(g) {
                    if in_group.contains(t as i32) || enclosing.contains(&t) {
                        continue;
                    }
                    let liberty = if targets_empty {
                        self.between_holds(between_cond, &mut c1, t as i32)
                    } else {
                        empty(t)
                    };
                    if liberty {
                        continue 'targets;
                    }
                    enclosing.push(t);
                }
            }
            // a condition accepting empty sites: the enclosing sites must form one chain
            // (walked from the first, each to a neighbour in any direction)
            if targets_empty {
                let Some(&first) = enclosing.first() else { continue };
                let mut site = first;
                while enclosing.len() != 1 {
                    let all = crate::board::Relation::All;
                    let Some(&next) = self.board.relation(site, all).iter().find(|t| enclosing.contains(t)) else {
                        continue 'targets;
                    };
                    if let Some(k) = enclosing.iter().position(|&x| x == site) {
                        enclosing.remove(k);
                    }
                    site = next;
                }
            }
            for &b in &group {
                self.capture(between_apply, &c1, b as i32, out);
            }
        }
    }

    /// `(surround ..)`: each neighbour of the origin passing the between condition whose own
    /// neighbours (in the same relation) are the origin or pass the to condition, but for
    /// at most `except` of them.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn gen_surround(
        &self,
        from: Option<&IntFn>,
        dirs: &[Direction],
        between_cond: Option<&BoolFn>,
        between_apply: Option<&Moves>,
        to_cond: Option<&BoolFn>,
        [except, with]: [Option<&IntFn>; 2],
        c: &Ctx,
        out: &mut Vec<MoveData>,
    ) {
        let (between_cond, to_cond) = (
            between_cond.map(|b| self.cond(Some(b))),
            to_cond.map(|b| self.cond(Some(b))),
        );
        let f = match from {
            Some(x) => self.int(x, c),
            None => c.from,
        };
        if f < 0 || f as usize >= self.n() {
            return;
        }
        let mut c1 = *c;
        c1.from = f;
        let except = except.map_or(0, |x| self.int(x, &c1));
        let with = with.map(|x| self.int(x, &c1));
        for d in dirs {
            for radial in self.board.radials(f as u32, *d) {
                let Some(&target) = radial.get(1) else { continue };
                if !self.between_holds(between_cond, &mut c1, target as i32) {
                    continue;
                }
                let mut free = 0;
                let mut with_met = with.is_none();
                for r2 in self.board.radials(target, *d) {
                    let Some(&s) = r2.get(1) else { continue };
                    if s as i32 != f && !self.closing_holds(to_cond, &mut c1, s as i32) {
                        free += 1;
                    }
                    if with.is_some_and(|w| Self::top(c.s, s as i32).map_or(0, |p| i32::from(p.what)) == w) {
                        with_met = true;
                    }
                    // (as Ludii, which stops at the first neighbour too many: the `to` a
                    // later radial's between condition reads is the last one tried)
                    if free > except {
                        break;
                    }
                }
                if free <= except && with_met {
                    self.capture(between_apply, &c1, target as i32, out);
                }
            }
        }
    }
}
