//! Boards as graphs: Ludii's site numbering, labels, coordinates, relations, directions,
//! radials and distances.
//!
//! A [`BoardSpec`] (what lowering produces from `(board ...)`) is evaluated into a raw
//! [`graph::Graph`] (vertices, edges, faces) exactly as Ludii 1.3.13's graph functions do,
//! then [`Board::new`] derives everything the rules need for the board's site type
//! (`use:` Cell, Vertex or Edge). The result is immutable; share it with `Arc<Board>`.
//!
//! # What Ludii does (and the traps)
//!
//! * **Numbering.** Site index = Ludii's element id. Lattice generators end with
//!   `Graph.reorder()`: stable sort by `y * 100 + x` — bottom row first, left to right.
//!   `(remove ..)` and `(add ..)` keep the source order and never re-sort.
//! * **Size depends on `use:`** for `square`/`rectangle` and `tri Hexagon` (sizes count
//!   vertices with `use:Vertex`, cells otherwise); `hex n` ignores it.
//! * **Side-list boards** (`(hex {..})`, `(tri {..})`) are built from a polygon inflated by
//!   0.1 and scanned over a window derived from the polygon's *x/y* bounds used as *row/column*
//!   ranges: this clips some boards (`(tri {5 6 5 7 5})` has 75 vertices, not 80).
//!   Their coordinates pass through 32-bit floats.
//! * **Labels, rows, columns** come from clustering positions along the best of a few
//!   angles (`MeasureGraph.measureSituation`), not from lattice maths.
//! * **Relations.** Steps are computed per element (`Face/Vertex/Edge.stepsTo`): hex cells
//!   have 6 Orthogonal (= Adjacent) neighbours and 6 far *Diagonal* cells (in All, **not**
//!   Adjacent); vertex Diagonal steps cross faces with ≥ 4 corners and are not Adjacent.
//!   Added edges (`add edges:`) are Orthogonal whatever their angle. Lists are ordered
//!   clockwise from North.
//! * **Direction names** use 8 compass sectors unless two of the element's steps (to *any*
//!   site type, including its edges and corners) collide, then 16 sectors for that element.
//!   On hex cells the neighbours are E, NNE, NNW, W, SSW, SSE and N/S are far diagonals.
//! * **Radials** follow steps of one direction while the bend stays under 0.25 rad.
//! * **Distances:** Ludii builds at most one BFS table per game, for one relation chosen by
//!   priority (see [`distance_relation_for_game`]) and uses it for every `count Steps` /
//!   `sites Distance` whatever relation they name; unreachable pairs are 0 and
//!   `sites Distance` lists are truncated by a counting bug ([`DistanceTable::max_listed`]).
//! * **`ahead`** off the board returns the origin site.
//!
//! The hot-path queries ([`Board::relation`], [`Board::steps`], [`Board::radials`],
//! [`Board::sites_direction`], …) read flat arrays and never allocate; results are emitted
//! through callbacks (Ludii regions are sets: callers collect into a bit set).
//!
//! # Verification and limits
//!
//! `tests/board_vectors.rs` compares every site, relation, name, radial, distance and query
//! of the 27 Ludii vector boards (hex cells, tri/square/omni vertices). `tests/board_headers.rs`
//! compares the sites (count, labels, coordinates) of every board Ludii recorded a trace
//! header for (`tests/agreeing-boards.txt`), and `tests/corpus_traces.rs` replays whole games
//! on them (relations and directions included).
//!
//! Built as Ludii does: `hex` (n, side lists, `Hexagon`, two sizes, `Limping`, `Triangle`,
//! `Diamond`, `Prism`, `Rectangle`, `Square`, `Star`), `tri` (`Triangle`, `Hexagon`, side
//! lists, `Limping`), `square`/`rectangle` (`Square`, `Limping`, `Diamond`, `diagonals:`,
//! `pyramidal:` as a layered board with vertex heights, [`Graph::z`]), `regular` (polygons
//! and stars), `spiral`, `repeat`, `wedge`, `tiling` (`T3464`, `T33434`, `T33336`, `T3636`),
//! `concentric` regular polygons and circles of cells or points (`{c0 c1 ..}`, `Target
//! steps:`), `graph vertices: edges:`, `boardless` (Ludii's fixed 41 × 41 squares, 21-hexagon
//! or 41-triangle board of cells), `surakartaBoard` (its loops as tracks), and the operators
//! `add`, `remove` (by index or position), `merge`, `union`, `intersect`, `keep`, `clip`,
//! `hole`, `trim`, `renumber`, `shift`, `scale`, `rotate`, `skew`, `dual`, `splitCrossings`,
//! `subdivide`, `complete` and `makeFaces` (the less common ones in `graph/ops.rs`);
//! `mancalaBoard`. Tracks (`(track ..)` of sites or of steps) are built on a board by
//! [`Board::track`] (`track.rs`). Cells of graphs that are not lattices are traced from the
//! edges ([`Graph::make_faces`], Ludii's `makeFaces`, with its crossing test where Ludii uses
//! it); `merge`, `union`, `add`, `remove`, `hole`, `keep` and the transformations never
//! reorder. Labels fall back to rows and columns of distinct y and x when two sites would
//! share one (Ludii's "duplicate coordinates"); edges are labelled by index. The relations of
//! a layered board are those of its projection on the plane (Ludii's steps between layers are
//! not built). Not implemented (refused when lowering): `concentric Target` without `steps:`,
//! the circular directions of pivots (`In`, `Out`, `CW`, `CCW`), other `tri` shapes, other
//! tilings, `brick`, `celtic`, `quadhex`, `merge connect:`, `add connect:`, `union connect:`,
//! `edgesCurved:`, `poly rotns:`, operators over a layered board.

pub mod graph;
mod regions;
mod size;
mod spatial;
/// Hash sets and maps of small integer keys (a multiplicative hasher), for the layers above.
pub(crate) use spatial::IntSet;
mod topology;
mod track;

use std::sync::OnceLock;

pub use graph::{Graph, Pt};
pub use regions::BoardRegion;
pub use track::{Track, TrackError, TrackPath, TrackSpec, TRACK_END};

/// The kind of site a board is played on (Ludii `SiteType`, `use:`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SiteType {
    Vertex,
    Edge,
    Cell,
}

impl SiteType {
    /// `Vertex`, `Edge` or `Cell`.
    pub fn from_name(s: &str) -> Option<SiteType> {
        match s {
            "Vertex" => Some(SiteType::Vertex),
            "Edge" => Some(SiteType::Edge),
            "Cell" => Some(SiteType::Cell),
            _ => None,
        }
    }

