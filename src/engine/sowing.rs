//! The sowing family: the equipment's maps (`(mapEntry ..)`) and `sow`.

use super::game::{Cache, Ctx, GameDef, Within};
use super::moves::Action;
use super::state::StateData;
use super::tables::Map;
use crate::board::BoardRegion;
use crate::ir::*;
use smallvec::SmallVec;

impl GameDef {
    /// The maps of the equipment with their keys and values as numbers: int functions are
    /// evaluated on the empty board with player 1 to move, texts are site labels (or, for a
    /// value, component names), landmarks are board sites. A pair whose key or value comes
    /// to nothing (-1) is left out, as Ludii leaves it.
    pub(super) fn resolve_maps(&self) -> Vec<Map> {
        let s = self.blank_state();
        let cache = Cache::default();
        let c = self.ctx(&s, &cache);
        let term = |t: &MapTerm, value: bool| -> i32 {
            match t {
                MapTerm::Int(f) => self.int(f, &c),
                MapTerm::Text(text) => match self.board.site_of_label(text) {
                    Some(site) => site as i32,
                    None if value => self
                        .ir
                        .components
                        .iter()
                        .skip(1)
                        .position(|k| k.name == *text)
                        .map_or(-1, |i| i as i32 + 1),
                    None => -1,
                },
                MapTerm::Landmark(name) => self.landmark(name),
            }
        };
        self.ir
            .maps
            .iter()
            .map(|m| {
                let mut pairs: Vec<(i32, i32)> = Vec::new();
                for (k, v) in &m.pairs {
                    let (k, v) = (term(k, false), term(v, true));
                    if k == -1 || v == -1 {
                        continue;
                    }
                    pairs.retain(|p| p.0 != k);
                    pairs.push((k, v));
                }
                pairs.sort_unstable();
                Map { name: m.name, pairs }
            })
            .collect()
    }

    /// A landmark's site: the first site of a side of the board or of its centre, the
    /// first or the last site.
    fn landmark(&self, name: &str) -> i32 {
        let first = |r: BoardRegion| self.board.geometry_region(r).first().map_or(-1, |&s| s as i32);
        match name {
            "FirstSite" => 0,
            "LastSite" => self.n() as i32 - 1,
            "BottomSite" => first(BoardRegion::Bottom),
            "Topsite" => first(BoardRegion::Top),
            "LeftSite" => first(BoardRegion::Left),
            "RightSite" => first(BoardRegion::Right),
            "CentreSite" => self.board.centre().first().map_or(-1, |&s| s as i32),
            _ => -1,
        }
    }

    /// `(mapEntry [name] key)`: the value of the first map (of that name) holding the key,
    /// else the key itself.
    pub(super) fn map_entry(&self, name: Option<u16>, key: i32) -> i32 {
        self.maps
            .iter()
            .filter(|m| name.is_none_or(|n| n == m.name))
            .find_map(|m| m.get(key))
            .unwrap_or(key)
    }
}

/// Ludii's bound on the holes `skipIf:` passes in a row (then the next is sown anyway).
const MAX_SKIPPED: u32 = 10_000;

/// A track's sites with Ludii's links between them: the next and previous site of each
/// element, and their indices (none past the end of a track that does not loop, and none
/// backwards in the middle of a directed one).
struct Links<'t> {
    track: &'t crate::board::Track,
}

impl Links<'_> {
    fn len(&self) -> usize {
        self.track.sites.len()
    }

    /// The element after element `i`: its site and index.
    fn next(&self, i: usize) -> Option<(i32, usize)> {
        let n = self.len();
        if i + 1 < n {
            Some((self.track.sites[i + 1], i + 1))
        } else if i + 1 == n && self.track.looped {
            Some((self.track.sites[0], 0))
        } else {
            None
        }
    }

    /// The element before element `i`: its site and index.
    fn prev(&self, i: usize) -> Option<(i32, usize)> {
        let n = self.len();
        if i >= n {
            None
        } else if i == 0 {
            self.track.looped.then(|| (self.track.sites[n - 1], n - 1))
        } else if i + 1 < n && self.track.directed {
            None
        } else {
            Some((self.track.sites[i - 1], i - 1))
        }
    }
}

