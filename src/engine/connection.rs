//! Connections of space games: `(is Connected ..)`, `(count Groups ..)`, `(sizes Group ..)`,
//! `(forEach Group ..)` and `(count Steps ..)` by a step move, as Ludii's.

use super::game::{Ctx, GameDef};
use super::moves::MoveData;
use super::region::Region;
use crate::ir::*;
use smallvec::SmallVec;
use std::borrow::Cow;

impl GameDef {
    /// Whether the group of pieces of the owner of the piece at `k.at` (grown through
    /// `k.dirs`) touches `k.number` (default all) of the regions: the given ones, else the
    /// parts of the equipment's regions of `k.player`. The group starts only from a piece of
    /// that player (any piece without one), but the site `at` itself counts for the regions
    /// it lies in whoever owns it (as Ludii).
    pub(super) fn is_connected(&self, k: &Connected, c: &Ctx) -> bool {
        let from = self.int(&k.at, c);
        let n = self.n();
        if from < 0 || from as usize >= n {
            return false;
        }
        let who = match Self::top(c.s, from) {
            Some(p) if p.who > 0 => p.who,
            _ => return false,
        };
        let player = k.player.as_ref().map(|p| self.int(p, c));
        if let (true, false, [crate::board::Direction::Rel(rel)]) = (self.fast_forms, k.each_site, k.dirs.as_slice()) {
            return self.connected_by_words(k, *rel, from, who, player, c);
        }
        let mut regions = self.connection_regions(k, player, c);
        if k.each_site {
            let sites: Vec<i32> = regions.iter().flat_map(|r| r.iter()).collect();
            regions = sites
                .into_iter()
                .map(|t| {
                    let mut r = Region::new(n);
                    r.insert(t);
                    Cow::Owned(r)
                })
                .collect();
        }
        if k.skip_empty {
            regions.retain(|r| !r.is_empty());
        }
        let wanted = k.number.as_ref().map_or(regions.len() as i32, |x| self.int(x, c));
        let mut connected = 0;
        // the regions a site lies in are counted once each, then dropped
        let mut touch = |site: i32, regions: &mut SmallVec<[Cow<Region>; 4]>| {
            let mut j = regions.len();
            while j > 0 {
                j -= 1;
                if regions[j].contains(site) {
                    connected += 1;
                    if connected == wanted {
                        return true;
                    }
                    regions.remove(j);
                }
            }
            false
        };
        if touch(from, &mut regions) {
            return true;
        }
        if player.is_some_and(|p| p != who as i32) {
            return false;
        }
        // (the group is grown depth first: which regions it touches does not depend on the
        // order; the sites whose top piece is `who`'s are read off the owners' table)
        let own = c.s.owned_words(who as usize);
        let mine = |t: u32| super::region::word_bit(own, t as usize);
        let mut visited = Region::new(n);
        visited.insert(from);
        let mut todo: SmallVec<[u32; 64]> = smallvec::smallvec![from as u32];
        let mut near = SmallVec::new();
        while let Some(s) = todo.pop() {
            near.clear();
            self.around_site(s as i32, &k.dirs, &mut near);
            for &t in &near {
                if visited.contains(t as i32) {
                    continue;
                }
                visited.insert(t as i32);
                if mine(t) {
                    if touch(t as i32, &mut regions) {
                        return true;
                    }
                    todo.push(t);
                }
            }
        }
        false
    }

