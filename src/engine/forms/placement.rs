//! A fast form of random playouts: placement games played on bit words.
//!
//! A two-player game whose only move is to add the mover's piece on an empty board site
//! (`(move Add (to (sites Empty)))`, perhaps with the meta rule `(swap)`), from an empty
//! board, whose end rules are lines through the last placement (`(is Line n)` in its plain
//! form) and connections of the mover's regions (`(is Connected Mover)`), is played out here
//! without the general state: each player's sites are bit words, a line is counted along the
//! tabled radials of the site placed, and connections are kept by a union-find whose groups
//! know which of their owner's regions they touch. So is a stacking game whose move adds on
//! top of any stack lower than `k` (`(forEach (sites Board) if:(< (size Stack at:(site))
//! k))`) and whose lines are counted by level (`(is Line n byLevel:True)`): each player's
//! pieces are bits of a grid of sites by levels.
//!
//! The playout is the general one exactly: the moves are listed in the engine's order (the
//! swap first, then the empty sites in increasing order), drawn with the same calls on the
//! generator, passes are forced where no site is left and every player passing in turn is a
//! draw, and results are given as `apply_result` gives them. So a seeded playout gives the
//! same result and length with or without this form; the test below holds them equal.

use super::super::game::{Cache, GameDef};
use super::super::outcome::{Outcome as Played, PlayoutResult};
use super::super::state::StateData;
use super::{board_words, capped, finished, plain_end, plain_two_players, position, Side, Templates, MAX_WORDS};
use crate::board::Direction;
use crate::ir::*;
use rand::{Rng, RngCore};

/// What an end rule tests.
#[derive(Debug)]
enum Test {
    /// `(is Line len)` along the radials of this line table; on a board of at most 64
    /// sites with `len` at least 2, also as each site's windows (below).
    Line {
        len: i32,
        table: usize,
        windows: Option<Windows>,
    },
    /// `(is Connected Mover)`: the mover's group at the last site touches all its regions.
    Connected,
    /// `(is Line len byLevel:True)` in a stacking game: along each distinct radial of the
    /// site and its opposites (`levels`), flat, rising or falling a level a step.
    ByLevel { len: i32 },
}

/// Per site, the sets of `len` consecutive sites of a line through it that hold it (as
/// rows of `masks`): a line of at least `len` (at least 2) runs through a site exactly when
/// the player holds one of them.
#[derive(Debug)]
struct Windows {
    start: Vec<u32>,
    masks: Vec<u64>,
}

impl Windows {
    /// The windows of `len` sites along each radial of `table` and its opposite, for every
    /// site (None where a line passes a site twice: then counting is not a set).
    fn build(g: &GameDef, table: usize, len: i32) -> Option<Windows> {
        let (n, len) = (g.n(), len as usize);
        let mut w = Windows {
            start: Vec::with_capacity(n + 1),
            masks: Vec::new(),
        };
        for s in 0..n as u32 {
            w.start.push(w.masks.len() as u32);
            let first = w.masks.len();
            for (radial, opposite) in g.line_tables[table].at(s) {
                // the line: the opposite reversed, the site, the radial
                let line: Vec<u32> = opposite
                    .iter()
                    .skip(1)
                    .rev()
                    .chain(std::iter::once(&s))
                    .chain(radial.iter().skip(1))
                    .copied()
                    .collect();
                let mut seen = 0u64;
                for &t in &line {
                    if t >= 64 || seen >> t & 1 != 0 {
                        return None;
                    }
                    seen |= 1 << t;
                }
                let at = opposite.len().saturating_sub(1);
                for i in at.saturating_sub(len - 1)..=at {
                    if i + len <= line.len() {
                        let m = line[i..i + len].iter().fold(0u64, |m, &t| m | 1 << t);
                        if !w.masks[first..].contains(&m) {
                            w.masks.push(m);
                        }
                    }
                }
            }
        }
        w.start.push(w.masks.len() as u32);
        Some(w)
    }
}

/// A radial's sites (the origin first) and its opposites'.
type RadialAndOpposites = (Vec<u32>, Vec<Vec<u32>>);

