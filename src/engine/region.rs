//! Regions as bit sets over sites: iteration is ascending and distinct, as in Ludii.

use smallvec::SmallVec;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Region {
    words: SmallVec<[u64; 8]>,
}

/// Whether bit `i` of the bit words `words` is set (false past their end).
#[inline(always)]
pub fn word_bit(words: &[u64], i: usize) -> bool {
    words.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 != 0)
}

impl Region {
    #[inline]
    pub fn new(num_sites: usize) -> Region {
        let k = num_sites.div_ceil(64).max(1);
        Region {
            // (a board of up to 512 sites: the words in place, written at once)
            words: if k <= 8 {
                SmallVec::from_buf_and_len([0; 8], k)
            } else {
                SmallVec::from_elem(0, k)
            },
        }
    }

    #[inline]
    pub fn full(num_sites: usize) -> Region {
        let mut r = Region::new(num_sites);
        let (whole, rest) = (num_sites / 64, num_sites % 64);
        r.words[..whole].fill(u64::MAX);
        if rest > 0 {
            r.words[whole] = (1u64 << rest) - 1;
        }
        r
    }

    /// Remove every site (the words stay, for the next use).
    #[inline]
    pub fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }

    /// Add a site; negative or out-of-range sites are ignored.
    #[inline]
    pub fn insert(&mut self, site: i32) {
        if site < 0 {
            return;
        }
        let s = site as usize;
        match self.words.get_mut(s / 64) {
            Some(w) => *w |= 1 << (s % 64),
            // a site past the board's words (a hand's): the region grows
            None => self.grow(s),
        }
    }

    #[cold]
    fn grow(&mut self, s: usize) {
        if s < 1 << 20 {
            self.words.resize(s / 64 + 1, 0);
            self.words[s / 64] |= 1 << (s % 64);
        }
    }

    /// Add the sites of bit word `i`.
    #[inline]
    pub fn or_word(&mut self, i: usize, w: u64) {
        if let Some(x) = self.words.get_mut(i) {
            *x |= w;
        }
    }

    /// Keep only the sites of bit word `i` among its 64 sites.
    #[inline]
    pub fn and_word(&mut self, i: usize, w: u64) {
        if let Some(x) = self.words.get_mut(i) {
            *x &= w;
        }
    }

    #[inline]
    pub fn contains(&self, site: i32) -> bool {
        site >= 0
            && self
                .words
                .get(site as usize / 64)
                .is_some_and(|w| w & (1 << (site as usize % 64)) != 0)
    }

    /// Word `i` of the sites' bits (0 past the end).
    #[inline]
    pub fn word(&self, i: usize) -> u64 {
        self.words.get(i).copied().unwrap_or(0)
    }

    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    pub fn union_with(&mut self, o: &Region) {
        if o.words.len() > self.words.len() {
            self.words.resize(o.words.len(), 0);
        }
        for (a, b) in self.words.iter_mut().zip(&o.words) {
            *a |= b;
        }
    }

    pub fn intersect_with(&mut self, o: &Region) {
        for (i, a) in self.words.iter_mut().enumerate() {
            *a &= o.words.get(i).copied().unwrap_or(0);
        }
    }

    pub fn subtract(&mut self, o: &Region) {
        for (a, b) in self.words.iter_mut().zip(&o.words) {
            *a &= !b;
        }
    }

    /// The region's sites among those of the bit words `o`, as bit words.
    pub fn and_words(&self, o: &[u64]) -> SmallVec<[u64; 8]> {
        self.words.iter().zip(o).map(|(a, b)| a & b).collect()
    }

    /// Whether any site of the bit words `o` (word `i` for sites `64 i ..`) is in the region.
    #[inline]
    pub fn meets_words(&self, o: &[u64]) -> bool {
        self.words.iter().zip(o).any(|(a, b)| a & b != 0)
    }

    /// The number of sites both in the region and in bit words `o`, each given with its
    /// index.
    pub fn count_common(&self, o: &[(u32, u64)]) -> usize {
        o.iter()
            .map(|&(i, w)| (w & self.words.get(i as usize).copied().unwrap_or(0)).count_ones() as usize)
            .sum()
    }

    /// Take `site` out.
    pub fn remove(&mut self, site: i32) {
        if let Some(w) = self.words.get_mut(site.max(0) as usize / 64).filter(|_| site >= 0) {
            *w &= !(1 << (site as usize % 64));
        }
    }

    /// The `k`-th site in ascending order (from 0), if the region has more than `k`.
    pub fn nth(&self, mut k: usize) -> Option<i32> {
        for (i, &w) in self.words.iter().enumerate() {
            let n = w.count_ones() as usize;
            if k >= n {
                k -= n;
                continue;
            }
            let mut w = w;
            for _ in 0..k {
                w &= w - 1;
            }
            return Some((i * 64) as i32 + w.trailing_zeros() as i32);
        }
        None
    }

    /// Sites in ascending order.
    pub fn iter(&self) -> Bits<'_> {
        bits(&self.words)
    }
}

