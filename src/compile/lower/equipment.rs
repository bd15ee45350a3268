//! Lowering of the players and the equipment: `players` (with each player's facing),
//! `piece` (its owners, facing and own moves), `regions`, and the board item.

use super::{invalid, unsupported, Call, Lowerer, R};
use crate::board::{BoardSpec, Dir, SiteType, TrackPath, TrackSpec};
use crate::ir::*;
use crate::registry::ParamType;
use crate::syntax::{classify_atom, Atom, Node, NodeKind};

impl Lowerer {
    /// The puzzle's values as components, one each, named by it, after the pieces.
    pub(super) fn puzzle_components(&mut self) {
        if let Some((a, b)) = self.puzzle_range.take() {
            self.puzzle_values = Some((a, self.components.len() as u16));
            for v in a..=b {
                self.components.push(Component {
                    name: v.to_string(),
                    base: v.to_string(),
                    owner: 0,
                    ..Component::default()
                });
            }
        }
    }

    /// `(set {{site value} ..})` of a deduction puzzle: each value placed on its site.
    pub(super) fn puzzle_set(&mut self, c: &Call) -> R<Vec<StartRule>> {
        self.board_site_type_only(c, "a puzzle's values on another site type than the board's")?;
        let Some((least, first)) = self.puzzle_values else {
            return unsupported("deductionPuzzle.set", c.span());
        };
        let pairs = match c.positional().into_iter().find(|n| matches!(n.kind, NodeKind::List(_))) {
            Some(list) => match &list.kind {
                NodeKind::List(items) => items.iter().collect::<Vec<_>>(),
                _ => unreachable!("matched a list"),
            },
            None => vec![],
        };
        let last = self.components.len() as i32 - 1;
        let mut out = Vec::new();
        for p in pairs {
            let [site, value] = self.const_ints(p)?[..] else {
                return invalid("a site and its value", p.span.clone());
            };
            let component = first as i32 + value - least;
            if site >= 0 {
                self.puzzle_given.push(site as u32);
            }
            if !(first as i32..=last).contains(&component) {
                return invalid(format!("{value} is not one of the puzzle's values"), p.span.clone());
            }
            out.push(StartRule::Place {
                component: component as u16,
                sites: vec![IntFn::Const(site)],
                region: None,
                count: 1,
                fields: Placed {
                    state: IntFn::Const(0),
                    value: IntFn::Const(0),
                    rotation: IntFn::Const(0),
                },
            });
        }
        Ok(out)
    }

    /// `(dominoes [upTo:n])`: a shared component `Dominoij` for each pair of pips `i <= j
    /// <= n` (6 by default), in that order. A domino is a large piece of two halves of 2 × 2
    /// cells (Ludii's walk), its pips on the first half's four cells and the second's.
    fn dominoes(&mut self, item: &Node, players: u8) -> R<()> {
        let c = self.call(item, "dominoes")?;
        let up_to = c.named("upTo").map(|n| self.const_int(n)).transpose()?.unwrap_or(6);
        if !(0..=20).contains(&up_to) {
            return invalid("dominoes have 0 to 20 pips a side", c.span());
        }
        for i in 0..=up_to {
            for j in i..=up_to {
                use WalkStep::{F, L, R};
                self.components.push(Component {
                    name: format!("Domino{i}{j}"),
                    base: "Domino".into(),
                    owner: players + 1,
                    walks: vec![vec![F, R, F, R, F, L, F, L, F, R, F, R, F]],
                    pips: Some([i, j]),
                    ..Component::default()
                });
            }
        }
        Ok(())
    }

