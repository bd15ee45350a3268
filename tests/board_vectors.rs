//! Data-driven check of the board module against Ludii 1.3.13 test vectors
//! (`shared/docs/board-vectors/*.json`, schema in `ludii-boards.md` §12).

use std::collections::BTreeSet;

use ludeme::board::{Board, BoardSpec, Dir, Direction, LineOfSight, Relation, SiteType, Walk};
use serde_json::Value;

const VECTORS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/docs/board-vectors");

// --- A tiny reader for the `board` field ---------------------------------------------

#[derive(Debug)]
enum Sx {
    Atom(String),
    List(Vec<Sx>),
    Set(Vec<Sx>),
    Named(String, Box<Sx>),
}

fn parse_sx(tokens: &[String], pos: &mut usize) -> Sx {
    let t = tokens[*pos].clone();
    *pos += 1;
    match t.as_str() {
        "(" | "{" => {
            let close = if t == "(" { ")" } else { "}" };
            let mut items = Vec::new();
            while tokens[*pos] != close {
                items.push(parse_sx(tokens, pos));
            }
            *pos += 1;
            if t == "(" {
                Sx::List(items)
            } else {
                Sx::Set(items)
            }
        }
        _ if t.ends_with(':') => Sx::Named(t.trim_end_matches(':').to_string(), Box::new(parse_sx(tokens, pos))),
        _ => Sx::Atom(t),
    }
}

