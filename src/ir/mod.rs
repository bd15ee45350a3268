//! The executable rule tree: what lowering produces from a checked description and the
//! engine runs. No syntax and no names to look up: components, players and relations are
//! resolved to indices once, at load time.

use crate::board::{Direction, Relation};

/// A player or set of players named by a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Mover,
    Next,
    Prev,
    Neutral,
    Shared,
    /// Every player, one at a time (`Each`), or all together (`All`).
    Each,
    All,
    /// A fixed player, 1-based.
    Player(u8),
    NonMover,
    /// In a game with teams ([`GameIr::teams`]), the players of other teams than the
    /// mover's (`Enemy`), of the mover's (`Friend`, `TeamMover`), of the mover's but the
    /// mover (`Ally`), of team k (`Team(k)`); without teams, the others, the mover, the
    /// mover, none, and player k.
    Enemy,
    Friend,
    Ally,
    TeamMover,
    Team(u8),
    /// `Player`: the player an end rule's `(forEach ..)` is at (`(player)`).
    Iterated,
}

impl Role {
    /// Whether the players the role denotes depend on the teams, in a game with teams.
    pub fn by_team(self) -> bool {
        matches!(
            self,
            Role::Enemy | Role::Friend | Role::Ally | Role::TeamMover | Role::Team(_)
        )
    }
}

/// Integer functions.
#[derive(Clone, Debug, PartialEq)]
pub enum IntFn {
    Const(i32),
    Mover,
    Next,
    Prev,
    /// The iterator variables.
    From,
    To,
    Between,
    Site,
    Value,
    Level,
    /// `(hint)` in a puzzle's `(forAll Hint ..)`: the value of the hint it is at.
    Hint,
    /// `(hint T at:s)`: the value of the first hint of type T whose first site is s (-1:
    /// none).
    HintAt(crate::board::SiteType, Box<IntFn>),
    /// `(var)` and `(var "k")`.
    Var,
    /// `(counter)`: the moves made since the start or the last `(set Counter)`.
    Counter,
    /// `(cost at:s)` / `(cost in:R)`: the sum of the sites' costs (set by the start rules,
    /// [`StartRule::SetCost`]; 0 unless set).
    Cost(Box<RegionFn>),
    NamedVar(u16),
    /// The player a role denotes (`(id P1)`-like uses, `Mover` where an int is wanted).
    RolePlayer(Role),
    Score(Box<IntFn>),
    /// Owner of the top piece at a site, 0 if empty.
    Who(Box<IntFn>),
    /// A field of the top piece at a site (`(state at:s)`, `(value Piece at:s)`,
    /// `(rotation at:s)`), 0 if empty.
    PieceField(SiteField, Box<IntFn>),
    /// `(who|what|state at:s level:l)`: of the piece at a level of a site's stack (0 if
    /// none).
    AtLevel(LevelField, Box<IntFn>, Box<IntFn>),
    /// `(edge a b)`: the edge joining vertices a and b (-1: none).
    EdgeJoining(Box<IntFn>, Box<IntFn>),
    /// `(who|what|state T at:s)` of a site of another site type than the board's (its top
    /// piece; 0 if none).
    OnType(crate::board::SiteType, LevelField, Box<IntFn>),
    /// `(count at:s)`: the pieces at a site (a stack's height, else the piece's count).
    CountAt(Box<IntFn>),
    /// `(count in:region)`: the pieces at the region's sites, summed as `CountAt` (as
    /// `CountCellAt` when true).
    CountIn(Box<RegionFn>, bool),
    /// `(count Cell at:s)` on a board of vertices or edges: the pieces at a site of another
    /// container than the board (0 on the board, whose cells Ludii does not keep).
    CountCellAt(Box<IntFn>),
    /// `(trackSite Move [from:] [player | "name"] steps:)`: the site `steps` further along
    /// the track from `from` (wrapping on a looped track; -1 past the end of another).
    TrackMove {
        from: Box<IntFn>,
        player: Box<IntFn>,
        name: Option<String>,
        steps: Box<IntFn>,
    },
    /// `(trackSite FirstSite [player] ["name"] [from:] [if:])`: the first site, going once
    /// round the track from `from`, where the condition holds with `to` at it (-1: none).
    /// `(trackSite EndSite ..)` is `last` (the track's last site).
    TrackFirst {
        player: Option<Box<IntFn>>,
        name: Option<String>,
        from: Option<Box<IntFn>>,
        cond: Option<Box<BoolFn>>,
        last: bool,
    },
    /// `(handSite player [index])`: a site of the player's hand.
    HandSite(Box<IntFn>, Box<IntFn>),
    /// Component of the piece at the bottom of a site (Ludii's `(what at:)` reads level 0), 0 if
    /// empty.
    What(Box<IntFn>),
    /// `(what at:)` in a deduction puzzle: the value set at the site, 0 while it is not
    /// set (Ludii's puzzle state answers so).
    PuzzleValue(Box<IntFn>),
    SizeStack(Box<IntFn>),
    /// `(size Stack in:R)`: the pieces stacked on the sites of R, all told.
    SizeStacks(Box<RegionFn>),
    CountSites(Box<RegionFn>),
    /// `(count Sites in:(intersection (sites Around <site> <rel>) <region>))` where the region
    /// is cached for the state ([`RegionFn::Cached`]): a mask and a population count.
    CountNear {
        site: Box<IntFn>,
        rel: Relation,
        region: Box<RegionFn>,
    },
    /// Pieces on the board owned by the role's player(s), optionally of one component name.
    /// With a region (`in:`), only its sites count. `All` counts every owner's, the
    /// neutral and shared ones' too (as Ludii). With a player (`of:`), that player's
    /// pieces instead of the role's. With another site type than the board's (`(count
    /// Pieces T ..)`), the pieces on that type's sites (a region's sites being that type's).
    CountPieces(
        Role,
        Option<u16>,
        Option<Box<RegionFn>>,
        Option<Box<IntFn>>,
        Option<crate::board::SiteType>,
    ),
    /// `(count Rows)`, `(count Columns)`, `(count Cells)`, `(count Vertices)`,
    /// `(count Edges)` of the board: `GameDef::board_counts[k]`, computed at load.
    BoardCount(u8),
    /// `(count Moves)`: the moves made since the start rules (passes included).
    CountMoves,
    /// `(count MovesThisTurn)`: the moves the mover has made in a row before this one.
    CountMovesThisTurn,
    /// `(count Turns)`.
    CountTurns,
    /// `(count Trials)`: the subgames of a match played so far (0 outside a match).
    CountTrials,
    /// `(count Pips [who])`: the sum of the faces shown by the first dice container of
    /// `who` (default the shared one), 0 if none.
    CountPips(Box<IntFn>),
    /// `(face site)`: the face shown by the die at `site`, -1 if none.
    Face(Box<IntFn>),
    CountSteps(Box<IntFn>, Box<IntFn>),
    /// `(count Steps [relation] site R)`: the fewest steps from `site` to a site of `R` (0
    /// when `R` has none).
    CountStepsTo(Box<IntFn>, Box<RegionFn>),
    /// `(count Steps (step dirs (to if:C)) from R)`: the fewest such steps (each to a site
    /// `C` holds at, `to` the site) from `from` to a site of `R`: 0 from one of them,
    /// Ludii's Infinity when none is reached.
    CountStepsBy(Box<StepsBy>),
    CentrePoint,
    /// `(count Pieces "Bag")`: the dominoes left to take (neither dealt nor taken).
    Bag,
    /// `(pathExtent [colour] [start | regionStart])` (Ludii's `PathExtent`): how far, in rows
    /// or columns, the tiles' paths of `colour` reach from the first of the sites (`(sites
    /// LastTo)` by default), to the sites their ends lead to.
    PathExtent(Box<IntFn>, Box<RegionFn>),
    /// `(centrePoint T)` of another site type than the board's: that type's centre site.
    CentrePointOf(crate::board::SiteType),
    /// The site labelled `names[k]` (`"A4"`), -1 if none: resolved when the game is loaded.
    Coord(u16),
    /// `(coord row:r column:c)`: the site in that row and column, -1 if none.
    CoordAt(Box<IntFn>, Box<IntFn>),
    /// `(player)`: the player an end rule's `(forEach ..)` is at.
    Player,
    /// `(column of:s)` (true) or `(row of:s)`: of a board site (-1 off the board).
    RowColumn(bool, Box<IntFn>),
    /// `(regionSite R index:i)`: the region's i-th site, ascending (-1: none).
    RegionSite(Box<RegionFn>, Box<IntFn>),
    /// `(value Random (range a b))`: a number from a to b (-1 when b < a). Ludii draws it
    /// from its generator; the engine from a hash of the position, so that moves and
    /// replays stay functions of the position (a trace that reaches a draw cannot agree).
    Random(Box<IntFn>, Box<IntFn>),
    /// `(value Player p)`: the player's value (-1 until set).
    PlayerValue(Box<IntFn>),
    /// `(amount p)`: the player's amount of money (its last bet; 0 at the start; -1 for no
    /// player).
    Amount(Box<IntFn>),
    /// `(pot)`: the money in the pot (0 at the start).
    Pot,
    /// `(count Groups ..)`: the groups of at least `min` sites where `cond` holds (with `to`
    /// the site), connected through `dirs`.
    CountGroups(Box<Groups>),
    /// `(size Territory role [dir])`: the empty sites of the board's groups of empty sites
    /// (through `dir`, default `Adjacent`) whose neighbours are all the player's.
    SizeTerritory(Box<IntFn>, Direction),
    /// `(size Group at:..)`: the number of sites of the group ([`GroupAt`]).
    SizeGroup(Box<GroupAt>),
    /// `(count Liberties at:..)`: the empty sites next to the group ([`GroupAt`]).
    CountLiberties(Box<GroupAt>),
    /// `(mapEntry ["name"] key)`: the value the first map (of that name) gives the key, else
    /// the key itself ([`GameIr::maps`], resolved when the game is loaded).
    MapEntry {
        name: Option<u16>,
        key: Box<IntFn>,
    },
    Ahead {
        site: Box<IntFn>,
        steps: Box<IntFn>,
        dir: Direction,
    },
    Add(Vec<IntFn>),
    Sub(Box<IntFn>, Box<IntFn>),
    Mul(Vec<IntFn>),
    Div(Box<IntFn>, Box<IntFn>),
    Mod(Box<IntFn>, Box<IntFn>),
    /// `(^ a b)`: Java's double power, cast back (saturating).
    Pow(Box<IntFn>, Box<IntFn>),
    Neg(Box<IntFn>),
    /// Sum of an int list (`(+ list)`).
    Sum(Box<IntsFn>),
    /// Product of an int list (`(* list)`; 0 for none, as Ludii).
    Product(Box<IntsFn>),
    /// `(size Array list)`: the length of an int list.
    SizeArray(Box<IntsFn>),
    /// `(arrayValue list index:i)`: the list's `i`th value (from 0), else -1 (Off).
    ArrayValue(Box<IntsFn>, Box<IntFn>),
    /// `(count Stack [FromTop] at:s|to:R [if:C] [stop:S])`: over the occupied sites, the
    /// levels (from the bottom by default; `to` the site, `level` the level) where C holds,
    /// each stack's count stopping at the first level where S holds.
    CountStack(Box<StackCount>),
    /// `(layer of:s)`: the layer of a site of a layered board (0: the ground).
    Layer(Box<IntFn>),
    /// `(phase of:s)`: the colour of a board site in the board's colouring (as `(sites
    /// Phase k)`; -1 off the board).
    Phase(Box<IntFn>),
    /// `(count Value v in:list)`: how many entries of the list equal v.
    CountValue(Box<IntFn>, Box<IntsFn>),
    Min(Box<IntsFn>),
    Max(Box<IntsFn>),
    LastTo,
    LastFrom,
    /// `(count Active)`: the players still in the game.
    CountActive,
    /// `(prev MoverLastTurn)`: the mover of the latest move not made by the mover (-1:
    /// none).
    MoverLastTurn,
    /// `(last To afterConsequence:True)`: the site of the last action of the last move, its
    /// consequents included.
    LastToAfter,
    /// `(last From afterConsequence:True)`: where the last action of the last move, its
    /// consequents included, came from (a site's own action: that site).
    LastFromAfter,
    /// `(last LevelTo)`: the level the last decision named at its `to` (a selection's in a
    /// game with stacks; else ground level, 0).
    LastLevelTo,
    ValuePending,
    /// The lowest component index whose name contains a name, owned by the role's player:
    /// `by_player[p]` for every player index (resolved at load time; -1 if none).
    Id {
        role: Role,
        by_player: Vec<i32>,
    },
    /// As [`IntFn::Id`], of the player a function gives (`(where "Father" (who at:s))`).
    IdOf(Box<IntFn>, Vec<i32>),
    /// `(where what [state:])`: the lowest board site holding component `what` at any level
    /// (with local state `state`, when given); -1 where none does.
    Where {
        what: Box<IntFn>,
        state: Option<Box<IntFn>>,
    },
    /// `(where Level what at:s [state:] [fromTop:])`: the first level of site `s` holding
    /// `what` (with local state `state`), from the top or from the bottom; -1 where none.
    WhereLevel {
        what: Box<IntFn>,
        at: Box<IntFn>,
        state: Option<Box<IntFn>>,
        from_top: bool,
    },
    If(Box<BoolFn>, Box<IntFn>, Box<IntFn>),
    /// An expensive function remembered while the iterator variables it reads (`deps`) and
    /// the roles stay the same; `slot` indexes the evaluation cache.
    Memo {
        slot: u32,
        deps: u8,
        inner: Box<IntFn>,
    },
    /// An expensive function of the state, the roles and `site` only, remembered per site
    /// for the state (`slot` indexes the evaluation cache's per-site tables).
    MemoSite {
        slot: u32,
        inner: Box<IntFn>,
    },
    /// A value an effect uses (a count, a score, a variable's value), the same as its inner
    /// function: the engine compiles `GameIr::values[slot]` once at load and evaluates that.
    Compiled(u32, Box<IntFn>),
}

/// Integer list functions.
#[derive(Clone, Debug, PartialEq)]
pub enum IntsFn {
    List(Vec<IntFn>),
    /// For each `from` of the first region and each `to` of the second (evaluated with that
    /// `from`), the value.
    Results {
        from: Box<RegionFn>,
        to: Box<RegionFn>,
        value: Box<IntFn>,
    },
    /// `(values Remembered ["name"])`: a list of remembered values, in order.
    Remembered(u16),
    /// `(array R)`: a region's sites, ascending.
    Sites(Box<RegionFn>),
    /// `(if c A B)`: one list or the other.
    If(Box<BoolFn>, Box<IntsFn>, Box<IntsFn>),
    /// `(sizes Group ..)`: the size of each group (of at least `min` sites), in the order
    /// their lowest sites come.
    SizesGroups(Box<Groups>),
    /// `(union A B ..)`: the first list, then each value of the others not yet in it.
    Union(Vec<IntsFn>),
    /// `(intersection A B)`: B's values found in A; of more: the first's found in all others.
    Intersection(Vec<IntsFn>),
    /// `(difference A B)` (B a list, or one value): A without, for each value of B, its
    /// first occurrence (Ludii's `removeAll` on int lists removes one per value given).
    Difference(Box<IntsFn>, Box<IntsFn>),
    /// `(players All|NonMover|Enemy|Friend|Ally|TeamK [if:C])`: the players of the group
    /// (`All` and `NonMover` count the neutral 0 too, as Ludii's), each where C holds with
    /// `(player)` that player.
    Players(Role, Option<Box<BoolFn>>),
}

/// Ludii's limits of a game's length (`(value TurnLimit)`, `(value MoveLimit)`): a game
/// still going after this many turns of each player, or this many decisions, is a draw.
pub const TURN_LIMIT: u32 = 1250;
pub const MOVE_LIMIT: u32 = 10_000;