/// A placement game's playout form (see the module's doc).
#[derive(Debug)]
pub(in crate::engine) struct Placement {
    n: usize,
    words: usize,
    swap: bool,
    /// In a stacking game: the height below which a stack takes a piece (`own` is then a
    /// grid: site `t`, level `l` at bit `t * cap + l`), and per site its distinct radials
    /// with their opposites. 0 in a game without stacks.
    cap: usize,
    levels: Vec<Vec<RadialAndOpposites>>,
    levels_dirs: Option<Vec<Direction>>,
    /// The end rules in order: the test, and who the result is for (the mover or the next
    /// player) with its outcome.
    ends: Vec<(Test, Side, Outcome)>,
    /// For connections: each site's neighbours (symmetric) as ranges of `near`.
    near_start: Vec<u32>,
    near: Vec<u16>,
    /// Per player (index 0 unused), per site: the bits of the player's regions it lies in;
    /// and how many regions the player has.
    touch: [Vec<u32>; 3],
    wanted: [u32; 3],
    /// Per player (index 0 unused), the component it adds.
    comp: [u16; 3],
    /// The engine's moves by key ([`Placement::key`]), for listing a position's moves
    /// (None: they could not be filled).
    pub(super) templates: Option<Templates>,
}

/// A playout's position.
struct Play {
    own: [[u64; MAX_WORDS]; 3],
    /// The sites that take a piece, and how many.
    empty: [u64; MAX_WORDS],
    empties: usize,
    /// In a stacking game, each site's height.
    height: Vec<u8>,
    /// Union-find over the sites (connection games only): each site's parent (a root is its
    /// own), and per root the regions its group touches.
    parent: Vec<u16>,
    reach: Vec<u32>,
}

impl Placement {
    /// The form for `g`, where its rules have the shape (None otherwise).
    pub(in crate::engine) fn build(g: &GameDef) -> Option<Placement> {
        let ir = &g.ir;
        let n = g.n();
        let plain = plain_two_players(g) && ir.start.is_empty();
        if !plain || ir.play.then.is_some() {
            return None;
        }
        let MovesKind::Add {
            piece: None,
            state: None,
            to,
            count: None,
            stack,
            decision: true,
        } = &ir.play.kind
        else {
            return None;
        };
        // onto empty sites, or onto stacks lower than a height
        let cap = match &to.region {
            Some(RegionFn::Empty) if !*stack && !ir.stacking => 0,
            Some(RegionFn::Filter(board, cond)) if *stack && ir.stacking && **board == RegionFn::Board => {
                let cond = match &**cond {
                    BoolFn::Compiled(_, inner) => &**inner,
                    b => b,
                };
                match cond {
                    BoolFn::Lt(a, b) => match (&**a, &**b) {
                        (IntFn::SizeStack(at), IntFn::Const(k)) if matches!(**at, IntFn::Site) => {
                            usize::try_from(*k).ok().filter(|&k| (1..256).contains(&k))?
                        }
                        _ => return None,
                    },
                    _ => return None,
                }
            }
            _ => return None,
        };
        if cap > 0 && n * cap > MAX_WORDS * 64 {
            return None;
        }
        let plain_to =
            to.site.is_none() && to.cond.is_none() && to.apply.is_none() && to.apply_if.is_none() && to.level.is_none();
        if !plain_to {
            return None;
        }
        // each player adds its own piece, the only component it owns
        let s = g.blank_state();
        let cache = Cache::default();
        let mut comp = [0u16; 3];
        for p in 1..=2u8 {
            let mut c = g.ctx(&s, &cache);
            (c.mover, c.next, c.prev) = (p, 3 - p, 3 - p);
            let add = g.added(&ir.play.kind, &c)?;
            let sole = g.sole_of_owner.get(add.what as usize).copied().unwrap_or(false);
            if add.who != p || !sole || add.count != 1 || add.state != -1 {
                return None;
            }
            comp[p as usize] = u16::try_from(add.what).ok()?;
        }
        let mut form = Placement {
            n,
            words: n.div_ceil(64),
            swap: ir.meta_swap,
            cap,
            levels: Vec::new(),
            levels_dirs: None,
            ends: Vec::new(),
            near_start: Vec::new(),
            near: Vec::new(),
            touch: Default::default(),
            wanted: [0; 3],
            comp,
            templates: None,
        };
        let mut connection: Option<&Connected> = None;
        for rule in &ir.end {
            let (cond, mover, outcome) = plain_end(rule)?;
            let test = match cond {
                BoolFn::IsLine(l) => {
                    let simple = l.through.is_none()
                        && l.through_any.is_none()
                        && l.whats.is_none()
                        && l.who.is_none()
                        && l.exact.is_none()
                        && l.contiguous.is_none()
                        && l.cond.is_none();
                    let IntFn::Const(len) = l.len else { return None };
                    if !simple || (l.table as usize) >= g.line_tables.len() {
                        return None;
                    }
                    let by_level = matches!(
                        &l.stacked,
                        Some(StackedLine {
                            by_level: Some(BoolFn::Const(true)),
                            ..
                        })
                    );
                    let fixed = l
                        .dirs
                        .iter()
                        .all(|d| matches!(d, Direction::Rel(_) | Direction::Compass(_)));
                    if cap > 0 && by_level && fixed && !l.same_layer {
                        if form.levels.is_empty() {
                            form.levels = (0..n as u32)
                                .map(|t| {
                                    g.distinct_radials(t, &l.dirs)
                                        .iter()
                                        .map(|r| {
                                            let o = g.opposite_radials(t, r, &l.dirs);
                                            (r.to_vec(), o.iter().map(|o| o.to_vec()).collect())
                                        })
                                        .collect()
                                })
                                .collect();
                        } else if form.levels_dirs.as_ref() != Some(&l.dirs) {
                            return None;
                        }
                        form.levels_dirs = Some(l.dirs.clone());
                        form.ends.push((Test::ByLevel { len }, mover, outcome));
                        continue;
                    }
                    if cap > 0 || l.stacked.is_some() {
                        return None;
                    }
                    let table = l.table as usize;
                    Test::Line {
                        len,
                        table,
                        windows: (n <= 64 && len >= 2).then(|| Windows::build(g, table, len)).flatten(),
                    }
                }
                BoolFn::IsConnected(k) => {
                    let simple = matches!(k.at, IntFn::LastTo)
                        && k.number.is_none()
                        && k.regions.is_none()
                        && matches!(k.player, Some(IntFn::Mover | IntFn::RolePlayer(Role::Mover)))
                        && !k.skip_empty
                        && !k.each_site
                        && k.dirs
                            .iter()
                            .all(|d| matches!(d, Direction::Rel(_) | Direction::Compass(_)));
                    if !simple || cap > 0 || connection.is_some_and(|c| c.dirs != k.dirs) {
                        return None;
                    }
                    connection = Some(k);
                    Test::Connected
                }
                _ => return None,
            };
            form.ends.push((test, mover, outcome));
        }
        if let Some(k) = connection {
            form.connect(g, k)?;
        }
        form.templates = form.templates(g);
        Some(form)
    }

