//! A loaded game: the executable rules and the board, and the rules' semantics: move
//! generation, application, end rules and the turn model (see `../shared/docs/
//! ludii-semantics.md` for the behaviour reproduced here).

use super::moves::{Action, StartMove};
use super::region::Region;
use super::state::State;
use super::state::{MoveRecord, Piece, StateData, HISTORY, HISTORY_MAX};
use crate::board::{Board, Direction, Relation, SiteType};
use crate::ir::*;
use smallvec::SmallVec;

#[derive(Debug)]
pub struct GameDef {
    pub name: String,
    pub num_players: u8,
    pub board: Board,
    pub ir: GameIr,
    /// The board's tracks (`ir.tracks`), built on it; no rule follows them yet.
    pub tracks: Vec<crate::board::Track>,
    /// The board seen as each other site type the rules use ([`GameIr::other_types`], in
    /// that order, the order of [`StateData::typed`]).
    pub typed_boards: Vec<Board>,
    /// Between the site types in play (the board's and the others), per pair `(of, ty)` of
    /// different types, per site of type `of`: the sites of type `ty` incident to it.
    pub(super) incidence: Vec<(SiteType, SiteType, Vec<Vec<u32>>)>,
    /// Per site, its cost (`(set Cost ..)` in the start rules, in order; 0 unless set).
    pub(super) costs: Vec<i32>,
    /// The tracks that pass a site twice (not looped), each with the offset of its counts
    /// in [`StateData::track_counts`]; and their total length.
    pub(super) loop_tracks: Vec<(usize, usize)>,
    pub(super) track_counts_len: usize,
    /// Per relation, per site: the first sites of its radials (what `sites Around` reads),
    /// distinct, as offsets into `around_sites`.
    pub(super) around_start: Vec<Vec<u32>>,
    pub(super) around_sites: Vec<Vec<u32>>,
    /// Per component, the first index in the name table of its base name (`u16::MAX` if
    /// none); per name, the first index of an equal name: names compared as integers.
    pub(super) base_name: Vec<u16>,
    pub(super) name_canon: Vec<u16>,
    /// In a game of at most 64 components, as bits by component number: per owner, its
    /// components; per name, the components of that base name ([`GameDef::is_named`]).
    pub(super) comps_of_owner: Vec<u64>,
    pub(super) comps_named: Vec<u64>,
    /// Per relation, per site: the same neighbours as bit words (for counts by mask), only
    /// the words that hold one, each with its index, ascending ([`GameDef::near_words`]): a
    /// site's neighbours are near it, so this stays linear in the board's size.
    near_words: Vec<(u32, u64)>,
    /// Row `relation * n + site` of `near_words`: its start (and the next row's).
    near_start: Vec<u32>,
    /// Per relation: whether it is symmetric (`t` is around `s` exactly when `s` is around
    /// `t`), so that the sites around a set are the union of its members' neighbours.
    pub(super) near_symmetric: Vec<bool>,
    /// The rules' conditions, compiled ([`BoolFn::Compiled`] slots).
    pub(super) conds: super::compiled::Conds,
    /// Per consequent rule (`ir.thens`): the sites of its move it can change, when it only
    /// adds and removes pieces there ([`Moves::board_sites`]).
    pub(super) then_sites: Vec<Option<u8>>,
    /// Per component: whether no other component has its owner (then, in a game without
    /// stacks, every site its owner holds holds it: pieces belong to their component's owner).
    pub(super) sole_of_owner: Vec<bool>,
    /// Per name of the name table, the site it labels (-1: none): what [`IntFn::Coord`] reads.
    pub(super) coords: Vec<i32>,
    /// Whether the fast forms are used: a consequent `sow` runs on the state itself
    /// ([`GameDef::sow_in_place`]), static regions are tabled ([`GameDef::static_region`]).
    /// Off only in the test holding them equal to the evaluator.
    pub(super) fast_forms: bool,
    /// Per site of a layered board (`(square n pyramidal:True)`), its layer; else empty.
    pub(super) layers: Vec<u8>,
    /// Per slot of [`GameIr::line_dirs`], the radials of each site in those directions.
    pub(super) line_tables: Vec<super::tables::LineTable>,
    /// Per slot of [`GameIr::line_dirs`], the lines through each site of the length first
    /// asked there, as bit words (made when first asked).
    pub(super) line_windows: Vec<std::sync::OnceLock<super::tables::LineWindows>>,
    /// In a game with stacks, the same lists' distinct radials with their opposites.
    pub(super) stacked_line_tables: Vec<super::tables::StackedLineTable>,
    /// Whether some component is a large piece ([`GameDef::is_large`]).
    pub(super) has_large_pieces: bool,
    /// Per component, the cells a large piece covers ([`GameDef::large_cells`]).
    pub(super) large_tables: Vec<Option<super::large::table::LargeTable>>,
    /// Per component, the sites its own moves may reach from each site, built when a
    /// threat first asks ([`GameDef::may_reach`]).
    pub(super) reach: std::sync::OnceLock<Vec<Option<Box<[u64]>>>>,
    /// Per owner, the sites from which some of its components' own moves may reach each
    /// site (the tables of `reach` read backwards, made with them; None where one of its
    /// components that moves has no table): [`GameDef::may_reach_from`].
    pub(super) reached_from: std::sync::OnceLock<Vec<Option<Box<[u64]>>>>,
    /// Per pair of sites, the compass directions whose radials join them
    /// ([`GameDef::radial_reaches`]'s table, built when first asked).
    pub(super) radial_between: std::sync::OnceLock<Box<[u16]>>,
    /// Per edge of a board of edges, the edges whose segments cross it, as bit words
    /// ([`GameDef::crossing`]'s table, built when first asked; None on a board too large).
    pub(super) crossings: std::sync::OnceLock<Option<Box<[u64]>>>,
    /// The board's shape as tiles with paths read it.
    pub(super) tiles: super::tiles::TileGeometry,
    /// Per cached region slot, its values by role combination when it reads no state
    /// (computed when first asked).
    /// (then one more slot per equipment region, `ir.regions`: [`GameDef::equipment_slot`])
    pub(super) static_regions: Vec<std::sync::OnceLock<Option<Vec<Region>>>>,
    /// Per interned name, the equipment regions (`ir.regions` indices) it names: `[0]` those
    /// named exactly so, `[1]` those whose name holds it (with a player given, Ludii's
    /// `(sites P "Home")` takes every region of P whose name contains "Home").
    pub(super) regions_named: Vec<[Box<[u16]>; 2]>,
    /// The equipment's maps, resolved on the board (what [`IntFn::MapEntry`] reads).
    pub(super) maps: Vec<super::tables::Map>,
    /// The first site of each container after the board (`ir.containers`), and the number
    /// of sites of all containers.
    pub(super) container_from: Vec<u32>,
    pub(super) total_sites: usize,
    /// The board's rows, columns, cells, vertices and edges (what [`IntFn::BoardCount`]
    /// reads).
    pub(super) board_counts: [i32; 5],
    /// Relative directions resolved per facing ([`GameDef::relative_table`]).
    pub(super) relative: Vec<super::tables::Dirs>,
    /// The geometry regions of the rules ([`RegionFn::Geometry`] slots).
    pub(super) geometry: Vec<Region>,
    /// Per component, the board sites where the start rules leave it on top (`(sites Start
    /// ..)`; Ludii's starting positions).
    pub(super) start_positions: Vec<Region>,
    /// Per component, the direction its pieces face (their owner's direction where the
    /// players have one, else the piece's `dirn:`, else North).
    pub(super) comp_facing: Vec<crate::board::Dir>,
    /// A number no other game loaded by this process has (what answers kept between
    /// calls are filed under).
    pub(super) id: u64,
}

/// The next [`GameDef::id`].
static NEXT_ID: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);

/// The first site of every radial of every site, per relation.
fn around_tables(board: &Board) -> (Vec<Vec<u32>>, Vec<Vec<u32>>) {
    let mut starts = Vec::new();
    let mut all = Vec::new();
    for rel in Relation::ALL {
        let mut start = vec![0u32];
        let mut sites = Vec::new();
        for s in 0..board.num_sites() as u32 {
            let from = sites.len();
            for radial in board.radials(s, Direction::Rel(rel)) {
                if let Some(&t) = radial.get(1) {
                    if t != s && !sites[from..].contains(&t) {
                        sites.push(t);
                    }
                }
            }
            start.push(sites.len() as u32);
        }
        starts.push(start);
        all.push(sites);
    }
    (starts, all)
}

