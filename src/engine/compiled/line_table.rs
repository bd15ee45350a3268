//! The radials of `(is Line ..)` tabled at load.
//!
//! A line through a site is counted along each radial of the site in the line's directions
//! (those opposite an earlier one left out), then along the radial Ludii keeps as its
//! opposite. Both depend on the board and the directions alone, but finding them compares
//! the radials' angles each time; here they are found once per site, for each distinct list
//! of directions the rules' lines use. The test below holds the table equal to what
//! [`GameDef::line_radials`] gives.

use super::super::game::GameDef;
use super::super::tables::LineTable;
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
}
