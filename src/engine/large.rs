//! Large pieces: a tile whose shape is a turtle walk (`(tile "Horz" P1 {R F})`) covers
//! several cells from the one it stands on.
//!
//! As in Ludii, the piece itself is on its anchor cell alone, its local state the
//! orientation; the other cells it covers hold nothing a rule can read (`who`, `what` are
//! 0) but are not empty. Such a cell holds a piece of component 0, which the state texts
//! leave out. An orientation `s` starts the walk facing the `s mod k`-th of the board's k
//! orthogonal directions (compass order) and follows walk `s div k`; Ludii tries four per
//! walk.

use super::game::{Ctx, GameDef};
use super::generate::Added;
use super::moves::{Action, MoveData};
use crate::board::Relation;
use crate::ir::{Place, SiteField, WalkStep};
use smallvec::SmallVec;

/// The cells of a placement, anchor first.
pub(super) type Cells = SmallVec<[u32; 8]>;

/// The most rows (anchors times orientations) a large piece's table of covered cells has.
const MAX_LARGE_TABLE: usize = 1 << 20;

pub(super) mod table;
use table::LargeTable;

impl GameDef {
    /// Whether component `what` is a large piece.
    #[inline]
    pub(super) fn is_large(&self, what: u16) -> bool {
        self.ir
            .components
            .get(what as usize)
            .is_some_and(|k| !k.walks.is_empty())
    }

    /// How many orientations a large piece is tried in.
    fn orientations(&self, what: u16) -> i32 {
        4 * self.ir.components.get(what as usize).map_or(0, |k| k.walks.len()) as i32
    }

    /// The cells large piece `what` covers from `anchor` in orientation `state`, anchor
    /// first, each once; false (and `out` empty) when its walk leaves the board. Read off
    /// the game's table ([`LargeTable`]) where it has one.
    pub(super) fn large_cells(&self, what: u16, anchor: i32, state: i32, out: &mut Cells) -> bool {
        if let Some(cells) = self.tabled_cells(what, anchor, state) {
            out.clear();
            out.extend_from_slice(cells);
            return !cells.is_empty();
        }
        self.walk_large_cells(what, anchor, state, out)
    }

    /// [`Self::large_cells`] read off the game's table, with no copy: empty where the walk
    /// leaves the board, None where the table does not hold it.
    fn tabled_cells(&self, what: u16, anchor: i32, state: i32) -> Option<&[u32]> {
        let t = self.large_tables.get(what as usize)?.as_ref()?;
        if !(0..t.orientations).contains(&state) || anchor < 0 || anchor as usize >= self.n() {
            return None;
        }
        let (a, z) = t.rows[anchor as usize * t.orientations as usize + state as usize];
        Some(&t.cells[a as usize..z as usize])
    }

    /// Per component, the cells each large piece covers from every anchor in every
    /// orientation it is tried in (None for other components, and where the table would
    /// hold more than [`MAX_LARGE_TABLE`] rows).
    pub(super) fn large_tables(&self) -> Vec<Option<LargeTable>> {
        let mut cells = Cells::new();
        (0..self.ir.components.len())
            .map(|what| {
                let what = what as u16;
                let orientations = self.orientations(what);
                let rows = self.n() * orientations.max(0) as usize;
                if !self.is_large(what) || rows > MAX_LARGE_TABLE {
                    return None;
                }
                let mut t = LargeTable {
                    orientations,
                    rows: Vec::with_capacity(rows),
                    cells: Vec::new(),
                };
                for anchor in 0..self.n() as i32 {
                    for state in 0..orientations {
                        let a = t.cells.len() as u32;
                        if self.walk_large_cells(what, anchor, state, &mut cells) {
                            t.cells.extend_from_slice(&cells);
                        }
                        t.rows.push((a, t.cells.len() as u32));
                    }
                }
                Some(t)
            })
            .collect()
    }

