use crate::board::{BoardSpec, Direction, Pt, Relation, SiteType};
use crate::check::Checker;
use crate::ir::*;
use crate::registry::{Param, ParamType, Registry};
use crate::syntax::{classify_atom, Atom, Node, NodeKind};
use std::ops::Range;

/// Why lowering stopped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LowerError {
    #[error("the engine cannot run `{ludeme}` yet")]
    Unsupported { ludeme: String, span: Range<usize> },
    #[error("{message}")]
    Invalid { message: String, span: Range<usize> },
}

impl LowerError {
    pub fn span(&self) -> Range<usize> {
        match self {
            LowerError::Unsupported { span, .. } | LowerError::Invalid { span, .. } => span.clone(),
        }
    }
}

type R<T> = Result<T, LowerError>;

mod board;
mod captures;
mod dice;
mod effects;
mod equipment;
mod graphs;
mod hidden;
mod ints;
mod matches;
mod metadata;
mod movement;
mod operators;
mod puzzles;
mod regions;
mod rules;
mod sowing;
mod space;
mod start;
mod tiles;

/// A call matched to its form.
struct Call<'n> {
    node: &'n Node,
    id: &'static str,
    slots: Vec<(&'static Param, Option<&'n Node>)>,
}

impl<'n> Call<'n> {
    /// The filled slot of this name (or-groups may offer several slots of one name).
    fn named(&self, name: &str) -> Option<&'n Node> {
        self.slots
            .iter()
            .filter(|(p, _)| p.name.as_deref() == Some(name))
            .find_map(|(_, n)| *n)
    }

    /// The first filled unnamed slot whose type is the symbol `id` (or an array of it).
    fn typed(&self, reg: &Registry, id: &str) -> Option<&'n Node> {
        let want = reg.id(id)?;
        self.slots
            .iter()
            .filter(|(p, n)| p.name.is_none() && n.is_some())
            .find(|(p, _)| {
                matches!(&p.ty, ParamType::Sym(s) if *s == want)
                    || matches!(&p.ty, ParamType::Array(b) if matches!(**b, ParamType::Sym(s) if s == want))
            })
            .and_then(|(_, n)| *n)
    }

    /// All filled unnamed slots, in order.
    fn positional(&self) -> Vec<&'n Node> {
        self.slots
            .iter()
            .filter(|(p, n)| p.name.is_none() && n.is_some())
            .filter_map(|(_, n)| *n)
            .collect()
    }

    /// The constant word that selects the form (`Step` in `(move Step ..)`, `Around` in
    /// `(sites Around ..)`), if any.
    fn word(&self, reg: &Registry) -> Option<&'n str> {
        for (p, n) in &self.slots {
            let Some(NodeKind::Atom(a)) = n.map(|n| &n.kind) else {
                continue;
            };
            match &p.ty {
                ParamType::Const(_) => return Some(a),
                ParamType::Sym(s) => {
                    let sym = reg.symbol(*s);
                    if sym.forms.is_empty() && !sym.constants.is_empty() && p.name.is_none() && !is_role_type(sym.id) {
                        return Some(a);
                    }
                }
                _ => {}
            }
        }
        None
    }

    fn span(&self) -> Range<usize> {
        self.node.span.clone()
    }
}

fn is_role_type(id: &str) -> bool {
    matches!(
        id,
        "roleType"
            | "siteType"
            | "absoluteDirection"
            | "relativeDirection"
            | "compassDirection"
            | "relationType"
            | "direction"
            | "directionFacing"
    )
}

pub struct Lowerer {
    reg: &'static Registry,
    ck: Checker<'static>,
    components: Vec<Component>,
    thens: Vec<Moves>,
    names: Vec<String>,
    not_all_pass: bool,
    reads_after_consequents: bool,
    uses_cycles: bool,
    uses_visited: bool,
    uses_last_to: bool,
    uses_last_between: bool,
    meta_swap: bool,
    automove: bool,
    no_repeat: Option<Repetition>,
    /// The kind of `(is Repeat ..)` the rules ask, if any.
    is_repeat: Option<Repetition>,
    /// Whether the rules draw at random (`(value Random ..)`, `(sites Random ..)`).
    draws_random: bool,
    removes_at_end: bool,
    distance_relation: Option<Relation>,
    scores: bool,
    cached_regions: u32,
    memo_ints: u32,
    memo_site_ints: u32,
    /// The regions of the [`RegionFn::Cached`] slots and the functions of the
    /// [`IntFn::MemoSite`] slots, by slot.
    cached_inners: Vec<RegionFn>,
    /// The distinct directions of `is Line`s ([`GameIr::line_dirs`]).
    line_dirs: Vec<(Vec<Direction>, bool)>,
    /// Whether a hidden-information ludeme was lowered ([`GameIr::hidden_info`]).
    hidden_info: bool,
    memo_site_inners: Vec<IntFn>,
    /// The functions behind each [`IntFn::Memo`] slot: equal functions share one slot.
    memo_inners: Vec<IntFn>,
    /// The conditions of the [`BoolFn::Compiled`] slots: equal conditions share one slot.
    conds: Vec<BoolFn>,
    /// The direction functions, by index.
    dir_fns: Vec<DirFn>,
    /// The values of the [`IntFn::Compiled`] slots: equal values share one slot.
    values: Vec<IntFn>,
    /// Ludii's `isStacking`: some lowered ludeme sets the Stacking game flag.
    stacking: bool,
    /// The number of players (known before the rules are lowered).
    players: u8,
    /// Relations named by `count Steps` (for the single distance table).
    distance_requests: Vec<Relation>,
    /// Per player (index 0 unused), the direction it faces, if given.
    facing: Vec<Option<crate::board::Dir>>,
    /// The regions of the equipment.
    regions: Vec<RegionDef>,
    /// The geometry regions used, by slot.
    geometry: Vec<BoardRegion>,
    /// The board's site type (known once the board is lowered).
    site_type: SiteType,
    /// The other site types the rules use (see [`GameIr::other_types`]).
    other_types: Vec<SiteType>,
    /// Whether the board is `(boardless ..)`.
    boardless: bool,
    /// The containers after the board.
    containers: Vec<ContainerIr>,
    /// The dice containers (see [`ContainerIr`]).
    dice: Vec<DiceIr>,
    /// Ludii's `requiresCount` (see [`GameIr::requires_count`]).
    requires_count: bool,
    /// The board's tracks, as written.
    tracks: Vec<crate::board::TrackSpec>,
    /// The equipment's maps.
    maps: Vec<MapDef>,
    /// Lowering only what places the start position (`ludeme render` of a game whose
    /// rules the engine cannot run): pieces' moves, meta rules, play and end are left out.
    start_only: bool,
    /// A deduction puzzle's values (`(board .. (values Cell (range a b)))`): the least, and
    /// the component showing it (each value one component, named by it, after the pieces).
    puzzle_values: Option<(i32, u16)>,
    /// The constraints of a puzzle's `(satisfy ..)`.
    puzzle_constraints: Vec<BoolFn>,
    /// The sites a puzzle's start rules set.
    puzzle_given: Vec<u32>,
    /// A puzzle's hints.
    puzzle_hints: Vec<(Vec<u32>, Option<i32>)>,
    puzzle_typed_hints: Vec<(SiteType, Vec<u32>, Option<i32>)>,
    /// The range of a puzzle's values, until its components are made.
    puzzle_range: Option<(i32, i32)>,
    /// Whether the description sets teams anywhere (a game with teams); each player's team.
    team_game: bool,
    teams: Vec<u8>,
    /// The consequents applied after all moves of a joint move ([`GameIr::after_all_moves`]).
    after_all_moves: Vec<u32>,
}

/// Lower a checked `(game ..)` tree.
pub use metadata::lower_looks;

pub fn lower_game(game: &Node) -> R<GameIr> {
    Lowerer::new().game(game)
}

/// Lower a checked `(match ..)` tree: its own context and its subgames (None: the tree is
/// a game, see [`lower_game`]).
pub fn lower_match(game: &Node) -> Option<R<MatchIr>> {
    (Lowerer::head(game) == Some("match")).then(|| Lowerer::new().match_ir(game))
}

/// Lower what sets up a game's start position (players, equipment, start rules), whatever
/// its play, end and pieces' moves use: the rules are a pass and no end.
pub fn lower_game_start(game: &Node) -> R<GameIr> {
    let mut l = Lowerer::new();
    l.start_only = true;
    l.game(game)
}

/// The tracks declared by the board of a checked `(game ..)` tree, as written (built on the
/// board by [`crate::board::Board::track`]).
pub fn lower_board_tracks(game: &Node) -> R<Vec<crate::board::TrackSpec>> {
    let mut l = Lowerer::new();
    let c = l.call(game, "game")?;
    let Some(equipment) = c.typed(l.reg, "equipment") else {
        return Ok(Vec::new());
    };
    let ec = l.call(equipment, "equipment")?;
    let Some(NodeKind::List(items)) = ec.positional().first().map(|n| &n.kind) else {
        return Ok(Vec::new());
    };
    match items
        .iter()
        .find(|i| matches!(Lowerer::head(i), Some("board" | "mancalaBoard" | "surakartaBoard")))
    {
        Some(board) if Lowerer::head(board) == Some("surakartaBoard") => {
            l.surakarta_board(board).map(|(_, _, tracks)| tracks)
        }
        Some(board) => l.board_tracks(board),
        None => Ok(Vec::new()),
    }
}

/// The layout of a checked `(game ..)` tree: its board (graph and site type) and the
/// containers after it (hands, then dice) as Ludii names them, whatever the rules use. For
/// `ludeme board`.
pub fn lower_layout(game: &Node) -> R<(BoardSpec, SiteType, Vec<ContainerIr>)> {
    let (spec, site_type) = lower_board(game)?;
    let mut l = Lowerer::new();
    let c = l.call(game, "game")?;
    // (a game Ludii lets have no players, Game of Life, still has a board)
    let players = c.typed(l.reg, "players").and_then(|p| l.players(p).ok()).unwrap_or(0);
    l.players = players;
    if let Some(equipment) = c.typed(l.reg, "equipment") {
        let ec = l.call(equipment, "equipment")?;
        if let Some(NodeKind::List(items)) = ec.positional().first().map(|n| &n.kind) {
            let dice = l.dice_items(items, players)?;
            for item in items.iter().filter(|i| Lowerer::head(i) == Some("hand")) {
                l.hand(item, players)?;
            }
            l.dice_containers(dice, players);
        }
    }
    // Ludii names the shared hand after its owner, 0
    for k in &mut l.containers {
        if k.owner == players + 1 && k.name.starts_with("Hand") {
            k.name = "Hand0".into();
        }
    }
    Ok((spec, site_type, l.containers))
}

/// A subgame of a match: the name of its description and the option it is played with.
#[derive(Clone, Debug, PartialEq)]
pub struct Subgame {
    pub name: String,
    pub option: Option<String>,
}

/// The subgames of a checked `(match ..)` tree, in order (None: the tree is not a match).
pub fn match_subgames(game: &Node) -> Option<Vec<Subgame>> {
    let NodeKind::Call { head, args, .. } = &game.kind else {
        return None;
    };
    if head != "match" {
        return None;
    }
    let games = args.iter().filter(|a| Lowerer::head(a) == Some("games"));
    let subgames = games.flat_map(|g| match &g.kind {
        NodeKind::Call { args, .. } => flatten(&args.iter().collect::<Vec<_>>()),
        _ => Vec::new(),
    });
    let out = subgames.filter_map(|n| {
        let NodeKind::Call { head, args, .. } = &n.kind else {
            return None;
        };
        let mut strings = args.iter().filter_map(|a| match &a.kind {
            NodeKind::Str(s) => Some(s.clone()),
            _ => None,
        });
        (head == "subgame").then(|| {
            Some(Subgame {
                name: strings.next()?,
                option: strings.next(),
            })
        })?
    });
    Some(out.collect())
}

/// Lower only the board of a checked `(game ..)` tree: its graph and site type, whatever
/// the rest of the game uses (tracks and values of the board are ignored: they add no sites).
pub fn lower_board(game: &Node) -> R<(BoardSpec, SiteType)> {
    if Lowerer::head(game) == Some("match") {
        return unsupported(
            "(match ..) of subgames (each subgame's description has its board)",
            game.span.clone(),
        );
    }
    let mut l = Lowerer::new();
    let c = l.call(game, "game")?;
    let equipment = c.typed(l.reg, "equipment").ok_or_else(|| LowerError::Invalid {
        message: "no equipment".into(),
        span: c.span(),
    })?;
    let ec = l.call(equipment, "equipment")?;
    let items = match ec.positional().first().map(|n| &n.kind) {
        Some(NodeKind::List(items)) => items,
        _ => return invalid("expected a list of items", ec.span()),
    };
    for item in items {
        match Lowerer::head(item) {
            Some("board") => return l.board_graph(item),
            Some("mancalaBoard") => return l.mancala_board(item),
            Some("boardless") => return l.boardless(item),
            Some("surakartaBoard") => return l.surakarta_board(item).map(|(spec, ty, _)| (spec, ty)),
            _ => {}
        }
    }
    invalid("no board", ec.span())
}

impl Lowerer {
    fn new() -> Lowerer {
        let reg = Registry::global();
        Lowerer {
            reg,
            ck: Checker::new(reg),
            components: vec![Component {
                name: String::new(),
                base: String::new(),
                owner: 0,
                ..Component::default()
            }],
            thens: Vec::new(),
            names: Vec::new(),
            not_all_pass: false,
            reads_after_consequents: false,
            uses_cycles: false,
            uses_visited: false,
            uses_last_to: false,
            uses_last_between: false,
            meta_swap: false,
            automove: false,
            no_repeat: None,
            is_repeat: None,
            draws_random: false,
            removes_at_end: false,
            distance_relation: None,
            scores: false,
            cached_regions: 0,
            memo_ints: 0,
            memo_site_ints: 0,
            cached_inners: Vec::new(),
            line_dirs: Vec::new(),
            hidden_info: false,
            memo_site_inners: Vec::new(),
            memo_inners: Vec::new(),
            conds: Vec::new(),
            dir_fns: Vec::new(),
            values: Vec::new(),
            stacking: false,
            players: 0,
            start_only: false,
            puzzle_values: None,
            puzzle_constraints: Vec::new(),
            puzzle_given: Vec::new(),
            puzzle_hints: Vec::new(),
            puzzle_typed_hints: Vec::new(),
            puzzle_range: None,
            team_game: false,
            teams: Vec::new(),
            after_all_moves: Vec::new(),
            distance_requests: Vec::new(),
            facing: Vec::new(),
            regions: Vec::new(),
            geometry: Vec::new(),
            site_type: SiteType::Cell,
            other_types: Vec::new(),
            boardless: false,
            containers: Vec::new(),
            dice: Vec::new(),
            requires_count: false,
            tracks: Vec::new(),
            maps: Vec::new(),
        }
    }
}

/// Arguments with lists spread out: `(or {a b} c)` gives a, b, c.
fn flatten<'n>(pos: &[&'n Node]) -> Vec<&'n Node> {
    let mut out = Vec::new();
    for n in pos {
        match &n.kind {
            NodeKind::List(items) => out.extend(items.iter()),
            _ => out.push(*n),
        }
    }
    out
}

/// Argument `i` of a call's arguments, as an error instead of a panic if it is absent.
fn nth<'n>(args: &[&'n Node], i: usize, span: Range<usize>) -> R<&'n Node> {
    args.get(i).copied().ok_or(LowerError::Invalid {
        message: format!("an argument is missing (argument {})", i + 1),
        span,
    })
}

/// A slot the matched form guarantees, as an error instead of a panic if it is absent.
fn req<'n>(n: Option<&'n Node>, c: &Call) -> R<&'n Node> {
    n.ok_or_else(|| LowerError::Invalid {
        message: format!("incomplete `{}`", c.id),
        span: c.span(),
    })
}

fn unsupported<T>(what: impl Into<String>, span: Range<usize>) -> R<T> {
    Err(LowerError::Unsupported {
        ludeme: what.into(),
        span,
    })
}

impl Lowerer {
    /// A ludeme's `<siteType>` argument, where only the board's own site type is run (the
    /// same as none: Ludii's default): refused as `what` when it names another.
    /// Whether `c` names a site type other than the board's (the board's own is the
    /// default, as if none were named).
    fn other_site_type(&self, c: &Call) -> bool {
        c.typed(self.reg, "siteType")
            .is_some_and(|t| !matches!(&t.kind, NodeKind::Atom(a) if SiteType::from_name(a) == Some(self.site_type)))
    }

    /// Another site type than the board's that the rules use: the state keeps its sites.
    fn use_type(&mut self, t: SiteType) -> SiteType {
        if t != self.site_type && !self.other_types.contains(&t) {
            self.other_types.push(t);
        }
        t
    }

    /// The other site type a call names (as [`Self::other_type_of`]), now in use.
    fn typed_call(&mut self, c: &Call) -> Option<SiteType> {
        let t = self.other_type_of(c)?;
        Some(self.use_type(t))
    }

    fn board_site_type_only(&self, c: &Call, what: &str) -> R<()> {
        match c.typed(self.reg, "siteType") {
            Some(t) if !matches!(&t.kind, NodeKind::Atom(a) if SiteType::from_name(a) == Some(self.site_type)) => {
                unsupported(what, t.span.clone())
            }
            _ => Ok(()),
        }
    }
}