    /// [`GameDef::is_connected`] through one relation, `who`'s piece at `from`: the group
    /// grown a word of neighbours at a time, then the regions it meets counted, each region
    /// asked in turn (no list of them made). As the walk, a count is met on reaching it, so
    /// none wanted is never met; the group of another player than `player` is not grown
    /// (only `from` counts).
    fn connected_by_words(
        &self,
        k: &Connected,
        rel: crate::board::Relation,
        from: i32,
        who: u8,
        player: Option<i32>,
        c: &Ctx,
    ) -> bool {
        let group = (player.is_none_or(|p| p == who as i32))
            .then(|| self.group_words(rel, from as u32, c.s.owned_words(who as usize)));
        let (mut regions, mut met) = (0, 0);
        for r in self.connection_region_fns(k, player) {
            let r = self.region_cow(r, c);
            if k.skip_empty && r.is_empty() {
                continue;
            }
            regions += 1;
            let meets = match &group {
                Some(g) => r.meets_words(g),
                None => r.contains(from),
            };
            met += i32::from(meets);
        }
        let wanted = k.number.as_ref().map_or(regions, |x| self.int(x, c));
        wanted > 0 && met >= wanted
    }

    /// The regions of `is Connected` or `is Blocked`, unevaluated: those given, else the
    /// parts of `player`'s regions of the equipment.
    fn connection_region_fns<'a>(
        &'a self,
        k: &'a Connected,
        player: Option<i32>,
    ) -> impl Iterator<Item = &'a RegionFn> {
        let given = k.regions.iter().flatten();
        let equipment = (k.regions.is_none())
            .then(|| {
                self.ir
                    .regions
                    .iter()
                    .filter(move |d| player.is_some_and(|p| d.owner as i32 == p))
                    .flat_map(|d| d.parts.iter())
            })
            .into_iter()
            .flatten();
        given.chain(equipment)
    }

    /// The sites of `own` (bit words) joined to `from` through `rel` (and `from`), as bit
    /// words.
    fn group_words(&self, rel: crate::board::Relation, from: u32, own: &[u64]) -> SmallVec<[u64; 8]> {
        let words = self.n().div_ceil(64);
        let mut group: SmallVec<[u64; 8]> = smallvec::smallvec![0; words];
        // (the sites reached but not yet grown from, as bit words too: no stack of sites)
        let mut todo: SmallVec<[u64; 8]> = smallvec::smallvec![0; words];
        group[from as usize / 64] |= 1 << (from % 64);
        todo[from as usize / 64] |= 1 << (from % 64);
        let mut k = from as usize / 64;
        while k < words {
            let w = todo[k];
            if w == 0 {
                k += 1;
                continue;
            }
            todo[k] = w & (w - 1);
            let s = (k * 64) as u32 + w.trailing_zeros();
            for &(i, near) in self.near_words(rel, s as i32) {
                let i = i as usize;
                let new = near & own.get(i).copied().unwrap_or(0) & !group[i];
                group[i] |= new;
                todo[i] |= new;
                k = k.min(i);
            }
        }
        group
    }

    /// The regions of `is Connected` or `is Blocked` ([`GameDef::connection_region_fns`]).
    fn connection_regions(&self, k: &Connected, player: Option<i32>, c: &Ctx) -> SmallVec<[Cow<'_, Region>; 4]> {
        self.connection_region_fns(k, player)
            .map(|r| self.region_cow(r, c))
            .collect()
    }

    /// `(is Blocked ..)` (Ludii's `IsBlocked`): from each site of the first region that
    /// holds no enemy piece, the sites reached through `dirs` over empty sites and the
    /// player's (the mover's by default) touch fewer than `number` regions (all of them
    /// by default), the first counting.
    pub(super) fn is_blocked(&self, k: &Connected, c: &Ctx) -> bool {
        let player = k.player.as_ref().map_or(c.mover as i32, |p| self.int(p, c));
        let regions = self.connection_regions(k, Some(player), c);
        let Some((first, others)) = regions.split_first() else {
            return true;
        };
        let wanted = k.number.as_ref().map_or(regions.len() as i32, |x| self.int(x, c));
        let open = |t: u32| c.s.sites[t as usize].last().is_none_or(|p| p.who as i32 == player);
        let mut near = SmallVec::new();
        for s in first.iter() {
            if wanted <= 1 {
                return false;
            }
            if !open(s as u32) {
                continue;
            }
            let (mut reached, mut counted) = (1, 0u64);
            let mut visited = Region::new(self.n());
            visited.insert(s);
            let mut todo: SmallVec<[u32; 64]> = smallvec::smallvec![s as u32];
            while let Some(x) = todo.pop() {
                near.clear();
                self.around_site(x as i32, &k.dirs, &mut near);
                for &t in &near {
                    if visited.contains(t as i32) || !open(t) {
                        continue;
                    }
                    visited.insert(t as i32);
                    for (j, r) in others.iter().enumerate().take(64) {
                        if counted >> j & 1 == 0 && r.contains(t as i32) {
                            counted |= 1 << j;
                            reached += 1;
                            if reached >= wanted {
                                return false;
                            }
                        }
                    }
                    todo.push(t);
                }
            }
        }
        true
    }

    /// `(count Groups ..)`: the groups of at least `min` sites where the condition holds
    /// (read with `to` the site), grown through `dirs` from each such site not yet in one,
    /// in site order.
    pub(super) fn count_groups(&self, k: &Groups, c: &Ctx) -> i32 {
        let mut count = 0;
        self.groups(k, c, |_| count += 1);
        count
    }

    /// See [`IntFn::CountStepsBy`]: a search by rings, as Ludii's.
    pub(super) fn count_steps_by(&self, k: &StepsBy, c: &Ctx) -> i32 {
        const INFINITY: i32 = 1_000_000_000;
        let from = self.int(&k.from, c);
        let targets = self.region(&k.to, c);
        if from < 0 || targets.is_empty() {
            return 0;
        }
        if from as usize >= self.n() {
            return INFINITY;
        }
        if targets.contains(from) {
            return 0;
        }
        let mut found = INFINITY;
        self.step_rings(from as u32, &k.dirs, &k.cond, c, |steps, ring| {
            let reached = ring.iter().any(|&t| targets.contains(t as i32));
            if reached {
                found = steps;
            }
            !reached
        });
        found
    }

    /// The sites of a [`RegionFn::Distance`] by a step move, added to `r`: those of rings
    /// `min..=max` of its steps from `from`.
    pub(super) fn sites_by_steps(&self, from: u32, min: i32, max: i32, step: &DistanceStep, c: &Ctx, r: &mut Region) {
        if max < 1 {
            return;
        }
        self.step_rings(from, &step.dirs, &step.cond, c, |steps, ring| {
            if steps >= min {
                for &t in ring {
                    r.insert(t as i32);
                }
            }
            steps < max
        });
    }

    /// Rings of a step move's steps from `from` (on the board), as Ludii searches them: each
    /// ring the sites one step in `dirs` from the ring before, where `cond` holds (`from`
    /// and `to` set), each site once, in the first ring that reaches it; relative directions
    /// turn with the piece at `from`. `ring(k, sites)` is told each ring in turn (k from 1),
    /// and says whether to go on.
    fn step_rings(
        &self,
        from: u32,
        dirs: &[crate::board::Direction],
        cond: &BoolFn,
        c: &Ctx,
        mut ring_found: impl FnMut(i32, &[u32]) -> bool,
    ) {
        let mut seen = vec![false; self.n()];
        seen[from as usize] = true;
        let (mut ring, mut next) = (vec![from], Vec::new());
        let mut near = SmallVec::new();
        let facing = self.facing_at(from as i32, c);
        let mut buf = super::tables::Dirs::new();
        let mut steps = 0;
        while !ring.is_empty() {
            steps += 1;
            next.clear();
            for &f in &ring {
                near.clear();
                let dirs = self.abs_dirs_facing(dirs, f as i32, facing, c, &mut buf);
                self.around_site(f as i32, dirs, &mut near);
                let mut c2 = *c;
                c2.from = f as i32;
                for &t in &near {
                    c2.to = t as i32;
                    if !seen[t as usize] && self.boolean(cond, &c2) {
                        seen[t as usize] = true;
                        next.push(t);
                    }
                }
            }
            if !ring_found(steps, &next) {
                return;
            }
            std::mem::swap(&mut ring, &mut next);
        }
    }

    /// The size of each group (of at least `min` sites), in the order of their lowest sites.
    pub(super) fn groups(&self, k: &Groups, c: &Ctx, mut found: impl FnMut(usize)) {
        self.group_sites(k, c, |g| found(g.len()));
    }

    /// `(forEach Group ..)` (see [`MovesKind::ForEachGroup`]).
    pub(super) fn gen_for_each_group(&self, k: &Groups, body: &Moves, c: &Ctx, out: &mut Vec<MoveData>) {
        let mut sets = Vec::new();
        self.group_sites(k, c, |g| sets.push(g.to_vec()));
        for g in sets {
            let mut r = Region::new(self.n());
            for t in g {
                r.insert(t as i32);
            }
            let mut c2 = Ctx {
                group: Some(&r),
                from: -1,
                to: -1,
                ..*c
            };
            self.gen(body, &mut c2, out);
        }
    }

    /// `(all Groups ..)` (see [`BoolFn::AllGroups`]): the groups are found first, then
    /// tested in order.
    pub(super) fn all_groups(&self, k: &Groups, test: &BoolFn, c: &Ctx) -> bool {
        let mut sets = Vec::new();
        self.group_sites(k, c, |g| sets.push(g.to_vec()));
        sets.iter().all(|g| {
            let mut r = Region::new(self.n());
            for &t in g {
                r.insert(t as i32);
            }
            let c2 = Ctx { group: Some(&r), ..*c };
            self.boolean(test, &c2)
        })
    }

    /// The sites of each group (of at least `min` sites), in the order of their lowest sites.
    fn group_sites(&self, k: &Groups, c: &Ctx, mut found: impl FnMut(&[u32])) {
        let n = self.n();
        let min = self.int(&k.min, c);
        // the members: the sites the condition's word allows (all past its 64), where what
        // is left of it holds
        let (may, rest) = (
            self.may_pass(Some(&k.cond), super::compiled::masks::Var::To, c),
            self.cond_at_listed(Some(&k.cond), super::compiled::masks::Var::To),
        );
        let mut c2 = *c;
        let mut member = Region::new(n);
        for site in 0..n as u32 {
            c2.to = site as i32;
            if super::compiled::may_pass(may, site) && rest.holds(self, &c2) {
                member.insert(site as i32);
            }
        }
        let mut group: SmallVec<[u32; 32]> = SmallVec::new();
        // (on a board of one word, along one relation: grown a word at a time, from the
        // neighbours' words; each group the sites reached from its lowest unchecked one)
        if let ([crate::board::Direction::Rel(rel)], true) = (&k.dirs[..], n <= 64 && self.fast_forms) {
            let within = member.word(0);
            let mut left = within;
            while left != 0 {
                let (mut g, mut fresh) = (left & left.wrapping_neg(), left & left.wrapping_neg());
                while fresh != 0 {
                    let grown = super::region::bits(std::slice::from_ref(&fresh))
                        .fold(0, |w, t| w | self.near_words(*rel, t).first().map_or(0, |&(_, x)| x))
                        & within
                        & !g;
                    g |= grown;
                    fresh = grown;
                }
                left &= !g;
                if g.count_ones() as i32 >= min {
                    group.clear();
                    group.extend(super::region::bits(std::slice::from_ref(&g)).map(|t| t as u32));
                    found(&group);
                }
            }
            return;
        }
        // (a group is grown on its own: with directions that do not go both ways, groups
        // may overlap, as in Ludii)
        let mut checked = Region::new(n);
        let mut in_group = Region::new(n);
        let mut near = SmallVec::new();
        for from in member.iter() {
            if checked.contains(from) {
                continue;
            }
            group.clear();
            group.push(from as u32);
            in_group.insert(from);
            let mut i = 0;
            while i < group.len() {
                near.clear();
                self.around_site(group[i] as i32, &k.dirs, &mut near);
                for &t in &near {
                    if member.contains(t as i32) && !in_group.contains(t as i32) {
                        in_group.insert(t as i32);
                        group.push(t);
                    }
                }
                i += 1;
            }
            if group.len() as i32 >= min {
                found(&group);
            }
            for &t in &group {
                checked.insert(t as i32);
                in_group.remove(t as i32);
            }
        }
    }
}