/// Why a lowered game cannot be built: its board or one of its tracks.
#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// The board cannot be built: a size out of range, more than the limit of
    /// [`crate::board::MAX_BOARD_GRAPH`] vertices and edges, no sites of its type...
    #[error("cannot build the board: {0}")]
    Board(#[from] crate::board::BoardError),
    /// A track of the board cannot be built on it (a step off the board, a direction the
    /// board does not have...).
    #[error("cannot build a track: {0}")]
    Track(#[from] crate::board::TrackError),
    /// A match cannot be made of its subgames.
    #[error("cannot build the match: {0}")]
    Match(&'static str),
}

impl GameDef {
    /// The rules of a game from their lowered form: the board, its tracks and the tables the
    /// rules read ([`super::api::Game::build`]).
    pub(super) fn build(ir: GameIr) -> Result<GameDef, BuildError> {
        let board = Board::new(&ir.board, ir.site_type)?;
        let tracks = ir
            .tracks
            .iter()
            .map(|t| board.track(t))
            .collect::<Result<Vec<_>, _>>()?;
        // (the same graph, built as the board's own site type asks, seen as another)
        // (a type the board has no site of, as cells of a graph of lines, names only the
        // hands' sites: Ludii's hands are cells on any board)
        let typed_boards = ir
            .other_types
            .iter()
            .filter(|&&t| board.graph().count(t) > 0)
            .map(|&t| Board::from_graph(board.graph(), t))
            .collect::<Result<Vec<_>, _>>()?;
        let types: Vec<SiteType> = std::iter::once(ir.site_type)
            .chain(ir.other_types.iter().copied())
            .collect();
        // (of a type itself too, but for the board's own: see `sites Incident`)
        let incidence = if ir.other_types.is_empty() {
            Vec::new()
        } else {
            let pairs = types.iter().flat_map(|&a| types.iter().map(move |&b| (a, b)));
            pairs
                .filter(|&(a, b)| a != b || a != ir.site_type)
                .map(|(of, ty)| (of, ty, board.graph().incidence(of, ty)))
                .collect()
        };
        let (around_start, around_sites) = around_tables(&board);
        let first_name = |name: &str| ir.names.iter().position(|n| n == name).map_or(u16::MAX, |i| i as u16);
        let base_name = ir.components.iter().map(|k| first_name(&k.base)).collect();
        let name_canon: Vec<u16> = ir.names.iter().map(|n| first_name(n)).collect();
        let (mut comps_of_owner, mut comps_named) = (Vec::new(), Vec::new());
        if ir.components.len() <= 64 {
            comps_of_owner = vec![0u64; 256];
            comps_named = vec![0u64; ir.names.len()];
            for (comp, k) in ir.components.iter().enumerate().skip(1) {
                comps_of_owner[k.owner as usize] |= 1 << comp;
                let base = first_name(&k.base);
                for (name, canon) in name_canon.iter().enumerate() {
                    if base != u16::MAX && *canon == base {
                        comps_named[name] |= 1 << comp;
                    }
                }
            }
        }
        let (near_words, near_start) = near_tables(&around_start, &around_sites);
        let near_symmetric = around_start
            .iter()
            .zip(&around_sites)
            .map(|(start, sites)| {
                let around = |s: usize| &sites[start[s] as usize..start[s + 1] as usize];
                (0..board.num_sites()).all(|s| around(s).iter().all(|&t| around(t as usize).contains(&(s as u32))))
            })
            .collect();
        let has_large_pieces = ir.components.iter().any(|k| !k.walks.is_empty());
        let tiles = super::tiles::TileGeometry::of(&board);
        let mut g = GameDef {
            name: ir.name.clone(),
            num_players: ir.players,
            board,
            ir,
            tracks,
            typed_boards,
            incidence,
            costs: Vec::new(),
            loop_tracks: Vec::new(),
            track_counts_len: 0,
            around_start,
            around_sites,
            near_words,
            near_start,
            near_symmetric,
            base_name,
            name_canon,
            comps_of_owner,
            comps_named,
            conds: Default::default(),
            then_sites: Vec::new(),
            sole_of_owner: Vec::new(),
            comp_facing: Vec::new(),
            geometry: Vec::new(),
            start_positions: Vec::new(),
            coords: Vec::new(),
            maps: Vec::new(),
            fast_forms: true,
            has_large_pieces,
            large_tables: Vec::new(),
            reach: std::sync::OnceLock::new(),
            reached_from: std::sync::OnceLock::new(),
            radial_between: std::sync::OnceLock::new(),
            crossings: std::sync::OnceLock::new(),
            tiles,
            line_tables: Vec::new(),
            line_windows: Vec::new(),
            stacked_line_tables: Vec::new(),
            layers: Vec::new(),
            static_regions: Vec::new(),
            regions_named: Vec::new(),
            relative: Vec::new(),
            board_counts: [0; 5],
            container_from: Vec::new(),
            total_sites: 0,
            id: NEXT_ID.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        };
        for r in &g.ir.start {
            if let StartRule::SetCost { sites, cost } = r {
                for &s in sites {
                    if let Ok(s) = usize::try_from(s) {
                        if s < g.n() {
                            g.costs.resize(g.n(), 0);
                            g.costs[s] = *cost;
                        }
                    }
                }
            }
        }
        g.then_sites = g.ir.thens.iter().map(|t| t.board_sites(&g.ir.thens)).collect();
        let owners: Vec<u8> = g.ir.components.iter().skip(1).map(|k| k.owner).collect();
        g.sole_of_owner = std::iter::once(false)
            .chain(owners.iter().map(|o| owners.iter().filter(|x| *x == o).count() == 1))
            .collect();
        // (Ludii follows pieces along a track that passes a site twice)
        let comps = g.ir.components.len().max(1);
        for (k, t) in g.tracks.iter().enumerate() {
            if t.internal_loop && !t.looped {
                g.loop_tracks.push((k, g.track_counts_len));
                g.track_counts_len += t.sites.len() * comps;
            }
        }
        g.comp_facing =
            g.ir.components
                .iter()
                .map(|k| {
                    g.ir.facing
                        .get(k.owner as usize)
                        .copied()
                        .flatten()
                        .or(k.facing)
                        .unwrap_or(crate::board::Dir::N)
                })
                .collect();
        g.relative = g.relative_table();
        {
            // (a layer L stands L / sqrt 2 above the ground; the rows and columns of a layered
            // board are the ground's)
            if g.board.graph().z.len() == g.n() {
                g.layers = g
                    .board
                    .graph()
                    .z
                    .iter()
                    .map(|z| (z * std::f64::consts::SQRT_2).round() as u8)
                    .collect();
            }
            let distinct = |f: &dyn Fn(u32) -> u32| {
                let mut v: Vec<u32> = (0..g.n() as u32)
                    .filter(|&s| g.layers.get(s as usize).is_none_or(|&l| l == 0))
                    .map(f)
                    .collect();
                v.sort_unstable();
                v.dedup();
                v.len() as i32
            };
            let gc = g.board.graph_counts();
            g.board_counts = [
                distinct(&|s| g.board.row(s)),
                distinct(&|s| g.board.col(s)),
                gc.cells as i32,
                gc.vertices as i32,
                gc.edges as i32,
            ];
        }
        let mut next = g.n() as u32;
        for k in &g.ir.containers {
            g.container_from.push(next);
            next += k.sites;
        }
        g.total_sites = next as usize;
        g.coords =
            g.ir.names
                .iter()
                .map(|n| g.board.site_of_label(n).map_or(-1, |s| s as i32))
                .collect();
        g.maps = g.resolve_maps();
        g.static_regions = (0..g.ir.cached_regions as usize + g.ir.regions.len())
            .map(|_| std::sync::OnceLock::new())
            .collect();
        g.regions_named = g.name_region_defs();
        g.geometry =
            g.ir.geometry
                .iter()
                .map(|&r| {
                    let mut region = Region::new(g.n());
                    for s in g.board.geometry_region(r) {
                        region.insert(s as i32);
                    }
                    region
                })
                .collect();
        g.conds = super::compiled::Conds::compile(&g);
        if g.has_large_pieces {
            g.large_tables = g.large_tables();
        }

        g.line_tables =
            g.ir.line_dirs
                .iter()
                .map(|(d, same_layer)| super::tables::LineTable::build(&g, d, *same_layer))
                .collect();
        g.line_windows = g.line_tables.iter().map(|_| std::sync::OnceLock::new()).collect();
        if g.ir.stacking {
            g.stacked_line_tables =
                g.ir.line_dirs
                    .iter()
                    .map(|(d, _)| super::tables::StackedLineTable::build(&g, d))
                    .collect();
        }
        g.start_positions = {
            let s = g.initial_state().inner;
            let mut by = vec![Region::new(g.n()); g.ir.components.len().max(1)];
            for (site, st) in s.sites.iter().enumerate() {
                let what = st.last().map_or(0, |p| p.what as usize);
                if let Some(r) = by.get_mut(what) {
                    r.insert(site as i32);
                }
            }
            by
        };
        Ok(g)
    }
}

/// Regions and values computed once per evaluation of a state (the state does not change
/// while moves are generated or a rule is evaluated). Its tables are loaned from the
/// thread's pool on first use only (most evaluations remember nothing), and go back when
/// it is dropped.
#[derive(Default)]
pub(super) struct Cache {
    tables: std::cell::OnceCell<Box<CacheTables>>,
    /// The players whose moves a `(no Moves Next)` looked for, and which had none (bits by
    /// player): Ludii sets their stalemated flags as it asks, which the appliers of
    /// consequents and end rules do once the evaluation is over ([`Cache::stalemates`]).
    stalemates: std::cell::Cell<(u32, u32)>,
    /// How many `(value Random ..)` this evaluation has drawn (each draws the next number
    /// of the position's stream).
    draws: std::cell::Cell<u32>,
}

/// Players asked about by `(no Moves Next)` and those found without a move (bits).
pub(super) type Stalemates = (u32, u32);

/// The tables of a [`Cache`].
#[derive(Default)]
pub(super) struct CacheTables {
    /// Entries stamped with another epoch are stale (a reset only moves the epoch on).
    pub(super) epoch: u32,
    pub(super) occupied: std::cell::RefCell<SmallVec<[OccupiedEntry; 4]>>,
    /// Pure regions by slot: the key (epoch and roles) they were computed for, and the region.
    pub(super) regions: std::cell::RefCell<Vec<Option<CachedRegion>>>,
    /// Remembered integers by slot: (from, key) and the value.
    pub(super) ints: std::cell::RefCell<Vec<Option<MemoInt>>>,
    /// Integers remembered per site by slot ([`IntFn::MemoSite`]): the roles and a value per
    /// site (`i32::MIN` until computed).
    pub(super) site_ints: std::cell::RefCell<Vec<Option<SiteInts>>>,
}

thread_local! {
    /// Cache tables kept with their allocations for the next evaluation (boxed: a loan
    /// moves a pointer, not the tables).
    #[allow(clippy::vec_box)]
    static CACHES: std::cell::RefCell<Vec<Box<CacheTables>>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Cache {
    /// An empty cache (its tables are taken from the thread's pool when first used).
    pub(super) fn fresh() -> Cache {
        Cache::default()
    }

    /// The index of the next random draw of this evaluation.
    pub(super) fn next_draw(&self) -> usize {
        let k = self.draws.get();
        self.draws.set(k.wrapping_add(1));
        k as usize
    }

    /// `(no Moves Next)` found that `player` has (`stuck`) or has not a move.
    pub(super) fn note_stalemate(&self, player: i32, stuck: bool) {
        if (0..32).contains(&player) {
            let (asked, found) = self.stalemates.get();
            let bit = 1u32 << player;
            self.stalemates
                .set((asked | bit, if stuck { found | bit } else { found & !bit }));
        }
    }

    /// What `(no Moves Next)` found in the evaluations with this cache.
    pub(super) fn stalemates(&self) -> Stalemates {
        self.stalemates.get()
    }
}

/// Set the stalemated flags of the players a `(no Moves Next)` asked about, as Ludii's
/// question sets them in the state it asks on.
pub(super) fn note_stalemates(s: &mut StateData, (asked, found): Stalemates) {
    s.stalemated = (s.stalemated & !asked) | (found & asked);
}

impl Cache {
    /// The tables, taken from the pool (or made) on first use.
    #[inline]
    pub(super) fn tables(&self) -> &CacheTables {
        self.tables
            .get_or_init(|| CACHES.with(|p| p.borrow_mut().pop()).unwrap_or_default())
    }

    /// Forget every entry, keeping the allocations.
    pub(super) fn reset(&mut self) {
        if let Some(t) = self.tables.get_mut() {
            t.reset();
        }
    }
}

impl CacheTables {
    /// Forget every entry: the epoch moves on (entries are cleared for real only when it
    /// wraps around).
    fn reset(&mut self) {
        self.occupied.get_mut().clear();
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.regions.get_mut().iter_mut().for_each(|e| *e = None);
            self.ints.get_mut().iter_mut().for_each(|e| *e = None);
            self.site_ints.get_mut().iter_mut().for_each(|e| *e = None);
        }
    }
}

impl Drop for Cache {
    fn drop(&mut self) {
        if let Some(mut t) = self.tables.take() {
            // (the epoch moving on makes every entry stale for the next user)
            t.reset();
            CACHES.with(|p| {
                let mut p = p.borrow_mut();
                if p.len() < 32 {
                    p.push(t);
                }
            });
        }
    }
}

impl<'a> Ctx<'a> {
    /// The same context on another state, evaluating with another cache.
    pub(super) fn with_state<'b>(&self, s: &'b StateData, cache: &'b Cache) -> Ctx<'b>
    where
        'a: 'b,
    {
        Ctx {
            s,
            cache,
            from: self.from,
            to: self.to,
            between: self.between,
            site: self.site,
            value: self.value,
            level: self.level,
            hint: self.hint,
            mover: self.mover,
            next: self.next,
            prev: self.prev,
            player: self.player,
            group: None,
            target: -1,
            first: false,
            within: self.within,
        }
    }

    /// What a cached value computed now is valid for: the cache's epoch and the roles
    /// (the iterated player among them).
    #[inline]
    pub(super) fn role_key(&self) -> RoleKey {
        (self.cache.tables().epoch, self.mover, self.next, self.prev, self.player)
    }
}

/// A short list of sites (origins, targets), kept off the heap.
pub(super) type Sites = SmallVec<[i32; 16]>;

/// The neighbour lists of [`around_tables`] as bit words with their index, only the words
/// that hold a neighbour, in one table (relation, then site), with each row's start.
fn near_tables(around_start: &[Vec<u32>], around_sites: &[Vec<u32>]) -> (Vec<(u32, u64)>, Vec<u32>) {
    let (mut words, mut starts) = (Vec::new(), vec![0u32]);
    let mut sorted = Vec::new();
    for (start, sites) in around_start.iter().zip(around_sites) {
        for s in 0..start.len() - 1 {
            sorted.clear();
            sorted.extend_from_slice(&sites[start[s] as usize..start[s + 1] as usize]);
            sorted.sort_unstable();
            let row = words.len();
            for &t in &sorted {
                let (i, bit) = (t / 64, 1u64 << (t % 64));
                match words[row..].last_mut() {
                    Some((j, w)) if *j == i => *w |= bit,
                    _ => words.push((i, bit)),
                }
            }
            starts.push(words.len() as u32);
        }
    }
    (words, starts)
}

/// (epoch, mover, next, prev, the player an end rule's `forEach` is at).
pub(super) type RoleKey = (u32, u8, u8, u8, i32);
/// (key, value per site).
pub(super) type SiteInts = (RoleKey, Vec<i32>);
/// (players mask, component, top only, region).
type OccupiedEntry = (u32, Option<u16>, bool, Region);
/// (key, region).
pub(super) type CachedRegion = (RoleKey, Region);
/// ((from, key), value).
pub(super) type MemoInt = ((i32, RoleKey), i32);

/// What an evaluation is inside of: carried by every context it makes (on the state or on
/// a copy a candidate is tried on) and into the consequents it runs, so that a question
/// asked inside another sees it, and nothing else does (no thread or other game shares it).
#[derive(Clone, Copy, Default)]
pub(super) struct Within<'a> {
    /// The questions being asked, innermost first (a list on the stack of the evaluation:
    /// one word in the context, which is copied often).
    pub(super) asking: Option<&'a Asking<'a>>,
}

/// A question being asked, and those around it.
pub(super) struct Asking<'a> {
    pub(super) what: Question,
    pub(super) up: Option<&'a Asking<'a>>,
}

