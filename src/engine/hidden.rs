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
    pub(super) fn is_hidden(
        &self,
        (kind, at, level, to): &(HiddenKind, crate::ir::IntFn, Option<crate::ir::IntFn>, Viewer),
        c: &Ctx,
    ) -> bool {
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

/// A piece as player `p` sees it under `flags` (the kinds hidden from `p` there): every
/// field hidden reads 0, and a piece hidden as a whole is a piece of no component and no
/// owner (something is there, the viewer cannot tell what). `count`: whether the count can
/// be hidden (not where pieces stack, as in Ludii).
fn masked(piece: &mut super::state::Piece, flags: u8, count: bool) {
    if flags & HiddenKind::All.bit() != 0 {
        *piece = super::state::Piece {
            count: 0,
            ..Default::default()
        };
        return;
    }
    let hides = |k: HiddenKind| flags & k.bit() != 0;
    if hides(HiddenKind::What) {
        piece.what = 0;
    }
    if hides(HiddenKind::Who) {
        piece.who = 0;
    }
    if hides(HiddenKind::State) {
        piece.state = 0;
    }
    if hides(HiddenKind::Value) {
        piece.value = 0;
    }
    if hides(HiddenKind::Rotation) {
        piece.rotation = 0;
    }
    if count && hides(HiddenKind::Count) {
        piece.count = 0;
    }
}

impl GameDef {
    /// The flags hiding the piece at `level` of `site` from `p` (a game without stacks keeps
    /// one set a site).
    fn flags_at(&self, s: &StateData, site: usize, level: usize, p: u8) -> u8 {
        let level = if self.ir.stacking { level as u32 } else { 0 };
        s.hidden.get(site as u32, level, p)
    }

    /// `s` as player `p` sees it (Ludii's `InformationContext`): every piece masked by the
    /// flags hiding it from `p`. For looking at (observations, drawings), not for playing
    /// on: a piece of no component stands where the viewer cannot tell what is there.
    pub(super) fn view(&self, s: &StateData, p: u8) -> StateData {
        self.view_under(s, s, p)
    }

    /// `s` as player `p` sees it with the flags of `flags` (a position after a move, seen
    /// as the flags before it let `p` see it: what `p` may know of the move's result
    /// before making it).
    pub(super) fn view_under(&self, s: &StateData, flags: &StateData, p: u8) -> StateData {
        let mut v = s.clone();
        if flags.hidden.is_empty() || !(1..=self.num_players).contains(&p) {
            return v;
        }
        for site in 0..self.total_sites {
            let Some(st) = v.stack_mut(site) else { continue };
            for (level, piece) in st.iter_mut().enumerate() {
                masked(piece, self.flags_at(flags, site, level, p), !self.ir.stacking);
            }
        }
        v
    }

    /// A state `p` cannot tell from `s` (the same [`Self::view`]), with the pieces hidden
    /// from `p` shuffled among the places that look alike to `p`: what a search for `p`
    /// plays on, as it cannot know where the hidden pieces are. Two states that look the
    /// same to `p` give the same state for the same draws.
    pub(super) fn determinise(&self, s: &StateData, p: u8, rng: &mut dyn rand::RngCore) -> StateData {
        use rand::seq::SliceRandom;
        let mut d = s.clone();
        if s.hidden.is_empty() || !(1..=self.num_players).contains(&p) {
            return d;
        }
        // the hidden pieces, grouped by how they look to `p`
        let mut groups: Vec<(super::state::Piece, Vec<(usize, usize)>)> = Vec::new();
        for site in 0..self.total_sites {
            let Some(st) = s.stack(site) else { continue };
            for (level, piece) in st.iter().enumerate() {
                let flags = self.flags_at(s, site, level, p);
                if flags == 0 {
                    continue;
                }
                let mut look = *piece;
                masked(&mut look, flags, !self.ir.stacking);
                match groups.iter_mut().find(|(l, _)| *l == look) {
                    Some((_, places)) => places.push((site, level)),
                    None => groups.push((look, vec![(site, level)])),
                }
            }
        }
        for (_, places) in groups.iter().filter(|(_, places)| places.len() > 1) {
            let mut pieces: Vec<super::state::Piece> = places
                .iter()
                .filter_map(|&(site, level)| s.stack(site).and_then(|st| st.get(level)).copied())
                .collect();
            // (in an order of their own first: the shuffle then depends on what `p` sees
            // alone, not on where the pieces really are)
            pieces.sort_by_key(|x| (x.what, x.who, x.count, x.state, x.value, x.rotation));
            pieces.shuffle(rng);
            for (&(site, level), piece) in places.iter().zip(pieces) {
                if let Some(slot) = d.stack_mut(site).and_then(|st| st.get_mut(level)) {
                    *slot = piece;
                }
            }
            for &(site, _) in places {
                d.sync_site(site);
            }
        }
        if self.ir.records.is_some() {
            d.hash = d.position_hash();
        }
        d
    }
}

#[cfg(test)]
mod tests {
    use super::super::state::Hidden;

    #[test]
    fn flags_are_kept_per_site_level_and_player() {
        let mut h = Hidden::new(4, 2);
        assert!(!h.is_empty());
        h.set(1, 0, 2, 0b101);
        h.set(1, 3, 1, 0b10);
        h.set(2, 1, 2, 0b1);
        assert_eq!(
            (h.get(1, 0, 2), h.get(1, 0, 1), h.get(1, 3, 1), h.get(1, 2, 1)),
            (0b101, 0, 0b10, 0)
        );
        // players outside 1..=2 and sites off the table keep nothing
        h.set(1, 0, 3, 1);
        h.set(9, 0, 1, 1);
        assert_eq!((h.get(1, 0, 3), h.get(9, 0, 1), h.get(1, 0, 0)), (0, 0, 0));
        // a move's carry: the bottom level of every player, from one site to another
        h.copy_site(1, 3);
        assert_eq!((h.get(3, 0, 2), h.get(3, 3, 1)), (0b101, 0));
        // an emptied site keeps no flag at any level
        h.clear_site(1);
        assert_eq!((h.get(1, 0, 2), h.get(1, 3, 1), h.get(2, 1, 2)), (0, 0, 0b1));
        // clearing a flag of an upper level drops its entry
        h.set(2, 1, 2, 0);
        assert_eq!(h, {
            let mut e = Hidden::new(4, 2);
            e.set(3, 0, 2, 0b101);
            e
        });
        assert!(Hidden::default().is_empty());
    }
}
