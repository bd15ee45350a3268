//! Lowering of the integer functions of the board and its stacks (Ludii's `functions/ints`
//! packages `size`, `count`, `board`, `board/where`): `size Stack`, `count Steps`, `ahead`,
//! `where`, and a site given by a region of one site.

use super::*;

impl Lowerer {
    /// `(size Stack at:s)`, `(size Group ..)`, `(size Territory ..)`, `(size Array list)`.
    pub(super) fn size(&mut self, c: &Call) -> R<IntFn> {
        match (c.word(self.reg), c.named("at")) {
            (Some("Stack"), Some(at)) if c.named("in").is_none() => {
                self.stacking = true;
                Ok(IntFn::SizeStack(Box::new(self.int(at)?)))
            }
            (Some("Stack"), None) if c.named("in").is_some() => {
                self.stacking = true;
                Ok(IntFn::SizeStacks(Box::new(self.region(req(c.named("in"), c)?)?)))
            }
            (Some("Group"), _) => Ok(IntFn::SizeGroup(Box::new(self.group_at(c, false)?))),
            (Some("Array"), _) => Ok(IntFn::SizeArray(Box::new(
                self.ints(super::req(c.typed(self.reg, "ints"), c)?)?,
            ))),
            (Some("Territory"), _) => {
                if c.typed(self.reg, "siteType").is_some() || c.typed(self.reg, "player").is_some() {
                    return unsupported("size Territory of a site type or a player index", c.span());
                }
                let player = IntFn::RolePlayer(self.role(super::req(c.typed(self.reg, "roleType"), c)?)?);
                let dir = match c.typed(self.reg, "absoluteDirection") {
                    Some(d) => match self.directions(Some(d))?.as_slice() {
                        [d] => *d,
                        _ => return unsupported("size Territory in several directions", c.span()),
                    },
                    None => crate::board::Direction::Rel(Relation::Adjacent),
                };
                Ok(IntFn::SizeTerritory(Box::new(player), dir))
            }
            (w, _) => unsupported(format!("size {}", w.unwrap_or("")), c.span()),
        }
    }

    /// `(count Steps [rel] a b)`.
    pub(super) fn count_steps(&mut self, c: &Call) -> R<IntFn> {
        // (a site type is read only when it is the board's own)
        let other_type = match c.typed(self.reg, "siteType").map(|n| &n.kind) {
            Some(NodeKind::Atom(a)) => crate::board::SiteType::from_name(a) != Some(self.site_type),
            Some(_) => true,
            None => false,
        };
        if c.named("newRotation").is_some() || other_type {
            return unsupported("count Steps with a rotation or another site type", c.span());
        }
        if let Some(step) = c.typed(self.reg, "effect.step") {
            return self.count_steps_by(c, step);
        }
        let rel = match c.typed(self.reg, "relationType").map(|n| &n.kind) {
            Some(NodeKind::Atom(a)) => match Relation::from_name(a) {
                Some(r) => r,
                None => return unsupported(format!("relation {a}"), c.span()),
            },
            _ => Relation::Adjacent,
        };
        let ints: Vec<&Node> = c
            .positional()
            .into_iter()
            .filter(|n| {
                !matches!(&n.kind, NodeKind::Atom(a) if a == "Steps"
                    || Relation::from_name(a).is_some()
                    || crate::board::SiteType::from_name(a).is_some())
            })
            .collect();
        let [a, b] = ints.as_slice() else {
            return invalid("count Steps needs a site and a site or region", c.span());
        };
        self.distance_requests.push(rel);
        self.distance_relation = crate::board::distance_relation_for_game(self.distance_requests.clone());
        let int = self.reg.id("int").expect("declared");
        if !self.ck.matches(b, &ParamType::Sym(int)) {
            return Ok(IntFn::CountStepsTo(Box::new(self.int(a)?), Box::new(self.region(b)?)));
        }
        Ok(IntFn::CountSteps(Box::new(self.int(a)?), Box::new(self.int(b)?)))
    }

