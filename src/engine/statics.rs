//! A fast form: cached regions that read no state, only the players' roles (a player's
//! equipment regions, the board's sides, a track), are computed once per combination of
//! roles, when first asked, instead of once per state. The test of the fast forms holds them
//! equal to evaluating the region (`sowing.rs`).

use super::game::{Cache, Ctx, GameDef};
use super::region::Region;
use crate::ir::*;

/// How deep equipment regions naming others are looked into ([`GameDef::is_static_region`]).
const STATIC_DEPTH: u8 = 3;

/// The most players for which the role combinations are tabled ((n+1)³ of them).
const MAX_PLAYERS: u8 = 4;

impl GameDef {
    /// Whether a region reads nothing but the roles (mover, next, prev): the same for every
    /// state. Conservative: false for anything else.
    pub(super) fn is_static_region(&self, r: &RegionFn) -> bool {
        self.is_static_within(r, STATIC_DEPTH)
    }

    /// [`Self::is_static_region`], looking into the equipment's regions named (all of them
    /// where none is) `depth` deep at most (a region of the equipment naming others, and
    /// those naming others, ...: deeper is taken as not static, as is a region naming itself).
    fn is_static_within(&self, r: &RegionFn, depth: u8) -> bool {
        let int_static = |f: &IntFn| {
            matches!(
                f,
                IntFn::Const(_) | IntFn::Coord(_) | IntFn::CentrePoint | IntFn::Mover | IntFn::Next | IntFn::Prev
            ) || matches!(f, IntFn::RolePlayer(role) if *role != Role::Iterated)
        };
        match r {
            RegionFn::Board | RegionFn::Corners | RegionFn::Perimeter | RegionFn::Centre | RegionFn::Geometry(_) => {
                true
            }
            RegionFn::Sites(v) => v.iter().all(int_static),
            RegionFn::Site(x) => int_static(x),
            // (grown along the board's own steps)
            RegionFn::Expand { region, steps, .. } => self.is_static_within(region, depth) && int_static(steps),
            RegionFn::Row(a) | RegionFn::Column(a) => int_static(a),
            RegionFn::Equipment { owner, player, name } => {
                let within = |i: usize| {
                    self.ir
                        .regions
                        .get(i)
                        .is_some_and(|d| self.is_static_within(&d.region, depth - 1))
                };
                depth > 0
                    && owner.is_none_or(|o| o != Role::Iterated)
                    && player.as_deref().is_none_or(int_static)
                    && match name {
                        // (with an owner or without, as `RegionFn::Equipment` finds them)
                        Some(k) => self
                            .regions_named
                            .get(*k as usize)
                            .is_none_or(|v| v.iter().flatten().all(|&i| within(i as usize))),
                        None => (0..self.ir.regions.len()).all(within),
                    }
            }
            RegionFn::Track { player, from, to, .. } => {
                player.as_deref().is_none_or(int_static) && from.is_none() && to.is_none()
            }
            RegionFn::Union(v) | RegionFn::Intersection(v) => v.iter().all(|x| self.is_static_within(x, depth)),
            RegionFn::Difference(a, b) => self.is_static_within(a, depth) && self.is_static_within(b, depth),
            RegionFn::Cached(_, inner) => self.is_static_within(inner, depth),
            _ => false,
        }
    }

    /// The table of a static cached region, by role combination (None: not static, or too
    /// many players to table).
    fn static_table(&self, slot: u32, inner: &RegionFn) -> Option<&[Region]> {
        let cell = self.static_regions.get(slot as usize)?;
        cell.get_or_init(|| {
            let n = self.num_players;
            if n > MAX_PLAYERS || !self.is_static_region(inner) {
                return None;
            }
            let s = self.blank_state();
            let cache = Cache::default();
            let mut table = Vec::new();
            for mover in 0..=n {
                for next in 0..=n {
                    for prev in 0..=n {
                        let mut c = self.ctx(&s, &cache);
                        (c.mover, c.next, c.prev) = (mover, next, prev);
                        table.push(self.region(inner, &c));
                    }
                }
            }
            Some(table)
        })
        .as_deref()
    }

    /// The static-region slot of equipment region `i` (`ir.regions[i]`): after the rules'.
    #[inline]
    pub(super) fn equipment_slot(&self, i: usize) -> u32 {
        self.ir.cached_regions + i as u32
    }

    /// Per interned name, the equipment regions named exactly so and those whose name holds
    /// it ([`GameDef::regions_named`]), resolved once at load.
    pub(super) fn name_region_defs(&self) -> Vec<[Box<[u16]>; 2]> {
        if self.ir.regions.is_empty() {
            return Vec::new();
        }
        let names = |keep: &dyn Fn(&str) -> bool| -> Box<[u16]> {
            (0..self.ir.regions.len() as u16)
                .filter(|&i| {
                    self.ir.regions[i as usize]
                        .name
                        .is_some_and(|d| keep(&self.ir.names[d as usize]))
                })
                .collect()
        };
        self.ir
            .names
            .iter()
            .map(|want| [names(&|have| have == want), names(&|have| have.contains(want.as_str()))])
            .collect()
    }

    /// A cached region's value for the context's roles, when it is static.
    #[inline]
    pub(super) fn static_region(&self, slot: u32, inner: &RegionFn, c: &Ctx) -> Option<&Region> {
        if !self.fast_forms {
            return None;
        }
        let table = self.static_table(slot, inner)?;
        let k = (self.num_players as usize) + 1;
        let (m, n, p) = (c.mover as usize, c.next as usize, c.prev as usize);
        if c.player != -1 || m >= k || n >= k || p >= k {
            return None;
        }
        table.get((m * k + n) * k + p)
    }
}