    /// Its name, as Ludii writes it.
    pub fn name(self) -> &'static str {
        match self {
            SiteType::Vertex => "Vertex",
            SiteType::Edge => "Edge",
            SiteType::Cell => "Cell",
        }
    }
}

/// Ludii's relation pseudo-directions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Relation {
    Orthogonal = 0,
    Diagonal = 1,
    OffDiagonal = 2,
    Adjacent = 3,
    All = 4,
}

impl Relation {
    pub const ALL: [Relation; 5] = [
        Relation::Orthogonal,
        Relation::Diagonal,
        Relation::OffDiagonal,
        Relation::Adjacent,
        Relation::All,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Relation::Orthogonal => "Orthogonal",
            Relation::Diagonal => "Diagonal",
            Relation::OffDiagonal => "OffDiagonal",
            Relation::Adjacent => "Adjacent",
            Relation::All => "All",
        }
    }

    pub fn from_name(s: &str) -> Option<Relation> {
        Relation::ALL.into_iter().find(|r| r.name() == s)
    }
}

/// The 16 compass names Ludii uses, in clockwise order from North (the discriminant).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    N = 0,
    NNE,
    NE,
    ENE,
    E,
    ESE,
    SE,
    SSE,
    S,
    SSW,
    SW,
    WSW,
    W,
    WNW,
    NW,
    NNW,
}

impl Dir {
    pub const ALL: [Dir; 16] = [
        Dir::N,
        Dir::NNE,
        Dir::NE,
        Dir::ENE,
        Dir::E,
        Dir::ESE,
        Dir::SE,
        Dir::SSE,
        Dir::S,
        Dir::SSW,
        Dir::SW,
        Dir::WSW,
        Dir::W,
        Dir::WNW,
        Dir::NW,
        Dir::NNW,
    ];

    const NAMES: [&'static str; 16] = [
        "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
    ];

    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    pub fn from_name(s: &str) -> Option<Dir> {
        Self::NAMES.iter().position(|&n| n == s).map(|i| Dir::ALL[i])
    }
}

/// Ludii's directions relative to a facing (`RelativeDirection`): resolved to compass
/// directions per site and facing by the engine before any board query.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RelDir {
    Forward,
    Backward,
    Rightward,
    Leftward,
    Forwards,
    Backwards,
    Rightwards,
    Leftwards,
    FL,
    FLL,
    FLLL,
    BL,
    BLL,
    BLLL,
    FR,
    FRR,
    FRRR,
    BR,
    BRR,
    BRRR,
    SameDirection,
    OppositeDirection,
}

impl RelDir {
    pub const ALL: [RelDir; 22] = [
        RelDir::Forward,
        RelDir::Backward,
        RelDir::Rightward,
        RelDir::Leftward,
        RelDir::Forwards,
        RelDir::Backwards,
        RelDir::Rightwards,
        RelDir::Leftwards,
        RelDir::FL,
        RelDir::FLL,
        RelDir::FLLL,
        RelDir::BL,
        RelDir::BLL,
        RelDir::BLLL,
        RelDir::FR,
        RelDir::FRR,
        RelDir::FRRR,
        RelDir::BR,
        RelDir::BRR,
        RelDir::BRRR,
        RelDir::SameDirection,
        RelDir::OppositeDirection,
    ];

    pub fn from_name(s: &str) -> Option<RelDir> {
        Self::ALL.into_iter().find(|d| format!("{d:?}") == s)
    }
}

/// A direction argument of a query: a relation or a compass name; a relative direction
/// is resolved to compass names before it reaches the board (the board's queries give
/// nothing for one).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    Rel(Relation),
    Compass(Dir),
    Relative(RelDir),
    /// The k-th direction function of the game's rules (`GameIr::dir_fns`: a difference, a
    /// condition), resolved per site where moves are generated.
    Dynamic(u8),
    /// A circular direction (steps only where the board has pivots).
    Circular(Circ),
    /// A direction between the layers of a board in three dimensions.
    Layer(Lay),
}

/// Ludii's directions between layers (a pyramid's): straight up or down (`U`, `D`), or up
/// or down towards a compass point (`UNE`: up and north-east). A step to another layer has
/// one of these and no compass name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lay {
    U,
    UN,
    UNE,
    UE,
    USE,
    US,
    USW,
    UW,
    UNW,
    D,
    DN,
    DNE,
    DE,
    DSE,
    DS,
    DSW,
    DW,
    DNW,
}

impl Lay {
    pub const ALL: [Lay; 18] = [
        Lay::U,
        Lay::UN,
        Lay::UNE,
        Lay::UE,
        Lay::USE,
        Lay::US,
        Lay::USW,
        Lay::UW,
        Lay::UNW,
        Lay::D,
        Lay::DN,
        Lay::DNE,
        Lay::DE,
        Lay::DSE,
        Lay::DS,
        Lay::DSW,
        Lay::DW,
        Lay::DNW,
    ];

    const NAMES: [&'static str; 18] = [
        "U", "UN", "UNE", "UE", "USE", "US", "USW", "UW", "UNW", "D", "DN", "DNE", "DE", "DSE", "DS", "DSW", "DW",
        "DNW",
    ];

    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }

    pub fn from_name(s: &str) -> Option<Lay> {
        Self::NAMES.iter().position(|&n| n == s).map(|i| Lay::ALL[i])
    }

    /// Up or down (`up`) towards compass point `d` (of the eight; any other is taken as
    /// the point before it).
    pub fn towards(up: bool, d: Dir) -> Lay {
        // (after `U` and `D` in [`Lay::ALL`]: N, NE, E, SE, S, SW, W, NW)
        let k = (d as usize / 2) % 8;
        Lay::ALL[if up { 1 } else { 10 } + k]
    }
}

/// Ludii's circular directions, on a board whose vertices turn about pivots (`concentric`,
/// [`graph::Graph::pivots`]): towards the pivot, away from it, along an arc around it
/// either way, and any of the four (`Rotational`; every step of a pivot itself is `Out`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Circ {
    In,
    Out,
    CW,
    CCW,
    Rotational,
}

impl Circ {
    pub const ALL: [Circ; 5] = [Circ::In, Circ::Out, Circ::CW, Circ::CCW, Circ::Rotational];

    pub fn name(self) -> &'static str {
        match self {
            Circ::In => "In",
            Circ::Out => "Out",
            Circ::CW => "CW",
            Circ::CCW => "CCW",
            Circ::Rotational => "Rotational",
        }
    }

    pub fn from_name(s: &str) -> Option<Circ> {
        Self::ALL.into_iter().find(|c| c.name() == s)
    }
}

/// Number of [`Direction`] values (16 compass names, 5 relations, 5 circular directions,
/// 18 between layers).
pub const NUM_DIRECTION_KEYS: usize = 44;

