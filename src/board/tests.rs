use super::*;

fn board(spec: BoardSpec, ty: SiteType) -> Board {
    Board::new(&spec, ty).unwrap()
}

fn counts(b: &Board) -> (usize, usize, usize) {
    let c = b.graph_counts();
    (c.vertices, c.edges, c.cells)
}

#[test]
fn hex_n_counts_and_labels() {
    for (n, c) in [(4, (96, 132, 37)), (5, (150, 210, 61)), (6, (216, 306, 91))] {
        let b = board(BoardSpec::Hex(n), SiteType::Cell);
        assert_eq!(counts(&b), c);
        assert_eq!(b.num_sites(), c.2);
    }
    let b = board(BoardSpec::Hex(4), SiteType::Cell);
    for (i, l) in [(0, "A1"), (15, "A4"), (22, "B5"), (36, "G7"), (18, "D4")] {
        assert_eq!(b.label(i), l);
    }
    assert_eq!(b.relation(5, Relation::Orthogonal), &[11, 6, 1, 0, 4, 10]);
    assert_eq!(b.step(18, Dir::N), Some(30));
    assert_eq!(b.centre_point(), Some(18));
}

/// Counts and first positions as Ludii 1.3.13 builds them: the trihexagonal tiling
/// (`Tiling3636`, x and y of its corners swapped as Ludii reads them) and the square lattice
/// in a polygon (`CustomOnSquare`, Make Muster's order-3 board).
#[test]
fn trihexagonal_tiling_and_square_in_a_polygon() {
    let b = board(BoardSpec::Tiling(Tiling::T3636, 2), SiteType::Vertex);
    assert_eq!(counts(&b), (30, 48, 19));
    let (x, y) = b.xy(0);
    assert!((x + 0.5).abs() < 1e-6 && (y + 0.866_025).abs() < 1e-5, "{x} {y}");
    let poly = [(1, 5), (2, 4), (8, 1), (9, 2), (12, 8), (11, 9), (5, 12), (4, 11)];
    let spec = BoardSpec::SquareInPolygon(poly.iter().map(|&(x, y)| Pt::new(x as f64, y as f64)).collect());
    let b = board(spec, SiteType::Vertex);
    assert_eq!(counts(&b), (64, 108, 45));
    assert_eq!(b.xy(0), (7.0, 2.0));
}

#[test]
fn hex_sides_counts() {
    let expect = [
        ([2, 3], (37, 48, 12)),
        ([2, 4], (52, 69, 18)),
        ([3, 4], (73, 99, 27)),
        ([3, 5], (94, 129, 36)),
        ([4, 5], (121, 168, 48)),
        ([4, 6], (148, 207, 60)),
        ([5, 6], (181, 255, 75)),
        ([5, 7], (214, 303, 90)),
        ([6, 7], (253, 360, 108)),
        ([6, 8], (292, 417, 126)),
    ];
    for ([a, b], c) in expect {
        let bd = board(BoardSpec::HexSides(vec![a, b, a, b, a]), SiteType::Cell);
        assert_eq!(counts(&bd), c, "hex {{{a} {b}}}");
    }
}

#[test]
fn tri_counts_and_labels() {
    for (n, c) in [
        (4, (37, 90, 54)),
        (5, (61, 156, 96)),
        (6, (91, 240, 150)),
        (7, (127, 342, 216)),
    ] {
        let b = board(BoardSpec::TriHexagon(n), SiteType::Vertex);
        assert_eq!(counts(&b), c);
    }
    let b = board(BoardSpec::TriSides(vec![3, 4, 3, 4, 3]), SiteType::Vertex);
    assert_eq!(b.num_sites(), 27);
    assert_eq!(b.label(0), "A1");
    assert_eq!(b.label(24), "D6");
    // The scan-window clipping trap.
    assert_eq!(
        board(BoardSpec::TriSides(vec![5, 6, 5, 7, 5]), SiteType::Vertex).num_sites(),
        75
    );
    assert_eq!(
        board(BoardSpec::TriSides(vec![7, 8, 7, 10, 6]), SiteType::Vertex).num_sites(),
        147
    );
}

