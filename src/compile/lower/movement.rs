//! Lowering of the moves along lines and walks: `(move Slide ..)`, `(move Leap ..)`,
//! `(move Shoot ..)` (and their non-decision forms), `(forEach Direction ..)`.

use super::{invalid, unsupported, Call, Lowerer, R};
use crate::ir::*;
use crate::syntax::{Node, NodeKind};

impl Lowerer {
    /// `(move Slide [from] [track] [dirs] [between] [to] [stack:] [then])`.
    pub(super) fn slide(&mut self, c: &Call) -> R<MovesKind> {
        let tracks = match c.typed(self.reg, "string").map(|n| &n.kind) {
            Some(NodeKind::Str(name)) => {
                let all = name == "AllTracks";
                let ids: Vec<u32> = (0..self.tracks.len() as u32)
                    .filter(|&i| all || self.tracks[i as usize].name == *name)
                    .collect();
                if ids.is_empty() {
                    return invalid(format!("no track named {name}"), c.span());
                }
                Some(SlideTracks { ids, after_curve: all })
            }
            Some(_) => return unsupported("a computed track name", c.span()),
            None => None,
        };
        let stack = self.flag(c.named("stack"))?;
        if stack && tracks.is_some() {
            return unsupported("slide stack:True along a track", c.span());
        }
        self.stacking |= stack;
        let from = match c.typed(self.reg, "moves.from") {
            Some(f) => Some(self.place(f, "moves.from")?),
            None => None,
        };
        let dirs = self.move_directions(c.typed(self.reg, "direction"))?;
        let (mut min, mut max, mut between_cond, mut between_apply) = (None, None, None, None);
        let mut trail = None;
        if let Some(b) = c.typed(self.reg, "moves.between") {
            let bc = self.call(b, "moves.between")?;
            if let Some(r) = bc.typed(self.reg, "range") {
                (min, max) = self.range(r)?;
            }
            for name in ["before", "after"] {
                if bc.named(name).is_some() {
                    return unsupported(format!("slide between {name}:"), bc.span());
                }
            }
            if let Some(t) = bc.named("trail") {
                if tracks.is_some() {
                    return unsupported("slide between trail: along a track", bc.span());
                }
                trail = Some(Box::new(self.int(t)?));
            }
            (between_cond, between_apply) = self.between(b, true)?;
        }
        let to = match c.typed(self.reg, "moves.to") {
            Some(t) => self.place(t, "moves.to")?,
            None => Place::default(),
        };
        Ok(MovesKind::Slide {
            from,
            dirs,
            min,
            max,
            between_cond,
            between_apply,
            to,
            decision: c.id == "move",
            tracks,
            stack,
            trail,
        })
    }

    /// A `<range>`: `(range a [b])`, `(exact n)`, `(min n)`, `(max n)` as its least and
    /// greatest values (None: unbounded).
    pub(super) fn range(&mut self, node: &Node) -> R<(Option<IntFn>, Option<IntFn>)> {
        let c = self.call(node, "range")?;
        let pos = c.positional();
        Ok(match (c.id, pos.as_slice()) {
            ("range", [a]) => (Some(self.int(a)?), Some(self.int(a)?)),
            ("range", [a, b]) => (Some(self.int(a)?), Some(self.int(b)?)),
            ("exact", [n]) => (Some(self.int(n)?), Some(self.int(n)?)),
            ("range.math.min", [n]) => (Some(self.int(n)?), None),
            ("range.math.max", [n]) => (None, Some(self.int(n)?)),
            _ => return invalid("expected a range", c.span()),
        })
    }

    /// `(move Leap [from] {{F R ..} ..} [forward:] [rotations:] to [then])`.
    pub(super) fn leap(&mut self, c: &Call) -> R<MovesKind> {
        let from = match c.typed(self.reg, "moves.from") {
            Some(f) => Some(self.place(f, "moves.from")?),
            None => None,
        };
        let walks_node = c
            .positional()
            .into_iter()
            .find(|n| matches!(n.kind, NodeKind::List(_)))
            .ok_or_else(|| super::LowerError::Invalid {
                message: "a leap needs its walks".into(),
                span: c.span(),
            })?;
        let walks = self.walks(walks_node)?;
        let forward = self.flag(c.named("forward"))?;
        let rotations = match c.named("rotations") {
            Some(n) => self.flag(Some(n))?,
            None => true,
        };
        let to = self.place(super::req(c.typed(self.reg, "moves.to"), c)?, "moves.to")?;
        Ok(MovesKind::Leap {
            from,
            walks,
            forward,
            rotations,
            to,
            decision: c.id == "move",
        })
    }