    /// The key of the mover `p`'s move adding at `site`, whose stack is `height` high.
    fn key(&self, p: u8, site: usize, height: usize) -> u32 {
        (((p as usize - 1) * self.n + site) * self.cap.max(1) + height) as u32
    }

    /// The engine's moves for every key: for each player, a board whose every stack is as
    /// high as each height below the cap (of that player's pieces), then listed.
    fn templates(&self, g: &GameDef) -> Option<Templates> {
        let mut templates = Templates::new(2 * self.n * self.cap.max(1));
        let mut keys = Vec::new();
        for p in 1..=2u8 {
            for h in 0..self.cap.max(1) {
                let pieces: Vec<(usize, u16, u8, i32)> = (0..self.n)
                    .flat_map(|t| (0..h).map(move |_| (t, self.comp[p as usize], p, -1)))
                    .collect();
                let s = position(g, &pieces, p);
                keys.clear();
                keys.extend((0..self.n).map(|t| (t as i32, t as i32, self.key(p, t, h))));
                templates.fill(g, &s, &keys)?;
            }
        }
        Some(templates)
    }

    /// The legal moves of `s` as the engine lists them, where the form holds the position
    /// (see [`super::PlayoutForm::list`]; not where the swap is offered). Every position the
    /// rules reach from the empty board holds only the players' own pieces, one a site or
    /// stacked below the cap, so the sites that take a piece are read off the owners' words
    /// (or the stacks' heights).
    pub(in crate::engine) fn list<O: super::ListOut>(&self, s: &StateData, out: &mut O) -> bool {
        let Some(templates) = &self.templates else {
            return false;
        };
        let offer = self.swap && s.num_decisions == 1;
        if offer || !super::at_turn_start(s, None) || !s.extra.is_empty() || s.sites.len() != self.n {
            return false;
        }
        let start = out.len();
        let mut add = |t: usize, height: usize| out.take(templates, self.key(s.mover, t, height));
        let whole = if self.cap == 0 {
            let board = board_words(self.n);
            // (the keys of one height run with the sites: a word of sites at once)
            let base = self.key(s.mover, 0, 0);
            (0..self.words).all(|i| out.take_bits(templates, base + (i * 64) as u32, !s.occupied_word(i) & board[i]))
        } else {
            (s.sites.iter().enumerate()).all(|(t, stack)| stack.len() >= self.cap || add(t, stack.len()))
        };
        if !whole || out.len() == start {
            out.truncate(start);
            return false;
        }
        true
    }