impl Direction {
    /// Dense index 0..44: compass names first, then relations, circular directions and
    /// directions between layers.
    pub fn key(self) -> usize {
        match self {
            Direction::Compass(d) => d as usize,
            Direction::Rel(r) => 16 + r as usize,
            Direction::Circular(c) => 21 + c as usize,
            Direction::Layer(l) => 26 + l as usize,
            // (never asked of the board: resolved first; an empty row if it were)
            Direction::Relative(_) | Direction::Dynamic(_) => NUM_DIRECTION_KEYS,
        }
    }

    /// Whether the direction is resolved per piece: relative to a facing or to the last
    /// move, or a difference.
    #[inline(always)]
    pub fn is_relative(self) -> bool {
        matches!(self, Direction::Relative(_) | Direction::Dynamic(_))
    }

    pub fn from_key(k: usize) -> Direction {
        if k < 16 {
            Direction::Compass(Dir::ALL[k])
        } else if k < 21 {
            Direction::Rel(Relation::ALL[k - 16])
        } else if k < 26 {
            Direction::Circular(Circ::ALL[k - 21])
        } else {
            Direction::Layer(Lay::ALL[(k - 26).min(17)])
        }
    }

    pub fn from_name(s: &str) -> Option<Direction> {
        Dir::from_name(s)
            .map(Direction::Compass)
            .or_else(|| Relation::from_name(s).map(Direction::Rel))
            .or_else(|| RelDir::from_name(s).map(Direction::Relative))
            .or_else(|| Circ::from_name(s).map(Direction::Circular))
            .or_else(|| Lay::from_name(s).map(Direction::Layer))
    }
}

impl From<Relation> for Direction {
    fn from(r: Relation) -> Self {
        Direction::Rel(r)
    }
}

impl From<Dir> for Direction {
    fn from(d: Dir) -> Self {
        Direction::Compass(d)
    }
}

/// What `(board ...)` lowers to: a generator, or an operator over another spec.
///
/// To add a generator: a variant here and one function in [`graph`] returning a [`Graph`].
#[derive(Clone, Debug, PartialEq)]
pub enum BoardSpec {
    /// `(hex n)`: hexagon of hex cells, n per side (`HexagonOnHex`).
    Hex(u32),
    /// `(hex {s1 .. s5})`: hex cells inside a side-list polygon (`CustomOnHex`).
    HexSides(Vec<i32>),
    /// `(hex Triangle n)`: a triangle of hex cells, n per side (`TriangleOnHex`).
    HexTriangle(u32),
    /// `(hex Diamond n)` / `(hex Prism a b)`: a rhombus (or prism) of flat-topped hex cells
    /// (`DiamondOnHex`); `prism` is the second size of a prism.
    HexDiamond { size: u32, prism: Option<u32> },
    /// `(tri Hexagon n)`: hexagon on the triangular lattice (`HexagonOnTri`).
    TriHexagon(u32),
    /// `(tri n)` / `(tri Triangle n)`: triangle on the triangular lattice, n vertices per
    /// side with `use:Vertex`, n cells otherwise (`TriangleOnTri`).
    TriTriangle(u32),
    /// `(tri {s1 ..})`: triangular lattice inside a side-list polygon (`CustomOnTri`).
    TriSides(Vec<i32>),
    /// `(square n)`.
    Square(u32),
    /// `(rectangle rows cols)`.
    Rectangle(u32, u32),
    /// `(rectangle rows cols diagonals:..)` / `(square n diagonals:..)`: the square lattice
    /// with diagonal edges added, cells traced from the edges (`RectangleOnSquare`).
    RectangleDiagonals { rows: u32, cols: u32, diagonals: Diagonals },
    /// `(remove G vertices:{..})` with vertex indices of G.
    Remove { base: Box<BoardSpec>, vertices: Vec<u32> },
    /// `(remove G cells:.. edges:.. vertices:.. trimEdges:..)`: the general form, applied
    /// as Ludii does: cells, then edges, then vertices (each by index or by position).
    RemoveElements {
        base: Box<BoardSpec>,
        removals: Vec<Removal>,
        trim_edges: bool,
    },
    /// `(wedge rows [columns])`: a triangle of `columns` lines (3 by default) from an apex,
    /// with no cells (`Wedge`).
    Wedge { rows: u32, columns: u32 },
    /// `(concentric Triangle|Square|Hexagon rings:n)` / `(concentric sides:s rings:n)`:
    /// concentric regular polygons (`ConcentricRegular`); cells only with `use:Cell`.
    ConcentricRegular {
        sides: u32,
        rings: u32,
        midpoints: bool,
        join_midpoints: bool,
        join_corners: bool,
    },
    /// `(concentric {c0 c1 ..} [stagger:])` and `(concentric Target rings:r steps:s)`: rings
    /// of cells (or points, for vertices) around a centre (`ConcentricCircle`).
    ConcentricCircle { counts: Vec<i32>, stagger: bool },
    /// `(graph vertices:{{x y} ..} edges:{{a b} ..})`: explicit vertices and edges, cells
    /// traced from the edges, no reordering.
    Custom { vertices: Vec<Pt>, edges: Vec<[u32; 2]> },
    /// `(hole G (poly {{x y} ..}))`: the cells whose centre lies in the polygon (inflated
    /// by 0.1) are removed with their edges left without a cell.
    Hole { base: Box<BoardSpec>, polygon: Vec<Pt> },
    /// `(square (poly {{x y} ..}))`: the square lattice's points in the polygon (inflated by
    /// 0.1), joined to their neighbours at unit distance (Ludii's `CustomOnSquare`).
    SquareInPolygon(Vec<Pt>),
    /// `(trim G)`: dangling edges and then lone vertices removed.
    Trim(Box<BoardSpec>),
    /// `(renumber [types] G)`: the elements of the given types (all if none) reordered.
    Renumber { base: Box<BoardSpec>, types: Vec<SiteType> },
    /// `(merge {G ..})`: the graphs' vertices (coincident ones merged) and edges, cells
    /// traced again; nothing is reordered.
    Merge(Vec<BoardSpec>),
    /// `(intersect {G ..})`: the first graph's vertices and edges that every other graph
    /// also has (within 0.01), renumbered in order, cells traced again (`Intersect`).
    Intersect(Vec<BoardSpec>),
    /// `(hex Rectangle rows [columns])`, `(hex Square n)`: a rectangle of pointy-top hex
    /// cells, alternate rows shifted (`RectangleOnHex`).
    HexRectangle { rows: u32, columns: u32 },
    /// `(shift dx dy G)`.
    Shift { base: Box<BoardSpec>, dx: f64, dy: f64 },
    /// `(scale sx sy G)`.
    Scale { base: Box<BoardSpec>, sx: f64, sy: f64 },
    /// `(rotate degrees G)`: counterclockwise about the centre of the vertices' bounds.
    Rotate { base: Box<BoardSpec>, degrees: f64 },
    /// `(add [G] vertices:.. edges:.. cells:..)`: the general form (no base: an empty graph),
    /// applied in the order of the list (Ludii's: vertices, edges and cells by position,
    /// then edges and cells by index).
    AddElements {
        base: Option<Box<BoardSpec>>,
        additions: Vec<Addition>,
    },
    /// `(add G edges:{{a b} ..})` with vertex indices of G.
    Add { base: Box<BoardSpec>, edges: Vec<[u32; 2]> },
    /// `(mancalaBoard rows columns [store:None|Outer])` with two stores (Ludii's only
    /// mancala layout; other store types and counts are lowered to `(square rows)`, as Ludii
    /// builds them): rows of `columns` holes, bottom row first, between a store on each
    /// side, in Ludii's order (left store, rows, right store; no reordering).
    Mancala { rows: u32, columns: u32, stores: bool },
    /// `(regular [Star] n)`: n points on a circle joined in order, or as a star.
    Regular { sides: u32, star: bool },
    /// `(spiral turns:t sites:s [clockwise:b])`: points along a spiral, joined in order.
    Spiral { turns: u32, sites: u32, clockwise: bool },
    /// `(repeat rows cols step:{{cx cy} {rx ry}} polys)`: the polygons' sides at each origin.
    Repeat {
        rows: u32,
        cols: u32,
        step: [Pt; 2],
        polys: Vec<Vec<Pt>>,
    },
    /// `(square Diamond d)`.
    SquareDiamond(u32),
    /// `(square n pyramidal:True)`: the square lattice with layers above it, each a
    /// lattice one smaller centred on the one below (a layered board: see [`Graph::z`]).
    SquarePyramidal(u32),
    /// `(hex Star d)`.
    HexStar(u32),
    /// `(tiling T n)` of a semi-regular tiling.
    Tiling(Tiling, u32),
    /// `(splitCrossings G)`.
    SplitCrossings(Box<BoardSpec>),
    /// `(makeFaces G)`: the faces traced again (with the crossing test).
    MakeFaces(Box<BoardSpec>),
    /// `(dual G)`.
    Dual(Box<BoardSpec>),
    /// `(subdivide G [min:k])`.
    Subdivide { base: Box<BoardSpec>, min: u32 },
    /// `(complete G [eachCell:b])`.
    Complete { base: Box<BoardSpec>, each_cell: bool },
    /// `(union {G ..})`: the graphs side by side, nothing merged.
    Union(Vec<BoardSpec>),
    /// `(skew amount G)`.
    Skew { base: Box<BoardSpec>, amount: f64 },
    /// `(keep G poly)` (`inside`) or `(clip G poly)`: the vertices inside (outside) kept.
    Keep {
        base: Box<BoardSpec>,
        polygon: Vec<Pt>,
        inside: bool,
    },
}

