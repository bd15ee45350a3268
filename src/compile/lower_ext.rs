//! Lowering of the stacking, memory and requirement ludemes (`place` start rules,
//! `do`, `remember`/`forget`, `forEach Value`, `size Stack`, `count Steps`, `ahead`,
//! `sites Direction`, `(sites (values Remembered))`).

use super::*;

impl Lowerer {
    /// `(place "Name" [sites] [{sites}] [site] [count:n])` as a start rule.
    pub(super) fn start_place(&mut self, c: &Call) -> R<StartRule> {
        if self.start_only {
            if let Some(t) = self.other_type_of(c) {
                return self.start_place_on(c, t);
            }
        }
        self.board_site_type_only(c, "place on another site type than the board's")?;
        let pos = c.positional();
        let name = match pos.first().map(|n| &n.kind) {
            Some(NodeKind::Str(s)) => s.clone(),
            _ => return invalid("place needs a component name", c.span()),
        };
        if let Some(NodeKind::Str(container)) = pos.get(1).map(|n| &n.kind) {
            let count = match c.named("count") {
                Some(n) => self.const_int(n)?,
                None => 1,
            };
            let fields = self.placed(c)?;
            if !container.contains("Hand") || pos.len() > 2 {
                return unsupported("place in a container other than a hand", c.span());
            }
            self.requires_count = true;
            return Ok(StartRule::PlaceInContainer {
                name,
                container: container.clone(),
                count,
                fields,
            });
        }
        let component = self.component_named(&name, c.span())?;
        let (sites, region) = self.start_place_sites(&pos[1..], c)?;
        // (of `counts:{..}`, Ludii uses the first for every site)
        let count = match (c.named("count"), c.named("counts")) {
            (Some(n), _) => self.const_int(n)?,
            (None, Some(n)) => match &n.kind {
                NodeKind::List(items) if !items.is_empty() => self.const_int(&items[0])?,
                _ => return invalid("counts: needs a list of counts", n.span.clone()),
            },
            (None, None) => 1,
        };
        self.requires_count |= count > 1 || c.named("counts").is_some();
        let fields = self.placed(c)?;
        Ok(StartRule::Place {
            component,
            sites,
            region,
            count,
            fields,
        })
    }

    /// The site type a call names when it is another than the board's.
    pub(super) fn other_type_of(&self, c: &Call) -> Option<SiteType> {
        match &c.typed(self.reg, "siteType")?.kind {
            NodeKind::Atom(a) => SiteType::from_name(a).filter(|&t| t != self.site_type),
            _ => None,
        }
    }

    /// `(place "Name" Type sites [count:n])` on another site type than the board's, the sites
    /// given as numbers or labels, one by one, in a list or in `(sites {..})` (see
    /// [`StartRule::PlaceOn`]).
    fn start_place_on(&mut self, c: &Call, site_type: SiteType) -> R<StartRule> {
        let pos = c.positional();
        let name = match pos.first().map(|n| &n.kind) {
            Some(NodeKind::Str(s)) => s.clone(),
            _ => return invalid("place needs a component name", c.span()),
        };
        let component = self.component_named(&name, c.span())?;
        self.place_on(c, site_type, component, &pos[1..])
    }

    /// [`StartRule::PlaceOn`] of `component` on the sites `nodes` (and `coord:`) name.
    pub(super) fn place_on(&mut self, c: &Call, site_type: SiteType, component: u16, nodes: &[&Node]) -> R<StartRule> {
        let mut sites = Vec::new();
        for n in nodes.iter().copied().chain(c.named("coord")) {
            self.site_refs(n, &mut sites)?;
        }
        let count = match c.named("count") {
            Some(n) => self.const_int(n)?,
            None => 1,
        };
        Ok(StartRule::PlaceOn {
            site_type,
            component,
            sites,
            count,
        })
    }

    /// The sites a node names by number or label (one, a list, or `(sites {..})`), added
    /// to `out`; a site type word names none.
    pub(super) fn site_refs(&mut self, n: &Node, out: &mut Vec<SiteRef>) -> R<()> {
        match &n.kind {
            NodeKind::Atom(a) if SiteType::from_name(a).is_some() => {}
            NodeKind::Str(label) => out.push(SiteRef::Label(label.clone())),
            NodeKind::List(items) => {
                for i in items {
                    self.site_refs(i, out)?;
                }
            }
            NodeKind::Call { head, args, .. } if head == "union" => {
                for a in args {
                    self.site_refs(a, out)?;
                }
            }
            NodeKind::Call { head, args, .. } if head == "sites" => {
                use crate::board::BoardRegion as B;
                let word = |k: usize| match args.get(k).map(|a| &a.kind) {
                    Some(NodeKind::Atom(a)) => Some(a.as_str()),
                    _ => None,
                };
                let typed = args.len() == 1 || (args.len() == 2 && word(1).and_then(SiteType::from_name).is_some());
                let r = match word(0) {
                    Some("Board") => SiteRef::All,
                    Some("Outer") => SiteRef::Geometry(B::Outer),
                    Some("Inner") => SiteRef::Geometry(B::Inner),
                    Some("Top") => SiteRef::Geometry(B::Top),
                    Some("Bottom") => SiteRef::Geometry(B::Bottom),
                    Some("Left") => SiteRef::Geometry(B::Left),
                    Some("Right") => SiteRef::Geometry(B::Right),
                    _ if args.len() == 1 => return self.site_refs(&args[0], out),
                    _ => {
                        return unsupported(
                            "place on another site type than the board's, by this region",
                            n.span.clone(),
                        )
                    }
                };
                if !typed {
                    return unsupported(
                        "place on another site type than the board's, by this region",
                        n.span.clone(),
                    );
                }
                out.push(r);
            }
            _ => match self.const_int(n) {
                Ok(i) => out.push(SiteRef::Index(i)),
                Err(_) => {
                    return unsupported(
                        "place on another site type than the board's, by a region",
                        n.span.clone(),
                    )
                }
            },
        }
        Ok(())
    }