    /// The tables of `(is Connected Mover)`: neighbours (which must be symmetric, as a
    /// union-find's groups are) and each player's regions (which must be static).
    fn connect(&mut self, g: &GameDef, k: &Connected) -> Option<()> {
        let n = self.n;
        let mut near = smallvec::SmallVec::new();
        let mut lists: Vec<Vec<u16>> = Vec::with_capacity(n);
        for s in 0..n {
            near.clear();
            g.around_site(s as i32, &k.dirs, &mut near);
            lists.push(near.iter().map(|&t| t as u16).collect());
        }
        let symmetric = (0..n).all(|s| lists[s].iter().all(|&t| lists[t as usize].contains(&(s as u16))));
        if !symmetric {
            return None;
        }
        for l in &lists {
            self.near_start.push(self.near.len() as u32);
            self.near.extend_from_slice(l);
        }
        self.near_start.push(self.near.len() as u32);
        let s = g.blank_state();
        let cache = Cache::default();
        for p in 1..=2u8 {
            let parts: Vec<&RegionFn> =
                g.ir.regions
                    .iter()
                    .filter(|d| d.owner == p)
                    .flat_map(|d| d.parts.iter())
                    .collect();
            if parts.len() > 32 || !parts.iter().all(|r| g.is_static_region(r)) {
                return None;
            }
            let mut c = g.ctx(&s, &cache);
            (c.mover, c.next, c.prev) = (p, 3 - p, 3 - p);
            let mut touch = vec![0u32; n];
            for (j, r) in parts.iter().enumerate() {
                for t in g.region(r, &c).iter() {
                    if let Some(x) = touch.get_mut(t as usize) {
                        *x |= 1 << j;
                    }
                }
            }
            self.touch[p as usize] = touch;
            self.wanted[p as usize] = parts.len() as u32;
        }
        Some(())
    }

    /// One random playout from the start, at most `max` decisions (as
    /// [`super::super::playout::playout`] plays it).
    pub(in crate::engine) fn playout(&self, g: &GameDef, rng: &mut dyn RngCore, max: usize) -> PlayoutResult {
        self.run(g, self.empty_play(), 1, 0, rng, max)
    }

    /// A random playout from `s`, a position of the game at the start of a turn of one of
    /// the two players (the last move not a pass), as the general engine plays it from
    /// there: None where the position is not one this form holds (a piece it does not place,
    /// a player moving again, the game over).
    pub(in crate::engine) fn playout_from(
        &self,
        g: &GameDef,
        s: &StateData,
        rng: &mut dyn RngCore,
        max: usize,
    ) -> Option<PlayoutResult> {
        if !super::at_turn_start(s, None) || !s.extra.is_empty() || s.sites.len() != self.n {
            return None;
        }
        let mut play = self.empty_play();
        for (t, stack) in s.sites.iter().enumerate() {
            if stack.len() > self.cap.max(1) {
                return None;
            }
            for p in stack {
                let mine = (1..=2).contains(&p.who) && p.what == self.comp[p.who as usize];
                if !mine || p.count != 1 || p.rotation != 0 {
                    return None;
                }
                play.place(self, p.who, t);
            }
        }
        Some(self.run(g, play, s.mover, s.num_decisions as usize, rng, max))
    }

    /// The empty board.
    fn empty_play(&self) -> Play {
        let connects = !self.near_start.is_empty();
        Play {
            own: [[0; MAX_WORDS]; 3],
            empty: board_words(self.n),
            empties: self.n,
            height: if self.cap > 0 { vec![0; self.n] } else { Vec::new() },
            parent: if connects {
                (0..self.n as u16).collect()
            } else {
                Vec::new()
            },
            reach: if connects { vec![0; self.n] } else { Vec::new() },
        }
    }

