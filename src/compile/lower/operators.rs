//! Lowering of the iterating operators (Ludii's `rules/play/moves/nonDecision/operators/foreach`):
//! `forEach Value` and `forEach Site`.

use super::*;

impl Lowerer {
    /// `(forEach Value min:a max:b M)`.
    pub(super) fn for_each_value(&mut self, c: &Call) -> R<MovesKind> {
        let (Some(min), Some(max)) = (c.named("min"), c.named("max")) else {
            let values = self.ints(req(c.typed(self.reg, "ints"), c)?)?;
            let body = Box::new(self.moves(req(c.typed(self.reg, "moves"), c)?)?);
            return Ok(MovesKind::ForEachValueIn { values, body });
        };
        let min = self.int(min)?;
        let max = self.int(max)?;
        let body = Box::new(self.moves(req(c.typed(self.reg, "moves"), c)?)?);
        Ok(MovesKind::ForEachValue { min, max, body })
    }

    /// `(forEach <ints> M)`: M for each player of the list.
    pub(super) fn for_each_player_in(&mut self, c: &Call) -> R<MovesKind> {
        let players = self.ints(req(c.typed(self.reg, "ints"), c)?)?;
        let body = Box::new(self.moves(req(c.typed(self.reg, "moves"), c)?)?);
        Ok(MovesKind::ForEachPlayerIn { players, body })
    }

    /// `(forEach Site R M)`.
    pub(super) fn for_each_site(&mut self, c: &Call) -> R<MovesKind> {
        let otherwise = match c.named("noMoveYet") {
            Some(n) => Some(Box::new(self.moves(n)?)),
            None => None,
        };
        let region = self.region(req(c.typed(self.reg, "sites"), c)?)?;
        let body = self.moves(req(c.typed(self.reg, "moves"), c)?)?;
        Ok(MovesKind::ForEachSite {
            region,
            body: Box::new(body),
            otherwise,
        })
    }
}