impl GameDef {
    /// `(is Loop ..)` (Ludii's `IsLoop` for pieces): from each site next to the piece at
    /// the start (`Adjacent`, not on the board's outer ring, and of a `surround` player when
    /// given), last first, the region grown along orthogonal radials up to the pieces of the
    /// start's component (taking only `surround` players' sites, off the outer ring, when
    /// given) must not reach the outer ring; then the sites orthogonally around it must all
    /// be `colour`'s, and two of them, neighbours, must hold that component.
    pub(super) fn is_loop(&self, k: &Loop, c: &Ctx) -> bool {
        let from = self.int(&k.start, c);
        if from < 0 || from as usize >= self.n() {
            return false;
        }
        let Some(what) = Self::top(c.s, from).map(|p| p.what) else {
            return false;
        };
        let colour = self.int(&k.colour, c);
        let outer = self.board.perimeter();
        let is_outer = |t: u32| outer.binary_search(&t).is_ok();
        let what_at = |t: u32| Self::top(c.s, t as i32).map_or(0, |p| p.what);
        let who_at = |t: u32| Self::top(c.s, t as i32).map_or(0, |p| p.who as i32);
        let enclosed: Option<SmallVec<[i32; 2]>> = k
            .surround
            .as_ref()
            .map(|roles| roles.iter().map(|r| self.role_player(*r, c)).collect());
        let may_enclose = |t: u32| enclosed.as_ref().is_none_or(|e| e.contains(&who_at(t)));
        let adjacent = self.board.relation(from as u32, crate::board::Relation::Adjacent);
        let seeds: SmallVec<[u32; 8]> = adjacent
            .iter()
            .copied()
            .filter(|&t| !is_outer(t) && may_enclose(t))
            .collect();
        let orthogonal = crate::board::Direction::Rel(crate::board::Relation::Orthogonal);
        'seeds: for &origin in seeds.iter().rev() {
            let mut group: Vec<u32> = vec![origin];
            let mut in_group = Region::new(self.n());
            in_group.insert(origin as i32);
            let mut i = 0;
            while i < group.len() {
                let g = group[i];
                for radial in self.board.radials(g, orthogonal) {
                    for &t in &radial[1..] {
                        if in_group.contains(t as i32) {
                            continue;
                        }
                        if what_at(t) == what {
                            break;
                        }
                        if enclosed.is_none() || (may_enclose(t) && !is_outer(t)) {
                            group.push(t);
                            in_group.insert(t as i32);
                        }
                        if is_outer(t) {
                            continue 'seeds;
                        }
                    }
                }
                i += 1;
            }
            // the loop: the sites orthogonally around the region
            let mut wall: SmallVec<[u32; 16]> = SmallVec::new();
            for &g in &group {
                for &t in self.board.relation(g, crate::board::Relation::Orthogonal) {
                    if !in_group.contains(t as i32) && !wall.contains(&t) {
                        wall.push(t);
                    }
                }
            }
            if wall.iter().any(|&t| who_at(t) != colour) {
                continue;
            }
            let holds = |t: u32| what_at(t) == what;
            if wall.iter().any(|&a| {
                holds(a)
                    && self
                        .board
                        .relation(a, crate::board::Relation::Adjacent)
                        .iter()
                        .any(|&b| b != a && holds(b) && wall.contains(&b))
            }) {
                return true;
            }
        }
        false
    }
}

