//! The size limit of boards: how many vertices and edges a spec's graph can have, bounded
//! from the spec alone (no graph is built), and the check made before building.
//!
//! The bounds are exact for the lattice generators (`square`, `rectangle`, `hex`, `tri`:
//! vertices counted from the lattice, corners of hex cells by their lattice position),
//! edges bounded by the lattice's degree where cells are traced from corners (three a hex
//! corner, six a triangular-lattice vertex); operators add their parts (`merge`, `add`) or
//! keep the base's bound (removals and transformations never add).
//!
//! Cells are not counted: a cell has three sides at least, so the cells traced from a
//! planar graph are fewer than its edges, and those of any graph at most twice its edges.

use super::{Addition, BoardError, BoardSpec, Diagonals, SiteType, Tiling, MAX_BOARD_GRAPH};
use std::collections::HashSet;

/// Upper bounds on the numbers of vertices and edges of a graph.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Bound {
    pub v: u64,
    pub e: u64,
}

impl Bound {
    fn new(v: u64, e: u64) -> Bound {
        Bound { v, e }
    }

    pub(crate) fn total(self) -> u64 {
        self.v.saturating_add(self.e)
    }

    fn plus(self, o: Bound) -> Bound {
        Bound::new(self.v.saturating_add(o.v), self.e.saturating_add(o.e))
    }
}

/// Refuses a spec whose graph could have more than [`MAX_BOARD_GRAPH`] vertices and edges
/// in all.
pub(crate) fn check(spec: &BoardSpec, use_: SiteType) -> Result<(), BoardError> {
    let size = bound(spec, use_)?.total();
    if size > MAX_BOARD_GRAPH {
        return Err(BoardError::TooLarge {
            size,
            limit: MAX_BOARD_GRAPH,
        });
    }
    Ok(())
}

/// A dimension as the generators take it (an invalid one is refused when building: it
/// bounds nothing here).
fn dim(n: u32) -> u64 {
    if n == 0 || n > 1000 {
        0
    } else {
        n as u64
    }
}

/// A dimension counting cells with `use:Cell` (one more vertex), vertices otherwise.
fn vertex_dim(n: u32, use_: SiteType) -> u64 {
    let d = dim(n);
    d + (use_ == SiteType::Cell && d > 0) as u64
}

/// A square lattice of `r` × `c` vertices.
fn lattice(r: u64, c: u64) -> Bound {
    Bound::new(r * c, r * c.saturating_sub(1) + c * r.saturating_sub(1))
}

/// Hex cells at lattice positions (r, c): their distinct corners, and the edges between
/// corners one apart (at most three a corner). `flat`: flat-topped hexes (`hex Diamond`),
/// else pointy-topped (`hex n`, side lists, `hex Triangle`). (So many cells that their
/// corners, two a cell at least, are over the limit are not looked at: six corners a cell.)
fn hex_cells(cells: impl Iterator<Item = (i32, i32)> + Clone, flat: bool) -> Bound {
    let count = cells.clone().count() as u64;
    if 2 * count > MAX_BOARD_GRAPH {
        return Bound::new(6 * count, 9 * count);
    }
    // corners in half-units of the lattice: pointy (x in √3/2, y in 1/2), flat (x in 1/2,
    // y in √3/2), offsets clockwise from the top (pointy) or the right (flat) corner
    const POINTY: [(i64, i64); 6] = [(0, 2), (1, 1), (1, -1), (0, -2), (-1, -1), (-1, 1)];
    const FLAT: [(i64, i64); 6] = [(2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1)];
    let mut corners = HashSet::new();
    for (r, c) in cells {
        let (r, c) = (r as i64, c as i64);
        let (x, y, offsets) = if flat {
            (3 * (c - r), r + c, &FLAT)
        } else {
            (2 * c - r, 3 * r, &POINTY)
        };
        for (dx, dy) in offsets {
            corners.insert((x + dx, y + dy));
        }
    }
    let v = corners.len() as u64;
    Bound::new(v, v * 3 / 2)
}