impl GameDef {
    /// The track a `sow` (or `firstMoveOnTrack`) follows: with no name, the board's first;
    /// with a name and no owner, the one of that name; with an owner, the first of theirs
    /// whose name contains it.
    pub(super) fn sow_track(&self, name: Option<&str>, owner: i32) -> Option<&crate::board::Track> {
        let Some(name) = name else {
            return self.tracks.first();
        };
        self.tracks.iter().filter(|t| t.name.contains(name)).find(|t| {
            if owner == -1 {
                t.name == name
            } else {
                t.owner as i32 == owner && t.name.contains(name)
            }
        })
    }

    /// `(sow ..)`: one move putting the seeds of `start` one by one in the holes along
    /// the track after it (as Ludii's `Sow`), then the captures of `apply:` decided on the
    /// position after sowing.
    pub(super) fn gen_sow(&self, w: &Sow, c: &mut Ctx, out: &mut Vec<super::moves::MoveData>) {
        let mut seeds = Seeds::new();
        let Some(run) = self.sow_seeds(w, c, &mut seeds) else {
            return;
        };
        let mut acts: smallvec::SmallVec<[super::moves::Action; 2]> = seeds.iter().copied().collect();
        if let Some(apply) = &w.apply {
            let mut s2 = self.scratch(c);
            for a in &seeds {
                self.act(&mut s2, a, c.mover);
            }
            let cache = Cache::fresh();
            let mut c2 = run.after(c, &s2, &cache);
            self.sow_captures(w, apply, &run, &mut c2, &mut acts);
            drop(cache);
            super::pool::release(s2);
        }
        self.push_move(out, c, -1, -1).extend(acts);
    }

    /// A consequent `(sow ..)` applied without a copy of the state: the seeds are put on the
    /// state itself, the captures decided there, then applied, then the sow's own
    /// consequents run: what generating its move and applying it does (the captures' actions
    /// are decided on the position after sowing, before any of them). Every action done is
    /// added to `done`.
    pub(super) fn sow_in_place(
        &self,
        s: &mut StateData,
        w: &Sow,
        then: Option<u32>,
        reads: (i32, i32),
        mut done: Option<&mut super::moves::Done>,
        within: Within,
    ) {
        let mut cache = Cache::fresh();
        let mut seeds = Seeds::new();
        let run = {
            let mut c = self.ctx_within(s, &cache, within);
            (c.from, c.to) = reads;
            match self.sow_seeds(w, &mut c, &mut seeds) {
                Some(run) => run,
                None => return,
            }
        };
        let mover = s.mover;
        self.apply_seeds(s, &seeds, mover);
        let mut caps: smallvec::SmallVec<[super::moves::Action; 4]> = smallvec::SmallVec::new();
        if let Some(apply) = &w.apply {
            // (the position changed: the cache starts again)
            cache.reset();
            let mut c = self.ctx_within(s, &cache, within);
            (c.from, c.to) = reads;
            let mut c2 = run.after(&c, s, &cache);
            self.sow_captures(w, apply, &run, &mut c2, &mut caps);
        }
        for a in &caps {
            self.act(s, a, mover);
        }
        if let Some(d) = done.as_deref_mut() {
            d.extend_from_slice(&seeds);
            d.extend_from_slice(&caps);
        }
        if let Some(t) = then {
            let mut mv = super::moves::MoveData::EMPTY;
            mv.mover = mover;
            mv.then.push(t);
            self.run_consequents(s, &mv, (-1, -1), done, within);
        }
    }

