//! Lowering of captures by flanking, intervening, approach or withdrawal and surrounding
//! (`custodial`, `intervene`, `directional`, `surround`), of
//! `trigger`, and of the threat of capture (`is Threatened`).

use super::{req, unsupported, Call, Lowerer, R};
use crate::board::{Direction, Relation};
use crate::ir::*;
use crate::syntax::NodeKind;

/// The parts of a `(between ..)` of a capture: range, condition, effect.
type BetweenParts = (Option<IntFn>, Option<IntFn>, Option<BoolFn>, Option<Box<Moves>>);

impl Lowerer {
    /// A capture's `from` (a site only) and `to` (a condition only), and its `between`.
    fn capture_parts(&mut self, c: &Call) -> R<(Option<IntFn>, BetweenParts, Option<BoolFn>)> {
        let from = self.site_of_from(c)?;
        let mut between = (None, None, None, None);
        if let Some(b) = c.typed(self.reg, "moves.between") {
            let bc = self.call(b, "moves.between")?;
            for name in ["before", "after", "trail"] {
                if bc.named(name).is_some() {
                    return unsupported(format!("capture between {name}:"), bc.span());
                }
            }
            if let Some(r) = bc.typed(self.reg, "range") {
                (between.0, between.1) = self.range(r)?;
            }
            (between.2, between.3) = self.between(b, true)?;
        }
        let to = self.condition_of_to(c)?;
        Ok((from, between, to))
    }

    /// `(custodial [from] [dir] [between] [to] [then])`.
    pub(super) fn custodial(&mut self, c: &Call) -> R<MovesKind> {
        let (from, (min, max, between_cond, between_apply), to_cond) = self.capture_parts(c)?;
        let dirs = self.directions(c.typed(self.reg, "absoluteDirection"))?;
        Ok(MovesKind::Custodial {
            from,
            dirs,
            min,
            max,
            between_cond,
            between_apply,
            to_cond,
        })
    }

    /// The `(to if:C (apply E))` of a capture that names its targets (`intervene`,
    /// `directional`): the condition and the effect, not a place.
    fn target_parts(&mut self, c: &Call) -> R<(Option<BoolFn>, Option<Box<Moves>>)> {
        let Some(t) = c.typed(self.reg, "moves.to") else {
            return Ok((None, None));
        };
        let p = self.place(t, "moves.to")?;
        if p.region.is_some() || p.site.is_some() || p.apply_if.is_some() {
            return unsupported(format!("{} to a place", c.id), c.span());
        }
        Ok((p.cond, p.apply))
    }

    /// `(intervene [from] [dir] [between] [to] [then])`: the between gives the range only;
    /// the `to` gives the condition and the effect at each site captured.
    pub(super) fn intervene(&mut self, c: &Call) -> R<MovesKind> {
        self.board_site_type_only(c, "intervene on another site type than the board's")?;
        let from = self.site_of_from(c)?;
        let (mut min, mut max) = (None, None);
        if let Some(b) = c.typed(self.reg, "moves.between") {
            let bc = self.call(b, "moves.between")?;
            if bc.named("if").is_some() || bc.typed(self.reg, "apply").is_some() || bc.named("trail").is_some() {
                return unsupported("intervene between with a condition or an effect", bc.span());
            }
            if let Some(r) = bc.typed(self.reg, "range") {
                (min, max) = self.range(r)?;
            }
        }
        let (to_cond, to_apply) = self.target_parts(c)?;
        let dirs = self.directions(c.typed(self.reg, "absoluteDirection"))?;
        Ok(MovesKind::Intervene {
            from,
            dirs,
            min,
            max,
            to_cond,
            to_apply,
        })
    }

    /// `(directional [from] [directions] [to] [then])`: the `to` gives the condition and
    /// the effect (Ludii's default effect, a removal at the emptied `from`, is refused).
    pub(super) fn directional(&mut self, c: &Call) -> R<MovesKind> {
        self.board_site_type_only(c, "directional on another site type than the board's")?;
        let from = self.site_of_from(c)?;
        let (to_cond, to_apply) = self.target_parts(c)?;
        let Some(to_apply) = to_apply else {
            return unsupported("directional without an effect", c.span());
        };
        let dirs = match c.typed(self.reg, "direction") {
            Some(d) => self.move_directions(Some(d))?,
            None => self.dir_fn(DirFn::Between(IntFn::LastFrom, IntFn::LastTo), c.node)?,
        };
        Ok(MovesKind::Directional {
            from,
            dirs,
            to_cond,
            to_apply,
        })
    }