/// The semi-regular tilings built from point lists (`(tiling T n)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tiling {
    /// Rhombitrihexagonal: a hexagon of n units a side.
    T3464,
    /// Snub square: a diamond of n × n units.
    T33434,
    /// Snub hexagonal: a hexagon of n units a side.
    T33336,
    /// Trihexagonal: a hexagon of n hexagons a side, triangles between them.
    T3636,
}

/// One argument of `(remove ..)`. Positions are found within 0.001 (Manhattan distance),
/// as 32-bit floats like Ludii's.
#[derive(Clone, Debug, PartialEq)]
pub enum Removal {
    /// `cells:{i ..}`: face indices of the graph (removed from the highest).
    CellIndices(Vec<u32>),
    /// `cells:{{{x y} ..} ..}`: each face by its corners.
    CellsAt(Vec<Vec<Pt>>),
    /// `edges:{{a b} ..}`: each edge by its end vertices' indices.
    EdgeEnds(Vec<[u32; 2]>),
    /// `edges:{{{x y} {x y}} ..}`: each edge by its ends' positions.
    EdgesAt(Vec<[Pt; 2]>),
    /// `vertices:{i ..}`: vertex indices (removed from the highest).
    VertexIndices(Vec<u32>),
    /// `vertices:{{x y} ..}`: vertices by position.
    VerticesAt(Vec<Pt>),
}

/// One argument of `(add ..)`. A position names the vertex within 0.001 (Manhattan) of it,
/// or a new vertex.
#[derive(Clone, Debug, PartialEq)]
pub enum Addition {
    /// `vertices:{{x y} ..}`: new vertices (none where one exists).
    VerticesAt(Vec<Pt>),
    /// `edges:{{{x y} {x y}} ..}`.
    EdgesAt(Vec<[Pt; 2]>),
    /// `cells:{{{x y} ..} ..}`: each cell by its corners, its missing edges added.
    CellsAt(Vec<Vec<Pt>>),
    /// `edges:{{a b} ..}`: by vertex indices.
    EdgeEnds(Vec<[u32; 2]>),
    /// `cells:{{a b c ..} ..}`: by vertex indices (only where the edges exist).
    CellCorners(Vec<Vec<u32>>),
}

/// Ludii's `DiagonalsType`: which diagonal edges a square lattice gets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Diagonals {
    /// One diagonal per square, alternating (alquerque boards).
    Alternating,
    /// A vertex at the centre of every square, joined to its corners.
    Solid,
    /// Both diagonals of every square, crossing without a vertex.
    SolidNoSplit,
    /// Diagonals forming concentric diamonds around the centre.
    Concentric,
    /// The four diagonal lines through the centre.
    Radiating,
    /// No diagonal edges.
    Implied,
}

impl Diagonals {
    pub fn from_name(s: &str) -> Option<Diagonals> {
        Some(match s {
            "Alternating" => Diagonals::Alternating,
            "Solid" => Diagonals::Solid,
            "SolidNoSplit" => Diagonals::SolidNoSplit,
            "Concentric" => Diagonals::Concentric,
            "Radiating" => Diagonals::Radiating,
            "Implied" => Diagonals::Implied,
            _ => return None,
        })
    }
}

/// The most vertices and edges (in all) a board's graph may have. A spec is checked before
/// anything is built, against a bound computed from it alone (exact for the lattices; see
/// `size.rs`), and refused over the limit ([`BoardError::TooLarge`]). Cells are fewer than
/// edges on a planar board (twice at most on any), and every type of element can be the
/// sites (`use:`): this bounds the sites too.
///
/// Building is near-linear in the graph's size (`(square 300)`, 271,201 vertices and
/// edges, 90,000 cells, builds in under a second), and so is the memory of the board and
/// of playing on it. The largest corpus board has 1,617 sites.
pub const MAX_BOARD_GRAPH: u64 = 400_000;