#[test]
fn square_counts_depend_on_use() {
    let v = board(BoardSpec::Square(5), SiteType::Vertex);
    assert_eq!(counts(&v), (25, 40, 16));
    assert_eq!(v.label(7), "C2");
    let c = board(BoardSpec::Square(5), SiteType::Cell);
    assert_eq!(counts(&c), (36, 60, 25));
    assert_eq!(c.label(0), "A1");
    assert_eq!(c.relation(0, Relation::Adjacent), &[5, 6, 1]);
    let r = board(BoardSpec::Rectangle(3, 4), SiteType::Cell);
    assert_eq!(r.num_sites(), 12);
    assert_eq!(r.label(11), "D3");
}

#[test]
fn omni_remove_add() {
    let spec = BoardSpec::Add {
        base: Box::new(BoardSpec::Remove {
            base: Box::new(BoardSpec::Square(7)),
            vertices: vec![
                0, 1, 2, 4, 5, 6, 7, 8, 12, 13, 14, 20, 28, 34, 35, 36, 40, 41, 42, 43, 44, 46, 47, 48,
            ],
        }),
        edges: vec![
            [0, 1],
            [0, 3],
            [3, 8],
            [1, 4],
            [4, 9],
            [8, 15],
            [9, 16],
            [15, 20],
            [16, 21],
            [20, 23],
            [21, 24],
            [23, 24],
        ],
    };
    let b = board(spec, SiteType::Vertex);
    assert_eq!(counts(&b), (25, 48, 12));
    assert_eq!(b.label(0), "D1");
    assert_eq!(b.label(9), "A4");
    assert_eq!(b.relation(1, Relation::Diagonal), &[6]);
    let mut between = Vec::new();
    assert!(b.between(0, 15, &[Relation::All.into()], |s| between.push(s)));
    assert_eq!(between, [3, 8]);
}

#[test]
fn edge_sites() {
    // (square 3) use:Edge is a 3x3-vertex grid (only use:Cell counts cells, as in Ludii's
    // Puluc: (rectangle 1 10) use:Edge has 9 edges): 12 edges, edge steps = edges sharing a vertex.
    let b = board(BoardSpec::Square(3), SiteType::Edge);
    assert_eq!(b.num_sites(), 12);
    assert_eq!(counts(&b), (9, 12, 4));
    // Edge 0 is the bottom-left horizontal edge (midpoint (0.5, 0)).
    assert_eq!(b.xy(0), (0.5, 0.0));
    let mut adj = b.relation(0, Relation::Adjacent).to_vec();
    adj.sort();
    assert_eq!(adj.len(), 3);
    // Ludii labels edges by their index.
    assert_eq!(b.label(0), "0");
}

#[test]
fn incidence_between_site_types() {
    // (square 2): 4 cells, 9 vertices (row by row from the bottom left), 12 edges
    let b = board(BoardSpec::Square(2), SiteType::Cell);
    let g = b.graph();
    let cell_vertices = g.incidence(SiteType::Cell, SiteType::Vertex);
    assert_eq!(cell_vertices[0], [0, 1, 3, 4]);
    assert_eq!(cell_vertices[3], [4, 5, 7, 8]);
    let cell_edges = g.incidence(SiteType::Cell, SiteType::Edge);
    assert!(cell_edges.iter().all(|e| e.len() == 4));
    // an edge bounds one cell on the rim, two inside; its ends are two vertices, each an
    // end of it
    let edge_cells = g.incidence(SiteType::Edge, SiteType::Cell);
    assert_eq!(edge_cells.iter().filter(|c| c.len() == 2).count(), 4);
    assert_eq!(edge_cells.iter().filter(|c| c.len() == 1).count(), 8);
    for (e, cells) in edge_cells.iter().enumerate() {
        assert!(cells.iter().all(|&c| cell_edges[c as usize].contains(&(e as u32))));
    }
    let ends = g.incidence(SiteType::Edge, SiteType::Vertex);
    let vertex_edges = g.incidence(SiteType::Vertex, SiteType::Edge);
    assert_eq!(vertex_edges[4].len(), 4);
    assert!(ends
        .iter()
        .enumerate()
        .all(|(e, v)| v.len() == 2 && v.iter().all(|&x| vertex_edges[x as usize].contains(&(e as u32)))));
    // the centre vertex is a corner of every cell
    assert_eq!(g.incidence(SiteType::Vertex, SiteType::Cell)[4], [0, 1, 2, 3]);
}