/// Whether a tree holds a call `(head word ..)` anywhere.
pub(super) fn holds_call(node: &Node, head: &str, word: &str) -> bool {
    match &node.kind {
        NodeKind::Call { head: h, args, .. } => {
            (h == head && matches!(args.first().map(|a| &a.kind), Some(NodeKind::Atom(a)) if a == word))
                || args.iter().any(|a| holds_call(a, head, word))
        }
        NodeKind::List(items) => items.iter().any(|a| holds_call(a, head, word)),
        _ => false,
    }
}

fn invalid<T>(message: impl Into<String>, span: Range<usize>) -> R<T> {
    Err(LowerError::Invalid {
        message: message.into(),
        span,
    })
}

impl Lowerer {
    fn call<'n>(&mut self, node: &'n Node, ty: &str) -> R<Call<'n>> {
        let t = self.reg.id(ty).expect("lowering names declared symbols");
        let r = self.ck.resolve(node, &ParamType::Sym(t));
        let Some(r) = r else {
            return invalid(format!("expected <{ty}>, found {}", node.describe()), node.span.clone());
        };
        let sym = self.reg.symbol(r.symbol);
        let form = &sym.forms[r.form];
        let slots = form.params.iter().zip(r.slots).collect();
        Ok(Call {
            node,
            id: sym.id,
            slots,
        })
    }

    fn head(node: &Node) -> Option<&str> {
        match &node.kind {
            NodeKind::Call { head, .. } => Some(head),
            _ => None,
        }
    }

    fn intern(&mut self, s: &str) -> u16 {
        if let Some(i) = self.names.iter().position(|n| n == s) {
            return i as u16;
        }
        self.names.push(s.to_string());
        (self.names.len() - 1) as u16
    }

    // ---------------------------------------------------------------- game structure

    fn game(&mut self, node: &Node) -> R<GameIr> {
        let c = self.call(node, "game")?;
        if c.id != "game" {
            return unsupported("match", c.span());
        }
        let name = match c.positional().first().map(|n| &n.kind) {
            Some(NodeKind::Str(s)) => s.clone(),
            _ => String::new(),
        };
        let players_node = c.typed(self.reg, "players").ok_or_else(|| LowerError::Invalid {
            message: "no players".into(),
            span: c.span(),
        })?;
        let players = self.players(players_node)?;
        self.players = players;
        // (roles by team mean what they do from the first rule on: teams are known first)
        self.team_game = holds_call(node, "set", "Team");
        if self.team_game {
            self.teams = (0..=players).collect();
        }
        let simultaneous = match c.typed(self.reg, "mode") {
            None => false,
            Some(m) => match self.call(m, "mode")?.word(self.reg) {
                Some("Alternating") => false,
                Some("Simultaneous") => true,
                _ if self.start_only => false,
                _ => return unsupported("mode of this type", m.span.clone()),
            },
        };
        let equipment = c.typed(self.reg, "equipment").ok_or_else(|| LowerError::Invalid {
            message: "no equipment".into(),
            span: c.span(),
        })?;
        let (board, site_type) = self.equipment(equipment, players)?;
        let rules = c.typed(self.reg, "rules.rules").ok_or_else(|| LowerError::Invalid {
            message: "no rules".into(),
            span: c.span(),
        })?;
        let rc = self.call(rules, "rules.rules")?;
        if let Some(m) = rc.typed(self.reg, "meta").filter(|_| !self.start_only) {
            self.meta(m)?;
        }
        let start = match rc.typed(self.reg, "start") {
            Some(s) => self.start(s)?,
            None => Vec::new(),
        };
        let play_node = rc.typed(self.reg, "play");
        let (play, phases) = match rc.named("phases") {
            _ if self.start_only => (Moves::new(MovesKind::Pass, None), Vec::new()),
            Some(list) => {
                let phases = self.phases(list, play_node)?;
                let play = phases
                    .first()
                    .map(|p| p.play.clone())
                    .ok_or_else(|| LowerError::Invalid {
                        message: "no phase".into(),
                        span: rc.span(),
                    })?;
                (play, phases)
            }
            None => {
                let play_node = play_node.ok_or_else(|| LowerError::Invalid {
                    message: "no play".into(),
                    span: rc.span(),
                })?;
                let pc = self.call(play_node, "play")?;
                (self.moves(nth(&pc.positional(), 0, pc.span())?)?, Vec::new())
            }
        };
        let end = match rc.typed(self.reg, "end").filter(|_| !self.start_only) {
            Some(e) => self.end(e)?,
            None => Vec::new(),
        };
        let mut ir = self.finish(name, players, (board, site_type), start, play, phases, end)?;
        ir.simultaneous = simultaneous;
        Ok(ir)
    }

    /// The lowered game, from its parts and what lowering them gathered (tables, flags).
    #[allow(clippy::too_many_arguments)]
    fn finish(
        &mut self,
        name: String,
        players: u8,
        (board, site_type): (BoardSpec, SiteType),
        start: Vec<StartRule>,
        play: Moves,
        phases: Vec<PhaseIr>,
        end: Vec<EndRule>,
    ) -> R<GameIr> {
        let stacking = self.stacking;
        let puzzle = self.puzzle_values.map(|(min, first_component)| Puzzle {
            min,
            max: min + (self.components.len() as i32 - first_component as i32) - 1,
            first_component,
            given: std::mem::take(&mut self.puzzle_given),
            hints: std::mem::take(&mut self.puzzle_hints),
            typed_hints: std::mem::take(&mut self.puzzle_typed_hints),
            constraints: std::mem::take(&mut self.puzzle_constraints),
        });
        if let (Some(a), Some(b)) = (self.no_repeat, self.is_repeat) {
            if a != b {
                return unsupported("is Repeat of another kind than the meta rule no Repeat", 0..0);
            }
        }
        Ok(GameIr {
            name,
            other_types: std::mem::take(&mut self.other_types),
            looks: Looks::default(),
            players,
            board,
            tracks: std::mem::take(&mut self.tracks),
            facing: std::mem::take(&mut self.facing),
            regions: std::mem::take(&mut self.regions),
            maps: std::mem::take(&mut self.maps),
            geometry: std::mem::take(&mut self.geometry),
            // (hands require counts; dice do not)
            requires_count: self.requires_count || self.containers.len() > self.dice.len(),
            containers: std::mem::take(&mut self.containers),
            dice: std::mem::take(&mut self.dice),
            site_type,
            components: std::mem::take(&mut self.components),
            stacking,
            start,
            teams: std::mem::take(&mut self.teams),
            play,
            end,
            phases,
            thens: std::mem::take(&mut self.thens),
            names: std::mem::take(&mut self.names),
            scores: self.scores,
            not_all_pass: self.not_all_pass,
            reads_after_consequents: self.reads_after_consequents,
            uses_cycles: self.uses_cycles,
            uses_visited: self.uses_visited,
            uses_last_to: self.uses_last_to,
            uses_last_between: self.uses_last_between,
            meta_swap: self.meta_swap,
            automove: self.automove,
            no_repeat: self.no_repeat,
            records: self.no_repeat.or(self.is_repeat),
            draws_random: self.draws_random,
            removes_at_end: self.removes_at_end,
            distance_relation: self.distance_relation,
            cached_regions: self.cached_regions,
            memo_ints: self.memo_ints,
            memo_site_ints: self.memo_site_ints,
            conds: std::mem::take(&mut self.conds),
            values: std::mem::take(&mut self.values),
            dir_fns: std::mem::take(&mut self.dir_fns),
            line_dirs: std::mem::take(&mut self.line_dirs),
            hidden_info: self.hidden_info,
            puzzle,
            simultaneous: false,
            after_all_moves: std::mem::take(&mut self.after_all_moves),
        })
    }

    fn const_int(&mut self, node: &Node) -> R<i32> {
        match &node.kind {
            NodeKind::Atom(a) => match classify_atom(a) {
                Atom::Int(i) => Ok(i),
                _ => invalid("expected a whole number", node.span.clone()),
            },
            NodeKind::Call { head, args, .. }
                if args.len() == 2 && matches!(head.as_str(), "+" | "-" | "*" | "/" | "^") =>
            {
                let (a, b) = (self.const_int(&args[0])?, self.const_int(&args[1])?);
                let v = match head.as_str() {
                    "+" => a.checked_add(b),
                    "-" => a.checked_sub(b),
                    "*" => a.checked_mul(b),
                    // (Ludii's power of doubles, truncated)
                    "^" => {
                        let p = (a as f64).powf(b as f64);
                        (p.abs() < i32::MAX as f64).then_some(p as i32)
                    }
                    _ => a.checked_div(b),
                };
                v.ok_or_else(|| LowerError::Invalid {
                    message: "board dimension out of range".into(),
                    span: node.span.clone(),
                })
            }
            // the list forms: a sum from 0, a product from 1
            NodeKind::Call { head, args, .. }
                if args.len() == 1
                    && matches!(head.as_str(), "+" | "*")
                    && matches!(args[0].kind, NodeKind::List(_)) =>
            {
                let mut acc = Some(if head == "+" { 0i32 } else { 1 });
                for v in self.const_ints(&args[0])? {
                    acc = acc.and_then(|a| {
                        if head == "+" {
                            a.checked_add(v)
                        } else {
                            a.checked_mul(v)
                        }
                    });
                }
                acc.ok_or_else(|| LowerError::Invalid {
                    message: "board dimension out of range".into(),
                    span: node.span.clone(),
                })
            }
            _ => match self.int(node)? {
                IntFn::Const(i) => Ok(i),
                _ => unsupported("computed board dimensions", node.span.clone()),
            },
        }
    }

    /// Whether a list's items are lists (`{{..} ..}`).
    fn nested(node: &Node) -> bool {
        matches!(&node.kind, NodeKind::List(items) if items.iter().any(|i| matches!(i.kind, NodeKind::List(_))))
    }

    /// Each item of a list, lowered by `f`.
    fn list_of<T>(&mut self, node: &Node, mut f: impl FnMut(&mut Self, &Node) -> R<T>) -> R<Vec<T>> {
        match &node.kind {
            NodeKind::List(items) => items.iter().map(|i| f(self, i)).collect(),
            _ => invalid("expected a list", node.span.clone()),
        }
    }

    /// Non-negative whole numbers (indices of graph elements).
    fn const_indices(&mut self, node: &Node) -> R<Vec<u32>> {
        let v = self.const_ints(node)?;
        if v.iter().any(|&i| i < 0) {
            return invalid("expected indices", node.span.clone());
        }
        Ok(v.into_iter().map(|i| i as u32).collect())
    }

    /// A number as Ludii reads a `Float` argument: 32-bit, and `(+ a b)`, `(- a b)`,
    /// `(* a b)`, `(/ a b)` of constants computed in 32-bit floats, as Ludii's float ludemes.
    fn const_float(&mut self, node: &Node) -> R<f64> {
        fn eval(node: &Node) -> Option<f32> {
            match &node.kind {
                NodeKind::Atom(a) => match classify_atom(a) {
                    Atom::Int(i) => Some(i as f32),
                    Atom::Float(x) => Some(x),
                    _ => None,
                },
                // the list forms: a sum from 0, a product from 1, in 32-bit floats
                NodeKind::Call { head, args, .. } if args.len() == 1 && matches!(head.as_str(), "+" | "*") => {
                    let NodeKind::List(items) = &args[0].kind else {
                        return None;
                    };
                    let mut acc = if head == "+" { 0.0f32 } else { 1.0 };
                    for i in items {
                        let v = eval(i)?;
                        acc = if head == "+" { acc + v } else { acc * v };
                    }
                    Some(acc)
                }
                NodeKind::Call { head, args, .. } if args.len() == 2 => {
                    let (a, b) = (eval(&args[0])?, eval(&args[1])?);
                    match head.as_str() {
                        "+" => Some(a + b),
                        "-" => Some(a - b),
                        "*" => Some(a * b),
                        "/" if b != 0.0 => Some(a / b),
                        _ => None,
                    }
                }
                _ => None,
            }
        }
        match eval(node) {
            Some(x) => Ok(x as f64),
            None => unsupported("computed board coordinates", node.span.clone()),
        }
    }

    /// `{{x y} ..}`: points (a third coordinate is ignored: boards are flat).
    fn const_points(&mut self, node: &Node) -> R<Vec<Pt>> {
        self.list_of(node, |l, p| match &p.kind {
            NodeKind::List(xy) if xy.len() >= 2 => Ok(Pt::new(l.const_float(&xy[0])?, l.const_float(&xy[1])?)),
            _ => invalid("expected a point {x y}", p.span.clone()),
        })
    }

    fn const_ints(&mut self, node: &Node) -> R<Vec<i32>> {
        match &node.kind {
            NodeKind::List(items) => items.iter().map(|i| self.const_int(i)).collect(),
            _ => invalid("expected a list of numbers", node.span.clone()),
        }
    }

    pub(super) fn role(&mut self, node: &Node) -> R<Role> {
        let NodeKind::Atom(a) = &node.kind else {
            return invalid("expected a role", node.span.clone());
        };
        let a = crate::check::upper_initial_or_same(a);
        Ok(match a.as_str() {
            "Mover" => Role::Mover,
            "Next" => Role::Next,
            "Prev" => Role::Prev,
            "Neutral" => Role::Neutral,
            "Shared" => Role::Shared,
            "Each" => Role::Each,
            "All" => Role::All,
            "NonMover" => Role::NonMover,
            "Enemy" => Role::Enemy,
            "Friend" => Role::Friend,
            "Ally" => Role::Ally,
            "TeamMover" => Role::TeamMover,
            t if t.starts_with("Team") && t[4..].parse::<u8>().is_ok_and(|k| (1..=16).contains(&k)) => {
                Role::Team(t[4..].parse().unwrap_or(1))
            }
            "Player" => Role::Iterated,
            p if p.starts_with('P') && p[1..].parse::<u8>().is_ok() => Role::Player(p[1..].parse().unwrap_or(1)),
            other => return unsupported(format!("role {other}"), node.span.clone()),
        })
    }

    fn start(&mut self, node: &Node) -> R<Vec<StartRule>> {
        let c = self.call(node, "start")?;
        let pos = c.positional();
        let items: Vec<&Node> = match pos.first().map(|n| &n.kind) {
            Some(NodeKind::List(items)) => items.iter().collect(),
            Some(_) => vec![nth(&pos, 0, c.span())?],
            None => vec![],
        };
        self.start_rules(items)
    }

    /// Start rules, in order.
    fn start_rules(&mut self, items: Vec<&Node>) -> R<Vec<StartRule>> {
        let mut out = Vec::new();
        for it in items {
            let sc = self.call(it, "startRule")?;
            match (sc.id, sc.word(self.reg)) {
                ("deductionPuzzle.set", _) => out.extend(self.puzzle_set(&sc)?),
                ("forEach.forEach", Some("Value")) => {
                    let (Some(min), Some(max)) = (sc.named("min"), sc.named("max")) else {
                        return unsupported("a start forEach Value without min: and max:", sc.span());
                    };
                    let body = sc
                        .positional()
                        .into_iter()
                        .filter(|n| !matches!(&n.kind, NodeKind::Atom(a) if a == "Value"))
                        .collect();
                    out.push(StartRule::ForEachValue {
                        min: self.int(min)?,
                        max: self.int(max)?,
                        body: self.start_rules(body)?,
                    });
                }
                ("start.set.set", Some("Amount")) => {
                    let role = match sc.typed(self.reg, "roleType") {
                        Some(r) => self.role(r)?,
                        None => Role::Each,
                    };
                    let v = req(sc.typed(self.reg, "int"), &sc)?;
                    out.push(StartRule::SetAmount {
                        role,
                        value: self.int(v)?,
                    });
                }
                ("start.set.set", Some("Score")) => {
                    let role = match sc.typed(self.reg, "roleType") {
                        Some(r) => self.role(r)?,
                        None => Role::Each,
                    };
                    let v = sc.typed(self.reg, "int").ok_or_else(|| LowerError::Invalid {
                        message: "no value".into(),
                        span: sc.span(),
                    })?;
                    self.scores = true;
                    out.push(StartRule::SetScore {
                        role,
                        value: self.int(v)?,
                    });
                }
                // (a number is a site, not a word)
                ("place", w) if w.is_none_or(|w| w.parse::<i32>().is_ok()) => out.push(self.start_place(&sc)?),
                ("place", Some("Stack")) => out.push(self.start_place_stack(&sc)?),
                ("place", Some("Random")) => out.push(self.start_place_random(&sc)?),
                ("start.set.set", Some("RememberValue")) => {
                    let list = self.remembered_list(&sc);
                    let what = match (sc.typed(self.reg, "int"), sc.typed(self.reg, "sites")) {
                        (Some(n), _) | (None, Some(n)) => n,
                        (None, None) => return invalid("set RememberValue needs a value or sites", sc.span()),
                    };
                    let (value, region) = self.site_or_region(what)?;
                    let unique = self.flag(sc.named("unique"))?;
                    out.push(StartRule::Remember {
                        list,
                        value,
                        region,
                        unique,
                    });
                }
                ("start.deal", Some("Dominoes")) => {
                    let n = sc
                        .positional()
                        .into_iter()
                        .find(|n| !matches!(&n.kind, NodeKind::Atom(a) if a == "Dominoes"));
                    out.push(StartRule::DealDominoes {
                        count: n.map(|n| self.const_int(n)).transpose()?.unwrap_or(1),
                    })
                }
                ("start.set.set", Some("Team")) => self.set_team(&sc)?,
                ("start.set.set", Some("Cost")) => out.push(self.start_set_cost(&sc)?),
                ("start.set.set", Some("Hidden")) => out.push(StartRule::SetHidden(Box::new(self.set_hidden(&sc)?))),
                ("start.set.set", None) if sc.typed(self.reg, "roleType").is_some() => {
                    out.extend(self.start_set_role(&sc)?);
                }
                ("start.set.set", Some("Count")) => {
                    self.board_site_type_only(&sc, "set Count on another site type than the board's")?;
                    self.requires_count = true;
                    let count = self.int(req(sc.typed(self.reg, "int"), &sc)?)?;
                    let (site, region) = match (sc.named("at"), sc.named("to")) {
                        (Some(at), _) => (Some(self.int(at)?), None),
                        (None, Some(to)) => self.site_or_region(to)?,
                        (None, None) => return invalid("set Count needs at: or to:", sc.span()),
                    };
                    out.push(StartRule::SetCount { count, site, region });
                }
                // (the start position alone: settings that place nothing, teams, costs,
                // hidden information, are left out)
                ("start.set.set", _) if self.start_only => {}
                (id, w) => return unsupported(w.map(|w| format!("{id} {w}")).unwrap_or(id.to_string()), sc.span()),
            }
        }
        Ok(out)
    }

    pub(super) fn end(&mut self, node: &Node) -> R<Vec<EndRule>> {
        let c = self.call(node, "end")?;
        let pos = c.positional();
        let items: Vec<&Node> = match pos.first().map(|n| &n.kind) {
            Some(NodeKind::List(items)) => items.iter().collect(),
            Some(_) => vec![nth(&pos, 0, c.span())?],
            None => vec![],
        };
        items.into_iter().map(|i| self.end_rule(i)).collect()
    }

    fn end_rule(&mut self, node: &Node) -> R<EndRule> {
        let c = self.call(node, "endRule")?;
        if c.id == "end.forEach" {
            let role = match c.typed(self.reg, "roleType") {
                Some(r) => self.role(r)?,
                None if c
                    .positional()
                    .iter()
                    .any(|n| matches!(&n.kind, NodeKind::Atom(a) if a == "Track")) =>
                {
                    return unsupported("end forEach Track", c.span())
                }
                None => Role::Shared,
            };
            let cond = self.condition(req(c.named("if"), &c)?)?;
            let result = self.result(req(c.typed(self.reg, "result"), &c)?)?;
            return Ok(EndRule {
                for_each: Some(role),
                cond,
                subs: Vec::new(),
                result: Some(result),
            });
        }
        if c.id != "end.if" {
            return unsupported(c.id, c.span());
        }
        let pos = c.positional();
        let cond = self.condition(nth(&pos, 0, c.span())?)?;
        let mut subs = Vec::new();
        let mut result = None;
        for n in &pos[1..] {
            match &n.kind {
                NodeKind::List(items) => {
                    for i in items {
                        subs.push(self.end_rule(i)?);
                    }
                }
                NodeKind::Call { head, .. } if head == "if" => subs.push(self.end_rule(n)?),
                _ => result = Some(self.result(n)?),
            }
        }
        Ok(EndRule {
            for_each: None,
            cond,
            subs,
            result,
        })
    }

    fn result(&mut self, node: &Node) -> R<EndResult> {
        let c = self.call(node, "result")?;
        match c.id {
            "result" => {
                let pos = c.positional();
                let role = self.role(nth(&pos, 0, c.span())?)?;
                let NodeKind::Atom(o) = &nth(&pos, 1, c.span())?.kind else {
                    return invalid("expected a result", nth(&pos, 1, c.span())?.span.clone());
                };
                let outcome = match o.as_str() {
                    "Win" => Outcome::Win,
                    "Loss" => Outcome::Loss,
                    "Draw" => Outcome::Draw,
                    "Tie" => Outcome::Tie,
                    other => return unsupported(format!("result {other}"), nth(&pos, 1, c.span())?.span.clone()),
                };
                Ok(EndResult::Result(role, outcome))
            }
            "byScore" => {
                self.scores = true;
                let mut finals = Vec::new();
                for n in c.positional() {
                    let NodeKind::List(items) = &n.kind else {
                        return invalid("expected a list of scores", n.span.clone());
                    };
                    for item in items {
                        let sc = self.call(item, "end.score")?;
                        let pos = sc.positional();
                        let role = self.role(nth(&pos, 0, sc.span())?)?;
                        finals.push((role, self.int(nth(&pos, 1, sc.span())?)?));
                    }
                }
                let misere = c.named("misere").map(|n| self.boolean(n)).transpose()?;
                Ok(EndResult::ByScore { finals, misere })
            }
            other => unsupported(other, c.span()),
        }
    }

    // ---------------------------------------------------------------- moves

    fn then_of(&mut self, c: &Call) -> R<Option<u32>> {
        let Some(t) = c.typed(self.reg, "then") else {
            return Ok(None);
        };
        let tc = self.call(t, "then")?;
        let after_all = self.flag(tc.named("applyAfterAllMoves"))?;
        let body = nth(&tc.positional(), 0, tc.span())?;
        let m = self.moves(body)?;
        // equal consequents (a define used twice) share one entry, so equal generators
        // compare equal
        let flagged = |l: &Lowerer, i: usize| l.after_all_moves.contains(&(i as u32)) == after_all;
        if let Some(i) = (0..self.thens.len()).find(|&i| self.thens[i] == m && flagged(self, i)) {
            return Ok(Some(i as u32));
        }
        self.thens.push(m);
        let i = (self.thens.len() - 1) as u32;
        if after_all {
            self.after_all_moves.push(i);
        }
        Ok(Some(i))
    }

    fn moves(&mut self, node: &Node) -> R<Moves> {
        let c = self.call(node, "moves")?;
        let then = self.then_of(&c)?;
        let word = c.word(self.reg);
        let kind = match (c.id, word) {
            ("move", Some("Pass")) | ("pass", _) => {
                // (one player who may pass does not end the game by passing: Ludii's
                // `NotAllPass`, which a pass of a game of one player sets)
                self.not_all_pass |= self.players == 1;
                MovesKind::Pass
            }
            // (a claim is an add without counts, stacks or effects: the grammar has none; of
            // the mover's own component by default, as an add)
            ("move", Some("Add" | "Claim")) | ("effect.add", _) | ("claim", _) => {
                let (piece, state) = match c.typed(self.reg, "moves.piece") {
                    Some(p) => {
                        let state = match self.call(p, "moves.piece")?.named("state") {
                            Some(n) => Some(self.int(n)?),
                            None => None,
                        };
                        (Some(self.piece_fn(p)?), state)
                    }
                    None => (None, None),
                };
                let to = self.place(req(c.typed(self.reg, "moves.to"), &c)?, "moves.to")?;
                let count = match c.named("count") {
                    Some(n) => Some(self.value(n)?),
                    None => None,
                };
                // (an add of another count than 1 makes counts matter, as in Ludii)
                self.requires_count |= !matches!(count, None | Some(IntFn::Const(1)));
                let stack = self.flag(c.named("stack"))?;
                self.stacking |= stack;
                MovesKind::Add {
                    piece,
                    state,
                    to,
                    count,
                    stack,
                    decision: c.id == "move",
                }
            }
            ("move", Some("Slide")) | ("slide", _) => self.slide(&c)?,
            ("custodial", _) => self.custodial(&c)?,
            ("intervene", _) => self.intervene(&c)?,
            ("directional", _) => self.directional(&c)?,
            ("surround", _) => self.surround(&c)?,
            ("enclose", _) => self.enclose(&c)?,
            ("trigger", _) => self.trigger(&c)?,
            ("take", _) => self.take(&c)?,
            ("while", _) => {
                let pos = c.positional();
                MovesKind::While(
                    Box::new(self.condition(nth(&pos, 0, c.span())?)?),
                    Box::new(self.moves(nth(&pos, 1, c.span())?)?),
                )
            }
            // (a message to a player: it changes nothing in the state; by default to the mover)
            ("note", _) => MovesKind::Note(match c.named("to") {
                Some(n) if matches!(&n.kind, NodeKind::Atom(a) if a == "All") => None,
                Some(n) if matches!(n.kind, NodeKind::Atom(_)) => Some(IntFn::RolePlayer(self.role(n)?)),
                Some(n) => Some(self.player_index(n)?),
                None => Some(IntFn::RolePlayer(Role::Mover)),
            }),
            ("push", _) => {
                self.board_site_type_only(&c, "push on another site type than the board's")?;
                let from = match c.typed(self.reg, "moves.from") {
                    Some(f) => match self.place(f, "moves.from")? {
                        Place {
                            site: Some(site),
                            region: None,
                            ..
                        } => site,
                        _ => return unsupported("push from a region", f.span.clone()),
                    },
                    None => IntFn::LastTo,
                };
                let dirs = self.move_directions(c.typed(self.reg, "direction"))?;
                MovesKind::Push { from, dirs }
            }
            ("satisfy", _) => self.satisfy(&c)?,
            ("flip", _) => {
                self.board_site_type_only(&c, "flip on another site type than the board's")?;
                let at = match c.named("loc").or(c.typed(self.reg, "int")) {
                    Some(n) => self.int(n)?,
                    None => IntFn::To,
                };
                MovesKind::Flip(at)
            }
            ("append", _) => MovesKind::Append(Box::new(self.moves(req(c.typed(self.reg, "nonDecision"), &c)?)?)),
            ("allCombinations", _) => match c.positional().as_slice() {
                [a, b, ..] => MovesKind::AllCombinations(Box::new(self.moves(a)?), Box::new(self.moves(b)?)),
                _ => return invalid("allCombinations needs two moves", c.span()),
            },
            ("move", Some("Leap")) | ("leap", _) => self.leap(&c)?,
            ("move", Some("Shoot")) | ("shoot", _) => self.shoot(&c)?,
            ("attract", _) => self.attract(&c)?,
            ("move", Some("Step")) | ("effect.step", _) => {
                let (from, dirs, to) = self.step_parts(&c, "step", true)?;
                let stack = self.flag(c.named("stack"))?;
                self.stacking |= stack;
                MovesKind::Step {
                    from,
                    dirs,
                    to,
                    stack,
                    decision: c.id == "move",
                }
            }
            ("move", Some("Hop")) | ("hop", _) => {
                let (from, dirs, to) = self.step_parts(&c, "hop", true)?;
                let (mut before, mut min, mut max, mut after) = (None, None, None, None);
                let (between_cond, between_apply) = match c.typed(self.reg, "moves.between") {
                    Some(b) => {
                        let bc = self.call(b, "moves.between")?;
                        if bc.named("trail").is_some() {
                            return unsupported("hop between trail:", bc.span());
                        }
                        if let Some(r) = bc.typed(self.reg, "range") {
                            (min, max) = self.range(r)?;
                        }
                        before = bc.named("before").map(|n| self.int(n)).transpose()?;
                        after = bc.named("after").map(|n| self.int(n)).transpose()?;
                        self.between(b, true)?
                    }
                    None => (None, None),
                };
                let stack = self.flag(c.named("stack"))?;
                self.stacking |= stack;
                let long = stack || to.apply_if.is_some() || [&before, &min, &max, &after].iter().any(|x| x.is_some());
                if long {
                    return Ok(Moves::new(
                        MovesKind::HopLong(Box::new(HopLong {
                            from,
                            dirs,
                            before,
                            min,
                            max,
                            after,
                            between_cond,
                            between_apply,
                            to,
                            stack,
                            decision: c.id == "move",
                        })),
                        then,
                    ));
                }
                MovesKind::Hop {
                    from,
                    dirs,
                    between_cond,
                    between_apply,
                    to,
                    decision: c.id == "move",
                }
            }
            ("move", None) | ("fromTo", _) if c.typed(self.reg, "moves.from").is_some() => {
                let from = self.place(req(c.typed(self.reg, "moves.from"), &c)?, "moves.from")?;
                let to = self.place(req(c.typed(self.reg, "moves.to"), &c)?, "moves.to")?;
                let count = match c.named("count") {
                    Some(n) => Some(self.value(n)?),
                    None => None,
                };
                let copy = self.flag(c.named("copy"))?;
                let mover = match c.typed(self.reg, "roleType") {
                    Some(r) => Some(IntFn::RolePlayer(self.role(r)?)),
                    None => None,
                };
                // `stack:True` moves the whole stack (`count:` of it); it makes the game a
                // stacking one, where a counted move takes the top pieces in order.
                let stack = self.flag(c.named("stack"))?;
                self.stacking |= stack;
                // (as does a level to move from, in Ludii)
                self.stacking |= from.level.is_some();
                if self.stacking && copy && count.is_some() {
                    return unsupported("move copy:True with count:", c.span());
                }
                MovesKind::FromTo {
                    from,
                    to,
                    count,
                    copy,
                    stack,
                    decision: c.id == "move",
                    mover,
                }
            }
            ("move", Some("Remove")) | ("effect.remove", _) => {
                let target = c.positional().into_iter().find(|n| !matches!(&n.kind, NodeKind::Atom(a) if a == "Remove" || a == "Cell" || a == "Vertex" || a == "Edge"));
                let target = target.ok_or_else(|| LowerError::Invalid {
                    message: "nothing to remove".into(),
                    span: c.span(),
                })?;
                let (site, region) = self.site_or_region(target)?;
                let count = match c.named("count") {
                    Some(n) => Some(self.value(n)?),
                    None => None,
                };
                let level = match c.named("level") {
                    Some(n) => Some(self.int(n)?),
                    None => None,
                };
                let ty = self.typed_call(&c);
                if ty.is_some() && c.named("at").is_some() {
                    return unsupported("remove at:EndOfTurn on another site type", c.span());
                }
                match c.named("at").map(|n| &n.kind) {
                    None => {}
                    Some(NodeKind::Atom(a)) if a == "EndOfTurn" && level.is_none() => {
                        self.removes_at_end = true;
                        let count = match c.named("count") {
                            Some(n) => Some(self.int(n)?),
                            None => None,
                        };
                        return Ok(Moves::new(MovesKind::RemoveAtEnd { site, region, count }, then));
                    }
                    Some(_) => return unsupported("remove at:EndOfTurn with level:", c.span()),
                }
                MovesKind::Remove {
                    site,
                    region,
                    count,
                    level,
                    decision: c.id == "move",
                    ty,
                }
            }
            ("addScore", _) if matches!(c.positional().first().map(|n| &n.kind), Some(NodeKind::List(_))) => {
                // (`{roles} {scores}`: each role adds its score, pairs up to the shorter list)
                let pos = c.positional();
                let (Some(NodeKind::List(who)), Some(NodeKind::List(values))) =
                    (pos.first().map(|n| &n.kind), pos.get(1).map(|n| &n.kind))
                else {
                    return invalid("addScore needs a list of players and a list of scores", c.span());
                };
                self.scores = true;
                let mut adds = Vec::new();
                for (w, v) in who.iter().zip(values) {
                    let (role, player) = match &w.kind {
                        NodeKind::Atom(a) if classify_atom(a) == Atom::Word => (self.role(w)?, None),
                        _ => (Role::Mover, Some(self.player_index(w)?)),
                    };
                    let value = self.value(v)?;
                    adds.push(Moves::new(MovesKind::AddScore { role, player, value }, None));
                }
                MovesKind::And(adds)
            }
            ("effect.set.set", Some("Score")) | ("addScore", _) => {
                let (role, player) = self.player_or_role(&c)?;
                let v = c.typed(self.reg, "int").ok_or_else(|| LowerError::Invalid {
                    message: "no value".into(),
                    span: c.span(),
                })?;
                let value = self.value(v)?;
                self.scores = true;
                if c.id == "addScore" {
                    MovesKind::AddScore { role, player, value }
                } else {
                    MovesKind::SetScore { role, player, value }
                }
            }
            ("effect.set.set", Some("Value")) if c.named("at").is_none() => {
                let (role, player) = self.player_or_role(&c)?;
                MovesKind::SetPlayerValue {
                    player: player.unwrap_or(IntFn::RolePlayer(role)),
                    value: self.value(req(c.typed(self.reg, "int"), &c)?)?,
                }
            }
            ("move", Some("Set"))
                if c.positional()
                    .iter()
                    .any(|n| matches!(&n.kind, NodeKind::Atom(a) if a == "Rotation")) =>
            {
                self.set_rotation(&c)?
            }
            ("effect.set.set", Some("Rotation")) => self.set_rotation(&c)?,
            ("move", Some("Set"))
                if c.positional()
                    .iter()
                    .any(|n| matches!(&n.kind, NodeKind::Atom(a) if a == "NextPlayer")) =>
            {
                let p = match c.typed(self.reg, "moves.player") {
                    Some(p) => p,
                    None => return unsupported("move Set NextPlayer of a list", c.span()),
                };
                let pc = self.call(p, "moves.player")?;
                MovesKind::SetNextPlayer(self.int(nth(&pc.positional(), 0, pc.span())?)?)
            }
            ("effect.set.set", Some("NextPlayer")) => {
                let p = req(c.typed(self.reg, "moves.player"), &c)?;
                let pc = self.call(p, "moves.player")?;
                // (Ludii attaches no consequents to it)
                return Ok(Moves::new(
                    MovesKind::SetNextPlayer(self.int(nth(&pc.positional(), 0, pc.span())?)?),
                    None,
                ));
            }
            ("effect.set.set", Some(w @ ("State" | "Value" | "Count"))) => {
                let ty = self.typed_call(&c);
                let level = c.named("level").map(|n| self.int(n)).transpose()?;
                let field = match w {
                    "State" => SiteField::State,
                    "Value" => SiteField::Value,
                    _ => SiteField::Count,
                };
                let at = self.int(req(c.named("at"), &c)?)?;
                let value = self.value(req(c.typed(self.reg, "int"), &c)?)?;
                MovesKind::SetSite {
                    field,
                    at,
                    value,
                    level,
                    ty,
                }
            }
            ("move", Some("Promote")) | ("promote", _) => self.promote(&c)?,
            ("effect.set.set", Some("Pot")) => MovesKind::SetPot(self.value(req(c.typed(self.reg, "int"), &c)?)?),
            ("effect.set.set", Some("Counter")) => MovesKind::SetCounter(match c.typed(self.reg, "int") {
                Some(v) => Some(self.value(v)?),
                None => None,
            }),
            ("effect.set.set", Some("Var")) => {
                let name = c.positional().into_iter().find_map(|n| match &n.kind {
                    NodeKind::Str(s) => Some(s.clone()),
                    _ => None,
                });
                let value = match c.typed(self.reg, "int") {
                    Some(v) => Some(self.value(v)?),
                    None => None,
                };
                match name {
                    Some(n) => MovesKind::SetNamedVar(self.intern(&n), value),
                    None => MovesKind::SetVar(value),
                }
            }
            ("effect.set.set", Some("Pending")) => match c
                .positional()
                .into_iter()
                .find(|n| !matches!(&n.kind, NodeKind::Atom(a) if a == "Pending"))
            {
                None => MovesKind::SetPending(None),
                Some(n) => match self.site_or_region(n)? {
                    (Some(i), _) => MovesKind::SetPending(Some(i)),
                    (_, Some(r)) => MovesKind::SetPendingRegion(r),
                    _ => MovesKind::SetPending(None),
                },
            },
            ("moveAgain", _) => MovesKind::MoveAgain,
            ("effect.set.set", Some("Hidden")) => MovesKind::SetHidden(Box::new(self.set_hidden(&c)?)),
            ("do", _) => self.do_moves(&c)?,
            ("seq", _) => MovesKind::Seq(self.alternatives(&c)?),
            ("remember", Some("Value")) => self.remember(&c)?,
            ("forget", Some("Value")) => self.forget(&c)?,
            ("operators.foreach.forEach", Some("Value")) => self.for_each_value(&c)?,
            ("operators.foreach.forEach", Some("Die")) => self.for_each_die(&c)?,
            ("operators.foreach.forEach", Some("Level")) => {
                self.board_site_type_only(&c, "forEach Level on another site type than the board's")?;
                let site = self.int(req(c.typed(self.reg, "int"), &c)?)?;
                let from_top = !matches!(
                    c.typed(self.reg, "stackDirection").map(|n| &n.kind),
                    Some(NodeKind::Atom(a)) if a == "FromBottom"
                );
                let body = Box::new(self.moves(req(c.typed(self.reg, "moves"), &c)?)?);
                MovesKind::ForEachLevel { site, from_top, body }
            }
            ("logical.or", _) | ("logical.and", _) => {
                let all = self.alternatives(&c)?;
                if c.id == "logical.or" {
                    MovesKind::Or(all)
                } else {
                    MovesKind::And(all)
                }
            }
            ("logical.if", _) => {
                // (its consequents are not an alternative)
                let then_node = c.typed(self.reg, "then");
                let pos: Vec<&Node> = c
                    .positional()
                    .into_iter()
                    .filter(|n| !then_node.is_some_and(|t| std::ptr::eq(*n, t)))
                    .collect();
                let cond = self.condition(nth(&pos, 0, c.span())?)?;
                let a = self.moves(nth(&pos, 1, c.span())?)?;
                let b = match pos.get(2) {
                    Some(n) => Some(Box::new(self.moves(n)?)),
                    None => None,
                };
                MovesKind::If(cond, Box::new(a), b)
            }
            // `(apply [if:C] E)` on its own: E where C holds (Ludii's `Apply`)
            ("apply", _) => {
                let effect = self.moves(req(c.typed(self.reg, "nonDecision"), &c)?)?;
                match c.named("if") {
                    Some(cond) => MovesKind::If(self.condition(cond)?, Box::new(effect), None),
                    None => return Ok(effect),
                }
            }
            ("priority", _) => MovesKind::Priority(self.alternatives(&c)?),
            ("max.max", Some("Distance")) => self.max_distance(&c)?,
            ("max.max", Some(w @ ("Moves" | "Captures"))) => {
                let with_value = self.flag(c.named("withValue"))?;
                let m = self.moves(req(c.typed(self.reg, "moves"), &c)?)?;
                MovesKind::MaxMoves(Box::new(m), with_value, w == "Captures")
            }
            ("operators.foreach.forEach", Some("Piece")) => {
                let mut items = Vec::new();
                for n in c.positional() {
                    match &n.kind {
                        NodeKind::Str(s) => items.push(self.intern(s)),
                        NodeKind::List(list) => {
                            for x in list {
                                match &x.kind {
                                    NodeKind::Str(s) => items.push(self.intern(s)),
                                    _ => {
                                        return unsupported(
                                            "forEach Piece with a list of other than names",
                                            x.span.clone(),
                                        )
                                    }
                                }
                            }
                        }
                        _ => {}
                    }
                }
                let body = match c.typed(self.reg, "moves") {
                    Some(b) => Some(Box::new(self.moves(b)?)),
                    None => None,
                };
                let role = match c.typed(self.reg, "roleType") {
                    Some(r) => self.role(r)?,
                    None => Role::Mover,
                };
                let on = match c.named("on").map(|n| &n.kind) {
                    Some(NodeKind::Atom(a)) => SiteType::from_name(a).map(|t| self.use_type(t)),
                    _ => None,
                };
                let container = match c.named("container") {
                    Some(n) if matches!(n.kind, NodeKind::Str(_)) => {
                        return unsupported("forEach Piece in a container by name", c.span())
                    }
                    Some(n) => Some(self.int(n)?),
                    None => None,
                };
                let top = self.flag(c.named("top"))?;
                self.stacking |= c.named("top").is_some();
                MovesKind::ForEachPiece {
                    pieces: PieceSet {
                        items,
                        role,
                        top,
                        container,
                        on,
                    },
                    body,
                }
            }
            ("remember", Some("State")) => MovesKind::RememberState,
            ("avoidStoredState", _) => {
                MovesKind::AvoidStoredState(Box::new(self.moves(req(c.typed(self.reg, "moves"), &c)?)?))
            }
            ("remember", _) | ("forget", _) | ("propose", _) | ("select", _) => self.state_moves(&c)?,
            ("move", Some("Select" | "Propose" | "Vote" | "Bet")) | ("vote", _) => self.state_moves(&c)?,
            ("move" | "swap.swap", Some("Swap" | "Players" | "Pieces")) => self.swap_players(&c)?,
            ("sow", _) => self.sow(&c)?,
            ("firstMoveOnTrack", _) => self.first_move_on_track(&c)?,
            ("roll", _) => {
                self.need_dice(&c)?;
                MovesKind::Roll
            }
            ("operators.foreach.forEach", Some("Site")) => self.for_each_site(&c)?,
            ("operators.foreach.forEach", Some("Group")) => self.for_each_group(&c)?,
            ("operators.foreach.forEach", Some("Direction")) => self.for_each_direction(&c)?,
            ("operators.foreach.forEach", Some("Player")) => {
                MovesKind::ForEachPlayer(Box::new(self.moves(req(c.typed(self.reg, "moves"), &c)?)?))
            }
            ("operators.foreach.forEach", None) if c.typed(self.reg, "ints").is_some() => {
                self.for_each_player_in(&c)?
            }
            (id, w) => {
                return unsupported(
                    w.map(|w| format!("({} {w} ..)", Self::head(node).unwrap_or(id)))
                        .unwrap_or(format!("({} ..)", Self::head(node).unwrap_or(id))),
                    c.span(),
                )
            }
        };
        // `(apply if:C E)`: where no generator gives the condition a meaning of its own (a
        // slide's landing moves, `fromTo`'s), the effect E where C holds, as Ludii's `Apply`
        let mut kind = kind;
        if !matches!(kind, MovesKind::Slide { .. } | MovesKind::FromTo { .. }) {
            for p in kind.places_mut() {
                if let Some(cond) = p.apply_if.take() {
                    let Some(effect) = p.apply.take() else {
                        return unsupported("(apply if:) without an effect here", c.span());
                    };
                    p.apply = Some(Box::new(Moves::new(MovesKind::If(cond, effect, None), None)));
                }
            }
        }
        // (and a level to move from only by a fromTo, or to select)
        // (another site type: where the generator plays on one; else a cell is a hand's,
        // as on any board, and another type is refused)
        let typed_here = matches!(
            kind,
            MovesKind::Add { .. } | MovesKind::FromTo { .. } | MovesKind::Select { .. } | MovesKind::Step { .. }
        );
        for p in kind.places_mut() {
            match p.ty {
                Some(t) if typed_here => p.ty = Some(self.use_type(t)),
                Some(SiteType::Cell) => p.ty = None,
                Some(_) => return unsupported("moves.from or moves.to with another site type here", c.span()),
                None => {}
            }
        }
        // (a level to go from, read by a fromTo, a slide and a selection; a level to go to,
        // by an add and a fromTo in a game with stacks, and a selection)
        let (from_level, to_level) = match &kind {
            MovesKind::FromTo { .. } => (true, self.stacking),
            MovesKind::Slide { tracks: None, .. }
            | MovesKind::Step { .. }
            | MovesKind::Hop { .. }
            | MovesKind::Leap { .. } => (true, false),
            MovesKind::Select { .. } => (true, false),
            MovesKind::Add { .. } => (false, self.stacking),
            _ => (false, false),
        };
        let places = kind.places();
        let (from_place, to_place) = match places.as_slice() {
            [from, to] => (Some(*from), Some(*to)),
            [one] if matches!(kind, MovesKind::Add { .. }) => (None, Some(*one)),
            [one] => (Some(*one), None),
            _ => (None, None),
        };
        if !from_level && from_place.is_some_and(|p| p.level.is_some()) {
            return unsupported("moves.from with a level here", c.span());
        }
        if !to_level && to_place.is_some_and(|p| p.level.is_some()) {
            return unsupported("moves.to with a level here", c.span());
        }
        Ok(Moves::new(kind, then))
    }

    /// The `(from ..)`, directions and `(to ..)` of a step or hop.
    /// A step's or hop's `from`, directions and `to`; `stack:True` is refused unless `stack`
    /// (the caller reads it).
    fn step_parts(&mut self, c: &Call, what: &str, stack: bool) -> R<(Option<Place>, Vec<Direction>, Place)> {
        let from = match c.typed(self.reg, "moves.from") {
            Some(f) => Some(self.place(f, "moves.from")?),
            None => None,
        };
        let dirs = self.move_directions(c.typed(self.reg, "direction"))?;
        let to = self.place(req(c.typed(self.reg, "moves.to"), c)?, "moves.to")?;
        if !stack && self.flag(c.named("stack"))? {
            return unsupported(format!("{what} stack:True"), c.span());
        }
        Ok((from, dirs, to))
    }

    fn player_or_role(&mut self, c: &Call) -> R<(Role, Option<IntFn>)> {
        if let Some(r) = c.typed(self.reg, "roleType") {
            return Ok((self.role(r)?, None));
        }
        if let Some(p) = c.typed(self.reg, "moves.player") {
            let pc = self.call(p, "moves.player")?;
            return Ok((Role::Mover, Some(self.int(nth(&pc.positional(), 0, pc.span())?)?)));
        }
        invalid("expected a player", c.span())
    }

    /// A player given by index: `(player n)` or a number.
    fn player_index(&mut self, n: &Node) -> R<IntFn> {
        if Self::head(n) != Some("player") {
            return self.int(n);
        }
        let pc = self.call(n, "moves.player")?;
        self.int(nth(&pc.positional(), 0, pc.span())?)
    }

    fn flag(&mut self, node: Option<&Node>) -> R<bool> {
        match node {
            None => Ok(false),
            Some(n) => match self.boolean(n)? {
                BoolFn::Const(b) => Ok(b),
                _ => unsupported("a computed flag", n.span.clone()),
            },
        }
    }

    /// `(promote [site] (piece ..) [owner])`: the components to promote to.
    fn promote(&mut self, c: &Call) -> R<MovesKind> {
        self.board_site_type_only(c, "promote on another site type than the board's")?;
        if c.typed(self.reg, "moves.player").is_some() {
            return unsupported("promote with a player index", c.span());
        }
        let at = match c.typed(self.reg, "int") {
            Some(n) => Some(self.int(n)?),
            None => None,
        };
        let role = match c.typed(self.reg, "roleType") {
            Some(r) => Some(self.role(r)?),
            None => None,
        };
        let pc = self.call(req(c.typed(self.reg, "moves.piece"), c)?, "moves.piece")?;
        let first = req(pc.positional().first().copied(), &pc)?;
        let items: Vec<&Node> = match &first.kind {
            NodeKind::List(items) => items.iter().collect(),
            _ => vec![first],
        };
        // a name: the first component whose name holds it, of the owner's (or by its full
        // name); anything else a component's index (`(mapEntry ..)`, `(what at:..)`)
        let mut whats = Vec::new();
        for item in items {
            whats.push(match (&item.kind, role) {
                (NodeKind::Str(name), Some(role)) => IntFn::Id {
                    role,
                    by_player: self.named_by_owner(name),
                },
                (NodeKind::Str(name), None) => IntFn::Const(
                    self.components
                        .iter()
                        .position(|k| k.name == *name)
                        .map_or(-1, |i| i as i32),
                ),
                _ => self.int(item)?,
            });
        }
        Ok(MovesKind::Promote {
            at,
            whats,
            decision: c.id == "move",
        })
    }

    pub(super) fn piece_fn(&mut self, node: &Node) -> R<PieceFn> {
        let c = self.call(node, "moves.piece")?;
        let pos = c.positional();
        match &nth(&pos, 0, c.span())?.kind {
            NodeKind::Str(s) => match self.components.iter().position(|k| k.name == *s) {
                Some(i) => Ok(PieceFn::Index(IntFn::Const(i as i32))),
                None => invalid(
                    format!("no component named \"{s}\""),
                    nth(&pos, 0, c.span())?.span.clone(),
                ),
            },
            NodeKind::List(_) => unsupported("a list of pieces", nth(&pos, 0, c.span())?.span.clone()),
            _ => Ok(PieceFn::Index(self.int(nth(&pos, 0, c.span())?)?)),
        }
    }

    fn place(&mut self, node: &Node, ty: &str) -> R<Place> {
        let c = self.call(node, ty)?;
        // (a site of the board's type, or a cell: a hand's site is a cell on any board, and
        // every container's sites are numbered together)
        // (another type is taken by the generators that play on one, see `moves`)
        let other_type = self.other_type_of(&c);
        // (a level is read where the generator reads it, see `moves`)
        let mut p = Place {
            ty: other_type,
            ..Place::default()
        };
        if let Some(r) = c.typed(self.reg, "rotations") {
            let rc = self.call(r, "rotations")?;
            for d in rc.positional() {
                match &d.kind {
                    NodeKind::List(items) => {
                        for i in items {
                            p.rotations.extend(self.directions(Some(i))?);
                        }
                    }
                    _ => p.rotations.extend(self.directions(Some(d))?),
                }
            }
        }
        if let Some(n) = c.named("level") {
            p.level = Some(self.int(n)?);
        }
        if let Some(n) = c.typed(self.reg, "sites") {
            p.region = Some(self.region(n)?);
        } else if let Some(n) = c.typed(self.reg, "int") {
            p.site = Some(self.int(n)?);
        }
        if let Some(n) = c.named("if") {
            p.cond = Some(self.condition(n)?);
        }
        if let Some(a) = c.typed(self.reg, "apply") {
            let ac = self.call(a, "apply")?;
            if let Some(n) = ac.named("if") {
                p.apply_if = Some(self.condition(n)?);
            }
            p.apply = self.apply(a)?;
        }
        Ok(p)
    }

    /// The effect of an `(apply ..)` (its `if:` is read by [`Self::place`] where it is
    /// allowed).
    fn apply(&mut self, node: &Node) -> R<Option<Box<Moves>>> {
        let c = self.call(node, "apply")?;
        match c.typed(self.reg, "nonDecision") {
            Some(n) => Ok(Some(Box::new(self.moves(n)?))),
            None => Ok(None),
        }
    }

    /// A `(between ..)`'s condition and effect; its range, `before:`, `after:` and `trail:`
    /// are read (or refused) by the caller where `ranged` (else they are refused).
    pub(super) fn between(&mut self, node: &Node, ranged: bool) -> R<(Option<BoolFn>, Option<Box<Moves>>)> {
        let c = self.call(node, "moves.between")?;
        for name in ["before", "after", "trail"] {
            if c.named(name).is_some() && !ranged {
                return unsupported(format!("between {name}:"), c.span());
            }
        }
        if !ranged && c.typed(self.reg, "range").is_some() {
            return unsupported("between with a range", c.span());
        }
        let cond = match c.named("if") {
            Some(n) => Some(self.condition(n)?),
            None => None,
        };
        let apply = match c.typed(self.reg, "apply") {
            // (`(apply if:C E)` at each site between: E where C holds, as Ludii's `Apply`)
            Some(a) => match (self.call(a, "apply")?.named("if"), self.apply(a)?) {
                (Some(when), Some(e)) => {
                    let when = self.condition(when)?;
                    Some(Box::new(Moves::new(MovesKind::If(when, e, None), None)))
                }
                (_, e) => e,
            },
            None => None,
        };
        Ok((cond, apply))
    }

    /// The directions of a query: absolute ones only (relative directions are resolved per
    /// piece, where moves are generated).
    fn directions(&mut self, node: Option<&Node>) -> R<Vec<Direction>> {
        let dirs = self.move_directions(node)?;
        if dirs.iter().any(|d| d.is_relative()) {
            return unsupported(
                "relative directions in a region",
                node.map(|n| n.span.clone()).unwrap_or_default(),
            );
        }
        Ok(dirs)
    }

    /// The directions of a move: absolute or relative to the moving piece's facing.
    pub(super) fn move_directions(&mut self, node: Option<&Node>) -> R<Vec<Direction>> {
        let Some(node) = node else {
            return Ok(vec![Direction::Rel(Relation::Adjacent)]);
        };
        match &node.kind {
            NodeKind::Atom(a) => match Direction::from_name(a) {
                Some(d) => Ok(vec![d]),
                None => unsupported(format!("direction {a}"), node.span.clone()),
            },
            NodeKind::Call { head, args, .. }
                if head == "directions" && args.iter().any(|a| a.label_name() == Some("from")) =>
            {
                // `(directions <siteType> from:F to:T)`: the directions from F towards T
                let arg = |name: &str| args.iter().find(|a| a.label_name() == Some(name));
                let same_type = args.iter().all(|a| match (a.label_name(), &a.kind) {
                    (None, NodeKind::Atom(t)) => SiteType::from_name(t) == Some(self.site_type),
                    (Some("from" | "to"), _) => true,
                    _ => false,
                });
                let (Some(from), Some(to)) = (arg("from"), arg("to")) else {
                    return unsupported("directions from: without to:", node.span.clone());
                };
                if !same_type {
                    return unsupported("directions between sites of another type", node.span.clone());
                }
                let (from, to) = (self.int(from)?, self.int(to)?);
                self.dir_fn(DirFn::Between(from, to), node)
            }
            NodeKind::Call { head, args, .. } if head == "directions" => {
                let mut out = Vec::new();
                // relative directions among the Adjacent steps' (Ludii's default) or another
                // relation's
                let (mut of, mut by_site) = (Relation::Adjacent, false);
                for a in args {
                    match (a.label_name(), &a.kind) {
                        (Some("of"), NodeKind::Atom(r)) if Relation::from_name(r).is_some() => {
                            of = Relation::from_name(r).expect("a relation");
                        }
                        (Some("bySite"), NodeKind::Atom(b)) if b == "True" || b == "False" => by_site = b == "True",
                        (Some(_), _) => return unsupported("directions of:/bySite:", a.span.clone()),
                        (None, NodeKind::List(items)) => {
                            for i in items {
                                out.extend(self.move_directions(Some(i))?);
                            }
                        }
                        (None, NodeKind::Atom(_)) => out.extend(self.move_directions(Some(a))?),
                        _ => return unsupported("this form of directions", node.span.clone()),
                    }
                }
                if by_site && out.iter().any(|d| d.is_relative()) {
                    return self.dir_fn(DirFn::OfSite(of, out), node);
                }
                if of != Relation::Adjacent && out.iter().any(|d| d.is_relative()) {
                    return self.dir_fn(DirFn::Of(of, out), node);
                }
                Ok(out)
            }
            NodeKind::Call { head, args, .. } if head == "difference" && args.len() == 2 => {
                let a = self.move_directions(Some(&args[0]))?;
                let b = self.move_directions(Some(&args[1]))?;
                self.dir_fn(DirFn::Difference(a, b), node)
            }
            NodeKind::Call { head, args, .. } if head == "union" && args.len() == 2 => {
                let a = self.move_directions(Some(&args[0]))?;
                let b = self.move_directions(Some(&args[1]))?;
                self.dir_fn(DirFn::Union(a, b), node)
            }
            NodeKind::Call { head, args, .. } if head == "if" && args.len() == 3 => {
                let cond = self.condition(&args[0])?;
                let a = self.move_directions(Some(&args[1]))?;
                let b = self.move_directions(Some(&args[2]))?;
                self.dir_fn(DirFn::If(cond, a, b), node)
            }
            _ => unsupported("this direction", node.span.clone()),
        }
    }

    /// A direction function as a direction: its index in the game's table (a function's
    /// parts come before it, so resolving one never loops).
    fn dir_fn(&mut self, f: DirFn, node: &Node) -> R<Vec<Direction>> {
        let k = self.dir_fns.len();
        if k > u8::MAX as usize {
            return unsupported("more than 256 direction functions", node.span.clone());
        }
        self.dir_fns.push(f);
        Ok(vec![Direction::Dynamic(k as u8)])
    }

    pub(super) fn site_or_region(&mut self, node: &Node) -> R<(Option<IntFn>, Option<RegionFn>)> {
        let t = self.reg.id("int").expect("declared");
        if self.ck.matches(node, &ParamType::Sym(t)) {
            Ok((Some(self.int(node)?), None))
        } else {
            Ok((None, Some(self.region(node)?)))
        }
    }

    // ---------------------------------------------------------------- functions

    /// An integer; expensive ones that read at most `from` are remembered per origin.
    fn int(&mut self, node: &Node) -> R<IntFn> {
        let f = self.int_unmemo(node)?;
        let expensive = matches!(
            f,
            IntFn::CountSites(_) | IntFn::CountIn(..) | IntFn::Sum(_) | IntFn::CountPieces(..) | IntFn::CountSteps(..)
        );
        let d = crate::ir::deps::int(&f);
        if expensive && d & !crate::ir::deps::FROM == 0 {
            // one slot per distinct function (its value depends on `from` and the roles only)
            let slot = match self.memo_inners.iter().position(|x| *x == f) {
                Some(slot) => slot as u32,
                None => {
                    self.memo_inners.push(f.clone());
                    self.memo_ints += 1;
                    self.memo_ints - 1
                }
            };
            return Ok(IntFn::Memo {
                slot,
                deps: d,
                inner: Box::new(f),
            });
        }
        if expensive && d == crate::ir::deps::SITE {
            // one slot per distinct function
            if let Some(slot) = self.memo_site_inners.iter().position(|x| *x == f) {
                return Ok(IntFn::MemoSite {
                    slot: slot as u32,
                    inner: Box::new(f),
                });
            }
            self.memo_site_inners.push(f.clone());
            self.memo_site_ints += 1;
            return Ok(IntFn::MemoSite {
                slot: self.memo_site_ints - 1,
                inner: Box::new(f),
            });
        }
        Ok(f)
    }

    fn int_unmemo(&mut self, node: &Node) -> R<IntFn> {
        if let NodeKind::Atom(a) = &node.kind {
            return match classify_atom(a) {
                Atom::Int(i) => Ok(IntFn::Const(i)),
                _ => match self.role(node) {
                    Ok(r) => Ok(IntFn::RolePlayer(r)),
                    Err(_) => invalid(format!("expected a number, found {a}"), node.span.clone()),
                },
            };
        }
        let c = self.call(node, "int")?;
        let pos = c.positional();
        let b = |l: &mut Self, n: &Node| -> R<Box<IntFn>> { Ok(Box::new(l.int(n)?)) };
        Ok(match c.id {
            "mover" => IntFn::Mover,
            "next" => IntFn::Next,
            "prev" if c.word(self.reg) == Some("MoverLastTurn") => IntFn::MoverLastTurn,
            "prev" => IntFn::Prev,
            "iterator.from" => IntFn::From,
            // (the pips of the die `forEach Die` is at are kept where values are: Ludii's
            // `pipCount` is an iterator of its own, never bound with a value)
            "pips" => IntFn::Value,
            "iterator.to" => IntFn::To,
            "iterator.between" => IntFn::Between,
            "iterator.hint" if pos.is_empty() && c.named("at").is_none() => IntFn::Hint,
            // (`(hint T at:s)`: a site's hint, of the board's type unless another is named)
            "iterator.hint" if c.named("at").is_some() => {
                let ty = self.typed_call(&c).unwrap_or(self.site_type);
                IntFn::HintAt(ty, b(self, req(c.named("at"), &c)?)?)
            }
            "site" => IntFn::Site,
            "value" if pos.is_empty() => IntFn::Value,
            "value" if c.word(self.reg) == Some("Pending") => IntFn::ValuePending,
            "value" if c.word(self.reg) == Some("MoveLimit") => IntFn::Const(MOVE_LIMIT as i32),
            "value" if c.word(self.reg) == Some("TurnLimit") => IntFn::Const(TURN_LIMIT as i32),
            "value" if c.word(self.reg) == Some("Random") => {
                let rc = self.call(req(c.typed(self.reg, "range"), &c)?, "range")?;
                if rc.id != "range" {
                    return unsupported("value Random of this range", c.span());
                }
                let rp = rc.positional();
                let min = self.int(nth(&rp, 0, rc.span())?)?;
                let max = match rp.get(1) {
                    Some(n) => self.int(n)?,
                    None => min.clone(),
                };
                self.draws_random = true;
                IntFn::Random(Box::new(min), Box::new(max))
            }
            "value" if c.word(self.reg) == Some("Player") => {
                let player = match c.typed(self.reg, "roleType") {
                    Some(r) => IntFn::RolePlayer(self.role(r)?),
                    None => self.int(req(c.typed(self.reg, "int"), &c)?)?,
                };
                IntFn::PlayerValue(Box::new(player))
            }
            "level" => IntFn::Level,
            "iterator.edge" => match pos.as_slice() {
                [x, y] => IntFn::EdgeJoining(b(self, x)?, b(self, y)?),
                _ => return unsupported("(edge) without its two vertices", c.span()),
            },
            "counter" => IntFn::Counter,
            "pot" => IntFn::Pot,
            "amount" => {
                let (role, player) = self.player_or_role(&c)?;
                IntFn::Amount(Box::new(player.unwrap_or(IntFn::RolePlayer(role))))
            }
            "cost" => self.cost(&c)?,
            "var" => match pos.first().map(|n| &n.kind) {
                Some(NodeKind::Str(s)) => IntFn::NamedVar(self.intern(s)),
                _ => IntFn::Var,
            },
            // (a match's own rules read its scores as a game reads its own: Ludii's
            // `matchScore` outside a subgame)
            "state.score" | "matchScore" => {
                let (role, player) = self.player_or_role(&c)?;
                IntFn::Score(Box::new(player.unwrap_or(IntFn::RolePlayer(role))))
            }
            "who" | "what" | "state" | "value"
                if !self.other_site_type(&c)
                    && c.named("level").is_some()
                    && (c.id != "value" || c.word(self.reg) == Some("Piece")) =>
            {
                let field = match c.id {
                    "who" => LevelField::Who,
                    "what" => LevelField::What,
                    "value" => LevelField::Value,
                    _ => LevelField::State,
                };
                IntFn::AtLevel(
                    field,
                    b(self, req(c.named("at"), &c)?)?,
                    b(self, req(c.named("level"), &c)?)?,
                )
            }
            "what" | "size" | "topLevel"
                if c.named("level").is_none()
                    && (c.id != "size" || (c.word(self.reg) == Some("Stack") && c.named("in").is_none()))
                    && self.site_type != SiteType::Cell
                    && matches!(c.typed(self.reg, "siteType").map(|n| &n.kind), Some(NodeKind::Atom(a)) if a == "Cell") =>
            {
                // a cell of a board of vertices or edges: only a hand's site holds one
                let at = self.int(req(c.named("at"), &c)?)?;
                let vertices_or_edges = IntFn::BoardCount(if self.site_type == SiteType::Vertex { 3 } else { 4 });
                let read = match c.id {
                    "what" => IntFn::What(Box::new(at.clone())),
                    "size" => {
                        self.stacking = true;
                        IntFn::SizeStack(Box::new(at.clone()))
                    }
                    // (its height less one, 0 when empty)
                    _ => IntFn::Max(Box::new(IntsFn::List(vec![
                        IntFn::Sub(
                            Box::new(IntFn::SizeStack(Box::new(at.clone()))),
                            Box::new(IntFn::Const(1)),
                        ),
                        IntFn::Const(0),
                    ]))),
                };
                IntFn::If(
                    Box::new(BoolFn::Ge(Box::new(at), Box::new(vertices_or_edges))),
                    Box::new(read),
                    Box::new(IntFn::Const(0)),
                )
            }
            "who" | "what" if c.named("level").is_none() && self.other_type_of(&c).is_some() => {
                let ty = self.typed_call(&c).unwrap_or(self.site_type);
                let field = if c.id == "who" {
                    LevelField::Who
                } else {
                    LevelField::What
                };
                IntFn::OnType(ty, field, b(self, req(c.named("at"), &c)?)?)
            }
            "who" | "what" | "size" if self.other_site_type(&c) || c.named("level").is_some() => {
                return unsupported(
                    format!("({} ..) with a site type or level", Self::head(node).unwrap_or("")),
                    c.span(),
                )
            }
            "who" => IntFn::Who(b(self, req(c.named("at"), &c)?)?),
            "topLevel" if !self.other_site_type(&c) => {
                // the top level of a stack: its height less one, 0 when empty (and always 0
                // in a game without stacks, where a site holds at most one piece)
                let h = IntFn::SizeStack(b(self, req(c.named("at"), &c)?)?);
                IntFn::Max(Box::new(IntsFn::List(vec![
                    IntFn::Sub(Box::new(h), Box::new(IntFn::Const(1))),
                    IntFn::Const(0),
                ])))
            }
            "state" | "rotation" if c.named("level").is_none() && !self.other_site_type(&c) => {
                let field = if c.id == "state" {
                    SiteField::State
                } else {
                    SiteField::Rotation
                };
                IntFn::PieceField(field, b(self, req(c.named("at"), &c)?)?)
            }
            "value" if c.word(self.reg) == Some("Piece") && c.named("level").is_none() && !self.other_site_type(&c) => {
                IntFn::PieceField(SiteField::Value, b(self, req(c.named("at"), &c)?)?)
            }
            "size" => self.size(&c)?,
            "ahead" => self.ahead(&c)?,
            "count.count" if c.word(self.reg) == Some("Steps") => self.count_steps(&c)?,
            "count.count" if c.word(self.reg) == Some("Groups") => self.count_groups(&c)?,
            "count.count" if c.word(self.reg) == Some("Liberties") => {
                IntFn::CountLiberties(Box::new(self.group_at(&c, true)?))
            }
            // (a deduction puzzle's site holds a value, not a piece)
            "what" if self.puzzle_values.is_some() => IntFn::PuzzleValue(b(self, req(c.named("at"), &c)?)?),
            "what" => IntFn::What(b(self, req(c.named("at"), &c)?)?),
            "mapEntry" => self.map_entry(&c)?,
            "arrayValue" => IntFn::ArrayValue(
                Box::new(self.ints(req(c.typed(self.reg, "ints"), &c)?)?),
                b(self, req(c.named("index"), &c)?)?,
            ),
            "coord" if c.typed(self.reg, "siteType").is_none() => match pos.first().map(|n| &n.kind) {
                Some(NodeKind::Str(label)) => IntFn::Coord(self.intern(label)),
                _ => IntFn::CoordAt(
                    b(self, req(c.named("row"), &c)?)?,
                    b(self, req(c.named("column"), &c)?)?,
                ),
            },
            "column" | "row" if c.typed(self.reg, "siteType").is_none() => {
                IntFn::RowColumn(c.id == "column", b(self, req(c.named("of"), &c)?)?)
            }
            "regionSite" => IntFn::RegionSite(
                Box::new(self.region(req(c.typed(self.reg, "sites"), &c)?)?),
                b(self, req(c.named("index"), &c)?)?,
            ),
            "iterator.player" => IntFn::Player,
            "trackSite" => self.track_site(&c)?,
            "ints.math.+" | "dim.math.+" => match pos.as_slice() {
                [x, y] => IntFn::Add(vec![self.int(x)?, self.int(y)?]),
                [l] => match &l.kind {
                    NodeKind::List(items) => IntFn::Add(items.iter().map(|i| self.int(i)).collect::<R<_>>()?),
                    _ => IntFn::Sum(Box::new(self.ints(l)?)),
                },
                _ => return invalid("bad +", c.span()),
            },
            "ints.math.-" | "dim.math.-" => match pos.as_slice() {
                [x, y] => IntFn::Sub(b(self, x)?, b(self, y)?),
                [x] => IntFn::Neg(b(self, x)?),
                _ => return invalid("bad -", c.span()),
            },
            "ints.math.*" | "dim.math.*" => match pos.as_slice() {
                [x, y] => IntFn::Mul(vec![self.int(x)?, self.int(y)?]),
                [l] => match &l.kind {
                    NodeKind::List(items) => IntFn::Mul(items.iter().map(|i| self.int(i)).collect::<R<_>>()?),
                    _ => IntFn::Product(Box::new(self.ints(l)?)),
                },
                _ => return invalid("bad *", c.span()),
            },
            "ints.math./" | "dim.math./" => {
                IntFn::Div(b(self, nth(&pos, 0, c.span())?)?, b(self, nth(&pos, 1, c.span())?)?)
            }
            "ints.math.min" | "dim.math.min" | "ints.math.max" | "dim.math.max" => {
                let list = match pos.as_slice() {
                    [x, y] => IntsFn::List(vec![self.int(x)?, self.int(y)?]),
                    [l] => self.ints(l)?,
                    _ => return invalid("bad min or max", c.span()),
                };
                if c.id.ends_with("min") {
                    IntFn::Min(Box::new(list))
                } else {
                    IntFn::Max(Box::new(list))
                }
            }
            "ints.math.abs" | "dim.math.abs" => {
                let x = self.int(nth(&pos, 0, c.span())?)?;
                IntFn::Max(Box::new(IntsFn::List(vec![x.clone(), IntFn::Neg(Box::new(x))])))
            }
            "%" => IntFn::Mod(b(self, nth(&pos, 0, c.span())?)?, b(self, nth(&pos, 1, c.span())?)?),
            "ints.math.^" => IntFn::Pow(b(self, nth(&pos, 0, c.span())?)?, b(self, nth(&pos, 1, c.span())?)?),
            "ints.math.if" => IntFn::If(
                Box::new(self.boolean(nth(&pos, 0, c.span())?)?),
                b(self, nth(&pos, 1, c.span())?)?,
                b(self, nth(&pos, 2, c.span())?)?,
            ),
            "count.count" => match c.word(self.reg) {
                Some("Sites") => {
                    let board = matches!(
                        pos.iter().find_map(|n| match &n.kind {
                            NodeKind::Str(s) => Some(s.as_str()),
                            _ => None,
                        }),
                        Some("Board")
                    );
                    let r = match c.named("in") {
                        Some(n) => self.region(n)?,
                        // `(count Sites "Board")`: the board's sites
                        None if board && c.named("at").is_none() => RegionFn::Board,
                        None => return unsupported("count Sites without in:", c.span()),
                    };
                    count_sites(r)
                }
                None => {
                    // the pieces at a site (`at:`, default `(last To)`) or in a region, of the
                    // board's site type, or of cells: then only hands are reached on a board
                    // of vertices or edges
                    let ty = match c.typed(self.reg, "siteType").map(|n| &n.kind) {
                        Some(NodeKind::Atom(a)) => SiteType::from_name(a),
                        _ => None,
                    };
                    let hands = ty == Some(SiteType::Cell) && self.site_type != SiteType::Cell;
                    if ty.is_some_and(|t| t != self.site_type) && !hands {
                        return unsupported("count at a site of another type", c.span());
                    }
                    self.requires_count = true;
                    match (c.named("in"), c.named("at")) {
                        (Some(r), _) => IntFn::CountIn(Box::new(self.region(r)?), hands),
                        (None, at) => {
                            let at = match at {
                                Some(n) => self.int(n)?,
                                None => IntFn::LastTo,
                            };
                            if hands {
                                IntFn::CountCellAt(Box::new(at))
                            } else {
                                IntFn::CountAt(Box::new(at))
                            }
                        }
                    }
                }
                Some("Moves") if c.positional().len() == 1 => IntFn::CountMoves,
                Some("MovesThisTurn") => IntFn::CountMovesThisTurn,
                Some("Players") if c.positional().len() == 1 => IntFn::Const(self.players as i32),
                Some(w @ ("Rows" | "Columns" | "Cells" | "Vertices" | "Edges")) if c.positional().len() == 1 => {
                    IntFn::BoardCount(
                        ["Rows", "Columns", "Cells", "Vertices", "Edges"]
                            .iter()
                            .position(|x| *x == w)
                            .unwrap_or(0) as u8,
                    )
                }
                Some("Turns") if c.positional().len() == 1 => IntFn::CountTurns,
                Some("Trials") if c.positional().len() == 1 => IntFn::CountTrials,
                Some("Active") if c.positional().len() == 1 => IntFn::CountActive,
                Some("Pieces") => self.count_pieces(&c, "count")?,
                Some("Pips") => self.count_pips(&c)?,
                Some("Stack") => {
                    self.board_site_type_only(&c, "count Stack on another site type than the board's")?;
                    let sites = match (c.named("at"), c.named("to")) {
                        (Some(a), _) => RegionFn::Site(b(self, a)?),
                        (_, Some(r)) => self.region(r)?,
                        _ => return invalid("count Stack needs at: or to:", c.span()),
                    };
                    let from_top = matches!(
                        c.typed(self.reg, "stackDirection").map(|n| &n.kind),
                        Some(NodeKind::Atom(a)) if a == "FromTop"
                    );
                    let cond = c.named("if").map(|n| self.condition(n)).transpose()?;
                    let stop = c.named("stop").map(|n| self.condition(n)).transpose()?;
                    IntFn::CountStack(Box::new(StackCount {
                        sites,
                        from_top,
                        cond: cond.unwrap_or(BoolFn::Const(true)),
                        stop: stop.unwrap_or(BoolFn::Const(false)),
                    }))
                }
                Some("Value") => IntFn::CountValue(
                    b(self, req(c.typed(self.reg, "int"), &c)?)?,
                    Box::new(self.ints(req(c.named("in"), &c)?)?),
                ),
                // `(count Orthogonal at:s)`: how many sites are in that relation with s (Ludii's
                // `CountOrthogonal`, ...: the board's own site type)
                Some(w @ ("Orthogonal" | "Adjacent" | "Diagonal")) if c.named("at").is_some() => {
                    self.board_site_type_only(&c, "count of related sites on another site type than the board's")?;
                    let rel = Relation::from_name(w).expect("a relation");
                    IntFn::CountSites(Box::new(RegionFn::Around {
                        sites: Box::new(RegionFn::Site(b(self, req(c.named("at"), &c)?)?)),
                        dirs: vec![Direction::Rel(rel)],
                        cond: None,
                        include_self: false,
                    }))
                }
                w => return unsupported(format!("count {}", w.unwrap_or("")), c.span()),
            },
            "dice.face" => {
                self.need_dice(&c)?;
                IntFn::Face(Box::new(self.int(nth(&pos, 0, c.span())?)?))
            }
            "handSite" => {
                self.requires_count = true;
                let player = match c.typed(self.reg, "roleType") {
                    Some(r) => IntFn::RolePlayer(self.role(r)?),
                    None => self.int(req(pos.first().copied(), &c)?)?,
                };
                let ints: Vec<&Node> = pos
                    .iter()
                    .copied()
                    .filter(|n| !matches!(n.kind, NodeKind::Atom(ref a) if self.role_name(a)))
                    .collect();
                let index = match (c.typed(self.reg, "roleType"), ints.as_slice()) {
                    (Some(_), [i, ..]) | (None, [_, i, ..]) => self.int(i)?,
                    _ => IntFn::Const(0),
                };
                IntFn::HandSite(Box::new(player), Box::new(index))
            }
            "where" => self.where_site(&c)?,
            "board.id" => {
                let name = match (pos.first().map(|n| &n.kind), c.typed(self.reg, "roleType")) {
                    (Some(NodeKind::Str(s)), _) => s.clone(),
                    // `(id P1)`: the player the role denotes
                    (_, Some(r)) => return Ok(IntFn::RolePlayer(self.role(r)?)),
                    _ => return unsupported("id of a role", c.span()),
                };
                match c.typed(self.reg, "roleType") {
                    Some(r) => {
                        let role = self.role(r)?;
                        let by_player = self.named_by_owner(&name);
                        IntFn::Id { role, by_player }
                    }
                    None => IntFn::Const(
                        self.components
                            .iter()
                            .position(|k| k.name == name)
                            .map(|i| i as i32)
                            .unwrap_or(-1),
                    ),
                }
            }
            "ints.last.last" => match c.word(self.reg) {
                // (`afterConsequence:True`: where the last action went, or came from)
                Some(w @ ("To" | "From")) => {
                    let after = self.flag(c.named("afterConsequence"))?;
                    self.reads_after_consequents |= after;
                    match (w, after) {
                        ("To", true) => IntFn::LastToAfter,
                        ("To", false) => IntFn::LastTo,
                        (_, true) => IntFn::LastFromAfter,
                        (_, false) => IntFn::LastFrom,
                    }
                }
                // (the level the decision's action names for its piece: a selection's, else
                // ground level, as Ludii's level of a move to the top of a stack is 0 too)
                Some("LevelTo") if c.named("afterConsequence").is_none() => IntFn::LastLevelTo,
                w => return unsupported(format!("last {}", w.unwrap_or("")), c.span()),
            },
            "pathExtent" => self.path_extent(&c)?,
            "centrePoint" => match self.typed_call(&c) {
                Some(ty) => IntFn::CentrePointOf(ty),
                None => IntFn::CentrePoint,
            },
            "board.phase" => {
                self.board_site_type_only(&c, "phase on another site type than the board's")?;
                IntFn::Phase(Box::new(self.int(req(c.named("of"), &c)?)?))
            }
            "layer" => {
                self.board_site_type_only(&c, "layer on another site type than the board's")?;
                IntFn::Layer(Box::new(self.int(req(c.named("of"), &c)?)?))
            }
            other => return unsupported(format!("({} ..)", Self::head(node).unwrap_or(other)), c.span()),
        })
    }

    fn ints(&mut self, node: &Node) -> R<IntsFn> {
        if let NodeKind::List(items) = &node.kind {
            return Ok(IntsFn::List(items.iter().map(|i| self.int(i)).collect::<R<_>>()?));
        }
        let c = self.call(node, "ints")?;
        match c.id {
            // `(array <sites>)` or `(array {<int>})`
            "array" => match c.typed(self.reg, "sites") {
                Some(r) => Ok(IntsFn::Sites(Box::new(self.region(r)?))),
                None => self.ints(nth(&c.positional(), 0, c.span())?),
            },
            "intArray.math.if" => {
                let pos = c.positional();
                Ok(IntsFn::If(
                    Box::new(self.condition(nth(&pos, 0, c.span())?)?),
                    Box::new(self.ints(nth(&pos, 1, c.span())?)?),
                    Box::new(match pos.get(2) {
                        Some(n) => self.ints(n)?,
                        None => IntsFn::List(Vec::new()),
                    }),
                ))
            }
            "results" => {
                let from = req(c.named("from"), &c)?;
                let to = req(c.named("to"), &c)?;
                let value = req(c.typed(self.reg, "int"), &c)?;
                let (fs, fr) = self.site_or_region(from)?;
                let (ts, tr) = self.site_or_region(to)?;
                let from = fr.unwrap_or_else(|| RegionFn::Site(Box::new(fs.unwrap_or(IntFn::Const(-1)))));
                let to = tr.unwrap_or_else(|| RegionFn::Site(Box::new(ts.unwrap_or(IntFn::Const(-1)))));
                Ok(IntsFn::Results {
                    from: Box::new(from),
                    to: Box::new(to),
                    value: Box::new(self.int(value)?),
                })
            }
            "values.values" => Ok(IntsFn::Remembered(self.remembered_list(&c))),
            "intArray.players.players" => {
                if c.named("of").is_some() {
                    return unsupported("players of: another player", c.span());
                }
                let group = c
                    .typed(self.reg, "playersManyType")
                    .or(c.typed(self.reg, "playersTeamType"));
                let role = self.role(req(group, &c)?)?;
                let cond = match c.named("if") {
                    Some(n) => Some(Box::new(self.condition(n)?)),
                    None => None,
                };
                Ok(IntsFn::Players(role, cond))
            }
            "sizes" => Ok(IntsFn::SizesGroups(Box::new(self.sizes_group(&c)?))),
            "intArray.math.union" | "intArray.math.intersection" => {
                // ({A B ..}: a list of arrays; A B: two arrays, either a list of numbers)
                let pos = c.positional();
                let arrays: Vec<&Node> = match pos.as_slice() {
                    [one] => match &one.kind {
                        NodeKind::List(items) => items.iter().collect(),
                        _ => pos.clone(),
                    },
                    _ => pos.clone(),
                };
                let all = arrays.into_iter().map(|n| self.ints(n)).collect::<R<Vec<_>>>()?;
                Ok(match c.id {
                    "intArray.math.union" => IntsFn::Union(all),
                    _ => IntsFn::Intersection(all),
                })
            }
            "intArray.math.difference" => {
                let pos = c.positional();
                let a = Box::new(self.ints(nth(&pos, 0, c.span())?)?);
                let b = nth(&pos, 1, c.span())?;
                let t = self.reg.id("int").expect("declared");
                let b = if self.ck.matches(b, &ParamType::Sym(t)) {
                    IntsFn::List(vec![self.int(b)?])
                } else {
                    self.ints(b)?
                };
                Ok(IntsFn::Difference(a, Box::new(b)))
            }
            other => unsupported(format!("({} ..)", Self::head(node).unwrap_or(other)), c.span()),
        }
    }

    fn boolean(&mut self, node: &Node) -> R<BoolFn> {
        if let NodeKind::Atom(a) = &node.kind {
            return match classify_atom(a) {
                Atom::Bool(b) => Ok(BoolFn::Const(b)),
                _ => invalid(format!("expected a boolean, found {a}"), node.span.clone()),
            };
        }
        let c = self.call(node, "boolean")?;
        let pos = c.positional();
        let bi = |l: &mut Self, n: &Node| -> R<Box<IntFn>> { Ok(Box::new(l.int(n)?)) };
        Ok(match c.id {
            "not" => BoolFn::Not(Box::new(self.boolean(nth(&pos, 0, c.span())?)?)),
            "deductionPuzzle.all.all" => self.all_different(&c)?,
            "deductionPuzzle.is.is" => self.puzzle_is(&c)?,
            "forAll" => self.for_all(&c)?,
            "math.and" | "math.or" => {
                let all = flatten(&pos)
                    .into_iter()
                    .map(|n| self.boolean(n))
                    .collect::<R<Vec<_>>>()?;
                if c.id == "math.and" {
                    BoolFn::And(all)
                } else {
                    BoolFn::Or(all)
                }
            }
            "xor" => BoolFn::Xor(
                Box::new(self.boolean(nth(&pos, 0, c.span())?)?),
                Box::new(self.boolean(nth(&pos, 1, c.span())?)?),
            ),
            // (a deduction puzzle compares the values set at two sites)
            op @ ("<" | "<=" | ">" | ">=") if self.puzzle_values.is_some() => {
                let (a, b) = (bi(self, nth(&pos, 0, c.span())?)?, bi(self, nth(&pos, 1, c.span())?)?);
                BoolFn::PuzzleCmp(Box::new(match op {
                    "<" => BoolFn::Lt(a, b),
                    "<=" => BoolFn::Le(a, b),
                    ">" => BoolFn::Gt(a, b),
                    _ => BoolFn::Ge(a, b),
                }))
            }
            "<" => BoolFn::Lt(bi(self, nth(&pos, 0, c.span())?)?, bi(self, nth(&pos, 1, c.span())?)?),
            "<=" => BoolFn::Le(bi(self, nth(&pos, 0, c.span())?)?, bi(self, nth(&pos, 1, c.span())?)?),
            ">" => match (self.int(nth(&pos, 0, c.span())?)?, self.int(nth(&pos, 1, c.span())?)?) {
                // (a group with a liberty: found without counting them all)
                (IntFn::CountLiberties(g), IntFn::Const(0)) => BoolFn::HasLiberty(g),
                (a, b) => BoolFn::Gt(Box::new(a), Box::new(b)),
            },
            ">=" => BoolFn::Ge(bi(self, nth(&pos, 0, c.span())?)?, bi(self, nth(&pos, 1, c.span())?)?),
            "=" | "!=" => {
                let sites = self.reg.id("sites").expect("declared");
                let int = self.reg.id("int").expect("declared");
                // (regions where either side can only be one)
                let mut is_region = false;
                for k in 0..2 {
                    let n = nth(&pos, k, c.span())?;
                    is_region |= Self::head(n) == Some("sites")
                        || self.ck.matches(n, &ParamType::Sym(sites)) && !self.ck.matches(n, &ParamType::Sym(int));
                }
                let b = if is_region {
                    BoolFn::RegionEq(
                        Box::new(self.region(nth(&pos, 0, c.span())?)?),
                        Box::new(self.region(nth(&pos, 1, c.span())?)?),
                    )
                } else {
                    BoolFn::Eq(bi(self, nth(&pos, 0, c.span())?)?, bi(self, nth(&pos, 1, c.span())?)?)
                };
                if c.id == "=" {
                    b
                } else {
                    match b {
                        BoolFn::Eq(x, y) => BoolFn::Ne(x, y),
                        other => BoolFn::Not(Box::new(other)),
                    }
                }
            }
            "booleans.math.if" => BoolFn::If(
                Box::new(self.boolean(nth(&pos, 0, c.span())?)?),
                Box::new(self.boolean(nth(&pos, 1, c.span())?)?),
                Box::new(match pos.get(2) {
                    Some(n) => self.boolean(n)?,
                    None => BoolFn::Const(false),
                }),
            ),
            "was" => BoolFn::WasPass,
            "booleans.all.all" => match c.word(self.reg) {
                Some("Passed") => {
                    self.not_all_pass = true;
                    BoolFn::AllPassed
                }
                Some(w @ ("DiceUsed" | "DiceEqual")) => {
                    self.need_dice(&c)?;
                    if w == "DiceUsed" {
                        BoolFn::AllDiceUsed
                    } else {
                        BoolFn::AllDiceEqual
                    }
                }
                Some(w @ ("Sites" | "Different")) => BoolFn::AllSites(
                    Box::new(self.region(req(c.typed(self.reg, "sites"), &c)?)?),
                    Box::new(match c.named("if") {
                        Some(cond) => self.condition(cond)?,
                        None => BoolFn::Const(true),
                    }),
                    w == "Different",
                ),
                Some("Groups") => self.all_groups(&c)?,
                w => return unsupported(format!("all {}", w.unwrap_or("")), c.span()),
            },
            "booleans.no.no" => match c.word(self.reg) {
                Some("Moves") => BoolFn::NoMoves(self.role(req(c.typed(self.reg, "roleType"), &c)?)?),
                Some("Pieces") => BoolFn::Eq(Box::new(self.count_pieces(&c, "no")?), Box::new(IntFn::Const(0))),
                w => return unsupported(format!("no {}", w.unwrap_or("")), c.span()),
            },
            "booleans.is.is" => self.is(&c)?,
            "can" => match c.word(self.reg) {
                Some("Move") => BoolFn::CanMove(Box::new(self.moves(req(c.typed(self.reg, "moves"), &c)?)?)),
                w => return unsupported(format!("can {}", w.unwrap_or("")), c.span()),
            },
            other => return unsupported(format!("({} ..)", Self::head(node).unwrap_or(other)), c.span()),
        })
    }

    fn is(&mut self, c: &Call) -> R<BoolFn> {
        let word = c.word(self.reg).unwrap_or("");
        // (a site type, `Cell` for a hand's site, reads the same site here)
        let ints: Vec<&Node> = c
            .positional()
            .into_iter()
            .filter(|n| !matches!(&n.kind, NodeKind::Atom(a) if a == word || SiteType::from_name(a).is_some()))
            .collect();
        let bi = |l: &mut Self, n: &Node| -> R<Box<IntFn>> { Ok(Box::new(l.int(n)?)) };
        if word == "LastTo" {
            let ty = match c.typed(self.reg, "siteType").map(|n| &n.kind) {
                Some(NodeKind::Atom(a)) => SiteType::from_name(a).unwrap_or(self.site_type),
                _ => self.site_type,
            };
            return Ok(BoolFn::LastToOfType(self.use_type(ty)));
        }
        if let Some(ty) = matches!(word, "Empty" | "Occupied")
            .then(|| self.typed_call(c))
            .flatten()
        {
            return Ok(BoolFn::OnType {
                ty,
                site: bi(self, nth(&ints, 0, c.span())?)?,
                occupied: word == "Occupied",
            });
        }
        Ok(match word {
            "Empty" => BoolFn::IsEmpty(bi(self, nth(&ints, 0, c.span())?)?),
            "Flat" => {
                self.board_site_type_only(c, "is Flat on another site type than the board's")?;
                BoolFn::IsFlat(match ints.first() {
                    Some(n) => bi(self, n)?,
                    None => Box::new(IntFn::To),
                })
            }
            "Connected" => self.is_connected(c)?,
            "Blocked" => match self.is_connected(c)? {
                BoolFn::IsConnected(k) => BoolFn::IsBlocked(k),
                _ => return unsupported("this form of is Blocked", c.span()),
            },
            "Loop" => self.is_loop(c)?,
            "SidesMatch" => self.is_sides_match(c)?,
            "PipsMatch" => self.is_pips_match(c)?,
            // (any site of the region related to the site: the relations are symmetric)
            "Related" => {
                self.board_site_type_only(c, "is Related on another site type than the board's")?;
                let rel = ints.iter().find_map(|n| match &n.kind {
                    NodeKind::Atom(a) => Relation::from_name(a),
                    _ => None,
                });
                let args: Vec<&Node> = ints
                    .iter()
                    .copied()
                    .filter(|n| !matches!(&n.kind, NodeKind::Atom(a) if Relation::from_name(a).is_some()))
                    .collect();
                let (Some(rel), [site, target]) = (rel, args.as_slice()) else {
                    return invalid("is Related needs a relation, a site and a site or region", c.span());
                };
                let site = bi(self, site)?;
                let region = match self.site_or_region(target)? {
                    (_, Some(r)) => r,
                    (Some(x), None) => RegionFn::Site(Box::new(x)),
                    (None, None) => return invalid("is Related to what?", target.span.clone()),
                };
                BoolFn::NearAny {
                    site,
                    rel,
                    region: Box::new(region),
                }
            }
            // (no empty site left on the board)
            "Full" => BoolFn::Eq(
                Box::new(IntFn::CountSites(Box::new(RegionFn::Empty))),
                Box::new(IntFn::Const(0)),
            ),
            "Occupied" => BoolFn::IsOccupied(bi(self, nth(&ints, 0, c.span())?)?),
            "Enemy" => BoolFn::IsEnemy(bi(self, nth(&ints, 0, c.span())?)?),
            "Friend" => BoolFn::IsFriend(bi(self, nth(&ints, 0, c.span())?)?),
            "Even" => BoolFn::IsEven(bi(self, nth(&ints, 0, c.span())?)?),
            "Repeat" => {
                let kind = match c.positional().into_iter().find_map(|n| match &n.kind {
                    NodeKind::Atom(a) if a != "Repeat" => Some(a.as_str()),
                    _ => None,
                }) {
                    None | Some("Positional") => Repetition::Positional,
                    Some("PositionalInTurn") => Repetition::PositionalInTurn,
                    Some(k) => return unsupported(format!("is Repeat {k}"), c.span()),
                };
                if self.is_repeat.is_some_and(|k| k != kind) {
                    return unsupported("is Repeat of two kinds", c.span());
                }
                self.is_repeat = Some(kind);
                BoolFn::IsRepeat
            }
            "Visited" => {
                self.uses_visited = true;
                BoolFn::IsVisited(bi(self, nth(&ints, 0, c.span())?)?)
            }
            "Odd" => BoolFn::IsOdd(bi(self, nth(&ints, 0, c.span())?)?),
            "AnyDie" => {
                self.need_dice(c)?;
                BoolFn::IsAnyDie(bi(self, nth(&ints, 0, c.span())?)?)
            }
            "Pending" => BoolFn::IsPending,
            "Mover" | "Next" | "Prev"
                if ints.len() == 1
                    && !(word == "Prev"
                        && matches!(&nth(&ints, 0, c.span())?.kind, NodeKind::Atom(a) if a == "Mover")) =>
            {
                let role = match word {
                    "Mover" => Role::Mover,
                    "Next" => Role::Next,
                    _ => Role::Prev,
                };
                BoolFn::IsPlayer(role, bi(self, nth(&ints, 0, c.span())?)?)
            }
            "Prev" if matches!(ints.first().map(|n| &n.kind), Some(NodeKind::Atom(a)) if a == "Mover") => {
                BoolFn::IsPrevMover
            }
            "In" => {
                // the site defaults to `(to)`; the values of a list are its sites
                let site = match c.typed(self.reg, "int") {
                    Some(n) => self.int(n)?,
                    None => IntFn::To,
                };
                let region = match (c.typed(self.reg, "sites"), c.typed(self.reg, "ints")) {
                    (Some(r), _) => self.region(r)?,
                    (None, Some(l)) => self.sites_of_ints(l)?,
                    (None, None) => return invalid("is In needs sites", c.span()),
                };
                BoolFn::IsIn(Box::new(site), Box::new(region))
            }
            "Line" => self.is_line(c)?,
            "Pattern" => self.is_pattern(c)?,
            "Target" => self.is_target(c)?,
            "Hidden" => self.is_hidden(c)?,
            "Tree" | "SpanningTree" | "RegularGraph" | "TreeCentre" => self.is_graph(c, word)?,
            "Path" => self.is_path(c)?,
            "Threatened" => self.is_threatened(c)?,
            "Within" => {
                let what = bi(self, nth(&ints, 0, c.span())?)?;
                if let Some(r) = c.named("in") {
                    let r = self.region(r)?;
                    self.within_near(what, r)
                } else if let Some(a) = c.named("at") {
                    BoolFn::IsWithinAt(what, bi(self, a)?)
                } else {
                    return unsupported("is Within without in: or at:", c.span());
                }
            }
            "Active" => {
                let p = match c.typed(self.reg, "roleType") {
                    Some(r) => IntFn::RolePlayer(self.role(r)?),
                    None => self.int(nth(&ints, 0, c.span())?)?,
                };
                BoolFn::IsActive(Box::new(p))
            }
            "Triggered" => {
                let p = match c.typed(self.reg, "roleType") {
                    Some(r) => IntFn::RolePlayer(self.role(r)?),
                    None => self.int(req(c.typed(self.reg, "int"), c)?)?,
                };
                BoolFn::IsTriggered(Box::new(p))
            }
            "Decided" => match ints.first().map(|n| &n.kind) {
                Some(NodeKind::Str(s)) => BoolFn::IsDecided(self.intern(s)),
                _ => return unsupported("is Decided", c.span()),
            },
            "Cycle" => {
                self.uses_cycles = true;
                BoolFn::IsCycle
            }
            "Proposed" => match ints.first().map(|n| &n.kind) {
                Some(NodeKind::Str(s)) => BoolFn::IsProposed(self.intern(s)),
                _ => return unsupported("is Proposed", c.span()),
            },
            w => return unsupported(format!("is {w}"), c.span()),
        })
    }

    /// The move generators of an `or`, `and` or `priority` (lists flattened), without its
    /// `then`.
    fn alternatives(&mut self, c: &Call) -> R<Vec<Moves>> {
        let then_node = c.typed(self.reg, "then");
        flatten(&c.positional())
            .into_iter()
            .filter(|n| !then_node.is_some_and(|t| std::ptr::eq(*n, t)))
            .map(|n| self.moves(n))
            .collect()
    }

    /// `(is Within what in:r)`; where `r` is one site's neighbours in one relation and `what`
    /// reads no iterator, a mask test against the (cached) sites holding `what`.
    fn within_near(&mut self, what: Box<IntFn>, r: RegionFn) -> BoolFn {
        if let RegionFn::Around {
            sites,
            dirs,
            cond: None,
            include_self: false,
        } = &r
        {
            if let (RegionFn::Site(x), [Direction::Rel(rel)]) = (&**sites, dirs.as_slice()) {
                if crate::ir::purity::int(&what) {
                    return BoolFn::NearAny {
                        site: x.clone(),
                        rel: *rel,
                        region: Box::new(self.cached(RegionFn::Holding(what))),
                    };
                }
            }
        }
        BoolFn::IsWithinRegion(what, Box::new(r))
    }

    /// The pieces of `(count Pieces [role] [name])` and `(no Pieces ..)` (`what` names the
    /// ludeme in the refusal of the forms not run yet).
    fn count_pieces(&mut self, c: &Call, what: &str) -> R<IntFn> {
        if c.named("if").is_some() {
            return unsupported(format!("{what} Pieces if:"), c.span());
        }
        // ("Bag": the dominoes left to take, as Ludii names them)
        if matches!(c.typed(self.reg, "string").map(|n| &n.kind), Some(NodeKind::Str(s)) if s == "Bag") {
            return Ok(IntFn::Bag);
        }
        let of = c.named("of").map(|n| self.int(n)).transpose()?.map(Box::new);
        let ty = self.typed_call(c);
        // (every owner's by default, as Ludii)
        let role = match c.typed(self.reg, "roleType") {
            Some(r) => self.role(r)?,
            None => Role::All,
        };
        let name = match c.typed(self.reg, "string").map(|n| &n.kind) {
            Some(NodeKind::Str(s)) => Some(self.intern(s)),
            _ => None,
        };
        let region = c.named("in").map(|n| self.region(n)).transpose()?.map(Box::new);
        Ok(IntFn::CountPieces(role, name, region, of, ty))
    }

    /// Per owner (index), the first component whose name holds `name` and that the owner
    /// owns (-1: none): what `(id "Name" role)` and a promotion to a named piece read.
    pub(super) fn named_by_owner(&self, name: &str) -> Vec<i32> {
        (0..self.components.len().max(18))
            .map(|p| {
                self.components
                    .iter()
                    .enumerate()
                    .skip(1)
                    .find(|(_, k)| k.owner as usize == p && k.name.contains(name))
                    .map_or(-1, |(i, _)| i as i32)
            })
            .collect()
    }

    /// A region, or one site as a region.
    fn region_or_site(&mut self, node: &Node) -> R<RegionFn> {
        match self.site_or_region(node)? {
            (_, Some(r)) => Ok(r),
            (Some(i), None) => Ok(RegionFn::Site(Box::new(i))),
            (None, None) => invalid("expected a site or a region", node.span.clone()),
        }
    }

    /// A region, computed once per state where it is pure and worth it.
    pub(super) fn region(&mut self, node: &Node) -> R<RegionFn> {
        let r = self.region_uncached(node)?;
        Ok(self.cached(r))
    }

    /// A condition of a move, region or rule: lowered, then given a [`BoolFn::Compiled`]
    /// slot (one per distinct condition) unless it is a constant.
    pub(super) fn condition(&mut self, node: &Node) -> R<BoolFn> {
        let b = self.boolean(node)?;
        Ok(self.compiled(b))
    }

    /// A condition given a [`BoolFn::Compiled`] slot (one per distinct condition) unless it
    /// is a constant.
    pub(super) fn compiled(&mut self, b: BoolFn) -> BoolFn {
        if matches!(b, BoolFn::Const(_) | BoolFn::Compiled(..)) {
            return b;
        }
        let slot = slot_of(&mut self.conds, &b);
        BoolFn::Compiled(slot as u32, Box::new(b))
    }

    /// A dynamic region type (`Own`, `Enemy`, `Empty`, ..) as a condition on the site `(to)`:
    /// what its piece's owner must be.
    fn region_type_dynamic(&mut self, a: &str) -> BoolFn {
        let who = || Box::new(IntFn::Who(Box::new(IntFn::To)));
        let shared = IntFn::Const(self.players as i32 + 1);
        let own = BoolFn::Or(vec![
            BoolFn::Eq(who(), Box::new(IntFn::Mover)),
            BoolFn::Eq(who(), Box::new(shared)),
        ]);
        let enemy = BoolFn::And(vec![
            BoolFn::Ne(who(), Box::new(IntFn::Const(0))),
            BoolFn::Ne(who(), Box::new(IntFn::Mover)),
            BoolFn::Le(who(), Box::new(IntFn::Const(self.players as i32))),
        ]);
        match a {
            "Empty" => BoolFn::IsEmpty(Box::new(IntFn::To)),
            "NotEmpty" => BoolFn::IsOccupied(Box::new(IntFn::To)),
            "Own" => own,
            "NotOwn" => BoolFn::Not(Box::new(own)),
            "Enemy" => enemy,
            _ => BoolFn::Not(Box::new(enemy)),
        }
    }

    /// A value of an effect: lowered, then given an [`IntFn::Compiled`] slot (one per
    /// distinct value) unless it is a leaf (a constant, a variable, ...).
    pub(super) fn value(&mut self, node: &Node) -> R<IntFn> {
        let f = self.int(node)?;
        Ok(self.compiled_value(f))
    }

    /// `f` with an [`IntFn::Compiled`] slot (one per distinct value) unless it is a leaf.
    pub(super) fn compiled_value(&mut self, f: IntFn) -> IntFn {
        // (a function without parts is read in place, or is not worth a slot)
        if matches!(f, IntFn::Compiled(..)) || crate::ir::Node::Int(&f).children().is_empty() {
            return f;
        }
        let slot = slot_of(&mut self.values, &f);
        IntFn::Compiled(slot as u32, Box::new(f))
    }

    /// `r`, as a [`RegionFn::Cached`] slot where it is pure and worth it.
    fn cached(&mut self, r: RegionFn) -> RegionFn {
        // (the owners' table gives `sites Empty` in a few word operations: less than a look-up)
        let worth = !matches!(
            r,
            RegionFn::Cached(..)
                | RegionFn::Site(_)
                | RegionFn::Sites(_)
                | RegionFn::Board
                | RegionFn::Owned(..)
                | RegionFn::Empty
        );
        if worth && crate::ir::purity::region(&r) {
            // one slot per distinct region
            if let Some(slot) = self.cached_inners.iter().position(|x| *x == r) {
                return RegionFn::Cached(slot as u32, Box::new(r));
            }
            self.cached_inners.push(r.clone());
            self.cached_regions += 1;
            return RegionFn::Cached(self.cached_regions - 1, Box::new(r));
        }
        r
    }

    fn region_uncached(&mut self, node: &Node) -> R<RegionFn> {
        if let NodeKind::List(items) = &node.kind {
            return Ok(RegionFn::Sites(items.iter().map(|i| self.int(i)).collect::<R<_>>()?));
        }
        let c = self.call(node, "sites")?;
        let pos = c.positional();
        Ok(match c.id {
            "sites" if c.word(self.reg).is_none() && c.typed(self.reg, "ints").is_some() => {
                let n = req(c.typed(self.reg, "ints"), &c)?;
                if let NodeKind::List(items) = &n.kind {
                    RegionFn::Sites(items.iter().map(|i| self.int(i)).collect::<R<_>>()?)
                } else {
                    self.sites_of_ints(n)?
                }
            }
            "sites" => {
                let word = c.word(self.reg);
                match word {
                    Some("Direction") => self.sites_direction(&c)?,
                    Some(w @ ("Empty" | "Board")) if self.other_type_of(&c).is_some() => {
                        let ty = self.typed_call(&c).unwrap_or(self.site_type);
                        let t = if w == "Empty" {
                            TypedRegion::Empty
                        } else {
                            TypedRegion::All
                        };
                        RegionFn::OnType(ty, Box::new(t))
                    }
                    Some("Empty") => match c.typed(self.reg, "int") {
                        Some(k) => match self.int(k)? {
                            IntFn::Const(0) => RegionFn::Empty,
                            k => RegionFn::EmptyIn(Box::new(k)),
                        },
                        None => RegionFn::Empty,
                    },
                    Some("Board") => RegionFn::Board,
                    // (the corners of another site type: its own board's)
                    Some("Corners") => match self.typed_call(&c) {
                        Some(ty) => RegionFn::OnType(ty, Box::new(TypedRegion::Geometry(BoardRegion::Corners))),
                        None => RegionFn::Corners,
                    },
                    Some("Perimeter") => RegionFn::Perimeter,
                    Some("Centre") => RegionFn::Centre,
                    Some("Playable") => RegionFn::Playable {
                        boardless: self.boardless,
                    },
                    Some("LastTo") => {
                        self.uses_last_to = true;
                        RegionFn::LastTo
                    }
                    Some("Pending") => RegionFn::Pending,
                    Some("LineOfPlay") => RegionFn::LineOfPlay,
                    Some("Track") => self.sites_track(&c)?,
                    Some(w @ ("Top" | "Bottom" | "Left" | "Right" | "Outer" | "Inner")) => self.sites_simple(&c, w)?,
                    Some(w @ ("Phase" | "Row" | "Column" | "State")) => self.sites_index(&c, w)?,
                    Some("Incident") => self.sites_incident(&c)?,
                    Some("Side") => self.sites_side(&c)?,
                    Some("ToClear") => RegionFn::ToClear,
                    Some("Start") => {
                        let PieceFn::Index(i) = self.piece_fn(req(c.typed(self.reg, "moves.piece"), &c)?)?;
                        RegionFn::Start(Box::new(i))
                    }
                    Some("Hand") => {
                        let p = match (c.typed(self.reg, "roleType"), c.typed(self.reg, "moves.player")) {
                            (Some(r), _) => IntFn::RolePlayer(self.role(r)?),
                            (None, Some(p)) => {
                                let pc = self.call(p, "moves.player")?;
                                self.int(req(pc.positional().first().copied(), &pc)?)?
                            }
                            // (no player: no hand, as in Ludii)
                            _ => return Ok(RegionFn::Sites(Vec::new())),
                        };
                        RegionFn::Hand(Box::new(p))
                    }
                    None if c.typed(self.reg, "roleType").is_some()
                        || c.typed(self.reg, "moves.player").is_some()
                        || (c.typed(self.reg, "string").is_some() && c.positional().len() == 1) =>
                    {
                        match self.sites_equipment(&c)? {
                            Some(r) => r,
                            None => self.sites_more(&c)?,
                        }
                    }
                    Some("Group") => self.sites_group(&c)?,
                    Some("Occupied") => {
                        let role = match c.named("by") {
                            Some(n) if matches!(n.kind, NodeKind::Atom(_)) => self.role(n)?,
                            Some(n) => match self.player_index(n)? {
                                IntFn::Const(p) if (0..=16).contains(&p) => Role::Player(p as u8),
                                // (a computed player: the occupied sites that player's piece tops)
                                p if c.named("container").is_none() && c.named("component").is_none() => {
                                    return Ok(RegionFn::Filter(
                                        Box::new(RegionFn::Occupied {
                                            role: Role::All,
                                            component: None,
                                            top: true,
                                        }),
                                        Box::new(BoolFn::Eq(Box::new(IntFn::Who(Box::new(IntFn::Site))), Box::new(p))),
                                    ));
                                }
                                _ => return unsupported("sites Occupied by a player index", c.span()),
                            },
                            None => return unsupported("sites Occupied by a player index", c.span()),
                        };
                        // (`on:` the board's site type is every site the engine keeps; another
                        // type's sites are that type's own)
                        if let Some(on) = c.named("on") {
                            match &on.kind {
                                NodeKind::Atom(a) if SiteType::from_name(a) == Some(self.site_type) => {}
                                // (of one component by name, on the board)
                                NodeKind::Atom(a)
                                    if SiteType::from_name(a).is_some()
                                        && c.named("components").is_none()
                                        && c.named("top").is_none()
                                        && c.named("container")
                                            .is_none_or(|k| matches!(&k.kind, NodeKind::Str(b) if b == "Board")) =>
                                {
                                    let component = match c.named("component").map(|n| &n.kind) {
                                        None => None,
                                        Some(NodeKind::Str(s)) => Some(self.intern(s)),
                                        Some(_) => return unsupported("sites Occupied component: by index", c.span()),
                                    };
                                    let ty = self.use_type(SiteType::from_name(a).unwrap_or(self.site_type));
                                    return Ok(RegionFn::OnType(ty, Box::new(TypedRegion::Occupied(role, component))));
                                }
                                _ => {
                                    return unsupported(
                                        "sites Occupied on another site type than the board's",
                                        c.span(),
                                    )
                                }
                            }
                        }
                        // the component (`component:`), or each of a list (`components:`)
                        let comps: Vec<Option<u16>> = match (c.named("component"), c.named("components")) {
                            (_, Some(list)) => {
                                let NodeKind::List(items) = &list.kind else {
                                    return unsupported("sites Occupied components: not a list", c.span());
                                };
                                let mut v = Vec::new();
                                for item in items {
                                    match &item.kind {
                                        NodeKind::Str(s) => v.push(Some(self.intern(s))),
                                        _ => return unsupported("sites Occupied components: by index", c.span()),
                                    }
                                }
                                v
                            }
                            (Some(n), None) => match &n.kind {
                                NodeKind::Str(s) => vec![Some(self.intern(s))],
                                _ => return unsupported("sites Occupied component: by index", c.span()),
                            },
                            (None, None) => vec![None],
                        };
                        // (the board is what the region is of by default; another container is
                        // named, or given by its index)
                        // ("Hand": the players' own hands, as Ludii's name of every hand)
                        let in_hands =
                            matches!(c.named("container").map(|n| &n.kind), Some(NodeKind::Str(h)) if h == "Hand");
                        let container = match c.named("container") {
                            None => None,
                            Some(_) if in_hands => None,
                            Some(n) => match &n.kind {
                                NodeKind::Str(name) if name == "Board" => Some(IntFn::Const(0)),
                                NodeKind::Str(name) => match self.containers.iter().position(|k| k.name == *name) {
                                    Some(i) => Some(IntFn::Const(i as i32 + 1)),
                                    None => return invalid(format!("no container named \"{name}\""), n.span.clone()),
                                },
                                _ => Some(self.int(n)?),
                            },
                        };
                        let top = match c.named("top") {
                            Some(n) => self.flag(Some(n))?,
                            None => true,
                        };
                        let mut parts = Vec::new();
                        for component in comps {
                            if in_hands {
                                parts.push(RegionFn::InHands {
                                    role,
                                    component,
                                    container: None,
                                });
                                continue;
                            }
                            let on_board = match (component, top) {
                                (None, true) if role != Role::Iterated && !(self.team_game && role.by_team()) => {
                                    RegionFn::Owned(Owners::occupying(role, self.players))
                                }
                                _ => RegionFn::Occupied { role, component, top },
                            };
                            parts.push(match &container {
                                // (no container named: the locations of the board's site type,
                                // as Ludii's: the hands' sites too where that is Cell, theirs)
                                None if !self.containers.is_empty() && self.site_type == SiteType::Cell => {
                                    RegionFn::Union(vec![
                                        on_board,
                                        RegionFn::InHands {
                                            role,
                                            component,
                                            container: None,
                                        },
                                    ])
                                }
                                None | Some(IntFn::Const(0)) => on_board,
                                Some(k) => RegionFn::InHands {
                                    role,
                                    component,
                                    container: Some(Box::new(k.clone())),
                                },
                            });
                        }
                        match parts.len() {
                            1 => parts.pop().expect("one part"),
                            _ => RegionFn::Union(parts),
                        }
                    }
                    Some("Around") => {
                        // (the site type, named or not, is no target)
                        let target = pos
                            .iter()
                            .find(|n| {
                                !matches!(&n.kind, NodeKind::Atom(a) if a == "Around" || SiteType::from_name(a).is_some())
                            })
                            .copied();
                        let target = target.ok_or_else(|| LowerError::Invalid {
                            message: "around what?".into(),
                            span: c.span(),
                        })?;
                        if let Some(ty) = self.typed_call(&c) {
                            return self.around_of_type(&c, ty, target);
                        }
                        let (s, r) = self.site_or_region(target)?;
                        let sites = r.unwrap_or_else(|| RegionFn::Site(Box::new(s.unwrap_or(IntFn::Const(-1)))));
                        let dirs = match c.typed(self.reg, "absoluteDirection") {
                            Some(d) => self.directions(Some(d))?,
                            None => vec![Direction::Rel(Relation::Adjacent)],
                        };
                        let kind = match c.typed(self.reg, "regionTypeDynamic").map(|n| &n.kind) {
                            Some(NodeKind::Atom(a)) => Some(self.region_type_dynamic(a)),
                            _ => None,
                        };
                        let cond = match (c.named("if"), kind) {
                            (Some(n), None) => Some(Box::new(self.condition(n)?)),
                            (Some(n), Some(k)) => {
                                let b = self.boolean(n)?;
                                Some(Box::new(self.compiled(BoolFn::And(vec![k, b]))))
                            }
                            (None, Some(k)) => Some(Box::new(self.compiled(k))),
                            (None, None) => None,
                        };
                        let include_self = self.flag(c.named("includeSelf"))?;
                        match c.named("distance") {
                            Some(d) => RegionFn::AroundAt {
                                sites: Box::new(sites),
                                dirs,
                                cond,
                                include_self,
                                distance: Box::new(self.int(d)?),
                            },
                            None => RegionFn::Around {
                                sites: Box::new(sites),
                                dirs,
                                cond,
                                include_self,
                            },
                        }
                    }
                    Some(
                        "LineOfSight" | "Distance" | "Between" | "To" | "From" | "Pattern" | "Crossing" | "Hidden"
                        | "LargePiece",
                    )
                    | None => self.sites_more(&c)?,
                    Some("Random") => {
                        let region = match c.typed(self.reg, "sites") {
                            Some(n) => self.region(n)?,
                            None => RegionFn::Board,
                        };
                        let num = match c.named("num") {
                            Some(n) => self.int(n)?,
                            None => IntFn::Const(1),
                        };
                        self.draws_random = true;
                        RegionFn::Random(Box::new(region), Box::new(num))
                    }
                    w => return unsupported(format!("sites {}", w.unwrap_or("")), c.span()),
                }
            }
            "region.math.if" => RegionFn::If(
                Box::new(self.condition(nth(&pos, 0, c.span())?)?),
                Box::new(self.region(nth(&pos, 1, c.span())?)?),
                pos.get(2).map(|n| self.region(n)).transpose()?.map(Box::new),
            ),
            "region.math.union" | "region.math.intersection" => {
                let all = flatten(&pos)
                    .into_iter()
                    .map(|n| self.region(n))
                    .collect::<R<Vec<_>>>()?;
                let owners = |r: &RegionFn| match r {
                    RegionFn::Owned(o) => Some(*o),
                    _ => None,
                };
                if c.id == "region.math.union" {
                    let union = all
                        .iter()
                        .try_fold(Owners::default(), |u, r| owners(r).and_then(|o| u.union(o)));
                    match union {
                        Some(o) if !all.is_empty() => RegionFn::Owned(o),
                        _ => RegionFn::Union(all),
                    }
                } else {
                    RegionFn::Intersection(all)
                }
            }
            "region.foreach.forEach" => self.region_for_each(&c)?,
            "region.last.last" => {
                self.uses_last_between = true;
                RegionFn::LastBetween
            }
            "expand" => self.expand(&c)?,
            "region.math.difference" => match (
                self.region(nth(&pos, 0, c.span())?)?,
                self.region_or_site(nth(&pos, 1, c.span())?)?,
            ) {
                (RegionFn::Owned(a), RegionFn::Owned(b)) if a.minus(b).is_some() => {
                    RegionFn::Owned(a.minus(b).unwrap_or(a))
                }
                (a, b) => RegionFn::Difference(Box::new(a), Box::new(b)),
            },
            other => return unsupported(format!("({} ..)", Self::head(node).unwrap_or(other)), c.span()),
        })
    }
}

