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
use super::super::tables::{LineTable, LineWindows, StackedLineTable};
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

impl LineWindows {
    /// The lines of `len` sites (at least 2) through each of `n` sites along `table`'s
    /// radials: the site, `a` sites on along a radial and `len - 1 - a` along its opposite,
    /// for every `a` the two reach (each distinct line of a site once).
    pub(in crate::engine) fn build(table: &LineTable, n: usize, len: i32) -> LineWindows {
        let mut t = LineWindows {
            len,
            ..LineWindows::default()
        };
        let k = (len - 1).max(0) as usize;
        let mut lines: Vec<Vec<(u32, u64)>> = Vec::new();
        for s in 0..n as u32 {
            t.start.push(t.windows.len() as u32);
            lines.clear();
            for (radial, opposite) in table.at(s) {
                let (on, back) = (radial.len().saturating_sub(1), opposite.len().saturating_sub(1));
                for a in k.saturating_sub(back)..=k.min(on) {
                    let sites = std::iter::once(s)
                        .chain(radial.get(1..=a).into_iter().flatten().copied())
                        .chain(opposite.get(1..=k - a).into_iter().flatten().copied());
                    let mut words: Vec<(u32, u64)> = Vec::new();
                    for site in sites {
                        let (i, bit) = (site / 64, 1u64 << (site % 64));
                        match words.iter_mut().find(|(j, _)| *j == i) {
                            Some((_, w)) => *w |= bit,
                            None => words.push((i, bit)),
                        }
                    }
                    words.sort_unstable();
                    if !lines.contains(&words) {
                        lines.push(words);
                    }
                }
            }
            for words in &lines {
                t.windows.push(t.parts.len() as u32);
                t.parts.extend_from_slice(words);
            }
        }
        t.start.push(t.windows.len() as u32);
        t.windows.push(t.parts.len() as u32);
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

    /// Along random games of games won by lines, the lines read off the owner's words
    /// ([`LineWindows`]) give the moves and results the walk along each radial gives, at
    /// every step.
    #[test]
    fn lines_read_off_the_owners_words_are_the_walked_ones() {
        use rand::{Rng, SeedableRng};
        let mut tabled = Vec::new();
        for path in [
            "board/space/line/Tic-Tac-Toe.lud",
            "board/space/line/Five Men's Morris.lud",
            "board/space/line/Pentago.lud",
            "board/space/line/Shisima.lud",
            "board/space/line/Dra.lud",
            "board/space/line/Yavalath.lud",
            "board/space/line/Tic-Tac-Four.lud",
        ] {
            let fast = super::super::super::corpus_game(path, &Selections::default());
            let mut slow = super::super::super::corpus_game(path, &Selections::default());
            slow.inner.fast_forms = false;
            let mut rng = rand::rngs::StdRng::seed_from_u64(11);
            let (mut plies, mut ends) = (0, 0);
            for _ in 0..40 {
                let mut s = fast.initial_state();
                for _ in 0..200 {
                    let moves = fast.legal_moves(&s);
                    assert_eq!(moves, slow.legal_moves(&s), "{path}: {}", fast.state_text(&s));
                    if moves.is_empty() || s.is_over() {
                        break;
                    }
                    let m = &moves[rng.gen_range(0..moves.len())];
                    let mut t = s.clone();
                    fast.apply(&mut s, m);
                    slow.apply(&mut t, m);
                    assert_eq!(s.ranking(), t.ranking(), "{path}: {}", fast.state_text(&s));
                    plies += 1;
                }
                ends += usize::from(s.is_over());
            }
            assert!(plies > 300 && ends > 10, "{path}: {plies} plies, {ends} games ended");
            if fast.inner.line_windows.iter().any(|w| w.get().is_some()) {
                tabled.push(path);
            }
        }
        // (Five Men's Morris asks its lines of each of its sites, with a condition)
        assert_eq!(tabled.len(), 6, "{tabled:?}");
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
                        .map(|(r, o)| (r.to_vec(), o.map(|o| o.to_vec()).collect()))
                        .collect();
                    assert_eq!(tabled, found, "{path} site {s}");
                }
            }
        }
    }
}