#[test]
fn distance_table_rules() {
    assert_eq!(
        distance_relation_for_game([Relation::Orthogonal, Relation::All]),
        Some(Relation::All)
    );
    assert_eq!(distance_relation_for_game([]), None);
    let b = board(BoardSpec::Hex(4), SiteType::Cell);
    let t = b.distances(Relation::Adjacent);
    // Ludii's truncated bound: sites 30, 34, 35 have m = 4, 5, 5 (true maxima 5, 6, 6).
    assert_eq!([t.max_listed(30), t.max_listed(34), t.max_listed(35)], [4, 5, 5]);
    let mut far = Vec::new();
    t.sites_at_distance(30, 5, |s| far.push(s));
    assert!(far.is_empty());
    assert_eq!(b.ahead(18, 2, Dir::N.into()), 18);
    assert_eq!(b.ahead(18, 3, Dir::NNE.into()), 36);
}

/// A table built row by row (large boards) answers as the table built at once.
#[test]
fn distance_rows_on_demand_agree() {
    let boards = [
        board(BoardSpec::Hex(4), SiteType::Cell),
        board(BoardSpec::Square(6), SiteType::Vertex),
        // two squares apart: unreachable pairs are 0
        Board::new(
            &BoardSpec::Merge(vec![
                BoardSpec::Square(3),
                BoardSpec::Shift {
                    base: Box::new(BoardSpec::Square(2)),
                    dx: 10.0,
                    dy: 0.0,
                },
            ]),
            SiteType::Vertex,
        )
        .unwrap(),
    ];
    for b in &boards {
        for rel in [Relation::Adjacent, Relation::Diagonal, Relation::All] {
            let (dense, lazy) = (DistanceTable::new(b, rel, false), DistanceTable::new(b, rel, true));
            let n = b.num_sites() as u32;
            for s in 0..n {
                assert_eq!(dense.max_listed(s), lazy.max_listed(s));
                for t in 0..n + 2 {
                    assert_eq!(dense.distance(s, t), lazy.distance(s, t), "{s} {t}");
                }
                assert_eq!(dense.count_steps(s, [0, n - 1, 3]), lazy.count_steps(s, [0, n - 1, 3]));
                // by column too: rows read from the other end, or built for it
                for t in 0..n {
                    assert_eq!(dense.distance(t, s), lazy.distance(t, s), "{t} {s}");
                }
                for k in 0..8 {
                    let (mut a, mut c) = (Vec::new(), Vec::new());
                    dense.sites_at_distance(s, k, |t| a.push(t));
                    lazy.sites_at_distance(s, k, |t| c.push(t));
                    assert_eq!(a, c);
                }
            }
        }
    }
}

/// The bit words of steps and of the first sites of radials list the same sites as the
/// lists, on every site, in every direction; boards of more than 64 sites have none.
#[test]
fn near_in_words_list_steps_and_radial_firsts() {
    let boards = [
        board(BoardSpec::Hex(4), SiteType::Cell),
        board(BoardSpec::Hex(4), SiteType::Vertex),
        board(BoardSpec::Square(8), SiteType::Cell),
    ];
    let mut nonzero = 0;
    for b in &boards {
        let n = b.num_sites() as u32;
        for s in 0..n {
            for k in 0..NUM_DIRECTION_KEYS {
                let d = Direction::from_key(k);
                let words = b.near_in_words(s, d);
                if n > 64 {
                    assert_eq!(words, None);
                    continue;
                }
                let [steps, firsts] = words.unwrap();
                let word = |sites: Vec<u32>| sites.into_iter().fold(0u64, |w, t| w | 1 << t);
                assert_eq!(steps, word(b.steps_in(s, d).to_vec()), "site {s} {d:?}");
                assert_eq!(
                    firsts,
                    word(b.radials(s, d).filter_map(|r| r.get(1).copied()).collect()),
                    "site {s} {d:?}"
                );
                nonzero += (steps != 0) as usize;
            }
        }
    }
    assert!(nonzero > 100);
}