    /// Apply a sowing's actions: as [`GameDef::act`] would one by one, but in one pass over
    /// the holes when they are only seeds of one hole that runs out of them at the last at the
    /// earliest (and holds two or more whenever sown back into), in a game without stacks or
    /// states on empty sites.
    fn apply_seeds(&self, s: &mut StateData, acts: &[super::moves::Action], mover: u8) {
        use super::moves::Action;
        let from = match acts.first() {
            Some(&Action::Seed { from, .. }) => from,
            _ => u32::MAX,
        };
        // (seeds of one hole only: how many leave it, whether some come back)
        let (mut out, mut back, mut seeds_of_one) = (0u32, false, true);
        for a in acts {
            match *a {
                Action::Seed { from: f, to } if f == from => {
                    back |= to == from;
                    out += u32::from(to != from);
                }
                _ => seeds_of_one = false,
            }
        }
        let p = s.stack(from as usize).and_then(|st| st.last()).copied();
        let fast = match p {
            // (a seed back into the hole finds at least 2 there whenever it comes)
            // (the seeds one by one where the position's hash is kept)
            Some(p) if seeds_of_one && !self.ir.stacking && s.loose_states.is_empty() && self.ir.records.is_none() => {
                p.count >= out + if back { 2 } else { 0 }
            }
            _ => false,
        };
        let Some(p) = p.filter(|_| fast) else {
            for a in acts {
                self.act(s, a, mover);
            }
            return;
        };
        let requires_count = self.ir.requires_count;
        for a in acts {
            let Action::Seed { to, .. } = *a else { continue };
            if to == from {
                // (a seed back into its hole while it has others leaves it as it was)
                continue;
            }
            let Some(dst) = s.stack_mut(to as usize) else { continue };
            match dst.last_mut() {
                Some(q) if q.what == p.what && q.count > 0 => q.count = if requires_count { q.count + 1 } else { 1 },
                _ => {
                    dst.clear();
                    dst.push(super::state::Piece {
                        count: 1,
                        what: p.what,
                        who: p.who,
                        ..super::state::Piece::default()
                    });
                    s.sync_site(to as usize);
                }
            }
        }
        if let Some(src) = s.stack_mut(from as usize) {
            match src.last_mut() {
                Some(x) if x.count > out => x.count -= out,
                _ => {
                    src.clear();
                    s.sync_site(from as usize);
                }
            }
        }
    }