    /// `(move Shoot <piece> [from] [dir] [between] [to] [then])`.
    pub(super) fn shoot(&mut self, c: &Call) -> R<MovesKind> {
        let piece = self.piece_fn(super::req(c.typed(self.reg, "moves.piece"), c)?)?;
        let from = self.site_of_from(c)?;
        let dirs = self.directions(c.typed(self.reg, "absoluteDirection"))?;
        let to_cond = self.condition_of_to(c)?;
        Ok(MovesKind::Shoot {
            piece,
            from,
            dirs,
            to_cond,
            decision: c.id == "move",
        })
    }

    /// `(attract [from] [dir])`: the pieces along each radial from the site (default `(last
    /// To)`) in the direction (default Adjacent) drawn to it.
    pub(super) fn attract(&mut self, c: &Call) -> R<MovesKind> {
        let from = self.site_of_from(c)?.unwrap_or(IntFn::LastTo);
        let mut dirs = self.directions(c.typed(self.reg, "absoluteDirection"))?;
        if dirs.is_empty() {
            dirs.push(crate::board::Direction::Rel(crate::board::Relation::Adjacent));
        }
        Ok(MovesKind::Attract { from, dirs })
    }

    /// `(forEach Direction [from] [dirs] [between] (to if:C (apply M)) | M)`.
    pub(super) fn for_each_direction(&mut self, c: &Call) -> R<MovesKind> {
        self.board_site_type_only(c, "forEach Direction on another site type than the board's")?;
        let from = self.site_of_from(c)?;
        let dirs = self.move_directions(c.typed(self.reg, "direction"))?;
        let (mut min, mut max, mut between) = (IntFn::Const(1), IntFn::Const(1), None);
        if let Some(b) = c.typed(self.reg, "moves.between") {
            let bc = self.call(b, "moves.between")?;
            for name in ["before", "after", "trail"] {
                if bc.named(name).is_some() {
                    return unsupported(format!("forEach Direction between {name}:"), bc.span());
                }
            }
            if let Some(r) = bc.typed(self.reg, "range") {
                let (a, z) = self.range(r)?;
                min = a.unwrap_or(IntFn::Const(1));
                max = z.unwrap_or(IntFn::Const(1));
            }
            between = self.between(b, true)?.0;
        }
        let (to, body) = match (c.typed(self.reg, "moves.to"), c.typed(self.reg, "moves")) {
            (Some(t), _) => {
                let p = self.place(t, "moves.to")?;
                if p.region.is_some() || p.site.is_some() || p.apply_if.is_some() {
                    return unsupported("forEach Direction to a place", c.span());
                }
                (p.cond, p.apply.map(|m| *m))
            }
            (None, Some(m)) => (None, Some(self.moves(m)?)),
            (None, None) => (None, None),
        };
        let Some(body) = body else {
            return unsupported("forEach Direction without moves", c.span());
        };
        Ok(MovesKind::ForEachDirection(Box::new(EachDirection {
            from,
            dirs,
            min,
            max,
            between,
            to,
            body,
        })))
    }

    /// A `(from ..)` that can only be a site (None: not given).
    pub(super) fn site_of_from(&mut self, c: &Call) -> R<Option<IntFn>> {
        let Some(f) = c.typed(self.reg, "moves.from") else {
            return Ok(None);
        };
        let p = self.place(f, "moves.from")?;
        if p.region.is_some() || p.cond.is_some() {
            return unsupported(format!("{} from a region or with a condition", c.id), c.span());
        }
        Ok(p.site)
    }

    /// A `(to if:..)` that can only be a condition (None: not given).
    pub(super) fn condition_of_to(&mut self, c: &Call) -> R<Option<BoolFn>> {
        let Some(t) = c.typed(self.reg, "moves.to") else {
            return Ok(None);
        };
        let p = self.place(t, "moves.to")?;
        if p.apply.is_some() || p.region.is_some() || p.site.is_some() {
            return unsupported(format!("{} to a place or with an effect", c.id), c.span());
        }
        Ok(p.cond)
    }
}
