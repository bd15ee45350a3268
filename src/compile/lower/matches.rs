//! Lowering of Ludii's package `game.match`: `(match ..)`, its `(games ..)` and each
//! `(subgame ..)`. A subgame is a description of its own, loaded by name (`crate::load`);
//! the match lowers to its own context ([`MatchIr::context`]: its players and end rules on a
//! board of one cell) and the list of its subgames.

use super::{flatten, invalid, Lowerer, R};
use crate::board::{BoardSpec, SiteType};
use crate::ir::*;
use crate::syntax::{Node, NodeKind};

impl Lowerer {
    /// `(match "name" [players] (games ..) (end ..))`.
    pub(super) fn match_ir(&mut self, node: &Node) -> R<MatchIr> {
        let c = self.call(node, "game")?;
        if c.id != "match" {
            return invalid("expected a match", c.span());
        }
        let name = match c.positional().first().map(|n| &n.kind) {
            Some(NodeKind::Str(s)) => s.clone(),
            _ => String::new(),
        };
        // (Ludii's default players: two)
        let players = match c.typed(self.reg, "players") {
            Some(p) => self.players(p)?,
            None => 2,
        };
        self.players = players;
        let games = c.typed(self.reg, "games").ok_or_else(|| super::LowerError::Invalid {
            message: "a match needs its games".into(),
            span: c.span(),
        })?;
        let gc = self.call(games, "games")?;
        let mut subgames = Vec::new();
        for sub in flatten(&gc.positional()) {
            let sc = self.call(sub, "subgame")?;
            let mut strings = sc.positional().into_iter().filter_map(|a| match &a.kind {
                NodeKind::Str(s) => Some(s.clone()),
                _ => None,
            });
            let Some(name) = strings.next() else {
                return invalid("a subgame needs the name of its game", sc.span());
            };
            let option = strings.next();
            let next = sc.named("next").map(|n| self.int(n)).transpose()?;
            let result = sc.named("result").map(|n| self.int(n)).transpose()?;
            subgames.push(SubgameIr {
                name,
                option,
                next,
                result,
            });
        }
        if subgames.is_empty() {
            return invalid("a match needs at least one game", gc.span());
        }
        let end = match c.typed(self.reg, "end") {
            Some(e) => self.end(e)?,
            None => Vec::new(),
        };
        let board = (BoardSpec::Square(1), SiteType::Cell);
        let pass = Moves::new(MovesKind::Pass, None);
        let context = self.finish(name, players, board, Vec::new(), pass, Vec::new(), end)?;
        Ok(MatchIr { context, subgames })
    }
}