    /// The seeds a `sow` puts, as actions added to `acts`, and where it ended; None when it
    /// gives no move.
    fn sow_seeds<'g>(&'g self, w: &Sow, c: &mut Ctx, acts: &mut Seeds) -> Option<SowRun<'g>> {
        use super::moves::Action;
        let start = self.int(&w.start, c);
        let count = self.int(&w.count, c);
        let first_per_hole = self.int(&w.per_hole, c);
        let owner = w.owner.as_ref().map_or(-1, |f| self.int(f, c));
        let track = self.sow_track(w.track.as_deref(), owner)?;
        let links = Links { track };
        let n = links.len();
        let (orig_from, orig_to, orig_value) = (c.from, c.to, c.value);
        let restore = |c: &mut Ctx| (c.from, c.to, c.value) = (orig_from, orig_to, orig_value);
        let mut i = track.sites.iter().position(|&s| s == start).unwrap_or(n);
        let mut sown: i64 = 0;
        let count64 = count as i64;
        // `k` seeds into `to` (those left of the count)
        let put = |acts: &mut Seeds, sown: &mut i64, to: i32, k: i32| {
            let k = k.max(0) as i64;
            let left = (count64 - *sown).clamp(0, k);
            for _ in 0..left {
                acts.push(Action::Seed {
                    from: start as u32,
                    to: to as u32,
                });
            }
            *sown += k;
        };
        if start < 0 || c.s.stack(start as usize).is_none() {
            return None;
        }
        c.from = start;
        if w.origin.as_ref().is_some_and(|b| self.boolean(b, c)) {
            if let Some(e) = &w.sow_effect {
                let mut effect = smallvec::SmallVec::new();
                self.effect_actions(e, c, &mut effect);
                acts.extend(effect);
            }
            put(acts, &mut sown, start, first_per_hole);
            c.to = start;
        }
        c.from = orig_from;
        // `skipIf:(= (to) e)` with `e` of no iterator: the one hole skipped, found once
        let skip_site = w.skip_site.as_ref().filter(|_| self.fast_forms).map(|e| self.int(e, c));
        if sown < count64 {
            let mut skipped = 0;
            let mut index = 0;
            while index < count {
                c.value = count - index;
                let Some((mut to, k)) = links.next(i).filter(|_| i < n) else {
                    // off the track (Ludii gives no move)
                    restore(c);
                    return None;
                };
                c.to = to;
                let skip = match skip_site {
                    Some(site) => to == site,
                    None => w.skip.as_ref().is_some_and(|b| self.boolean(b, c)),
                };
                if skipped < MAX_SKIPPED && skip {
                    skipped += 1;
                    i = k;
                    continue;
                }
                skipped = 0;
                i = k;
                if !w.include_self && to == start {
                    match links.next(i) {
                        Some((t, k)) => (to, i) = (t, k),
                        None => {
                            restore(c);
                            return None;
                        }
                    }
                }
                if to < 0 || c.s.stack(to as usize).is_none() {
                    restore(c);
                    return None;
                }
                let per_hole = match w.per_hole {
                    IntFn::Const(k) => k,
                    ref f => self.int(f, c),
                };
                if let Some(e) = &w.sow_effect {
                    let mut effect = smallvec::SmallVec::new();
                    self.effect_actions(e, c, &mut effect);
                    acts.extend(effect);
                }
                put(acts, &mut sown, to, per_hole);
                if sown >= count64 {
                    break;
                }
                index += 1;
            }
        }
        let run = SowRun {
            links,
            i,
            start,
            orig_from,
            last_to: c.to,
            last_value: c.value,
        };
        restore(c);
        Some(run)
    }

    /// The captures after sowing, decided on the position the seeds leave (`c2`, with `to`
    /// the last hole sown, element `run.i` of the track): while `if:` holds there, the
    /// actions of `apply:` (with their consequents) are added; with `backtracking:` or
    /// `forward:` the test moves on to the previous or next hole while that holds. The
    /// captures are not applied to the position the tests read (as Ludii).
    fn sow_captures<A: smallvec::Array<Item = super::moves::Action>>(
        &self,
        w: &Sow,
        apply: &Moves,
        run: &SowRun,
        c2: &mut Ctx,
        acts: &mut smallvec::SmallVec<A>,
    ) {
        let links = &run.links;
        let mut i = run.i;
        let holds = |b: &Option<BoolFn>, c2: &Ctx| b.as_ref().is_none_or(|b| self.boolean(b, c2));
        let mut captures = 0;
        // (a plain effect's actions directly, else its moves' actions)
        let mut moves = if apply.plain {
            Vec::new()
        } else {
            super::pool::take_list()
        };
        while holds(&w.cond, c2) {
            c2.from = run.start;
            moves.clear();
            if !self.direct_actions(apply, c2, acts) {
                self.gen(apply, c2, &mut moves);
            }
            for m in &moves {
                if m.then.is_empty() {
                    acts.extend(m.actions.iter().copied());
                } else {
                    // (applied as Ludii applies a move to learn its consequents: stored,
                    // so that they read it as the last move)
                    let mut s3 = self.scratch(c2);
                    let mut done = super::moves::Done::new();
                    self.execute_stored(&mut s3, m, &mut done, c2.within);
                    acts.extend(done.iter().copied());
                    super::pool::release(s3);
                }
            }
            if w.backtracking.is_none() && w.forward.is_none() {
                break;
            }
            if let Some(b) = &w.backtracking {
                if !self.boolean(b, c2) {
                    break;
                }
                let Some((to, k)) = links.prev(i) else { break };
                i = k;
                c2.to = to;
                if !self.boolean(b, c2) || to == run.start {
                    break;
                }
            }
            if let Some(f) = &w.forward {
                if !self.boolean(f, c2) {
                    break;
                }
                let Some((to, k)) = links.next(i) else { break };
                i = k;
                c2.to = to;
                if !self.boolean(f, c2) {
                    break;
                }
            }
            captures += 1;
            if captures >= links.len() {
                break;
            }
        }
        if !apply.plain {
            super::pool::give_list(moves);
        }
    }
}

/// The actions of a sowing (kept inline for the seeds of most sowings).
type Seeds = smallvec::SmallVec<[super::moves::Action; 24]>;