    /// `(surround [from] [relation] [between] [to] [except:] [with:] [then])`.
    pub(super) fn surround(&mut self, c: &Call) -> R<MovesKind> {
        let (from, (min, max, between_cond, between_apply), to_cond) = self.capture_parts(c)?;
        if min.is_some() || max.is_some() {
            return unsupported("surround with a range", c.span());
        }
        let rel = match c.typed(self.reg, "relationType").map(|n| &n.kind) {
            Some(NodeKind::Atom(a)) => Relation::from_name(a).unwrap_or(Relation::Adjacent),
            _ => Relation::Adjacent,
        };
        let except = match c.named("except") {
            Some(n) => Some(self.int(n)?),
            None => None,
        };
        let with = match c.named("with") {
            Some(n) => {
                let crate::ir::PieceFn::Index(i) = self.piece_fn(n)?;
                Some(i)
            }
            None => None,
        };
        Ok(MovesKind::Surround {
            from,
            dirs: vec![Direction::Rel(rel)],
            between_cond,
            between_apply,
            to_cond,
            except,
            with,
        })
    }

    /// `(enclose [type] [from] [direction] [between] [exception:n] [then])`.
    pub(super) fn enclose(&mut self, c: &Call) -> R<MovesKind> {
        self.board_site_type_only(c, "enclose on another site type than the board's")?;
        let (from, (min, max, between_cond, between_apply), _) = self.capture_parts(c)?;
        if min.is_some() || max.is_some() {
            return unsupported("enclose with a range", c.span());
        }
        let dirs = match c.typed(self.reg, "direction") {
            Some(d) => self.move_directions(Some(d))?,
            None => vec![Direction::Rel(Relation::Adjacent)],
        };
        let exceptions = c.named("numException").map(|n| self.int(n)).transpose()?;
        let targets_empty = c
            .typed(self.reg, "moves.between")
            .and_then(|b| self.call(b, "moves.between").ok())
            .and_then(|bc| bc.named("if"))
            .is_some_and(|n| super::holds_call(n, "is", "Empty"));
        Ok(MovesKind::Enclose {
            from,
            dirs,
            between_cond,
            between_apply,
            exceptions,
            targets_empty,
        })
    }

    /// `(take Control of:<role>|<int> by:<role>|<int> [at:<int> | to:<sites>])` on the
    /// board's own sites.
    pub(super) fn take(&mut self, c: &Call) -> R<MovesKind> {
        if c.word(self.reg) == Some("Domino") {
            self.draws_random = true;
            return Ok(MovesKind::TakeDomino);
        }
        self.board_site_type_only(c, "take Control on another site type than the board's")?;
        let player = |l: &mut Self, name: &str| -> R<Option<IntFn>> {
            let n = req(c.named(name), c)?;
            Ok(match &n.kind {
                NodeKind::Atom(a) if a == "All" => None,
                NodeKind::Atom(_) => Some(IntFn::RolePlayer(l.role(n)?)),
                _ => Some(l.int(n)?),
            })
        };
        let of = player(self, "of")?;
        let Some(by) = player(self, "by")? else {
            return unsupported("take Control by:All", c.span());
        };
        let sites = match (c.named("at"), c.named("to")) {
            (Some(s), _) => Some(RegionFn::Site(Box::new(self.int(s)?))),
            (None, Some(r)) => Some(self.region(r)?),
            (None, None) => None,
        };
        Ok(MovesKind::TakeControl { of, by, sites })
    }

    /// `(trigger "event" player)`.
    pub(super) fn trigger(&mut self, c: &Call) -> R<MovesKind> {
        let p = match c.typed(self.reg, "roleType") {
            Some(r) => IntFn::RolePlayer(self.role(r)?),
            None => self.int(req(c.typed(self.reg, "int"), c)?)?,
        };
        let event = match c.typed(self.reg, "string").map(|n| &n.kind) {
            Some(NodeKind::Str(s)) => self.intern(s),
            _ => crate::ir::UNNAMED,
        };
        Ok(MovesKind::Trigger { event, player: p })
    }

    /// `(is Threatened [what] [at:s | in:R] [moves])`: whether an enemy could move to the
    /// piece's site.
    pub(super) fn is_threatened(&mut self, c: &Call) -> R<BoolFn> {
        self.board_site_type_only(c, "is Threatened on another site type than the board's")?;
        let what = c.typed(self.reg, "int").map(|n| self.int(n)).transpose()?;
        let site = c.named("at").map(|n| self.int(n)).transpose()?;
        let region = match c.named("in").or_else(|| c.typed(self.reg, "sites")) {
            Some(n) => Some(self.region(n)?),
            None => None,
        };
        let moves = match c.typed(self.reg, "moves") {
            Some(n) => Some(self.moves(n)?),
            None => None,
        };
        Ok(BoolFn::IsThreatened(Box::new(Threat {
            what,
            site,
            region,
            moves,
        })))
    }
}
