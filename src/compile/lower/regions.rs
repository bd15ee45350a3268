//! Lowering of regions (Ludii's `functions/region` packages): the board's geometry (`sites
//! Top`, `Phase`, `Row`, ..), the equipment (`sites Mover`, `sites "Name"`), `sites State`,
//! `expand`, `sites Direction`/`LineOfSight`/`Distance`/`Between`/`To`, the region
//! `forEach`, and regions of listed values (`(sites (values Remembered))`).

use super::*;
use crate::board::{distance_relation_for_game, BoardRegion, Relation};
use crate::syntax::{Node, NodeKind};

impl Lowerer {
    /// A geometry region, as its slot.
    pub(super) fn geometry_slot(&mut self, r: BoardRegion) -> RegionFn {
        let slot = super::slot_of(&mut self.geometry, &r);
        RegionFn::Geometry(slot as u32)
    }

    /// `(sites Top)`, `(sites Bottom)`, `(sites Left)`, `(sites Right)`, `(sites Outer)`,
    /// `(sites Inner)` of the board's default site type.
    pub(super) fn sites_simple(&mut self, c: &Call, word: &str) -> R<RegionFn> {
        let typed = self.typed_call(c);
        if typed.is_none() && c.typed(self.reg, "siteType").is_some() {
            return unsupported(format!("sites {word} with a site type"), c.span());
        }
        let r = match word {
            "Top" => BoardRegion::Top,
            "Bottom" => BoardRegion::Bottom,
            "Left" => BoardRegion::Left,
            "Right" => BoardRegion::Right,
            "Outer" => BoardRegion::Outer,
            "Inner" => BoardRegion::Inner,
            w => return unsupported(format!("sites {w}"), c.span()),
        };
        if let Some(ty) = typed {
            return Ok(RegionFn::OnType(ty, Box::new(TypedRegion::Geometry(r))));
        }
        Ok(self.geometry_slot(r))
    }

    /// `(sites Side d)`: the sites on side `d` (a compass direction) of the board.
    pub(super) fn sites_side(&mut self, c: &Call) -> R<RegionFn> {
        self.board_site_type_only(c, "sites Side on another site type than the board's")?;
        let dir = c.positional().into_iter().find_map(|n| match &n.kind {
            NodeKind::Atom(a) if a != "Side" => Some(crate::board::Dir::from_name(a)),
            _ => None,
        });
        match dir {
            Some(Some(d)) if matches!(d as u8 % 2, 0) => Ok(self.geometry_slot(BoardRegion::Side(d))),
            _ => unsupported("sites Side of a player or role", c.span()),
        }
    }

    /// `(sites Phase n)`, `(sites Row n)`, `(sites Column n)`, `(sites State v)`.
    pub(super) fn sites_index(&mut self, c: &Call, word: &str) -> R<RegionFn> {
        if self.other_site_type(c) {
            return unsupported(format!("sites {word} of another site type than the board's"), c.span());
        }
        let n = req(c.typed(self.reg, "int"), c)?;
        let v = self.int(n)?;
        Ok(match word {
            "Phase" => match v {
                IntFn::Const(k @ 0..=31) => self.geometry_slot(BoardRegion::Phase(k as u8)),
                IntFn::Const(_) => RegionFn::Sites(vec![]),
                _ => return unsupported("sites Phase of a computed phase", c.span()),
            },
            "Row" => RegionFn::Row(Box::new(v)),
            "Column" => RegionFn::Column(Box::new(v)),
            "State" => RegionFn::State(Box::new(v)),
            w => return unsupported(format!("sites {w}"), c.span()),
        })
    }

    /// `(sites <role> [name])` and `(sites "Name")`: the union of the equipment's regions of
    /// that owner and name; None when the call is not of this form.
    pub(super) fn sites_equipment(&mut self, c: &Call) -> R<Option<RegionFn>> {
        let role = match c.typed(self.reg, "roleType") {
            Some(r) => Some(self.role(r)?),
            None => None,
        };
        let player = match c.typed(self.reg, "moves.player") {
            Some(p) => Some(Box::new(self.player_index(p)?)),
            None => None,
        };
        let name = match c.typed(self.reg, "string").map(|n| &n.kind) {
            Some(NodeKind::Str(s)) => Some(self.intern(s)),
            _ => None,
        };
        if role.is_none() && player.is_none() && name.is_none() {
            return Ok(None);
        }
        self.board_site_type_only(c, "sites of a region on another site type than the board's")?;
        // a name no region has is a site's label (Ludii reads `(sites "J10")` as the list
        // of coordinates it also is)
        if let (None, None, Some(k)) = (role, &player, name) {
            let label = self.names[k as usize].clone();
            let coordinate = {
                let digits = label.trim_start_matches(|ch: char| ch.is_ascii_uppercase());
                digits.len() < label.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
            };
            let named = self
                .regions
                .iter()
                .any(|d| d.name.is_some_and(|n| self.names[n as usize].contains(&label)));
            if coordinate && !named {
                return Ok(Some(RegionFn::Sites(vec![IntFn::Coord(k)])));
            }
        }
        Ok(Some(RegionFn::Equipment {
            owner: role,
            player,
            name,
        }))
    }