/// What sowing did: its seeds' actions, and where it stopped (for the captures).
struct SowRun<'t> {
    links: Links<'t>,
    /// The track element of the last hole sown.
    i: usize,
    start: i32,
    /// The context's `from` before sowing (what `if:` first reads).
    orig_from: i32,
    /// The context's `to` and `value` at the last hole.
    last_to: i32,
    last_value: i32,
}

impl SowRun<'_> {
    /// The context the captures are decided in: `c`'s, on `s` (the position after sowing),
    /// `to` the last hole, `from` as before sowing.
    fn after<'a>(&self, c: &Ctx<'a>, s: &'a StateData, cache: &'a Cache) -> Ctx<'a> {
        Ctx {
            from: self.orig_from,
            to: self.last_to,
            value: self.last_value,
            ..c.with_state(s, cache)
        }
    }
}

impl GameDef {
    /// `(sites Track [player] ["name"] [from:] [to:])`: the first track named so, or whose
    /// name contains the name and which is the player's or nobody's (player 0 when none is
    /// given); none: no sites. With `from:`/`to:`, the sites from `from` (the start when -1;
    /// none when off the track) round to `to` (the whole track when `to` is not met).
    pub(super) fn track_region(
        &self,
        player: Option<&IntFn>,
        name: &str,
        from: Option<&IntFn>,
        to: Option<&IntFn>,
        c: &Ctx,
    ) -> super::region::Region {
        let mut r = super::region::Region::new(self.n());
        let pid = player.map_or(0, |p| self.int(p, c));
        let Some(track) = self
            .tracks
            .iter()
            .find(|t| t.name == name || (t.name.contains(name) && (t.owner as i32 == pid || t.owner == 0)))
        else {
            return r;
        };
        let sites = &track.sites;
        if from.is_none() && to.is_none() {
            for &s in sites {
                r.insert(s);
            }
            return r;
        }
        let f = from.map_or(-1, |x| self.int(x, c));
        let t = to.map_or(-1, |x| self.int(x, c));
        let start = if f == -1 {
            0
        } else {
            match sites.iter().position(|&s| s == f) {
                Some(i) => i,
                None => return r,
            }
        };
        for &s in sites[start..].iter().chain(&sites[..start]) {
            r.insert(s);
            if s == t {
                break;
            }
        }
        r
    }

    /// `(trackSite Move from: [player | "name"] steps:)`: the track is the first whose name
    /// contains the name and which is the player's, else the first whose name contains it,
    /// else (no name) the player's first, else the first of nobody's.
    pub(super) fn track_move(&self, from: i32, pid: i32, name: Option<&str>, steps: i32, st: &StateData) -> i32 {
        let found = match name {
            Some(name) => self
                .tracks
                .iter()
                .find(|t| t.name.contains(name) && t.owner as i32 == pid)
                .or_else(|| self.tracks.iter().find(|t| t.name.contains(name))),
            None => self
                .tracks
                .iter()
                .find(|t| t.owner as i32 == pid)
                .or_else(|| self.tracks.iter().find(|t| t.owner == 0)),
        };
        let Some(track) = found else {
            return -1;
        };
        let n = track.sites.len();
        if n == 0 {
            return -1;
        }
        let i = self.track_index(track, from, pid, st).unwrap_or(n) + steps.max(0) as usize;
        match track.sites.get(i) {
            Some(&s) => s,
            None if track.looped => track.sites[i % n],
            None => -1,
        }
    }