/// Why a board could not be built.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BoardError {
    #[error(
        "too large: its graph could have {size} vertices and edges, more than the limit of {limit} \
         (MAX_BOARD_GRAPH)"
    )]
    TooLarge { size: u64, limit: u64 },
    #[error("board size {0} out of range")]
    BadSize(u32),
    #[error("invalid side list {0:?}")]
    BadSides(Vec<i32>),
    #[error("vertex index {0} out of range")]
    BadIndex(u32),
    #[error("the board has no sites of the requested type")]
    Empty,
}

/// Compressed rows: `items[offsets[i]..offsets[i + 1]]` is row i.
#[derive(Clone, Debug, Default)]
pub struct Csr {
    offsets: Vec<u32>,
    items: Vec<u32>,
}

impl Csr {
    /// Row `i` (empty past the last: a site of another container has no steps).
    #[inline]
    pub fn row(&self, i: usize) -> &[u32] {
        match (self.offsets.get(i), self.offsets.get(i + 1)) {
            (Some(&a), Some(&b)) => self.items.get(a as usize..b as usize).unwrap_or(&[]),
            _ => &[],
        }
    }
}

/// Element counts of the underlying graph (`graphCounts` in the vectors).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GraphCounts {
    pub vertices: usize,
    pub edges: usize,
    pub cells: usize,
}

/// `(sites LineOfSight <kind> ..)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineOfSight {
    /// The first occupied site of each radial.
    Piece,
    /// Every empty site before the first occupied one.
    Empty,
    /// The last empty site before the first occupied one.
    Farthest,
}

/// Options of [`Board::sites_direction`]: `included:` and `distance:` (default unbounded).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walk {
    pub included: bool,
    pub distance: usize,
}

impl Default for Walk {
    fn default() -> Self {
        Walk {
            included: false,
            distance: usize::MAX,
        }
    }
}

/// A board ready for play: everything indexed by site, for one site type.
#[derive(Debug)]
pub struct Board {
    site_type: SiteType,
    num_sites: usize,
    graph_counts: [usize; 3],
    x: Vec<f64>,
    y: Vec<f64>,
    row: Vec<u32>,
    col: Vec<u32>,
    labels: Vec<String>,
    /// Per relation, the relation list of each site (clockwise from N).
    relations: [Csr; 5],
    /// Row `site * 16 + dir`: the same-type steps named `dir` (usually 0 or 1).
    dir_steps: Csr,
    /// Row `site * 5 + circular direction`: same-type steps in each [`Circ`] (empty rows on
    /// a board without pivots).
    circ_steps: Csr,
    /// Row `site * 18 + direction between layers`: same-type steps in each [`Lay`] (empty
    /// rows on a board of one layer).
    layer_steps: Csr,
    /// Per relation, bit set over [`Dir`] of the names its steps use.
    supported: [u16; 5],
    /// All radials, each including its origin at position 0: by radial id, its slice
    /// `radial_ends[id]` of `radial_sites` (radials along one line share their sites).
    radial_sites: Vec<u32>,
    radial_ends: Vec<[u32; 2]>,
    /// Row `site * 21 + direction key`: radial ids, clockwise from N.
    site_radials: Csr,
    centre: Vec<u32>,
    centre_point: Option<u32>,
    corners: Vec<u32>,
    perimeter: Vec<u32>,
    /// Per site, the sides of the board it is on: bit `d` for [`Dir`] `d` (Ludii's sides,
    /// N, E, S, W, NE, SE, SW, NW).
    sides: Vec<u16>,
    distance_tables: [OnceLock<DistanceTable>; 5],
    /// By radial id: its sites after the origin as one bit word, and whether they come in
    /// increasing site order (else decreasing). None on a board of more than 64 sites or
    /// where a radial's sites come in neither order (built on first use).
    radial_words: OnceLock<Option<Vec<(u64, bool)>>>,
    /// Each site's colour ([`Board::phase`]), when first asked.
    phases: OnceLock<Vec<u8>>,
    /// Row `site * 21 + direction key`, on boards of at most 64 sites: the sites one step
    /// away in that direction ([`Board::steps_in`]) and the first sites of its radials
    /// ([`Board::radials`]), as bit words (built on first use).
    near_in_words: OnceLock<Option<Vec<[u64; 2]>>>,
    /// The graph the board was built from (for drawing it: cells' outlines, edges).
    graph: Graph,
}

impl Board {
    /// The graph the board was built from, in Ludii's coordinates (the sites' positions
    /// are its elements' of the board's site type).
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// Builds the board of `spec` played on sites of type `use_`.
    pub fn new(spec: &BoardSpec, use_: SiteType) -> Result<Board, BoardError> {
        let g = Graph::build(spec, use_)?;
        Board::from_graph(&g, use_)
    }

    /// Builds the board from an already generated graph.
    pub fn from_graph(g: &Graph, use_: SiteType) -> Result<Board, BoardError> {
        if g.count(use_) == 0 {
            return Err(BoardError::Empty);
        }
        Ok(topology::build_board(g, use_))
    }

    pub fn site_type(&self) -> SiteType {
        self.site_type
    }

    pub fn num_sites(&self) -> usize {
        self.num_sites
    }

    pub fn graph_counts(&self) -> GraphCounts {
        let [vertices, edges, cells] = self.graph_counts;
        GraphCounts { vertices, edges, cells }
    }

    pub fn label(&self, site: u32) -> &str {
        &self.labels[site as usize]
    }

    /// Site with this coordinate label (linear scan: for lowering, not for move generation).
    pub fn site_of_label(&self, label: &str) -> Option<u32> {
        self.labels.iter().position(|l| l == label).map(|i| i as u32)
    }

    pub fn row(&self, site: u32) -> u32 {
        self.row[site as usize]
    }

    pub fn col(&self, site: u32) -> u32 {
        self.col[site as usize]
    }

    /// Ludii's raw graph position (y grows upwards).
    pub fn xy(&self, site: u32) -> (f64, f64) {
        (self.x[site as usize], self.y[site as usize])
    }

    /// Relation list of a site in Ludii's order (clockwise from N).
    #[inline]
    pub fn relation(&self, site: u32, rel: Relation) -> &[u32] {
        self.relations[rel as usize].row(site as usize)
    }

    /// Same-type steps of a site named `dir` (any relation); usually 0 or 1 sites.
    #[inline]
    pub fn steps(&self, site: u32, dir: Dir) -> &[u32] {
        self.dir_steps.row(site as usize * 16 + dir as usize)
    }