/// Boolean functions.
#[derive(Clone, Debug, PartialEq)]
pub enum BoolFn {
    Const(bool),
    /// `(is PipsMatch [site])` (Ludii's `IsPipsMatch`): the domino at the site (the last
    /// `to` by default) shows, on each of its cells, the pips of the cells beside it that a
    /// domino covers, and after the first domino, meets the line of play at one end.
    PipsMatch(Box<IntFn>),
    /// `(is SidesMatch [to])` (Ludii's `IsSidesMatch`): the sides of the tile at `to` (the
    /// last `to` by default) match, slot by slot, the colours of the tiles beside it.
    SidesMatch(Box<IntFn>),
    Not(Box<BoolFn>),
    And(Vec<BoolFn>),
    Or(Vec<BoolFn>),
    Xor(Box<BoolFn>, Box<BoolFn>),
    Eq(Box<IntFn>, Box<IntFn>),
    Ne(Box<IntFn>, Box<IntFn>),
    Lt(Box<IntFn>, Box<IntFn>),
    Le(Box<IntFn>, Box<IntFn>),
    Gt(Box<IntFn>, Box<IntFn>),
    Ge(Box<IntFn>, Box<IntFn>),
    RegionEq(Box<RegionFn>, Box<RegionFn>),
    IsEmpty(Box<IntFn>),
    IsOccupied(Box<IntFn>),
    /// `(is LastTo T)`: the last move went to a site of type T.
    LastToOfType(crate::board::SiteType),
    /// `(is Empty T s)` (`occupied`: `(is Occupied T s)`) of a site of another site type
    /// than the board's.
    OnType {
        ty: crate::board::SiteType,
        site: Box<IntFn>,
        occupied: bool,
    },
    IsIn(Box<IntFn>, Box<RegionFn>),
    /// Some site holding component `what` lies in the region / is `at`.
    IsWithinRegion(Box<IntFn>, Box<RegionFn>),
    IsWithinAt(Box<IntFn>, Box<IntFn>),
    /// Some neighbour of `site` in relation `rel` lies in `region` (a cached region): what
    /// `(is Within what in:(sites Around site))` comes to, as a mask test.
    NearAny {
        site: Box<IntFn>,
        rel: Relation,
        region: Box<RegionFn>,
    },
    /// `(is Mover w)`, `(is Next w)`, ...: the role's player equals `w`.
    IsPlayer(Role, Box<IntFn>),
    IsEnemy(Box<IntFn>),
    IsFriend(Box<IntFn>),
    IsPrevMover,
    IsPending,
    IsProposed(u16),
    /// `(is Decided "s")`: the last vote decided `s`.
    IsDecided(u16),
    /// `(is Cycle)`: the last n² positions (n players) repeat the n² before them twice.
    IsCycle,
    /// `(is Tree ..)`, `(is SpanningTree ..)`, `(is RegularGraph ..)` on the board's edges.
    IsGraph(Box<GraphTest>),
    /// `(is Path Edge who length:range [closed:])`: see [`PathTest`].
    IsPath(Box<PathTest>),
    IsEven(Box<IntFn>),
    IsOdd(Box<IntFn>),
    AllPassed,
    /// `(all DiceUsed)`: every die's value of the last roll is used.
    AllDiceUsed,
    /// `(all DiceEqual)`: the last roll gave every die the same face.
    AllDiceEqual,
    /// `(is AnyDie v)`: a die of the first container shows `v`, not used yet.
    IsAnyDie(Box<IntFn>),
    /// `(was Pass)`: the last move was a pass.
    WasPass,
    NoMoves(Role),
    /// `(is Triggered "event" player)`.
    IsTriggered(Box<IntFn>),
    /// `(all Different [R] [except:V])` of a puzzle: no two set sites of R (default: of
    /// each region of the equipment, each static region type's regions apart) share a
    /// value, except the values V; a site set to 0, unless excepted, fails it.
    AllDifferent(Option<Box<RegionFn>>, Vec<IntFn>),
    /// `(is Sum [R] ["name"] n)` of a puzzle: the set values of R (default: of each region
    /// of a static type of the equipment, of the regions named so if named) add up to no
    /// more than n, and to n once all are set; n None: `(hint)`, the value of the region's
    /// hint (the hint of its index among its type's regions).
    PuzzleSum {
        region: Option<Box<RegionFn>>,
        name: Option<u16>,
        sum: Option<Box<IntFn>>,
    },
    /// `(is Count R of:v n)` of a puzzle: no more than n sites of R are set to v, and n
    /// once all are set.
    PuzzleCount(Box<RegionFn>, Box<IntFn>, Box<IntFn>),
    /// `(is Solved)` of a puzzle: the constraints hold with every variable not set yet set
    /// to 0 (Ludii's test).
    IsSolved,
    /// `(forAll T C)` of a puzzle (T a site type): C holds at each site of the type, as
    /// `(from)`.
    ForAllSites(crate::board::SiteType, Box<BoolFn>),
    /// `(forAll Hint C)` of a puzzle: C holds at each hint, with `(from)` its first site,
    /// `(to)` its second, and `(hint)` its value.
    ForAllHints(Box<BoolFn>),
    /// A comparison (`<`, `<=`, `>`, `>=`) in a deduction puzzle: of the values set at its
    /// two sites, and true while either is not set (Ludii's puzzle comparisons).
    PuzzleCmp(Box<BoolFn>),
    /// `(is Unique)` of a puzzle: no two regions of one static type of the equipment (two
    /// rows, two columns) are both set, to the same values in order.
    PuzzleUnique,
    /// `(is Active p)`: player `p` is still in the game.
    IsActive(Box<IntFn>),
    /// `(is Visited s)`: an earlier move of this turn went from or to `s`.
    IsVisited(Box<IntFn>),
    /// `(is Repeat [kind])`: the position is one of those recorded ([`GameIr::records`]:
    /// the game's, or this turn's).
    IsRepeat,
    /// `(is Line n ..)`: a line of `n` pieces through a site (see [`LineSpec`]).
    IsLine(Box<LineSpec>),
    /// `(is Pattern {F R ..} ..)`: a turtle walk from a site meets the pieces given.
    IsPattern(Box<Pattern>),
    /// `(is Target {c ..} [site | {sites}])` (Ludii's `IsTarget`, on the board): the
    /// components at the sites given (each board site in turn when none are) are `c ..`;
    /// where pieces stack, some site given (the first site, when none are) holds exactly
    /// that stack, from the bottom up.
    IsTarget(Box<(Vec<i32>, Option<Vec<i32>>)>),
    /// `(is Hidden [kind] at:s [level:l] to:p)`: the flag of that kind at the site (and
    /// level, in a game with stacks) hides it from the player.
    IsHidden(Box<(HiddenKind, IntFn, Option<IntFn>, Viewer)>),
    /// `(is Connected ..)`: the group of the piece at `at` touches enough of the regions.
    IsConnected(Box<Connected>),
    /// `(is Flat [site])`: on a layered board, every site below it (its supports) is
    /// occupied (always on the ground layer).
    IsFlat(Box<IntFn>),
    /// `(is Blocked ..)` (the arguments of `is Connected`): no site of the first region
    /// reaches enough of the others through sites that are empty or the player's (`at:`
    /// is not read).
    IsBlocked(Box<Connected>),
    /// `(all Groups [dirs] [of:B] if:C)`: every group (of the sites where B holds, `to`
    /// the site; the mover's by default) passes C, read with `(sites)` the group.
    AllGroups(Box<Groups>, Box<BoolFn>),
    /// `(is Loop ..)`: the piece at a site closes a loop (see [`Loop`]).
    IsLoop(Box<Loop>),
    /// `(> (count Liberties ..) 0)`: the group has a liberty (the walk stops at the first).
    HasLiberty(Box<GroupAt>),
    /// `(all Sites R if:C)`: C holds at every site of R (with `site` set); with `distinct`,
    /// `(all Different R if:C)`: and no two of them hold the same component (an empty
    /// site counting as one of none).
    AllSites(Box<RegionFn>, Box<BoolFn>, bool),
    /// `(can Move M)`: whether M gives a move here.
    CanMove(Box<Moves>),
    /// `(is Threatened ..)`: can an enemy of a piece's owner move to its site (see
    /// [`Threat`])?
    IsThreatened(Box<Threat>),
    If(Box<BoolFn>, Box<BoolFn>, Box<BoolFn>),
    /// A condition of a move, region or rule, the same as its inner function: the engine
    /// compiles `GameIr::conds[slot]` (a copy of it) once at load and evaluates that.
    Compiled(u32, Box<BoolFn>),
}

impl BoolFn {
    /// The function itself, behind a [`BoolFn::Compiled`] slot if it has one.
    pub fn uncompiled(&self) -> &BoolFn {
        match self {
            BoolFn::Compiled(_, inner) => inner,
            b => b,
        }
    }
}

/// The group of a site (Ludii's `sites Group`, `size Group`, `count Liberties`): the site
/// (when `cond` holds there, with `to` at it) and the sites reached through `dirs` from it
/// (with `from` at it and `to` at each) that pass the test: `cond` when given, else holding
/// the site's component; with `same_what_and_cond`, both.
#[derive(Clone, Debug, PartialEq)]
pub struct GroupAt {
    pub at: IntFn,
    pub dirs: Vec<Direction>,
    pub cond: Option<BoolFn>,
    pub same_what_and_cond: bool,
}

/// The parts of [`IntFn::CountGroups`].
#[derive(Clone, Debug, PartialEq)]
pub struct Groups {
    pub dirs: Vec<Direction>,
    /// Which sites belong to groups (`to` the site; default: occupied).
    pub cond: BoolFn,
    pub min: IntFn,
}

/// The parts of an [`IntFn::CountStack`].
#[derive(Clone, Debug, PartialEq)]
pub struct StackCount {
    pub sites: RegionFn,
    pub from_top: bool,
    pub cond: BoolFn,
    pub stop: BoolFn,
}

/// The step move of a [`RegionFn::Distance`]: its directions and where it may go.
#[derive(Clone, Debug, PartialEq)]
pub struct DistanceStep {
    pub dirs: Vec<Direction>,
    pub cond: BoolFn,
}

/// The parts of an [`IntFn::CountStepsBy`].
#[derive(Clone, Debug, PartialEq)]
pub struct StepsBy {
    pub dirs: Vec<Direction>,
    pub cond: BoolFn,
    pub from: IntFn,
    pub to: RegionFn,
}

/// `(is Connected [number] [at:] [dirs] regions|role)` (Ludii's `IsConnected`).
#[derive(Clone, Debug, PartialEq)]
pub struct Connected {
    /// The site the group grows from (default `(last To)`).
    pub at: IntFn,
    /// How many of the regions it must touch (default all).
    pub number: Option<IntFn>,
    pub dirs: Vec<Direction>,
    /// The regions, given; else the parts of the equipment's regions of `player`.
    pub regions: Option<Vec<RegionFn>>,
    /// The player whose regions are connected and whose piece at `at` starts the group
    /// (None: any piece starts it).
    pub player: Option<IntFn>,
    /// Regions without sites are left out (a static region type: `Sides`), else each counts.
    pub skip_empty: bool,
    /// Each site of the regions is a region of its own (the static region type `Corners`).
    pub each_site: bool,
}

/// Which earlier positions `(no Repeat ..)` forbids (Ludii's `RepetitionType`): a position
/// is the pieces of every container.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    /// The start, and the position after the first move of each turn (a move by another
    /// player than the move before) since the game began (the default).
    Positional,
    /// The positions after each move of the current turn.
    PositionalInTurn,
}

/// `(is Loop [surround:R] [colour] [start] [path:])` (Ludii's `IsLoop`): a site next to the
/// piece at `start` lies in a region closed off from the board's outer sites by pieces of
/// that component, all of them `colour`'s. With `path:True`, where that piece is a tile, the
/// tiles' paths of `colour` from one of `tile_path`'s sites come back to it.
#[derive(Clone, Debug, PartialEq)]
pub struct Loop {
    /// `path:True`: the sites the tiles' paths are followed from (the start given, else
    /// `(sites LastTo)`).
    pub tile_path: Option<RegionFn>,
    /// The site of the piece (default `(last To)`).
    pub start: IntFn,
    /// The player every piece of the loop belongs to (default the mover).
    pub colour: IntFn,
    /// The players whose pieces may be enclosed (none: any site but the loop's pieces).
    pub surround: Option<Vec<Role>>,
}

/// `(forEach Direction ..)`, Ludii's `ForEachDirection`: from a site (the `from` being
/// moved from by default), along each radial in the directions (relative ones facing from
/// `from` towards `to` when `to` is set, else as the piece at `from` faces), the sites at
/// distances `min..=max`: at each, with `to` there, the body's moves, while `to`'s condition
/// holds (the sites before `min` must pass `between`).
#[derive(Clone, Debug, PartialEq)]
pub struct EachDirection {
    pub from: Option<IntFn>,
    pub dirs: Vec<Direction>,
    pub min: IntFn,
    pub max: IntFn,
    pub between: Option<BoolFn>,
    pub to: Option<BoolFn>,
    pub body: Moves,
}

/// `(is Threatened [what] [at:|in:] [moves])`.
#[derive(Clone, Debug, PartialEq)]
pub struct Threat {
    /// The component asked about (`(id "King" Mover)`); None: the piece at each site.
    pub what: Option<IntFn>,
    /// The site asked about (`at:`); with neither this nor `region`: `what`'s first site on
    /// the board, or every occupied site.
    pub site: Option<IntFn>,
    pub region: Option<RegionFn>,
    /// The moves that threaten; None: each enemy's moves in its current phase.
    pub moves: Option<Moves>,
}

/// `(is Line len [dirs] [through:] [who|what:|whats:] [exact:] [contiguous:] [if:])`.
#[derive(Clone, Debug, PartialEq)]
pub struct LineSpec {
    pub len: IntFn,
    pub dirs: Vec<Direction>,
    /// The site the line goes through (default `(last To)`).
    pub through: Option<IntFn>,
    /// `throughAny:`: a line through one of these sites (those holding one of `whats`,
    /// when given) instead.
    pub through_any: Option<RegionFn>,
    /// The components a line is made of (default: the one at `through`) ...
    pub whats: Option<Vec<IntFn>>,
    /// ... or every component of this player.
    pub who: Option<IntFn>,
    pub exact: Option<BoolFn>,
    pub contiguous: Option<BoolFn>,
    /// A condition at each site of the line (with `to` set).
    pub cond: Option<BoolFn>,
    /// In a game with stacks (Ludii's stacked form, [`StackedLine`]); `None` otherwise.
    pub stacked: Option<StackedLine>,
    /// The slot of `dirs` and `same_layer` in [`GameIr::line_dirs`] (the radials and
    /// opposites of each site in those directions are tabled at load).
    pub table: u32,
    /// `SameLayer`: along the radials (of all directions) that stay in the site's layer of
    /// a layered board.
    pub same_layer: bool,
}

/// `(is Pattern walk [from:] [what: | whats:])`: from `from`, for some starting orthogonal
/// direction of the board, the walk's steps (`Forward` one site on, `Turn` to the next
/// orthogonal direction, right for +1, left for -1) meet, at `from` and each site stepped
/// on, the pieces `whats` in turn (cycling), or the piece at `from` when none is given.
#[derive(Clone, Debug, PartialEq)]
pub struct Pattern {
    pub walk: Vec<PatternStep>,
    pub from: IntFn,
    pub whats: Vec<IntFn>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PatternStep {
    Forward,
    Turn(i8),
}

/// How `is Line` reads stacks in a game with stacks: `byLevel:` (lines through the pieces
/// at levels: flat, rising or falling along the radials, and down the stack itself, as in
/// Connect Four on a one-row board), or else through the sites whose top piece (`top:`) or
/// any piece is of the line's components.
#[derive(Clone, Debug, PartialEq)]
pub struct StackedLine {
    pub by_level: Option<BoolFn>,
    pub top: Option<BoolFn>,
}

/// A set of owners (bit 0 neutral, then the players) as a function of the roles: the fixed
/// owners and the roles' players, less the excepted ones. Roles are bits: [`Owners::MOVER`],
/// [`Owners::NEXT`], [`Owners::PREV`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Owners {
    pub fixed: u32,
    pub roles: u8,
    pub except_fixed: u32,
    pub except_roles: u8,
}

impl Owners {
    pub const MOVER: u8 = 1;
    pub const NEXT: u8 = 2;
    pub const PREV: u8 = 4;