    /// `(trackSite FirstSite|EndSite [player] ["name"] [from:] [if:])`: the track is the
    /// first whose name contains the name (and which is the player's, when one is given), or
    /// (no name) the first of the player or nobody (player 0 when none is given), else the
    /// first track. EndSite: its last site. FirstSite: going once round from `from` (the
    /// start when absent or -1; -1 when off the track), the first site where the condition
    /// holds with `to` at it.
    pub(super) fn track_first(
        &self,
        player: Option<&IntFn>,
        name: Option<&str>,
        from: Option<&IntFn>,
        cond: Option<&BoolFn>,
        last: bool,
        c: &Ctx,
    ) -> i32 {
        let pid = player.map_or(0, |p| self.int(p, c));
        let track = self
            .tracks
            .iter()
            .find(|t| match name {
                Some(name) => t.name.contains(name) && (pid == 0 || t.owner as i32 == pid),
                None => t.owner as i32 == pid || t.owner == 0,
            })
            .or_else(|| self.tracks.first());
        let Some(track) = track else {
            return -1;
        };
        let sites = &track.sites;
        if last {
            return sites.last().copied().unwrap_or(-1);
        }
        let f = from.map_or(-1, |x| self.int(x, c));
        let start = if f == -1 {
            0
        } else {
            match sites.iter().position(|&s| s == f) {
                Some(i) => i,
                None => return -1,
            }
        };
        let mut c2 = *c;
        for &s in sites[start..].iter().chain(&sites[..start]) {
            c2.to = s;
            if cond.is_none_or(|b| self.boolean(b, &c2)) {
                return s;
            }
        }
        -1
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::{corpus_game, Game, State};
    use crate::expand::Selections;
    use rand::{Rng, SeedableRng};

    /// The fast forms (sowing in place, static regions tabled by roles) and the evaluator's
    /// way (generating the sow's move then applying it, evaluating every region) leave the
    /// same state and offer the same moves, move after move, in random games: sowing games
    /// with captures of every kind (plain, backtracking, forward, relay sowing, origin,
    /// stores in hands) and games whose regions are the players' or the board's sides; lines
    /// of games with and without stacks.
    #[test]
    fn fast_forms_equal_the_evaluator() {
        let games = [
            "board/sow/two_rows/Kalah.lud",
            "board/sow/two_rows/Awari.lud",
            "board/sow/two_rows/Wari.lud",
            "board/sow/two_rows/Mangala (Bedouin).lud",
            "board/sow/two_rows/Ntyenge.lud",
            "board/sow/four_rows/Hawalis.lud",
            "board/sow/four_rows/Mweiso.lud",
            "board/sow/four_rows/Moruba.lud",
            "board/sow/three_rows/Selus.lud",
            "board/sow/two_rows/Azigo.lud",
            "board/sow/two_rows/Oure Ngat.lud",
            "board/sow/four_rows/Hus (Nama).lud",
            "board/hunt/Baghchal.lud",
            "board/space/line/Nine Men's Morris.lud",
            "board/war/leaping/lines/Alquerque.lud",
            "board/sow/four_rows/Kisolo (Lali).lud",
            // (`(> (count Liberties ..) 0)`: the first liberty ends the walk)
            "board/space/blocking/NoGo.lud",
            // (lines read off the owners' words, lines tabled flat and by level, and the
            // playout forms' listings)
            "board/space/line/Tic-Tac-Toe.lud",
            "board/space/line/Gomoku.lud",
            "board/space/line/Connect Four.lud",
            "board/race/reach/Breakthrough.lud",
            // (the equipment's regions tabled by name and role inside a region that reads
            // the state, and the directions between two sites tabled)
            "board/war/direction/push/Shobu.lud",
        ];
        let mut backtracking = 0;
        for path in games {
            let fast = corpus_game(path, &Selections::default());
            let mut slow: Game = corpus_game(path, &Selections::default());
            slow.inner.fast_forms = false;
            backtracking +=
                std::fs::read_to_string(format!("{}/../shared/ludii/lud/{path}", env!("CARGO_MANIFEST_DIR")))
                    .unwrap()
                    .contains("backtracking:") as usize;
            let mut rng = rand::rngs::StdRng::seed_from_u64(7);
            for trial in 0..20 {
                let (mut a, mut b): (State, State) = (fast.initial_state(), slow.initial_state());
                for ply in 0..300 {
                    let (ma, mb) = (fast.legal_moves(&a), slow.legal_moves(&b));
                    let texts = |g: &Game, s: &State, m: &[crate::engine::Move]| -> Vec<String> {
                        m.iter()
                            .map(|m| {
                                let mut t = s.clone();
                                g.apply(&mut t, m);
                                g.diff_text(s, &t)
                            })
                            .collect()
                    };
                    assert_eq!(
                        texts(&fast, &a, &ma),
                        texts(&slow, &b, &mb),
                        "{path} trial {trial} ply {ply}"
                    );
                    if ma.is_empty() || a.is_over() {
                        break;
                    }
                    let k = rng.gen_range(0..ma.len());
                    fast.apply(&mut a, &ma[k]);
                    slow.apply(&mut b, &mb[k]);
                    assert_eq!(a, b, "{path} trial {trial} ply {ply}: {}", fast.state_text(&a));
                }
            }
        }
        assert!(backtracking > 0, "some game captures backtracking");
    }
}

/// Following pieces along a track that passes a site twice, as Ludii's `OnTrackIndices`: at
/// which of the site's indices a piece stands is known from the moves that brought it.
impl GameDef {
    /// The index of `site` on `track` where the piece at `site` stands: of a track that
    /// passes the site twice, the first index holding the piece (that of the track's owner
    /// in a stack, else the top one), else the site's first.
    pub(super) fn track_index(
        &self,
        track: &crate::board::Track,
        site: i32,
        pid: i32,
        st: &StateData,
    ) -> Option<usize> {
        let first = track.sites.iter().position(|&s| s == site);
        let Some(&(_, base)) = self
            .loop_tracks
            .iter()
            .find(|(k, _)| std::ptr::eq(&self.tracks[*k], track))
        else {
            return first;
        };
        let stack = st.stack(site.max(0) as usize).filter(|_| site >= 0)?;
        // the player's piece in a stack, else the top one; none: the site's first index
        let Some(what) = stack
            .iter()
            .find(|p| p.who as i32 == pid)
            .or(stack.last())
            .map(|p| p.what)
        else {
            return first;
        };
        // (a piece the counts do not place is off the track)
        track
            .sites
            .iter()
            .enumerate()
            .filter(|(_, &s)| s == site)
            .map(|(i, _)| i)
            .find(|&i| {
                st.track_counts
                    .get(self.track_slot(base, i, what))
                    .is_some_and(|&n| n > 0)
            })
    }