    /// The playout from `play`, `mover` to move after `before` decisions since the start
    /// (the swap is offered at the second), at most `max` decisions more.
    fn run(
        &self,
        g: &GameDef,
        mut play: Play,
        mut mover: u8,
        before: usize,
        rng: &mut dyn RngCore,
        max: usize,
    ) -> PlayoutResult {
        let (mut length, mut passes) = (0usize, 0u32);
        loop {
            if let Some(r) = capped(length, max) {
                return r;
            }
            let offer = self.swap && before + length == 1;
            let total = usize::from(offer) + play.empties;
            length += 1;
            if total == 0 {
                // a forced pass (drawn from a list of one, as the engine draws it)
                let _: i32 = rng.gen_range(0..1);
                passes += 1;
                if passes >= 2 {
                    return PlayoutResult {
                        outcome: Played::Draw,
                        length,
                    };
                }
                mover = 3 - mover;
                continue;
            }
            let i = rng.gen_range(0..total);
            passes = 0;
            if offer && i == 0 {
                // the players swap sides: the board stays and the same player moves on
                continue;
            }
            let site = select(&play.empty[..self.words], i - usize::from(offer));
            play.place(self, mover, site);
            for (test, for_mover, outcome) in &self.ends {
                let holds = match *test {
                    Test::Line {
                        windows: Some(ref w), ..
                    } => {
                        let own = play.own[mover as usize][0];
                        let (a, z) = (w.start[site] as usize, w.start[site + 1] as usize);
                        w.masks[a..z].iter().any(|&m| m & !own == 0)
                    }
                    Test::Line { len, table, .. } => {
                        let own = &play.own[mover as usize];
                        let has = |t: u32| own[t as usize / 64] >> (t % 64) & 1 != 0;
                        let walk = |radial: &[u32], count: &mut i32| -> bool {
                            for &t in &radial[1..] {
                                if !has(t) {
                                    break;
                                }
                                *count += 1;
                                if *count == len {
                                    return true;
                                }
                            }
                            false
                        };
                        GameDef::line_along(g.line_tables[table].at(site as u32), len, walk)
                    }
                    Test::ByLevel { len } => self.by_level(&play, mover, site, len),
                    Test::Connected => {
                        let wanted = self.wanted[mover as usize];
                        let root = play.find(site);
                        wanted > 0 && play.reach[root].count_ones() == wanted
                    }
                };
                if holds {
                    return finished(*for_mover, *outcome, mover, length);
                }
            }
            mover = 3 - mover;
        }
    }
}

impl Placement {
    /// `(is Line len byLevel:True)` through the top of `locn` (the mover's piece), as the
    /// evaluator counts it (`GameDef::is_line_stacked`): down the stack, then along each
    /// radial and its opposites flat, falling then rising, and rising then falling.
    fn by_level(&self, play: &Play, mover: u8, locn: usize, len: i32) -> bool {
        if len == 1 {
            return true;
        }
        let cap = self.cap as i32;
        let own = &play.own[mover as usize];
        let at = |t: u32, level: i32| {
            level >= 0 && level < cap && {
                let b = t as usize * self.cap + level as usize;
                own[b / 64] >> (b % 64) & 1 != 0
            }
        };
        let pairs = self.levels[locn]
            .iter()
            .map(|(r, o)| (&r[..], o.iter().map(|o| &o[..])));
        GameDef::line_by_level(pairs, locn as u32, play.height[locn] as i32, len, false, at)
    }
}

impl Play {
    /// `mover`'s piece placed on `site` (on top of its stack in a stacking game), its
    /// group joined with its neighbours' of the same player.
    #[inline]
    fn place(&mut self, form: &Placement, mover: u8, site: usize) {
        let (w, b) = (site / 64, 1u64 << (site % 64));
        if form.cap > 0 {
            let cell = site * form.cap + self.height[site] as usize;
            self.own[mover as usize][cell / 64] |= 1 << (cell % 64);
            self.height[site] += 1;
            if self.height[site] as usize == form.cap {
                self.empty[w] &= !b;
                self.empties -= 1;
            }
            return;
        }
        self.own[mover as usize][w] |= b;
        self.empty[w] &= !b;
        self.empties -= 1;
        if self.parent.is_empty() {
            return;
        }
        let root = site;
        self.reach[site] = form.touch[mover as usize][site];
        let own = self.own[mover as usize];
        let (a, z) = (form.near_start[site] as usize, form.near_start[site + 1] as usize);
        for &t in &form.near[a..z] {
            let t = t as usize;
            if own[t / 64] >> (t % 64) & 1 == 0 {
                continue;
            }
            let r = self.find(t);
            if r != root {
                self.parent[r] = root as u16;
                self.reach[root] |= self.reach[r];
            }
        }
    }

