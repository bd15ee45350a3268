//! Lowering of the ludemes of space games that read the board as a whole: `is Pattern`,
//! `is Target`.

use super::{req, unsupported, Call, Lowerer, R};
use crate::board::{BoardRegion, Dir};
use crate::ir::*;
use crate::syntax::NodeKind;

impl Lowerer {
    /// `(is Pattern {F R L ..} [siteType] [from:] [what: | whats:])`.
    pub(super) fn is_pattern(&mut self, c: &Call) -> R<BoolFn> {
        Ok(BoolFn::IsPattern(Box::new(self.pattern(c)?)))
    }

    /// `(is Target [container] {c ..} [site | {sites}])`: constants only, on the board.
    pub(super) fn is_target(&mut self, c: &Call) -> R<BoolFn> {
        let number = |n: &crate::syntax::Node| match &n.kind {
            NodeKind::Atom(a) => match crate::syntax::classify_atom(a) {
                crate::syntax::Atom::Int(v) => Some(v),
                _ => None,
            },
            _ => None,
        };
        let constants = |n: &crate::syntax::Node| -> Option<Vec<i32>> {
            match &n.kind {
                NodeKind::List(items) => items.iter().map(number).collect(),
                _ => number(n).map(|v| vec![v]),
            }
        };
        let pos = c.positional();
        let lists: Vec<&crate::syntax::Node> = pos
            .iter()
            .copied()
            .filter(|n| matches!(n.kind, NodeKind::List(_)) || number(n).is_some())
            .collect();
        // (a container before the configuration: the board's, 0, only)
        let (container, rest) = match lists.first().and_then(|n| number(n)) {
            Some(k) => (Some(k), &lists[1..]),
            None => (None, &lists[..]),
        };
        if container.is_some_and(|k| k != 0) || pos.iter().any(|n| matches!(n.kind, NodeKind::Str(_))) {
            return unsupported("is Target in another container than the board", c.span());
        }
        let Some(config) = rest.first().and_then(|n| constants(n)) else {
            return super::invalid("is Target needs its configuration of numbers", c.span());
        };
        let sites = match rest.get(1) {
            Some(n) => Some(constants(n).ok_or_else(|| crate::compile::LowerError::Invalid {
                message: "is Target's sites are numbers".into(),
                span: n.span.clone(),
            })?),
            None => None,
        };
        Ok(BoolFn::IsTarget(Box::new((config, sites))))
    }

    /// The walk, origin and components of `(is Pattern ..)` or `(sites Pattern ..)`.
    pub(super) fn pattern(&mut self, c: &Call) -> R<Pattern> {
        self.board_site_type_only(c, "a pattern on another site type than the board's")?;
        let Some(NodeKind::List(steps)) = c
            .positional()
            .into_iter()
            .map(|n| &n.kind)
            .find(|k| matches!(k, NodeKind::List(_)))
        else {
            return super::invalid("is Pattern needs its walk", c.span());
        };
        let mut walk = Vec::new();
        for s in steps {
            walk.push(match &s.kind {
                NodeKind::Atom(a) if a == "F" => PatternStep::Forward,
                NodeKind::Atom(a) if a == "R" => PatternStep::Turn(1),
                NodeKind::Atom(a) if a == "L" => PatternStep::Turn(-1),
                // (Ludii's walk does nothing on a step back)
                NodeKind::Atom(a) if a == "B" => continue,
                _ => return super::invalid("a step is F, B, L or R", s.span.clone()),
            });
        }
        let from = match c.named("from") {
            Some(n) => self.int(n)?,
            None => IntFn::LastTo,
        };
        let whats = if let Some(w) = c.named("what") {
            vec![self.int(w)?]
        } else if let Some(l) = c.named("whats") {
            match &l.kind {
                NodeKind::List(items) => items.iter().map(|i| self.int(i)).collect::<R<Vec<_>>>()?,
                _ => return super::invalid("whats: is a list", l.span.clone()),
            }
        } else {
            Vec::new()
        };
        Ok(Pattern { walk, from, whats })
    }