    /// The first step named `dir`, if any.
    #[inline]
    pub fn step(&self, site: u32, dir: Dir) -> Option<u32> {
        self.steps(site, dir).first().copied()
    }

    /// Steps in a direction: the relation list or the named steps.
    #[inline(always)]
    pub fn steps_in(&self, site: u32, d: Direction) -> &[u32] {
        match d {
            Direction::Rel(r) => self.relation(site, r),
            Direction::Compass(c) => self.steps(site, c),
            Direction::Circular(c) => self.circ_steps.row(site as usize * 5 + c as usize),
            Direction::Layer(l) => self.layer_steps.row(site as usize * 18 + l as usize),
            Direction::Relative(_) | Direction::Dynamic(_) => &[],
        }
    }

    /// Compass names used by the steps of a relation over the whole board, in compass
    /// order (Ludii's `supportedDirections`).
    pub fn supported_directions(&self, rel: Relation) -> impl Iterator<Item = Dir> + '_ {
        let bits = self.supported[rel as usize];
        Dir::ALL.into_iter().filter(move |&d| bits & (1 << d as u16) != 0)
    }

    /// The compass directions of `site`'s steps in relation `rel`, as a bit set over [`Dir`]
    /// (Ludii's supported directions of one element).
    pub fn site_supported_bits(&self, site: u32, rel: Relation) -> u16 {
        let related = self.relation(site, rel);
        Dir::ALL
            .into_iter()
            .filter(|&d| self.steps(site, d).iter().any(|t| related.contains(t)))
            .fold(0, |bits, d| bits | 1 << d as u16)
    }

    /// [`Self::supported_directions`] as a bit set over [`Dir`].
    pub fn supported_bits(&self, rel: Relation) -> u16 {
        self.supported[rel as usize]
    }

    /// Radials (straight lines) of a site in a direction, clockwise from N. Each radial
    /// starts with the origin site at position 0.
    #[inline]
    pub fn radials(&self, site: u32, d: Direction) -> impl ExactSizeIterator<Item = &[u32]> + '_ {
        self.radial_ids(site, d).iter().map(move |&r| self.radial(r))
    }

    /// The sites of radial `r`, origin first.
    #[inline(always)]
    fn radial(&self, r: u32) -> &[u32] {
        let [a, b] = self.radial_ends[r as usize];
        &self.radial_sites[a as usize..b as usize]
    }

    /// The ids of a site's radials in a direction (none for a relative direction).
    #[inline(always)]
    fn radial_ids(&self, site: u32, d: Direction) -> &[u32] {
        if d.is_relative() {
            return &[];
        }
        self.site_radials.row(site as usize * NUM_DIRECTION_KEYS + d.key())
    }

    /// Sites flagged CENTRE (ascending).
    pub fn centre(&self) -> &[u32] {
        &self.centre
    }

    /// `(centrePoint)`: the lowest CENTRE site.
    pub fn centre_point(&self) -> Option<u32> {
        self.centre_point
    }

    pub fn corners(&self) -> &[u32] {
        &self.corners
    }

    pub fn perimeter(&self) -> &[u32] {
        &self.perimeter
    }

    /// The sites on side `d` of the board (`(sites Side d)`), in increasing order.
    pub fn side(&self, d: Dir) -> impl Iterator<Item = u32> + '_ {
        let bit = 1u16 << d as u16;
        (0..self.sides.len() as u32).filter(move |&s| self.sides[s as usize] & bit != 0)
    }

    /// `site`'s radials in `d` as bit words of the sites after it, each with whether its
    /// sites come in increasing order (see [`cut_ray`]); None on boards where radials
    /// cannot be read this way.
    #[inline]
    pub fn ray_words(&self, site: u32, d: Direction) -> Option<impl Iterator<Item = (u64, bool)> + '_> {
        let table = self.radial_words.get_or_init(|| self.build_radial_words()).as_deref()?;
        let ids = self.radial_ids(site, d);
        Some(ids.iter().map(move |&r| table[r as usize]))
    }

    /// On a board of at most 64 sites, `steps_in(site, d)` as a bit word, and the sites
    /// one step along `site`'s radials in `d` (where a hop passes).
    #[inline]
    pub fn near_in_words(&self, site: u32, d: Direction) -> Option<[u64; 2]> {
        let table = self
            .near_in_words
            .get_or_init(|| self.build_near_in_words())
            .as_deref()?;
        if d.is_relative() {
            return None;
        }
        table.get(site as usize * NUM_DIRECTION_KEYS + d.key()).copied()
    }

    fn build_near_in_words(&self) -> Option<Vec<[u64; 2]>> {
        if self.num_sites > 64 {
            return None;
        }
        let word = |sites: &mut dyn Iterator<Item = u32>| sites.fold(0u64, |w, t| w | 1 << t);
        let rows = (0..self.num_sites as u32).flat_map(|s| (0..NUM_DIRECTION_KEYS).map(move |k| (s, k)));
        Some(
            rows.map(|(s, k)| {
                let d = Direction::from_key(k);
                [
                    word(&mut self.steps_in(s, d).iter().copied()),
                    word(&mut self.radials(s, d).filter_map(|r| r.get(1).copied())),
                ]
            })
            .collect(),
        )
    }

    fn build_radial_words(&self) -> Option<Vec<(u64, bool)>> {
        if self.num_sites > 64 {
            return None;
        }
        (0..self.radial_ends.len() as u32)
            .map(|r| {
                let sites = &self.radial(r)[1..];
                let up = sites.windows(2).all(|w| w[0] < w[1]);
                (up || sites.windows(2).all(|w| w[0] > w[1])).then(|| (sites.iter().fold(0, |m, &t| m | 1 << t), up))
            })
            .collect()
    }

    /// The BFS table over `rel` (built on first use, then cached). Remember Ludii's
    /// single-table rule: a game uses one table, see [`distance_relation_for_game`].
    pub fn distances(&self, rel: Relation) -> &DistanceTable {
        self.distance_tables[rel as usize].get_or_init(|| DistanceTable::build(self, rel))
    }

    // ----------------------------------------------------------------------------------
    // Queries (Ludii ludemes). Region results are emitted site by site, possibly with
    // repeats; Ludii regions are sets, so collect into a bit set.

    /// `(sites Around s <dir> distance:k)`: the site at position `distance` of each radial.
    pub fn sites_around(&self, site: u32, d: Direction, distance: usize, mut emit: impl FnMut(u32)) {
        for r in self.radials(site, d) {
            if let Some(&t) = r.get(distance) {
                if t != site {
                    emit(t);
                }
            }
        }
    }

    /// `(sites Direction from:s <dirs> included: distance: stop: stopIncluded:)`.
    ///
    /// Per direction and radial, walks positions 1..=`walk.distance`; at a site where `stop`
    /// holds the site is emitted only if `stop_included` holds, and the radial ends.
    /// `walk.included` emits `from` first.
    pub fn sites_direction(
        &self,
        from: u32,
        dirs: &[Direction],
        walk: Walk,
        mut stop: impl FnMut(u32) -> bool,
        mut stop_included: impl FnMut(u32) -> bool,
        mut emit: impl FnMut(u32),
    ) {
        if walk.included {
            emit(from);
        }
        for &d in dirs {
            for r in self.radials(from, d) {
                for &t in r.iter().skip(1).take(walk.distance) {
                    if stop(t) {
                        if stop_included(t) {
                            emit(t);
                        }
                        break;
                    }
                    emit(t);
                }
            }
        }
    }

    /// `(sites LineOfSight <kind> at:s <dirs>)` with an occupancy test.
    pub fn line_of_sight(
        &self,
        at: u32,
        kind: LineOfSight,
        dirs: &[Direction],
        mut occupied: impl FnMut(u32) -> bool,
        mut emit: impl FnMut(u32),
    ) {
        for &d in dirs {
            for r in self.radials(at, d) {
                let mut last_empty = None;
                for &t in &r[1..] {
                    if occupied(t) {
                        if kind == LineOfSight::Piece {
                            emit(t);
                        }
                        break;
                    }
                    if kind == LineOfSight::Empty {
                        emit(t);
                    }
                    last_empty = Some(t);
                }
                if kind == LineOfSight::Farthest {
                    if let Some(t) = last_empty {
                        emit(t);
                    }
                }
            }
        }
    }

    /// `(sites Between <dirs> from:a to:b)`: the sites strictly between a and b on the first
    /// radial of a (directions in order, radials clockwise) that contains b. Returns false
    /// (and emits nothing) if b is on no radial of a.
    pub fn between(&self, from: u32, to: u32, dirs: &[Direction], mut emit: impl FnMut(u32)) -> bool {
        for &d in dirs {
            for r in self.radials(from, d) {
                if let Some(k) = r[1..].iter().position(|&t| t == to) {
                    for &t in &r[1..=k] {
                        emit(t);
                    }
                    return true;
                }
            }
        }
        false
    }

    /// `(ahead s steps:k <dir>)`: the k-th site of the first radial (clockwise) long enough;
    /// **the origin itself** when none is (Ludii never returns "off board" here).
    pub fn ahead(&self, site: u32, steps: usize, d: Direction) -> u32 {
        self.radials(site, d)
            .find_map(|r| r.get(steps).copied())
            .unwrap_or(site)
    }
}