    /// `(players n)` or `(players {(player N) ..})`: the number of players; their facing
    /// directions go to `self.facing`.
    pub(super) fn players(&mut self, node: &Node) -> R<u8> {
        let c = self.call(node, "players")?;
        let n = match c.positional().first().map(|n| &n.kind) {
            Some(NodeKind::Atom(a)) => match classify_atom(a) {
                Atom::Int(n) if (1..=16).contains(&n) => n as u8,
                // (a simulation: the rules move with player 0, [`crate::ir::GameIr::simulation`])
                Atom::Int(0) => 0,
                _ => return invalid("the number of players must be 0 to 16", c.span()),
            },
            Some(NodeKind::List(items)) => {
                if items.is_empty() || items.len() > 16 {
                    return invalid("the number of players must be 1 to 16", c.span());
                }
                self.facing = vec![None];
                for item in items {
                    let pc = self.call(item, "players.player")?;
                    let dir = match pc.positional().first().map(|n| &n.kind) {
                        Some(NodeKind::Atom(a)) => match Dir::from_name(a) {
                            Some(d) => d,
                            None => return unsupported(format!("players facing {a}"), pc.span()),
                        },
                        _ => return invalid("expected a direction", pc.span()),
                    };
                    self.facing.push(Some(dir));
                }
                items.len() as u8
            }
            _ => return invalid("expected a number of players", c.span()),
        };
        self.facing.resize(n as usize + 1, None);
        Ok(n)
    }

    /// The equipment: the board (and its site type); pieces and regions are declared on the
    /// way. Pieces' own moves are lowered once every component is known (they may name any).
    pub(super) fn equipment(&mut self, node: &Node, players: u8) -> R<(BoardSpec, SiteType)> {
        let c = self.call(node, "equipment")?;
        let items = match c.positional().first().map(|n| &n.kind) {
            Some(NodeKind::List(items)) => items,
            _ => return invalid("expected a list of items", c.span()),
        };
        let mut board = None;
        let mut moves = Vec::new();
        let mut regions = Vec::new();
        let dice = self.dice_items(items, players)?;
        for item in items {
            match Self::head(item) {
                Some("board") => board = Some(self.board(item)?),
                Some("boardless") => board = Some(self.boardless(item)?),
                Some("surakartaBoard") => {
                    let (spec, ty, tracks) = self.surakarta_board(item)?;
                    self.tracks = tracks;
                    board = Some((spec, ty))
                }
                Some("mancalaBoard") => {
                    self.tracks = self.board_tracks(item)?;
                    board = Some(self.mancala_board(item)?)
                }
                Some("piece") => moves.extend(self.piece(item, players)?),
                Some("tile") => moves.extend(self.piece(item, players)?),
                Some("regions") => regions.push(item),
                Some("hand") => self.hand(item, players)?,
                Some("map") => self.map_item(item)?,
                Some("dice") => {}
                Some("dominoes") => self.dominoes(item, players)?,
                // (a puzzle's hints place nothing: the start alone leaves them out)
                Some("hints") if self.start_only => {}
                Some("hints") => self.hints(item)?,
                Some(other) => return unsupported(other, item.span.clone()),
                None => return invalid("expected an item", item.span.clone()),
            }
        }
        self.puzzle_components();
        if self.components.len() == 1 && dice.is_empty() {
            // (with no piece at all, Ludii gives each player a ball, "Ball<p>", whose name
            // then gets its owner's number where there are several players, as Ludii's
            // traces name them)
            for p in 1..=players {
                self.components.push(Component {
                    name: if players > 1 {
                        format!("Ball{p}{p}")
                    } else {
                        format!("Ball{p}")
                    },
                    base: "Ball".into(),
                    owner: p,
                    ..Component::default()
                });
            }
        }
        self.dice_containers(dice, players);
        let moves = if self.start_only { Vec::new() } else { moves };
        for (component, node) in moves {
            let m = self.moves(node)?;
            self.components[component].moves = Some(Box::new(m));
        }
        for item in regions {
            match self.regions_item(item) {
                // (the start alone: a region the engine cannot build is left out, as the
                // start rules name none of them or fail to find it)
                Err(super::LowerError::Unsupported { .. }) if self.start_only => {}
                r => r?,
            }
        }
        board.ok_or_else(|| super::LowerError::Invalid {
            message: "no board".into(),
            span: c.span(),
        })
    }