/// What a question being asked is.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Question {
    /// An enemy's moves are generated for a threat (`threat.rs`): a threat asked again is
    /// false, and an `ifAfterwards` that only asks for no threat holds unasked (Ludii's
    /// "auto fail" of the nested question).
    Threat,
    /// The `(no Moves Next)` node at this address is evaluated: met again while it is (its
    /// moves' conditions ask it again), it is false, as in Ludii.
    NoMoves(usize),
}

impl<'a> Within<'a> {
    /// Whether `q` is being asked.
    pub(super) fn asks(&self, q: Question) -> bool {
        let mut at = self.asking;
        while let Some(a) = at {
            if a.what == q {
                return true;
            }
            at = a.up;
        }
        false
    }

    /// Whether a threat is being looked for.
    #[inline]
    pub(super) fn probing(&self) -> bool {
        self.asking.is_some() && self.asks(Question::Threat)
    }

    /// `q` asked inside these (`frame` holds it).
    pub(super) fn and<'b>(&self, frame: &'b mut Option<Asking<'b>>, q: Question) -> Within<'b>
    where
        'a: 'b,
    {
        Within {
            asking: Some(frame.insert(Asking {
                what: q,
                up: self.asking,
            })),
        }
    }
}

/// The evaluation context: the state, the iterator variables and the players' roles.
#[derive(Clone, Copy)]
pub(super) struct Ctx<'a> {
    pub(super) s: &'a StateData,
    pub(super) cache: &'a Cache,
    pub(super) from: i32,
    pub(super) to: i32,
    pub(super) between: i32,
    pub(super) site: i32,
    pub(super) value: i32,
    pub(super) level: i32,
    /// The value of the hint a puzzle's `(forAll Hint ..)` is at (`(hint)`; -1: none).
    pub(super) hint: i32,
    pub(super) mover: u8,
    pub(super) next: u8,
    pub(super) prev: u8,
    /// The player an end rule's `(forEach ..)` is at (-1: none).
    pub(super) player: i32,
    /// The group a `(forEach Group ..)` is at (`(sites)`).
    pub(super) group: Option<&'a super::region::Region>,
    /// The only site whose moves are wanted (-1: every move): a threat asks whether some
    /// move ends at one site, so the generators that know a move's `to` before building it
    /// (steps, slides, leaps, hops, adds) skip the others, and the generators that pass
    /// their parts' moves on as they are (`forEach Piece`, `or`, `if`, `do` without `next`)
    /// keep it; every other generator, and every question a rule asks (`can Move`, `no
    /// Moves`, effects), clears it ([`MovesKind::keeps_target`]).
    pub(super) target: i32,
    /// Only whether there is a move is asked (`no Moves`, `can Move`): a step, hop, slide
    /// or shot may stop at its first move. Set for the one generator asked, which clears it for
    /// everything it evaluates on the way.
    pub(super) first: bool,
    /// What the evaluation is inside of.
    pub(super) within: Within<'a>,
}

