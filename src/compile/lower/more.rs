//! Lowering of the state effects, requirements and region queries Equi Game System uses:
//! `remember`/`forget`, `propose`, `do`, `select`, `forEach Site`, the region `forEach`,
//! and `sites Direction`/`LineOfSight`/`Distance`/`Between`/`To`/`(values Remembered)`.

use super::{flatten, invalid, nth, req, unsupported, Call, Lowerer, R};
use crate::board::{distance_relation_for_game, Relation};
use crate::ir::*;
use crate::syntax::{Node, NodeKind};

impl Lowerer {
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
            ("select", _) | ("move", Some("Select")) => {
                if c.typed(self.reg, "roleType").is_some() {
                    return unsupported("select with a role", c.span());
                }
                let from = self.place(req(c.typed(self.reg, "moves.from"), c)?, "moves.from")?;
                let to = match c.typed(self.reg, "moves.to") {
                    Some(t) => Some(self.place(t, "moves.to")?),
                    None => None,
                };
                MovesKind::Select { from, to }
            }
            (id, w) => return unsupported(format!("{id} {}", w.unwrap_or("")), c.span()),
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
                NodeKind::Atom(_) => players.push(IntFn::RolePlayer(self.role(n)?)),
                _ => players.push(self.int(n)?),
            }
        }
        let [a, b]: [IntFn; 2] = players.try_into().map_err(|_| super::LowerError::Invalid {
            message: "swap Players takes two players".into(),
            span: c.span(),
        })?;
        Ok(MovesKind::SwapPlayers(a, b))
    }

    /// `(meta ..)`: the meta rules the engine knows (`swap`).
    pub(super) fn meta(&mut self, node: &Node) -> R<()> {
        let c = self.call(node, "meta")?;
        let items: Vec<&Node> = match c.positional().first().map(|n| &n.kind) {
            Some(NodeKind::List(items)) => items.iter().collect(),
            _ => c.positional(),
        };
        for it in items {
            let rule = self.call(it, "metaRule")?;
            match rule.id {
                "meta.swap" => self.meta_swap = true,
                "meta.no.no" if rule.word(self.reg) == Some("Repeat") => {
                    let kind = rule.positional().into_iter().find_map(|n| match &n.kind {
                        NodeKind::Atom(a) if a != "Repeat" => Some(a.as_str()),
                        _ => None,
                    });
                    self.no_repeat = Some(match kind {
                        None | Some("Positional") => Repetition::Positional,
                        Some("PositionalInTurn") => Repetition::PositionalInTurn,
                        Some(k) => return unsupported(format!("meta (no Repeat {k})"), rule.span()),
                    });
                }
                "passEnd" => match rule.positional().iter().find_map(|n| match &n.kind {
                    NodeKind::Atom(a) => Some(a.as_str()),
                    _ => None,
                }) {
                    Some("NoEnd") => self.not_all_pass = true,
                    Some("Draw") => {}
                    _ => return invalid("passEnd needs NoEnd or Draw", rule.span()),
                },
                id => return unsupported(format!("meta ({})", Self::head(it).unwrap_or(id)), rule.span()),
            }
        }
        Ok(())
    }

    /// A site: a number, or a coordinate (`"A1"`, resolved when the game is loaded).
    pub(super) fn site(&mut self, n: &Node) -> R<IntFn> {
        match &n.kind {
            NodeKind::Str(label) => Ok(IntFn::Coord(self.intern(label))),
            _ => self.int(n),
        }
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

    /// The region `(forEach R if:C)`.
    pub(super) fn region_for_each(&mut self, c: &Call) -> R<RegionFn> {
        // `(forEach of:R X)`: the union of X at each site of R
        if let (Some(of), Some(x)) = (c.named("of"), c.typed(self.reg, "sites")) {
            return Ok(RegionFn::UnionOver(
                Box::new(self.region(of)?),
                Box::new(self.region(x)?),
            ));
        }
        let (Some(r), Some(cond)) = (c.typed(self.reg, "sites"), c.named("if")) else {
            return unsupported("this form of forEach (region)", c.span());
        };
        let r = self.region(r)?;
        let cond = self.condition(cond)?;
        Ok(RegionFn::Filter(Box::new(r), Box::new(cond)))
    }

    /// `(sites Direction ..)`, `(sites LineOfSight ..)`, `(sites Distance ..)`,
    /// `(sites Between ..)`, `(sites To ..)`, `(sites (values Remembered))`.
    pub(super) fn sites_more(&mut self, c: &Call) -> R<RegionFn> {
        self.board_site_type_only(c, "sites on another site type than the board's")?;
        let bi = |l: &mut Self, n: &Node| -> R<Box<IntFn>> { Ok(Box::new(l.int(n)?)) };
        Ok(match c.word(self.reg) {
            Some("LineOfSight") => {
                let kind = c
                    .positional()
                    .iter()
                    .find_map(|n| match &n.kind {
                        NodeKind::Atom(a) if a == "Empty" || a == "Farthest" || a == "Piece" => Some(a.clone()),
                        _ => None,
                    })
                    .unwrap_or_else(|| "Piece".to_string());
                let kind = match kind.as_str() {
                    "Empty" => crate::board::LineOfSight::Empty,
                    "Farthest" => crate::board::LineOfSight::Farthest,
                    _ => crate::board::LineOfSight::Piece,
                };
                let at = match c.named("at") {
                    Some(n) => self.int(n)?,
                    None => IntFn::To,
                };
                let dirs = self.directions(c.typed(self.reg, "direction"))?;
                RegionFn::LineOfSight {
                    at: Box::new(at),
                    dirs,
                    kind,
                }
            }
            Some("Distance") => {
                if c.typed(self.reg, "effect.step").is_some() || c.named("newRotation").is_some() {
                    return unsupported("sites Distance with a step move", c.span());
                }
                let rel = match c.typed(self.reg, "relationType") {
                    Some(n) => match &n.kind {
                        NodeKind::Atom(a) => Relation::from_name(a).ok_or_else(|| super::LowerError::Unsupported {
                            ludeme: format!("relation {a}"),
                            span: n.span.clone(),
                        })?,
                        _ => return invalid("expected a relation", n.span.clone()),
                    },
                    None => Relation::Adjacent,
                };
                self.distance_relation = distance_relation_for_game(self.distance_relation.into_iter().chain([rel]));
                let from = bi(self, req(c.named("from"), c)?)?;
                let range = req(c.typed(self.reg, "range"), c)?;
                let rc = self.call(range, "range")?;
                if rc.id != "exact" {
                    return unsupported("sites Distance with a range other than exact", c.span());
                }
                let exact = bi(self, nth(&rc.positional(), 0, rc.span())?)?;
                RegionFn::Distance { from, exact }
            }
            Some("Between") => {
                for name in ["fromIncluded", "toIncluded", "cond"] {
                    if c.named(name).is_some() {
                        return unsupported(format!("sites Between {name}:"), c.span());
                    }
                }
                let dirs = self.directions(c.typed(self.reg, "direction"))?;
                RegionFn::Between {
                    from: bi(self, req(c.named("from"), c)?)?,
                    to: bi(self, req(c.named("to"), c)?)?,
                    dirs,
                }
            }
            Some(w @ ("To" | "From")) => {
                let m = Box::new(self.moves(req(c.typed(self.reg, "moves"), c)?)?);
                if w == "To" {
                    RegionFn::To(m)
                } else {
                    RegionFn::From(m)
                }
            }
            None => {
                let pos = c.positional();
                match pos.as_slice() {
                    [n] if matches!(&n.kind, NodeKind::Call { head, .. } if head == "values") => match self.ints(n)? {
                        IntsFn::Remembered(list) => RegionFn::Remembered(list),
                        _ => return unsupported("sites of an int array", c.span()),
                    },
                    [n] if matches!(n.kind, NodeKind::List(_)) => {
                        RegionFn::Sites(flatten(&[*n]).into_iter().map(|i| self.site(i)).collect::<R<_>>()?)
                    }
                    // (the group a `(forEach Group ..)` is at)
                    [] => RegionFn::CurrentGroup,
                    _ => return unsupported("this form of sites", c.span()),
                }
            }
            Some("Pattern") => RegionFn::Pattern(Box::new(self.pattern(c)?)),
            Some("Crossing") => self.sites_crossing(c)?,
            Some(w) => return unsupported(format!("sites {w}"), c.span()),
        })
    }
}
