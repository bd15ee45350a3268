//! Moves along lines and walks: slides, leaps and shots (see `Slide`, `Leap`, `Shoot` in
//! Ludii). Effects of `to` and `between` are generated in the pre-move state and come
//! before the move itself, as for steps.

use super::game::{Ctx, GameDef};
use super::moves::{Action, MoveData};
use crate::board::{Dir, Direction, Relation};
use crate::ir::*;
use smallvec::SmallVec;

impl GameDef {
    /// The origin of a move (its `(from ..)` site, else the iterator `from`) on the board,
    /// and the context with `from` set, when the `from` condition holds there.
    fn checked_origin<'a>(&self, from: &Option<Place>, c: &Ctx<'a>) -> Option<(i32, Ctx<'a>)> {
        let f = self.origin(from, c);
        if f < 0 || f as usize >= self.n() {
            return None;
        }
        let mut c1 = *c;
        c1.from = f;
        let cond = from.as_ref().and_then(|p| p.cond.as_ref());
        cond.is_none_or(|b| self.boolean(b, &c1)).then_some((f, c1))
    }

    /// A site given, else `(last To)`, when on the board.
    pub(super) fn site_or_last_to(&self, at: Option<&IntFn>, c: &Ctx) -> Option<i32> {
        let f = match at {
            Some(x) => self.int(x, c),
            None => c.s.history.last().map_or(-1, |m| m.to),
        };
        (f >= 0 && (f as usize) < self.n()).then_some(f)
    }

    /// `(move Slide ..)`: along each radial from the origin, a move to each site passed
    /// (from the least distance on), while the sites passed may be passed (`between if:`,
    /// by default empty); a site where `to if:` holds ends the radial with a move there
    /// carrying `to`'s effect. `to`'s `apply if:` filters every move.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn gen_slide(
        &self,
        from: &Option<Place>,
        dirs: &[Direction],
        (min, max): (Option<&IntFn>, Option<&IntFn>),
        between_cond: Option<&BoolFn>,
        between_apply: Option<&Moves>,
        (to, stack, trail): (&Place, bool, Option<&IntFn>),
        c: &Ctx,
        out: &mut Vec<MoveData>,
    ) {
        // (asked whether there is a move: done at the first)
        let (first, c, listed) = (c.first, &Ctx { first: false, ..*c }, out.len());
        let Some((f, c1)) = self.checked_origin(from, c) else {
            return;
        };
        // (`between trail:`: the piece left on the origin and each site passed)
        let trail = trail
            .and_then(|w| u16::try_from(self.int(w, &c1)).ok())
            .map(|what| Action::Add {
                site: f as u32,
                what,
                who: self.ir.components.get(what as usize).map_or(0, |k| k.owner),
                count: 1,
                state: -1,
            });
        // (`stack:True`: the whole stack moves; else, from a level given in a game with
        // stacks, the piece there alone, as Ludii's `ActionMoveLevelFrom`)
        let whole = stack.then(|| c.s.stack(f as usize).map_or(1, |st| st.len() as u32));
        let level = match from.as_ref().and_then(|p| p.level.as_ref()) {
            Some(l) if self.ir.stacking && !stack => {
                let l = self.int(l, &c1);
                if l < -1 {
                    return;
                }
                c.s.stack(f as usize)
                    .filter(|st| l >= 0 && (l as usize) < st.len())
                    .map(|_| l as u32)
            }
            _ => None,
        };
        let whole = (whole, level);
        let min = min.map_or(-1, |x| self.int(x, &c1));
        let max = max.map_or(1000, |x| self.int(x, &c1));
        let mut buf = super::tables::Dirs::new();
        let dirs = self.abs_dirs(dirs, f, c, &mut buf);
        let (stop, go, filter) = (
            self.cond(to.cond.as_ref()),
            self.cond(between_cond),
            self.cond(to.apply_if.as_ref()),
        );
        let mut passed: SmallVec<[i32; 16]> = SmallVec::new();
        for d in dirs {
            for radial in self.board.radials(f as u32, *d) {
                // (a move to one site asked for, as a threat asks: along its radials alone)
                if c.target >= 0 && !radial.get(1..).is_some_and(|r| r.contains(&(c.target as u32))) {
                    continue;
                }
                passed.clear();
                let mut c2 = c1;
                for (idx, &t) in radial.iter().enumerate().skip(1) {
                    if idx as i32 > max {
                        break;
                    }
                    let t = t as i32;
                    c2.to = t;
                    // (a stop before the least distance is passed over)
                    if to.cond.is_some() && stop.holds(self, &c2) && min <= idx as i32 {
                        let start = out.len();
                        self.push_slide(
                            (f, t, whole),
                            to.apply.as_deref(),
                            between_apply,
                            &passed,
                            filter,
                            &c2,
                            c,
                            out,
                        );
                        Self::leave_trail(trail.as_ref(), &passed, &mut out[start..]);
                        if first && out.len() > listed {
                            return;
                        }
                        break;
                    }
                    c2.between = t;
                    let may_pass = match between_cond {
                        None => !c.s.is_occupied(t as usize),
                        Some(_) => go.holds(self, &c2),
                    };
                    if !may_pass {
                        break;
                    }
                    if min <= idx as i32 {
                        let start = out.len();
                        self.push_slide((f, t, whole), None, between_apply, &passed, filter, &c2, c, out);
                        Self::leave_trail(trail.as_ref(), &passed, &mut out[start..]);
                        if first && out.len() > listed {
                            return;
                        }
                    }
                    passed.push(t);
                }
            }
        }
    }

    /// `between trail:`: after the actions of each of a slide's `moves`, a piece of
    /// the trail's component (`add`, at the origin) on its origin and on each site passed,
    /// in order, as Ludii adds them.
    fn leave_trail(add: Option<&Action>, passed: &[i32], moves: &mut [MoveData]) {
        let Some(&Action::Add { site, what, who, .. }) = add else {
            return;
        };
        for m in moves {
            for s in std::iter::once(site).chain(passed.iter().map(|&p| p as u32)) {
                m.actions.push(Action::Add {
                    site: s,
                    what,
                    who,
                    count: 1,
                    state: -1,
                });
            }
        }
    }

    /// `(move Slide "track" ..)`: from every place the piece's site has on each track, along
    /// it (looping) while the sites passed let it go on, to the sites the `to` clause
    /// allows; along `"AllTracks"` only once a curve is passed (a site the track lists
    /// twice), as Ludii's. Moves are not merged (Ludii lists each way to a site).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn gen_slide_tracks(
        &self,
        tracks: &crate::ir::SlideTracks,
        from: &Option<Place>,
        max: Option<&IntFn>,
        min: Option<&IntFn>,
        between_cond: Option<&BoolFn>,
        to: &Place,
        c: &Ctx,
        out: &mut Vec<MoveData>,
    ) {
        let Some((f, c1)) = self.checked_origin(from, c) else {
            return;
        };
        let min = min.map_or(-1, |x| self.int(x, &c1));
        let max = max.map_or(i32::MAX, |x| self.int(x, &c1));
        let (stop, go, filter, always) = (
            self.cond(to.cond.as_ref()),
            self.cond(between_cond),
            self.cond(to.apply_if.as_ref()),
            self.cond(None),
        );
        for &id in &tracks.ids {
            let Some(track) = self.tracks.get(id as usize) else {
                continue;
            };
            let len = track.sites.len();
            for start in (0..len).filter(|&i| track.sites[i] == f) {
                let (mut idx, mut curves) = (start, track.bumps[start]);
                let mut c2 = c1;
                let mut n = 1;
                while n < len as i32 && n <= max {
                    let next = if idx + 1 < len {
                        idx + 1
                    } else if track.looped {
                        0
                    } else {
                        break;
                    };
                    let t = track.sites[next];
                    if t < 0 {
                        break;
                    }
                    c2.to = t;
                    if curves > 0 || !tracks.after_curve {
                        if to.cond.is_some() && stop.holds(self, &c2) {
                            // (a stop lands with `to`'s effect, whatever `apply if:` says)
                            if min <= n {
                                self.push_slide(
                                    (f, t, (None, None)),
                                    to.apply.as_deref(),
                                    None,
                                    &[],
                                    always,
                                    &c2,
                                    c,
                                    out,
                                );
                                break;
                            }
                        } else if min <= n {
                            self.push_slide((f, t, (None, None)), None, None, &[], filter, &c2, c, out);
                        }
                    }
                    n += 1;
                    c2.between = t;
                    let may_pass = match between_cond {
                        None => Self::top(c.s, t).is_none(),
                        Some(_) => go.holds(self, &c2),
                    };
                    if !may_pass {
                        break;
                    }
                    idx = next;
                    curves += track.bumps[idx];
                }
            }
        }
    }

    /// One slide from `f` to `t`: the effects at the sites passed and of `to` (if given),
    /// then the move; kept if the filter holds.
    #[allow(clippy::too_many_arguments)]
    fn push_slide(
        &self,
        (f, t, (whole, level)): (i32, i32, (Option<u32>, Option<u32>)),
        effect: Option<&Moves>,
        between_apply: Option<&Moves>,
        passed: &[i32],
        filter: super::compiled::Cond,
        c2: &Ctx,
        c: &Ctx,
        out: &mut Vec<MoveData>,
    ) {
        if !c.aims(t) || !filter.holds(self, c2) {
            return;
        }
        let actions = self.push_move(out, c, f, t);
        if let Some(e) = between_apply {
            for &b in passed {
                let mut c3 = *c2;
                c3.between = b;
                self.effect_actions(e, &c3, actions);
            }
        }
        if let Some(e) = effect {
            self.effect_actions(e, c2, actions);
        }
        actions.push(Action::level_or_stack_move(f as u32, t as u32, level, whole));
    }

    /// `(attract ..)` (see [`MovesKind::Attract`]).
    pub(super) fn gen_attract(&self, from: &IntFn, dirs: &[Direction], c: &Ctx, out: &mut Vec<MoveData>) {
        let f = self.int(from, c);
        if f < 0 || f as usize >= self.n() {
            return;
        }
        let mut pieces: SmallVec<[u16; 16]> = SmallVec::new();
        for d in dirs {
            for radial in self.board.radials(f as u32, *d) {
                pieces.clear();
                for &t in &radial[1..] {
                    if let Some(p) = Self::top(c.s, t as i32) {
                        pieces.push(p.what);
                        self.push_move(out, c, t as i32, t as i32)
                            .push(Action::Remove { site: t, count: 1 });
                    }
                }
                for (&t, &what) in radial[1..].iter().zip(&pieces) {
                    self.push_move(out, c, t as i32, t as i32).push(Action::Add {
                        site: t,
                        what,
                        who: self.ir.components.get(what as usize).map_or(0, |k| k.owner),
                        count: 1,
                        state: -1,
                    });
                }
            }
        }
    }

    /// Where each walk from `f` ends (Ludii's walks of `(move Leap ..)` and `(sites s
    /// {walks})`): starting along each direction of the board's Orthogonal steps (only the
    /// first without `rotations`), `F` a step on, `R` and `L` a turn to the next Orthogonal
    /// direction; a walk leaving the board ends nowhere.
    pub(super) fn walk_ends(&self, f: u32, walks: &[Vec<WalkStep>], rotations: bool) -> super::region::Region {
        let orth = self.board.supported_bits(Relation::Orthogonal);
        let starts: SmallVec<[Dir; 16]> = Dir::ALL
            .into_iter()
            .filter(|&d| orth >> d as u16 & 1 != 0)
            .take(if rotations { 16 } else { 1 })
            .collect();
        let mut targets = super::region::Region::new(self.n());
        for &start in &starts {
            'walk: for walk in walks {
                let (mut pos, mut dir) = (f, start);
                for step in walk {
                    match step {
                        WalkStep::F => match self.board.steps(pos, dir).last() {
                            Some(&t) => pos = t,
                            None => continue 'walk,
                        },
                        WalkStep::R | WalkStep::L => {
                            let k = if *step == WalkStep::R { 1 } else { 15 };
                            for _ in 0..16 {
                                dir = Dir::ALL[(dir as usize + k) % 16];
                                if orth >> dir as u16 & 1 != 0 {
                                    break;
                                }
                            }
                        }
                    }
                }
                targets.insert(pos as i32);
            }
        }
        targets
    }

    /// `(move Leap ..)`: to each site (in increasing order) that one of the walks reaches
    /// from the origin, starting along each direction of the board's Orthogonal steps (only
    /// the first with `rotations:False`); with `forward:True`, only sites ahead of the
    /// piece's facing by rows and columns.
    pub(super) fn gen_leap(&self, k: &MovesKind, c: &Ctx, out: &mut Vec<MoveData>) {
        let MovesKind::Leap {
            from,
            walks,
            forward,
            rotations,
            to,
            ..
        } = k
        else {
            return;
        };
        let (forward, rotations) = (*forward, *rotations);
        let Some((f, c1)) = self.checked_origin(from, c) else {
            return;
        };
        let Ok(level) = self.origin_level(from, f, c) else {
            return;
        };
        let targets = self.walk_ends(f as u32, walks, rotations);
        let facing = forward.then(|| self.facing_at(f, c));
        let cond = self.cond(to.cond.as_ref());
        for t in targets.iter() {
            if let Some(d) = facing {
                if !self.ahead_of(f as u32, t as u32, d) {
                    continue;
                }
            }
            if !c.aims(t) {
                continue;
            }
            let mut c2 = c1;
            c2.to = t;
            if !cond.holds(self, &c2) {
                continue;
            }
            let actions = self.push_move(out, c, f, t);
            self.piece_move(&[to.apply.as_deref()], &c2, f, t, None, level, actions);
        }
    }

    /// Whether `t` lies ahead of `f` for a piece facing `d`, by rows and columns (only the
    /// eight main compass directions pass anything).
    fn ahead_of(&self, f: u32, t: u32, d: Dir) -> bool {
        let (fr, fc, tr, tc) = (
            self.board.row(f),
            self.board.col(f),
            self.board.row(t),
            self.board.col(t),
        );
        match d {
            Dir::N => tr > fr,
            Dir::S => tr < fr,
            Dir::E => tc > fc,
            Dir::W => tc < fc,
            Dir::NE => tr > fr && tc > fc,
            Dir::NW => tr > fr && tc < fc,
            Dir::SE => tr < fr && tc > fc,
            Dir::SW => tr < fr && tc < fc,
            _ => false,
        }
    }

    /// `(move Shoot ..)`: a piece added on each site along each radial from the origin
    /// (default `(last To)`) while the `to` condition (default: empty) holds.
    pub(super) fn gen_shoot(
        &self,
        piece: &PieceFn,
        from: Option<&IntFn>,
        dirs: &[Direction],
        to_cond: Option<&BoolFn>,
        c: &Ctx,
        out: &mut Vec<MoveData>,
    ) {
        // (asked whether there is a move: done at the first)
        let (first, c) = (c.first, &Ctx { first: false, ..*c });
        let Some(f) = self.site_or_last_to(from, c) else { return };
        let PieceFn::Index(what) = piece;
        let what = self.int(what, c);
        if what < 1 || what as usize >= self.ir.components.len() {
            return;
        }
        let who = self.ir.components[what as usize].owner;
        let cond = self.cond(to_cond);
        for d in dirs {
            for radial in self.board.radials(f as u32, *d) {
                let mut c2 = *c;
                for &t in &radial[1..] {
                    let t = t as i32;
                    c2.to = t;
                    let ok = match to_cond {
                        None => Self::top(c.s, t).is_none(),
                        Some(_) => cond.holds(self, &c2),
                    };
                    if !ok {
                        break;
                    }
                    // (the site passed before the next one is asked about)
                    c2.between = t;
                    self.push_move(out, c, t, t).push(Action::Add {
                        site: t as u32,
                        what: what as u16,
                        who,
                        count: 1,
                        state: -1,
                    });
                    if first {
                        return;
                    }
                }
            }
        }
    }
}

