//! Lowering of the graph-theory ludemes: a role's pieces set on sites by the start rules,
//! the sites' costs (`set Cost`, `cost`), `is Tree`/`SpanningTree`/`RegularGraph`, and
//! `sites Crossing`.

use super::{invalid, req, unsupported, Call, Lowerer, R};
use crate::board::SiteType;
use crate::ir::*;
use crate::syntax::{Node, NodeKind};

impl Lowerer {
    /// `(set <role> [type] sites)` as a start rule: one piece on each site, as a `place`
    /// does, of the component Ludii takes for the role: for `Neutral` the first owned by no
    /// player, for `Shared`/`All` the first shared one; for a player, the component whose
    /// index is the player's number (whoever owns it). None when there is no such component.
    pub(super) fn start_set_role(&mut self, c: &Call) -> R<Option<StartRule>> {
        let role_node = c.typed(self.reg, "roleType").expect("matched a role");
        let role = self.role(role_node)?;
        let shared = self.players + 1;
        let first_of = |owner: u8| {
            self.components
                .iter()
                .skip(1)
                .position(|k| k.owner == owner)
                .map(|i| i + 1)
        };
        let what = match role {
            Role::Neutral => first_of(0),
            Role::Shared | Role::All => first_of(shared).or(Some(shared as usize)),
            Role::Player(p) => Some(p as usize),
            _ => return unsupported("set with this role in the start rules", c.span()),
        };
        let Some(what) = what.filter(|&w| w >= 1 && w < self.components.len()) else {
            return Ok(None);
        };
        let nodes: Vec<&Node> = c
            .positional()
            .into_iter()
            .filter(|n| !std::ptr::eq(*n, role_node))
            .collect();
        if let Some(t) = self.other_type_of(c) {
            return Ok(Some(self.place_on(c, t, what as u16, &nodes)?));
        }
        let (sites, region) = self.start_place_sites(&nodes, c)?;
        let fields = self.placed(c)?;
        Ok(Some(StartRule::Place {
            component: what as u16,
            sites,
            region,
            count: 1,
            fields,
        }))
    }

    /// `(set Team k {roles})` as a start rule: each player named joins team k.
    pub(super) fn set_team(&mut self, c: &Call) -> R<()> {
        let pos = c.positional();
        let k = match pos
            .iter()
            .find(|n| !matches!(&n.kind, NodeKind::Atom(a) if a == "Team"))
        {
            Some(n) => self.const_int(n)?,
            None => return invalid("set Team needs a team", c.span()),
        };
        let Some(NodeKind::List(roles)) = pos.iter().map(|n| &n.kind).find(|k| matches!(k, NodeKind::List(_))) else {
            return invalid("set Team needs a list of players", c.span());
        };
        for r in roles {
            match self.role(r)? {
                Role::Player(p) if (1..=self.players).contains(&p) => {
                    if let Some(t) = self.teams.get_mut(p as usize) {
                        *t = k.clamp(0, 255) as u8;
                    }
                }
                Role::Player(_) => {}
                _ => return unsupported("set Team of a role other than a player", r.span.clone()),
            }
        }
        Ok(())
    }

    /// `(set Cost c [type] at:s | to:{..})` as a start rule (on the board's site type).
    pub(super) fn start_set_cost(&mut self, c: &Call) -> R<StartRule> {
        self.board_site_type_only(c, "set Cost on another site type than the board's")?;
        let cost = match c.typed(self.reg, "int") {
            Some(n) => self.const_int(n)?,
            None => return invalid("set Cost needs a cost", c.span()),
        };
        let mut refs = Vec::new();
        for n in c.named("at").into_iter().chain(c.named("to")) {
            self.site_refs(n, &mut refs)?;
        }
        let sites = refs
            .into_iter()
            .map(|r| match r {
                SiteRef::Index(i) => Ok(i),
                _ => unsupported("set Cost by label or region", c.span()),
            })
            .collect::<R<_>>()?;
        Ok(StartRule::SetCost { sites, cost })
    }