    /// `(expand [R] [origin:s] [steps:n] [dirs] [type])`.
    pub(super) fn expand(&mut self, c: &Call) -> R<RegionFn> {
        self.board_site_type_only(c, "expand on another site type than the board's")?;
        let region = if let Some(o) = c.named("origin") {
            RegionFn::Site(Box::new(self.int(o)?))
        } else {
            if c.typed(self.reg, "int").is_some() || c.typed(self.reg, "string").is_some() {
                return unsupported("expand of a container's region", c.span());
            }
            self.region(req(c.typed(self.reg, "sites"), c)?)?
        };
        let steps = match c.named("steps") {
            Some(n) => self.int(n)?,
            None => IntFn::Const(1),
        };
        let dirs = match c.typed(self.reg, "absoluteDirection") {
            Some(d) => Some(self.directions(Some(d))?),
            None => None,
        };
        Ok(RegionFn::Expand {
            region: Box::new(region),
            steps: Box::new(steps),
            dirs,
        })
    }

    /// `(sites Around T s [dirs])` of another site type T than the board's (`target`: s).
    pub(super) fn around_of_type(&mut self, c: &Call, ty: SiteType, target: &Node) -> R<RegionFn> {
        for name in ["if", "includeSelf", "distance"] {
            if c.named(name).is_some() {
                return unsupported(format!("sites Around {name}: of another site type"), c.span());
            }
        }
        if c.typed(self.reg, "regionTypeDynamic").is_some() {
            return unsupported("sites Around of an owner, of another site type", c.span());
        }
        let at = Box::new(self.int(target)?);
        let dirs = match c.typed(self.reg, "absoluteDirection") {
            Some(d) => self.directions(Some(d))?,
            None => vec![Direction::Rel(Relation::Adjacent)],
        };
        Ok(RegionFn::OnType(ty, Box::new(TypedRegion::Around { at, dirs })))
    }

    /// `(sites Incident <type> of:<type> at:s)` where both types are the board's own: the
    /// sites sharing an edge with s (cells) or joined to it by an edge (vertices).
    pub(super) fn sites_incident(&mut self, c: &Call) -> R<RegionFn> {
        let types: Vec<&str> = c
            .slots
            .iter()
            .filter_map(|(_, n)| match n.map(|n| &n.kind) {
                Some(NodeKind::Atom(a)) if matches!(a.as_str(), "Cell" | "Vertex" | "Edge") => Some(a.as_str()),
                _ => None,
            })
            .collect();
        let board = self.site_type.name();
        if types.len() != 2 {
            return unsupported("sites Incident without its two site types", c.span());
        }
        let owner = match (c.named("owner"), c.typed(self.reg, "roleType")) {
            (Some(n), _) => Some(Box::new(self.int(n)?)),
            (None, Some(r)) => Some(Box::new(IntFn::RolePlayer(self.role(r)?))),
            (None, None) => None,
        };
        let at = self.int(req(c.named("at"), c)?)?;
        if owner.is_some() && types.iter().all(|t| *t == board) {
            return unsupported("sites Incident of an owner, of the board's site type", c.span());
        }
        if types.iter().any(|t| *t != board) {
            // (the first type is the sites', the second (`of:`) the site's)
            let ty = |w: &str| SiteType::from_name(w).unwrap_or(SiteType::Cell);
            let (t, of) = (self.use_type(ty(types[0])), self.use_type(ty(types[1])));
            // (of a type itself too, as Ludii's incidence takes it: see `Graph::incidence`)
            return Ok(RegionFn::OnType(
                t,
                Box::new(TypedRegion::Incident {
                    of,
                    at: Box::new(at),
                    owner,
                }),
            ));
        }
        let rel = if board == "Edge" {
            crate::board::Relation::Adjacent
        } else {
            crate::board::Relation::Orthogonal
        };
        Ok(RegionFn::Related(Box::new(at), rel))
    }