/// A bound on the graph of `spec` with sites of type `use_`.
pub(crate) fn bound(spec: &BoardSpec, use_: SiteType) -> Result<Bound, BoardError> {
    // (a lattice scan above this many points is not made: the window bounds the count)
    const SCAN_CAP: u64 = 1 << 24;
    Ok(match spec {
        BoardSpec::Hex(n) => {
            let n = dim(*n);
            Bound::new(6 * n * n, (9 * n * n).saturating_sub(3 * n))
        }
        BoardSpec::HexSides(sides) => {
            let mut cells = Vec::new();
            match super::graph::side_polygon_points(sides, true, SCAN_CAP, |r, c| cells.push((r, c)))? {
                Some(window) => Bound::new(window.saturating_mul(6), window.saturating_mul(9)),
                None => hex_cells(cells.iter().copied(), false),
            }
        }
        BoardSpec::HexTriangle(n) => {
            let n = dim(*n) as i32;
            hex_cells((0..n).flat_map(|r| (r..n).map(move |c| (r, c))), false)
        }
        &BoardSpec::HexDiamond { size, prism } => {
            let rows = dim(size) as i32;
            let cols = prism.map_or(rows, |p| dim(p) as i32);
            let (max, max_c) = match prism {
                Some(_) => (rows + cols - 1, rows + cols - 1),
                None => (rows, cols),
            };
            let cells = (0..max).flat_map(move |r| {
                (0..max_c)
                    .filter(move |&c| prism.is_none() || (r - c).abs() < rows)
                    .map(move |c| (r, c))
            });
            hex_cells(cells, true)
        }
        BoardSpec::TriHexagon(n) => {
            let d = vertex_dim(*n, use_);
            Bound::new(
                (3 * d * d + 1).saturating_sub(3 * d),
                (9 * d * d + 6).saturating_sub(15 * d),
            )
        }
        BoardSpec::TriSides(sides) => {
            let mut v = 0u64;
            let v = super::graph::side_polygon_points(sides, false, SCAN_CAP, |_, _| v += 1)?.unwrap_or(v);
            Bound::new(v, v.saturating_mul(3))
        }
        BoardSpec::TriTriangle(n) => {
            let d = vertex_dim(*n, use_);
            Bound::new(d * (d + 1) / 2, 3 * d * d.saturating_sub(1) / 2)
        }
        BoardSpec::Square(n) => lattice(vertex_dim(*n, use_), vertex_dim(*n, use_)),
        BoardSpec::Rectangle(r, c) => lattice(vertex_dim(*r, use_), vertex_dim(*c, use_)),
        &BoardSpec::RectangleDiagonals { rows, cols, diagonals } => {
            let (r, c) = (vertex_dim(rows, use_), vertex_dim(cols, use_));
            let base = lattice(r, c);
            let squares = r.saturating_sub(1) * c.saturating_sub(1);
            base.plus(match diagonals {
                Diagonals::Implied => Bound::default(),
                Diagonals::Alternating | Diagonals::Concentric => Bound::new(0, squares),
                Diagonals::SolidNoSplit => Bound::new(0, 2 * squares),
                Diagonals::Solid => Bound::new(squares, 4 * squares),
                Diagonals::Radiating => Bound::new(0, 4 * (r.max(c) / 2 + 1)),
            })
        }
        BoardSpec::Wedge { rows, columns } => {
            let (r, c) = (dim(*rows), dim(*columns));
            Bound::new(
                1 + r.saturating_sub(1) * c,
                c + r.saturating_sub(1) * c.saturating_sub(1) + r.saturating_sub(2) * c,
            )
        }
        BoardSpec::ConcentricCircle { counts, .. } => {
            // each ring's points, inside and outside it, and the centre
            let total: u64 = counts.iter().map(|c| u64::from(c.unsigned_abs())).sum();
            Bound::new(2 * total + 1, 4 * total + 1)
        }
        &BoardSpec::ConcentricRegular {
            sides,
            rings,
            midpoints,
            ..
        } => {
            let s = if (3..=1000).contains(&sides) { sides as u64 } else { 0 };
            let v = dim(rings) * s * (1 + midpoints as u64);
            Bound::new(v, v + 2 * dim(rings) * s)
        }
        BoardSpec::Custom { vertices, edges } => Bound::new(vertices.len() as u64, edges.len() as u64),
        BoardSpec::SquareInPolygon(polygon) => {
            // (the lattice over the polygon's bounds, two more each way)
            let span = |f: fn(&crate::board::Pt) -> f64| {
                let (lo, hi) = polygon
                    .iter()
                    .map(f)
                    .fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(x), b.max(x)));
                if lo <= hi && (hi - lo) < 1e6 {
                    (hi - lo) as u64 + 5
                } else {
                    u64::MAX / 4
                }
            };
            lattice(span(|p| p.y), span(|p| p.x))
        }
        BoardSpec::Remove { base, .. }
        | BoardSpec::RemoveElements { base, .. }
        | BoardSpec::Hole { base, .. }
        | BoardSpec::Trim(base)
        | BoardSpec::Renumber { base, .. }
        | BoardSpec::Shift { base, .. }
        | BoardSpec::Scale { base, .. }
        | BoardSpec::Rotate { base, .. } => bound(base, use_)?,
        &BoardSpec::HexRectangle { rows, columns } => {
            let (r, c) = (dim(rows), dim(columns));
            Bound::new(6 * r * c + 6, 9 * r * c + 9)
        }
        // (every graph of an intersection is built)
        BoardSpec::Merge(parts) | BoardSpec::Intersect(parts) => {
            let mut b = Bound::default();
            for p in parts {
                b = b.plus(bound(p, use_)?);
            }
            b
        }
        BoardSpec::AddElements { base, additions } => {
            let mut b = match base {
                Some(base) => bound(base, use_)?,
                None => Bound::default(),
            };
            for a in additions {
                let n = |k: usize| k as u64;
                b = b.plus(match a {
                    Addition::VerticesAt(p) => Bound::new(n(p.len()), 0),
                    Addition::EdgesAt(ends) => Bound::new(2 * n(ends.len()), n(ends.len())),
                    Addition::CellsAt(cells) => {
                        let corners: u64 = cells.iter().map(|c| n(c.len())).sum();
                        Bound::new(corners, corners)
                    }
                    Addition::EdgeEnds(ends) => Bound::new(0, n(ends.len())),
                    Addition::CellCorners(_) => Bound::default(),
                });
            }
            b
        }
        BoardSpec::Add { base, edges } => bound(base, use_)?.plus(Bound::new(0, edges.len() as u64)),
        &BoardSpec::Regular { sides, .. } => Bound::new(dim(sides), dim(sides)),
        &BoardSpec::Spiral { sites, .. } => Bound::new(dim(sites), dim(sites)),
        BoardSpec::Repeat { rows, cols, polys, .. } => {
            let sides: u64 = polys.iter().map(|p| p.len() as u64).sum();
            let n = dim(*rows).saturating_mul(dim(*cols)).saturating_mul(sides);
            Bound::new(n, n)
        }
        &BoardSpec::SquarePyramidal(n) => {
            // the layers' lattices; each vertex joins at most 4 on its layer and 8 across
            let d = vertex_dim(n, use_);
            let v = d * (d + 1) * (2 * d + 1) / 6;
            Bound::new(v, 6 * v)
        }
        &BoardSpec::SquareDiamond(d) => {
            let points = 4 * dim(d) * dim(d);
            Bound::new(points, 2 * points)
        }
        &BoardSpec::HexStar(d) => {
            let cells = 6 * dim(d) * dim(d) + 6 * dim(d) + 1;
            Bound::new(6 * cells, 9 * cells)
        }
        &BoardSpec::Tiling(kind, n) => {
            let n = dim(n);
            let points = match kind {
                Tiling::T33434 => 14 * n * n,
                Tiling::T3464 | Tiling::T33336 | Tiling::T3636 => 18 * (2 * n).saturating_sub(1).pow(2),
            };
            Bound::new(points, 3 * points)
        }
        // each crossing of two edges adds a vertex and two edges
        BoardSpec::SplitCrossings(base) => {
            let b = bound(base, use_)?;
            let pairs = b.e.saturating_mul(b.e.saturating_sub(1)) / 2;
            Bound::new(b.v.saturating_add(pairs), b.e.saturating_add(pairs.saturating_mul(2)))
        }
        // a vertex a face, an edge across each edge at most
        BoardSpec::Dual(base) => {
            let b = bound(base, use_)?;
            Bound::new(2 * b.e, b.e)
        }
        // a vertex a face, an edge to each of its corners (each edge is on two faces at most)
        BoardSpec::Subdivide { base, .. } => {
            let b = bound(base, use_)?;
            Bound::new(b.v.saturating_add(2 * b.e), 3 * b.e)
        }
        BoardSpec::Complete { base, .. } => {
            let b = bound(base, use_)?;
            Bound::new(b.v, b.v.saturating_mul(b.v.saturating_sub(1)) / 2 + b.e)
        }
        BoardSpec::Union(parts) => {
            let mut b = Bound::default();
            for p in parts {
                b = b.plus(bound(p, use_)?);
            }
            b
        }
        BoardSpec::Skew { base, .. } | BoardSpec::Keep { base, .. } | BoardSpec::MakeFaces(base) => bound(base, use_)?,
        &BoardSpec::Mancala { rows, columns, stores } => {
            // holes joined along rows and columns; a store joins at most each row's end hole
            let (r, c) = (dim(rows), dim(columns));
            let s = 2 * stores as u64;
            Bound::new(r * c + s, 2 * r * c + s * r)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::super::graph::Graph;
    use super::*;

    /// The bounds hold, and are exact for the lattices.
    #[test]
    fn bounds_hold() {
        use BoardSpec::*;
        let mut specs = vec![
            (Hex(5), true),
            (Hex(1), true),
            (HexSides(vec![3, 4, 3, 4, 3]), false),
            (HexSides(vec![6, 8, 6, 8, 6]), false),
            (HexTriangle(6), false),
            (HexDiamond { size: 5, prism: None }, false),
            (
                HexDiamond {
                    size: 4,
                    prism: Some(3),
                },
                false,
            ),
            (TriHexagon(5), true),
            (TriHexagon(1), true),
            (TriSides(vec![5, 6, 5, 7, 5]), false),
            (TriSides(vec![4, 5]), false),
            (TriTriangle(7), true),
            (TriTriangle(1), true),
            (Square(9), true),
            (Rectangle(3, 8), true),
            (Wedge { rows: 5, columns: 3 }, true),
            (
                ConcentricRegular {
                    sides: 4,
                    rings: 5,
                    midpoints: true,
                    join_midpoints: true,
                    join_corners: true,
                },
                false,
            ),
            (Merge(vec![Square(4), Hex(3)]), false),
            (Trim(Box::new(Square(4))), false),
        ];
        for rows in 2..=6 {
            for stores in [false, true] {
                specs.push((
                    Mancala {
                        rows,
                        columns: 7,
                        stores,
                    },
                    false,
                ));
            }
        }
        for diagonals in [
            Diagonals::Alternating,
            Diagonals::Solid,
            Diagonals::SolidNoSplit,
            Diagonals::Concentric,
            Diagonals::Radiating,
            Diagonals::Implied,
        ] {
            specs.push((
                RectangleDiagonals {
                    rows: 5,
                    cols: 6,
                    diagonals,
                },
                false,
            ));
        }
        for (spec, exact) in specs {
            for use_ in [SiteType::Vertex, SiteType::Cell] {
                let g = Graph::build(&spec, use_).unwrap();
                let b = bound(&spec, use_).unwrap();
                let counts = Bound::new(g.vertices.len() as u64, g.edges.len() as u64);
                assert!(
                    counts.v <= b.v && counts.e <= b.e,
                    "{spec:?} {use_:?}: {counts:?} > {b:?}"
                );
                if exact {
                    assert_eq!(counts, b, "{spec:?} {use_:?}");
                }
                // hex cells: corners exactly
                if matches!(spec, HexSides(_) | HexTriangle(_) | HexDiamond { .. }) {
                    assert_eq!(counts.v, b.v, "{spec:?}");
                }
            }
        }
    }

    /// A board over the limit is refused before anything is built, saying by how much.
    #[test]
    fn too_large_is_refused_before_building() {
        let e = super::super::Board::new(&BoardSpec::Square(1000), SiteType::Cell).unwrap_err();
        assert_eq!(
            e,
            BoardError::TooLarge {
                size: 1001 * 1001 + 2 * 1000 * 1001,
                limit: MAX_BOARD_GRAPH
            }
        );
        assert!(e.to_string().contains("400000"), "{e}");
    }
}