impl Ctx<'_> {
    /// Whether a move to `t` is wanted ([`Ctx::target`]).
    #[inline(always)]
    pub(super) fn aims(&self, t: i32) -> bool {
        self.target < 0 || self.target == t
    }
}

impl GameDef {
    pub(super) fn n(&self) -> usize {
        self.board.num_sites()
    }

    /// The bit words of site `s`'s neighbours in relation `rel` that hold one, each with its
    /// index, ascending (empty off the board).
    #[inline]
    pub(super) fn near_words(&self, rel: crate::board::Relation, s: i32) -> &[(u32, u64)] {
        let n = self.n();
        if s < 0 || s as usize >= n {
            return &[];
        }
        let row = rel as usize * n + s as usize;
        let (a, b) = (self.near_start[row] as usize, self.near_start[row + 1] as usize);
        &self.near_words[a..b]
    }

    pub(super) fn ctx<'a>(&self, s: &'a StateData, cache: &'a Cache) -> Ctx<'a> {
        Ctx {
            s,
            cache,
            from: -1,
            to: -1,
            between: -1,
            site: -1,
            value: -1,
            level: -1,
            hint: -1,
            mover: s.mover,
            next: s.next,
            prev: s.prev,
            player: -1,
            group: None,
            target: -1,
            first: false,
            within: Within::default(),
        }
    }

