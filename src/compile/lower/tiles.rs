//! Lowering of the ludemes that read tiles' sides and paths, and dominoes' pips: `is
//! SidesMatch`, `is PipsMatch`, `pathExtent` (and `is Loop`'s `path:`, with `is Loop` in
//! `space`).

use super::{Call, Lowerer, R};
use crate::ir::*;

impl Lowerer {
    /// `(is SidesMatch [to])`: at the last `to` by default.
    pub(super) fn is_sides_match(&mut self, c: &Call) -> R<BoolFn> {
        let at = match c.typed(self.reg, "int") {
            Some(n) => self.int(n)?,
            None => IntFn::LastTo,
        };
        Ok(BoolFn::SidesMatch(Box::new(at)))
    }

    /// `(is PipsMatch [site])`: at the last `to` by default.
    pub(super) fn is_pips_match(&mut self, c: &Call) -> R<BoolFn> {
        let at = match c.typed(self.reg, "int") {
            Some(n) => self.int(n)?,
            None => IntFn::LastTo,
        };
        Ok(BoolFn::PipsMatch(Box::new(at)))
    }

    /// `(pathExtent [colour] [start | regionStart])`: the mover's colour, from every site
    /// the last move went to, by default.
    pub(super) fn path_extent(&mut self, c: &Call) -> R<IntFn> {
        // (an int: the colour, then the start; a region: the sites to start from)
        let (mut colour, mut from) = (None, None);
        for n in c.positional() {
            match self.site_or_region(n)? {
                (Some(i), _) if colour.is_none() => colour = Some(i),
                (Some(i), _) => from = Some(RegionFn::Site(Box::new(i))),
                (_, r) => from = r,
            }
        }
        let from = from.unwrap_or_else(|| {
            self.uses_last_to = true;
            RegionFn::LastTo
        });
        let colour = colour.unwrap_or(IntFn::RolePlayer(Role::Mover));
        Ok(IntFn::PathExtent(Box::new(colour), Box::new(from)))
    }
}