/// `(count Sites in:(intersection {R (sites Direction from:S <rel> distance:1)
/// (sites LineOfSight Piece at:S <rel>)}))` with R a region of occupied sites: the first site
/// of a radial is the first piece seen along it exactly when it is occupied, so the
/// intersection is S's neighbours in the relation that lie in R, an [`IntFn::CountNear`].
fn occupied_neighbours(r: &RegionFn) -> Option<IntFn> {
    let RegionFn::Intersection(v) = r else { return None };
    let [_, _, _] = v.as_slice() else { return None };
    let (mut step, mut sight, mut rest) = (None, None, None);
    for x in v {
        match x {
            RegionFn::Direction {
                from,
                dirs,
                included: false,
                stop: None,
                distance: Some(d),
                ..
            } if matches!(**d, IntFn::Const(1)) => match dirs.as_slice() {
                [Direction::Rel(rel)] => step = Some((from, *rel)),
                _ => return None,
            },
            RegionFn::LineOfSight {
                at,
                dirs,
                kind: crate::board::LineOfSight::Piece,
            } => match dirs.as_slice() {
                [Direction::Rel(rel)] => sight = Some((at, *rel)),
                _ => return None,
            },
            other if only_occupied(other) => rest = Some(other),
            _ => return None,
        }
    }
    let ((from, rel), (at, rel2), rest) = (step?, sight?, rest?);
    (from == at && rel == rel2).then(|| IntFn::CountNear {
        site: from.clone(),
        rel,
        region: Box::new(rest.clone()),
    })
}

