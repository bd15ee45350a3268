//! Rough timings of board construction and hot-path queries.
//! Run with `cargo test --release --test board_perf -- --ignored --nocapture`.

use std::hint::black_box;
use std::time::Instant;

use ludeme::engine::board::{Board, BoardSpec, Dir, Direction, LineOfSight, Relation, SiteType, Walk};

fn time<R>(label: &str, iters: u32, mut f: impl FnMut() -> R) {
    let t = Instant::now();
    for _ in 0..iters {
        black_box(f());
    }
    println!(
        "{label:<48} {:>10.1} ns/iter",
        t.elapsed().as_nanos() as f64 / iters as f64
    );
}

#[test]
#[ignore]
fn board_perf() {
    for (name, spec, ty) in [
        ("hex 5 (cells)", BoardSpec::Hex(5), SiteType::Cell),
        (
            "hex {6 8 6 8 6} (cells)",
            BoardSpec::HexSides(vec![6, 8, 6, 8, 6]),
            SiteType::Cell,
        ),
        (
            "tri {7 8 7 10 6} (vertices)",
            BoardSpec::TriSides(vec![7, 8, 7, 10, 6]),
            SiteType::Vertex,
        ),
        ("square 19 (cells)", BoardSpec::Square(19), SiteType::Cell),
        ("hex 19 (cells)", BoardSpec::Hex(19), SiteType::Cell),
    ] {
        let t = Instant::now();
        let b = Board::new(&spec, ty).unwrap();
        println!(
            "{name:<32} build {:>8.2} ms, {} sites",
            t.elapsed().as_secs_f64() * 1e3,
            b.num_sites()
        );
        let n = b.num_sites() as u32;
        let occupied: Vec<bool> = (0..n).map(|i| i % 3 == 0).collect();
        let iters = 2000;
        time("  relation(Adjacent) sum over all sites", iters, || {
            (0..n).map(|s| b.relation(s, Relation::Adjacent).len()).sum::<usize>()
        });
        time("  step(E) over all sites", iters, || {
            (0..n).filter_map(|s| b.step(s, Dir::E)).count()
        });
        time("  line_of_sight Empty Adjacent, all sites", iters, || {
            let mut c = 0u32;
            for s in 0..n {
                b.line_of_sight(
                    s,
                    LineOfSight::Empty,
                    &[Direction::Rel(Relation::Adjacent)],
                    |t| occupied[t as usize],
                    |_| c += 1,
                );
            }
            c
        });
        time("  sites_direction All (stop at occupied), all sites", iters, || {
            let mut c = 0u32;
            for s in 0..n {
                b.sites_direction(
                    s,
                    &[Relation::All.into()],
                    Walk::default(),
                    |t| occupied[t as usize],
                    |_| true,
                    |_| c += 1,
                );
            }
            c
        });
        let t = Instant::now();
        let d = b.distances(Relation::Adjacent);
        println!("  distance table build {:>8.2} ms", t.elapsed().as_secs_f64() * 1e3);
        time("  count_steps to centre, all sites", iters, || {
            (0..n).map(|s| d.count_steps(s, b.centre_point())).sum::<u32>()
        });
    }
}
