//! Hidden information: the flags of `(set Hidden ..)`, what `(is Hidden ..)` and `(sites
//! Hidden ..)` read of them, and how moves carry them.
//!
//! As in Ludii, the flags belong to a location (a site, and a level where pieces stack),
//! not to a piece, and they change only so:
//! - `(set Hidden ..)` sets or clears one kind for one player at one location (a level at or
//!   above the height of a stack keeps nothing);
//! - in a game without stacks, a piece moving from one site to another takes its site's
//!   flags along: the target's become the origin's, and the origin's are cleared once it is
//!   empty (also after a copy of its last piece);
//! - in a game with stacks, a whole stack moving away leaves no flag on its site; the
//!   other moves leave the flags on their levels.
//!
//! Adding, removing, promoting a piece or setting its fields leaves the flags as they are:
//! a piece added where another was taken finds that one's flags.

use super::game::{Ctx, GameDef};
use super::moves::Action;
use super::region::Region;
use super::state::StateData;
use crate::ir::{HiddenKind, Role, SetHidden, Viewer};
use smallvec::SmallVec;

impl GameDef {
    /// The players a `to:` of `(set Hidden ..)` or `(sites Hidden ..)` names: its player, or
    /// the players of its role (none outside the players: `Each`, `Shared`, `Neutral`).
    fn viewers(&self, v: &Viewer, c: &Ctx) -> SmallVec<[u8; 4]> {
        let n = self.num_players;
        match (&v.player, v.role) {
            (Some(p), _) => {
                let p = self.int(p, c);
                (1..=n as i32).contains(&p).then_some(p as u8).into_iter().collect()
            }
            (None, Role::Each) => SmallVec::new(),
            (None, role) => {
                let mut ps = self.players_of(role, c);
                ps.retain(|p| (1..=n).contains(p));
                ps
            }
        }
    }

    /// The one player a `to:` of `(is Hidden ..)` names (None for a role of several).
    fn viewer(&self, v: &Viewer, c: &Ctx) -> Option<u8> {
        let p = match (&v.player, v.role) {
            (Some(p), _) => self.int(p, c),
            (None, Role::All | Role::Each | Role::NonMover | Role::Enemy | Role::Ally) => return None,
            (None, role) => self.role_player(role, c),
        };
        (1..=self.num_players as i32).contains(&p).then_some(p as u8)
    }

    /// The actions of `(set Hidden ..)`: for each kind in order, each site, each player.
    pub(super) fn hidden_actions(&self, h: &SetHidden, c: &Ctx, out: &mut impl Extend<Action>) {
        let sites: SmallVec<[i32; 8]> = match (&h.at, &h.region) {
            (Some(at), _) => SmallVec::from_elem(self.int(at, c), 1),
            (None, Some(r)) => self.region(r, c).iter().collect(),
            (None, None) => SmallVec::new(),
        };
        let level = h.level.as_ref().map_or(0, |l| self.int(l, c)).max(0) as u32;
        let value = self.boolean(&h.value, c);
        let who = self.viewers(&h.to, c);
        for &kind in &h.kinds {
            for &site in sites.iter().filter(|&&s| s >= 0 && (s as usize) < self.total_sites) {
                out.extend(who.iter().map(|&who| Action::SetHidden {
                    site: site as u32,
                    level,
                    who,
                    kind,
                    value,
                }));
            }
        }
    }

    /// Whether the flag of `kind` at `level` of `site` hides it from `p` (a level above a
    /// stack holds none).
    fn hidden_at(&self, s: &StateData, kind: HiddenKind, site: i32, level: u32, p: u8) -> bool {
        if site < 0 || s.hidden.is_empty() {
            return false;
        }
        if self.ir.stacking && s.stack(site as usize).is_none_or(|st| level as usize >= st.len()) {
            return false;
        }
        let level = if self.ir.stacking { level } else { 0 };
        s.hidden.get(site as u32, level, p) & kind.bit() != 0
    }

    /// `(is Hidden kind at:s level:l to:p)`.
    pub(super) fn is_hidden(&self, (kind, at, level, to): &(HiddenKind, crate::ir::IntFn, Option<crate::ir::IntFn>, Viewer), c: &Ctx) -> bool {
        let site = self.int(at, c);
        let level = level.as_ref().map_or(0, |l| self.int(l, c)).max(0) as u32;
        self.viewer(to, c)
            .is_some_and(|p| self.hidden_at(c.s, *kind, site, level, p))
    }

    /// `(sites Hidden kind to:p)`: the board's sites whose bottom level hides that kind from
    /// one of the players.
    pub(super) fn sites_hidden(&self, kind: HiddenKind, to: &Viewer, c: &Ctx) -> Region {
        let mut r = Region::new(self.n());
        for p in self.viewers(to, c) {
            for site in 0..self.n() as i32 {
                if self.hidden_at(c.s, kind, site, 0, p) {
                    r.insert(site);
                }
            }
        }
        r
    }

    /// One flag set or cleared.
    pub(super) fn set_hidden(&self, s: &mut StateData, site: u32, level: u32, who: u8, kind: HiddenKind, value: bool) {
        if self.ir.stacking && s.stack(site as usize).is_none_or(|st| level as usize >= st.len()) {
            return;
        }
        let level = if self.ir.stacking { level } else { 0 };
        let flags = s.hidden.get(site, level, who);
        let flags = if value { flags | kind.bit() } else { flags & !kind.bit() };
        s.hidden.set(site, level, who, flags);
    }

    /// What a move of pieces from `from` does to the flags, once done (`before`: how many
    /// the origin held before it; see the module's note).
    pub(super) fn carry_hidden(&self, s: &mut StateData, a: &Action, before: u32) {
        let Action::Move {
            from, to, copy, top, ..
        } = *a
        else {
            return;
        };
        let emptied = s.stack(from as usize).is_some_and(|st| st.is_empty());
        if self.ir.stacking {
            if !top && emptied && !copy {
                s.hidden.clear_site(from);
            }
            return;
        }
        if before == 0 || from == to {
            return;
        }
        s.hidden.copy_site(from, to);
        if emptied || (copy && before == 1) {
            s.hidden.clear_site(from);
        }
    }
}