    /// The owners whose pieces `(sites Occupied by:role)` lists: the role's, and for `All`
    /// the neutral and shared pieces too (Ludii reads `All` there as every owner from 0 to
    /// the shared one).
    pub fn occupying(role: Role, players: u8) -> Owners {
        let mut o = Owners::of_role(role, players);
        if role == Role::All {
            o.fixed |= 1 | 1u32.checked_shl(players as u32 + 1).unwrap_or(0);
        }
        o
    }

    /// The owners a role denotes, in a game of `players` players.
    pub fn of_role(role: Role, players: u8) -> Owners {
        let all = ((1u32 << (players as u32 + 1)) - 1) & !1;
        let (fixed, roles, except_roles) = match role {
            Role::Mover | Role::Friend | Role::TeamMover => (0, Self::MOVER, 0),
            Role::Ally => (0, 0, 0),
            Role::Team(k) => (1u32.checked_shl(k as u32).unwrap_or(0), 0, 0),
            Role::Next => (0, Self::NEXT, 0),
            Role::Prev => (0, Self::PREV, 0),
            Role::Neutral => (1, 0, 0),
            Role::Shared => (1u32.checked_shl(players as u32 + 1).unwrap_or(0), 0, 0),
            Role::Player(p) => (1u32.checked_shl(p as u32).unwrap_or(0), 0, 0),
            Role::Each | Role::All => (all, 0, 0),
            Role::NonMover | Role::Enemy => (all, 0, Self::MOVER),
            // (no fixed set: lowering keeps `Player` out of owner sets)
            Role::Iterated => (0, 0, 0),
        };
        Owners {
            fixed,
            roles,
            except_fixed: 0,
            except_roles,
        }
    }

    /// The owners, as a bit set, for these roles' players.
    #[inline]
    pub fn bits(&self, mover: u8, next: u8, prev: u8) -> u32 {
        // branch-free: each role's bit is kept where the role is in the set
        let (m, n, p) = (1u32 << (mover & 31), 1u32 << (next & 31), 1u32 << (prev & 31));
        let of = |k: u8| {
            let on = |b: u8| 0u32.wrapping_sub((k >> b & 1) as u32);
            (m & on(0)) | (n & on(1)) | (p & on(2))
        };
        (self.fixed | of(self.roles)) & !(self.except_fixed | of(self.except_roles))
    }

    /// Whether owner `who` is in the set, for these roles' players.
    #[inline]
    pub fn has(&self, who: u8, mover: u8, next: u8, prev: u8) -> bool {
        if self.except_fixed == 0 && self.except_roles == 0 {
            (who < 32 && self.fixed >> who & 1 != 0)
                || (self.roles & Self::MOVER != 0 && who == mover)
                || (self.roles & Self::NEXT != 0 && who == next)
                || (self.roles & Self::PREV != 0 && who == prev)
        } else {
            who < 32 && self.bits(mover, next, prev) >> who & 1 != 0
        }
    }

    /// The union, where it is one set (neither has exceptions).
    pub fn union(self, o: Owners) -> Option<Owners> {
        (self.except_fixed | self.except_roles as u32 | o.except_fixed | o.except_roles as u32 == 0).then_some(Owners {
            fixed: self.fixed | o.fixed,
            roles: self.roles | o.roles,
            ..Owners::default()
        })
    }

    /// The difference, where it is one set (`o` has no exceptions).
    pub fn minus(self, o: Owners) -> Option<Owners> {
        (o.except_fixed | o.except_roles as u32 == 0).then_some(Owners {
            except_fixed: self.except_fixed | o.fixed,
            except_roles: self.except_roles | o.roles,
            ..self
        })
    }
}

/// A region of another site type than the board's (several site types in play at once):
/// sites of that type, numbered as Ludii numbers them, read off that type's own pieces.
#[derive(Clone, Debug, PartialEq)]
pub enum TypedRegion {
    /// `(sites Board T)`: every site of the type.
    All,
    /// `(sites Outer T)`, `(sites Top T)`, ...: those of a region of the board's geometry.
    Geometry(BoardRegion),
    /// `(sites Empty T)`.
    Empty,
    /// `(sites Occupied by:R [component:"Name"] on:T)`: those whose top piece the role's
    /// players (or no player, for `Neutral`; or all: `Shared`... as [`Role`] reads owners)
    /// hold (and is of that name).
    Occupied(Role, Option<u16>),
    /// `(sites T {s ..})`: these sites.
    Sites(Vec<IntFn>),
    /// `(sites T "label" ..)`: the sites of these labels.
    Labels(Vec<String>),
    /// `(sites Incident T of:U at:s)`: the sites of type T incident to site s of type U
    /// (a cell's edges and vertices, an edge's ends and cells, a vertex's edges and cells).
    /// With an owner (`(sites Incident .. P)`, `owner:`), only those whose piece that player
    /// holds (any player's, for `Shared`).
    Incident {
        of: crate::board::SiteType,
        at: Box<IntFn>,
        owner: Option<Box<IntFn>>,
    },
    /// `(sites Around T s dirs)`: the sites of type T next to site s of that type in these
    /// directions (as the board of that type relates its sites).
    Around { at: Box<IntFn>, dirs: Vec<Direction> },
}

/// Region functions.
#[derive(Clone, Debug, PartialEq)]
pub enum RegionFn {
    Board,
    /// Sites of another site type (`T`) than the board's, or of the board's type when read
    /// from another's (`(sites Incident Vertex of:Cell ..)` on a board of vertices).
    OnType(crate::board::SiteType, Box<TypedRegion>),
    /// `(sites Hidden [kind] to:p)`: the board's sites whose flag of that kind (at the
    /// bottom level) hides them from the player, player by player for a role of several.
    Hidden(HiddenKind, Viewer),
    Empty,
    /// `(sites Empty k)` with a container index: the empty sites of container k (0: the
    /// board's, as `Empty`; k >= 1 a hand's cells, at their global site numbers).
    EmptyIn(Box<IntFn>),
    Occupied {
        role: Role,
        component: Option<u16>,
        top: bool,
    },
    /// The sites of the containers other than the board (hands) whose top piece belongs to
    /// the role's players (and is the component, when given): with the board's, what
    /// `(sites Occupied by:R)` names when no container is given; of one container (its
    /// index: 1 the first after the board) with `container:`.
    InHands {
        role: Role,
        component: Option<u16>,
        container: Option<Box<IntFn>>,
    },
    /// `(sites Group at:..)`: the sites of the group ([`GroupAt`]).
    Group(Box<GroupAt>),
    /// The sites whose top piece belongs to one of these owners: `(sites Occupied by:R)` (top
    /// pieces, any component), unions and differences of such; read off the state's table of
    /// owners, never cached.
    Owned(Owners),
    Sites(Vec<IntFn>),
    Around {
        sites: Box<RegionFn>,
        dirs: Vec<Direction>,
        cond: Option<Box<BoolFn>>,
        include_self: bool,
    },
    Direction {
        from: Box<IntFn>,
        dirs: Vec<Direction>,
        included: bool,
        stop: Option<Box<BoolFn>>,
        stop_included: bool,
        distance: Option<Box<IntFn>>,
    },
    /// `(sites LineOfSight [Piece|Empty|Farthest] at:s dirs)`: along each radial from `at`,
    /// the first occupied site, the empty sites before it, or the last of those.
    LineOfSight {
        at: Box<IntFn>,
        dirs: Vec<Direction>,
        kind: crate::board::LineOfSight,
    },
    /// `(sites Between dirs from:a [fromIncluded:] to:b [toIncluded:])`: the sites
    /// between a and b along a radial of the directions, with a and b where included
    /// (whether or not b lies along one, as Ludii's).
    Between {
        from: Box<IntFn>,
        to: Box<IntFn>,
        dirs: Vec<Direction>,
        included: (bool, bool),
    },
    /// `(sites Distance [rel] [(step ..)] from:s range)` (Ludii's `SitesDistance`): the
    /// sites whose distance from `s` is within `min..=max` (a least below 0: none, as
    /// Ludii's `(max n)` gives), by the game's distance relation, or, with a step move, by
    /// rings of its steps (each from the sites of the ring before, to the sites its
    /// condition allows, `from` and `to` set).
    Distance {
        from: Box<IntFn>,
        min: Box<IntFn>,
        max: Box<IntFn>,
        step: Option<Box<DistanceStep>>,
    },
    Corners,
    Perimeter,
    /// `(sites ToClear)`: the sites whose pieces go at the end of the turn.
    ToClear,
    /// `(sites Start (piece ..))`: where the start rules put that component.
    Start(Box<IntFn>),
    Centre,
    /// `(sites Playable)`: on a boardless board, the empty sites next to (Adjacent) an
    /// occupied one, and the centre while empty; on a board, the centre before the first
    /// move, then the empty sites next to an occupied one.
    Playable {
        boardless: bool,
    },
    /// `(sites LineOfPlay)`: with no domino on the board, its centre; else the cells a
    /// domino may cover at an end of the line its dominoes make (Ludii's playable sites of
    /// dominoes, derived from the position).
    LineOfPlay,
    /// `(sites LastTo)`: where the last move's actions went (its consequents' included),
    /// and its consequents' moves would go now ([`crate::engine::StateData`] keeps them
    /// when the rules ask).
    LastTo,
    /// `(last Between)`: the sites the last move hopped over (Ludii's `betweenNonDecision`
    /// of its hops): the occupied sites strictly between its from and to along a line,
    /// before it was applied ([`crate::engine::StateData`] keeps them when the rules ask).
    LastBetween,
    /// `(sites Pattern ..)`: the sites of every walk of the pattern that matches (see
    /// [`BoolFn::IsPattern`]).
    Pattern(Box<Pattern>),
    /// `(sites Pending)`: the pending values as sites.
    Pending,
    /// `(if c A [B])`: A where the condition holds, else B (no sites without B).
    If(Box<BoolFn>, Box<RegionFn>, Option<Box<RegionFn>>),
    /// `(sites Track [player] ["name"] [from:] [to:])`: the sites of a track, or of its part
    /// from `from` round to `to`.
    Track {
        player: Option<Box<IntFn>>,
        name: String,
        from: Option<Box<IntFn>>,
        to: Option<Box<IntFn>>,
    },
    /// A region of the board's geometry (`sites Top`, `sites Phase 1`, ..), the same in
    /// every state: `GameIr::geometry[slot]`, computed once when the game is loaded.
    Geometry(u32),
    /// `(sites Row n)`, `(sites Column n)`.
    Row(Box<IntFn>),
    Column(Box<IntFn>),
    /// `(expand R [steps:n] [dirs])`: R and the sites within `steps` steps of it (Adjacent
    /// neighbours, or steps in the directions given).
    Expand {
        region: Box<RegionFn>,
        steps: Box<IntFn>,
        dirs: Option<Vec<Direction>>,
    },
    /// The union of the equipment's regions of an owner (the role's player, or a player
    /// computed: `player`) and a name.
    Equipment {
        owner: Option<Role>,
        player: Option<Box<IntFn>>,
        name: Option<u16>,
    },
    /// The sites one step from a site in a relation, as its relation lists them (no
    /// radials): `(sites Incident Cell of:Cell at:s)` on cells is its Orthogonal relation.
    Related(Box<IntFn>, crate::board::Relation),
    /// `(sites Hand player)`: the sites of the player's hand.
    Hand(Box<IntFn>),
    /// `(sites State v)`: the sites whose top piece's local state is `v`.
    State(Box<IntFn>),
    Union(Vec<RegionFn>),
    Intersection(Vec<RegionFn>),
    Difference(Box<RegionFn>, Box<RegionFn>),
    /// The sites of a region where a condition holds (with `site` set).
    Filter(Box<RegionFn>, Box<BoolFn>),
    /// `(forEach Level at:S [FromTop|FromBottom] [if:C] [startAt:L])`: the levels of the
    /// stack at S (from L, the top or the bottom by default, towards the other end) where
    /// C holds with `level` set to each, as a set of numbers.
    Levels {
        at: Box<IntFn>,
        from_bottom: bool,
        cond: Option<Box<BoolFn>>,
        start_at: Option<Box<IntFn>>,
    },
    /// A single site as a region (an int where a region is wanted).
    Site(Box<IntFn>),
    /// The values of a list of remembered values (`(sites (values Remembered ["name"]))`).
    Remembered(u16),
    /// The sites where some piece, at any level, is of component `what`.
    Holding(Box<IntFn>),
    /// The `to` sites of some moves.
    To(Box<Moves>),
    /// The `from` sites of some moves.
    From(Box<Moves>),
    /// A pure region (see [`purity`]), computed once per state and roles; the index is its
    /// slot in the evaluation cache.
    Cached(u32, Box<RegionFn>),
    /// `(sites Random [region] [num:n])`: `n` (1 by default; at most the region's size)
    /// different sites of the region drawn at random (chance: see [`crate::engine::State::set_chance`]).
    Random(Box<RegionFn>, Box<IntFn>),
    /// The union, over the sites of the first region, of the second evaluated at each
    /// (`(site)` is the site): `(sites Direction from:<region> ..)`.
    UnionOver(Box<RegionFn>, Box<RegionFn>),
    /// `(sites <ints>)`: the values that are sites.
    Ints(Box<IntsFn>),
    /// `(sites)`: the group a `(forEach Group ..)` is at (none elsewhere).
    CurrentGroup,
    /// `(sites s {{F R F ..} ..} [rotations:b])` (Ludii's `SitesWalk`): where each walk
    /// from `s` ends, as `(move Leap ..)` walks.
    Walk {
        site: Box<IntFn>,
        walks: Vec<Vec<WalkStep>>,
        rotations: bool,
    },
    /// `(sites Crossing at:e role)` on a board of edges: the edges of the role's pieces (any
    /// piece for `All`/`Shared`) whose segments cross edge `e` inside both (not at an end).
    Crossing(Box<IntFn>, Role),
    /// `(sites LargePiece at:s)`: the cells the piece at `s` covers (a large piece's, else
    /// the site itself; none when empty or off the board).
    LargePiece(Box<IntFn>),
    /// `(sites Around .. distance:d)`: as [`RegionFn::Around`], with the site `d` steps
    /// along each radial instead of the next one.
    AroundAt {
        sites: Box<RegionFn>,
        dirs: Vec<Direction>,
        cond: Option<Box<BoolFn>>,
        include_self: bool,
        distance: Box<IntFn>,
    },
}

pub use crate::board::BoardRegion;

pub mod looks;
pub use looks::Looks;

/// What `(.. at: level:)` reads of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LevelField {
    Who,
    What,
    State,
    Value,
}

/// What a hidden flag hides at a location (a site and level): everything (`Hidden` alone),
/// or one datum (Ludii's `HiddenData`). The flags of a location are independent: hiding
/// everything does not hide the component, as far as `(is Hidden What ..)` asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HiddenKind {
    All,
    What,
    Who,
    State,
    Count,
    Rotation,
    Value,
}

impl HiddenKind {
    /// Every kind, in the order of their bits.
    pub const EVERY: [HiddenKind; 7] = [
        HiddenKind::All,
        HiddenKind::What,
        HiddenKind::Who,
        HiddenKind::State,
        HiddenKind::Count,
        HiddenKind::Rotation,
        HiddenKind::Value,
    ];

    /// The kind's bit in a location's flags for one player.
    #[inline]
    pub fn bit(self) -> u8 {
        1 << self as u8
    }

    /// Ludii's name of the kind in actions (`SetHidden`, `SetHiddenWhat`, ...).
    pub fn suffix(self) -> &'static str {
        match self {
            HiddenKind::All => "",
            HiddenKind::What => "What",
            HiddenKind::Who => "Who",
            HiddenKind::State => "State",
            HiddenKind::Count => "Count",
            HiddenKind::Rotation => "Rotation",
            HiddenKind::Value => "Value",
        }
    }
}

/// The player a hidden flag is about (`to:`): a role, or a player by number.
#[derive(Clone, Debug, PartialEq)]
pub struct Viewer {
    pub role: Role,
    pub player: Option<IntFn>,
}

/// `(set Hidden [kinds] [type] at:s|region [level:l] [value] to:p)`.
#[derive(Clone, Debug, PartialEq)]
pub struct SetHidden {
    /// In the order written (the plain flag when none is given).
    pub kinds: Vec<HiddenKind>,
    pub at: Option<IntFn>,
    pub region: Option<RegionFn>,
    /// The level (a game with stacks; Ludii's default is the bottom, 0).
    pub level: Option<IntFn>,
    /// Hide (the default) or show.
    pub value: BoolFn,
    pub to: Viewer,
}