    /// `(mancalaBoard rows columns [store:..] [numStores:n] [largeStack:..] [tracks])`: its
    /// graph, on vertices. Ludii builds its mancala layout only with two stores, outer
    /// (the default) or none; with inner stores or another number of them it builds
    /// `(square rows)` instead, and so do we. Its tracks are read by [`Self::board_tracks`].
    pub(super) fn mancala_board(&mut self, node: &Node) -> R<(BoardSpec, SiteType)> {
        let c = self.call(node, "item")?;
        let pos = c.positional();
        let (Some(&rows), Some(&columns)) = (pos.first(), pos.get(1)) else {
            return invalid("a mancala board needs rows and columns", c.span());
        };
        let rows = self.const_int(rows)?;
        let columns = self.const_int(columns)?;
        let store = match c.named("store").map(|n| &n.kind) {
            None => "Outer",
            Some(NodeKind::Atom(a)) => a.as_str(),
            Some(_) => return invalid("expected a store type", c.span()),
        };
        let num_stores = match c.named("numStores") {
            Some(n) => self.const_int(n)?,
            None => 2,
        };
        if !(2..=6).contains(&rows) || columns < 1 {
            return invalid("a mancala board has 2 to 6 rows and at least one column", c.span());
        }
        self.site_type = SiteType::Vertex;
        let spec = if store == "Inner" || num_stores != 2 {
            BoardSpec::Square(rows as u32)
        } else {
            BoardSpec::Mancala {
                rows: rows as u32,
                columns: columns as u32,
                stores: store != "None",
            }
        };
        Ok((spec, SiteType::Vertex))
    }

    /// The tracks a board item declares (`(board ..)` or `(mancalaBoard ..)`), as written.
    pub(super) fn board_tracks(&mut self, node: &Node) -> R<Vec<TrackSpec>> {
        let c = self.call(node, "item")?;
        let Some(given) = c.typed(self.reg, "board.track") else {
            return Ok(Vec::new());
        };
        match &given.kind {
            NodeKind::List(items) => items.iter().map(|t| self.track(t)).collect(),
            _ => Ok(vec![self.track(given)?]),
        }
    }

    /// `(track "Name" {sites} | "steps" [loop:] [owner | role] [directed:])`.
    fn track(&mut self, node: &Node) -> R<TrackSpec> {
        let c = self.call(node, "board.track")?;
        let flag = |n: Option<&Node>| matches!(n.map(|n| &n.kind), Some(NodeKind::Atom(a)) if a == "True");
        let (looped, directed) = (flag(c.named("loop")), flag(c.named("directed")));
        let pos = c.positional();
        let name = match pos.first().map(|n| &n.kind) {
            Some(NodeKind::Str(s)) => s.clone(),
            _ => return invalid("a track needs a name", c.span()),
        };
        let path = match pos.get(1).map(|n| &n.kind) {
            Some(NodeKind::Str(s)) => TrackPath::Steps(s.clone()),
            Some(NodeKind::List(items)) if items.iter().all(|i| !matches!(i.kind, NodeKind::Call { .. })) => {
                TrackPath::Sites(items.iter().map(|i| self.const_int(i)).collect::<R<_>>()?)
            }
            // Ludii does not build tracks of `(trackStep ..)` yet
            _ => return unsupported("track steps", c.span()),
        };
        let owner = match pos.get(2).map(|n| &n.kind) {
            None => 0,
            Some(NodeKind::Atom(a)) => match (classify_atom(a), a.as_str()) {
                (Atom::Int(n), _) if (0..=16).contains(&n) => n as u8,
                (_, "Neutral") => 0,
                (_, p) if p.starts_with('P') => match p[1..].parse::<u8>() {
                    Ok(n) if (1..=16).contains(&n) => n,
                    _ => return unsupported(format!("track owner {p}"), c.span()),
                },
                (_, other) => return unsupported(format!("track owner {other}"), c.span()),
            },
            Some(_) => return unsupported("computed track owner", c.span()),
        };
        Ok(TrackSpec {
            name,
            owner,
            looped,
            directed,
            path,
        })
    }