impl GameDef {
    /// Ludii's general hop: along each radial, past at most `before` sites passing the `to`
    /// condition, over a run of hurdle sites (`between if:`) of a length in the range, onto
    /// a landing site within `after` sites past the run that passes the `to` condition
    /// (with a stop condition, `to`'s `apply if:`, a move ends on the first site failing
    /// the `to` condition where the stop condition holds). The hurdles' effects and `to`'s
    /// come before the move; `stack:True` moves the whole stack.
    pub(super) fn gen_hop_long(&self, h: &HopLong, c: &Ctx, out: &mut Vec<MoveData>) {
        let Some((f, c1)) = self.checked_origin(&h.from, c) else {
            return;
        };
        let before = h.before.as_ref().map_or(0, |x| self.int(x, &c1));
        let min = h.min.as_ref().map_or(1, |x| self.int(x, &c1));
        let max = h.max.as_ref().map_or(min.max(1), |x| self.int(x, &c1));
        let after = h.after.as_ref().map_or(0, |x| self.int(x, &c1));
        let (go, hurdle) = (self.cond(h.to.cond.as_ref()), self.cond(h.between_cond.as_ref()));
        let stop = h.to.apply_if.as_ref().map(|b| self.cond(Some(b)));
        let mut buf = super::tables::Dirs::new();
        let dirs = self.abs_dirs(&h.dirs, f, c, &mut buf);
        let push = |out: &mut Vec<MoveData>, c2: &Ctx, t: i32, hurdles: &[i32]| {
            let actions = self.push_move(out, c, f, t);
            if let Some(e) = &h.between_apply {
                for &b in hurdles {
                    let mut c3 = *c2;
                    c3.between = b;
                    self.effect_actions(e, &c3, actions);
                }
            }
            if let Some(e) = &h.to.apply {
                self.effect_actions(e, c2, actions);
            }
            let whole = Self::whole_stack(h.stack, c, f, actions);
            actions.push(Action::stack_move(f as u32, t as u32, whole));
        };
        // Ludii (Hop.java): a least hurdle length of 0 also steps to each adjacent site in
        // the directions that passes the `to` condition (no `to` effect; one move a site)
        if min == 0 {
            let mut seen: SmallVec<[i32; 8]> = SmallVec::new();
            for d in dirs {
                for &t in self.board.steps_in(f as u32, *d) {
                    let t = t as i32;
                    let mut c2 = c1;
                    c2.to = t;
                    if seen.contains(&t) || !go.holds(self, &c2) {
                        continue;
                    }
                    seen.push(t);
                    let actions = self.push_move(out, c, f, t);
                    let whole = Self::whole_stack(h.stack, c, f, actions);
                    actions.push(Action::stack_move(f as u32, t as u32, whole));
                }
            }
        }
        for d in dirs {
            for radial in self.board.radials(f as u32, *d) {
                let mut c2 = c1;
                for to_idx in 1..radial.len() {
                    let b = radial[to_idx] as i32;
                    c2.between = b;
                    if hurdle.holds(self, &c2) {
                        // the run of hurdles, up to its greatest length
                        let mut hurdles: SmallVec<[i32; 8]> = smallvec::smallvec![b];
                        let mut h_idx = to_idx + 1;
                        while h_idx < radial.len() && (hurdles.len() as i32) < max {
                            c2.between = radial[h_idx] as i32;
                            if !hurdle.holds(self, &c2) {
                                break;
                            }
                            hurdles.push(radial[h_idx] as i32);
                            h_idx += 1;
                        }
                        let len = hurdles.len() as i32;
                        if len < min {
                            break;
                        }
                        // (hurdles used at most `max`; with `(exact 0)` none are looked for,
                        // as in Ludii: its step was listed above, once)
                        for spare in (0..=len - min).rev().filter(|&s| len - s <= max && max > 0) {
                            let mut t_idx = h_idx - spare as usize;
                            while t_idx < radial.len() {
                                let t = radial[t_idx] as i32;
                                c2.to = t;
                                if !go.holds(self, &c2) {
                                    if let Some(stop) = stop {
                                        if stop.holds(self, &c2) {
                                            push(out, &c2, t, &[]);
                                        }
                                    }
                                    break;
                                }
                                if stop.is_none() {
                                    push(out, &c2, t, &hurdles[..(len - spare) as usize]);
                                }
                                if t_idx as i32 - h_idx as i32 + 1 > after - spare {
                                    break;
                                }
                                t_idx += 1;
                            }
                        }
                        break;
                    }
                    c2.to = b;
                    if to_idx as i32 > before || !go.holds(self, &c2) {
                        break;
                    }
                }
            }
        }
    }
}