/// A field a piece has besides its component and owner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SiteField {
    State,
    Value,
    Count,
    Rotation,
}

/// Which component a placement uses.
#[derive(Clone, Debug, PartialEq)]
pub enum PieceFn {
    /// A component index computed by a function (`(piece (id ..))`, or the mover).
    Index(IntFn),
}

/// A `(to ..)` or `(from ..)` clause: a site or region, a condition, effects.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Place {
    pub region: Option<RegionFn>,
    pub site: Option<IntFn>,
    pub cond: Option<BoolFn>,
    /// Effects applied (generated at generation time) before the main action.
    pub apply: Option<Box<Moves>>,
    /// The `if:` of `(apply if:C ..)`: what it gates depends on the move (a slide's landing
    /// moves, a step's effect).
    pub apply_if: Option<BoolFn>,
    /// The level of the piece moved (`(from s level:l)`, read by `fromTo` and `select`).
    pub level: Option<IntFn>,
    /// Another site type than the board's (`(to Edge ..)`), read by `add`, `fromTo` and
    /// `select`: the sites are that type's.
    pub ty: Option<crate::board::SiteType>,
    /// `(to .. (rotations dirs))`, read by `fromTo` alone (as Ludii): one move per
    /// rotation, the piece turned to face each direction (see [`crate::engine`]'s tiles).
    pub rotations: Vec<Direction>,
}

/// The pieces a `(forEach Piece ..)` takes, one by one (Ludii's order: component by
/// component).
#[derive(Clone, Debug, PartialEq)]
pub struct PieceSet {
    /// The names of the pieces (interned), by `"Name"` or `{"A" "B" ..}`; empty: every
    /// piece of the role.
    pub items: Vec<u16>,
    pub role: Role,
    /// `top:True`: only the top piece of each stack.
    pub top: bool,
    /// `container:k`: the pieces of the k-th container (0: the board, the default).
    pub container: Option<IntFn>,
    /// `on:T`: the pieces on sites of type T only (none: every type's).
    pub on: Option<crate::board::SiteType>,
}

/// The parts of a general hop ([`MovesKind::HopLong`]).
#[derive(Clone, Debug, PartialEq)]
pub struct HopLong {
    pub from: Option<Place>,
    pub dirs: Vec<Direction>,
    /// Empty sites allowed before the hurdle (`before:`), the hurdle's least and greatest
    /// length (`between`'s range), the landing sites allowed after it (`after:`).
    pub before: Option<IntFn>,
    pub min: Option<IntFn>,
    pub max: Option<IntFn>,
    pub after: Option<IntFn>,
    pub between_cond: Option<BoolFn>,
    pub between_apply: Option<Box<Moves>>,
    pub to: Place,
    pub stack: bool,
    pub decision: bool,
}

/// The parts of a [`MovesKind::Sow`] (defaults are Ludii's).
#[derive(Clone, Debug, PartialEq)]
pub struct Sow {
    /// The site sown from (default `(last To)`).
    pub start: IntFn,
    /// How many seeds (default the count at `start`).
    pub count: IntFn,
    /// Seeds put in each hole (default 1), evaluated at each hole.
    pub per_hole: IntFn,
    /// The track's name (default: the board's first track).
    pub track: Option<String>,
    /// The track's owner, when the name names one per player.
    pub owner: Option<IntFn>,
    /// `if:`, whether `apply` captures (default true).
    pub cond: Option<BoolFn>,
    /// `sowEffect:`, effects added at each hole sown.
    pub sow_effect: Option<Box<Moves>>,
    /// `apply:`, the capture after sowing.
    pub apply: Option<Box<Moves>>,
    /// `includeSelf:` (default true): the start site is sown when the track comes back to it.
    pub include_self: bool,
    /// `origin:`: the first seeds go back into the start site.
    pub origin: Option<BoolFn>,
    /// `skipIf:`: holes passed without sowing.
    pub skip: Option<BoolFn>,
    /// When `skipIf:` is `(= (to) e)` with `e` reading no iterator: `e`, the one hole
    /// skipped (found once per sowing by the fast form).
    pub skip_site: Option<IntFn>,
    /// `backtracking:` / `forward:`: captures go on hole by hole backwards / forwards while
    /// this holds.
    pub backtracking: Option<BoolFn>,
    pub forward: Option<BoolFn>,
}

/// One instruction of a walk (`{F F R F}`): a step forward, a turn left or right.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WalkStep {
    F,
    L,
    R,
}

/// A move generator with its consequents.
#[derive(Clone, Debug, PartialEq)]
pub struct Moves {
    pub kind: MovesKind,
    /// Index of this generator's consequents in the game's table.
    pub then: Option<u32>,
    /// A plain effect (decided from the shape, see [`Moves::new`]): an add or a removal at
    /// one site, a score, a variable, pending, remember, `moveAgain`, or `and`/`or`/`if` of
    /// these, none with consequents. The engine computes its actions without building moves.
    pub plain: bool,
    /// Whether some of its moves are filtered by applying them (an `ifAfterwards` within,
    /// the moves a `(forEach Piece)` without a body takes from its pieces not counted).
    pub filters: bool,
    /// Whether a hop is among its moves (counted as `filters` is).
    pub hops: bool,
}

impl Moves {
    /// Whether a decision these moves generate can go from one site to another (a step, a
    /// slide, a hop, a leap, `fromTo`, a push, a swap of pieces, a selection, sowing...)
    /// rather than act at one site or at none. `pieces` are the moves the components declare,
    /// which `(forEach Piece)` without a body generates. Conservative: a kind not known to act
    /// at one site counts as moving between sites.
    pub fn may_move_between_sites(&self, pieces: &[&Moves]) -> bool {
        self.between_sites(pieces, 0)
    }

    fn between_sites(&self, pieces: &[&Moves], depth: usize) -> bool {
        use MovesKind::*;
        if depth > 64 {
            return true;
        }
        let any = |ms: &[&Moves]| ms.iter().any(|m| m.between_sites(pieces, depth + 1));
        match &self.kind {
            Add { .. }
            | Satisfy
            | TakeDomino
            | Promote { .. }
            | SetSite { .. }
            | SetRotation { .. }
            | Flip(_)
            | Remove { .. }
            | RemoveAtEnd { .. }
            | Pass
            | Note(_)
            | SetScore { .. }
            | AddScore { .. }
            | SetVar(_)
            | SetCounter(_)
            | SetNamedVar(..)
            | SetPending(_)
            | SetPendingRegion(_)
            | SetHidden(_)
            | Remember { .. }
            | ForgetAll(_)
            | Forget(..)
            | MoveAgain
            | SetPlayerValue { .. }
            | Bet { .. }
            | SetPot(_)
            | RememberState
            | SetNextPlayer(_)
            | SwapPlayers(..)
            | Propose(_)
            | Vote(_)
            | Roll
            | Trigger { .. }
            | TakeControl { .. }
            | Custodial { .. }
            | Intervene { .. }
            | Directional { .. }
            | Surround { .. }
            | Enclose { .. }
            | Shoot { .. } => false,
            While(_, m) | Append(m) | ForEachPlayer(m) | MaxMoves(m, ..) | AvoidStoredState(m) => any(&[m]),
            AllCombinations(a, b) => any(&[a, b]),
            ForEachValueIn { body, .. }
            | ForEachPlayerIn { body, .. }
            | ForEachValue { body, .. }
            | ForEachGroup { body, .. }
            | MaxDistance { body, .. }
            | FirstMoveOnTrack { body, .. }
            | ForEachLevel { body, .. }
            | ForEachDie { body, .. } => any(&[body]),
            ForEachDirection(e) => any(&[&e.body]),
            ForEachSite { body, otherwise, .. } => any(&[body]) || otherwise.as_deref().is_some_and(|o| any(&[o])),
            ForEachPiece { body: Some(b), .. } => any(&[b]),
            ForEachPiece { body: None, .. } => any(pieces),
            Or(v) | And(v) | Priority(v) | Seq(v) => v.iter().any(|m| m.between_sites(pieces, depth + 1)),
            If(_, a, b) => any(&[a]) || b.as_deref().is_some_and(|b| any(&[b])),
            Do { pre, next, .. } => any(&[pre]) || next.as_deref().is_some_and(|n| any(&[n])),
            Step { .. }
            | Hop { .. }
            | HopLong(_)
            | Slide { .. }
            | Leap { .. }
            | Push { .. }
            | Attract { .. }
            | FromTo { .. }
            | SwapPieces(..)
            | Sow(_)
            | Select { to: Some(_), .. } => true,
            Select { to: None, .. } => false,
        }
    }
}

impl GameIr {
    /// Whether the game is a simulation (Ludii's games of no players, `(players 0)`): player
    /// 0 moves throughout, every move the rules give at once as one, and the game ends when
    /// they give none.
    pub fn simulation(&self) -> bool {
        self.players == 0
    }

    /// Whether a decision of this game can go from one site to another
    /// ([`Moves::may_move_between_sites`] over its play and its phases' plays).
    pub fn moves_between_sites(&self) -> bool {
        let pieces: Vec<&Moves> = self.components.iter().filter_map(|c| c.moves.as_deref()).collect();
        std::iter::once(&self.play)
            .chain(self.phases.iter().map(|p| &p.play))
            .any(|m| m.may_move_between_sites(&pieces))
    }
}

impl Moves {
    pub fn new(kind: MovesKind, then: Option<u32>) -> Moves {
        let plain = then.is_none()
            && match &kind {
                MovesKind::SetScore { .. } | MovesKind::AddScore { .. } => true,
                MovesKind::Or(v) | MovesKind::And(v) => v.iter().all(|m| m.plain),
                MovesKind::If(_, x, y) => x.plain && y.as_deref().is_none_or(|y| y.plain),
                k => k.one_move_effect(),
            };
        let within = |f: fn(&Moves) -> bool| match &kind {
            MovesKind::Do { pre, next, .. } => f(pre) || next.as_deref().is_some_and(f),
            MovesKind::Priority(v) | MovesKind::Or(v) | MovesKind::And(v) => v.iter().any(f),
            MovesKind::If(_, x, y) => f(x) || y.as_deref().is_some_and(f),
            MovesKind::ForEachPiece { body, .. } => body.as_deref().is_some_and(f),
            MovesKind::ForEachValue { body, .. } | MovesKind::ForEachSite { body, .. } => f(body),
            _ => false,
        };
        let filters = matches!(
            &kind,
            MovesKind::Do {
                if_afterwards: Some(_),
                ..
            }
        ) || within(|m: &Moves| m.filters);
        let hops = matches!(&kind, MovesKind::Hop { .. }) || within(|m: &Moves| m.hops);
        Moves {
            kind,
            then,
            plain,
            filters,
            hops,
        }
    }
}

impl Moves {
    /// The site `(last To)` (or `(to)`) in [`Moves::board_sites`].
    pub const AT_TO: u8 = 1;
    /// The site `(last From)` (or `(from)`) in [`Moves::board_sites`].
    pub const AT_FROM: u8 = 2;

    /// Which of the sites of the move it follows a consequent can change, when all it can do
    /// is add and remove pieces at `(last To)` and `(last From)` (the move's `to` and `from`
    /// where its consequents run): bits [`Moves::AT_TO`] and [`Moves::AT_FROM`]. None when it
    /// may do anything else (anywhere else, or off the board). `thens` resolves nested
    /// consequents; nesting deeper than a few levels gives None.
    pub fn board_sites(&self, thens: &[Moves]) -> Option<u8> {
        self.board_sites_within(thens, 8)
    }

    fn board_sites_within(&self, thens: &[Moves], depth: u8) -> Option<u8> {
        let depth = depth.checked_sub(1)?;
        let at = |f: &IntFn| match f {
            IntFn::LastTo | IntFn::To => Some(Self::AT_TO),
            IntFn::LastFrom | IntFn::From => Some(Self::AT_FROM),
            _ => None,
        };
        let all = |v: &mut dyn Iterator<Item = &Moves>| {
            let mut bits = 0;
            for m in v {
                bits |= m.board_sites_within(thens, depth)?;
            }
            Some(bits)
        };
        let own = match &self.kind {
            MovesKind::Add {
                to:
                    Place {
                        region: None,
                        site: Some(site),
                        apply: None,
                        ..
                    },
                ..
            }
            | MovesKind::Remove {
                site: Some(site),
                region: None,
                ..
            } => at(site)?,
            MovesKind::And(v) | MovesKind::Or(v) => all(&mut v.iter())?,
            MovesKind::If(_, x, y) => all(&mut std::iter::once(&**x).chain(y.as_deref()))?,
            MovesKind::Do {
                pre,
                next: Some(b),
                if_afterwards: None,
                ..
            } => all(&mut [&**pre, &**b].into_iter())?,
            _ => return None,
        };
        match self.then {
            None => Some(own),
            Some(t) => Some(own | thens.get(t as usize)?.board_sites_within(thens, depth)?),
        }
    }
}

impl MovesKind {
    /// The `from` and `to` clauses of a generator.
    pub fn places(&self) -> Vec<&Place> {
        match self {
            MovesKind::Add { to, .. } => vec![to],
            MovesKind::Step { from, to, .. }
            | MovesKind::Hop { from, to, .. }
            | MovesKind::Slide { from, to, .. }
            | MovesKind::Leap { from, to, .. } => from.iter().chain([to]).collect(),
            MovesKind::FromTo { from, to, .. } => vec![from, to],
            MovesKind::HopLong(h) => h.from.iter().chain([&h.to]).collect(),
            MovesKind::Select { from, to, .. } => std::iter::once(from).chain(to.as_ref()).collect(),
            _ => vec![],
        }
    }

    /// The places of [`MovesKind::places`], to change.
    pub fn places_mut(&mut self) -> Vec<&mut Place> {
        match self {
            MovesKind::Add { to, .. } => vec![to],
            MovesKind::Step { from, to, .. }
            | MovesKind::Hop { from, to, .. }
            | MovesKind::Slide { from, to, .. }
            | MovesKind::Leap { from, to, .. } => from.iter_mut().chain([to]).collect(),
            MovesKind::FromTo { from, to, .. } => vec![from, to],
            MovesKind::HopLong(h) => h.from.iter_mut().chain([&mut h.to]).collect(),
            MovesKind::Select { from, to, .. } => std::iter::once(from).chain(to.as_mut()).collect(),
            _ => vec![],
        }
    }

    /// A plain effect that gives at most one move, which has actions: whether it gives a
    /// move is whether it has actions.
    pub fn one_move_effect(&self) -> bool {
        matches!(
            self,
            MovesKind::Add {
                to: Place {
                    region: None,
                    site: Some(_),
                    apply: None,
                    ..
                },
                ..
            } | MovesKind::Remove { site: Some(_), .. }
                | MovesKind::FromTo {
                    from: Place {
                        region: None,
                        site: Some(_),
                        cond: None,
                        apply: None,
                        apply_if: None,
                        level: None,
                        ty: None,
                        rotations: _,
                    },
                    to: Place {
                        region: None,
                        site: Some(_),
                        cond: None,
                        apply: None,
                        apply_if: None,
                        level: None,
                        ty: None,
                        rotations: _,
                    },
                    ..
                }
                | MovesKind::SetVar(_)
                | MovesKind::SetCounter(_)
                | MovesKind::SetNamedVar(..)
                | MovesKind::SetPending(_)
                | MovesKind::Remember { .. }
                | MovesKind::MoveAgain
        ) && !matches!(self, MovesKind::FromTo { to, .. } if !to.rotations.is_empty())
    }
}