/// Picks the relation of Ludii's single distance table from the relations named by the
/// game's `count Steps` / `sites Distance` ludemes (without step moves): priority
/// Adjacent > All > OffDiagonal > Diagonal > Orthogonal. `None`: Ludii builds no table.
pub fn distance_relation_for_game(requested: impl IntoIterator<Item = Relation>) -> Option<Relation> {
    let rank = |r: Relation| match r {
        Relation::Adjacent => 0,
        Relation::All => 1,
        Relation::OffDiagonal => 2,
        Relation::Diagonal => 3,
        Relation::Orthogonal => 4,
    };
    requested.into_iter().min_by_key(|&r| rank(r))
}

/// Boards of at most this many sites keep every row of a distance table, built at once
/// (at most 32 MiB); larger ones build the rows asked for, and keep the latest few.
pub const DENSE_DISTANCE_SITES: usize = 4096;

/// How many distances the rows kept by a table of a large board may hold in all.
const KEPT_DISTANCES: usize = 1 << 22;

/// BFS step counts over one relation (`preGenerateDistanceToEachElementToEachOther`): 0
/// from a site to itself **and between sites that cannot reach each other** (as Ludii).
///
/// Ludii builds the table of every pair of sites. On boards of more than
/// [`DENSE_DISTANCE_SITES`] sites that is too much memory (a board of 90,000 sites would
/// need 16 GB), so the row of a site (one BFS) is built when a query from it comes, and the
/// latest rows are kept, up to [`KEPT_DISTANCES`] distances: the answers are the same. Where
/// the relation is symmetric a distance is read from either end's row, and a query sharing
/// an end with the previous one builds that end's row (`(count Steps (to) (centrePoint))`
/// over many sites builds one row).
#[derive(Debug)]
pub struct DistanceTable {
    relation: Relation,
    n: usize,
    rows: Rows,
}

#[derive(Debug)]
enum Rows {
    /// Row-major n×n, and Ludii's truncated per-site maximum used by `sites Distance`.
    Dense { dist: Vec<u16>, max_listed: Vec<u16> },
    /// The relation's lists, whether it is symmetric, and the rows built last.
    Lazy {
        near: Csr,
        symmetric: bool,
        kept: std::sync::Mutex<KeptRows>,
    },
}

/// The rows of a large board's table built last, by site, the oldest first out.
#[derive(Debug, Default)]
struct KeptRows {
    rows: std::collections::HashMap<u32, std::sync::Arc<Row>>,
    order: std::collections::VecDeque<u32>,
    /// The ends of the last distance asked for.
    last: Option<(u32, u32)>,
}

/// One site's distances to every site, and its truncated maximum.
#[derive(Debug)]
struct Row {
    dist: Vec<u32>,
    max_listed: u32,
}

/// BFS from `s` over `near` (the relation's list of each site) into `dist` (all 0 on entry):
/// the distance of each site reached; `queue` and `seen` are scratch (`seen` is marked with
/// `s`, so it need not be cleared between sources).
fn bfs<'a, T: Copy + TryFrom<u32>>(
    near: impl Fn(u32) -> &'a [u32],
    s: u32,
    dist: &mut [T],
    queue: &mut Vec<u32>,
    seen: &mut [u32],
) where
    u32: From<T>,
{
    queue.clear();
    queue.push(s);
    seen[s as usize] = s;
    let mut head = 0;
    while head < queue.len() {
        let u = queue[head];
        head += 1;
        let du = u32::from(dist[u as usize]);
        for &v in near(u) {
            if seen[v as usize] != s {
                seen[v as usize] = s;
                // (a distance is below the number of sites: it fits where they do)
                dist[v as usize] = T::try_from(du + 1).ok().unwrap_or(dist[u as usize]);
                queue.push(v);
            }
        }
    }
}

/// Ludii's scan for the largest distance `sites Distance` lists: m = 0; for t in index
/// order: if d(s,t) > m then m += 1.
fn max_listed<T: Copy>(row: &[T]) -> u32
where
    u32: From<T>,
{
    row.iter().fold(0u32, |m, &d| if u32::from(d) > m { m + 1 } else { m })
}