    /// `(count Steps (step ..) from to)` (see [`IntFn::CountStepsBy`]).
    fn count_steps_by(&mut self, c: &Call, step: &Node) -> R<IntFn> {
        let sc = self.call(step, "effect.step")?;
        let (_, dirs, to) = self.step_parts(&sc, "step", false)?;
        let cond = to.cond.unwrap_or(BoolFn::IsEmpty(Box::new(IntFn::To)));
        let ends: Vec<&Node> = c
            .positional()
            .into_iter()
            .filter(|n| !std::ptr::eq(*n, step) && !matches!(&n.kind, NodeKind::Atom(a) if a == "Steps" || Relation::from_name(a).is_some() || crate::board::SiteType::from_name(a).is_some()))
            .collect();
        let [a, b] = ends.as_slice() else {
            return invalid("count Steps needs where from and where to", c.span());
        };
        Ok(IntFn::CountStepsBy(Box::new(StepsBy {
            dirs,
            cond,
            from: self.int(a)?,
            to: self.region_or_site(b)?,
        })))
    }

    /// `(ahead s [steps:k] [dir])`.
    pub(super) fn ahead(&mut self, c: &Call) -> R<IntFn> {
        self.board_site_type_only(c, "ahead on another site type than the board's")?;
        let site = req(c.typed(self.reg, "int"), c)?;
        let steps = match c.named("steps") {
            Some(n) => self.int(n)?,
            None => IntFn::Const(1),
        };
        // (relative directions and direction functions are resolved where it is evaluated,
        // for the piece at the site)
        let dirs = self.move_directions(c.typed(self.reg, "direction"))?;
        let [dir] = dirs.as_slice() else {
            return unsupported("ahead with several directions", c.span());
        };
        Ok(IntFn::Ahead {
            site: Box::new(self.int(site)?),
            steps: Box::new(steps),
            dir: *dir,
        })
    }

    /// `(where [Level] <what> [state:] [at:] [fromTop:])`, the piece named by a component
    /// index, or by a name (any component whose name contains it) and its owner's role.
    pub(super) fn where_site(&mut self, c: &Call) -> R<IntFn> {
        self.board_site_type_only(c, "where on another site type than the board's")?;
        let pos = c.positional();
        let what = match pos
            .iter()
            .find(|n| !matches!(&n.kind, NodeKind::Atom(a) if a == "Level"))
        {
            Some(n) => match &n.kind {
                NodeKind::Str(name) => {
                    let by_player = self.named_by_owner(name);
                    // (the player as `(mover)`, `(next)` or `(prev)` is that role)
                    let player = match c.typed(self.reg, "int") {
                        Some(p) => Some(self.int(p)?),
                        None => None,
                    };
                    match (c.typed(self.reg, "roleType"), player) {
                        (Some(r), _) => IntFn::Id {
                            role: self.role(r)?,
                            by_player,
                        },
                        (None, Some(IntFn::Mover)) => IntFn::Id {
                            role: Role::Mover,
                            by_player,
                        },
                        (None, Some(IntFn::Next)) => IntFn::Id {
                            role: Role::Next,
                            by_player,
                        },
                        (None, Some(IntFn::Prev)) => IntFn::Id {
                            role: Role::Prev,
                            by_player,
                        },
                        (None, Some(p)) => IntFn::IdOf(Box::new(p), by_player),
                        (None, None) => return unsupported("where of a piece of no player", c.span()),
                    }
                }
                _ => self.int(n)?,
            },
            None => return invalid("where what?", c.span()),
        };
        let state = match c.named("state") {
            Some(n) => Some(Box::new(self.int(n)?)),
            None => None,
        };
        Ok(match c.named("at") {
            Some(at) => IntFn::WhereLevel {
                what: Box::new(what),
                at: Box::new(self.int(at)?),
                state,
                from_top: match c.named("fromTop") {
                    Some(n) => self.flag(Some(n))?,
                    None => true,
                },
            },
            None => IntFn::Where {
                what: Box::new(what),
                state,
            },
        })
    }

    /// A site: a number, or a coordinate (`"A1"`, resolved when the game is loaded).
    pub(super) fn site(&mut self, n: &Node) -> R<IntFn> {
        match &n.kind {
            NodeKind::Str(label) => Ok(IntFn::Coord(self.intern(label))),
            _ => self.int(n),
        }
    }
}