/// The tracks a slide follows: those of a name, or every one (`"AllTracks"`, where a
/// landing needs a corner curve passed first, as on Surakarta's loops).
#[derive(Clone, Debug, PartialEq)]
pub struct SlideTracks {
    pub ids: Vec<u32>,
    pub after_curve: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub enum MovesKind {
    /// `(satisfy C ..)` of a deduction puzzle: for each variable site not given at the
    /// start and each value, the move setting the site to it where the constraints
    /// ([`Puzzle::constraints`]) then hold, and the move toggling the value among the
    /// site's candidates (but for the last candidate of a set site).
    Satisfy,
    /// `(while cond moves)`: while the condition holds (on the state the moves so far
    /// leave), every move generated is applied; one move doing them all (none if none),
    /// at most [`crate::engine::MAX_WHILE_ROUNDS`] rounds.
    While(Box<BoolFn>, Box<Moves>),
    Add {
        piece: Option<PieceFn>,
        /// The added piece's local state (`(piece "X" state:..)`).
        state: Option<IntFn>,
        to: Place,
        count: Option<IntFn>,
        stack: bool,
        decision: bool,
    },
    Step {
        from: Option<Place>,
        dirs: Vec<Direction>,
        to: Place,
        /// `stack:True`: the whole stack moves.
        stack: bool,
        decision: bool,
    },
    Hop {
        from: Option<Place>,
        dirs: Vec<Direction>,
        between_cond: Option<BoolFn>,
        between_apply: Option<Box<Moves>>,
        to: Place,
        decision: bool,
    },
    /// `(move Hop ..)` with more than one adjacent hurdle piece, sites before or after it,
    /// a stop condition (`to`'s `apply if:`) or the whole stack moving: Ludii's general hop.
    HopLong(Box<HopLong>),
    /// `(move Slide ..)`: along each radial while the sites passed may be passed.
    Slide {
        from: Option<Place>,
        dirs: Vec<Direction>,
        /// The least and greatest distance of a landing site (`between` range).
        min: Option<IntFn>,
        max: Option<IntFn>,
        /// `between if:` (None: the site passed is empty) and `between`'s effect.
        between_cond: Option<BoolFn>,
        between_apply: Option<Box<Moves>>,
        /// `to if:` stops the slide there (with `to`'s effect); `to`'s `apply if:` filters
        /// every landing move.
        to: Place,
        decision: bool,
        /// `(move Slide "name" ..)`: along these tracks (by index) instead of directions.
        tracks: Option<SlideTracks>,
        /// `stack:True`: the whole stack slides (Ludii's `ActionMoveStacking`).
        stack: bool,
        /// `between trail:` (directions only): a piece of this component left on the origin
        /// and on each site passed.
        trail: Option<Box<IntFn>>,
    },
    /// `(attract [from] [dir])` (Ludii's `Attract`): along each radial from `from` in `dirs`,
    /// a move removing each piece on it, then a move adding each of those pieces again, in
    /// order, on the sites next to `from` along the radial (each a move of one action, as
    /// Ludii's: a consequent applies them all).
    Attract {
        from: IntFn,
        dirs: Vec<Direction>,
    },
    /// `(move Leap ..)`: to the sites the walks reach.
    Leap {
        from: Option<Place>,
        walks: Vec<Vec<WalkStep>>,
        forward: bool,
        rotations: bool,
        to: Place,
        decision: bool,
    },
    /// `(move Shoot <piece> ..)`: add a piece on each site along the radials from `from`
    /// (default `(last To)`) while the `to` condition holds.
    Shoot {
        piece: PieceFn,
        from: Option<IntFn>,
        dirs: Vec<Direction>,
        to_cond: Option<BoolFn>,
        decision: bool,
    },
    /// `(custodial ..)`: the pieces flanked along each radial from `from` (default
    /// `(last To)`): a run of sites passing `between if:` (default: an enemy) of a length in
    /// the range, closed by a site passing `to if:` (default: a friend); the effect
    /// (default: remove) at each site of the run.
    Custodial {
        from: Option<IntFn>,
        dirs: Vec<Direction>,
        min: Option<IntFn>,
        max: Option<IntFn>,
        between_cond: Option<BoolFn>,
        between_apply: Option<Box<Moves>>,
        to_cond: Option<BoolFn>,
    },
    /// `(intervene ..)` (Ludii's `Intervene`): from `from` (default `(last To)`), along each
    /// radial, a run of sites passing `to if:` (default: an enemy) of a length in the range
    /// (default 1) with such a run on the opposite radial too: the effect (default: remove)
    /// at each site of both runs (the opposite's first).
    Intervene {
        from: Option<IntFn>,
        dirs: Vec<Direction>,
        min: Option<IntFn>,
        max: Option<IntFn>,
        to_cond: Option<BoolFn>,
        to_apply: Option<Box<Moves>>,
    },
    /// `(directional ..)` (Ludii's `Directional`, approach and withdrawal captures): from
    /// `from` (default `(last To)`), along each radial of the directions (default: the
    /// direction from `(last From)` to `(last To)`), the run of sites passing `to if:`
    /// (default: an enemy), the effect at each (`to` set, `from` off the board).
    Directional {
        from: Option<IntFn>,
        dirs: Vec<Direction>,
        to_cond: Option<BoolFn>,
        to_apply: Box<Moves>,
    },
    /// `(surround ..)`: the neighbours of `from` (default `(from)`) passing `between if:`
    /// whose own neighbours are all `from` or pass `to if:`, but for `except` of them;
    /// with `with`, one of those neighbours (met before the count of free ones passes
    /// `except`) must hold that component.
    Surround {
        from: Option<IntFn>,
        dirs: Vec<Direction>,
        between_cond: Option<BoolFn>,
        between_apply: Option<Box<Moves>>,
        to_cond: Option<BoolFn>,
        except: Option<IntFn>,
        with: Option<IntFn>,
    },
    /// `(enclose ..)` (Ludii's `Enclose`): each group of sites passing `between if:`
    /// (default: an enemy piece) next to `from` (default `(last To)`), grown through
    /// `dirs` (and through up to `exceptions` empty sites), that has no liberty (an empty
    /// neighbour; a neighbour passing the condition when it accepts empty sites, whose
    /// enclosing sites must then form one chain): the effect at each of its sites (default
    /// a removal).
    Enclose {
        from: Option<IntFn>,
        dirs: Vec<Direction>,
        between_cond: Option<BoolFn>,
        between_apply: Option<Box<Moves>>,
        exceptions: Option<IntFn>,
        /// The condition accepts empty sites (Ludii: it has the concept `IsEmpty`).
        targets_empty: bool,
    },
    /// `(trigger "event" player)`: the player's trigger is set (`event`: the event's name,
    /// interned, which Ludii's record of the action names).
    Trigger {
        event: u16,
        player: IntFn,
    },
    /// `(take Control of:o by:n [at:s | to:R])`: each piece of owner `o` (None: of anyone)
    /// on the sites given (default: every site) becomes its like of owner `n` (the
    /// component of the same name without number), keeping its count, state, rotation and
    /// value; a move for each.
    TakeControl {
        of: Option<IntFn>,
        by: IntFn,
        sites: Option<RegionFn>,
    },
    /// `(take Domino)`: one of the dominoes left (drawn from the state's chance) onto the
    /// first empty site of the mover's hand; none when none is left or the hand is full.
    TakeDomino,
    /// `(promote [site] (piece ..) [owner])`: the piece at the site (default `(to)`)
    /// becomes another component; a move for each component named.
    Promote {
        at: Option<IntFn>,
        whats: Vec<IntFn>,
        decision: bool,
    },
    /// `(set State|Value|Count at:s v)`: a field of the piece at a site.
    SetSite {
        field: SiteField,
        at: IntFn,
        value: IntFn,
        /// `level:` (in a stacking game): the piece there instead of the top one.
        level: Option<IntFn>,
        /// `(set State T ..)`: the site is of another type T than the board's.
        ty: Option<crate::board::SiteType>,
    },
    /// `(move Set Rotation ..)`, `(set Rotation ..)`: at a site (even an empty one, as
    /// Ludii), a move setting the rotation to each direction given, then one turning it back
    /// a step where `previous` holds (default: it does) and one turning it on a step where
    /// `next` holds, among the board's rotations (its directions in the `All` relation).
    SetRotation {
        at: IntFn,
        dirs: Vec<IntFn>,
        previous: Option<BoolFn>,
        next: Option<BoolFn>,
    },
    /// `(flip site)`: the piece there takes the other state of its component's flips.
    Flip(IntFn),
    /// `(push [from] dir)`: the piece at `from` and the run of occupied sites after it
    /// (along each radial of the first direction the list gives there) each move one step
    /// on, up to the first empty site; a piece pushed off the board is lost and `from` is
    /// left empty. Only the component moves (its state, value and count are not kept).
    Push {
        from: IntFn,
        dirs: Vec<crate::board::Direction>,
    },
    /// `(append M)`: one move made of all of M's moves (none if M gives none).
    Append(Box<Moves>),
    /// `(allCombinations A B)`: a move for each pair of a move of A and one of B.
    AllCombinations(Box<Moves>, Box<Moves>),
    /// `(seq {M1 M2 ..})`: each part's moves generated and applied in turn on a copy of the
    /// position (a later part sees what the earlier ones did), each kept as a move of its
    /// own with its consequents' actions in it (Ludii's `Seq`).
    Seq(Vec<Moves>),
    /// `(move (from ..) (to ..) [count:] [copy:] [stack:])`; `stack:True` without a count
    /// moves the whole stack, its pieces keeping their fields (Ludii's `ActionMoveStacking`).
    FromTo {
        from: Place,
        to: Place,
        count: Option<IntFn>,
        copy: bool,
        stack: bool,
        decision: bool,
        /// The player whose move it is (a role given: Ludii's mover of the move, for a game
        /// of simultaneous moves); None: the mover's.
        mover: Option<IntFn>,
    },
    Remove {
        site: Option<IntFn>,
        region: Option<RegionFn>,
        count: Option<IntFn>,
        level: Option<IntFn>,
        decision: bool,
        /// `(remove T ..)`: the sites are of another type T than the board's.
        ty: Option<crate::board::SiteType>,
    },
    /// `(remove .. at:EndOfTurn)`: the pieces are removed once the turn ends
    /// ([`RegionFn::ToClear`] until then).
    RemoveAtEnd {
        site: Option<IntFn>,
        region: Option<RegionFn>,
        /// `count:` (1 when not given): so many pieces of each site marked.
        count: Option<IntFn>,
    },
    Pass,
    /// `(note .. [to:P])`: a message, which changes nothing: a move without actions for each
    /// player it goes to (every player when `None`, for `to:All`), as Ludii's one note
    /// action each, so that consequents attached around it run once per message.
    Note(Option<IntFn>),
    SetScore {
        role: Role,
        player: Option<IntFn>,
        value: IntFn,
    },
    AddScore {
        role: Role,
        player: Option<IntFn>,
        value: IntFn,
    },
    SetVar(Option<IntFn>),
    /// `(set Counter [v])`: the move counter set to v (-1 by default; every move adds 1).
    SetCounter(Option<IntFn>),
    SetNamedVar(u16, Option<IntFn>),
    SetPending(Option<IntFn>),
    SetPendingRegion(RegionFn),
    /// `(set Hidden ..)`: flags that hide the sites given from players (or show them).
    SetHidden(Box<SetHidden>),
    /// `(remember Value ["name"] v [unique:])`: `v` joins the list (unless already there,
    /// with `unique`).
    Remember {
        list: u16,
        value: IntFn,
        unique: bool,
    },
    /// `(forget Value ["name"] All)`: every value of the list (of every list, unnamed).
    ForgetAll(u16),
    /// `(forget Value ["name"] v)`: the first `v` of the list.
    Forget(u16, IntFn),
    MoveAgain,
    /// `(set Value <player> v)`: the player's value (no move for a player out of range).
    SetPlayerValue {
        player: IntFn,
        value: IntFn,
    },
    /// `(move Bet <player> (range a b))`: a decision per amount from a to b, each setting
    /// the player's amount to it.
    Bet {
        player: IntFn,
        min: IntFn,
        max: IntFn,
    },
    /// `(set Pot v)`: the pot's money set to v.
    SetPot(IntFn),
    /// `(remember State)`: the position's hash is stored (Ludii's stored state).
    RememberState,
    /// `(avoidStoredState M)`: M's moves but those that lead to the stored position.
    AvoidStoredState(Box<Moves>),
    /// `(set NextPlayer (player p))`: the player who moves next.
    SetNextPlayer(IntFn),
    /// `(move Swap Players a b)` / `(swap Players a b)`: the agents playing players `a`
    /// and `b` change places; the mover moves again (Ludii's swap, the pie rule's move).
    SwapPlayers(IntFn, IntFn),
    /// `(swap Pieces a b)`: the pieces at a and b change places (a's moves onto b, b's
    /// component is added at a, as read before the move).
    SwapPieces(IntFn, IntFn),
    Propose(u16),
    /// `(move Vote "s")`: the mover votes for `s`.
    Vote(u16),
    /// `(forEach Piece ..)`: the moves of each of these pieces (`body`, else each piece's
    /// own).
    ForEachPiece {
        pieces: PieceSet,
        body: Option<Box<Moves>>,
    },
    /// `(forEach Value <ints> M)`: M's moves for each value of the list (`(value)`).
    ForEachValueIn {
        values: IntsFn,
        body: Box<Moves>,
    },
    /// `(forEach Player M)`: M's moves for each player in turn (`(player)`).
    ForEachPlayer(Box<Moves>),
    /// `(forEach <ints> M)`: M's moves for each player of the list in turn (`(player)`;
    /// those not players are skipped).
    ForEachPlayerIn {
        players: IntsFn,
        body: Box<Moves>,
    },
    ForEachValue {
        min: IntFn,
        max: IntFn,
        body: Box<Moves>,
    },
    /// `(forEach Direction [from] [dirs] [between] (to if:C (apply M)) | M)` (see
    /// [`EachDirection`]).
    ForEachDirection(Box<EachDirection>),
    /// `(forEach Group [dirs] [if:C] moves)`: the moves of each group (of the mover's
    /// pieces, or of the sites `C` holds at, `to` the site), generated with `(sites)` that
    /// group.
    ForEachGroup {
        groups: Box<Groups>,
        body: Box<Moves>,
    },
    ForEachSite {
        region: RegionFn,
        body: Box<Moves>,
        /// `noMoveYet:`: the moves when the body gives none (with `to` and `site` the last
        /// site of the region, as Ludii leaves them).
        otherwise: Option<Box<Moves>>,
    },
    Or(Vec<Moves>),
    And(Vec<Moves>),
    If(BoolFn, Box<Moves>, Option<Box<Moves>>),
    Priority(Vec<Moves>),
    /// `(max Moves [withValue:True] M)`: M's moves that begin the longest run of moves by
    /// the same player (each applied, then the mover's moves while the turn goes on); with
    /// value, the run that removes pieces of the greatest total value. `(max Captures
    /// [withValue:True] M)` (the third field): M's moves that remove the most pieces (of the
    /// greatest total value), their consequences included, without the run.
    MaxMoves(Box<Moves>, bool, bool),
    Do {
        pre: Box<Moves>,
        next: Option<Box<Moves>>,
        if_afterwards: Option<BoolFn>,
        /// Whether the `ifAfterwards` condition may read `(last From)` (else candidates
        /// differing only in their origin but leaving the same position share one answer).
        afterwards_reads_from: bool,
    },
    /// `(sow ..)`: one move taking the seeds of a site one by one along a track.
    Sow(Box<Sow>),
    /// `(roll)`: one move rolling every die (Ludii's `Roll`).
    Roll,
    /// `(max Distance ["name"] [owner] M)` (Ludii's `MaxDistance`): M's moves where the
    /// track exists, none otherwise. (Ludii 1.3.13 computes the moves going furthest along
    /// the track, then gives all of M's.)
    MaxDistance {
        name: Option<String>,
        owner: Option<IntFn>,
        body: Box<Moves>,
    },
    /// `(firstMoveOnTrack ["name"] [owner] M)`: M with `(site)` each site of the track in
    /// order, the moves of the first site that gives some.
    FirstMoveOnTrack {
        name: Option<String>,
        owner: Option<IntFn>,
        body: Box<Moves>,
    },
    /// `(forEach Level s [FromBottom|FromTop] M)`: M with `(level)` each level of the
    /// stack at s (from the top by default).
    ForEachLevel {
        site: IntFn,
        from_top: bool,
        body: Box<Moves>,
    },
    /// `(forEach Die [replayDouble:B] [combined:B2] [if:C] M)` (Ludii's `ForEachDie`): M for
    /// each die of the first dice container with `(pips)` (the context's value) its value
    /// still available, where C holds; each move then uses the die, and keeps or restores a
    /// double. With `combined`, then M for the sum of two dice (of three: all three, then each
    /// pair), none used yet, each move using those dice.
    ForEachDie {
        replay_double: Option<BoolFn>,
        combined: Option<BoolFn>,
        cond: Option<BoolFn>,
        body: Box<Moves>,
    },
    /// `(select (from R if:F) (to R2 if:G) [role])`: selection moves (read by `sites To`),
    /// the role's when given (a player's move in a game of simultaneous moves, as `FromTo`'s
    /// `mover`).
    Select {
        from: Place,
        to: Option<Place>,
        mover: Option<IntFn>,
    },
}

impl MovesKind {
    /// Whether the generator passes on as they are the moves of its parts, or knows each
    /// move's `to` before it builds it, so that generating only the moves to one site (a
    /// threat's question) gives exactly those of its full list that go there. Not so where
    /// the moves' presence changes what else is generated (`priority`, `noMoveYet:`, `max
    /// Moves`, a `do` with `next`), or where a move is built of other moves (effects,
    /// sowing, `fromTo`...).
    pub fn keeps_target(&self) -> bool {
        match self {
            MovesKind::ForEachPiece { .. }
            | MovesKind::Or(_)
            | MovesKind::If(..)
            | MovesKind::Step { .. }
            | MovesKind::Slide { .. }
            | MovesKind::Leap { .. }
            | MovesKind::Hop { .. }
            | MovesKind::Add { .. } => true,
            MovesKind::Do { next, .. } => next.is_none(),
            _ => false,
        }
    }
}

/// A phase of play (`(phase "Name" [owner] (play ..) [(end ..)] [nextPhase ..])`).
#[derive(Clone, Debug, PartialEq)]
pub struct PhaseIr {
    pub name: String,
    /// The player owning it (None: shared): a player starts in the first phase that is
    /// theirs or shared.
    pub owner: Option<u8>,
    pub play: Moves,
    pub end: Vec<EndRule>,
    pub next: Vec<NextPhase>,
}

/// `(nextPhase [who] [cond] [name])`: after a move, the players it concerns whose phase has
/// it move on to the phase named (else the next one) when the condition holds.
#[derive(Clone, Debug, PartialEq)]
pub struct NextPhase {
    /// Whom it concerns: a role or player (None: every player).
    pub who: Option<IntFn>,
    pub cond: Option<BoolFn>,
    /// The index of the phase named, if a name is given.
    pub target: Option<u32>,
}

/// An end rule: `(if C [subs] [result])`.
#[derive(Clone, Debug, PartialEq)]
pub struct EndRule {
    /// `(forEach role if:C result)`: the rule is tried for each active player of the role
    /// in turn (the mover left out for `NonMover`), `Player` denoting that player.
    pub for_each: Option<Role>,
    pub cond: BoolFn,
    pub subs: Vec<EndRule>,
    pub result: Option<EndResult>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win,
    Loss,
    Draw,
    Tie,
}

#[derive(Clone, Debug, PartialEq)]
pub enum EndResult {
    Result(Role, Outcome),
    /// `(byScore [{(score role n) ..}] [misere:])`: the scores given are set first, then
    /// players are ranked by score (highest first, or lowest with `misere`).
    ByScore {
        finals: Vec<(Role, IntFn)>,
        misere: Option<BoolFn>,
    },
}

/// What a start placement gives each piece it puts down (`state:`, `value:`, `rotation:`;
/// 0: none, as Ludii's default), evaluated as each piece is put down.
#[derive(Clone, Debug, PartialEq)]
pub struct Placed {
    pub state: IntFn,
    pub value: IntFn,
    pub rotation: IntFn,
}

/// `(is Path Edge who length:range [closed:])`: whether the edges holding the player's
/// pieces make, through an edge, a path (or a cycle) of the length asked, as Ludii's
/// `IsPath` finds them (its search, quirks included).
#[derive(Clone, Debug, PartialEq)]
pub struct PathTest {
    /// The edge the path goes through (default: the last move's `to`).
    pub from: Option<IntFn>,
    /// The player whose edges the path is made of.
    pub who: IntFn,
    /// The length asked (`exact n`: both n; `max n`: -1 and n; `min n`: n and Ludii's
    /// infinity).
    pub min: IntFn,
    pub max: IntFn,
    /// A cycle (else a path with two ends).
    pub closed: BoolFn,
}

/// A test of the graph the board's edges holding the pieces of a player form (Ludii's
/// `is Tree`, `is SpanningTree`, `is RegularGraph`): false when the last move has no `to`.
/// The edges taken are those holding component `who` (Ludii compares the component with
/// the player's number; for `Neutral`, 0, the component at the last `to`, else 1).
#[derive(Clone, Debug, PartialEq)]
pub struct GraphTest {
    pub kind: GraphKind,
    pub who: IntFn,
    /// `RegularGraph`'s `k:` (the degree asked; else the first vertex with an edge's).
    pub k: Option<IntFn>,
    pub odd: bool,
    pub even: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphKind {
    /// No cycle.
    Tree,
    /// No cycle, and one edge fewer than the board has vertices.
    SpanningTree,
    /// Every vertex of the board has the same number of distinct neighbours.
    Regular,
    /// The last move's vertex is a centre of the tree of edges it is on (`is TreeCentre`:
    /// false when the edges make a cycle).
    TreeCentre,
}

/// Sites named in a description, of a site type the engine does not play on: one by its
/// number or its label (`"E3"`), every site (`(sites Board Edge)`), or those of a region of
/// the board's geometry (`(sites Outer Edge)`).
#[derive(Clone, Debug, PartialEq)]
pub enum SiteRef {
    Index(i32),
    Label(String),
    All,
    Geometry(crate::board::BoardRegion),
}

/// A start rule.
#[derive(Clone, Debug, PartialEq)]
pub enum StartRule {
    /// `(place "Name" site..)` / region: put a component on sites.
    Place {
        component: u16,
        sites: Vec<IntFn>,
        region: Option<RegionFn>,
        count: i32,
        fields: Placed,
    },
    /// `(place Stack ..)`: on each site, a stack: the components given bottom up, one each
    /// (`items:`), or `counts[k]` of the one component on the k-th site (the first count
    /// for every site when one is given); every piece is a placement of its own.
    PlaceStack {
        components: Vec<u16>,
        sites: Vec<IntFn>,
        region: Option<RegionFn>,
        counts: Vec<i32>,
        fields: Placed,
    },
    /// `(place Random [region] {items} [count:n] ..)`: for each item in turn, `n` of it one
    /// by one, each on a site drawn at random from the region's sites still empty (the
    /// board by default).
    PlaceRandom {
        items: Vec<u16>,
        region: RegionFn,
        count: IntFn,
        fields: Placed,
    },
    /// `(place Random {items} [count:{..}] site)` / `(place Random {(count "X" n) ..} site)`:
    /// every item its count times (1 by default), stacked on the site in a random order.
    PlaceRandomStack {
        items: Vec<(u16, IntFn)>,
        site: IntFn,
        fields: Placed,
    },
    /// `(place "Name" Type sites)` on another site type than the board's, for drawing a
    /// start position only (the engine plays on the board's site type alone, and refuses
    /// such a rule in a game it runs): `count` of the component on each site of that type,
    /// given by number or label.
    PlaceOn {
        site_type: crate::board::SiteType,
        component: u16,
        sites: Vec<SiteRef>,
        count: i32,
    },
    /// `(set Cost c at:s)` / `to:{..}`: the sites' cost is `c` (costs are the board's,
    /// never changed in play: the game keeps them in a table built when it loads).
    SetCost {
        sites: Vec<i32>,
        cost: i32,
    },
    /// `(deal Dominoes n)`: `n` dominoes drawn at random for each of two deals to the
    /// players' hands in turn (as Ludii deals: `2n` in all, the k-th to hand `k mod
    /// players`, site `k div players`); nothing unless every player has a hand.
    /// `(set Hidden ..)` as a start rule: each flag set is a start move of its own.
    SetHidden(Box<SetHidden>),
    DealDominoes {
        count: i32,
    },
    /// `(forEach Value min:a max:b rule)` as a start rule: the rule once per value, in
    /// order, `(value)` that value (at most [`crate::engine::MAX_START_VALUES`] + 1 of them).
    ForEachValue {
        min: IntFn,
        max: IntFn,
        body: Vec<StartRule>,
    },
    SetScore {
        role: Role,
        value: IntFn,
    },
    /// `(set Amount [role] v)`: the players' money (every player's without a role).
    SetAmount {
        role: Role,
        value: IntFn,
    },
    /// `(set RememberValue ["name"] v | region [unique:])`: values (a region's sites in
    /// order) join a list of remembered values.
    Remember {
        list: u16,
        value: Option<IntFn>,
        region: Option<RegionFn>,
        unique: bool,
    },
    /// `(set Count n at:s | to:region)`: each site holds `n` of the last component (its
    /// owner left as it was: none on an empty site); `n` ≤ 0 empties it.
    SetCount {
        count: IntFn,
        site: Option<IntFn>,
        region: Option<RegionFn>,
    },
    /// `(place "Name" "Container" ..)`: `count` pieces on the container's first empty site:
    /// for "Hand" and a name without owner, each player's piece in their own hand; else
    /// (Ludii's way) component number `container index` on the container's first site.
    PlaceInContainer {
        name: String,
        container: String,
        count: i32,
        fields: Placed,
    },
}

/// A component of the equipment.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Component {
    /// The full name: `Disc1`, `Fan0`.
    pub name: String,
    /// The name as written, without the owner number: `Disc`.
    pub base: String,
    pub owner: u8,
    /// The moves the piece declares (`(piece "Pawn" Each <moves>)`): what `(forEach Piece)`
    /// generates from each of its sites.
    pub moves: Option<Box<Moves>>,
    /// The direction the piece faces (`dirn:`), else its owner's.
    pub facing: Option<crate::board::Dir>,
    /// `(flips a b)`: the two local states a flip swaps.
    pub flips: Option<(i32, i32)>,
    /// A large piece's shapes (`(tile .. {F R F})`): turtle walks from the cell it stands
    /// on; empty for a piece on one site.
    pub walks: Vec<Vec<WalkStep>>,
    /// A tile (`(tile ..)` without a walk, Ludii's `isTile`), and its paths between sides.
    pub tile: bool,
    pub paths: Vec<TilePath>,
    /// A domino's pips, its first half's and its second's (`(dominoes)`): a large piece
    /// whose line of play the state derives ([`RegionFn::LineOfPlay`]).
    pub pips: Option<[i32; 2]>,
}

/// `(path from:a to:b colour:c)`: a tile's path from side `a` to side `b` (sides numbered
/// clockwise from its north side), of colour `c` (a player's number, as the rules read it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TilePath {
    pub from: u8,
    pub to: u8,
    pub colour: i32,
}