impl GameDef {
    /// The sites of a group ([`GroupAt`]), in the order they were reached (breadth first);
    /// `in_group` is set at each.
    pub(super) fn group_at(&self, g: &GroupAt, c: &Ctx, in_group: &mut Region) -> Vec<u32> {
        let mut group = Vec::new();
        self.walk_group(g, c, in_group, &mut group, |_, _| false);
        group
    }

    /// The walk of a group ([`GroupAt`]) into `group` (breadth first), `in_group` set at each
    /// site: `stop` is told of each neighbour met that is not in the group yet (and whether
    /// it joins); true from it ends the walk, and the walk is then true.
    fn walk_group(
        &self,
        g: &GroupAt,
        c: &Ctx,
        in_group: &mut Region,
        group: &mut Vec<u32>,
        mut stop: impl FnMut(u32, bool) -> bool,
    ) -> bool {
        let from = self.int(&g.at, c);
        if from < 0 || from as usize >= self.n() {
            return false;
        }
        let mut c2 = *c;
        c2.to = from;
        if g.cond.as_ref().is_some_and(|b| !self.boolean(b, &c2)) {
            return false;
        }
        let what_at = |t: i32| Self::top(c.s, t).map_or(0, |p| p.what);
        let what = what_at(from);
        c2.from = from;
        group.push(from as u32);
        in_group.insert(from);
        let mut i = 0;
        while i < group.len() {
            let site = group[i];
            for d in &g.dirs {
                for &t in self.board.steps_in(site, *d) {
                    if in_group.contains(t as i32) {
                        continue;
                    }
                    c2.to = t as i32;
                    let joins = match &g.cond {
                        Some(b) => (!g.same_what_and_cond || what_at(t as i32) == what) && self.boolean(b, &c2),
                        None => what_at(t as i32) == what,
                    };
                    if joins {
                        group.push(t);
                        in_group.insert(t as i32);
                    }
                    if stop(t, joins) {
                        return true;
                    }
                }
            }
            i += 1;
        }
        false
    }

