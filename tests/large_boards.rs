//! Large boards: `(square 300)` (90,000 cells) loads and plays, with Ludii's numbering and
//! neighbours; a board over the size limit is refused before it is built, naming the limit.
//! (How fast boards build is measured by `benches/boards.rs`: no test asserts a time.)

use ludeme::board::{BoardError, Dir, Direction, Relation, MAX_BOARD_GRAPH};
use ludeme::engine::Game;
use ludeme::load::LoadError;

fn game(board: &str) -> String {
    format!(
        "(game \"G\" (players 2) (equipment {{(board {board}) (piece \"Disc\" Each)}}) \
         (rules (play (move Add (to (sites Empty)))) (end (if (no Moves Next) (result Mover Draw)))))"
    )
}

#[test]
fn square_300_loads_and_plays() {
    let g = Game::load("square 300", &game("(square 300)"), &Default::default()).expect("(square 300) loads");
    assert_eq!(g.num_sites(), 90_000);
    let b = g.board();
    let c = b.graph_counts();
    assert_eq!((c.vertices, c.edges, c.cells), (301 * 301, 2 * 300 * 301, 90_000));
    // the cell centred at (x, y)
    let at = |x: f64, y: f64| {
        (0..90_000u32)
            .find(|&s| b.xy(s) == (x, y))
            .unwrap_or_else(|| panic!("no cell at ({x}, {y})"))
    };
    let xy_of = |sites: &[u32]| sites.iter().map(|&s| b.xy(s)).collect::<Vec<_>>();
    // Ludii's order: ascending y * 100 + x (so from x = 100 on, a row's cells come among
    // the next rows'; equal keys keep the order the cells were traced in)
    assert_eq!(
        [b.xy(0), b.xy(99), b.xy(89_999)],
        [(0.5, 0.5), (99.5, 0.5), (299.5, 299.5)]
    );
    assert!((1..90_000).all(|s| {
        let key = |s: u32| b.xy(s).1 * 100.0 + b.xy(s).0;
        key(s - 1) <= key(s)
    }));
    let corner = at(0.5, 0.5);
    assert_eq!((b.label(corner), b.label(89_999)), ("A1", "KN300"));
    // neighbours clockwise from North
    assert_eq!(
        xy_of(b.relation(corner, Relation::Orthogonal)),
        [(0.5, 1.5), (1.5, 0.5)]
    );
    let centre = at(150.5, 150.5);
    assert_eq!(
        xy_of(b.relation(centre, Relation::All)),
        [
            (150.5, 151.5),
            (151.5, 151.5),
            (151.5, 150.5),
            (151.5, 149.5),
            (150.5, 149.5),
            (149.5, 149.5),
            (149.5, 150.5),
            (149.5, 151.5)
        ]
    );
    assert_eq!(b.step(centre, Dir::N), Some(at(150.5, 151.5)));
    // radials run to the edge: the whole row east of the corner, 150 cells north of the centre
    let east: Vec<&[u32]> = b.radials(corner, Direction::Compass(Dir::E)).collect();
    assert_eq!(east.len(), 1);
    assert_eq!(east[0].len(), 300);
    assert!(east[0]
        .iter()
        .enumerate()
        .all(|(k, &s)| b.xy(s) == (0.5 + k as f64, 0.5)));
    let north: Vec<&[u32]> = b.radials(centre, Direction::Rel(Relation::Orthogonal)).collect();
    assert_eq!(north[0].len(), 150);
    assert_eq!(b.ahead(centre, 149, Dir::N.into()), at(150.5, 299.5));
    // a few moves
    let mut s = g.initial_state();
    for k in 0..5 {
        let moves = g.legal_moves(&s);
        assert_eq!(moves.len(), 90_000 - k);
        g.apply(&mut s, &moves[(k * 7919) % moves.len()]);
    }
    assert!(s.is_consistent());
}

#[test]
fn over_the_limit_is_refused_naming_it() {
    // (square 400): 401 × 401 vertices and 2 × 400 × 401 edges
    match Game::load("square 400", &game("(square 400)"), &Default::default()) {
        Err(LoadError::Board(BoardError::TooLarge { size, limit })) => {
            assert_eq!((size, limit), (401 * 401 + 2 * 400 * 401, MAX_BOARD_GRAPH));
        }
        Err(e) => panic!("another error: {e}"),
        Ok(_) => panic!("(square 400) loaded"),
    }
    for board in [
        "(hex 200)",
        "(tri 500)",
        "(merge {(square 300) (shift 300 0 (square 250))})",
    ] {
        let e = Game::load_board(board, &game(board), &Default::default()).err();
        let text = e.as_ref().map(|e| e.to_string()).unwrap_or_default();
        assert!(
            matches!(e, Some(LoadError::Board(BoardError::TooLarge { .. }))) && text.contains("MAX_BOARD_GRAPH"),
            "{board}: {text}"
        );
    }
    // just under the limit
    assert!(Game::load_board("(hex 160)", &game("(hex 160)"), &Default::default()).is_ok());
}