/// A container after the board (a hand): its sites follow the board's and the containers'
/// before it, in equipment order.
#[derive(Clone, Debug, PartialEq)]
pub struct ContainerIr {
    /// Ludii's name (`Hand1`).
    pub name: String,
    /// The player owning it (0: none).
    pub owner: u8,
    pub sites: u32,
}

/// A container of dice (`(dice [d:] [faces:|facesByDie:|from:] num:)`, Ludii's `Dice`):
/// one site per die, the die on it a component of its own (`Die1`..), its local state the
/// index of the face shown in its list of faces.
#[derive(Clone, Debug, PartialEq)]
pub struct DiceIr {
    /// Its index among [`GameIr::containers`].
    pub container: usize,
    /// The component of its first die (the others follow).
    pub first_component: u16,
    /// The faces of each die, in order.
    pub faces: Vec<Vec<i32>>,
}

/// A region of the equipment (`(regions [name] [owner] sites)`).
#[derive(Clone, Debug, PartialEq)]
pub struct RegionDef {
    /// Its name, interned (None: unnamed).
    pub name: Option<u16>,
    /// The player owning it (0: none given).
    pub owner: u8,
    /// The region: the union of its parts.
    pub region: RegionFn,
    /// Its parts as written (`{(sites Side NE) (sites Side SW)}`: two; what `is Connected`
    /// connects).
    pub parts: Vec<RegionFn>,
    /// The static region types it lists (`(regions {Rows Columns SubGrids})`, unnamed: what
    /// a puzzle's constraints read), each standing for regions of their own.
    pub kinds: Vec<RegionKind>,
}

/// A map of the equipment (`(map ["name"] {(pair k v) ..})` or `(map ["name"] {keys} {values})`):
/// its pairs as written; keys and values become numbers when the game is loaded.
#[derive(Clone, Debug, PartialEq)]
pub struct MapDef {
    /// Its name, interned (Ludii's default is "Map").
    pub name: u16,
    pub pairs: Vec<(MapTerm, MapTerm)>,
}

/// A key or a value of a map pair.
#[derive(Clone, Debug, PartialEq)]
pub enum MapTerm {
    /// A number, a player (`P1`) or a component (`(id "Pawn" P1)`).
    Int(IntFn),
    /// A site's label (`"A1"`) or, for a value, a component's name.
    Text(String),
    /// A landmark of the board (`LastSite`, `FirstSite`, `BottomSite`, ..), by name.
    Landmark(String),
}

/// The list of remembered values without a name (`(remember Value v)`), as a list index.
pub const UNNAMED: u16 = u16::MAX;

