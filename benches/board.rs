//! Board construction and the board's hot-path queries (relations, steps, lines of sight,
//! direction walks, distances), on hex, triangular and square boards.
//!
//! `cargo bench --bench board`.

use criterion::{criterion_group, criterion_main, Criterion};
use ludeme::board::{Board, BoardSpec, Dir, Direction, LineOfSight, Relation, SiteType, Walk};
use std::hint::black_box;

fn boards() -> Vec<(&'static str, BoardSpec, SiteType)> {
    vec![
        ("hex 5 cells", BoardSpec::Hex(5), SiteType::Cell),
        (
            "hex 6-8 cells",
            BoardSpec::HexSides(vec![6, 8, 6, 8, 6]),
            SiteType::Cell,
        ),
        (
            "tri 7-8-7-10-6 vertices",
            BoardSpec::TriSides(vec![7, 8, 7, 10, 6]),
            SiteType::Vertex,
        ),
        ("square 19 cells", BoardSpec::Square(19), SiteType::Cell),
        ("hex 19 cells", BoardSpec::Hex(19), SiteType::Cell),
    ]
}

fn board(c: &mut Criterion) {
    for (name, spec, ty) in boards() {
        let mut g = c.benchmark_group(name);
        g.bench_function("build", |bn| bn.iter(|| Board::new(black_box(&spec), ty).unwrap()));
        let b = Board::new(&spec, ty).unwrap();
        let n = b.num_sites() as u32;
        let occupied: Vec<bool> = (0..n).map(|i| i % 3 == 0).collect();
        g.bench_function("relation Adjacent, all sites", |bn| {
            bn.iter(|| (0..n).map(|s| b.relation(s, Relation::Adjacent).len()).sum::<usize>())
        });
        g.bench_function("step E, all sites", |bn| {
            bn.iter(|| (0..n).filter_map(|s| b.step(s, Dir::E)).count())
        });
        g.bench_function("line of sight Empty, all sites", |bn| {
            bn.iter(|| {
                let mut k = 0u32;
                for s in 0..n {
                    b.line_of_sight(
                        s,
                        LineOfSight::Empty,
                        &[Direction::Rel(Relation::Adjacent)],
                        |t| occupied[t as usize],
                        |_| k += 1,
                    );
                }
                k
            })
        });
        g.bench_function("sites Direction All to an occupied site, all sites", |bn| {
            bn.iter(|| {
                let mut k = 0u32;
                for s in 0..n {
                    b.sites_direction(
                        s,
                        &[Relation::All.into()],
                        Walk::default(),
                        |t| occupied[t as usize],
                        |_| true,
                        |_| k += 1,
                    );
                }
                k
            })
        });
        let d = b.distances(Relation::Adjacent);
        g.bench_function("count steps to the centre, all sites", |bn| {
            bn.iter(|| (0..n).map(|s| d.count_steps(s, b.centre_point())).sum::<u32>())
        });
        g.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = board
}
criterion_main!(benches);
