//! Lowering of the connection ludemes of space games: `is Connected`.

use super::{unsupported, Call, Lowerer, R};
use crate::ir::*;
use crate::syntax::NodeKind;

impl Lowerer {
    /// `(is Connected [n] [siteType] [at:] [direction] ({regions} | role))`.
    pub(super) fn is_connected(&mut self, c: &Call) -> R<BoolFn> {
        if c.typed(self.reg, "regionTypeStatic").is_some() {
            return unsupported("is Connected of a static region type", c.span());
        }
        if let Some(t) = c.typed(self.reg, "siteType") {
            if !matches!(&t.kind, NodeKind::Atom(a) if crate::engine::board::SiteType::from_name(a) == Some(self.site_type))
            {
                return unsupported("is Connected on another site type than the board's", t.span.clone());
            }
        }
        let number = c.typed(self.reg, "int").map(|n| self.int(n)).transpose()?;
        let at = match c.named("at") {
            Some(n) => self.int(n)?,
            None => IntFn::LastTo,
        };
        let dirs = self.move_directions(c.typed(self.reg, "direction"))?;
        let regions = match c.typed(self.reg, "sites") {
            Some(n) => Some(match &n.kind {
                NodeKind::List(items) => items.iter().map(|i| self.region(i)).collect::<R<Vec<_>>>()?,
                _ => vec![self.region(n)?],
            }),
            None => None,
        };
        let player = match c.typed(self.reg, "roleType") {
            Some(r) => Some(IntFn::RolePlayer(self.role(r)?)),
            None => None,
        };
        Ok(BoolFn::IsConnected(Box::new(Connected {
            at,
            number,
            dirs,
            regions,
            player,
        })))
    }
}