/// The whole game, ready for the engine.
#[derive(Clone, Debug, PartialEq)]
pub struct GameIr {
    pub name: String,
    /// How the description asks for the game to be drawn (its graphics metadata; set by
    /// the load, read by front ends only).
    pub looks: Looks,
    pub players: u8,
    pub board: crate::board::BoardSpec,
    /// The board's tracks as written (built on the board when the game loads).
    pub tracks: Vec<crate::board::TrackSpec>,
    /// Per player (index 0 unused), the direction it faces (`(player N)`), if given.
    pub facing: Vec<Option<crate::board::Dir>>,
    /// The regions of the equipment, in order.
    pub regions: Vec<RegionDef>,
    /// The maps of the equipment, in order.
    pub maps: Vec<MapDef>,
    /// The geometry regions the rules use ([`RegionFn::Geometry`] slots).
    pub geometry: Vec<BoardRegion>,
    /// The containers after the board (hands, then dice), in order.
    pub containers: Vec<ContainerIr>,
    /// The dice containers (`(dice ..)`), in equipment order.
    pub dice: Vec<DiceIr>,
    /// Ludii's `requiresCount`: a site of a game without stacks holds one component with a
    /// count, and adding or moving a piece onto the same component adds to its count.
    pub requires_count: bool,
    pub site_type: crate::board::SiteType,
    /// The other site types the rules read or play on (several at once), in the order
    /// the lowering met them: each has its own sites and pieces in the state.
    pub other_types: Vec<crate::board::SiteType>,
    /// Components by index; index 0 is unused (Ludii numbers from 1).
    pub components: Vec<Component>,
    pub stacking: bool,
    pub start: Vec<StartRule>,
    /// In a game with teams (one that sets teams, `(set Team k {..})`, anywhere), each
    /// player's team by player (index 0 unused; a player no rule names is team p alone):
    /// set by the start rules, fixed after. Empty in a game without teams.
    pub teams: Vec<u8>,
    pub play: Moves,
    pub end: Vec<EndRule>,
    /// The phases (none when the rules have a single play): the moves of a player come from
    /// the play of their current phase.
    pub phases: Vec<PhaseIr>,
    /// Consequent generators, referenced by `Moves::then`.
    pub thens: Vec<Moves>,
    /// Interned strings (variable names, propositions).
    pub names: Vec<String>,
    /// Whether the game keeps scores (Ludii's `requiresScore`).
    pub scores: bool,
    /// Ludii's `NotAllPass`: no draw when every player has passed in turn (the game reads
    /// `(all Passed)` itself, or says `(meta (passEnd NoEnd))`).
    pub not_all_pass: bool,
    /// Whether `(is Cycle)` appears anywhere (positions are then remembered).
    pub uses_cycles: bool,
    /// Whether `(sites LastTo)` appears anywhere (the sites of the last move's actions are
    /// then kept).
    pub uses_last_to: bool,
    /// Whether `(last Between)` appears anywhere (the sites each move hops over are then
    /// kept, [`RegionFn::LastBetween`]).
    pub uses_last_between: bool,
    /// Whether `(is Visited ..)` appears anywhere (the sites a turn's moves went through
    /// are then remembered, Ludii's `requiresVisited`).
    pub uses_visited: bool,
    /// The meta rule `(swap)`: the second player may swap sides on the game's second move.
    pub meta_swap: bool,
    /// The meta rule `(automove)`: after each move, every site where the mover has one
    /// move left, and one alone, gets it, again until none is left (Ludii's `Automove`).
    pub automove: bool,
    /// The meta rule `(no Repeat ..)`: no move may lead to a position seen before.
    pub no_repeat: Option<Repetition>,
    /// The positions recorded in the state (its hash kept up to date): those `(no Repeat
    /// ..)` forbids, or those `(is Repeat ..)` asks about.
    pub records: Option<Repetition>,
    /// Whether the rules draw at random (`(value Random ..)`, `(sites Random ..)`): from
    /// the state's chance, the same draws for every move of a position, as Ludii's moves
    /// are each tried on a copy of its generator.
    pub draws_random: bool,
    /// Some pieces are removed at the end of the turn (`remove .. at:EndOfTurn`, Ludii's
    /// sequence capture).
    pub removes_at_end: bool,
    /// Whether `(last To afterConsequence:True)` appears anywhere (moves then keep the site
    /// of their last action, consequents included).
    pub reads_after_consequents: bool,
    /// The relation of the single distance table, if any ludeme needs one.
    pub distance_relation: Option<Relation>,
    /// Number of [`RegionFn::Cached`] slots.
    pub cached_regions: u32,
    /// Number of [`IntFn::Memo`] slots.
    pub memo_ints: u32,
    /// Number of [`IntFn::MemoSite`] slots.
    pub memo_site_ints: u32,
    /// The functions of the [`BoolFn::Compiled`] slots, by slot.
    pub conds: Vec<BoolFn>,
    /// The functions of the [`IntFn::Compiled`] slots, by slot.
    pub values: Vec<IntFn>,
    /// The direction functions ([`crate::board::Direction::Dynamic`]), by index.
    pub dir_fns: Vec<DirFn>,
    /// The distinct directions of the `(is Line ..)`s ([`LineSpec::table`]).
    pub line_dirs: Vec<(Vec<Direction>, bool)>,
    /// Whether the rules hide anything from a player (`set Hidden`, `is Hidden`, `sites
    /// Hidden`: Ludii's hidden information): states then keep the flags.
    pub hidden_info: bool,
    /// A deduction puzzle's values and constraints (None: not a puzzle).
    pub puzzle: Option<Puzzle>,
    /// `(mode Simultaneous)`: every player moves at each step, their moves joined into one
    /// (see `engine/joint.rs`).
    pub simultaneous: bool,
    /// The consequents (indices into `thens`) a joint move applies after all its players'
    /// moves (`(then .. applyAfterAllMoves:True)`; in other games, as any consequents).
    pub after_all_moves: Vec<u32>,
}

/// A match (`(match ..)`, Ludii's package `game.match`): subgames played in turn, each a
/// description of its own, until the match's end rules, read after each subgame, end it.
/// Its own rules run in a context of their own ([`MatchIr::context`]), as Ludii's match
/// context: the match's players and end rules, its scores the match scores (`(matchScore
/// p)`), on a board of one cell.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchIr {
    pub context: GameIr,
    pub subgames: Vec<SubgameIr>,
}

/// One subgame of a match: the name of its description (`<name>.lud`), the option it is
/// played with, the subgame after it (`next:`, read in the match's context; None: the next
/// in order, the first after the last) and what a winner of it scores (`result:`, read in
/// the finished subgame; None: Ludii's default, see `engine::matches`).
#[derive(Clone, Debug, PartialEq)]
pub struct SubgameIr {
    pub name: String,
    pub option: Option<String>,
    pub next: Option<IntFn>,
    pub result: Option<IntFn>,
}

/// A deduction puzzle (Ludii's board `(values T (range min max))` with `(satisfy ..)` play):
/// each variable site of the board takes one of the values `min..=max`, narrowed down by the
/// player's moves, until the constraints hold with every variable set (`is Solved`). A set
/// site shows the value's component (`first_component + value - min`, named by the value).
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    pub min: i32,
    pub max: i32,
    pub first_component: u16,
    /// The sites the start rules set (no variables of the play).
    pub given: Vec<u32>,
    /// The equipment's hints (`(hints {(hint {sites} value) ..})`), in order: each a region
    /// of the static type `HintRegions`, and its value what `(hint)` reads there.
    pub hints: Vec<(Vec<u32>, Option<i32>)>,
    /// The hints of another site type than the board's (`(hints {..} T)`), in order: the
    /// type, the sites, the value. They make no region of the board's.
    pub typed_hints: Vec<(crate::board::SiteType, Vec<u32>, Option<i32>)>,
    /// The constraints of `(satisfy ..)`, in order.
    pub constraints: Vec<BoolFn>,
}

/// The regions a static region type of a `(regions ..)` item stands for (Ludii's
/// `RegionTypeStatic`), each a region of its own: every row, every column, every sub-grid
/// of a square board (√n × √n cells), the whole board, for each site the site and every
/// site along its lines in all directions (`AllDirections`), or none (`Diagonals`: Ludii's
/// topology never lists its diagonals).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegionKind {
    Rows,
    Columns,
    SubGrids,
    AllSites,
    AllDirections,
    Diagonals,
    /// The regions of the equipment's hints, in order.
    HintRegions,
}

/// A direction function: directions that depend on the site, the piece or the position.
#[derive(Clone, Debug, PartialEq)]
pub enum DirFn {
    /// `(difference A B)`: the compass directions of A at the site but not those of B.
    Difference(Vec<crate::board::Direction>, Vec<crate::board::Direction>),
    /// `(union A B)`: the compass directions of A at the site and those of B.
    Union(Vec<crate::board::Direction>, Vec<crate::board::Direction>),
    /// `(directions <type> from:F to:T)`: the compass directions whose radials from F pass
    /// through T.
    Between(IntFn, IntFn),
    /// `(if C A B)`: A where C holds, else B.
    If(BoolFn, Vec<crate::board::Direction>, Vec<crate::board::Direction>),
    /// `(directions {..} of:R)`: relative directions among the compass directions of
    /// relation R's steps (not the Adjacent ones).
    Of(Relation, Vec<crate::board::Direction>),
    /// `(directions {..} [of:R] bySite:True)`: relative directions among the compass
    /// directions of the site's own steps in relation R (Ludii's supported directions of
    /// the element, not of the whole board).
    OfSite(Relation, Vec<crate::board::Direction>),
}

/// Purity: does a function depend only on the state and the players' roles, not on the
/// iterator variables (`from`, `to`, `between`, `site`, `value`, `level`)? Pure regions are
/// computed once per state and roles ([`RegionFn::Cached`]).
impl RegionFn {
    /// The region out of its cache slot ([`RegionFn::Cached`]), if it has one.
    pub fn uncached(&self) -> &RegionFn {
        match self {
            RegionFn::Cached(_, inner) => inner.uncached(),
            r => r,
        }
    }
}

pub mod purity {
    use super::*;

    /// Whether a function of any kind is pure.
    pub fn node(n: Node) -> bool {
        match n {
            Node::Int(
                IntFn::From | IntFn::To | IntFn::Between | IntFn::Site | IntFn::Value | IntFn::Level | IntFn::Hint,
            ) => false,
            Node::Int(IntFn::Memo { deps, .. }) => *deps == 0,
            Node::Int(IntFn::MemoSite { .. }) => false,
            // binds from/to itself, but its value may read outer iterators
            Node::Ints(IntsFn::Results { .. }) => false,
            Node::Region(RegionFn::Cached(..)) => true,
            // conditions of these read iterators they bind themselves, or the outer ones
            Node::Region(RegionFn::Around { cond: Some(_), .. } | RegionFn::AroundAt { cond: Some(_), .. }) => false,
            // moves may read any iterator; a condition at each site may read the outer ones
            Node::Bool(
                BoolFn::CanMove(_)
                | BoolFn::IsThreatened(_)
                | BoolFn::AllSites(..)
                | BoolFn::AllGroups(..)
                | BoolFn::IsLine(_)
                | BoolFn::IsPattern(_),
            ) => false,
            Node::Region(
                RegionFn::Direction { .. }
                | RegionFn::LineOfSight { .. }
                | RegionFn::Between { .. }
                | RegionFn::Distance { .. }
                | RegionFn::Filter(..)
                | RegionFn::CurrentGroup
                | RegionFn::To(_)
                | RegionFn::From(_),
            ) => false,
            _ => n.children().into_iter().all(node),
        }
    }

    pub fn int(f: &IntFn) -> bool {
        node(Node::Int(f))
    }

    pub fn boolean(f: &BoolFn) -> bool {
        node(Node::Bool(f))
    }

    pub fn region(f: &RegionFn) -> bool {
        node(Node::Region(f))
    }
}

/// Which iterator variables a function reads (outside the ones it binds itself): bits
/// [`deps::FROM`], [`deps::TO`] .. . A function with few dependencies can be remembered
/// while only those stay the same ([`IntFn::Memo`]).
pub mod deps {
    use super::*;

    pub const FROM: u8 = 1;
    pub const TO: u8 = 2;
    pub const BETWEEN: u8 = 4;
    pub const SITE: u8 = 8;
    pub const VALUE: u8 = 16;
    pub const LEVEL: u8 = 32;
    /// The group a `(forEach Group ..)` is at (`(sites)`).
    pub const GROUP: u8 = 64;
    /// The hint a `(forAll Hint ..)` is at (`(hint)`).
    pub const HINT: u8 = 128;
    pub const ALL: u8 = 255;

    /// The iterator variables a function of any kind reads.
    pub fn node(n: Node) -> u8 {
        match n {
            Node::Int(IntFn::From) => FROM,
            Node::Int(IntFn::To) => TO,
            Node::Int(IntFn::Between) => BETWEEN,
            Node::Int(IntFn::Site) => SITE,
            Node::Int(IntFn::Value) => VALUE,
            Node::Int(IntFn::Level) => LEVEL,
            Node::Int(IntFn::Hint) => HINT,
            Node::Bool(BoolFn::ForAllHints(b)) => boolean(b) & !(FROM | TO | HINT),
            Node::Bool(BoolFn::ForAllSites(_, b)) => boolean(b) & !FROM,
            Node::Int(IntFn::Memo { deps, .. }) => *deps,
            Node::Int(IntFn::MemoSite { .. }) => SITE,
            Node::Ints(IntsFn::Results { from, to, value }) => {
                region(from) | (region(to) & !FROM) | (int(value) & !(FROM | TO))
            }
            // generates moves: reads everything the rules may read
            Node::Bool(
                BoolFn::NoMoves(_)
                | BoolFn::CanMove(_)
                | BoolFn::IsThreatened(_)
                | BoolFn::IsLine(_)
                | BoolFn::IsPattern(_)
                | BoolFn::IsSolved
                | BoolFn::PuzzleUnique,
            )
            | Node::Region(RegionFn::To(_) | RegionFn::From(_)) => ALL,
            Node::Region(RegionFn::Cached(..)) => 0,
            Node::Region(RegionFn::Around { sites, cond, .. })
            | Node::Region(RegionFn::AroundAt { sites, cond, .. }) => {
                region(sites) | cond.as_ref().map_or(0, |b| boolean(b) & !(FROM | TO))
            }
            // (computed directions may read any iterator)
            Node::Region(RegionFn::Direction { dirs, .. })
                if dirs.iter().any(|d| matches!(d, crate::board::Direction::Dynamic(_))) =>
            {
                ALL
            }
            Node::Region(RegionFn::Direction {
                from, stop, distance, ..
            }) => int(from) | stop.as_ref().map_or(0, |b| boolean(b) & !TO) | distance.as_ref().map_or(0, |d| int(d)),
            Node::Region(RegionFn::Filter(a, b)) => region(a) | (boolean(b) & !SITE),
            Node::Region(RegionFn::CurrentGroup) => GROUP,
            Node::Region(RegionFn::UnionOver(a, b)) => region(a) | (region(b) & !SITE),
            Node::Int(IntFn::CountStepsBy(k)) => int(&k.from) | region(&k.to) | (boolean(&k.cond) & !(FROM | TO)),
            Node::Bool(BoolFn::AllSites(a, b, _)) => region(a) | (boolean(b) & !SITE),
            Node::Int(IntFn::CountStack(k)) => {
                region(&k.sites) | ((boolean(&k.cond) | boolean(&k.stop)) & !(TO | LEVEL))
            }
            Node::Bool(BoolFn::AllGroups(g, b)) => {
                (boolean(&g.cond) & !(FROM | TO)) | int(&g.min) | (boolean(b) & !GROUP)
            }
            _ => n.children().into_iter().fold(0, |m, x| m | node(x)),
        }
    }

    pub fn int(f: &IntFn) -> u8 {
        node(Node::Int(f))
    }

    pub fn ints(f: &IntsFn) -> u8 {
        node(Node::Ints(f))
    }

    pub fn boolean(f: &BoolFn) -> u8 {
        node(Node::Bool(f))
    }

    pub fn region(f: &RegionFn) -> u8 {
        node(Node::Region(f))
    }
}