    /// A context of `s` (as [`Self::ctx`]) inside what `within` says.
    pub(super) fn ctx_within<'a>(&self, s: &'a StateData, cache: &'a Cache, within: Within<'a>) -> Ctx<'a> {
        Ctx {
            within,
            ..self.ctx(s, cache)
        }
    }

    // ------------------------------------------------------------------ state

    pub fn initial_state(&self) -> State {
        self.start_state(StartChance::seeded(0))
    }

    /// The state after the start rules, their random choices made by `chance`.
    pub(super) fn start_state(&self, mut chance: StartChance) -> State {
        self.start_with(&mut chance)
    }

    /// The state after the start rules, and the site of each start move in order (-1: one
    /// of no site, a score or a value remembered).
    pub(super) fn start_listing(&self) -> (State, Vec<StartMove>) {
        let mut chance = StartChance::seeded(0);
        chance.placed = Some(Vec::new());
        let state = self.start_with(&mut chance);
        (state, chance.placed.unwrap_or_default())
    }

    fn start_with(&self, chance: &mut StartChance) -> State {
        let mut s = self.blank_state();
        s.chance = chance.seed;
        self.place_dice(&mut s, chance);
        self.run_start_rules(&self.ir.start, &mut s, chance, -1);
        self.puzzle_from_pieces(&mut s);
        self.init_track_counts(&mut s);
        if self.ir.records.is_some() {
            s.hash = s.position_hash();
            s.seen.push(s.hash);
        }
        State::of(s)
    }

    /// The state before the start rules: every site empty, player 1 to move.
    pub(super) fn blank_state(&self) -> StateData {
        let p = self.num_players as usize;
        let owners = self
            .ir
            .components
            .iter()
            .map(|k| k.owner as usize)
            .max()
            .unwrap_or(0)
            .max(p)
            + 1;
        // (a game with large pieces has one more row, after every role's, for the cells they
        // cover: occupied, but no owner's, [`StateData::sync_site`])
        let owners = match self.has_large_pieces {
            true => owners.max(p + 2) + 1,
            false => owners,
        };
        StateData {
            puzzle: match &self.ir.puzzle {
                Some(p) => vec![((1u64 << (p.max + 1)) - 1) & !((1u64 << p.min) - 1); self.n()],
                None => Vec::new(),
            },
            sites: vec![SmallVec::new(); self.n()],
            extra: vec![SmallVec::new(); self.total_sites - self.n()],
            typed: self
                .typed_boards
                .iter()
                .map(|b| (b.site_type(), vec![SmallVec::new(); b.num_sites()]))
                .collect(),
            owned: StateData::empty_owned(self.n(), owners),
            scores: SmallVec::from_elem(0, p + 1),
            // (a simulation's moves are player 0's)
            mover: u8::from(p > 0),
            next: if p > 1 { 2 } else { u8::from(p > 0) },
            prev: 0,
            var: -1,
            counter: -1,
            vars: SmallVec::new(),
            player_values: SmallVec::from_elem(-1, p + 1),
            money: SmallVec::from_elem(0, p + 1),
            agents: SmallVec::new(),
            to_clear: SmallVec::new(),
            pending: SmallVec::new(),
            remembered: SmallVec::new(),
            loose_states: SmallVec::new(),
            stale: SmallVec::new(),
            track_counts: vec![0; self.track_counts_len],
            propositions: SmallVec::new(),
            visited: SmallVec::new(),
            last_to: SmallVec::new(),
            votes: SmallVec::new(),
            decided: -1,
            cycle: SmallVec::new(),
            stalemated: 0,
            active: ((1u32 << (p + 1)) - 1) & !1,
            over: false,
            ranking: SmallVec::from_elem(0.0, p + 1),
            num_turn: 1,
            same_turn_moves: 0,
            num_decisions: 0,
            num_moves: 0,
            trials: 0,
            triggered: 0,
            hash: 0,
            dice: SmallVec::new(),
            dice_sums: SmallVec::new(),
            dice_equal: false,
            chance: 0,
            stored: 0,
            last_between: SmallVec::new(),
            next_roll: SmallVec::new(),
            hidden: match self.ir.hidden_info {
                true => super::state::Hidden::new(self.total_sites, self.num_players),
                false => super::state::Hidden::default(),
            },
            winners: 0,
            losers: 0,
            phase: (0..=p)
                .map(|player| {
                    self.ir
                        .phases
                        .iter()
                        .position(|ph| ph.owner.is_none_or(|o| o as usize == player))
                        .unwrap_or(0) as u8
                })
                .collect(),
            history: SmallVec::new(),
            history_truncated: false,
            seen: Default::default(),
        }
    }

    /// The values or sites a start rule names: its sites (in order), then its region's.
    fn start_sites<'f>(
        &self,
        s: &StateData,
        value: i32,
        sites: impl IntoIterator<Item = &'f IntFn>,
        region: Option<&RegionFn>,
    ) -> Vec<i32> {
        let cache = Cache::fresh();
        let ctx = Ctx {
            value,
            ..self.ctx(s, &cache)
        };
        let mut out: Vec<i32> = sites.into_iter().map(|i| self.int(i, &ctx)).collect();
        if let Some(r) = region {
            out.extend(self.region(r, &ctx).iter());
        }
        out
    }

    /// The start rules `rules`, `at` the value of the start `(forEach Value ..)` they are in.
    fn run_start_rules(&self, rules: &[StartRule], s: &mut StateData, chance: &mut StartChance, at: i32) {
        for rule in rules {
            match rule {
                StartRule::SetHidden(h) => {
                    let mut acts: Vec<Action> = Vec::new();
                    self.hidden_actions(
                        h,
                        &Ctx {
                            value: at,
                            ..self.ctx(s, &Cache::fresh())
                        },
                        &mut acts,
                    );
                    // (each flag a start move of its own)
                    for a in acts {
                        if let Action::SetHidden {
                            site,
                            level,
                            who,
                            kind,
                            value,
                        } = a
                        {
                            self.set_hidden(s, site, level, who, kind, value);
                            chance.start_move(s, site as i32, a);
                        }
                    }
                }
                StartRule::ForEachValue { min, max, body } => {
                    let (a, b) = (
                        self.int(
                            min,
                            &Ctx {
                                value: at,
                                ..self.ctx(s, &Cache::fresh())
                            },
                        ),
                        self.int(
                            max,
                            &Ctx {
                                value: at,
                                ..self.ctx(s, &Cache::fresh())
                            },
                        ),
                    );
                    for v in a..=b.min(a.saturating_add(super::MAX_START_VALUES)) {
                        self.run_start_rules(body, s, chance, v);
                    }
                }
                StartRule::PlaceRandom {
                    items,
                    region,
                    count,
                    fields,
                } => {
                    for &what in items {
                        let mut sites = self.start_sites(s, at, [], Some(region));
                        sites.retain(|&t| s.stack(t as usize).is_some_and(|st| st.is_empty()));
                        // (a random count, reproducing a record: as many as it shows)
                        let n = match chance.observed.is_some() && draws_at_random(Node::Int(count)) {
                            true => i32::MAX,
                            false => self.int(
                                count,
                                &Ctx {
                                    value: at,
                                    ..self.ctx(s, &Cache::fresh())
                                },
                            ),
                        };
                        for _ in 0..n {
                            let Some(k) = chance.pick_site(s, &sites, what, self.given(s, at, fields, None)) else {
                                break;
                            };
                            let t = sites.remove(k);
                            let given = self.given(s, at, fields, chance.shown(s, t));
                            self.place_start(s, t, what, 1, given, chance);
                        }
                    }
                }
                StartRule::PlaceRandomStack { items, site, fields } => {
                    let ctx_int = |f: &IntFn, s: &StateData| {
                        self.int(
                            f,
                            &Ctx {
                                value: at,
                                ..self.ctx(s, &Cache::fresh())
                            },
                        )
                    };
                    let t = ctx_int(site, s);
                    let mut pieces: Vec<u16> = Vec::new();
                    for (what, n) in items {
                        let n = ctx_int(n, s).clamp(0, 10_000) as usize;
                        pieces.extend(std::iter::repeat_n(*what, n));
                    }
                    while !pieces.is_empty() {
                        let what = pieces.remove(chance.pick_piece(s, t, &pieces));
                        let given = self.given(s, at, fields, chance.shown(s, t));
                        self.place_start(s, t, what, 1, given, chance);
                    }
                }
                StartRule::PlaceStack { .. } => self.place_stack(s, rule, chance, at),
                StartRule::SetScore { role, value } | StartRule::SetAmount { role, value } => {
                    let v = self.int(
                        value,
                        &Ctx {
                            value: at,
                            ..self.ctx(s, &Cache::fresh())
                        },
                    );
                    for player in self.players_of(
                        *role,
                        &Ctx {
                            value: at,
                            ..self.ctx(s, &Cache::fresh())
                        },
                    ) {
                        let action = if matches!(rule, StartRule::SetAmount { .. }) {
                            s.money[player as usize] = v;
                            Action::SetAmount { player, value: v }
                        } else {
                            s.scores[player as usize] = v;
                            Action::SetScore { player, value: v }
                        };
                        chance.start_move(s, -1, action);
                    }
                }
                StartRule::Remember {
                    list,
                    value,
                    region,
                    unique,
                } => {
                    let values = self.start_sites(s, at, value.as_ref(), region.as_ref());
                    for v in values.into_iter().filter(|&v| v >= 0) {
                        if !*unique || !s.remembered.contains(&(*list, v)) {
                            s.remembered.push((*list, v));
                            chance.note(Action::Remember { list: *list, value: v });
                        }
                    }
                    push_history(s, MoveRecord::start(-1));
                }
                StartRule::SetCount { count, site, region } => {
                    let targets = self.start_sites(s, at, site.as_ref(), region.as_ref());
                    let n = self.int(
                        count,
                        &Ctx {
                            value: at,
                            ..self.ctx(s, &Cache::fresh())
                        },
                    );
                    let what = (self.ir.components.len() - 1) as u16;
                    for t in targets {
                        if what == 0 {
                            break;
                        }
                        let Some(st) = s.stack_mut(t as usize).filter(|_| t >= 0) else {
                            continue;
                        };
                        if n <= 0 {
                            st.pop();
                        } else if let Some(p) = st.last_mut() {
                            (p.what, p.count) = (what, n as u32);
                        } else {
                            st.push(Piece {
                                what,
                                who: 0,
                                count: n as u32,
                                ..Piece::default()
                            });
                        }
                        s.sync_site(t as usize);
                        let a = Action::SetSite {
                            site: t as u32,
                            field: SiteField::Count,
                            value: n.max(0),
                            level: super::moves::TOP,
                        };
                        chance.start_move(s, t, a);
                    }
                }
                StartRule::PlaceInContainer {
                    name,
                    container,
                    count,
                    fields,
                } => {
                    let given = self.given(s, at, fields, None);
                    self.place_in_container(s, name, container, *count, given, chance)
                }
                // (in the table of costs since the game loaded)
                StartRule::SetCost { .. } => {}
                StartRule::DealDominoes { count } => self.deal_dominoes(s, *count, chance),
                StartRule::PlaceOn {
                    site_type,
                    component,
                    sites,
                    count,
                } => self.place_on(s, *site_type, *component, sites, *count),
                StartRule::Place {
                    component,
                    sites,
                    region,
                    count,
                    fields,
                } => {
                    let targets = match region.as_ref().map(RegionFn::uncached) {
                        // (on sites drawn at random: the draws are the start's own)
                        Some(RegionFn::Random(from, num)) => {
                            let mut from = self.start_sites(s, at, [], Some(from));
                            let mut targets = self.start_sites(s, at, sites, None);
                            let k = self
                                .int(
                                    num,
                                    &Ctx {
                                        value: at,
                                        ..self.ctx(s, &Cache::fresh())
                                    },
                                )
                                .max(0) as usize;
                            for _ in 0..k {
                                let Some(i) = chance.pick_site(s, &from, *component, self.given(s, at, fields, None))
                                else {
                                    break;
                                };
                                targets.push(from.remove(i));
                            }
                            targets
                        }
                        _ => self.start_sites(s, at, sites, region.as_ref()),
                    };
                    for t in targets {
                        let given = self.given(s, at, fields, chance.shown(s, t));
                        self.place_start(s, t, *component, (*count).max(1) as u32, given, chance);
                    }
                }
            }
        }
    }

    /// `(place "Name" Type sites)` on another site type than the board's (see
    /// [`StartRule::PlaceOn`]): sites that type lacks are left out.
    fn place_on(&self, s: &mut StateData, site_type: SiteType, what: u16, sites: &[SiteRef], count: i32) {
        let Some(board) = self.typed_boards.iter().find(|b| b.site_type() == site_type) else {
            return;
        };
        let who = self.ir.components.get(what as usize).map_or(0, |k| k.owner);
        let k = match s.typed.iter().position(|(t, _)| *t == site_type) {
            Some(k) => k,
            None => {
                s.typed.push((site_type, vec![SmallVec::new(); board.num_sites()]));
                s.typed.len() - 1
            }
        };
        let mut targets: Vec<usize> = Vec::new();
        for r in sites {
            match r {
                SiteRef::Index(i) => targets.extend(usize::try_from(*i).ok()),
                SiteRef::Label(l) => targets.extend(board.site_of_label(l).map(|i| i as usize)),
                SiteRef::All => targets.extend(0..board.num_sites()),
                SiteRef::Geometry(g) => targets.extend(board.geometry_region(*g).into_iter().map(|i| i as usize)),
            }
        }
        // (a site named twice, as by a union, gets one piece)
        targets.sort_unstable();
        targets.dedup();
        for t in targets {
            if let Some(st) = s.typed[k].1.get_mut(t) {
                st.push(Piece {
                    what,
                    who,
                    count: count.max(1) as u32,
                    ..Piece::default()
                });
            }
        }
    }

    /// `(deal Dominoes n)` (see [`StartRule::DealDominoes`]).
    fn deal_dominoes(&self, s: &mut StateData, count: i32, chance: &mut StartChance) {
        let p = self.num_players as usize;
        let hands: Vec<usize> = (0..self.ir.containers.len())
            .filter(|&k| self.ir.containers[k].name.starts_with("Hand"))
            .map(|k| self.container_from[k] as usize)
            .collect();
        if hands.len() != p || p == 0 {
            return;
        }
        let mut to_deal: Vec<u16> = (1..self.ir.components.len() as u16).collect();
        for k in 0..(2 * count.max(0)) as usize {
            if to_deal.is_empty() {
                break;
            }
            let t = (hands[k % p] + k / p) as i32;
            let what = to_deal.remove(chance.pick_piece(s, t, &to_deal));
            if s.stack(t as usize).is_some() {
                let given = Given {
                    state: 0,
                    value: 0,
                    rotation: 0,
                };
                self.place_start(s, t, what, 1, given, chance);
            }
        }
    }

    /// `(place Stack ..)` (see [`StartRule::PlaceStack`]).
    fn place_stack(&self, s: &mut StateData, rule: &StartRule, chance: &mut StartChance, at: i32) {
        let StartRule::PlaceStack {
            components,
            sites,
            region,
            counts,
            fields,
        } = rule
        else {
            return;
        };
        for (k, t) in self.start_sites(s, at, sites, region.as_ref()).into_iter().enumerate() {
            let pieces: Vec<u16> = match components.as_slice() {
                [one] => {
                    let n = counts.get(k).or(counts.first()).copied().unwrap_or(1);
                    vec![*one; n.clamp(0, 10_000) as usize]
                }
                many => many.to_vec(),
            };
            chance.stacking = true;
            for what in pieces {
                let given = self.given(s, at, fields, chance.shown(s, t));
                self.place_start(s, t, what, 1, given, chance);
            }
            chance.stacking = false;
        }
    }

    /// One placement of the start rules: `count` of a component at `t` (with a state and,
    /// those not 0, a value and a rotation), recorded as a start move.
    #[allow(clippy::too_many_arguments)]
    fn place_start(&self, s: &mut StateData, t: i32, what: u16, count: u32, fields: Given, chance: &mut StartChance) {
        let who = self.ir.components.get(what as usize).map_or(0, |k| k.owner);
        self.add_piece(s, t, what, who, count, fields.state);
        self.give_fields(s, t, fields);
        if self.has_large_pieces && self.is_large(what) {
            // (a large piece covers its other cells, as when added in play)
            let mut cells: SmallVec<[u32; 8]> = SmallVec::new();
            if self.large_cells(what, t, fields.state, &mut cells) {
                for &x in cells.iter().skip(1) {
                    self.add_piece(s, x as i32, 0, 0, 1, -1);
                }
            }
        }
        // (a state of 0 is not told apart from none given)
        let a = Action::Add {
            site: t.max(0) as u32,
            what,
            who,
            count,
            state: if fields.state != 0 { fields.state } else { -1 },
        };
        chance.start_move(s, t, a);
        if let Some(m) = chance.placed.as_mut().and_then(|log| log.last_mut()) {
            (m.value, m.rotation) = (fields.value, fields.rotation);
        }
    }

    /// The value and rotation a start placement gives (those not 0) to the top piece at `t`.
    fn give_fields(&self, s: &mut StateData, t: i32, fields: Given) {
        if let Some(p) = s.stack_mut(t as usize).filter(|_| t >= 0).and_then(|st| st.last_mut()) {
            for (f, v) in [(SiteField::Value, fields.value), (SiteField::Rotation, fields.rotation)] {
                if v != 0 {
                    p.set_field(f, v);
                }
            }
        }
    }

    /// The fields a start placement gives, evaluated now; one drawn at random is the one a
    /// recorded start shows (`shown`), when one is reproduced.
    fn given(&self, s: &StateData, value: i32, f: &Placed, shown: Option<&Piece>) -> Given {
        let cache = Cache::fresh();
        let ctx = Ctx {
            value,
            ..self.ctx(s, &cache)
        };
        let eval = |f: &IntFn, recorded: Option<i32>| match recorded {
            Some(v) if draws_at_random(Node::Int(f)) => v,
            _ => self.int(f, &ctx),
        };
        Given {
            state: eval(&f.state, shown.map(|p| p.state)),
            value: eval(&f.value, shown.map(|p| p.value)),
            rotation: eval(&f.rotation, shown.map(|p| p.rotation)),
        }
    }

    /// `(place "Name" "Container" ..)` (see [`StartRule::PlaceInContainer`]).
    #[allow(clippy::too_many_arguments)]
    fn place_in_container(
        &self,
        s: &mut StateData,
        name: &str,
        container: &str,
        count: i32,
        fields: Given,
        chance: &mut StartChance,
    ) {
        let put = |s: &mut StateData, k: usize, what: u16, first_empty: bool, chance: &mut StartChance| {
            let from = self.container_from[k] as usize;
            let len = self.ir.containers[k].sites as usize;
            let site = if first_empty {
                (from..from + len).find(|&t| s.stack(t).is_some_and(|st| st.is_empty()))
            } else {
                Some(from)
            };
            if let (Some(t), Some(comp)) = (site, self.ir.components.get(what as usize)) {
                self.add_piece(s, t as i32, what, comp.owner, count.max(1) as u32, fields.state);
                self.give_fields(s, t as i32, fields);
                let a = Action::Add {
                    site: t as u32,
                    what,
                    who: comp.owner,
                    count: count.max(1) as u32,
                    state: if fields.state != 0 { fields.state } else { -1 },
                };
                chance.start_move(s, t as i32, a);
            }
        };
        let shared = self
            .ir
            .components
            .iter()
            .any(|k| k.base == name && k.owner == self.num_players + 1);
        let numbered = name.ends_with(|ch: char| ch.is_ascii_digit());
        if !numbered && container == "Hand" && !shared {
            for pid in 1..=self.num_players {
                let item = format!("{name}{pid}");
                let hand = format!("{container}{pid}");
                let what = self.ir.components.iter().position(|k| k.name == item);
                let k = self.ir.containers.iter().position(|c| c.name == hand);
                if let (Some(what), Some(k)) = (what, k) {
                    put(s, k, what as u16, true, chance);
                }
            }
        } else if let Some(k) = self.ir.containers.iter().position(|c| c.name == container) {
            // (Ludii places the component numbered as the container: a quirk kept)
            put(s, k, (k + 1) as u16, false, chance);
        }
    }

    /// Add `count` pieces (stacking: on the stack; else on an empty site, one piece with
    /// its count, while an add on an occupied site sets the local state it gives and, where
    /// counts matter, adds to the count).
    pub(super) fn add_piece(&self, s: &mut StateData, site: i32, what: u16, who: u8, count: u32, state: i32) {
        if site < 0 {
            return;
        }
        let Some(stack) = s.stack_mut(site as usize) else {
            return;
        };
        let state_given = state.max(0);
        if self.ir.stacking {
            for _ in 0..count {
                stack.push(Piece {
                    what,
                    who,
                    count: 1,
                    state: state_given,
                    ..Piece::default()
                });
            }
        } else if let Some(top) = stack.last_mut().filter(|p| p.what == 0) {
            // (a cell a large piece covers holds no component: the piece added takes it, as
            // Ludii's add sets a site whose component is none)
            (top.what, top.who, top.count) = (what, who, count);
            if state >= 0 {
                top.state = state;
            }
        } else if let Some(top) = stack.last_mut() {
            if state >= 0 {
                top.state = state;
            }
            top.count = if self.ir.requires_count {
                top.count.saturating_add(count)
            } else {
                1
            };
        } else {
            stack.push(Piece {
                what,
                who,
                count,
                state: state_given,
                ..Piece::default()
            });
        }
        s.sync_site(site as usize);
    }

    /// Whether a role denotes player (or owner) `who` in this context: [`Self::players_of`]
    /// without building the list.
    #[inline]
    pub(super) fn role_has(&self, role: Role, who: u8, c: &Ctx) -> bool {
        let n = self.num_players;
        if self.by_team(role) {
            let player = (1..=n).contains(&who);
            let ours = player && self.team(who) == self.team(c.mover);
            return match role {
                Role::Enemy => player && !ours,
                Role::Ally => ours && who != c.mover,
                Role::Team(k) => player && self.team(who) == k,
                _ => ours,
            };
        }
        match role {
            Role::Ally => false,
            Role::TeamMover => who == c.mover,
            Role::Team(k) => who == k,
            Role::Mover | Role::Friend => who == c.mover,
            Role::Next => who == c.next,
            Role::Prev => who == c.prev,
            Role::Neutral => who == 0,
            Role::Shared => who == n + 1,
            Role::Player(p) => who == p,
            Role::Each | Role::All => (1..=n).contains(&who),
            Role::NonMover | Role::Enemy => (1..=n).contains(&who) && who != c.mover,
            Role::Iterated => who as i32 == c.player,
        }
    }

    /// Whether component `what`'s base name is name `k` of the name table.
    #[inline]
    pub(super) fn is_named(&self, what: u16, k: u16) -> bool {
        let base = self.base_name.get(what as usize).copied().unwrap_or(u16::MAX);
        base != u16::MAX && self.name_canon.get(k as usize) == Some(&base)
    }

    /// The players a role denotes in this context.
    pub(super) fn players_of(&self, role: Role, c: &Ctx) -> SmallVec<[u8; 4]> {
        let n = self.num_players;
        if self.by_team(role) {
            return (1..=n).filter(|&p| self.role_has(role, p, c)).collect();
        }
        match role {
            Role::Ally => SmallVec::new(),
            Role::TeamMover => smallvec::smallvec![c.mover],
            Role::Team(k) => smallvec::smallvec![k],
            Role::Mover => smallvec::smallvec![c.mover],
            Role::Next => smallvec::smallvec![c.next],
            Role::Prev => smallvec::smallvec![c.prev],
            Role::Neutral => smallvec::smallvec![0],
            Role::Shared => smallvec::smallvec![n + 1],
            Role::Player(p) => smallvec::smallvec![p],
            Role::Each | Role::All => (1..=n).collect(),
            Role::NonMover | Role::Enemy => (1..=n).filter(|&p| p != c.mover).collect(),
            Role::Friend => smallvec::smallvec![c.mover],
            Role::Iterated => (0..=n + 1).filter(|&p| p as i32 == c.player).collect(),
        }
    }

    pub(super) fn role_player(&self, role: Role, c: &Ctx) -> i32 {
        match role {
            Role::Mover | Role::Friend => c.mover as i32,
            Role::Next => c.next as i32,
            Role::Prev => c.prev as i32,
            Role::Neutral => 0,
            Role::Shared => self.num_players as i32 + 1,
            Role::Player(p) => p as i32,
            Role::Iterated => c.player,
            // (a team's number)
            Role::TeamMover => self.team(c.mover) as i32,
            Role::Team(k) => k as i32,
            _ => c.mover as i32,
        }
    }

    /// Whether the players a role denotes are those of teams (in a game with teams).
    #[inline]
    pub(super) fn by_team(&self, role: Role) -> bool {
        role.by_team() && !self.ir.teams.is_empty()
    }

    /// A player's team: its own number in a game without teams.
    #[inline]
    pub(super) fn team(&self, p: u8) -> u8 {
        self.ir.teams.get(p as usize).copied().unwrap_or(p)
    }

    /// `(is Enemy w)`: a player of another team than the mover's (in a game with teams, any
    /// owner but none and the mover's team), else a player other than the mover.
    #[inline]
    pub(super) fn is_enemy(&self, w: i32, mover: u8) -> bool {
        if self.ir.teams.is_empty() {
            return w > 0 && w != mover as i32 && w <= self.num_players as i32;
        }
        w != 0 && !(w > 0 && w <= self.num_players as i32 && self.team(w as u8) == self.team(mover))
    }

    /// `(is Friend w)`: a player of the mover's team (the mover, in a game without teams).
    #[inline]
    pub(super) fn is_friend(&self, w: i32, mover: u8) -> bool {
        if self.ir.teams.is_empty() {
            return w == mover as i32;
        }
        w > 0 && w <= self.num_players as i32 && self.team(w as u8) == self.team(mover)
    }

    pub(super) fn top(s: &StateData, site: i32) -> Option<&Piece> {
        if site < 0 {
            return None;
        }
        s.stack(site as usize).and_then(|st| st.last())
    }

    /// The piece at the bottom of `site`'s stack: what Ludii's `(what at:)` reads (level 0
    /// unless a level is named; in a game without stacks, the site's one piece).
    pub(super) fn bottom(s: &StateData, site: i32) -> Option<&Piece> {
        if site < 0 {
            return None;
        }
        s.stack(site as usize).and_then(|st| st.first())
    }

    /// The first site of the hand of `player` (-1: none).
    pub(super) fn hand_of(&self, player: i32) -> Option<usize> {
        self.ir.containers.iter().position(|k| k.owner as i32 == player)
    }

    // ------------------------------------------------------------------ functions
}