    /// `(cost [type] at:s | in:R)`; without a type, Ludii reads cells' costs.
    pub(super) fn cost(&mut self, c: &Call) -> R<IntFn> {
        let ty = match c.typed(self.reg, "siteType").map(|n| &n.kind) {
            Some(NodeKind::Atom(a)) => SiteType::from_name(a),
            _ => Some(SiteType::Cell),
        };
        if ty != Some(self.site_type) {
            return unsupported("cost of another site type than the board's", c.span());
        }
        let region = match (c.named("at"), c.named("in")) {
            (Some(at), _) => RegionFn::Sites(vec![self.int(at)?]),
            (None, Some(r)) => self.region(r)?,
            (None, None) => return invalid("cost needs at: or in:", c.span()),
        };
        Ok(IntFn::Cost(Box::new(region)))
    }

    /// `(is Tree|SpanningTree|RegularGraph who [k:] [odd:] [even:])` on a board of edges.
    pub(super) fn is_graph(&mut self, c: &Call, word: &str) -> R<BoolFn> {
        // (a tree's centre is a vertex of the board's edges, whichever type the board is of)
        if word == "TreeCentre" && self.site_type != SiteType::Edge {
            self.use_type(SiteType::Edge);
        } else if self.site_type != SiteType::Edge {
            return unsupported(format!("is {word} on a board not played on its edges"), c.span());
        }
        let kind = match word {
            "Tree" => GraphKind::Tree,
            "SpanningTree" => GraphKind::SpanningTree,
            "TreeCentre" => GraphKind::TreeCentre,
            _ => GraphKind::Regular,
        };
        let (role, player) = self.player_or_role(c)?;
        let k = c.named("k").map(|n| self.int(n)).transpose()?;
        let odd = self.flag(c.named("odd"))?;
        let even = self.flag(c.named("even"))?;
        Ok(BoolFn::IsGraph(Box::new(GraphTest {
            kind,
            who: player.unwrap_or(IntFn::RolePlayer(role)),
            k,
            odd,
            even,
        })))
    }

    /// `(is Path Edge [from] who length:range [closed:])` (see [`PathTest`]).
    pub(super) fn is_path(&mut self, c: &Call) -> R<BoolFn> {
        match c.typed(self.reg, "siteType").map(|n| &n.kind) {
            Some(NodeKind::Atom(a)) if a == "Edge" => self.use_type(SiteType::Edge),
            _ => return unsupported("is Path of cells or vertices", c.span()),
        };
        let (role, player) = self.player_or_role(c)?;
        let (min, max) = self.range(req(c.named("length").or(c.typed(self.reg, "range")), c)?)?;
        let from = c.typed(self.reg, "int").map(|n| self.int(n)).transpose()?;
        Ok(BoolFn::IsPath(Box::new(PathTest {
            from,
            who: player.unwrap_or(IntFn::RolePlayer(role)),
            // (Ludii's `max n` reads undefined (-1) as its least, `min n` infinity as
            // its greatest)
            min: min.unwrap_or(IntFn::Const(-1)),
            max: max.unwrap_or(IntFn::Const(1_000_000_000)),
            closed: match c.named("closed") {
                Some(n) => self.boolean(n)?,
                None => BoolFn::Const(false),
            },
        })))
    }

    /// `(sites Crossing at:e [role])` on a board of edges.
    pub(super) fn sites_crossing(&mut self, c: &Call) -> R<RegionFn> {
        if self.site_type != SiteType::Edge {
            return unsupported("sites Crossing on a board not played on its edges", c.span());
        }
        let at = match c.named("at") {
            Some(n) => self.int(n)?,
            None => return invalid("sites Crossing needs at:", c.span()),
        };
        let role = match c.typed(self.reg, "roleType") {
            Some(r) => self.role(r)?,
            None if c.typed(self.reg, "moves.player").is_some() => {
                return unsupported("sites Crossing of a player by index", c.span())
            }
            None => return invalid("sites Crossing needs a player or a role", c.span()),
        };
        Ok(RegionFn::Crossing(Box::new(at), role))
    }
}