    /// The counts of the pieces standing where the start put them: each at its site's
    /// first index.
    pub(super) fn init_track_counts(&self, s: &mut StateData) {
        if self.loop_tracks.is_empty() {
            return;
        }
        // (the sites of every container: a track may start in a hand)
        for site in 0..s.sites.len() + s.extra.len() {
            let pieces: SmallVec<[(u16, u32); 4]> = s
                .stack(site)
                .map(|st| st.iter().map(|p| (p.what, p.count.max(1))).collect())
                .unwrap_or_default();
            for (what, n) in pieces {
                self.track_add(s, what, self.added_on_tracks(n), site as u32);
            }
        }
    }

    /// Before `a` is applied to `s`: the counts it changes.
    pub(super) fn follow_on_tracks(&self, s: &mut StateData, a: &Action) {
        let top = |s: &StateData, site: u32| s.stack(site as usize).and_then(|st| st.last()).map(|p| p.what);
        match *a {
            Action::Add { site, what, count, .. } => self.track_add(s, what, self.added_on_tracks(count.max(1)), site),
            Action::Remove { site, count } => {
                let whats: SmallVec<[u16; 4]> = s
                    .stack(site as usize)
                    .map(|st| st.iter().rev().take(count as usize).map(|p| p.what).collect())
                    .unwrap_or_default();
                for w in whats {
                    self.track_remove(s, w, site);
                }
            }
            Action::RemoveAt { site, level, .. } => {
                let w = s
                    .stack(site as usize)
                    .and_then(|st| st.get(level as usize).or(st.last()))
                    .map(|p| p.what);
                if let Some(w) = w {
                    self.track_remove(s, w, site);
                }
            }
            Action::Move { from, to, copy, .. } => {
                if let Some(w) = top(s, from) {
                    if copy {
                        self.track_add(s, w, 1, to);
                    } else {
                        self.track_transfer(s, w, 1, from, to);
                    }
                }
            }
            Action::MoveN { from, to, count } => {
                if let Some(w) = top(s, from) {
                    self.track_transfer(s, w, count, from, to);
                }
            }
            Action::MoveLevel { from, level, to, .. } => {
                let w = s
                    .stack(from as usize)
                    .and_then(|st| st.get(level as usize))
                    .map(|p| p.what);
                if let Some(w) = w {
                    self.track_transfer(s, w, 1, from, to);
                }
            }
            _ => {}
        }
    }

