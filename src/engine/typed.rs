//! Several site types at once: the sites of the other types than the board's that the
//! rules read and play on ([`GameIr::other_types`]), each with its own pieces
//! ([`StateData::typed`]), numbered as Ludii numbers that type. Ludii's sites are plain
//! numbers whose type the ludeme reading them names; so are these.

use super::game::{Ctx, GameDef};
use super::region::Region;
use super::state::{Stack, StateData};
use crate::board::SiteType;
use crate::ir::*;

impl GameDef {
    /// The index of another site type in [`GameDef::typed_boards`] and [`StateData::typed`].
    fn type_index(&self, ty: SiteType) -> Option<usize> {
        self.typed_boards.iter().position(|b| b.site_type() == ty)
    }

    /// The number of sites of a type in play.
    pub(super) fn count_of_type(&self, ty: SiteType) -> usize {
        match self.type_index(ty) {
            Some(k) => self.typed_boards[k].num_sites(),
            None => self.n(),
        }
    }

    /// The pieces at `site` of type `ty` (the board's type: the board's, or a hand's past
    /// the board; a hand's site too when named as a cell past the type's own, as Ludii
    /// reads a hand's cells on a board of vertices).
    pub(super) fn typed_stack<'s>(&self, s: &'s StateData, ty: SiteType, site: i32) -> Option<&'s Stack> {
        let site = usize::try_from(site).ok()?;
        match self.type_index(ty) {
            Some(k) => match s.typed.get(k).and_then(|(_, v)| v.get(site)) {
                Some(st) => Some(st),
                None if site >= self.n() => s.stack(site),
                None => None,
            },
            None => s.stack(site),
        }
    }

    /// `(who|what T at:s)` (see [`IntFn::OnType`]).
    pub(super) fn typed_int(&self, ty: SiteType, field: LevelField, site: i32, c: &Ctx) -> i32 {
        let top = self.typed_stack(c.s, ty, site).and_then(|st| st.last());
        top.map_or(0, |p| match field {
            LevelField::Who => p.who as i32,
            LevelField::What => p.what as i32,
            LevelField::State => p.state,
        })
    }

    /// `(is Empty T s)` / `(is Occupied T s)` (see [`BoolFn::OnType`]).
    pub(super) fn typed_occupied(&self, ty: SiteType, site: i32, c: &Ctx) -> Option<bool> {
        self.typed_stack(c.s, ty, site).map(|st| !st.is_empty())
    }

    /// A region of another site type (see [`TypedRegion`]).
    pub(super) fn typed_region(&self, ty: SiteType, r: &TypedRegion, c: &Ctx) -> Region {
        let n = self.count_of_type(ty);
        let mut out = Region::new(n);
        let occupied = |t: usize| self.typed_stack(c.s, ty, t as i32).is_some_and(|st| !st.is_empty());
        match r {
            TypedRegion::All => out = Region::full(n),
            TypedRegion::Empty => (0..n).filter(|&t| !occupied(t)).for_each(|t| out.insert(t as i32)),
            TypedRegion::Occupied(role) => {
                let players = self.occupying_players(*role, c);
                for t in 0..n {
                    let top = self.typed_stack(c.s, ty, t as i32).and_then(|st| st.last());
                    if top.is_some_and(|p| players.contains(&p.who)) {
                        out.insert(t as i32);
                    }
                }
            }
            TypedRegion::Geometry(g) => {
                let board = self.type_index(ty).map_or(&self.board, |k| &self.typed_boards[k]);
                board.geometry_region(*g).into_iter().for_each(|t| out.insert(t as i32));
            }
            TypedRegion::Incident { of, at } => {
                let at = self.int(at, c);
                let table = self.incidence.iter().find(|(o, t, _)| o == of && *t == ty);
                if let Some(sites) = table.and_then(|(_, _, v)| v.get(usize::try_from(at).ok()?)) {
                    sites.iter().for_each(|&t| out.insert(t as i32));
                }
            }
        }
        out
    }
}
