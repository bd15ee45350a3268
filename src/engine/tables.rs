//! The tables and short lists a loaded game holds and its rules pass around, as plain types
//! (a leaf module: it imports none of the rules, so that holding them does not tie the game
//! to the modules that build and read them).

use crate::board::{Direction, Relation};
use smallvec::SmallVec;

/// A short list of directions (at most 16: every compass direction once; more are
/// dropped), a plain array: no capacity checks or heap on the hot path.
#[derive(Clone, Copy, Debug)]
pub(super) struct Dirs {
    len: u8,
    dirs: [Direction; 16],
}

impl Dirs {
    #[inline(always)]
    pub(super) fn new() -> Dirs {
        Dirs {
            len: 0,
            dirs: [Direction::Rel(Relation::Adjacent); 16],
        }
    }

    #[inline(always)]
    pub(super) fn push(&mut self, d: Direction) {
        if let Some(x) = self.dirs.get_mut(self.len as usize) {
            *x = d;
            self.len += 1;
        }
    }

    #[inline(always)]
    pub(super) fn extend_from_slice(&mut self, ds: &[Direction]) {
        for &d in ds {
            self.push(d);
        }
    }

    #[inline(always)]
    pub(super) fn clear(&mut self) {
        self.len = 0;
    }
}

impl std::ops::Deref for Dirs {
    type Target = [Direction];
    #[inline(always)]
    fn deref(&self) -> &[Direction] {
        &self.dirs[..self.len as usize]
    }
}

impl Extend<Direction> for Dirs {
    fn extend<I: IntoIterator<Item = Direction>>(&mut self, it: I) {
        for d in it {
            self.push(d);
        }
    }
}

/// A map of the equipment, resolved on the board: its name and its pairs, sorted by key
/// (a key given twice keeps its last value, as Ludii's hash map does).
#[derive(Clone, Debug, Default)]
pub(super) struct Map {
    pub(super) name: u16,
    pub(super) pairs: Vec<(i32, i32)>,
}

impl Map {
    pub(super) fn get(&self, key: i32) -> Option<i32> {
        self.pairs
            .binary_search_by_key(&key, |p| p.0)
            .ok()
            .map(|i| self.pairs[i].1)
    }
}

/// A radial and its opposites (what [`super::game::GameDef::line_by_level`] walks).
pub(in crate::engine) type RadialPair<'a> = (&'a [u32], SmallVec<[&'a [u32]; 2]>);

/// Per site, its distinct radials in one list of directions, each with the radials Ludii
/// keeps opposite it: what `(is Line ..)` walks in a game with stacks
/// ([`super::game::GameDef::distinct_radials`], [`super::game::GameDef::opposite_radials`]).
#[derive(Debug, Default)]
pub(in crate::engine) struct StackedLineTable {
    /// The radials' sites, each radial's in a row.
    pub(in crate::engine) sites: Vec<u32>,
    /// Ranges of `sites`: per entry its radial, then its opposites.
    pub(in crate::engine) ranges: Vec<(u32, u32)>,
    /// Per entry: its ranges (a range of `ranges`, the radial's first).
    pub(in crate::engine) entries: Vec<(u32, u32)>,
    /// Per site, its first entry (and the end after the last site).
    pub(in crate::engine) start: Vec<u32>,
}

impl StackedLineTable {
    /// The distinct radials of `site`, each with its opposites.
    pub(in crate::engine) fn pairs(
        &self,
        site: u32,
    ) -> impl Iterator<Item = (&[u32], impl ExactSizeIterator<Item = &[u32]> + Clone)> {
        let (a, b) = (self.start[site as usize], self.start[site as usize + 1]);
        let range = |&(x, y): &(u32, u32)| &self.sites[x as usize..y as usize];
        self.entries[a as usize..b as usize].iter().map(move |&(r0, r1)| {
            let rs = &self.ranges[r0 as usize..r1 as usize];
            (range(&rs[0]), rs[1..].iter().map(range))
        })
    }
}

/// Per site, the lines of one length through it along one [`LineTable`]'s radials (the site,
/// some sites on along a radial and the rest on along its opposite), each as bit words:
/// a line of at least that length runs through the site, contiguous, exactly when one of
/// them is all the owner's.
#[derive(Debug, Default, Clone)]
pub(in crate::engine) struct LineWindows {
    /// The length tabled.
    pub(in crate::engine) len: i32,
    /// Each window's nonzero words, as (word index, bits).
    pub(in crate::engine) parts: Vec<(u32, u64)>,
    /// Per window, its first part (and the end after the last window).
    pub(in crate::engine) windows: Vec<u32>,
    /// Per site, its first window (and the end after the last site).
    pub(in crate::engine) start: Vec<u32>,
}

impl LineWindows {
    /// Whether some line through `site` lies within `own` (bit words).
    #[inline]
    pub(in crate::engine) fn any_within(&self, site: u32, own: &[u64]) -> bool {
        let (a, b) = (
            self.start[site as usize] as usize,
            self.start[site as usize + 1] as usize,
        );
        self.windows[a..=b].windows(2).any(|w| {
            self.parts[w[0] as usize..w[1] as usize]
                .iter()
                .all(|&(i, bits)| own.get(i as usize).is_some_and(|&o| o & bits == bits))
        })
    }
}

/// Per site, its radials and their opposites in one list of directions.
#[derive(Debug, Default)]
pub(in crate::engine) struct LineTable {
    /// The radials' sites, each radial's in a row.
    pub(in crate::engine) sites: Vec<u32>,
    /// Per entry: the radial's sites and its opposite's (an empty range: none), as ranges
    /// of `sites`.
    pub(in crate::engine) entries: Vec<[u32; 4]>,
    /// Per site, its first entry (and the end after the last site).
    pub(in crate::engine) start: Vec<u32>,
}

impl LineTable {
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