    /// [`Self::large_cells`], walked.
    fn walk_large_cells(&self, what: u16, anchor: i32, state: i32, out: &mut Cells) -> bool {
        out.clear();
        let Some(walks) = self.ir.components.get(what as usize).map(|k| &k.walks) else {
            return false;
        };
        let dirs: SmallVec<[_; 8]> = self.board.supported_directions(Relation::Orthogonal).collect();
        if anchor < 0 || anchor as usize >= self.n() || dirs.is_empty() {
            return false;
        }
        let s = state.max(0) as usize;
        let (mut facing, walk) = (s % dirs.len(), s / dirs.len());
        out.push(anchor as u32);
        let Some(walk) = walks.get(walk) else { return true };
        let mut at = anchor as u32;
        for step in walk {
            match step {
                WalkStep::F => match self.board.step(at, dirs[facing]) {
                    Some(t) => {
                        at = t;
                        if !out.contains(&t) {
                            out.push(t);
                        }
                    }
                    None => {
                        out.clear();
                        return false;
                    }
                },
                WalkStep::R => facing = (facing + 1) % dirs.len(),
                WalkStep::L => facing = (facing + dirs.len() - 1) % dirs.len(),
            }
        }
        true
    }

    /// The actions putting large piece `what` (of `who`) at `cells` in orientation `state`:
    /// the piece on the anchor, the other cells covered.
    fn place_large(cells: &[u32], what: u16, who: u8, state: i32, actions: &mut SmallVec<[Action; 2]>) {
        for (i, &t) in cells.iter().enumerate() {
            let (what, who, state) = if i == 0 { (what, who, state) } else { (0, 0, -1) };
            actions.push(Action::Add {
                site: t,
                what,
                who,
                count: 1,
                state,
            });
        }
    }

    /// `(move Add (piece X [state:k]) (to ..))` of a large piece: each anchor of the place
    /// (where its condition holds), each orientation (or k), where every cell covered is
    /// empty.
    pub(super) fn gen_large_add(&self, add: Added, to: &Place, c: &Ctx, out: &mut Vec<MoveData>) {
        let anchors: SmallVec<[i32; 32]> = match (&to.site, &to.region) {
            (Some(s), _) => smallvec::smallvec![self.int(s, c)],
            (_, Some(r)) => self.region(r, c).iter().collect(),
            _ => return,
        };
        let states = match add.state {
            k if k >= 0 => k..k + 1,
            _ => 0..self.orientations(add.what as u16),
        };
        let cond = self.cond(to.cond.as_ref());
        // (a cell is empty where no owner's row of the owners' table has it)
        let occupied = c.s.occupied_words();
        let mut walked = Cells::new();
        for a in anchors {
            let mut c2 = *c;
            c2.to = a;
            if !cond.holds(self, &c2) {
                continue;
            }
            for st in states.clone() {
                let cells = match self.tabled_cells(add.what as u16, a, st) {
                    Some(cells) => cells,
                    None if self.walk_large_cells(add.what as u16, a, st, &mut walked) => &walked[..],
                    None => continue,
                };
                if !cells.is_empty() && cells.iter().all(|&t| !super::region::word_bit(&occupied, t as usize)) {
                    let actions = self.push_move(out, c, a, a);
                    Self::place_large(cells, add.what as u16, add.who, st, actions);
                }
            }
        }
    }