impl DistanceTable {
    fn build(board: &Board, rel: Relation) -> DistanceTable {
        DistanceTable::new(board, rel, board.num_sites > DENSE_DISTANCE_SITES)
    }

    /// The table, built at once or (`lazy`) row by row.
    fn new(board: &Board, rel: Relation, lazy: bool) -> DistanceTable {
        let n = board.num_sites;
        if lazy {
            let near = board.relations[rel as usize].clone();
            let symmetric = (0..n).all(|s| near.row(s).iter().all(|&t| near.row(t as usize).contains(&(s as u32))));
            return DistanceTable {
                relation: rel,
                n,
                rows: Rows::Lazy {
                    near,
                    symmetric,
                    kept: Default::default(),
                },
            };
        }
        let mut dist = vec![0u16; n * n];
        let mut queue = Vec::with_capacity(n);
        let mut seen = vec![u32::MAX; n];
        for s in 0..n {
            let row = &mut dist[s * n..(s + 1) * n];
            bfs(|u| board.relation(u, rel), s as u32, row, &mut queue, &mut seen);
        }
        let max_listed = (0..n).map(|s| max_listed(&dist[s * n..(s + 1) * n]) as u16).collect();
        DistanceTable {
            relation: rel,
            n,
            rows: Rows::Dense { dist, max_listed },
        }
    }

    pub fn relation(&self) -> Relation {
        self.relation
    }

    /// The rows kept (a panic elsewhere while they were locked left them whole).
    fn kept(kept: &std::sync::Mutex<KeptRows>) -> std::sync::MutexGuard<'_, KeptRows> {
        kept.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The distance between sites a and b (both < n) of a large board's table.
    fn lazy_distance(&self, a: u32, b: u32) -> u32 {
        let Rows::Lazy { symmetric, kept, .. } = &self.rows else {
            return 0;
        };
        let source = {
            let mut k = Self::kept(kept);
            if let Some(r) = k.rows.get(&a) {
                return r.dist[b as usize];
            }
            if *symmetric {
                if let Some(r) = k.rows.get(&b) {
                    return r.dist[a as usize];
                }
            }
            let shared = k.last.is_some_and(|(x, y)| b == x || b == y);
            k.last = Some((a, b));
            if *symmetric && shared {
                b
            } else {
                a
            }
        };
        let row = self.lazy_row(source);
        let other = if source == a { b } else { a };
        row.map_or(0, |r| r.dist[other as usize])
    }

    /// The row of site `s` (< n) of a large board's table, built if it is not kept.
    fn lazy_row(&self, s: u32) -> Option<std::sync::Arc<Row>> {
        let Rows::Lazy { near, kept, .. } = &self.rows else {
            return None;
        };
        if let Some(r) = Self::kept(kept).rows.get(&s) {
            return Some(r.clone());
        }
        let mut dist = vec![0u32; self.n];
        let mut seen = vec![u32::MAX; self.n];
        bfs(
            |u| near.row(u as usize),
            s,
            &mut dist,
            &mut Vec::with_capacity(self.n),
            &mut seen,
        );
        let row = std::sync::Arc::new(Row {
            max_listed: max_listed(&dist),
            dist,
        });
        let mut kept = Self::kept(kept);
        if kept.rows.insert(s, row.clone()).is_none() {
            kept.order.push_back(s);
            while kept.order.len() > (KEPT_DISTANCES / self.n).max(1) {
                if let Some(old) = kept.order.pop_front() {
                    kept.rows.remove(&old);
                }
            }
        }
        Some(row)
    }

    /// BFS distance (0 for a = b, for unreachable pairs and for sites off the board).
    #[inline]
    pub fn distance(&self, a: u32, b: u32) -> u32 {
        let (a, b) = (a as usize, b as usize);
        if a >= self.n || b >= self.n {
            return 0;
        }
        match &self.rows {
            Rows::Dense { dist, .. } => dist[a * self.n + b] as u32,
            Rows::Lazy { .. } => self.lazy_distance(a as u32, b as u32),
        }
    }

    /// `(count Steps a B)` without a step move: minimum over B; 0 when B is empty.
    pub fn count_steps(&self, a: u32, targets: impl IntoIterator<Item = u32>) -> u32 {
        if let (Rows::Lazy { .. }, true) = (&self.rows, (a as usize) < self.n) {
            let row = self.lazy_row(a);
            let at = |b: u32| row.as_ref().and_then(|r| r.dist.get(b as usize)).copied().unwrap_or(0);
            return targets.into_iter().map(at).min().unwrap_or(0);
        }
        targets.into_iter().map(|b| self.distance(a, b)).min().unwrap_or(0)
    }

    /// Ludii's truncated maximum distance listed for `s` (`sitesAtDistance` size − 1).
    pub fn max_listed(&self, s: u32) -> u32 {
        match &self.rows {
            Rows::Dense { max_listed, .. } => max_listed[s as usize] as u32,
            Rows::Lazy { .. } => self.lazy_row(s).map_or(0, |r| r.max_listed),
        }
    }

    /// `(sites Distance from:s (exact k))`: {t : d(s,t) = k} for k ≤ [`Self::max_listed`],
    /// nothing beyond it (Ludii's truncation), {s} for k = 0.
    pub fn sites_at_distance(&self, s: u32, k: u32, mut emit: impl FnMut(u32)) {
        if k == 0 {
            emit(s);
            return;
        }
        if s as usize >= self.n {
            return;
        }
        let mut each = |t: usize, d: u32| {
            if d == k {
                emit(t as u32);
            }
        };
        match &self.rows {
            Rows::Dense { dist, max_listed } => {
                if k > max_listed[s as usize] as u32 {
                    return;
                }
                let row = &dist[s as usize * self.n..(s as usize + 1) * self.n];
                row.iter().enumerate().for_each(|(t, &d)| each(t, d as u32));
            }
            Rows::Lazy { .. } => {
                let Some(row) = self.lazy_row(s) else { return };
                if k <= row.max_listed {
                    row.dist.iter().enumerate().for_each(|(t, &d)| each(t, d));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;

/// A walk along a ray (its sites after the origin as a bit word, `up` when they come in
/// increasing order) up to the first site in `stops`, with it if `included`.
#[inline(always)]
pub fn cut_ray(ray: u64, up: bool, stops: u64, included: bool) -> u64 {
    let hit = ray & stops;
    if hit == 0 {
        return ray;
    }
    let (first, before) = if up {
        let first = hit & hit.wrapping_neg();
        (first, first - 1)
    } else {
        let first = 1u64 << (63 - hit.leading_zeros());
        (first, !(first | (first - 1)))
    };
    ray & if included { before | first } else { before }
}