impl GameDef {
    /// `(forEach Direction ..)` (see [`EachDirection`]).
    pub(super) fn gen_for_each_direction(&self, k: &EachDirection, c: &Ctx, out: &mut Vec<MoveData>) {
        let from = k.from.as_ref().map_or(c.from, |f| self.int(f, c));
        // (no moves without a piece at the `from` being moved from, as in Ludii)
        if from < 0 || from as usize >= self.n() || c.from < 0 || Self::top(c.s, c.from).is_none() {
            return;
        }
        let (min, max) = (self.int(&k.min, c), self.int(&k.max, c));
        // relative directions face from `from` towards `to` where a step leads there
        let facing = (c.to >= 0)
            .then(|| self.step_direction(c.from, c.to))
            .flatten()
            .unwrap_or_else(|| self.facing_at(c.from, c));
        let mut buf = super::tables::Dirs::new();
        let dirs = self.abs_dirs_facing(&k.dirs, from, facing, c, &mut buf);
        let mut c2 = *c;
        for &d in dirs {
            for radial in self.board.radials(from as u32, d) {
                for (i, &t) in radial.iter().enumerate().skip(1) {
                    let i = i as i32;
                    if i > max {
                        break;
                    }
                    (c2.from, c2.between) = (c.from, c.between);
                    if let (Some(b), true) = (&k.between, min > 1 && i < min) {
                        c2.between = t as i32;
                        if !self.boolean(b, &c2) {
                            break;
                        }
                    }
                    c2.to = t as i32;
                    if !k.to.as_ref().is_none_or(|b| self.boolean(b, &c2)) {
                        break;
                    }
                    if i >= min {
                        self.gen(&k.body, &mut c2, out);
                    }
                }
            }
        }
    }

