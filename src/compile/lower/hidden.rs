//! Lowering of hidden information: `(set Hidden ..)` (an effect, and a start rule), `(is
//! Hidden ..)` and `(sites Hidden ..)`. Any of them makes the game one of hidden
//! information ([`GameIr::hidden_info`]).

use super::{invalid, req, Call, Lowerer, R};
use crate::ir::*;
use crate::syntax::{Node, NodeKind};

impl Lowerer {
    /// `(set Hidden [kind | {kinds}] [siteType] (at:s | region) [level:l] [value] to:p)`.
    /// The site type is not kept: flags live on the site numbers the engine plays on (the
    /// board's type, then the hands' cells), as in Ludii's states of one site type.
    pub(super) fn set_hidden(&mut self, c: &Call) -> R<SetHidden> {
        self.hidden_info = true;
        let kinds = match c.typed(self.reg, "hiddenData") {
            None => vec![HiddenKind::All],
            Some(n) => match &n.kind {
                NodeKind::List(items) => items.iter().map(|k| self.hidden_kind(k)).collect::<R<_>>()?,
                _ => vec![self.hidden_kind(n)?],
            },
        };
        let (at, region) = match (c.named("at"), c.typed(self.reg, "sites")) {
            (Some(a), _) => (Some(self.int(a)?), None),
            (None, Some(r)) => (None, Some(self.region(r)?)),
            (None, None) => return invalid("set Hidden needs at: or sites", c.span()),
        };
        let level = c.named("level").map(|n| self.int(n)).transpose()?;
        let value = match c.typed(self.reg, "boolean") {
            Some(b) => self.boolean(b)?,
            None => BoolFn::Const(true),
        };
        let to = self.viewer(req(c.named("to"), c)?)?;
        Ok(SetHidden {
            kinds,
            at,
            region,
            level,
            value,
            to,
        })
    }

    /// `(is Hidden [kind] [siteType] at:s [level:l] to:p)`.
    pub(super) fn is_hidden(&mut self, c: &Call) -> R<BoolFn> {
        let kind = self.one_kind(c)?;
        let at = self.int(req(c.named("at"), c)?)?;
        let level = c.named("level").map(|n| self.int(n)).transpose()?;
        let to = self.viewer(req(c.named("to"), c)?)?;
        Ok(BoolFn::IsHidden(Box::new((kind, at, level, to))))
    }

    /// `(sites Hidden [kind] [siteType] to:p)`.
    pub(super) fn sites_hidden(&mut self, c: &Call) -> R<RegionFn> {
        let kind = self.one_kind(c)?;
        let to = self.viewer(req(c.named("to"), c)?)?;
        Ok(RegionFn::Hidden(kind, to))
    }

    /// The one kind a question of hidden information asks of (the plain flag when none is
    /// given); the game is then one of hidden information.
    fn one_kind(&mut self, c: &Call) -> R<HiddenKind> {
        self.hidden_info = true;
        match c.typed(self.reg, "hiddenData") {
            Some(k) => self.hidden_kind(k),
            None => Ok(HiddenKind::All),
        }
    }

    fn hidden_kind(&mut self, n: &Node) -> R<HiddenKind> {
        Ok(match &n.kind {
            NodeKind::Atom(a) => match a.as_str() {
                "What" => HiddenKind::What,
                "Who" => HiddenKind::Who,
                "State" => HiddenKind::State,
                "Count" => HiddenKind::Count,
                "Rotation" => HiddenKind::Rotation,
                "Value" => HiddenKind::Value,
                other => return invalid(format!("`{other}` is not something a flag hides"), n.span.clone()),
            },
            _ => return invalid("expected what a flag hides", n.span.clone()),
        })
    }

    /// A `to:` of hidden information: `(player n)` or a role.
    fn viewer(&mut self, n: &Node) -> R<Viewer> {
        if Self::head(n) == Some("player") {
            let pc = self.call(n, "moves.player")?;
            let p = self.int(super::nth(&pc.positional(), 0, pc.span())?)?;
            return Ok(Viewer {
                role: Role::Mover,
                player: Some(p),
            });
        }
        Ok(Viewer {
            role: self.role(n)?,
            player: None,
        })
    }
}