    /// `(size Territory ..)`: the board's groups of empty sites (through `dir`, from the
    /// lowest site) whose other neighbours all belong to `player`, counted in sites.
    pub(super) fn size_territory(&self, player: &IntFn, dir: crate::board::Direction, c: &Ctx) -> i32 {
        let who = self.int(player, c);
        let n = self.n();
        let empty = |t: u32| c.s.sites[t as usize].is_empty();
        // the group (numbered from 1) each site was found in
        let mut group_of = vec![0u32; n];
        let mut total = 0;
        let mut k = 0;
        for site in 0..n as u32 {
            if !empty(site) || group_of[site as usize] != 0 {
                continue;
            }
            k += 1;
            let mut group = vec![site];
            group_of[site as usize] = k;
            let mut i = 0;
            while i < group.len() {
                for &t in self.board.steps_in(group[i], dir) {
                    if empty(t) && group_of[t as usize] == 0 {
                        group_of[t as usize] = k;
                        group.push(t);
                    }
                }
                i += 1;
            }
            let owned = group.iter().all(|&g| {
                self.board.steps_in(g, dir).iter().all(|&t| {
                    group_of[t as usize] == k || Self::top(c.s, t as i32).is_some_and(|p| p.who as i32 == who)
                })
            });
            if owned {
                total += group.len() as i32;
            }
        }
        total
    }