    /// The last supported compass direction in which a step from `a` reaches `b`.
    fn step_direction(&self, a: i32, b: i32) -> Option<Dir> {
        if a < 0 || a as usize >= self.n() {
            return None;
        }
        self.directions_where(Relation::All, |d| {
            self.board
                .steps_in(a as u32, Direction::Compass(d))
                .contains(&(b as u32))
        })
        .last()
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::Game;
    use crate::expand::Selections;

    /// The sites the mover's piece at the centre of a 5×5 board (site 12) may move to.
    fn targets(players: &str, piece: &str, play: &str) -> Vec<i32> {
        let text = format!(
            r#"(game "Dirs" (players {players})
              (equipment {{ (board (square 5)) (piece "Man" Each {play}) }})
              (rules (start (place "{piece}" 12))
                (play (forEach Piece)) (end (if (no Moves Mover) (result Mover Loss)))))"#
        );
        let game = Game::load("dirs", &text, &Selections::default()).expect("loads");
        crate::engine::legal_targets(&game, &game.initial_state())
    }

    #[test]
    fn for_each_direction_turns_with_the_step_before() {
        // one step forward, then forward-left and forward-right of that step: a knight's
        // move, facing the way the step went
        let knight = "(forEach Direction Forward (to if:(is Empty (to)) (apply (forEach Direction (from (to)) (directions {FR FL}) (move (from) (to))))))";
        assert_eq!(targets("{(player N) (player S)}", "Man1", knight), [21, 23]);
        assert_eq!(targets("{(player S) (player N)}", "Man1", knight), [1, 3]);
        // the sites at distances 2 to 3 in each orthogonal direction
        let far = "(forEach Direction Orthogonal (between (range 2 3)) (move (from) (to)))";
        assert_eq!(targets("2", "Man1", far), [2, 10, 14, 22]);
    }
}