/// The sites of bit words (64 sites a word, lowest first), in ascending order.
pub fn bits(words: &[u64]) -> Bits<'_> {
    Bits {
        words,
        base: 0,
        next_base: 0,
        word: 0,
    }
}

/// The iterator of [`bits`]: the word being read and the words after it.
pub struct Bits<'a> {
    /// The words not read yet.
    words: &'a [u64],
    /// The first site of the word being read, and of the next one.
    base: i32,
    next_base: i32,
    /// The sites of the word being read not given yet.
    word: u64,
}

impl Iterator for Bits<'_> {
    type Item = i32;

    #[inline]
    fn next(&mut self) -> Option<i32> {
        while self.word == 0 {
            let (&w, rest) = self.words.split_first()?;
            self.words = rest;
            self.word = w;
            self.base = self.next_base;
            self.next_base += 64;
        }
        let b = self.word.trailing_zeros() as i32;
        self.word &= self.word - 1;
        Some(self.base + b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nth_and_remove_follow_the_order_of_iter() {
        let mut r = Region::new(200);
        for s in [3, 64, 65, 130, 199] {
            r.insert(s);
        }
        let all: Vec<i32> = r.iter().collect();
        let by_nth: Vec<i32> = (0..r.len()).filter_map(|k| r.nth(k)).collect();
        assert_eq!(by_nth, all);
        assert_eq!(r.nth(5), None);
        r.remove(65);
        r.remove(-1);
        r.remove(10_000);
        assert_eq!(r.iter().collect::<Vec<_>>(), vec![3, 64, 130, 199]);
        assert_eq!(r.nth(2), Some(130));
    }

    #[test]
    fn ascending_distinct() {
        let mut r = Region::new(130);
        for s in [129, 3, 64, 3, -1, 500] {
            r.insert(s);
        }
        // (a site past the region's words, such as a hand's, grows it)
        assert_eq!(r.iter().collect::<Vec<_>>(), vec![3, 64, 129, 500]);
        assert_eq!(r.len(), 4);
        assert!(r.contains(64) && !r.contains(-1));
    }

    #[test]
    fn bits_skip_empty_words() {
        assert_eq!(bits(&[0, 0b10, 0, 1 << 63]).collect::<Vec<_>>(), vec![65, 255]);
        assert_eq!(bits(&[]).count(), 0);
        assert_eq!(bits(&[0, 0]).count(), 0);
    }

    #[test]
    fn full_is_every_site() {
        for n in [0, 1, 27, 63, 64, 65, 128, 130] {
            let r = Region::full(n);
            assert_eq!(
                r.iter().collect::<Vec<_>>(),
                (0..n as i32).collect::<Vec<_>>(),
                "{n} sites"
            );
        }
    }
}