pub(super) fn push_history(s: &mut StateData, r: MoveRecord) {
    if r.mover != 0 {
        s.num_moves += 1;
    }
    if s.history.len() == HISTORY_MAX {
        s.history.drain(..HISTORY_MAX - HISTORY + 1);
        s.history_truncated = true;
    }
    s.history.push(r);
}

/// Ludii's `(all Passed)` over the recent history (see the semantics notes, 7.4).
pub(super) fn all_passed(s: &StateData, num_players: u8) -> bool {
    // (alone: the last move is a pass, as in Ludii)
    if num_players == 1 {
        return s.history.last().is_some_and(|m| m.pass);
    }
    // (not before every player has had a move)
    if (s.num_moves as u64) < u64::from(num_players) {
        return false;
    }
    let mut who = s.mover;
    let mut last = false;
    let mut k = 0;
    let mut cursor = s.history.len();
    for _ in 0..num_players {
        loop {
            if cursor == 0 {
                if s.history_truncated {
                    return false;
                }
                return last;
            }
            if k > 1 {
                return false;
            }
            cursor -= 1;
            let m = s.history[cursor];
            if m.mover != who {
                if !last {
                    return false;
                }
                who = m.mover;
                k = 0;
                last = m.pass;
                break;
            } else {
                k += 1;
                last = m.pass;
            }
        }
    }
    true
}