    /// `(is Line n [dir] [through:] [who|what:|whats:] [exact:] [contiguous:] [if:])`.
    pub(super) fn is_line(&mut self, c: &Call) -> R<BoolFn> {
        if self.stacking && c.named("throughAny").is_some() {
            return unsupported("is Line throughAny: with stacks", c.span());
        }
        for name in ["throughHowMuch", "isVisible", "useOpposites"] {
            if c.named(name).is_some() {
                return unsupported(format!("is Line {name}:"), c.span());
            }
        }
        self.board_site_type_only(c, "is Line on another site type than the board's")?;
        let stacked = if self.stacking {
            Some(StackedLine {
                by_level: c.named("byLevel").map(|n| self.condition(n)).transpose()?,
                top: c.named("top").map(|n| self.condition(n)).transpose()?,
            })
        } else {
            // (`byLevel:` and `top:` are read only in a game with stacks, as Ludii's)
            None
        };
        let len = self.int(req(c.typed(self.reg, "int"), c)?)?;
        let same_layer = matches!(c.typed(self.reg, "absoluteDirection").map(|n| &n.kind), Some(NodeKind::Atom(a)) if a == "SameLayer");
        let dirs = match c.typed(self.reg, "absoluteDirection") {
            _ if same_layer => vec![crate::board::Direction::Rel(crate::board::Relation::All)],
            Some(d) => self.directions(Some(d))?,
            None => vec![crate::board::Direction::Rel(crate::board::Relation::Adjacent)],
        };
        let opt_int =
            |l: &mut Self, n: Option<&crate::syntax::Node>| -> R<Option<IntFn>> { n.map(|n| l.int(n)).transpose() };
        let opt_bool = |l: &mut Self, n: Option<&crate::syntax::Node>| -> R<Option<BoolFn>> {
            n.map(|n| l.condition(n)).transpose()
        };
        let through = opt_int(self, c.named("through"))?;
        let who = match c.typed(self.reg, "roleType") {
            Some(r) => Some(IntFn::RolePlayer(self.role(r)?)),
            None => None,
        };
        let whats = match (c.named("what"), c.named("whats").map(|n| &n.kind)) {
            (Some(w), _) => Some(vec![self.int(w)?]),
            (None, Some(NodeKind::List(items))) => Some(items.iter().map(|i| self.int(i)).collect::<R<_>>()?),
            (None, Some(_)) => return unsupported("is Line whats: of a computed list", c.span()),
            (None, None) => None,
        };
        let key = (dirs.clone(), same_layer);
        let table = match self.line_dirs.iter().position(|d| *d == key) {
            Some(i) => i,
            None => {
                self.line_dirs.push(key);
                self.line_dirs.len() - 1
            }
        } as u32;
        Ok(BoolFn::IsLine(Box::new(LineSpec {
            table,
            same_layer,
            len,
            dirs,
            through,
            through_any: c.named("throughAny").map(|r| self.region(r)).transpose()?,
            whats,
            who,
            exact: opt_bool(self, c.named("exact"))?,
            contiguous: opt_bool(self, c.named("contiguous"))?,
            cond: opt_bool(self, c.named("if"))?,
            stacked,
        })))
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

    /// The region `(forEach R if:C)`.
    pub(super) fn region_for_each(&mut self, c: &Call) -> R<RegionFn> {
        // `(forEach of:R X)`: the union of X at each site of R
        if let (Some(of), Some(x)) = (c.named("of"), c.typed(self.reg, "sites")) {
            return Ok(RegionFn::UnionOver(
                Box::new(self.region(of)?),
                Box::new(self.region(x)?),
            ));
        }
        if c.word(self.reg) == Some("Level") {
            if self.other_site_type(c) {
                return unsupported("forEach Level of another site type", c.span());
            }
            let from_bottom = c
                .positional()
                .iter()
                .any(|n| matches!(&n.kind, NodeKind::Atom(a) if a == "FromBottom"));
            return Ok(RegionFn::Levels {
                at: Box::new(self.int(super::req(c.named("at"), c)?)?),
                from_bottom,
                cond: c.named("if").map(|n| self.condition(n)).transpose()?.map(Box::new),
                start_at: c.named("startAt").map(|n| self.int(n)).transpose()?.map(Box::new),
            });
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
        // (sites of another type given by labels or numbers: that type's)
        if let (Some(ty), None) = (self.other_type_of(c), c.word(self.reg)) {
            let pos: Vec<&Node> = c
                .positional()
                .into_iter()
                .filter(|n| !matches!(&n.kind, NodeKind::Atom(a) if SiteType::from_name(a).is_some()))
                .collect();
            let labels: Option<Vec<String>> = pos
                .iter()
                .map(|n| match &n.kind {
                    NodeKind::Str(l) => Some(l.clone()),
                    _ => None,
                })
                .collect();
            let sites = match (labels, pos.as_slice()) {
                (Some(l), _) if !l.is_empty() => TypedRegion::Labels(l),
                (_, [n]) if matches!(n.kind, NodeKind::List(_)) => {
                    TypedRegion::Sites(flatten(&[*n]).into_iter().map(|i| self.int(i)).collect::<R<_>>()?)
                }
                _ => return unsupported("sites on another site type than the board's", c.span()),
            };
            let ty = self.use_type(ty);
            return Ok(RegionFn::OnType(ty, Box::new(sites)));
        }
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
                // (relative directions resolved for the piece at the site, where evaluated)
                let dirs = self.move_directions(c.typed(self.reg, "direction"))?;
                RegionFn::LineOfSight {
                    at: Box::new(at),
                    dirs,
                    kind,
                }
            }
            Some("Distance") => {
                if c.named("newRotation").is_some() {
                    return unsupported("sites Distance with newRotation:", c.span());
                }
                let step = match c.typed(self.reg, "effect.step") {
                    Some(n) => {
                        let sc = self.call(n, "effect.step")?;
                        let (_, dirs, to) = self.step_parts(&sc, "step", false)?;
                        // (a `to` with no condition steps anywhere, as in a step move)
                        let cond = to.cond.unwrap_or(BoolFn::Const(true));
                        Some(Box::new(DistanceStep { dirs, cond }))
                    }
                    None => {
                        let rel = match c.typed(self.reg, "relationType") {
                            Some(n) => match &n.kind {
                                NodeKind::Atom(a) => {
                                    Relation::from_name(a).ok_or_else(|| super::LowerError::Unsupported {
                                        ludeme: format!("relation {a}"),
                                        span: n.span.clone(),
                                    })?
                                }
                                _ => return invalid("expected a relation", n.span.clone()),
                            },
                            None => Relation::Adjacent,
                        };
                        self.distance_relation =
                            distance_relation_for_game(self.distance_relation.into_iter().chain([rel]));
                        None
                    }
                };
                let from = bi(self, req(c.named("from"), c)?)?;
                let (min, max) = self.range(req(c.typed(self.reg, "range"), c)?)?;
                RegionFn::Distance {
                    from,
                    // (Ludii's `(max n)` has an undefined least, -1, and gives no site)
                    min: Box::new(min.unwrap_or(IntFn::Const(-1))),
                    max: Box::new(max.unwrap_or(IntFn::Const(i32::MAX))),
                    step,
                }
            }
            Some("Between") => {
                if c.named("cond").is_some() {
                    return unsupported("sites Between cond:", c.span());
                }
                let mut flag = |name: &str| match c.named(name).map(|n| self.boolean(n)).transpose()? {
                    None | Some(BoolFn::Const(false)) => Ok(false),
                    Some(BoolFn::Const(true)) => Ok(true),
                    Some(_) => unsupported(format!("sites Between {name}: of a condition"), c.span()),
                };
                let included = (flag("fromIncluded")?, flag("toIncluded")?);
                // (relative directions and direction functions are resolved where it is
                // evaluated, at `from:`)
                let dirs = self.move_directions(c.typed(self.reg, "direction"))?;
                RegionFn::Between {
                    from: bi(self, req(c.named("from"), c)?)?,
                    to: bi(self, req(c.named("to"), c)?)?,
                    dirs,
                    included,
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
                    [site, walks] if matches!(walks.kind, NodeKind::List(_)) => RegionFn::Walk {
                        site: Box::new(self.int(site)?),
                        walks: self.walks(walks)?,
                        rotations: match c.named("rotations") {
                            Some(n) => self.flag(Some(n))?,
                            None => true,
                        },
                    },
                    _ => return unsupported("this form of sites", c.span()),
                }
            }
            Some("Pattern") => RegionFn::Pattern(Box::new(self.pattern(c)?)),
            Some("Hidden") => self.sites_hidden(c)?,
            Some("Crossing") => self.sites_crossing(c)?,
            Some("LargePiece") => {
                self.board_site_type_only(c, "sites LargePiece on another site type than the board's")?;
                RegionFn::LargePiece(Box::new(self.int(super::req(c.named("at"), c)?)?))
            }
            Some(w) => return unsupported(format!("sites {w}"), c.span()),
        })
    }
}