    /// The component of this full name (`Disc1`).
    pub(super) fn component_named(&self, name: &str, span: Range<usize>) -> R<u16> {
        match self.components.iter().position(|k| k.name == name) {
            Some(i) => Ok(i as u16),
            None => invalid(format!("no component named \"{name}\""), span),
        }
    }

    /// `(place Random ..)` as a start rule: items on random empty sites of a region, or
    /// stacked in a random order on one site (see [`StartRule::PlaceRandom`]).
    pub(super) fn start_place_random(&mut self, c: &Call) -> R<StartRule> {
        self.board_site_type_only(c, "place Random on another site type than the board's")?;
        let fields = self.placed(c)?;
        let pos: Vec<&Node> = c
            .positional()
            .into_iter()
            .filter(|n| !matches!(&n.kind, NodeKind::Atom(a) if a == "Random"))
            .collect();
        let mut items: Vec<(u16, Option<IntFn>)> = Vec::new();
        let (mut site, mut region) = (None, None);
        for n in pos {
            match &n.kind {
                NodeKind::List(list) => {
                    for item in list {
                        match &item.kind {
                            NodeKind::Str(name) => items.push((self.component_named(name, item.span.clone())?, None)),
                            _ => {
                                // (count "Name" n)
                                let cc = self.call(item, "math.count")?;
                                let args = cc.positional();
                                let (Some(NodeKind::Str(name)), Some(n)) = (args.first().map(|a| &a.kind), args.get(1))
                                else {
                                    return invalid("a count names a component and a number", item.span.clone());
                                };
                                items.push((self.component_named(name, item.span.clone())?, Some(self.int(n)?)));
                            }
                        }
                    }
                }
                _ => match self.site_or_region(n)? {
                    (Some(i), _) => site = Some(i),
                    (_, r) => region = r,
                },
            }
        }
        if let Some(site) = site {
            let counts = match c.named("count") {
                Some(n) => match &n.kind {
                    NodeKind::List(ns) => ns.iter().map(|n| self.int(n)).collect::<R<Vec<_>>>()?,
                    _ => vec![self.int(n)?],
                },
                None => vec![],
            };
            let items = items
                .into_iter()
                .enumerate()
                .map(|(k, (what, n))| (what, n.or_else(|| counts.get(k).cloned()).unwrap_or(IntFn::Const(1))))
                .collect();
            self.stacking = true;
            return Ok(StartRule::PlaceRandomStack { items, site, fields });
        }
        let count = match c.named("count") {
            Some(n) => self.int(n)?,
            None => IntFn::Const(1),
        };
        Ok(StartRule::PlaceRandom {
            items: items.into_iter().map(|(what, _)| what).collect(),
            region: region.unwrap_or(RegionFn::Board),
            count,
            fields,
        })
    }

    /// A start placement's `state:`, `value:` and `rotation:`.
    pub(super) fn placed(&mut self, c: &Call) -> R<Placed> {
        let mut field = |name: &str| c.named(name).map_or(Ok(IntFn::Const(0)), |n| self.int(n));
        Ok(Placed {
            state: field("state")?,
            value: field("value")?,
            rotation: field("rotation")?,
        })
    }

    /// The sites of a start `place`: labels, numbers, lists of either, a region, `coord:`.
    pub(super) fn start_place_sites(&mut self, nodes: &[&Node], c: &Call) -> R<(Vec<IntFn>, Option<RegionFn>)> {
        let mut sites = Vec::new();
        let mut region = None;
        for n in nodes {
            match &n.kind {
                // (the site type, checked by the caller)
                NodeKind::Atom(a) if SiteType::from_name(a).is_some() => {}
                NodeKind::Str(label) => sites.push(IntFn::Coord(self.intern(label))),
                NodeKind::List(items) => {
                    for i in items {
                        match &i.kind {
                            NodeKind::Str(label) => sites.push(IntFn::Coord(self.intern(label))),
                            _ => sites.push(self.int(i)?),
                        }
                    }
                }
                _ => match self.site_or_region(n)? {
                    (Some(i), _) => sites.push(i),
                    (_, Some(r)) => region = Some(r),
                    _ => {}
                },
            }
        }
        if let Some(NodeKind::Str(label)) = c.named("coord").map(|n| &n.kind) {
            sites.push(IntFn::Coord(self.intern(label)));
        }
        Ok((sites, region))
    }