    /// The root of `site`'s group (halving the path on the way).
    #[inline]
    fn find(&mut self, mut site: usize) -> usize {
        while self.parent[site] as usize != site {
            let up = self.parent[self.parent[site] as usize];
            self.parent[site] = up;
            site = up as usize;
        }
        site
    }
}

/// The `k`-th set bit of `words` (there are more than `k`).
#[inline]
fn select(words: &[u64], mut k: usize) -> usize {
    for (i, &w) in words.iter().enumerate() {
        let c = w.count_ones() as usize;
        if k >= c {
            k -= c;
            continue;
        }
        let mut w = w;
        // (halves by population count, then the last bits one by one)
        let mut base = 0;
        for half in [32u32, 16, 8] {
            let low = (w & ((1u64 << half) - 1)).count_ones() as usize;
            if k >= low {
                k -= low;
                w >>= half;
                base += half as usize;
            }
        }
        for _ in 0..k {
            w &= w - 1;
        }
        return i * 64 + base + w.trailing_zeros() as usize;
    }
    unreachable!("select: fewer set bits than asked")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The games of this shape play the same playouts (result and length) by this form as
    /// move by move with the general engine, seed for seed: lines (Tic-Tac-Toe, Yavalath's
    /// win and loss), lines by level on stacks (Connect Four), connections with the swap
    /// (Hex), and draws by passing.
    #[test]
    fn playouts_equal_the_general_engine() {
        for (path, options) in [
            ("board/space/line/Tic-Tac-Toe.lud", &[][..]),
            ("board/space/line/Yavalath.lud", &[][..]),
            ("board/space/line/Connect Four.lud", &[][..]),
            ("board/space/connection/Hex.lud", &[][..]),
            ("board/space/connection/Hex.lud", &["Board Size/5x5"][..]),
            ("board/space/connection/Hex.lud", &["Board Size/19x19"][..]),
        ] {
            // (a random game of Connect Four is seldom drawn: more of them)
            let n = if path.contains("Connect Four") { 2_000 } else { 400 };
            let [draws, ..] = super::super::assert_form_plays_like_the_engine(path, options, n);
            let (taken, all) = super::super::assert_form_plays_like_the_engine_from(path, options, 30);
            // every position but the last of each game (over) and a swap's
            assert!(
                taken + 30 >= all - 30 && taken > 0,
                "{path}: the form took {taken} of {all} positions"
            );
            if path.contains("Tic-Tac-Toe") || path.contains("Connect Four") {
                assert!(draws > 0, "{path}: some games are drawn");
            }
        }
    }

    /// The same games' legal moves, listed by the form at every position of random games,
    /// are the general engine's (every move whole, in order); the form lists all positions
    /// but the last of a game and, where the swap is offered, the two around it.
    #[test]
    fn listings_equal_the_general_engine() {
        for (path, options) in [
            ("board/space/line/Tic-Tac-Toe.lud", &[][..]),
            ("board/space/line/Yavalath.lud", &[][..]),
            ("board/space/line/Connect Four.lud", &[][..]),
            ("board/space/connection/Hex.lud", &[][..]),
        ] {
            let (listed, all) = super::super::assert_form_lists_like_the_engine(path, options, 30);
            assert!(
                listed + 90 >= all && listed > 0,
                "{path}: the form listed {listed} of {all} positions"
            );
        }
    }

    #[test]
    fn select_finds_the_kth_bit() {
        let words = [0xF0F0_0000_0001_8001u64, 0x8000_0000_0000_0003];
        let all: Vec<usize> = (0..128).filter(|&t| words[t / 64] >> (t % 64) & 1 != 0).collect();
        for (k, &t) in all.iter().enumerate() {
            assert_eq!(select(&words, k), t, "bit {k}");
        }
    }
}