/// Whether a region holds only occupied sites, whatever the state.
fn only_occupied(r: &RegionFn) -> bool {
    match r {
        RegionFn::Owned(..) | RegionFn::Occupied { .. } | RegionFn::InHands { .. } | RegionFn::Holding(_) => true,
        RegionFn::Cached(_, inner) => only_occupied(inner),
        RegionFn::Difference(a, _) => only_occupied(a),
        RegionFn::Intersection(v) => v.iter().any(only_occupied),
        RegionFn::Union(v) => !v.is_empty() && v.iter().all(only_occupied),
        _ => false,
    }
}

/// `(count Sites in:r)`, as [`IntFn::CountNear`] where `r` is the neighbours of one site in
/// one relation within a cached region (or one of the owners' table).
fn count_sites(r: RegionFn) -> IntFn {
    if let Some(f) = occupied_neighbours(&r) {
        return f;
    }
    if let RegionFn::Intersection(v) = &r {
        if let [a, b @ (RegionFn::Cached(..) | RegionFn::Owned(..))]
        | [b @ (RegionFn::Cached(..) | RegionFn::Owned(..)), a] = v.as_slice()
        {
            if let RegionFn::Around {
                sites,
                dirs,
                cond: None,
                include_self: false,
            } = a
            {
                if let (RegionFn::Site(x), [crate::board::Direction::Rel(rel)]) = (&**sites, dirs.as_slice()) {
                    return IntFn::CountNear {
                        site: x.clone(),
                        rel: *rel,
                        region: Box::new(b.clone()),
                    };
                }
            }
        }
    }
    IntFn::CountSites(Box::new(r))
}

/// The index of `x` in `v` (equal functions share one slot), added if new.
fn slot_of<T: PartialEq + Clone>(v: &mut Vec<T>, x: &T) -> usize {
    match v.iter().position(|y| y == x) {
        Some(i) => i,
        None => {
            v.push(x.clone());
            v.len() - 1
        }
    }
}