    /// How many an add of `n` pieces counts on a track: twice as many in a game with
    /// stacks (Ludii counts an add onto a stack once as it stacks the piece, and once more
    /// as it sets the site).
    fn added_on_tracks(&self, n: u32) -> u32 {
        if self.ir.stacking {
            2 * n
        } else {
            n
        }
    }

    /// The slot of (track `k`'s counts at `base`, index `i`, component `what`).
    fn track_slot(&self, base: usize, i: usize, what: u16) -> usize {
        base + i * self.ir.components.len().max(1) + what as usize
    }

    fn track_add(&self, s: &mut StateData, what: u16, n: u32, site: u32) {
        for &(k, base) in &self.loop_tracks {
            if let Some(i) = self.tracks[k].sites.iter().position(|&x| x == site as i32) {
                let slot = self.track_slot(base, i, what);
                if let Some(c) = s.track_counts.get_mut(slot) {
                    *c = c.wrapping_add(n as i16);
                }
            }
        }
    }

    fn track_remove(&self, s: &mut StateData, what: u16, site: u32) {
        for &(k, base) in &self.loop_tracks {
            for (i, _) in self.tracks[k]
                .sites
                .iter()
                .enumerate()
                .filter(|(_, &x)| x == site as i32)
            {
                let slot = self.track_slot(base, i, what);
                if let Some(c) = s.track_counts.get_mut(slot) {
                    *c = c.wrapping_sub(1);
                }
            }
        }
    }

    /// `n` of `what` from `from` to `to`: from the first index of `from` holding it to the
    /// first index of `to` after it (else `to`'s first); onto `to`'s first index when it
    /// came from off the track.
    fn track_transfer(&self, s: &mut StateData, what: u16, n: u32, from: u32, to: u32) {
        let n = n as i16;
        for &(k, base) in &self.loop_tracks {
            let sites = &self.tracks[k].sites;
            let at = |site: u32| {
                sites
                    .iter()
                    .enumerate()
                    .filter(move |(_, &x)| x == site as i32)
                    .map(|(i, _)| i)
            };
            let first_to = at(to).next();
            if at(from).next().is_none() {
                if let Some(j) = first_to {
                    let slot = self.track_slot(base, j, what);
                    s.track_counts[slot] = s.track_counts[slot].wrapping_add(n);
                }
                continue;
            }
            let Some(i) = at(from).find(|&i| s.track_counts[self.track_slot(base, i, what)] > 0) else {
                continue;
            };
            let slot = self.track_slot(base, i, what);
            s.track_counts[slot] = s.track_counts[slot].wrapping_sub(n);
            if let Some(j) = at(to).find(|&j| j > i).or(first_to) {
                let slot = self.track_slot(base, j, what);
                s.track_counts[slot] = s.track_counts[slot].wrapping_add(n);
            }
        }
    }
}

#[cfg(test)]
mod track_tests {
    use crate::engine::Game;
    use crate::expand::Selections;

    #[test]
    fn a_piece_on_a_track_through_a_site_twice_goes_on_from_where_it_is() {
        // there and back: 0 1 2 3 2 1 0; at 2 the second time, the next site is 1
        let text = r#"(game "Back" (players 1)
            (equipment { (board (rectangle 1 4) (track "T" {0 1 2 3 2 1 0} P1 directed:True))
              (piece "Disc" P1) })
            (rules (start (place "Disc" 0))
              (play (forEach Piece (move (from (from)) (to (trackSite Move from:(from) steps:1)))))
              (end (if (no Moves Mover) (result Mover Win)))))"#;
        let game = Game::load("back", text, &Selections::default()).expect("loads");
        let mut s = game.initial_state();
        let mut path = Vec::new();
        for _ in 0..6 {
            let moves = game.legal_moves(&s);
            assert_eq!(moves.len(), 1);
            path.push(moves[0].inner.to);
            game.apply(&mut s, &moves[0]);
        }
        assert_eq!(path, [1, 2, 3, 2, 1, 0]);
    }
}
