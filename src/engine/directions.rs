//! Directions relative to a facing (`Forward`, `FR`, `Rightwards`, `SameDirection`, ..),
//! resolved to compass directions as Ludii does: per piece, from the facing of the
//! component at the site (its owner's direction where the players have one, else the
//! piece's `dirn:`, else North), turned by the piece's rotation, among the compass
//! directions the board's Adjacent steps use anywhere.

use super::game::{Ctx, GameDef};
use super::tables::Dirs;
use crate::board::{Dir, Direction, RelDir, Relation};
use crate::ir::DirFn;

/// `d` turned by `k` sixteenths of a turn clockwise.
fn turn(d: Dir, k: i32) -> Dir {
    Dir::ALL[(d as i32 + k).rem_euclid(16) as usize]
}

/// The most sites for which [`GameDef::radial_between`] is tabled (n² entries).
const RADIAL_TABLE_SITES: usize = 512;

impl GameDef {
    /// `dirs` with every relative direction resolved for the piece at `site` (absolute
    /// directions as they are); `dirs` itself when it has no relative direction.
    #[inline(always)]
    pub(super) fn abs_dirs<'a>(
        &'a self,
        dirs: &'a [Direction],
        site: i32,
        c: &Ctx,
        buf: &'a mut Dirs,
    ) -> &'a [Direction] {
        // (a list of directions is all absolute or all relative: Ludii's grammar allows no mix)
        match dirs.first() {
            Some(d) if d.is_relative() => self.resolve_all(dirs, site, self.facing_at(site, c), c, buf),
            _ => dirs,
        }
    }

    /// [`Self::abs_dirs`] for a piece facing `facing` (turned by the rotation of the piece
    /// at `site`).
    pub(super) fn abs_dirs_facing<'a>(
        &'a self,
        dirs: &'a [Direction],
        site: i32,
        facing: Dir,
        c: &Ctx,
        buf: &'a mut Dirs,
    ) -> &'a [Direction] {
        match dirs.first() {
            Some(d) if d.is_relative() => self.resolve_all(dirs, site, facing, c, buf),
            _ => dirs,
        }
    }

    /// The compass directions a relative direction gives a piece facing `facing` (the
    /// table built at load; none for a direction the table lacks).
    #[inline(always)]
    fn relative_row(&self, r: RelDir, facing: Dir) -> Option<&super::tables::Dirs> {
        self.relative.get(r as usize * 16 + facing as usize)
    }

    /// [`Self::abs_dirs`] of a list with relative directions.
    #[inline(never)]
    fn resolve_all<'a>(
        &'a self,
        dirs: &[Direction],
        site: i32,
        facing: Dir,
        c: &Ctx,
        buf: &'a mut Dirs,
    ) -> &'a [Direction] {
        // a rotated piece faces its direction turned FR once per step of rotation
        let rotation =
            c.s.sites
                .get(site.max(0) as usize)
                .and_then(|st| st.last())
                .map_or(0, |p| p.rotation);
        let mut facing = facing;
        if rotation > 0 {
            // (the directions a rotation turns among: those of the list's relation, `of:`)
            let among = match dirs {
                [Direction::Dynamic(k)] => match &self.ir.dir_fns[*k as usize] {
                    DirFn::Of(rel, _) => self.board.supported_bits(*rel),
                    DirFn::OfSite(rel, _) if site >= 0 && (site as usize) < self.n() => {
                        self.board.site_supported_bits(site as u32, *rel)
                    }
                    _ => self.board.supported_bits(Relation::Adjacent),
                },
                _ => self.board.supported_bits(Relation::Adjacent),
            };
            for _ in 0..rotation.clamp(0, 16) {
                if let Some(d) = first_supported(facing, 1, 1, among) {
                    facing = d;
                }
            }
        }
        // (one relative direction that reads no move: tabled per facing)
        if let [Direction::Relative(r)] = dirs {
            let table = self.relative_row(*r, facing);
            if let Some(t) = table.filter(|_| !matches!(r, RelDir::SameDirection | RelDir::OppositeDirection)) {
                return t;
            }
        }
        buf.clear();
        let supported = self.board.supported_bits(Relation::Adjacent);
        for &d in dirs {
            match d {
                // (the common case read off the table in place, no call)
                Direction::Relative(r) if !matches!(r, RelDir::SameDirection | RelDir::OppositeDirection) => {
                    buf.extend_from_slice(self.relative_row(r, facing).map_or(&[], |t| &t[..]))
                }
                _ => self.push_resolved(d, site, facing, supported, c, buf),
            }
        }
        buf
    }

    /// One direction, resolved for a piece at `site` facing `facing`, added to `out`.
    fn push_resolved(&self, d: Direction, site: i32, facing: Dir, supported: u16, c: &Ctx, out: &mut Dirs) {
        match d {
            Direction::Relative(r @ (RelDir::SameDirection | RelDir::OppositeDirection)) => {
                self.resolve(r, facing, supported, c, out)
            }
            Direction::Relative(r) => out.extend_from_slice(self.relative_row(r, facing).map_or(&[], |t| &t[..])),
            Direction::Dynamic(k) => match &self.ir.dir_fns[k as usize] {
                f @ (DirFn::Difference(a, b) | DirFn::Union(a, b)) => {
                    // (in compass order: Ludii's order differs for a union, not its set)
                    let bits = |ds: &[Direction]| self.compass_bits(ds, site, facing, supported, c);
                    let keep = match f {
                        DirFn::Union(..) => bits(a) | bits(b),
                        _ => bits(a) & !bits(b),
                    };
                    out.extend(
                        Dir::ALL
                            .into_iter()
                            .filter(|&d| keep >> d as u16 & 1 != 0)
                            .map(Direction::Compass),
                    );
                }
                DirFn::Between(from, to) => {
                    let (f, t) = (self.int(from, c), self.int(to, c));
                    if f < 0 || f as usize >= self.n() || t < 0 {
                        return;
                    }
                    let all = self.board.supported_bits(Relation::All);
                    let bits = match self.radial_bits(f, t) {
                        Some(b) => b & all,
                        None => Dir::ALL
                            .into_iter()
                            .filter(|&d| self.radial_reaches(f, d, t))
                            .fold(0, |b, d| b | 1 << d as u16),
                    };
                    out.extend(
                        Dir::ALL
                            .into_iter()
                            .filter(|&d| bits >> d as u16 & 1 != 0)
                            .map(Direction::Compass),
                    );
                }
                f @ (DirFn::Of(rel, ds) | DirFn::OfSite(rel, ds)) => {
                    let among = match f {
                        DirFn::OfSite(..) if site >= 0 && (site as usize) < self.n() => {
                            self.board.site_supported_bits(site as u32, *rel)
                        }
                        _ => self.board.supported_bits(*rel),
                    };
                    for &d in ds {
                        match d {
                            Direction::Relative(r) => self.resolve(r, facing, among, c, out),
                            d => self.push_resolved(d, site, facing, supported, c, out),
                        }
                    }
                }
                DirFn::If(cond, a, b) => {
                    for &d in if self.boolean(cond, c) { a } else { b } {
                        self.push_resolved(d, site, facing, supported, c, out);
                    }
                }
            },
            d => out.push(d),
        }
    }

    /// The compass directions a list gives at `site` for a piece facing `facing`, as bits: a
    /// relation gives the compass directions of the site's steps in it (Ludii's supported
    /// directions of the element), a relative direction what it resolves to.
    fn compass_bits(&self, dirs: &[Direction], site: i32, facing: Dir, supported: u16, c: &Ctx) -> u16 {
        let mut bits = 0u16;
        let mut tmp = Dirs::new();
        for &d in dirs {
            match d {
                Direction::Compass(x) => bits |= 1 << x as u16,
                Direction::Rel(r) if site >= 0 && (site as usize) < self.n() => {
                    bits |= self.board.site_supported_bits(site as u32, r)
                }
                Direction::Rel(_) => {}
                // (the compass names of the site's steps in it)
                Direction::Circular(_) if site >= 0 && (site as usize) < self.n() => {
                    let steps = self.board.steps_in(site as u32, d);
                    for x in Dir::ALL {
                        if self.board.steps(site as u32, x).iter().any(|t| steps.contains(t)) {
                            bits |= 1 << x as u16;
                        }
                    }
                }
                // (a step between layers has no compass name)
                Direction::Circular(_) | Direction::Layer(_) => {}
                Direction::Relative(_) | Direction::Dynamic(_) => {
                    tmp.clear();
                    self.push_resolved(d, site, facing, supported, c, &mut tmp);
                    bits |= self.compass_bits(&tmp, site, facing, supported, c);
                }
            }
        }
        bits
    }

    /// For each relative direction but `SameDirection` and `OppositeDirection` (which read
    /// the last move) and each facing, the compass directions it gives on this board: what
    /// [`Self::abs_dirs`] reads ([`GameDef::relative`], built at load).
    pub(super) fn relative_table(&self) -> Vec<Dirs> {
        let supported = self.board.supported_bits(Relation::Adjacent);
        let mut out = Vec::with_capacity(RelDir::ALL.len() * 16);
        for r in RelDir::ALL {
            for f in Dir::ALL {
                let mut d = Dirs::new();
                if !matches!(r, RelDir::SameDirection | RelDir::OppositeDirection) {
                    Self::resolve_facing(r, f, supported, &mut d);
                }
                out.push(d);
            }
        }
        out
    }

    /// The direction the piece at `site` faces.
    pub(super) fn facing_at(&self, site: i32, c: &Ctx) -> Dir {
        let what =
            c.s.sites
                .get(site.max(0) as usize)
                .and_then(|st| st.last())
                .map_or(0, |p| p.what as usize);
        self.comp_facing.get(what).copied().unwrap_or(Dir::N)
    }

    fn resolve(&self, r: RelDir, f: Dir, supported: u16, c: &Ctx, out: &mut Dirs) {
        if let RelDir::SameDirection | RelDir::OppositeDirection = r {
            let (last_from, last_to) = c.s.history.last().map_or((-1, -1), |m| (m.from, m.to));
            let (a, b) = match r {
                RelDir::SameDirection => (last_from, last_to),
                _ => (last_to, last_from),
            };
            out.extend(self.direction_towards(a, b));
            return;
        }
        Self::resolve_facing(r, f, supported, out)
    }

    /// The first supported compass direction with a radial from `a` through `b`.
    pub(super) fn direction_towards(&self, a: i32, b: i32) -> Option<Direction> {
        if a < 0 || a as usize >= self.n() || b < 0 {
            return None;
        }
        self.directions_where(Relation::Adjacent, |d| self.radial_reaches(a, d, b))
            .next()
            .map(Direction::Compass)
    }

    /// The compass directions relation `rel` uses on this board (clockwise from N) for which
    /// `holds` does.
    pub(super) fn directions_where<'a>(
        &self,
        rel: Relation,
        mut holds: impl FnMut(Dir) -> bool + 'a,
    ) -> impl Iterator<Item = Dir> + 'a {
        let supported = self.board.supported_bits(rel);
        Dir::ALL
            .into_iter()
            .filter(move |&d| supported >> d as u16 & 1 != 0 && holds(d))
    }

    /// Whether a radial from `a` (on the board) in direction `d` passes through `b`.
    fn radial_reaches(&self, a: i32, d: Dir, b: i32) -> bool {
        if let Some(bits) = self.radial_bits(a, b) {
            return bits >> d as u16 & 1 != 0;
        }
        self.board
            .radials(a as u32, Direction::Compass(d))
            .any(|radial| radial[1..].contains(&(b as u32)))
    }

    /// The compass directions whose radials from `a` (on the board) pass through `b`, as
    /// bits, where the table of them is kept (a fast form); None otherwise.
    #[inline]
    fn radial_bits(&self, a: i32, b: i32) -> Option<u16> {
        let n = self.n();
        if !self.fast_forms || n > RADIAL_TABLE_SITES {
            return None;
        }
        let table = self.radial_between.get_or_init(|| self.radial_between_table());
        Some(if (b as usize) < n {
            table[a as usize * n + b as usize]
        } else {
            0
        })
    }

    /// A fast form of [`Self::radial_reaches`]: per pair of sites (a, b), the compass
    /// directions whose radials from `a` pass through `b`, as bits ([`GameDef::radial_between`],
    /// built when first asked; the test of the fast forms holds it to the radials).
    fn radial_between_table(&self) -> Box<[u16]> {
        let n = self.n();
        let mut table = vec![0u16; n * n].into_boxed_slice();
        for a in 0..n {
            for d in Dir::ALL {
                for radial in self.board.radials(a as u32, Direction::Compass(d)) {
                    for &b in &radial[1..] {
                        table[a * n + b as usize] |= 1 << d as u16;
                    }
                }
            }
        }
        table
    }

    /// A relative direction other than `SameDirection` and `OppositeDirection` for facing
    /// `f`, among the `supported` compass directions.
    fn resolve_facing(r: RelDir, f: Dir, supported: u16, out: &mut Dirs) {
        let sup = |d: Dir| supported >> d as u16 & 1 != 0;
        let mut push_if = |d: Dir| {
            if sup(d) {
                out.push(Direction::Compass(d));
            }
        };
        // the directions from `a` (included) turning by `step` until `b` (excluded)
        let sweep = |a: Dir, step: i32, b: Dir, out: &mut Dirs| {
            let mut d = a;
            for _ in 0..16 {
                if d == b {
                    break;
                }
                if sup(d) {
                    out.push(Direction::Compass(d));
                }
                d = turn(d, step);
            }
        };
        match r {
            RelDir::Forward => push_if(f),
            RelDir::Backward => push_if(turn(f, 8)),
            RelDir::Rightward => push_if(turn(f, 4)),
            RelDir::Leftward => push_if(turn(f, -4)),
            RelDir::Forwards => sweep(turn(f, -3), 1, turn(f, 4), out),
            RelDir::Backwards => sweep(turn(f, 5), 1, turn(f, 12), out),
            RelDir::Rightwards => sweep(turn(f, 1), 1, turn(f, 8), out),
            RelDir::Leftwards => sweep(turn(f, -1), -1, turn(f, 8), out),
            // (Ludii's FLL and FLLL find the same direction as FL, and so on)
            RelDir::FL | RelDir::FLL | RelDir::FLLL => {
                out.extend(first_supported(f, -1, -1, supported).map(Direction::Compass))
            }
            RelDir::BL | RelDir::BLL | RelDir::BLLL => {
                out.extend(first_supported(turn(f, 8), -1, -1, supported).map(Direction::Compass))
            }
            RelDir::FR | RelDir::FRR | RelDir::FRRR => {
                out.extend(first_supported(f, 1, 1, supported).map(Direction::Compass))
            }
            RelDir::BR | RelDir::BRR | RelDir::BRRR => {
                out.extend(first_supported(turn(f, 8), 1, 1, supported).map(Direction::Compass))
            }
            RelDir::SameDirection | RelDir::OppositeDirection => {}
        }
    }
}

/// The first supported direction from `d` turned by `first`, then by `step` at a time (at
/// most a full turn: none when no direction is supported).
fn first_supported(d: Dir, first: i32, step: i32, supported: u16) -> Option<Dir> {
    let mut x = turn(d, first);
    for _ in 0..16 {
        if supported >> x as u16 & 1 != 0 {
            return Some(x);
        }
        x = turn(x, step);
    }
    None
}
