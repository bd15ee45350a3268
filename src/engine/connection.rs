//! Connections of space games: `(is Connected ..)` and `(count Groups ..)`, as Ludii's
//! `IsConnected` and `CountGroups`.

use super::game::{Ctx, GameDef};
use super::region::Region;
use crate::ir::*;
use smallvec::SmallVec;

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
        let mut regions: SmallVec<[Region; 4]> = match &k.regions {
            Some(v) => v.iter().map(|r| self.region(r, c)).collect(),
            None => self
                .ir
                .regions
                .iter()
                .filter(|d| player.is_some_and(|p| d.owner as i32 == p))
                .flat_map(|d| d.parts.iter())
                .map(|r| self.region(r, c))
                .collect(),
        };
        if k.skip_empty {
            regions.retain(|r| !r.is_empty());
        }
        let wanted = k.number.as_ref().map_or(regions.len() as i32, |x| self.int(x, c));
        let mut connected = 0;
        // the regions a site lies in are counted once each, then dropped
        let mut touch = |site: i32, regions: &mut SmallVec<[Region; 4]>| {
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
        let mut visited = vec![false; n];
        visited[from as usize] = true;
        let mut group = vec![from as u32];
        let mut near = SmallVec::new();
        let mut i = 0;
        while i < group.len() {
            near.clear();
            self.around_site(group[i] as i32, &k.dirs, &mut near);
            for &t in &near {
                if std::mem::replace(&mut visited[t as usize], true) {
                    continue;
                }
                if Self::top(c.s, t as i32).is_some_and(|p| p.who == who) {
                    if touch(t as i32, &mut regions) {
                        return true;
                    }
                    group.push(t);
                }
            }
            i += 1;
        }
        false
    }

    /// `(count Groups ..)`: the groups of at least `min` sites where the condition holds
    /// (read with `to` the site), grown through `dirs` from each such site not yet in one,
    /// in site order.
    pub(super) fn count_groups(&self, k: &Groups, c: &Ctx) -> i32 {
        let n = self.n();
        let min = self.int(&k.min, c);
        let mut c2 = *c;
        let mut holds = |site: u32| {
            c2.to = site as i32;
            self.boolean(&k.cond, &c2)
        };
        let member: Vec<bool> = (0..n as u32).map(&mut holds).collect();
        // (a group is grown on its own: with directions that do not go both ways, groups
        // may overlap, as in Ludii)
        let mut checked = vec![false; n];
        let mut in_group = vec![false; n];
        let mut count = 0;
        let mut group = Vec::new();
        let mut near = SmallVec::new();
        for from in 0..n {
            if !member[from] || checked[from] {
                continue;
            }
            group.clear();
            group.push(from as u32);
            in_group[from] = true;
            let mut i = 0;
            while i < group.len() {
                near.clear();
                self.around_site(group[i] as i32, &k.dirs, &mut near);
                for &t in &near {
                    if member[t as usize] && !in_group[t as usize] {
                        in_group[t as usize] = true;
                        group.push(t);
                    }
                }
                i += 1;
            }
            if group.len() as i32 >= min {
                count += 1;
            }
            for &t in &group {
                checked[t as usize] = true;
                in_group[t as usize] = false;
            }
        }
        count
    }
}