fn tokenize(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    for ch in s.chars() {
        if "(){}".contains(ch) || ch.is_whitespace() {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
            if !ch.is_whitespace() {
                out.push(ch.to_string());
            }
        } else {
            cur.push(ch);
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn ints(sx: &Sx) -> Vec<i32> {
    match sx {
        Sx::Set(v) => v
            .iter()
            .map(|a| {
                if let Sx::Atom(a) = a {
                    a.parse().unwrap()
                } else {
                    panic!()
                }
            })
            .collect(),
        _ => panic!("expected a set"),
    }
}

fn spec_of(sx: &Sx) -> BoardSpec {
    let Sx::List(items) = sx else {
        panic!("expected a list: {sx:?}")
    };
    let Sx::Atom(head) = &items[0] else { panic!() };
    let atom = |i: usize| {
        if let Sx::Atom(a) = &items[i] {
            a.clone()
        } else {
            String::new()
        }
    };
    let named = |n: &str| {
        items
            .iter()
            .find_map(|i| {
                if let Sx::Named(k, v) = i {
                    (k == n).then_some(&**v)
                } else {
                    None
                }
            })
            .unwrap()
    };
    match head.as_str() {
        "hex" => match &items[1] {
            Sx::Set(_) => BoardSpec::HexSides(ints(&items[1])),
            _ => BoardSpec::Hex(atom(1).parse().unwrap()),
        },
        "tri" => match &items[1] {
            Sx::Set(_) => BoardSpec::TriSides(ints(&items[1])),
            Sx::Atom(a) if a == "Hexagon" => BoardSpec::TriHexagon(atom(2).parse().unwrap()),
            _ => panic!("unsupported tri"),
        },
        "square" => BoardSpec::Square(atom(1).parse().unwrap()),
        "remove" => BoardSpec::Remove {
            base: Box::new(spec_of(&items[1])),
            vertices: ints(named("vertices")).into_iter().map(|v| v as u32).collect(),
        },
        "add" => {
            let Sx::Set(pairs) = named("edges") else { panic!() };
            BoardSpec::Add {
                base: Box::new(spec_of(&items[1])),
                edges: pairs
                    .iter()
                    .map(|p| {
                        let v = ints(p);
                        [v[0] as u32, v[1] as u32]
                    })
                    .collect(),
            }
        }
        h => panic!("unsupported generator {h}"),
    }
}

// --- Checking -----------------------------------------------------------------------

struct Checker {
    checks: usize,
    failures: Vec<String>,
}

impl Checker {
    fn eq<T: PartialEq + std::fmt::Debug>(&mut self, what: impl FnOnce() -> String, got: T, want: T) {
        self.checks += 1;
        if got != want {
            self.failures
                .push(format!("{}: got {:?}, want {:?}", what(), got, want));
        }
    }
}

fn u32s(v: &Value) -> Vec<u32> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap() as u32)
        .collect()
}

fn set(v: &Value) -> BTreeSet<u32> {
    u32s(v).into_iter().collect()
}

fn collect(f: impl FnOnce(&mut dyn FnMut(u32))) -> BTreeSet<u32> {
    let mut s = BTreeSet::new();
    f(&mut |x| {
        s.insert(x);
    });
    s
}

fn check_file(path: &std::path::Path) -> (usize, Vec<String>) {
    let v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let spec = spec_of(&parse_sx(&tokenize(v["board"].as_str().unwrap()), &mut 0));
    let ty = match v["use"].as_str().unwrap() {
        "Cell" => SiteType::Cell,
        "Vertex" => SiteType::Vertex,
        _ => SiteType::Edge,
    };
    let b = Board::new(&spec, ty).unwrap();
    let mut c = Checker {
        checks: 0,
        failures: Vec::new(),
    };
    let n = v["numSites"].as_u64().unwrap() as usize;
    c.eq(|| "numSites".into(), b.num_sites(), n);
    if b.num_sites() != n {
        return (c.checks, c.failures);
    }
    let gc = b.graph_counts();
    for (k, got) in [("vertices", gc.vertices), ("edges", gc.edges), ("cells", gc.cells)] {
        c.eq(
            || format!("graphCounts.{k}"),
            got as u64,
            v["graphCounts"][k].as_u64().unwrap(),
        );
    }
    for r in Relation::ALL {
        let want: Vec<String> = v["supportedDirections"][r.name()]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_str().unwrap().to_string())
            .collect();
        let got: Vec<String> = b.supported_directions(r).map(|d| d.name().to_string()).collect();
        c.eq(|| format!("supportedDirections.{}", r.name()), got, want);
    }
    c.eq(|| "centre".into(), b.centre().to_vec(), u32s(&v["centre"]));
    c.eq(
        || "centrePoint".into(),
        b.centre_point(),
        Some(v["centrePoint"].as_u64().unwrap() as u32),
    );
    c.eq(|| "corners".into(), b.corners().to_vec(), u32s(&v["corners"]));
    c.eq(|| "perimeter".into(), b.perimeter().to_vec(), u32s(&v["perimeter"]));

    for s in v["sites"].as_array().unwrap() {
        let i = s["index"].as_u64().unwrap() as u32;
        c.eq(|| format!("{i}.label"), b.label(i), s["label"].as_str().unwrap());
        c.eq(|| format!("{i}.row"), b.row(i) as u64, s["row"].as_u64().unwrap());
        c.eq(|| format!("{i}.col"), b.col(i) as u64, s["col"].as_u64().unwrap());
        let (x, y) = b.xy(i);
        let (wx, wy) = (s["x"].as_f64().unwrap(), s["y"].as_f64().unwrap());
        c.eq(
            || format!("{i}.xy ({x},{y}) vs ({wx},{wy})"),
            (x - wx).abs() < 1e-6 && (y - wy).abs() < 1e-6,
            true,
        );
        for d in Dir::ALL {
            let want = match s["neighbours"].get(d.name()) {
                None => vec![],
                Some(Value::Array(_)) => u32s(&s["neighbours"][d.name()]),
                Some(x) => vec![x.as_u64().unwrap() as u32],
            };
            c.eq(|| format!("{i}.neighbours.{}", d.name()), b.steps(i, d).to_vec(), want);
        }
        for (key, r) in [
            ("orthogonal", Relation::Orthogonal),
            ("diagonal", Relation::Diagonal),
            ("off", Relation::OffDiagonal),
            ("adjacent", Relation::Adjacent),
            ("all", Relation::All),
        ] {
            c.eq(|| format!("{i}.{key}"), b.relation(i, r).to_vec(), u32s(&s[key]));
        }
        let radials = s["radials"].as_object().unwrap();
        for k in 0..ludeme::board::NUM_DIRECTION_KEYS {
            let d = Direction::from_key(k);
            let name = match d {
                Direction::Compass(x) => x.name(),
                Direction::Rel(r) => r.name(),
                Direction::Circular(c) => c.name(),
                Direction::Layer(l) => l.name(),
                Direction::Relative(_) | Direction::Dynamic(_) => unreachable!("keys are absolute directions"),
            };
            let want: Vec<Vec<u32>> = match radials.get(name) {
                Some(list) => list.as_array().unwrap().iter().map(u32s).collect(),
                None if name == "OffDiagonal" => continue, // not exported
                None => vec![],
            };
            let got: Vec<Vec<u32>> = b.radials(i, d).map(|r| r[1..].to_vec()).collect();
            c.eq(|| format!("{i}.radials.{name}"), got, want);
        }
    }

    // Distances.
    let stc = &v["stepsToCentre"];
    let rel = Relation::from_name(stc["relation"].as_str().unwrap()).unwrap();
    let cp = v["centrePoint"].as_u64().unwrap() as u32;
    for (i, want) in stc["values"].as_array().unwrap().iter().enumerate() {
        let got = b.distances(rel).count_steps(i as u32, [cp]);
        c.eq(|| format!("{i}.stepsToCentre"), got as u64, want.as_u64().unwrap());
    }
    for (rname, table) in v["distances"].as_object().unwrap() {
        let t = b.distances(Relation::from_name(rname).unwrap());
        for (a, row) in table.as_array().unwrap().iter().enumerate() {
            let got: Vec<u32> = (0..n as u32).map(|x| t.distance(a as u32, x)).collect();
            c.eq(|| format!("{a}.distances.{rname}"), got, u32s(row));
        }
        for (a, m) in v["sitesAtDistanceMax"][rname].as_array().unwrap().iter().enumerate() {
            c.eq(
                || format!("{a}.sitesAtDistanceMax.{rname}"),
                t.max_listed(a as u32) as u64,
                m.as_u64().unwrap(),
            );
        }
        for (a, want) in v["sitesDistanceExact2"][rname].as_array().unwrap().iter().enumerate() {
            let got = collect(|e| t.sites_at_distance(a as u32, 2, e));
            c.eq(|| format!("{a}.sitesDistanceExact2.{rname}"), got, set(want));
        }
    }

    // Queries.
    let q = &v["queries"];
    let occupied: BTreeSet<u32> = set(&q["losOccupied"]);
    for (key, value) in q.as_object().unwrap() {
        let by_site = |f: &mut dyn FnMut(u32, &Value, &mut Checker), c: &mut Checker| {
            for (i, want) in value.as_array().unwrap().iter().enumerate() {
                f(i as u32, want, c);
            }
        };
        if let Some(rel) = key.strip_prefix("around") {
            let d = Direction::from_name(rel).unwrap();
            by_site(
                &mut |i, want, c| {
                    c.eq(
                        || format!("{i}.{key}"),
                        collect(|e| b.sites_around(i, d, 1, e)),
                        set(want),
                    )
                },
                &mut c,
            );
        } else if let Some(rel) = key.strip_prefix("directionDistance1") {
            let d = [Direction::from_name(rel).unwrap()];
            by_site(
                &mut |i, want, c| {
                    let got = collect(|e| {
                        b.sites_direction(
                            i,
                            &d,
                            Walk {
                                included: false,
                                distance: 1,
                            },
                            |_| false,
                            |_| false,
                            e,
                        )
                    });
                    c.eq(|| format!("{i}.{key}"), got, set(want))
                },
                &mut c,
            );
        } else if let Some(rest) = key.strip_prefix("lineOfSight") {
            let (kind, rel) = if let Some(r) = rest.strip_prefix("Piece") {
                (LineOfSight::Piece, r)
            } else if let Some(r) = rest.strip_prefix("Empty") {
                (LineOfSight::Empty, r)
            } else {
                (LineOfSight::Farthest, rest.strip_prefix("Farthest").unwrap())
            };
            let d = [Direction::from_name(rel).unwrap()];
            by_site(
                &mut |i, want, c| {
                    let got = collect(|e| b.line_of_sight(i, kind, &d, |t| occupied.contains(&t), e));
                    c.eq(|| format!("{i}.{key}"), got, set(want))
                },
                &mut c,
            );
        } else if key == "ahead" {
            by_site(
                &mut |i, want, c| {
                    for (dname, steps) in want.as_object().unwrap() {
                        let d = Direction::from_name(dname).unwrap();
                        let got: Vec<u32> = (0..steps.as_array().unwrap().len()).map(|k| b.ahead(i, k, d)).collect();
                        c.eq(|| format!("{i}.ahead.{dname}"), got, u32s(steps));
                    }
                },
                &mut c,
            );
        } else if let Some(rel) = key.strip_prefix("between") {
            let d = [Direction::from_name(rel).unwrap()];
            let mut expected = std::collections::BTreeMap::new();
            for triple in value.as_array().unwrap() {
                let t = triple.as_array().unwrap();
                expected.insert(
                    (t[0].as_u64().unwrap() as u32, t[1].as_u64().unwrap() as u32),
                    set(&t[2]),
                );
            }
            for a in 0..n as u32 {
                for z in 0..n as u32 {
                    let got = collect(|e| {
                        b.between(a, z, &d, e);
                    });
                    let want = expected.get(&(a, z)).cloned().unwrap_or_default();
                    c.eq(|| format!("{key}({a},{z})"), got, want);
                }
            }
        } else if key != "losOccupied" {
            c.failures.push(format!("unknown query {key}"));
        }
    }
    (c.checks, c.failures)
}