    /// `(piece "Name" [owner] [facing] [flips] [moves] ..)`: one component per owner; the
    /// components and the moves node to lower for each, once all components are known.
    fn piece<'n>(&mut self, node: &'n Node, players: u8) -> R<Vec<(usize, &'n Node)>> {
        let c = self.call(node, "item")?;
        // (a tile is a piece with a number of sides; one with a shape, a walk, is a large
        // piece, and one with paths connects its sides)
        if c.id != "component.piece" && c.id != "tile" {
            return unsupported(c.id, c.span());
        }
        let (mut walks, mut paths) = (Vec::new(), Vec::new());
        for (p, n) in &c.slots {
            let (mut ty, Some(n)) = (&p.ty, n) else { continue };
            while let ParamType::Array(inner) = ty {
                ty = inner;
            }
            match ty {
                ParamType::Sym(s) if self.reg.symbol(*s).id == "stepType" => walks = self.walks(n)?,
                ParamType::Sym(s) if self.reg.symbol(*s).id == "path" => paths = self.tile_paths(n)?,
                _ => {}
            }
        }
        // (a side of one slot, Ludii's default: more are not run)
        for name in ["slots", "slotsPerSide"] {
            if let Some(n) = c.named(name).filter(|_| !self.start_only) {
                return unsupported(format!("tile {name}:"), n.span.clone());
            }
        }
        let base = match c.positional().first().map(|n| &n.kind) {
            Some(NodeKind::Str(s)) => s.clone(),
            _ => return invalid("a piece needs a name", c.span()),
        };
        let (mut moves, mut flips) = (None, None);
        for (p, n) in &c.slots {
            if let (Some(n), ParamType::Sym(s)) = (n, &p.ty) {
                match self.reg.symbol(*s).id {
                    "moves" => moves = Some(*n),
                    "flips" => {
                        let fc = self.call(n, "flips")?;
                        match fc.positional().as_slice() {
                            [a, b] => flips = Some((self.const_int(a)?, self.const_int(b)?)),
                            _ => return invalid("flips needs two states", fc.span()),
                        }
                    }
                    _ => {}
                }
            }
        }
        // (`maxState:` and `maxValue:` only size Ludii's storage of local states and values:
        // the ones the rules set stay below them, and ours are whole numbers)
        if let Some(n) = c.named("maxCount").filter(|_| !self.start_only) {
            return unsupported("piece maxCount:", n.span.clone());
        }
        let facing = match c.typed(self.reg, "directionFacing").map(|n| &n.kind) {
            Some(NodeKind::Atom(a)) => match Dir::from_name(a) {
                Some(d) => Some(d),
                None => return unsupported(format!("piece facing {a}"), c.span()),
            },
            _ => None,
        };
        // (a piece without an owner is every player's, one component each; a tile without
        // one is shared, as Ludii)
        let role = match c.typed(self.reg, "roleType") {
            Some(r) => self.role(r)?,
            None if c.id == "tile" => Role::Shared,
            None => Role::Each,
        };
        let owners: Vec<u8> = match role {
            Role::Each => (1..=players).collect(),
            Role::Player(p) => vec![p],
            Role::Neutral => vec![0],
            Role::Shared => vec![players + 1],
            _ => return unsupported("this piece owner", c.span()),
        };
        let mut out = Vec::new();
        for o in owners {
            self.components.push(Component {
                // (Ludii numbers a piece by its owner, but a shared one, a domino or a die, and
                // in a game of one player all but a neutral one: Tower of Hanoi's "Counter9",
                // Pentalpha's "Marker", Theseus's "Minotaur0")
                name: if role == Role::Shared
                    || base.contains("Domino")
                    || base.contains("Die")
                    || (players == 1 && role != Role::Neutral)
                {
                    base.clone()
                } else {
                    format!("{base}{o}")
                },
                base: base.clone(),
                owner: o,
                moves: None,
                facing,
                flips,
                walks: walks.clone(),
                tile: c.id == "tile" && walks.is_empty(),
                paths: paths.clone(),
                pips: None,
            });
            if let Some(m) = moves {
                out.push((self.components.len() - 1, m));
            }
        }
        Ok(out)
    }

    /// A tile's paths: `(path from:a to:b colour:c)` or a list of them.
    fn tile_paths(&mut self, node: &Node) -> R<Vec<TilePath>> {
        let items = match &node.kind {
            NodeKind::List(items) => items.iter().collect(),
            _ => vec![node],
        };
        let mut out = Vec::new();
        for item in items {
            let c = self.call(item, "path")?;
            let mut field = |name: &str, max: i32| -> R<Option<i32>> {
                match c.named(name) {
                    Some(n) => match self.const_int(n)? {
                        v if (0..=max).contains(&v) => Ok(Some(v)),
                        _ => unsupported(format!("path {name}: past {max}"), n.span.clone()),
                    },
                    None => Ok(None),
                }
            };
            // (a side has one slot, Ludii's default: more are not run)
            field("slotsFrom", 0)?;
            field("slotsTo", 0)?;
            let (from, to, colour) = (field("from", 255)?, field("to", 255)?, field("colour", i32::MAX)?);
            let (Some(from), Some(to), Some(colour)) = (from, to, colour) else {
                return invalid("a path needs from:, to: and colour:", c.span());
            };
            out.push(TilePath {
                from: from as u8,
                to: to as u8,
                colour,
            });
        }
        Ok(out)
    }

    /// Turtle walks (a leap's, a large piece's): `{F R F}` (one) or `{{F} {R F}}`.
    pub(super) fn walks(&self, node: &Node) -> R<Vec<Vec<WalkStep>>> {
        let step = |n: &Node| match &n.kind {
            NodeKind::Atom(a) if a == "F" => Ok(WalkStep::F),
            NodeKind::Atom(a) if a == "L" => Ok(WalkStep::L),
            NodeKind::Atom(a) if a == "R" => Ok(WalkStep::R),
            _ => unsupported("this step of a walk", n.span.clone()),
        };
        match &node.kind {
            NodeKind::List(items) if items.iter().all(|i| matches!(i.kind, NodeKind::List(_))) => items
                .iter()
                .map(|w| match &w.kind {
                    NodeKind::List(steps) => steps.iter().map(step).collect(),
                    _ => invalid("expected a walk", w.span.clone()),
                })
                .collect(),
            NodeKind::List(steps) => Ok(vec![steps.iter().map(step).collect::<R<_>>()?]),
            _ => invalid("expected a walk", node.span.clone()),
        }
    }

    /// `(regions [name] [owner] sites)`: a region of the equipment.
    fn regions_item(&mut self, node: &Node) -> R<()> {
        let c = self.call(node, "item")?;
        if c.id != "regions" {
            return unsupported(c.id, c.span());
        }
        let name = match c.typed(self.reg, "string").map(|n| &n.kind) {
            Some(NodeKind::Str(s)) => Some(self.intern(s)),
            _ => None,
        };
        let owner = match c.typed(self.reg, "roleType") {
            Some(r) => match self.role(r)? {
                Role::Player(p) => p,
                // (a region of every player's, as of no one's: read by its name or as a
                // region of the equipment)
                Role::Neutral | Role::Shared | Role::All => 0,
                _ => return unsupported("regions of this owner", r.span.clone()),
            },
            None => 0,
        };
        if let Some(k) = c.typed(self.reg, "regionTypeStatic") {
            // (unnamed, for a puzzle's constraints: each type's regions apart)
            let items: Vec<&Node> = match &k.kind {
                NodeKind::List(items) => items.iter().collect(),
                _ => vec![k],
            };
            let kinds = items
                .into_iter()
                .map(|i| match &i.kind {
                    // (a name only for the hints' regions, whose sites are known here)
                    NodeKind::Atom(a) if name.is_none() || a == "HintRegions" => match a.as_str() {
                        "Rows" => Ok(RegionKind::Rows),
                        "Columns" => Ok(RegionKind::Columns),
                        "SubGrids" => Ok(RegionKind::SubGrids),
                        "AllSites" => Ok(RegionKind::AllSites),
                        "AllDirections" => Ok(RegionKind::AllDirections),
                        "Diagonals" => Ok(RegionKind::Diagonals),
                        "HintRegions" => Ok(RegionKind::HintRegions),
                        _ => unsupported(format!("regions {a}"), i.span.clone()),
                    },
                    _ => unsupported("regions of a static type", i.span.clone()),
                })
                .collect::<R<Vec<_>>>()?;
            // (the union of the hints' regions; the other types' stand for no region by name)
            let region = if kinds.contains(&RegionKind::HintRegions) {
                let mut sites: Vec<u32> = self.puzzle_hints.iter().flat_map(|h| h.0.iter().copied()).collect();
                sites.sort_unstable();
                sites.dedup();
                RegionFn::Sites(sites.into_iter().map(|s| IntFn::Const(s as i32)).collect())
            } else {
                RegionFn::Sites(Vec::new())
            };
            self.regions.push(RegionDef {
                name,
                owner,
                region,
                parts: Vec::new(),
                kinds,
            });
            return Ok(());
        }
        let parts: Vec<&Node> = c
            .positional()
            .into_iter()
            .filter(|n| {
                !matches!(n.kind, NodeKind::Str(_)) && !matches!(&n.kind, NodeKind::Atom(a) if self.role_name(a))
            })
            .collect();
        let mut all = Vec::new();
        for p in parts {
            match &p.kind {
                NodeKind::List(items) if items.iter().all(|i| !matches!(i.kind, NodeKind::Call { .. })) => {
                    all.push(self.region(p)?)
                }
                NodeKind::List(items) => {
                    for i in items {
                        all.push(self.region(i)?);
                    }
                }
                _ => all.push(self.region(p)?),
            }
        }
        let region = match all.len() {
            1 => all[0].clone(),
            _ => RegionFn::Union(all.clone()),
        };
        self.regions.push(RegionDef {
            name,
            owner,
            region,
            parts: all,
            kinds: Vec::new(),
        });
        Ok(())
    }

    /// `(hand owner [size:n])`: a hand per owner, of `n` sites (1 by default).
    pub(super) fn hand(&mut self, node: &Node, players: u8) -> R<()> {
        let c = self.call(node, "item")?;
        if c.id != "other.hand" {
            return unsupported(c.id, c.span());
        }
        let role = match c.typed(self.reg, "roleType") {
            Some(r) => self.role(r)?,
            None => Role::Shared,
        };
        let size = match c.named("size") {
            Some(n) => self.const_int(n)?,
            None => 1,
        };
        if !(0..=1000).contains(&size) {
            return invalid("a hand of 0 to 1000 sites", c.span());
        }
        let owners: Vec<u8> = match role {
            Role::Each => (1..=players).collect(),
            Role::Player(p) => vec![p],
            Role::Shared | Role::All => vec![players + 1],
            _ => return unsupported("a hand of this owner", c.span()),
        };
        for o in owners {
            self.containers.push(ContainerIr {
                name: format!("Hand{o}"),
                owner: o,
                sites: size as u32,
            });
        }
        Ok(())
    }

    /// Whether an atom is a role (`P1`, `Mover`, ..).
    pub(super) fn role_name(&self, a: &str) -> bool {
        matches!(
            a,
            "Neutral" | "Shared" | "Each" | "All" | "Mover" | "Next" | "Prev" | "Player"
        ) || (a.starts_with('P') && a[1..].parse::<u8>().is_ok())
    }
}