    /// `(count Liberties ..)`: the empty sites next to the group (through its directions);
    /// with `any` (and the fast forms on), 1 as soon as one is found while the group grows
    /// (the group is then walked only as far as needed).
    pub(super) fn liberties(&self, g: &GroupAt, c: &Ctx, any: bool) -> i32 {
        if any && self.fast_forms {
            return self.has_liberty(g, c) as i32;
        }
        let mut in_group = Region::new(self.n());
        let group = self.group_at(g, c, &mut in_group);
        let mut liberties = Region::new(self.n());
        for &s in &group {
            for d in &g.dirs {
                for &t in self.board.steps_in(s, *d) {
                    if !in_group.contains(t as i32) && Self::top(c.s, t as i32).is_none() {
                        liberties.insert(t as i32);
                    }
                }
            }
        }
        liberties.len() as i32
    }

    /// Whether the group has an empty neighbour: [`Self::walk_group`] stopped at the first
    /// empty site next to a site of the group that is not in it (an empty site that joins
    /// the group is no liberty).
    fn has_liberty(&self, g: &GroupAt, c: &Ctx) -> bool {
        let mut in_group = Region::new(self.n());
        let mut group = Vec::new();
        self.walk_group(g, c, &mut in_group, &mut group, |t, joins| {
            !joins && Self::top(c.s, t as i32).is_none()
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::{corpus_game, Game, State};
    use crate::expand::Selections;
    use rand::{Rng, SeedableRng};

    /// `is Connected` by bit words (the group grown a word of neighbours at a time) and by
    /// the evaluator's walk leave the same states, move after move, in random games of
    /// connection games with regions of the equipment, of sides, of three sides and of
    /// several players.
    #[test]
    fn connections_by_words_equal_the_evaluator() {
        for path in [
            "board/space/connection/Hex.lud",
            "board/space/connection/Havannah.lud",
            "board/space/connection/Y (Hex).lud",
            "board/space/connection/Three-Player Hex.lud",
            "board/space/connection/Gale.lud",
        ] {
            let fast = corpus_game(path, &Selections::default());
            let mut slow: Game = corpus_game(path, &Selections::default());
            slow.inner.fast_forms = false;
            let mut rng = rand::rngs::StdRng::seed_from_u64(11);
            let mut ended = 0;
            for trial in 0..20 {
                let (mut a, mut b): (State, State) = (fast.initial_state(), slow.initial_state());
                for ply in 0..400 {
                    let moves = fast.legal_moves(&a);
                    if moves.is_empty() || a.is_over() {
                        break;
                    }
                    let m = &moves[rng.gen_range(0..moves.len())];
                    fast.apply(&mut a, m);
                    slow.apply(&mut b, m);
                    assert_eq!(a, b, "{path} trial {trial} ply {ply}: {}", fast.state_text(&a));
                }
                ended += a.is_over() as usize;
            }
            assert!(ended > 0, "{path}: some game ends by a connection");
        }
    }

    /// Player 1 fills the ring around a site while player 2 passes; the number of plies
    /// until the game ends and who won.
    fn ring_around(centre: &str) -> (usize, Vec<f64>) {
        let text = format!(
            r#"(game "Ring" (players 2) (equipment {{ (board (hex 4)) (piece "Disc" Each) }})
            (rules (play (if (is Mover P1) (move Add (to (sites Around {centre}) if:(is Empty (to)))) (move Pass)))
                (end {{ (if (is Loop) (result Mover Win)) (if (no Moves Mover) (result Mover Loss)) }})))"#
        );
        let game = Game::load("ring", &text, &Selections::default()).expect("loads");
        let mut s = game.initial_state();
        let mut plies = 0;
        while !s.is_over() && plies < 40 {
            let m = game.legal_moves(&s)[0].clone();
            game.apply(&mut s, &m);
            plies += 1;
        }
        (plies, s.ranking().to_vec())
    }

    /// Six stones around the centre close a loop on the sixth; three around a site of the
    /// board's edge enclose nothing (the region reaches the outer ring).
    #[test]
    fn a_ring_of_stones_is_a_loop_unless_it_touches_the_outer_ring() {
        let (plies, ranking) = ring_around("(centrePoint)");
        assert_eq!(plies, 11, "six placements by player 1, five passes between them");
        assert_eq!(ranking[1], 1.0, "player 1 wins by the loop");
        let (plies, ranking) = ring_around("0");
        assert!(plies > 5, "three placements, no loop");
        assert_eq!(ranking[1], 2.0, "player 1 runs out of moves and loses");
    }
}

#[cfg(test)]
mod array_tests {
    use crate::engine::Game;
    use crate::expand::Selections;

    /// The scores the start rules give: int arrays of group sizes, combined.
    fn scores(p1: &str, p2: &str) -> Vec<i32> {
        let text = format!(
            r#"(game "Sizes" (players 2) (equipment {{ (board (square 4)) (piece "Disc" Each) }})
            (rules (start {{ (place "Disc1" {{0 1 5 15}}) (place "Disc2" {{10 11}})
                (set Score P1 {p1}) (set Score P2 {p2}) }})
                (play (move Pass)) (end (if (no Moves Mover) (result Mover Loss)))))"#
        );
        let game = Game::load("sizes", &text, &Selections::default()).expect("loads");
        let s = game.initial_state();
        s.scores()[1..=2].to_vec()
    }

    /// Player 1's groups are 0-1-5 (adjacent on a square board counts diagonals) and 15;
    /// player 2's is 10-11; all pieces together are one group (5 and 10 touch corners).
    #[test]
    fn group_sizes_combine_as_ludii_combines_int_arrays() {
        // the second-largest group: one occurrence of the largest removed
        assert_eq!(
            scores(
                "(max (difference (sizes Group P1) (max (sizes Group P1))))",
                "(count Groups)"
            ),
            [1, 1]
        );
        // a union keeps the first array and adds the others' new values
        assert_eq!(
            scores(
                "(max (union (sizes Group P1) (sizes Group P2)))",
                "(min (union {(sizes Group P2) {9}}))"
            ),
            [3, 2]
        );
        // an intersection keeps the second's values found in the first; ^ is a power
        assert_eq!(
            scores(
                "(+ (^ 2 3) (max (intersection (sizes Group P1) {1 2 3})))",
                "(min (difference {4 5 2} (sizes Group P2)))"
            ),
            [11, 4]
        );
        // a difference takes away one occurrence per value: 3 1, less 1 1, is 3
        assert_eq!(
            scores(
                "(size Array (difference (sizes Group P1) {1 1}))",
                "(max (difference (sizes Group P1) {1 1}))"
            ),
            [1, 3]
        );
    }
}

#[cfg(test)]
mod for_each_group_tests {
    use crate::engine::Game;
    use crate::expand::Selections;

