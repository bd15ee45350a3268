//! The radials of `(is Line ..)` tabled at load.
//!
//! A line through a site is counted along each radial of the site in the line's directions
//! (those opposite an earlier one left out), then along the radial Ludii keeps as its
//! opposite. Both depend on the board and the directions alone, but finding them compares
//! the radials' angles each time; here they are found once per site, for each distinct list
//! of directions the rules' lines use. The test below holds the table equal to what
//! [`GameDef::line_radials`] gives.

use super::super::game::GameDef;
use crate::board::Direction;

/// Per site, its radials and their opposites in one list of directions.
#[derive(Debug, Default)]
pub(in crate::engine) struct LineTable {
    /// The radials' sites, each radial's in a row.
    sites: Vec<u32>,
    /// Per entry: the radial's sites and its opposite's (an empty range: none), as ranges
    /// of `sites`.
    entries: Vec<[u32; 4]>,
    /// Per site, its first entry (and the end after the last site).
    start: Vec<u32>,
}

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

    /// The radials of `site` and their opposites (empty: none).
    #[inline]
    pub(in crate::engine) fn at(&self, site: u32) -> impl Iterator<Item = (&[u32], &[u32])> + '_ {
        let (a, b) = (self.start[site as usize], self.start[site as usize + 1]);
        self.entries[a as usize..b as usize].iter().map(|&[r0, r1, o0, o1]| {
            (
                &self.sites[r0 as usize..r1 as usize],
                &self.sites[o0 as usize..o1 as usize],
            )
        })
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