/// `(tri n)`: a triangle of the triangular lattice, n vertices a side with `use:Vertex`
/// (n cells a side otherwise), bottom row first (Los Palos's `(tri 1)` agrees with its
/// Ludii header).
#[test]
fn tri_triangle() {
    for (n, ty, c) in [
        (5, SiteType::Vertex, (15, 30, 16)),
        (3, SiteType::Cell, (10, 18, 9)),
        (1, SiteType::Cell, (3, 3, 1)),
    ] {
        assert_eq!(counts(&board(BoardSpec::TriTriangle(n), ty)), c);
    }
    let b = board(BoardSpec::TriTriangle(5), SiteType::Vertex);
    assert_eq!(
        [b.xy(0), b.xy(4), b.xy(5), b.xy(14)],
        [(0.0, 0.0), (4.0, 0.0), (0.5, b.xy(5).1), (2.0, b.xy(14).1)]
    );
    assert!((b.xy(14).1 - 4.0 * 3f64.sqrt() / 2.0).abs() < 1e-6);
    let labels: Vec<&str> = [0, 4, 5, 9, 14].map(|s| b.label(s)).to_vec();
    assert_eq!(labels, ["A1", "E1", "B2", "C3", "E5"]);
    let mut e = b.relation(6, Relation::Orthogonal).to_vec();
    e.sort();
    assert_eq!(e, [1, 2, 5, 7, 9, 10]);
}

/// Mancala boards against Ludii's trace headers: FairKalah (2×6, stores), Kara (2×3,
/// stores: its rows are measured apart from the stores' row) and Hawalis (4×7, no stores).
#[test]
fn mancala_boards_match_ludii_headers() {
    let check = |b: &Board, sites: &[(u32, &str, f64, f64)]| {
        for &(i, label, x, y) in sites {
            let (bx, by) = b.xy(i);
            assert_eq!(b.label(i), label, "site {i}");
            assert!((bx - x).abs() < 1e-4 && (by - y).abs() < 1e-4, "site {i}: ({bx}, {by})");
        }
    };
    let mancala = |rows, columns, stores| board(BoardSpec::Mancala { rows, columns, stores }, SiteType::Vertex);
    let b = mancala(2, 6, true);
    assert_eq!(b.num_sites(), 14);
    check(
        &b,
        &[
            (0, "A1", -0.85, 0.5),
            (1, "B1", 0.0, 0.0),
            (6, "G1", 5.0, 0.0),
            (7, "B2", 0.0, 1.0),
            (12, "G2", 5.0, 1.0),
            (13, "H1", 5.85, 0.5),
        ],
    );
    // each store is next to both end holes of the rows
    assert_eq!(b.relation(0, Relation::Adjacent).len(), 2);
    let b = mancala(2, 3, true);
    assert_eq!(b.num_sites(), 8);
    check(
        &b,
        &[
            (0, "A2", -0.85, 0.5),
            (1, "B1", 0.0, 0.0),
            (4, "B3", 0.0, 1.0),
            (7, "E2", 2.85, 0.5),
        ],
    );
    let b = mancala(4, 7, false);
    assert_eq!(b.num_sites(), 28);
    check(
        &b,
        &[
            (0, "A1", 0.0, 0.0),
            (1, "B1", 1.0, 0.0),
            (14, "A3", 0.0, 2.0),
            (27, "G4", 6.0, 3.0),
        ],
    );
}

/// Repeated sites fold into bumps (no internal loop is then looked for); `End` leaves the
/// current site as it was; a direction the board lacks and a step from a site off the board
/// are refused.
#[test]
fn track_bumps_and_errors() {
    let b = board(BoardSpec::Rectangle(2, 3), SiteType::Vertex);
    let spec = |path| TrackSpec {
        name: "T".into(),
        owner: 0,
        looped: false,
        directed: false,
        path,
    };
    let t = b.track(&spec(TrackPath::Sites(vec![0, 0, 1, 2, 2, 2, 0]))).unwrap();
    assert_eq!(
        (t.sites, t.bumps, t.internal_loop),
        (vec![0, 1, 2, 0], vec![1, 0, 2, 0], false)
    );
    let t = b.track(&spec(TrackPath::Steps("0,E,N,W".into()))).unwrap();
    assert_eq!((t.sites, t.internal_loop), (vec![0, 1, 2, 5, 4, 3], false));
    let t = b.track(&spec(TrackPath::Steps("0,E1,End,N,W,".into()))).unwrap();
    assert_eq!(t.sites, vec![0, 1, TRACK_END, 4, 3]);
    assert!(matches!(
        b.track(&spec(TrackPath::Steps("0,NNE".into()))),
        Err(TrackError::BadDirection { .. })
    ));
    assert!(matches!(
        b.track(&spec(TrackPath::Steps("0,,E".into()))),
        Err(TrackError::BadDirection { .. })
    ));
    assert!(matches!(
        b.track(&spec(TrackPath::Steps("0,E,99,E".into()))),
        Err(TrackError::NoSite { .. })
    ));
}