/// A double as Java prints it (`1.0`, `1.5`).
pub fn java_double(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e7 {
        format!("{x:.1}")
    } else {
        format!("{x}")
    }
}

/// The fields a start placement gives a piece (see [`Placed`]).
#[derive(Clone, Copy, Debug)]
struct Given {
    state: i32,
    value: i32,
    rotation: i32,
}

/// Where the random choices of the start rules come from: draws from a seed and, given a
/// start position Ludii recorded (a replay of its trace), the choices that reproduce it.
pub(super) struct StartChance<'a> {
    seed: u64,
    draws: usize,
    /// Per site, the pieces the recorded start position shows there, bottom up.
    observed: Option<&'a [Vec<Piece>]>,
    /// Where asked, each start move's action in order.
    pub(super) placed: Option<Vec<StartMove>>,
    /// Whether the placements now are `(place Stack ..)`'s.
    stacking: bool,
}

impl<'a> StartChance<'a> {
    pub(super) fn seeded(seed: u64) -> StartChance<'static> {
        StartChance {
            seed,
            draws: 0,
            observed: None,
            placed: None,
            stacking: false,
        }
    }

    pub(super) fn observing(observed: &'a [Vec<Piece>]) -> StartChance<'a> {
        StartChance {
            seed: 0,
            draws: 0,
            observed: Some(observed),
            placed: None,
            stacking: false,
        }
    }

    /// A start move at `t` (-1: of no site), its action `a`, kept in the history and in the
    /// log where asked.
    fn start_move(&mut self, s: &mut StateData, t: i32, a: Action) {
        push_history(s, MoveRecord::start(t));
        self.note(a);
    }

    /// A start move's action, in the log where asked.
    pub(super) fn note(&mut self, action: Action) {
        let on_stack = self.stacking;
        if let Some(log) = &mut self.placed {
            log.push(StartMove {
                action,
                on_stack,
                value: 0,
                rotation: 0,
            });
        }
    }

    /// A draw below `n` (> 0).
    fn below(&mut self, n: usize) -> usize {
        let d = super::state::chance_draw(self.seed, self.draws);
        self.draws += 1;
        (d % n as u64) as usize
    }

    /// The piece the recorded start shows at the level a placement at `t` fills next.
    fn shown(&self, s: &StateData, t: i32) -> Option<&'a Piece> {
        let level = s.stack(t as usize).map_or(0, |st| st.len());
        self.observed?.get(t as usize)?.get(level)
    }

    /// Which of `sites` a random placement of `what` takes: one where the recorded start
    /// shows that piece (with these fields, else any), else a draw; none when there is no
    /// site, or when a record is reproduced and it shows the piece on none of them.
    fn pick_site(&mut self, s: &StateData, sites: &[i32], what: u16, fields: Given) -> Option<usize> {
        if sites.is_empty() {
            return None;
        }
        let exact = |p: &Piece| {
            p.what == what && p.state == fields.state && p.value == fields.value && p.rotation == fields.rotation
        };
        let found = sites
            .iter()
            .position(|&t| self.shown(s, t).is_some_and(exact))
            .or_else(|| {
                sites
                    .iter()
                    .position(|&t| self.shown(s, t).is_some_and(|p| p.what == what))
            });
        match self.observed {
            Some(_) => found,
            None => Some(self.below(sites.len())),
        }
    }

    /// Which of `pieces` a random stacking at `t` puts next: the one the recorded start
    /// shows there, else a draw.
    fn pick_piece(&mut self, s: &StateData, t: i32, pieces: &[u16]) -> usize {
        let shown = self.shown(s, t).map(|p| p.what);
        pieces
            .iter()
            .position(|&w| Some(w) == shown)
            .unwrap_or_else(|| self.below(pieces.len()))
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::Game;
    use crate::expand::Selections;

    fn game(start: &str) -> Game {
        let text = format!(
            r#"(game "R" (players 2) (equipment {{ (board (square 4)) (piece "Disc" Each) (piece "Ball" Neutral) }})
            (rules (start {{ {start} }}) (play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Win)))))"#
        );
        Game::load("r", &text, &Selections::default()).expect("loads")
    }

    /// Random placements put the pieces asked for on distinct empty sites of the region;
    /// the seed decides which; a recorded start is reproduced, piece for piece.
    #[test]
    fn random_placements_follow_the_seed_or_the_record() {
        let g = game(
            r#"(place "Disc1" {0 1}) (place Random (sites Bottom) {"Disc2"} count:3 state:2) (place Random {"Disc1"} count:5)"#,
        );
        assert!(g.has_chance());
        let texts: Vec<String> = (0..8).map(|seed| g.state_text(&g.initial_state_seeded(seed))).collect();
        for t in &texts {
            assert_eq!(t.matches("Disc2~s2").count(), 2, "two bottom sites were empty: {t}");
            assert_eq!(t.matches("Disc1").count(), 2 + 5, "{t}");
        }
        assert!(texts.iter().any(|t| *t != texts[0]), "the seed decides: {texts:?}");
        assert_eq!(g.state_text(&g.initial_state()), texts[0]);
        for t in &texts {
            assert_eq!(g.state_text(&g.initial_state_like(t)), *t);
        }
    }

    /// A placement on `(sites Random R)` (a region the lowering keeps in a cache slot, R
    /// being pure) is chance too: the seed decides the site, and a recorded start is
    /// reproduced.
    #[test]
    fn placements_on_random_sites_are_chance() {
        let g = game(
            r#"(place "Disc1" (sites Random (sites Bottom))) (place "Disc2" (sites Random (difference (sites Top) (sites Left)) num:2))"#,
        );
        assert!(g.has_chance());
        let texts: Vec<String> = (0..8).map(|seed| g.state_text(&g.initial_state_seeded(seed))).collect();
        assert!(texts.iter().any(|t| *t != texts[0]), "the seed decides: {texts:?}");
        for t in &texts {
            assert_eq!((t.matches("Disc1").count(), t.matches("Disc2").count()), (1, 2), "{t}");
            assert_eq!(g.state_text(&g.initial_state_like(t)), *t);
        }
    }

    /// `(set Amount v)` at the start gives every player v; `(* ints)` multiplies a list,
    /// and gives 0 for none, as Ludii: after the first move the next player has no group
    /// (0, so no win of theirs) and the mover one of size 1.
    #[test]
    fn start_amounts_and_the_product_of_a_list() {
        let text = r#"(game "P" (players 2) (equipment { (board (square 3)) (piece "Disc" Each) })
            (rules (start (set Amount 7)) (play (move Add (to (sites Empty))))
            (end { (if (!= 0 (* (sizes Group Next))) (result Next Win))
                   (if (= 1 (* (sizes Group Mover))) (result Mover Win)) })))"#;
        let g = Game::load("p", text, &Selections::default()).expect("it loads");
        let mut s = g.initial_state();
        assert_eq!(&s.inner.money[1..], &[7, 7]);
        let m = g.legal_moves(&s)[0].clone();
        g.apply(&mut s, &m);
        assert!(s.is_over());
        assert_eq!(s.ranking()[1..], [1.0, 2.0]);
    }

    /// `(deal Dominoes 7)` gives each of two hands 7 distinct dominoes of the 28, the seed
    /// deciding which; pieces set on another site type than the board's are kept apart.
    #[test]
    fn dominoes_are_dealt_and_pieces_set_on_edges() {
        let text = r#"(game "D" (players 2) (equipment { (board (square 2)) (hand Each size:21) (dominoes) })
            (rules (start { (deal Dominoes 7) (set Shared Edge (sites {0 3})) (place "Domino00" Vertex 4) })
            (play (move Pass)) (end (if (is Full) (result Mover Win)))))"#;
        let g = Game::load_start("d", text, &Selections::default()).expect("its start loads");
        assert!(g.has_chance());
        let texts: Vec<String> = (0..4).map(|seed| g.state_text(&g.initial_state_seeded(seed))).collect();
        for t in &texts {
            let mut dominoes: Vec<&str> = t.split([' ', '|', '=']).filter(|e| e.starts_with("Domino")).collect();
            assert_eq!(dominoes.len(), 14, "{t}");
            dominoes.sort();
            dominoes.dedup();
            assert_eq!(dominoes.len(), 14, "distinct: {t}");
        }
        assert!(texts.iter().any(|t| *t != texts[0]), "the seed decides: {texts:?}");
        let typed: Vec<_> = g
            .initial_state()
            .typed_sites(&g)
            .into_iter()
            .map(|(t, i, _, v)| (format!("{t:?}"), i, v.top_component))
            .collect();
        // (the first shared component, in the order the rules set them)
        let want = [("Edge", 0, 1), ("Edge", 3, 1), ("Vertex", 4, 1)].map(|(t, i, w)| (t.to_string(), i, w));
        assert_eq!(typed, want);
    }

    /// Teams: `Enemy` and `is Friend` follow them, and a team's win ranks every member
    /// first and the other team next (by the winners' number), which stays in while the
    /// game is over, the turn passing on as after any move.
    #[test]
    fn a_team_wins_together() {
        let text = r#"(game "T" (players 4) (equipment { (board (square 3)) (piece "Disc" Each) })
            (rules (start { (set Team 1 {P1 P3}) (set Team 2 {P2 P4}) (place "Disc3" 0) (place "Disc2" 1) })
            (play (move Add (to (sites Empty))))
            (end (if (and (= 1 (count Pieces Enemy)) (is Friend (who at:0))) (result TeamMover Win)))))"#;
        let g = Game::load("t", text, &Selections::default()).expect("loads");
        let mut s = g.initial_state();
        let m = g.legal_moves(&s).into_iter().next().expect("a move");
        g.apply(&mut s, &m);
        assert!(s.is_over());
        assert_eq!(s.ranking(), [0.0, 1.0, 3.0, 1.0, 3.0]);
        assert_eq!(
            s.mover(),
            2,
            "the losers stay in, and the turn passes to the next of them"
        );
    }

    /// A random stack holds every piece once and the record gives its order.
    #[test]
    fn a_random_stack_holds_every_piece_in_the_record_order() {
        let g = game(r#"(place Random {"Disc1" "Disc2" "Ball0"} count:{2 1 1} 5)"#);
        let t = g.state_text(&g.initial_state_seeded(3));
        let at5 = t
            .split([' ', '|'])
            .find(|e| e.starts_with("5="))
            .expect("site 5 holds the stack");
        let mut pieces: Vec<&str> = at5[2..].split(',').collect();
        pieces.sort();
        assert_eq!(pieces, ["Ball0", "Disc1", "Disc1", "Disc2"]);
        let record = "5=Disc2,Ball0,Disc1,Disc1|m1";
        assert_eq!(g.state_text(&g.initial_state_like(record)), record);
    }
}
