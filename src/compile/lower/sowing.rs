//! Lowering of the sowing family: the equipment's `map`s and `(mapEntry ..)`, and `sow`.

use super::{invalid, unsupported, Call, Lowerer, R};
use crate::ir::*;
use crate::syntax::{classify_atom, Atom, Node, NodeKind};

/// Ludii's landmarks of a board (`(pair P1 LastSite)`).
const LANDMARKS: [&str; 7] = [
    "BottomSite",
    "CentreSite",
    "FirstSite",
    "LastSite",
    "LeftSite",
    "RightSite",
    "Topsite",
];

impl Lowerer {
    /// `(map ["name"] {(pair k v) ..})` or `(map ["name"] {keys} {values})`.
    pub(super) fn map_item(&mut self, node: &Node) -> R<()> {
        let c = self.call(node, "map")?;
        let mut name = "Map".to_string();
        let mut lists = Vec::new();
        for n in c.positional() {
            match &n.kind {
                NodeKind::Str(s) => name = s.clone(),
                NodeKind::List(items) => lists.push(items),
                _ => return invalid("expected a list of pairs, or keys and values", n.span.clone()),
            }
        }
        let pairs = match lists.as_slice() {
            [pairs] => pairs.iter().map(|p| self.map_pair(p)).collect::<R<Vec<_>>>()?,
            [keys, values] => {
                if keys.len() != values.len() {
                    return invalid("a map has as many keys as values", c.span());
                }
                let mut pairs = Vec::new();
                for (k, v) in keys.iter().zip(values.iter()) {
                    pairs.push((MapTerm::Int(self.int(k)?), MapTerm::Int(self.int(v)?)));
                }
                pairs
            }
            _ => return invalid("expected a list of pairs, or keys and values", c.span()),
        };
        let name = self.intern(&name);
        self.maps.push(MapDef { name, pairs });
        Ok(())
    }

    /// `(pair k v)`: each a number or int function, a role, a label or name, a landmark.
    fn map_pair(&mut self, node: &Node) -> R<(MapTerm, MapTerm)> {
        let c = self.call(node, "math.pair")?;
        let pos = c.positional();
        let [k, v] = pos.as_slice() else {
            return invalid("a pair has a key and a value", c.span());
        };
        Ok((self.map_term(k)?, self.map_term(v)?))
    }

    fn map_term(&mut self, node: &Node) -> R<MapTerm> {
        Ok(match &node.kind {
            NodeKind::Str(s) => MapTerm::Text(s.clone()),
            NodeKind::Atom(a) if LANDMARKS.contains(&a.as_str()) => MapTerm::Landmark(a.clone()),
            NodeKind::Atom(a) if !matches!(classify_atom(a), Atom::Int(_)) => {
                MapTerm::Int(IntFn::RolePlayer(self.role(node)?))
            }
            _ => MapTerm::Int(self.int(node)?),
        })
    }

    /// `(mapEntry ["name"] key)`.
    pub(super) fn map_entry(&mut self, c: &Call) -> R<IntFn> {
        let mut name = None;
        let mut key = None;
        for n in c.positional() {
            match &n.kind {
                NodeKind::Str(s) => name = Some(self.intern(s)),
                NodeKind::Atom(a) if !matches!(classify_atom(a), Atom::Int(_)) => {
                    key = Some(IntFn::RolePlayer(self.role(n)?))
                }
                _ => key = Some(self.int(n)?),
            }
        }
        let Some(key) = key else {
            return unsupported("mapEntry without a key", c.span());
        };
        Ok(IntFn::MapEntry {
            name,
            key: Box::new(key),
        })
    }

    /// `(sow [type] [start] [count:] [numPerHole:] ["track"] [owner:] [if:] [sowEffect:]
    /// [apply:] [includeSelf:] [origin:] [skipIf:] [backtracking: | forward:])`.
    pub(super) fn sow(&mut self, c: &Call) -> R<MovesKind> {
        self.board_site_type_only(c, "sow on another site type than the board's")?;
        // Ludii counts seeds per site in a sowing game
        self.requires_count = true;
        let opt_int = |l: &mut Self, n: Option<&Node>| n.map(|n| l.int(n)).transpose();
        let opt_bool = |l: &mut Self, n: Option<&Node>| n.map(|n| l.condition(n)).transpose();
        let opt_moves = |l: &mut Self, n: Option<&Node>| n.map(|n| l.moves(n).map(Box::new)).transpose();
        let start = opt_int(self, c.typed(self.reg, "int"))?.unwrap_or(IntFn::LastTo);
        let count = match c.named("count") {
            Some(n) => self.value(n)?,
            None => self.compiled_value(IntFn::CountAt(Box::new(start.clone()))),
        };
        let track = c.typed(self.reg, "string").and_then(|n| match &n.kind {
            NodeKind::Str(s) => Some(s.clone()),
            _ => None,
        });
        let include_self = match c.named("includeSelf") {
            None => true,
            Some(n) => self.flag(Some(n))?,
        };
        let skip = opt_bool(self, c.named("skipIf"))?;
        let skip_site = match skip.as_ref().map(|b| b.uncompiled()) {
            Some(BoolFn::Eq(a, b)) => match (a.as_ref(), b.as_ref()) {
                (IntFn::To, e) | (e, IntFn::To) if crate::ir::deps::int(e) == 0 => Some(self.compiled_value(e.clone())),
                _ => None,
            },
            _ => None,
        };
        Ok(MovesKind::Sow(Box::new(Sow {
            start,
            count,
            per_hole: opt_int(self, c.named("numPerHole"))?.unwrap_or(IntFn::Const(1)),
            track,
            owner: opt_int(self, c.named("owner"))?,
            cond: opt_bool(self, c.named("if"))?,
            sow_effect: opt_moves(self, c.named("sowEffect"))?,
            apply: opt_moves(self, c.named("apply"))?,
            include_self,
            origin: opt_bool(self, c.named("origin"))?,
            skip,
            skip_site,
            backtracking: opt_bool(self, c.named("backtracking"))?,
            forward: opt_bool(self, c.named("forward"))?,
        })))
    }