/// Ludii's sides (`sites Side d`): on a square, the four rows and columns at the edge (a
/// corner on two sides); on a hex diamond, the four edges of the rhombus, each of n cells,
/// named by the direction from the centre to the middle of the edge (NE, NW, SW, SE), and
/// the tips.
#[test]
fn sides_of_the_board() {
    let b = board(BoardSpec::Square(4), SiteType::Cell);
    let side = |b: &Board, d: Dir| b.side(d).collect::<Vec<u32>>();
    assert_eq!(side(&b, Dir::S), vec![0, 1, 2, 3]);
    assert_eq!(side(&b, Dir::N), vec![12, 13, 14, 15]);
    assert_eq!(side(&b, Dir::W), vec![0, 4, 8, 12]);
    assert_eq!(side(&b, Dir::E), vec![3, 7, 11, 15]);
    assert!(side(&b, Dir::NE).is_empty());
    let v = board(BoardSpec::Square(4), SiteType::Vertex);
    assert_eq!(side(&v, Dir::S), vec![0, 1, 2, 3]);
    let h = board(BoardSpec::HexDiamond { size: 5, prism: None }, SiteType::Cell);
    for d in [Dir::NE, Dir::NW, Dir::SW, Dir::SE] {
        assert_eq!(side(&h, d).len(), 5, "{d:?}");
    }
    // the pointed tips are runs of their own, from corner to corner vertex: N and S
    assert_eq!((side(&h, Dir::N), side(&h, Dir::S)), (vec![24], vec![0]));
    assert!(side(&h, Dir::E).is_empty() && side(&h, Dir::W).is_empty());
    // A1, the bottom cell, ends the two lower edges
    assert!(side(&h, Dir::SW).contains(&0) && side(&h, Dir::SE).contains(&0));
}

/// A circular board's directions (`(concentric {1 6 6 6}) use:Vertex`): the centre's steps
/// all go `Out`; a ring vertex steps `In` to the ring inside, `Out` to the one outside, and
/// along its ring `CW` one way and `CCW` the other; `Rotational` radials run along the
/// spokes (through the centre to the far side) and around the rings, none the start of
/// another. A board without pivots has none of them.
#[test]
fn circular_directions_turn_about_the_pivot() {
    let b = board(
        BoardSpec::ConcentricCircle {
            counts: vec![1, 6, 6, 6],
            stagger: false,
        },
        SiteType::Vertex,
    );
    let at = |x: f64, y: f64| {
        (0..b.num_sites() as u32)
            .find(|&s| (b.xy(s).0 - x).abs() < 1e-6 && (b.xy(s).1 - y).abs() < 1e-6)
            .unwrap()
    };
    let circ = |s, c| {
        let mut v = b.steps_in(s, Direction::Circular(c)).to_vec();
        v.sort();
        v
    };
    let centre = at(0.0, 0.0);
    let mut ring1: Vec<u32> = b.relation(centre, Relation::Adjacent).to_vec();
    ring1.sort();
    assert_eq!(ring1.len(), 6);
    assert_eq!(circ(centre, Circ::Out), ring1);
    assert!(circ(centre, Circ::In).is_empty() && circ(centre, Circ::CW).is_empty());
    // the top of the second ring
    let top2 = at(0.0, 2.0);
    assert_eq!(circ(top2, Circ::In), vec![at(0.0, 1.0)]);
    assert_eq!(circ(top2, Circ::Out), vec![at(0.0, 3.0)]);
    let (cw, ccw) = (circ(top2, Circ::CW), circ(top2, Circ::CCW));
    assert_eq!((cw.len(), ccw.len()), (1, 1));
    assert!(cw[0] != ccw[0] && (b.xy(cw[0]).1 - b.xy(ccw[0]).1).abs() < 1e-6);
    let mut rot = [cw, ccw, circ(top2, Circ::In), circ(top2, Circ::Out)].concat();
    rot.sort();
    assert_eq!(circ(top2, Circ::Rotational), rot);
    // radials: the one inwards runs on through the centre to the far side of the board
    let radials: Vec<Vec<u32>> = b
        .radials(top2, Direction::Circular(Circ::Rotational))
        .map(|r| r.to_vec())
        .collect();
    let inwards = [top2, at(0.0, 1.0), centre, at(0.0, -1.0), at(0.0, -2.0), at(0.0, -3.0)];
    assert!(radials.iter().any(|r| r[..] == inwards), "{radials:?}");
    assert!(radials
        .iter()
        .any(|r| r.len() == 6 && r.iter().all(|&s| (b.xy(s).0.hypot(b.xy(s).1) - 2.0).abs() < 1e-6)));
    for (i, r) in radials.iter().enumerate() {
        assert!(
            !radials.iter().enumerate().any(|(j, o)| i != j && o.starts_with(r)),
            "{r:?} starts another"
        );
    }
    let square = board(BoardSpec::Square(3), SiteType::Vertex);
    assert!((0..9).all(|s| square.steps_in(s, Direction::Circular(Circ::Rotational)).is_empty()));
}
/// Sites' colours (`(sites Phase k)`, `(phase of:s)`) as Ludii 1.3.13 colours these boards
/// (`MeasureGraph.measurePhase`, each cell's neighbours across its sides in Ludii's order):
/// on hex cells, three colours whose placement depends on that order.
#[test]
fn phases_colour_as_ludii_does() {
    for (spec, ludii) in [
        (BoardSpec::Hex(4), "0120120122012010120120201201120120120"),
        (BoardSpec::Hex(5), "0120112012020120120120120112012012001201201201201212012001201"),
        (
            BoardSpec::Hex(7),
            "0120120120120122012012010120120120120120120122012012012010120120120120201201201201120120120120120120120201201201120120120120120",
        ),
        (BoardSpec::HexDiamond { size: 5, prism: None }, "0112220000111112222000112"),
        (BoardSpec::HexTriangle(5), "021021021210021"),
    ] {
        let b = board(spec.clone(), SiteType::Cell);
        let ours: String = (0..b.num_sites() as u32).map(|i| char::from(b'0' + b.phase(i))).collect();
        assert_eq!(ours, ludii, "{spec:?}");
    }
}