    /// `(is Connected [n] [siteType] [at:] [direction] ({regions} | role))`.
    pub(super) fn is_connected(&mut self, c: &Call) -> R<BoolFn> {
        // the board's sides (without the corners): one region per side that has sites
        let each_site =
            matches!(c.typed(self.reg, "regionTypeStatic").map(|n| &n.kind), Some(NodeKind::Atom(a)) if a == "Corners");
        let sides = match c.typed(self.reg, "regionTypeStatic").map(|n| &n.kind) {
            None => None,
            Some(NodeKind::Atom(a)) if a == "Sides" || a == "SidesNoCorners" => {
                let no_corners = a == "SidesNoCorners";
                let mut v = Vec::new();
                for d in [Dir::N, Dir::E, Dir::S, Dir::W, Dir::NE, Dir::SE, Dir::SW, Dir::NW] {
                    let side = self.geometry_slot(BoardRegion::Side(d));
                    v.push(match no_corners {
                        true => RegionFn::Difference(Box::new(side), Box::new(RegionFn::Corners)),
                        false => side,
                    });
                }
                Some(v)
            }
            Some(NodeKind::Atom(a)) if a == "Corners" => Some(vec![RegionFn::Corners]),
            Some(_) => return unsupported("is Connected of this static region type", c.span()),
        };
        self.board_site_type_only(c, "is Connected on another site type than the board's")?;
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
            None => sides.clone(),
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
            skip_empty: sides.is_some(),
            each_site,
        })))
    }

    /// `(is Loop [surround:R | {R ..}] [colour] [start] [path:])`; another site type, a
    /// direction and `regionStart:` are not run.
    pub(super) fn is_loop(&mut self, c: &Call) -> R<BoolFn> {
        if c.typed(self.reg, "siteType").is_some()
            || c.typed(self.reg, "direction").is_some()
            || c.typed(self.reg, "sites").is_some()
        {
            return unsupported("is Loop with a site type, a direction or a start region", c.span());
        }
        let surround = match c.named("surround") {
            Some(r) => Some(vec![self.role(r)?]),
            None => match c.typed(self.reg, "roleType").map(|n| &n.kind) {
                Some(NodeKind::List(items)) => Some(items.iter().map(|i| self.role(i)).collect::<R<Vec<_>>>()?),
                Some(_) => Some(vec![self.role(c.typed(self.reg, "roleType").expect("just matched"))?]),
                None => None,
            },
        };
        // (the colour, then the start: calls or numbers; roles are words)
        let ints: Vec<&crate::syntax::Node> = c
            .positional()
            .into_iter()
            .filter(|n| match &n.kind {
                NodeKind::Call { .. } => true,
                NodeKind::Atom(a) => a.parse::<i32>().is_ok(),
                _ => false,
            })
            .collect();
        let colour = match ints.first() {
            Some(n) => self.int(n)?,
            None => IntFn::RolePlayer(Role::Mover),
        };
        let start = match ints.get(1) {
            Some(n) => self.int(n)?,
            None => IntFn::LastTo,
        };
        // (the tiles' paths are followed from the start given, else from every site the
        // last move went to)
        let tile_path = match c.named("path") {
            Some(p) if self.flag(Some(p))? => Some(match ints.get(1) {
                Some(_) => RegionFn::Site(Box::new(start.clone())),
                None => {
                    self.uses_last_to = true;
                    RegionFn::LastTo
                }
            }),
            _ => None,
        };
        Ok(BoolFn::IsLoop(Box::new(Loop {
            tile_path,
            start,
            colour,
            surround,
        })))
    }

    /// The group of `(sites Group ..)`, `(size Group ..)`, `(count Liberties ..)`:
    /// `([siteType] [at:] [direction] [if:])`, from `(last To)` by default, through
    /// `Adjacent` sites by default.
    pub(super) fn group_at(&mut self, c: &Call, same_what_and_cond: bool) -> R<GroupAt> {
        if c.named("from").is_some() {
            return unsupported("a group from: a region here", c.span());
        }
        let at = match c.named("at") {
            Some(n) => self.int(n)?,
            None => IntFn::LastTo,
        };
        self.group_from(c, same_what_and_cond, at)
    }

    /// `(sites Group ..)`: the group at a site, or (`from:` a region) the union of the
    /// groups at its sites.
    pub(super) fn sites_group(&mut self, c: &Call) -> R<RegionFn> {
        match c.named("from") {
            Some(f) => {
                let from = self.region_or_site(f)?;
                let each = RegionFn::Group(Box::new(self.group_from(c, false, IntFn::Site)?));
                Ok(RegionFn::UnionOver(Box::new(from), Box::new(each)))
            }
            None => Ok(RegionFn::Group(Box::new(self.group_at(c, false)?))),
        }
    }

    /// A group's spec, grown from `at`.
    fn group_from(&mut self, c: &Call, same_what_and_cond: bool, at: IntFn) -> R<GroupAt> {
        self.board_site_type_only(c, "a group on another site type than the board's")?;
        if c.named("isVisible").is_some() {
            return unsupported("sites Group isVisible:", c.span());
        }
        let dirs = match c.typed(self.reg, "direction") {
            Some(d) => self.move_directions(Some(d))?,
            None => vec![crate::board::Direction::Rel(crate::board::Relation::Adjacent)],
        };
        let cond = c.named("if").map(|n| self.condition(n)).transpose()?;
        Ok(GroupAt {
            at,
            dirs,
            cond,
            same_what_and_cond,
        })
    }

    /// `(count Groups [siteType] [direction] [if:] [min:])`.
    pub(super) fn count_groups(&mut self, c: &Call) -> R<IntFn> {
        self.board_site_type_only(c, "count Groups on another site type than the board's")?;
        let dirs = self.move_directions(c.typed(self.reg, "direction"))?;
        // (a puzzle's sites are in groups where their value is set, and other than 0, as
        // Ludii reads a puzzle's `what`)
        let cond = match c.named("if") {
            Some(n) => self.condition(n)?,
            None if self.puzzle_values.is_some() => BoolFn::Ne(
                Box::new(IntFn::PuzzleValue(Box::new(IntFn::To))),
                Box::new(IntFn::Const(0)),
            ),
            None => BoolFn::IsOccupied(Box::new(IntFn::To)),
        };
        let min = match c.named("min") {
            Some(n) => self.int(n)?,
            None => IntFn::Const(0),
        };
        Ok(IntFn::CountGroups(Box::new(Groups { dirs, cond, min })))
    }

    /// `(sizes Group [dirs] [role | of:p] [if:] [min:])`: the groups of a player's pieces
    /// (of every piece: all players', by default), or of the sites a condition holds at.
    pub(super) fn sizes_group(&mut self, c: &Call) -> R<Groups> {
        self.board_site_type_only(c, "sizes Group on another site type than the board's")?;
        let dirs = self.move_directions(c.typed(self.reg, "direction"))?;
        let who = Box::new(IntFn::Who(Box::new(IntFn::To)));
        let cond = match (c.named("if"), c.named("of"), c.typed(self.reg, "roleType")) {
            (Some(n), ..) => self.condition(n)?,
            (None, Some(n), _) => BoolFn::Eq(who, Box::new(self.int(n)?)),
            (None, None, Some(r)) => match self.role(r)? {
                Role::All | Role::Shared => BoolFn::IsOccupied(Box::new(IntFn::To)),
                role => BoolFn::IsPlayer(role, who),
            },
            (None, None, None) => BoolFn::IsOccupied(Box::new(IntFn::To)),
        };
        let min = match c.named("min") {
            Some(n) => self.int(n)?,
            None => IntFn::Const(0),
        };
        Ok(Groups { dirs, cond, min })
    }

    /// `(all Groups [dirs] [of:B] if:C)` (see [`BoolFn::AllGroups`]).
    pub(super) fn all_groups(&mut self, c: &Call) -> R<BoolFn> {
        let groups = self.groups_of(c, "all Groups", "of")?;
        let test = self.condition(req(c.named("if"), c)?)?;
        Ok(BoolFn::AllGroups(groups, Box::new(test)))
    }

    /// `(forEach Group [dirs] [if:] moves)` (see [`MovesKind::ForEachGroup`]).
    pub(super) fn for_each_group(&mut self, c: &Call) -> R<MovesKind> {
        let groups = self.groups_of(c, "forEach Group", "if")?;
        let body = Box::new(self.moves(req(c.typed(self.reg, "moves"), c)?)?);
        Ok(MovesKind::ForEachGroup { groups, body })
    }

    /// The groups of `all Groups` and `forEach Group`: through the directions, of the sites
    /// where the condition named `member` holds (`to` the site), the mover's by default.
    fn groups_of(&mut self, c: &Call, what: &str, member: &str) -> R<Box<Groups>> {
        self.board_site_type_only(c, &format!("{what} on another site type than the board's"))?;
        let dirs = self.move_directions(c.typed(self.reg, "direction"))?;
        let cond = match c.named(member) {
            Some(n) => self.condition(n)?,
            None => BoolFn::IsPlayer(Role::Mover, Box::new(IntFn::Who(Box::new(IntFn::To)))),
        };
        Ok(Box::new(Groups {
            dirs,
            cond,
            min: IntFn::Const(0),
        }))
    }
}
