//! Lowering of the start rules that place pieces (Ludii's `rules/start/place`): `place` of a
//! piece on sites or in a hand, on another site type than the board's, `place Random` and
//! `place Stack`.

use super::*;

impl Lowerer {
    /// `(place "Name" [sites] [{sites}] [site] [count:n])` as a start rule.
    pub(super) fn start_place(&mut self, c: &Call) -> R<StartRule> {
        if let Some(t) = self.other_type_of(c) {
            return self.start_place_on(c, t);
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
            site_type: self.use_type(site_type),
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
}