#[test]
fn board_vectors() {
    let mut files: Vec<_> = std::fs::read_dir(VECTORS)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty());
    let (mut total, mut failed) = (0, 0);
    for f in &files {
        let (checks, failures) = check_file(f);
        println!(
            "{:<32} {:>7} checks {:>5} failures",
            f.file_name().unwrap().to_string_lossy(),
            checks,
            failures.len()
        );
        for msg in failures.iter().take(8) {
            println!("    {msg}");
        }
        total += checks;
        failed += failures.len();
    }
    println!("TOTAL {total} checks, {failed} failures");
    assert_eq!(failed, 0);
}

/// An edge added across a square (`add edges:`) cuts it in two for Ludii: the vertices it
/// joins are neighbours along it, and neither of the square's diagonals is a diagonal any
/// more (the next square keeps its own).
#[test]
fn an_added_edge_across_a_square_cuts_its_diagonals() {
    use ludeme::board::Relation;
    let load = |board: &str| {
        let text = format!(
            "(game \"G\" (players 2) (equipment {{{board} (piece \"Disc\" Each)}}) (rules (play (move Add (to (sites Empty)))) (end (if (no Moves Next) (result Mover Draw)))))"
        );
        ludeme::engine::Game::load_board("g.lud", &text, &Default::default()).unwrap()
    };
    // a square of 3x3 vertices: 0 1 2 / 3 4 5 / 6 7 8 from the bottom
    let plain = load("(board (square 3) use:Vertex)");
    assert_eq!(plain.relation(0, Relation::Diagonal), &[4]);
    assert_eq!(plain.relation(1, Relation::Diagonal).len(), 2);
    let cut = load("(board (add (square 3) edges:{{0 4}}) use:Vertex)");
    assert!(cut.relation(0, Relation::Orthogonal).contains(&4));
    assert!(
        cut.relation(0, Relation::Diagonal).is_empty(),
        "{:?}",
        cut.relation(0, Relation::Diagonal)
    );
    assert!(
        !cut.relation(1, Relation::Diagonal).contains(&3),
        "the square's other diagonal is gone"
    );
    assert!(
        cut.relation(1, Relation::Diagonal).contains(&5),
        "the next square keeps its own"
    );
}