    /// The player a call names, by role or `(player n)` (None when it names none).
    fn named_player(&mut self, c: &Call) -> R<Option<IntFn>> {
        if let Some(r) = c.typed(self.reg, "roleType") {
            return Ok(Some(IntFn::RolePlayer(self.role(r)?)));
        }
        if let Some(p) = c.typed(self.reg, "moves.player") {
            let pc = self.call(p, "moves.player")?;
            let n = super::nth(&pc.positional(), 0, pc.span())?;
            return Ok(Some(self.int(n)?));
        }
        Ok(None)
    }

    fn string_arg(&self, c: &Call) -> Option<String> {
        c.typed(self.reg, "string").and_then(|n| match &n.kind {
            NodeKind::Str(s) => Some(s.clone()),
            _ => None,
        })
    }

    /// `(max Distance ["name"] [owner] M)`.
    pub(super) fn max_distance(&mut self, c: &Call) -> R<MovesKind> {
        let (name, owner, body) = self.track_moves(c, "max Distance")?;
        Ok(MovesKind::MaxDistance { name, owner, body })
    }

    /// `(firstMoveOnTrack ["name"] [owner] M)`.
    pub(super) fn first_move_on_track(&mut self, c: &Call) -> R<MovesKind> {
        let (name, owner, body) = self.track_moves(c, "firstMoveOnTrack")?;
        Ok(MovesKind::FirstMoveOnTrack { name, owner, body })
    }

    /// The track's name and owner and the moves of a ludeme choosing moves along a track
    /// (`what`); consequents are refused: Ludii attaches them to a list it does not return.
    fn track_moves(&mut self, c: &Call, what: &str) -> R<(Option<String>, Option<IntFn>, Box<Moves>)> {
        if c.typed(self.reg, "then").is_some() {
            return unsupported(format!("{what} with consequents"), c.span());
        }
        let owner = match c.typed(self.reg, "roleType") {
            Some(r) => Some(IntFn::RolePlayer(self.role(r)?)),
            None => None,
        };
        let body = Box::new(self.moves(super::req(c.typed(self.reg, "moves"), c)?)?);
        Ok((self.string_arg(c), owner, body))
    }

    /// `(sites Track [player] ["name"] [from:] [to:])`.
    pub(super) fn sites_track(&mut self, c: &Call) -> R<RegionFn> {
        let player = self.named_player(c)?.map(Box::new);
        let from = c.named("from").map(|n| self.int(n)).transpose()?.map(Box::new);
        let to = c.named("to").map(|n| self.int(n)).transpose()?.map(Box::new);
        Ok(RegionFn::Track {
            player,
            name: self.string_arg(c).unwrap_or_default(),
            from,
            to,
        })
    }

    /// `(trackSite Move ..)`, `(trackSite FirstSite ..)`, `(trackSite EndSite ..)`.
    pub(super) fn track_site(&mut self, c: &Call) -> R<IntFn> {
        let player = self.named_player(c)?;
        let name = self.string_arg(c);
        let from = c.named("from").map(|n| self.int(n)).transpose()?;
        Ok(match c.word(self.reg) {
            Some("Move") => IntFn::TrackMove {
                from: Box::new(from.unwrap_or(IntFn::From)),
                player: Box::new(player.unwrap_or(IntFn::Mover)),
                name,
                steps: Box::new(self.int(super::req(c.named("steps"), c)?)?),
            },
            Some(w @ ("FirstSite" | "EndSite")) => IntFn::TrackFirst {
                player: player.map(Box::new),
                name,
                from: from.map(Box::new),
                cond: c.named("if").map(|n| self.condition(n)).transpose()?.map(Box::new),
                last: w == "EndSite",
            },
            w => return unsupported(format!("trackSite {}", w.unwrap_or("")), c.span()),
        })
    }
}