    /// A `fromTo` of the large piece at `f`: to each target anchor, in each orientation,
    /// where every cell it would cover is a target or one it covers now (not where it
    /// stands already). The cells it leaves are uncovered first.
    pub(super) fn gen_large_from_to(&self, f: i32, targets: &[i32], c: &Ctx, out: &mut Vec<MoveData>) {
        let Some(&p) = Self::top(c.s, f) else { return };
        let mut now = Cells::new();
        self.large_cells(p.what, f, p.state, &mut now);
        // (a domino goes where its every cell is in the line of play, anywhere it fits for
        // the first move; another piece where its cells are targets or its own)
        let line = self.ir.components[p.what as usize].pips.map(|_| self.line_of_play(c.s));
        let first = c.s.num_moves == 0;
        let allowed = |t: u32| match &line {
            Some(line) => first || line.contains(t as i32),
            None => t as i32 == f || targets.contains(&(t as i32)) || now.contains(&t),
        };
        let mut cells = Cells::new();
        let mut anchors: SmallVec<[i32; 32]> = targets.iter().copied().collect();
        anchors.extend(now.iter().skip(1).map(|&t| t as i32));
        for t in anchors {
            for st in 0..self.orientations(p.what) {
                if (t == f && st == p.state) || !self.large_cells(p.what, t, st, &mut cells) {
                    continue;
                }
                if !cells.iter().all(|&x| allowed(x)) {
                    continue;
                }
                let actions = self.push_move(out, c, f, t);
                for &x in now.iter().skip(1) {
                    actions.push(Action::Remove { site: x, count: 1 });
                }
                actions.push(Action::move_top(f as u32, t as u32));
                actions.push(Action::SetSite {
                    site: t as u32,
                    field: SiteField::State,
                    value: st,
                    level: super::moves::TOP,
                });
                for &x in cells.iter().skip(1) {
                    actions.push(Action::Add {
                        site: x,
                        what: 0,
                        who: 0,
                        count: 1,
                        state: -1,
                    });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::expand::Selections;

    /// The L Game: its L pieces placed by the start rules cover their cells, which are
    /// neither empty nor anyone's (the neutral dots alone move in the second part of a turn:
    /// 2 dots to 6 empty cells, or a pass), and an L moves only where its four cells are
    /// empty or its own (Ludii's 5 moves from the start).
    #[test]
    fn large_pieces_placed_at_the_start_cover_cells_no_one_owns() {
        let game = super::super::corpus_game("board/space/blocking/L Game.lud", &Selections::default());
        let mut s = game.initial_state();
        let first = game.legal_moves(&s);
        assert_eq!(first.len(), 5, "the L's moves");
        game.apply(&mut s, &first[0]);
        assert_eq!(
            game.legal_moves(&s).len(),
            2 * 6 + 1,
            "a dot to an empty cell, or a pass"
        );
    }

    /// Domineering's dominoes cover two cells: P1's lie east from their anchor, P2's north;
    /// a covered cell is no anchor and no part of another domino, and the state text shows
    /// the anchor alone.
    #[test]
    fn a_domino_covers_two_cells() {
        let game = super::super::corpus_game("board/space/blocking/Domineering.lud", &Selections::default());
        let mut s = game.initial_state();
        // 6×6: every cell but the last column's
        let first = super::super::legal_targets(&game, &s);
        assert_eq!(first.len(), 30);
        assert!(first.iter().all(|t| t % 6 != 5));
        let at_26 = game.legal_moves(&s).into_iter().find(|m| m.inner.to == 26).unwrap();
        game.apply(&mut s, &at_26);
        assert_eq!(game.state_text(&s), "26=Horz1|m2");
        // P2's upright dominoes: not on 26 or 27, nor below them
        let second = super::super::legal_targets(&game, &s);
        assert_eq!(second.len(), 26);
        for t in [20, 21, 26, 27] {
            assert!(!second.contains(&t), "{t}");
        }
    }

    /// A pentomino's walk revisits cells without counting them twice, and turns right and
    /// left through the orthogonal directions (Ludii's example: F at B2).
    #[test]
    fn a_walk_gives_the_cells_in_order() {
        let game = super::super::corpus_game("board/space/blocking/Pentomino.lud", &Selections::default());
        let g = &game.inner;
        let f = g.ir.components.iter().position(|k| k.name == "F").unwrap() as u16;
        let mut cells = super::Cells::new();
        assert!(g.large_cells(f, 11, 0, &mut cells));
        assert_eq!(cells.as_slice(), &[11, 21, 20, 31, 32]);
        // off the board from the corner facing west
        assert!(!g.large_cells(f, 0, 3, &mut cells));
        assert!(cells.is_empty());
    }

    /// The table of covered cells gives what the walks give, for every piece, anchor and
    /// orientation (and the states past the orientations, walked).
    #[test]
    fn the_table_of_covered_cells_is_the_walks() {
        for path in [
            "board/space/blocking/Pentomino.lud",
            "board/space/blocking/Domineering.lud",
        ] {
            let game = super::super::corpus_game(path, &Selections::default());
            let g = &game.inner;
            let (mut a, mut b) = (super::Cells::new(), super::Cells::new());
            let mut tabled = 0;
            for what in 1..g.ir.components.len() as u16 {
                tabled += usize::from(g.large_tables.get(what as usize).is_some_and(Option::is_some));
                for anchor in -1..=g.n() as i32 {
                    for state in -1..=g.orientations(what) + 1 {
                        let x = g.large_cells(what, anchor, state, &mut a);
                        let y = g.walk_large_cells(what, anchor, state, &mut b);
                        assert_eq!((x, &a), (y, &b), "{path}: {what} at {anchor} in {state}");
                    }
                }
            }
            assert!(tabled > 0, "{path}: its pieces are tabled");
        }
    }
}