/// A function of any kind, for walks over the tree.
#[derive(Clone, Copy, Debug)]
pub enum Node<'a> {
    Int(&'a IntFn),
    Ints(&'a IntsFn),
    Bool(&'a BoolFn),
    Region(&'a RegionFn),
}

impl<'a> Node<'a> {
    /// The functions this one is made of (moves inside `sites To`, and what `(no Moves ..)`
    /// generates, are not functions: walks decide about those nodes themselves).
    pub fn children(self) -> Vec<Node<'a>> {
        use Node::*;
        let mut out = Vec::new();
        match self {
            Int(f) => match f {
                IntFn::EdgeJoining(a, b) => out.extend([Int(a), Int(b)]),
                IntFn::Score(a)
                | IntFn::OnType(_, _, a)
                | IntFn::Who(a)
                | IntFn::PieceField(_, a)
                | IntFn::CountAt(a)
                | IntFn::What(a)
                | IntFn::PuzzleValue(a)
                | IntFn::HintAt(_, a)
                | IntFn::SizeStack(a)
                | IntFn::Neg(a)
                | IntFn::MapEntry { key: a, .. }
                | IntFn::CountCellAt(a)
                | IntFn::PlayerValue(a)
                | IntFn::Amount(a)
                | IntFn::CountPips(a)
                | IntFn::Face(a)
                | IntFn::RowColumn(_, a) => out.push(Int(a)),
                IntFn::CountGroups(g) => out.extend([Bool(&g.cond), Int(&g.min)]),
                IntFn::ArrayValue(l, i) => out.extend([Ints(l), Int(i)]),
                IntFn::CountStepsBy(k) => out.extend([Bool(&k.cond), Int(&k.from), Region(&k.to)]),
                IntFn::SizeTerritory(p, _) => out.push(Int(p)),
                IntFn::SizeGroup(g) | IntFn::CountLiberties(g) => {
                    out.push(Int(&g.at));
                    out.extend(g.cond.iter().map(Bool));
                }
                IntFn::RegionSite(r, i) => out.extend([Region(r), Int(i)]),
                IntFn::TrackMove {
                    from, player, steps, ..
                } => out.extend([Int(from), Int(player), Int(steps)]),
                IntFn::TrackFirst { player, from, cond, .. } => {
                    out.extend(player.iter().chain(from.iter()).map(|x| Int(x)));
                    out.extend(cond.iter().map(|x| Bool(x)));
                }
                IntFn::CountSites(r) | IntFn::SizeStacks(r) | IntFn::CountIn(r, _) => out.push(Region(r)),
                IntFn::CountPieces(_, _, r, of, _) => {
                    out.extend(r.iter().map(|r| Region(r)));
                    out.extend(of.iter().map(|p| Int(p)));
                }
                IntFn::CountNear { site, region, .. }
                | IntFn::CountStepsTo(site, region)
                | IntFn::PathExtent(site, region) => out.extend([Int(site), Region(region)]),
                IntFn::CountSteps(a, b)
                | IntFn::HandSite(a, b)
                | IntFn::AtLevel(_, a, b)
                | IntFn::Sub(a, b)
                | IntFn::Random(a, b)
                | IntFn::CoordAt(a, b)
                | IntFn::Div(a, b)
                | IntFn::Mod(a, b)
                | IntFn::Pow(a, b) => out.extend([Int(a), Int(b)]),
                IntFn::Ahead { site, steps, .. } => out.extend([Int(site), Int(steps)]),
                IntFn::Where { what, state } => {
                    out.push(Int(what));
                    out.extend(state.iter().map(|x| Int(x)));
                }
                IntFn::WhereLevel { what, at, state, .. } => {
                    out.extend([Int(what), Int(at)]);
                    out.extend(state.iter().map(|x| Int(x)));
                }
                IntFn::Add(v) | IntFn::Mul(v) => out.extend(v.iter().map(Int)),
                IntFn::Sum(l) | IntFn::Product(l) | IntFn::Min(l) | IntFn::Max(l) | IntFn::SizeArray(l) => {
                    out.push(Ints(l))
                }
                IntFn::Layer(a) | IntFn::Phase(a) => out.push(Int(a)),
                IntFn::Cost(r) => out.push(Region(r)),
                IntFn::CountStack(k) => out.extend([Region(&k.sites), Bool(&k.cond), Bool(&k.stop)]),
                IntFn::CountValue(v, l) => {
                    out.push(Int(v));
                    out.push(Ints(l));
                }
                IntFn::If(b, x, y) => out.extend([Bool(b), Int(x), Int(y)]),
                IntFn::IdOf(p, _) => out.push(Int(p)),
                IntFn::Memo { inner, .. } | IntFn::MemoSite { inner, .. } | IntFn::Compiled(_, inner) => {
                    out.push(Int(inner))
                }
                IntFn::Const(_)
                | IntFn::Mover
                | IntFn::Next
                | IntFn::Prev
                | IntFn::From
                | IntFn::To
                | IntFn::Between
                | IntFn::Site
                | IntFn::Value
                | IntFn::Level
                | IntFn::Hint
                | IntFn::Var
                | IntFn::Counter
                | IntFn::Pot
                | IntFn::NamedVar(_)
                | IntFn::RolePlayer(_)
                | IntFn::CountMoves
                | IntFn::CountMovesThisTurn
                | IntFn::BoardCount(_)
                | IntFn::CountTurns
                | IntFn::CountTrials
                | IntFn::CountActive
                | IntFn::MoverLastTurn
                | IntFn::CentrePoint
                | IntFn::CentrePointOf(_)
                | IntFn::Bag
                | IntFn::Coord(_)
                | IntFn::LastTo
                | IntFn::LastToAfter
                | IntFn::LastFromAfter
                | IntFn::LastLevelTo
                | IntFn::Player
                | IntFn::LastFrom
                | IntFn::ValuePending
                | IntFn::Id { .. } => {}
            },
            Ints(f) => match f {
                IntsFn::List(v) => out.extend(v.iter().map(Int)),
                IntsFn::Remembered(_) | IntsFn::Players(_, None) => {}
                IntsFn::Players(_, Some(b)) => out.push(Bool(b)),
                IntsFn::Sites(r) => out.push(Region(r)),
                IntsFn::If(b, x, y) => out.extend([Bool(b), Ints(x), Ints(y)]),
                IntsFn::SizesGroups(g) => out.extend([Bool(&g.cond), Int(&g.min)]),
                IntsFn::Union(v) | IntsFn::Intersection(v) => out.extend(v.iter().map(Ints)),
                IntsFn::Difference(a, b) => out.extend([Ints(a), Ints(b)]),
                IntsFn::Results { from, to, value } => out.extend([Region(from), Region(to), Int(value)]),
            },
            Bool(f) => match f {
                BoolFn::Not(a) | BoolFn::Compiled(_, a) => out.push(Bool(a)),
                BoolFn::OnType { site, .. } => out.push(Int(site)),
                BoolFn::And(v) | BoolFn::Or(v) => out.extend(v.iter().map(Bool)),
                BoolFn::Xor(a, b) => out.extend([Bool(a), Bool(b)]),
                BoolFn::Eq(a, b)
                | BoolFn::Ne(a, b)
                | BoolFn::Lt(a, b)
                | BoolFn::Le(a, b)
                | BoolFn::Gt(a, b)
                | BoolFn::Ge(a, b)
                | BoolFn::IsWithinAt(a, b) => out.extend([Int(a), Int(b)]),
                BoolFn::RegionEq(a, b) => out.extend([Region(a), Region(b)]),
                BoolFn::IsHidden(h) => {
                    out.push(Int(&h.1));
                    out.extend(h.2.iter().chain(h.3.player.iter()).map(Int));
                }
                BoolFn::IsEmpty(a)
                | BoolFn::IsOccupied(a)
                | BoolFn::IsPlayer(_, a)
                | BoolFn::IsEnemy(a)
                | BoolFn::IsFriend(a)
                | BoolFn::IsEven(a)
                | BoolFn::IsTriggered(a)
                | BoolFn::IsActive(a)
                | BoolFn::IsVisited(a)
                | BoolFn::IsFlat(a)
                | BoolFn::IsAnyDie(a)
                | BoolFn::IsOdd(a) => out.push(Int(a)),
                BoolFn::IsIn(a, r) | BoolFn::IsWithinRegion(a, r) => out.extend([Int(a), Region(r)]),
                BoolFn::AllSites(r, b, _) => out.extend([Region(r), Bool(b)]),
                BoolFn::AllGroups(g, b) => out.extend([Bool(&g.cond), Int(&g.min), Bool(b)]),
                BoolFn::IsConnected(k) | BoolFn::IsBlocked(k) => {
                    out.push(Int(&k.at));
                    out.extend(k.number.iter().chain(k.player.iter()).map(Int));
                    out.extend(k.regions.iter().flatten().map(Region));
                }
                BoolFn::IsPattern(p) => out.extend(std::iter::once(&p.from).chain(&p.whats).map(Int)),
                BoolFn::IsLine(l) => {
                    out.push(Int(&l.len));
                    out.extend(
                        l.through
                            .iter()
                            .chain(l.who.iter())
                            .chain(l.whats.iter().flatten())
                            .map(Int),
                    );
                    out.extend(l.exact.iter().chain(l.contiguous.iter()).chain(l.cond.iter()).map(Bool));
                    out.extend(l.through_any.iter().map(Region));
                    if let Some(k) = &l.stacked {
                        out.extend(k.by_level.iter().chain(k.top.iter()).map(Bool));
                    }
                }
                BoolFn::IsLoop(k) => {
                    out.extend([Int(&k.start), Int(&k.colour)]);
                    out.extend(k.tile_path.iter().map(Region));
                }
                BoolFn::SidesMatch(a) | BoolFn::PipsMatch(a) => out.push(Int(a)),
                BoolFn::IsGraph(g) => out.extend(std::iter::once(&g.who).chain(&g.k).map(Int)),
                BoolFn::IsPath(p) => {
                    out.extend([&p.who, &p.min, &p.max].into_iter().chain(&p.from).map(Int));
                    out.push(Bool(&p.closed));
                }
                BoolFn::IsThreatened(t) => {
                    out.extend(t.what.iter().chain(t.site.iter()).map(Int));
                    out.extend(t.region.iter().map(Region));
                }
                BoolFn::HasLiberty(g) => {
                    out.push(Int(&g.at));
                    out.extend(g.cond.iter().map(Bool));
                }
                BoolFn::NearAny { site, region, .. } => out.extend([Int(site), Region(region)]),
                BoolFn::If(a, b, c) => out.extend([Bool(a), Bool(b), Bool(c)]),
                BoolFn::AllDifferent(r, except) => {
                    out.extend(r.iter().map(|r| Region(r)));
                    out.extend(except.iter().map(Int));
                }
                BoolFn::PuzzleSum { region, sum, .. } => {
                    out.extend(region.iter().map(|r| Region(r)));
                    out.extend(sum.iter().map(|n| Int(n)));
                }
                BoolFn::PuzzleCount(r, v, n) => out.extend([Region(r), Int(v), Int(n)]),
                BoolFn::ForAllHints(b) | BoolFn::PuzzleCmp(b) | BoolFn::ForAllSites(_, b) => out.push(Bool(b)),
                BoolFn::Const(_)
                | BoolFn::IsSolved
                | BoolFn::PuzzleUnique
                | BoolFn::IsPrevMover
                | BoolFn::IsTarget(_)
                | BoolFn::IsPending
                | BoolFn::IsRepeat
                | BoolFn::IsProposed(_)
                | BoolFn::IsDecided(_)
                | BoolFn::IsCycle
                | BoolFn::AllPassed
                | BoolFn::AllDiceUsed
                | BoolFn::AllDiceEqual
                | BoolFn::WasPass
                | BoolFn::LastToOfType(_)
                | BoolFn::NoMoves(_)
                | BoolFn::CanMove(_) => {}
            },
            Region(f) => match f {
                RegionFn::Sites(v) => out.extend(v.iter().map(Int)),
                RegionFn::OnType(_, t) => match &**t {
                    TypedRegion::Incident { at, owner, .. } => {
                        out.push(Int(at));
                        out.extend(owner.iter().map(|o| Int(o)));
                    }
                    TypedRegion::Around { at, .. } => out.push(Int(at)),
                    TypedRegion::Sites(v) => out.extend(v.iter().map(Int)),
                    _ => {}
                },
                RegionFn::Crossing(a, _) | RegionFn::LargePiece(a) => out.push(Int(a)),
                RegionFn::Hidden(_, v) => out.extend(v.player.iter().map(Int)),
                RegionFn::Site(a)
                | RegionFn::Start(a)
                | RegionFn::Hand(a)
                | RegionFn::Related(a, _)
                | RegionFn::Holding(a)
                | RegionFn::Row(a)
                | RegionFn::Column(a)
                | RegionFn::State(a) => out.push(Int(a)),
                RegionFn::Expand { region, steps, .. } => out.extend([Region(region), Int(steps)]),
                RegionFn::If(b, x, y) => {
                    out.extend([Bool(b), Region(x)]);
                    out.extend(y.iter().map(|y| Region(y)));
                }
                RegionFn::Track { player, from, to, .. } => {
                    out.extend(player.iter().chain(from.iter()).chain(to.iter()).map(|x| Int(x)))
                }
                RegionFn::Around { sites, cond, .. } => {
                    out.push(Region(sites));
                    out.extend(cond.as_deref().map(Bool));
                }
                RegionFn::Direction {
                    from, stop, distance, ..
                } => {
                    out.push(Int(from));
                    out.extend(stop.as_deref().map(Bool));
                    out.extend(distance.as_deref().map(Int));
                }
                RegionFn::LineOfSight { at, .. } => out.push(Int(at)),
                RegionFn::Between { from, to, .. } => out.extend([Int(from), Int(to)]),
                RegionFn::Walk { site, .. } => out.push(Int(site)),
                RegionFn::Distance { from, min, max, step } => {
                    out.extend([Int(from), Int(min), Int(max)]);
                    out.extend(step.iter().map(|k| Bool(&k.cond)));
                }
                RegionFn::Union(v) | RegionFn::Intersection(v) => out.extend(v.iter().map(Region)),
                RegionFn::Difference(a, b) => out.extend([Region(a), Region(b)]),
                RegionFn::Filter(a, b) => out.extend([Region(a), Bool(b)]),
                RegionFn::Levels { at, cond, start_at, .. } => {
                    out.push(Int(at));
                    out.extend(cond.as_deref().map(Bool));
                    out.extend(start_at.as_deref().map(Int));
                }
                RegionFn::Random(a, b) => out.extend([Region(a), Int(b)]),
                RegionFn::UnionOver(a, b) => out.extend([Region(a), Region(b)]),
                RegionFn::Ints(a) => out.push(Ints(a)),
                RegionFn::AroundAt {
                    sites, cond, distance, ..
                } => {
                    out.extend([Region(sites), Int(distance)]);
                    out.extend(cond.as_deref().map(Bool));
                }
                RegionFn::Cached(_, inner) => out.push(Region(inner)),
                RegionFn::Pattern(p) => out.extend(std::iter::once(&p.from).chain(&p.whats).map(Int)),
                RegionFn::InHands { container, .. } => out.extend(container.as_deref().map(Int)),
                RegionFn::EmptyIn(k) => out.push(Int(k)),
                RegionFn::Group(g) => {
                    out.push(Int(&g.at));
                    out.extend(g.cond.iter().map(Bool));
                }
                RegionFn::Board
                | RegionFn::Empty
                | RegionFn::Occupied { .. }
                | RegionFn::Owned(..)
                | RegionFn::Corners
                | RegionFn::Perimeter
                | RegionFn::Centre
                | RegionFn::Playable { .. }
                | RegionFn::LineOfPlay
                | RegionFn::LastTo
                | RegionFn::LastBetween
                | RegionFn::Pending
                | RegionFn::ToClear
                | RegionFn::Geometry(_)
                | RegionFn::Equipment { .. }
                | RegionFn::Remembered(_)
                | RegionFn::CurrentGroup
                | RegionFn::To(_)
                | RegionFn::From(_) => {}
            },
        }
        out
    }
}

/// Whether a function draws at random (`value Random`, `sites Random`).
pub fn draws_at_random(n: Node) -> bool {
    matches!(n, Node::Int(IntFn::Random(..)) | Node::Region(RegionFn::Random(..)))
        || n.children().into_iter().any(draws_at_random)
}

/// Whether a function may read `(last From)`; generating moves (`(no Moves ..)`,
/// `(sites To ..)`) counts as reading it.
pub fn reads_last_from(n: Node) -> bool {
    match n {
        Node::Int(IntFn::LastFrom)
        | Node::Bool(BoolFn::NoMoves(_) | BoolFn::CanMove(_) | BoolFn::IsThreatened(_))
        | Node::Region(RegionFn::To(_) | RegionFn::From(_)) => true,
        _ => n.children().into_iter().any(reads_last_from),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn owner_sets_follow_the_roles() {
        let of = |r| Owners::of_role(r, 3);
        // mover 2, next 3, prev 1
        let bits = |o: Owners| o.bits(2, 3, 1);
        assert_eq!(bits(of(Role::Mover)), 0b0100);
        assert_eq!(bits(of(Role::Neutral)), 0b0001);
        assert_eq!(bits(of(Role::All)), 0b1110);
        assert_eq!(bits(of(Role::NonMover)), 0b1010);
        assert_eq!(bits(of(Role::Shared)), 0b1_0000);
        // (sites Occupied by:All) minus (sites Occupied by:Mover): the other players
        let others = of(Role::All).minus(of(Role::Mover)).unwrap();
        assert_eq!(bits(others), 0b1010);
        assert!(others.has(3, 2, 3, 1) && !others.has(2, 2, 3, 1) && !others.has(0, 2, 3, 1));
        // a union of sets with exceptions is not one set; a union of plain ones is
        assert_eq!(others.union(of(Role::Mover)), None);
        assert_eq!(bits(of(Role::Next).union(of(Role::Neutral)).unwrap()), 0b1001);
        assert_eq!(others.minus(others), None);
    }

    #[test]
    fn last_from_is_found_where_it_is_read() {
        let steps = |a: IntFn| IntFn::CountSteps(Box::new(a), Box::new(IntFn::CentrePoint));
        let reads = BoolFn::Lt(Box::new(steps(IntFn::LastTo)), Box::new(steps(IntFn::LastFrom)));
        let plain = BoolFn::Lt(Box::new(steps(IntFn::LastTo)), Box::new(steps(IntFn::From)));
        assert!(reads_last_from(Node::Bool(&reads)));
        assert!(!reads_last_from(Node::Bool(&plain)));
        // generating moves may read anything
        assert!(reads_last_from(Node::Bool(&BoolFn::Not(Box::new(BoolFn::NoMoves(
            Role::Next
        ))))));
        let cached = RegionFn::Cached(0, Box::new(RegionFn::Site(Box::new(IntFn::LastFrom))));
        assert!(reads_last_from(Node::Bool(&BoolFn::IsIn(
            Box::new(IntFn::To),
            Box::new(cached)
        ))));
    }
}