    /// `(place Stack "Name"|items:{..} sites [count:n|counts:{..}] [state:] [value:])` as a
    /// start rule (it makes the game one with stacks, as Ludii's flag does).
    pub(super) fn start_place_stack(&mut self, c: &Call) -> R<StartRule> {
        self.board_site_type_only(c, "place Stack on another site type than the board's")?;
        let pos: Vec<&Node> = c
            .positional()
            .into_iter()
            .filter(|n| !matches!(&n.kind, NodeKind::Atom(a) if a == "Stack"))
            .collect();
        let (names, rest): (Vec<String>, &[&Node]) =
            match (c.named("items").map(|n| &n.kind), pos.first().map(|n| &n.kind)) {
                (Some(NodeKind::List(items)), _) => (
                    items
                        .iter()
                        .map(|i| match &i.kind {
                            NodeKind::Str(s) => Ok(s.clone()),
                            _ => invalid("items: names components", i.span.clone()),
                        })
                        .collect::<R<_>>()?,
                    &pos[..],
                ),
                (None, Some(NodeKind::Str(s))) => (vec![s.clone()], &pos[1..]),
                _ => return invalid("place Stack needs a component name or items:", c.span()),
            };
        if matches!(rest.first().map(|n| &n.kind), Some(NodeKind::Str(s)) if !s.is_empty() && self.containers.iter().any(|k| k.name == *s || s.contains("Hand")))
        {
            return unsupported("place Stack in a container", c.span());
        }
        let components = names
            .iter()
            .map(|name| self.component_named(name, c.span()))
            .collect::<R<Vec<u16>>>()?;
        let (sites, region) = self.start_place_sites(rest, c)?;
        let counts = match (c.named("count"), c.named("counts")) {
            (Some(n), _) => vec![self.const_int(n)?],
            (None, Some(n)) => self.const_ints(n)?,
            (None, None) => vec![1],
        };
        let fields = self.placed(c)?;
        self.stacking = true;
        Ok(StartRule::PlaceStack {
            components,
            sites,
            region,
            counts,
            fields,
        })
    }

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
            return unsupported("count Steps to a region", c.span());
        };
        let int = self.reg.id("int").expect("declared");
        if !self.ck.matches(b, &ParamType::Sym(int)) {
            return unsupported("count Steps to a region", c.span());
        }
        self.distance_requests.push(rel);
        self.distance_relation = crate::board::distance_relation_for_game(self.distance_requests.clone());
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
                    match c.typed(self.reg, "roleType") {
                        Some(r) => IntFn::Id {
                            role: self.role(r)?,
                            by_player,
                        },
                        None => return unsupported("where of a piece by a player's number", c.span()),
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

    /// `(sites Direction from:s [dirs] [included:] [stop:] [stopIncluded:] [distance:])`.
    pub(super) fn sites_direction(&mut self, c: &Call) -> R<RegionFn> {
        self.board_site_type_only(c, "sites Direction on another site type than the board's")?;
        let from = req(c.named("from"), c)?;
        // (from a region: the union of the sites from each of its sites)
        let (from, over) = match self.site_or_region(from)? {
            (Some(i), _) => (i, None),
            (_, r) => (IntFn::Site, r),
        };
        // (relative and computed directions are resolved for the piece at `from`)
        let dirs = self.move_directions(c.typed(self.reg, "direction"))?;
        let included = self.flag(c.named("included"))?;
        let stop = match c.named("stop") {
            Some(n) => Some(Box::new(self.boolean(n)?)),
            None => None,
        };
        let stop_included = self.flag(c.named("stopIncluded"))?;
        let distance = match c.named("distance") {
            Some(n) => Some(Box::new(self.int(n)?)),
            None => None,
        };
        let one = RegionFn::Direction {
            from: Box::new(from),
            dirs,
            included,
            stop,
            stop_included,
            distance,
        };
        Ok(match over {
            Some(r) => RegionFn::UnionOver(Box::new(r), Box::new(one)),
            None => one,
        })
    }

    /// `(sites <ints>)`: the values as sites (`(sites (values Remembered))`).
    pub(super) fn sites_of_ints(&mut self, n: &Node) -> R<RegionFn> {
        let c = self.call(n, "ints")?;
        match c.id {
            "values.values" => Ok(RegionFn::Remembered(self.remembered_list(&c))),
            "intArray.math.if" => {
                let pos = c.positional();
                Ok(RegionFn::If(
                    Box::new(self.condition(nth(&pos, 0, c.span())?)?),
                    Box::new(self.sites_of_ints(nth(&pos, 1, c.span())?)?),
                    pos.get(2).map(|n| self.sites_of_ints(n)).transpose()?.map(Box::new),
                ))
            }
            _ => Ok(RegionFn::Ints(Box::new(self.ints(n)?))),
        }
    }
}