    /// Mono's scoring: every odd group of the mover's costs a point and is marked (state
    /// 1), every even one unmarked; `(sites)` is the group at hand.
    #[test]
    fn each_group_is_scored_and_marked_in_turn() {
        let text = r#"(game "FG" (players 2) (equipment { (board (square 3)) (piece "Disc" Each) })
 (rules (play (move Add (to (sites Empty)) (then (and (set Score Mover 0) (forEach Group Orthogonal if:(is Mover (who at:(to))) (if (is Odd (count Sites in:(sites))) (and (addScore Mover -1) (forEach Site (sites) (set State at:(site) 1))) (forEach Site (sites) (set State at:(site) 0))))))))
 (end (if (is Full) (result Mover Win)))))"#;
        let game = Game::load("fg", text, &Selections::default()).expect("loads");
        let mut s = game.initial_state();
        // player 1 at 0, player 2 at 8, player 1 at 2: two odd groups, then at 1: one even
        for (site, want) in [
            (0, "0=Disc1~s1|m2|s-1,0"),
            (8, "0=Disc1~s1 8=Disc2~s1|m1|s-1,-1"),
            (2, "0=Disc1~s1 2=Disc1~s1 8=Disc2~s1|m2|s-2,-1"),
        ] {
            let m = game
                .legal_moves(&s)
                .into_iter()
                .find(|m| {
                    let mut next = s.clone();
                    game.apply(&mut next, m);
                    next.site(site).height > 0 && s.site(site).height == 0
                })
                .expect("a move there");
            game.apply(&mut s, &m);
            assert_eq!(game.state_text(&s), want);
        }
    }
}
