//! Several site types at once: the sites of the other types than the board's that the
//! rules read and play on ([`GameIr::other_types`]), each with its own pieces
//! ([`StateData::typed`]), numbered as Ludii numbers that type. Ludii's sites are plain
//! numbers whose type the ludeme reading them names; so are these.

use super::game::{Ctx, GameDef};
use super::moves::MoveData;
use super::region::Region;
use super::state::{Stack, StateData};
use crate::board::{Direction, SiteType};
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

    /// Where the state keeps site `local` of type `ty` (None: the board's), as actions name
    /// sites: a site of the board's type is itself (a hand's too, numbered after the
    /// board); a hand's site is itself when named as a cell (Ludii's hands are cells on
    /// any board); another type's sites are numbered on after every container's, type
    /// after type. -1: no such site.
    pub(super) fn global_site(&self, ty: Option<SiteType>, local: i32) -> i32 {
        let Some(k) = ty.and_then(|t| self.type_index(t)) else {
            return local;
        };
        let Ok(l) = usize::try_from(local) else { return -1 };
        if ty == Some(SiteType::Cell) && l >= self.n() && l < self.total_sites {
            local
        } else if l < self.typed_boards[k].num_sites() {
            let before: usize = self.typed_boards[..k].iter().map(|b| b.num_sites()).sum();
            (self.total_sites + before + l) as i32
        } else {
            -1
        }
    }

    /// A site the state keeps ([`Self::global_site`]) as its type's own: the type's code (0
    /// the board's, `k` the `k`-th other type) and the site.
    pub(crate) fn local_site(&self, site: u32) -> (u8, u32) {
        let mut at = site as usize;
        if at < self.total_sites {
            return (0, site);
        }
        at -= self.total_sites;
        for (k, b) in self.typed_boards.iter().enumerate() {
            if at < b.num_sites() {
                return (k as u8 + 1, at as u32);
            }
            at -= b.num_sites();
        }
        (0, site)
    }

    /// The code of a site type in moves and history (see [`super::moves::MoveData::ty`]).
    pub(super) fn type_code(&self, ty: Option<SiteType>) -> u8 {
        ty.and_then(|t| self.type_index(t)).map_or(0, |k| k as u8 + 1)
    }

    /// The site type of a code ([`Self::type_code`]).
    pub fn type_of_code(&self, code: u8) -> SiteType {
        match code {
            0 => self.ir.site_type,
            k => self
                .typed_boards
                .get(k as usize - 1)
                .map_or(self.ir.site_type, |b| b.site_type()),
        }
    }

    /// The pieces at `site` of type `ty` ([`Self::global_site`]).
    pub(super) fn typed_stack<'s>(&self, s: &'s StateData, ty: SiteType, site: i32) -> Option<&'s Stack> {
        s.stack(usize::try_from(self.global_site(Some(ty), site)).ok()?)
    }

    /// `(who|what T at:s)` (see [`IntFn::OnType`]).
    pub(super) fn typed_int(&self, ty: SiteType, field: LevelField, site: i32, c: &Ctx) -> i32 {
        let top = self.typed_stack(c.s, ty, site).and_then(|st| st.last());
        top.map_or(0, |p| match field {
            LevelField::Who => p.who as i32,
            LevelField::What => p.what as i32,
            LevelField::State => p.state,
            LevelField::Value => p.value,
        })
    }

    /// `(is Empty T s)` / `(is Occupied T s)` (see [`BoolFn::OnType`]).
    pub(super) fn typed_occupied(&self, ty: SiteType, site: i32, c: &Ctx) -> Option<bool> {
        self.typed_stack(c.s, ty, site).map(|st| !st.is_empty())
    }

    /// `(edge a b)`: the edge joining vertices a and b (-1: none).
    pub(super) fn edge_joining(&self, a: i32, b: i32) -> i32 {
        let (Ok(a), Ok(b)) = (u32::try_from(a), u32::try_from(b)) else {
            return -1;
        };
        let edges = &self.board.graph().edges;
        let joins = |e: u32| {
            edges
                .get(e as usize)
                .is_some_and(|&[x, y]| (x, y) == (a, b) || (x, y) == (b, a))
        };
        let table = self
            .incidence
            .iter()
            .find(|(o, t, _)| *o == SiteType::Vertex && *t == SiteType::Edge);
        let found = match table.and_then(|(_, _, v)| v.get(a as usize)) {
            Some(at_a) => at_a.iter().copied().find(|&e| joins(e)),
            None => (0..edges.len() as u32).find(|&e| joins(e)),
        };
        found.map_or(-1, |e| e as i32)
    }

    /// A step of a piece on another site type than the board's (`(move Step (from T) ..)`):
    /// along that type's own steps, its sites named as that type's.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn gen_typed_step(
        &self,
        ty: SiteType,
        from: &Option<Place>,
        dirs: &[Direction],
        to: &Place,
        stack: bool,
        c: &Ctx,
        out: &mut Vec<MoveData>,
    ) {
        let Some(k) = self.type_index(ty) else { return };
        let board = &self.typed_boards[k];
        let f = self.origin_if(from, c);
        if f < 0 || f as usize >= board.num_sites() {
            return;
        }
        let gf = self.global_site(Some(ty), f);
        let whole = stack.then(|| c.s.stack(gf as usize).map_or(1, |st| st.len() as u32));
        let to_cond = self.cond(to.cond.as_ref());
        let (start, code) = (out.len(), self.type_code(Some(ty)));
        let mut c2 = *c;
        c2.from = f;
        for &d in dirs {
            for &t in board.steps_in(f as u32, d) {
                let t = t as i32;
                c2.to = t;
                if to_cond.holds(self, &c2) && !out[start..].iter().any(|m| m.from == f && m.to == t) {
                    let gt = self.global_site(Some(ty), t);
                    let actions = self.push_move(out, c, f, t);
                    self.piece_move(&[to.apply.as_deref()], &c2, gf, gt, whole, None, actions);
                    if let Some(m) = out.last_mut() {
                        m.ty = code;
                    }
                }
            }
        }
    }

    /// A region of another site type (see [`TypedRegion`]).
    pub(super) fn typed_region(&self, ty: SiteType, r: &TypedRegion, c: &Ctx) -> Region {
        let n = self.count_of_type(ty);
        let mut out = Region::new(n);
        let occupied = |t: usize| self.typed_stack(c.s, ty, t as i32).is_some_and(|st| !st.is_empty());
        match r {
            TypedRegion::All => out = Region::full(n),
            TypedRegion::Empty => (0..n).filter(|&t| !occupied(t)).for_each(|t| out.insert(t as i32)),
            TypedRegion::Occupied(role, component) => {
                let players = self.occupying_players(*role, c);
                for t in 0..n {
                    let top = self.typed_stack(c.s, ty, t as i32).and_then(|st| st.last());
                    if top
                        .is_some_and(|p| players.contains(&p.who) && component.is_none_or(|k| self.is_named(p.what, k)))
                    {
                        out.insert(t as i32);
                    }
                }
            }
            TypedRegion::Sites(v) => v.iter().for_each(|x| {
                let t = self.int(x, c);
                if (0..n as i32).contains(&t) {
                    out.insert(t);
                }
            }),
            TypedRegion::Labels(v) => {
                let board = self.type_index(ty).map_or(&self.board, |k| &self.typed_boards[k]);
                v.iter()
                    .filter_map(|l| board.site_of_label(l))
                    .for_each(|t| out.insert(t as i32));
            }
            TypedRegion::Geometry(g) => {
                let board = self.type_index(ty).map_or(&self.board, |k| &self.typed_boards[k]);
                board.geometry_region(*g).into_iter().for_each(|t| out.insert(t as i32));
            }
            TypedRegion::Incident { of, at, owner } => {
                let at = self.int(at, c);
                // (the owner's, or any player's for the shared role, as Ludii reads it)
                let owner = owner.as_ref().map(|o| self.int(o, c));
                let shared = i32::from(self.num_players) + 1;
                let held = |t: u32| {
                    let who = self.typed_int(ty, LevelField::Who, t as i32, c);
                    owner.is_none_or(|o| (who != 0 && o == shared) || who == o)
                };
                let table = self.incidence.iter().find(|(o, t, _)| o == of && *t == ty);
                if let Some(sites) = table.and_then(|(_, _, v)| v.get(usize::try_from(at).ok()?)) {
                    sites.iter().filter(|&&t| held(t)).for_each(|&t| out.insert(t as i32));
                }
            }
            TypedRegion::Around { at, dirs } => {
                let board = self.type_index(ty).map_or(&self.board, |k| &self.typed_boards[k]);
                let Ok(at) = u32::try_from(self.int(at, c)) else {
                    return out;
                };
                if at as usize >= n {
                    return out;
                }
                for &d in dirs {
                    for radial in board.radials(at, d) {
                        if let Some(&t) = radial.get(1).filter(|&&t| t != at) {
                            out.insert(t as i32);
                        }
                    }
                }
            }
        }
        out
    }
}
