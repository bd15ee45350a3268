//! Lowering of the effects (Ludii's `rules/play/moves/nonDecision/effect`, its `state` and
//! `requirement` packages): `do`, `remember` and `forget`, `propose`, `vote` and `select`, and
//! the swap of players.

use super::*;

impl Lowerer {
    /// `(do A [next:B] [ifAfterwards:C])`.
    pub(super) fn do_moves(&mut self, c: &Call) -> R<MovesKind> {
        let pre = req(c.typed(self.reg, "moves"), c)?;
        let pre = Box::new(self.moves(pre)?);
        let next = match c.named("next") {
            Some(n) => Some(Box::new(self.moves(n)?)),
            None => None,
        };
        let if_afterwards = match c.named("ifAfterwards") {
            Some(n) => Some(self.condition(n)?),
            None => None,
        };
        let afterwards_reads_from = if_afterwards
            .as_ref()
            .is_some_and(|b| crate::ir::reads_last_from(crate::ir::Node::Bool(b)));
        Ok(MovesKind::Do {
            pre,
            next,
            if_afterwards,
            afterwards_reads_from,
        })
    }

    /// The list a `remember`/`forget`/`values Remembered`/`set RememberValue` names (its
    /// string argument, interned), else the list without a name.
    pub(super) fn remembered_list(&mut self, c: &Call) -> u16 {
        match c.positional().iter().find_map(|n| match &n.kind {
            NodeKind::Str(s) => Some(s.clone()),
            _ => None,
        }) {
            Some(name) => self.intern(&name),
            None => UNNAMED,
        }
    }

    /// `(remember Value ["name"] v [unique:b])`.
    pub(super) fn remember(&mut self, c: &Call) -> R<MovesKind> {
        let list = self.remembered_list(c);
        let v = req(c.typed(self.reg, "int"), c)?;
        let value = self.int(v)?;
        let unique = self.flag(c.named("unique"))?;
        Ok(MovesKind::Remember { list, value, unique })
    }

    /// `(forget Value ["name"] All | v)`.
    pub(super) fn forget(&mut self, c: &Call) -> R<MovesKind> {
        let list = self.remembered_list(c);
        if c.positional()
            .iter()
            .any(|n| matches!(&n.kind, NodeKind::Atom(a) if a == "All"))
        {
            return Ok(MovesKind::ForgetAll(list));
        }
        let v = req(c.typed(self.reg, "int"), c)?;
        Ok(MovesKind::Forget(list, self.int(v)?))
    }

    /// `propose`, `vote`, `select`.
    pub(super) fn state_moves(&mut self, c: &Call) -> R<MovesKind> {
        let word = c.word(self.reg);
        Ok(match (c.id, word) {
            ("propose", _) | ("move", Some("Propose")) | ("vote", _) | ("move", Some("Vote")) => {
                let vote = c.id == "vote" || word == Some("Vote");
                match c.positional().iter().find_map(|n| match &n.kind {
                    NodeKind::Str(s) => Some(s.clone()),
                    _ => None,
                }) {
                    Some(s) if vote => MovesKind::Vote(self.intern(&s)),
                    Some(s) => MovesKind::Propose(self.intern(&s)),
                    None => return unsupported("propose or vote on a list", c.span()),
                }
            }
            ("move", Some("Bet")) => {
                let (role, player) = self.player_or_role(c)?;
                let (min, max) = self.range(req(c.typed(self.reg, "range"), c)?)?;
                let (Some(min), Some(max)) = (min, max) else {
                    return unsupported("a bet without its least and greatest amounts", c.span());
                };
                MovesKind::Bet {
                    player: player.unwrap_or(IntFn::RolePlayer(role)),
                    min,
                    max,
                }
            }
            ("select", _) | ("move", Some("Select")) => {
                let mover = match c.typed(self.reg, "roleType") {
                    Some(r) => Some(IntFn::RolePlayer(self.role(r)?)),
                    None => None,
                };
                let from = self.place(req(c.typed(self.reg, "moves.from"), c)?, "moves.from")?;
                // (a `(to)` naming no site or region selects the origin alone, as no `to`
                // does: Ludii reads neither its condition nor its level then)
                let to = match c.typed(self.reg, "moves.to") {
                    Some(t) => Some(self.place(t, "moves.to")?).filter(|p| p.site.is_some() || p.region.is_some()),
                    None => None,
                };
                MovesKind::Select { from, to, mover }
            }
            (id, w) => return unsupported(format!("{id} {}", w.unwrap_or("")), c.span()),
        })
    }

    /// `(move Set Rotation [(to s)] [{dirs} | dir] [previous:b] [next:b])` and the effect
    /// `(set Rotation ..)`: at `s` (default `(from)`), a move per direction given, then the
    /// rotations before and after the piece's (where those conditions hold, by default).
    pub(super) fn set_rotation(&mut self, c: &Call) -> R<MovesKind> {
        let at = match c.typed(self.reg, "moves.to") {
            Some(t) => match self.place(t, "moves.to")? {
                Place { site: Some(s), .. } => Some(s),
                _ => return unsupported("set Rotation at a region", c.span()),
            },
            None => None,
        };
        let mut dirs = Vec::new();
        for n in c.positional() {
            if let NodeKind::List(items) = &n.kind {
                for x in items {
                    dirs.push(self.int(x)?);
                }
            }
        }
        if dirs.is_empty() {
            if let Some(d) = c.typed(self.reg, "int") {
                dirs.push(self.int(d)?);
            }
        }
        let mut turn = |name: &str| -> R<Option<BoolFn>> {
            match c.named(name) {
                Some(b) => Ok(Some(self.condition(b)?)),
                None => Ok(None),
            }
        };
        let (previous, next) = (turn("previous")?, turn("next")?);
        Ok(MovesKind::SetRotation {
            at: at.unwrap_or(IntFn::From),
            dirs,
            previous,
            next,
        })
    }

    /// `(move Swap Players a b)`, `(swap Players a b)`: each player by number or role.
    pub(super) fn swap_players(&mut self, c: &Call) -> R<MovesKind> {
        let mut players = Vec::new();
        let pieces = c
            .positional()
            .iter()
            .any(|n| matches!(&n.kind, NodeKind::Atom(a) if a == "Pieces"));
        if pieces {
            // `(swap Pieces [a] [b])`: the last move's sites by default
            let mut sites = Vec::new();
            for n in c.positional() {
                match &n.kind {
                    _ if Self::head(n) == Some("then") => {}
                    NodeKind::Atom(a) if a == "Swap" || a == "Pieces" => {}
                    _ => sites.push(self.int(n)?),
                }
            }
            let mut sites = sites.into_iter();
            return Ok(MovesKind::SwapPieces(
                sites.next().unwrap_or(IntFn::LastFrom),
                sites.next().unwrap_or(IntFn::LastTo),
            ));
        }
        for n in c.positional() {
            match &n.kind {
                _ if Self::head(n) == Some("then") => {}
                NodeKind::Atom(a) if a == "Swap" || a == "Players" => {}
                NodeKind::Atom(a) if a.parse::<i64>().is_err() => players.push(IntFn::RolePlayer(self.role(n)?)),
                _ => players.push(self.int(n)?),
            }
        }
        let [a, b]: [IntFn; 2] = players.try_into().map_err(|_| super::LowerError::Invalid {
            message: "swap Players takes two players".into(),
            span: c.span(),
        })?;
        Ok(MovesKind::SwapPlayers(a, b))
    }
}
