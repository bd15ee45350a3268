//! The radials of `(is Line ..)` tabled at load.
//!
//! A line through a site is counted along each radial of the site in the line's directions
//! (those opposite an earlier one left out), then along the radial Ludii keeps as its
//! opposite. Both depend on the board and the directions alone, but finding them compares
//! the radials' angles each time; here they are found once per site, for each distinct list
//! of directions the rules' lines use. The test below holds the table equal to what
//! [`GameDef::line_radials`] gives. In a game with stacks, the stacked form of `is Line` walks
//! each site's distinct radials with all their opposites: tabled the same way.

use super::super::game::GameDef;
use super::super::tables::{LineTable, StackedLineTable};
use crate::board::Direction;

impl LineTable {
    pub(in crate::engine) fn build(g: &GameDef, dirs: &[Direction], same_layer: bool) -> LineTable {
        let mut t = LineTable::default();
        for s in 0..g.n() as u32 {
            t.start.push(t.entries.len() as u32);
            for (r, o) in g.line_radials(s, dirs, same_layer) {
                let a = t.sites.len() as u32;
                t.sites.extend_from_slice(&r);
                let b = t.sites.len() as u32;
                t.sites.extend_from_slice(&o);
                t.entries.push([a, b, b, t.sites.len() as u32]);
            }
        }
        t.start.push(t.entries.len() as u32);
        t
    }
}

impl StackedLineTable {
    pub(in crate::engine) fn build(g: &GameDef, dirs: &[Direction]) -> StackedLineTable {
        let mut t = StackedLineTable::default();
        let push = |t: &mut StackedLineTable, r: &[u32]| {
            let a = t.sites.len() as u32;
            t.sites.extend_from_slice(r);
            t.ranges.push((a, t.sites.len() as u32));
        };
        for s in 0..g.n() as u32 {
            t.start.push(t.entries.len() as u32);
            for r in g.distinct_radials(s, dirs) {
                let first = t.ranges.len() as u32;
                push(&mut t, r);
                for o in g.opposite_radials(s, r, dirs) {
                    push(&mut t, o);
                }
                t.entries.push((first, t.ranges.len() as u32));
            }
        }
        t.start.push(t.entries.len() as u32);
        t
    }
}

#[cfg(test)]
mod tests {
    use crate::expand::Selections;

    /// On boards of squares, hexagons and a circle, each site's tabled radials and
    /// opposites are those the line code finds by comparing angles.
    #[test]
    fn tables_agree_with_the_radials_found_each_time() {
        for path in [
            "board/space/line/Tic-Tac-Toe.lud",
            "board/space/line/Yavalath.lud",
            "board/space/line/Xonin Shatar (Complex).lud",
            "board/space/line/Gomoku.lud",
            "board/space/line/Spline.lud",
        ] {
            let game = super::super::super::corpus_game(path, &Selections::default());
            let g = &game.inner;
            assert!(!g.ir.line_dirs.is_empty(), "{path}");
            for ((dirs, same_layer), table) in g.ir.line_dirs.iter().zip(&g.line_tables) {
                for s in 0..g.n() as u32 {
                    let found: Vec<(Vec<u32>, Vec<u32>)> = g
                        .line_radials(s, dirs, *same_layer)
                        .into_iter()
                        .map(|(r, o)| (r.to_vec(), o.to_vec()))
                        .collect();
                    let tabled: Vec<(Vec<u32>, Vec<u32>)> =
                        table.at(s).map(|(r, o)| (r.to_vec(), o.to_vec())).collect();
                    assert_eq!(tabled, found, "{path} site {s}");
                }
            }
        }
    }

    /// In games with stacks, each site's tabled distinct radials and their opposites are
    /// those found by comparing angles.
    #[test]
    fn stacked_tables_agree_with_the_radials_found_each_time() {
        for path in ["board/space/line/Connect Four.lud", "board/space/line/Score Four.lud"] {
            let game = super::super::super::corpus_game(path, &Selections::default());
            let g = &game.inner;
            assert!(!g.stacked_line_tables.is_empty(), "{path}");
            for ((dirs, _), table) in g.ir.line_dirs.iter().zip(&g.stacked_line_tables) {
                for s in 0..g.n() as u32 {
                    let found: Vec<(Vec<u32>, Vec<Vec<u32>>)> = g
                        .distinct_radials(s, dirs)
                        .into_iter()
                        .map(|r| {
                            (
                                r.to_vec(),
                                g.opposite_radials(s, r, dirs).iter().map(|o| o.to_vec()).collect(),
                            )
                        })
                        .collect();
                    let tabled: Vec<(Vec<u32>, Vec<Vec<u32>>)> = table
                        .pairs(s)
                        .into_iter()
                        .map(|(r, o)| (r.to_vec(), o.iter().map(|o| o.to_vec()).collect()))
                        .collect();
                    assert_eq!(tabled, found, "{path} site {s}");
                }
            }
        }
    }
}