/// A circular board's cells turn about the pivot too (Ludii gives a cell its first
/// vertex's pivot), and keep it once a cell is removed (Los Escaques' board: the centre
/// removed from `(concentric {0 12 24 36 48 60 72 84})`). Figures read from Ludii 1.3.13's
/// topology: the first ring's cells step `Out` to the two of the second beside them, and
/// no longer `In`; the second ring's first cell steps `In` to the first ring's.
#[test]
fn circular_directions_of_cells_follow_their_vertices_pivot() {
    let b = board(
        BoardSpec::RemoveElements {
            base: Box::new(BoardSpec::ConcentricCircle {
                counts: vec![0, 12, 24, 36, 48, 60, 72, 84],
                stagger: false,
            }),
            removals: vec![Removal::CellIndices(vec![1])],
            trim_edges: true,
        },
        SiteType::Cell,
    );
    assert_eq!(b.num_sites(), 336);
    let circ = |s, c| b.steps_in(s, Direction::Circular(c)).to_vec();
    assert_eq!(circ(0, Circ::Out), [14, 12]);
    assert!(circ(0, Circ::In).is_empty());
    assert_eq!(circ(1, Circ::Out), [13, 35]);
    assert_eq!(circ(13, Circ::In), [1]);
    assert_eq!(circ(13, Circ::Out), [37, 71]);
    assert_eq!(circ(13, Circ::Rotational), [1, 37, 71]);
}

/// A board in layers (`(square 4 pyramidal:True) use:Vertex`): a step to the layer above or
/// below is named by its direction between layers (`UNE`: up and north-east) and by no
/// compass name, as Ludii's; steps on one layer keep theirs.
#[test]
fn steps_between_layers_have_directions_of_their_own() {
    let b = board(BoardSpec::SquarePyramidal(4), SiteType::Vertex);
    let at = |x: f64, y: f64, layer: &str| {
        (0..b.num_sites() as u32)
            .find(|&s| (b.xy(s).0 - x).abs() < 1e-6 && (b.xy(s).1 - y).abs() < 1e-6 && b.label(s).ends_with(layer))
            .unwrap()
    };
    let (low, high) = (at(0.0, 0.0, "/0"), at(0.5, 0.5, "/1"));
    assert_eq!(b.steps_in(low, Direction::Layer(Lay::UNE)), [high]);
    assert_eq!(b.steps_in(high, Direction::Layer(Lay::DSW)), [low]);
    assert!(!b.steps(low, Dir::NE).contains(&high));
    assert_eq!(b.steps(low, Dir::N), [at(0.0, 1.0, "/0")]);
    assert!(b.steps_in(low, Direction::Layer(Lay::DSW)).is_empty());
}
