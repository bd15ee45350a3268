//! A loaded game: the executable rules and the board, and the rules' semantics: move
//! generation, application, end rules and the turn model (see `../shared/docs/
//! ludii-semantics.md` for the behaviour reproduced here).

use super::api::{Game, LoadError, Move, State};
use super::board::{Board, Direction, Relation};
use super::moves::{Action, MoveData};
use super::region::Region;
use super::state::{MoveRecord, Piece, StateData, HISTORY};
use crate::check::check_source;
use crate::expand::Selections;
use crate::ir::*;
use smallvec::SmallVec;

#[derive(Debug)]
pub struct GameDef {
    pub name: String,
    pub num_players: u8,
    pub board: Board,
    pub ir: GameIr,
    /// Per relation, per site: the first sites of its radials (what `sites Around` reads),
    /// distinct, as offsets into `around_sites`.
    around_start: Vec<Vec<u32>>,
    around_sites: Vec<Vec<u32>>,
}

/// The first site of every radial of every site, per relation.
fn around_tables(board: &Board) -> (Vec<Vec<u32>>, Vec<Vec<u32>>) {
    let mut starts = Vec::new();
    let mut all = Vec::new();
    for rel in Relation::ALL {
        let mut start = vec![0u32];
        let mut sites = Vec::new();
        for s in 0..board.num_sites() as u32 {
            let from = sites.len();
            for radial in board.radials(s, Direction::Rel(rel)) {
                if let Some(&t) = radial.get(1) {
                    if t != s && !sites[from..].contains(&t) {
                        sites.push(t);
                    }
                }
            }
            start.push(sites.len() as u32);
        }
        starts.push(start);
        all.push(sites);
    }
    (starts, all)
}

pub fn load(name: &str, text: &str, selections: &Selections) -> Result<Game, LoadError> {
    let checked = check_source(name, text, selections)?;
    if checked.has_errors() {
        return Err(LoadError::Invalid(Box::new(checked)));
    }
    let Some(node) = checked.game.as_ref() else {
        return Err(LoadError::Invalid(Box::new(checked)));
    };
    let ir = crate::compile::lower_game(node).map_err(|e| {
        let at = checked.expansion.source_span(e.span(), false).0.map(|s| {
            let f = checked.sources.get(s.file);
            let lc = f.line_col(s.start as usize);
            format!("{}:{}:{}", f.name, lc.line, lc.column)
        });
        match e {
            crate::compile::LowerError::Unsupported { ludeme, .. } => LoadError::Unsupported { ludeme, at },
            crate::compile::LowerError::Invalid { message, .. } => LoadError::Unsupported { ludeme: message, at },
        }
    })?;
    let board = Board::new(&ir.board, ir.site_type).map_err(|e| LoadError::Unsupported {
        ludeme: format!("board: {e}"),
        at: None,
    })?;
    let (around_start, around_sites) = around_tables(&board);
    Ok(Game {
        inner: GameDef {
            name: ir.name.clone(),
            num_players: ir.players,
            board,
            ir,
            around_start,
            around_sites,
        },
    })
}

/// Regions computed once per evaluation of a state (the state does not change while
/// moves are generated or a rule is evaluated).
#[derive(Default)]
struct Cache {
    occupied: std::cell::RefCell<SmallVec<[OccupiedEntry; 4]>>,
    /// Pure regions by slot: (mover, next, prev) they were computed for, and the region.
    regions: std::cell::RefCell<Vec<Option<CachedRegion>>>,
}

/// (players mask, component, top only, region).
type OccupiedEntry = (u32, Option<u16>, bool, Region);
/// ((mover, next, prev), region).
type CachedRegion = ((u8, u8, u8), Region);

/// The evaluation context: the state, the iterator variables and the players' roles.
#[derive(Clone, Copy)]
struct Ctx<'a> {
    s: &'a StateData,
    cache: &'a Cache,
    from: i32,
    to: i32,
    between: i32,
    site: i32,
    value: i32,
    level: i32,
    mover: u8,
    next: u8,
    prev: u8,
}

impl GameDef {
    fn n(&self) -> usize {
        self.board.num_sites()
    }

    fn ctx<'a>(&self, s: &'a StateData, cache: &'a Cache) -> Ctx<'a> {
        Ctx {
            s,
            cache,
            from: -1,
            to: -1,
            between: -1,
            site: -1,
            value: -1,
            level: -1,
            mover: s.mover,
            next: s.next,
            prev: s.prev,
        }
    }

    // ------------------------------------------------------------------ state

    pub fn initial_state(&self) -> State {
        let p = self.num_players as usize;
        let mut s = StateData {
            sites: vec![SmallVec::new(); self.n()],
            scores: SmallVec::from_elem(0, p + 1),
            mover: 1,
            next: if p > 1 { 2 } else { 1 },
            prev: 0,
            var: -1,
            vars: SmallVec::new(),
            pending: SmallVec::new(),
            remembered: SmallVec::new(),
            propositions: SmallVec::new(),
            stalemated: 0,
            active: ((1u32 << (p + 1)) - 1) & !1,
            over: false,
            ranking: SmallVec::from_elem(0.0, p + 1),
            num_turn: 1,
            num_decisions: 0,
            history: SmallVec::new(),
            history_truncated: false,
        };
        for rule in &self.ir.start {
            match rule {
                StartRule::SetScore { role, value } => {
                    let v = self.int(value, &self.ctx(&s, &Cache::default()));
                    for player in self.players_of(*role, &self.ctx(&s, &Cache::default())) {
                        s.scores[player as usize] = v;
                        push_history(
                            &mut s,
                            MoveRecord {
                                mover: 0,
                                from: -1,
                                to: -1,
                                pass: false,
                            },
                        );
                    }
                }
                StartRule::Place {
                    component,
                    sites,
                    region,
                    count,
                } => {
                    let cache = Cache::default();
                    let ctx = self.ctx(&s, &cache);
                    let mut targets: Vec<i32> = sites.iter().map(|i| self.int(i, &ctx)).collect();
                    if let Some(r) = region {
                        targets.extend(self.region(r, &ctx).iter());
                    }
                    for t in targets {
                        let who = self.ir.components[*component as usize].owner;
                        self.add_piece(&mut s, t, *component, who, (*count).max(1) as u32);
                        push_history(
                            &mut s,
                            MoveRecord {
                                mover: 0,
                                from: t,
                                to: t,
                                pass: false,
                            },
                        );
                    }
                }
            }
        }
        State { inner: s }
    }

    fn add_piece(&self, s: &mut StateData, site: i32, what: u16, who: u8, count: u32) {
        if site < 0 || site as usize >= s.sites.len() {
            return;
        }
        let stack = &mut s.sites[site as usize];
        if self.ir.stacking {
            for _ in 0..count {
                stack.push(Piece {
                    what,
                    who,
                    count: 1,
                    ..Piece::default()
                });
            }
        } else if stack.is_empty() {
            stack.push(Piece {
                what,
                who,
                count,
                ..Piece::default()
            });
        }
    }

    /// The players a role denotes in this context.
    fn players_of(&self, role: Role, c: &Ctx) -> SmallVec<[u8; 4]> {
        let n = self.num_players;
        match role {
            Role::Mover => smallvec::smallvec![c.mover],
            Role::Next => smallvec::smallvec![c.next],
            Role::Prev => smallvec::smallvec![c.prev],
            Role::Neutral => smallvec::smallvec![0],
            Role::Shared => smallvec::smallvec![n + 1],
            Role::Player(p) => smallvec::smallvec![p],
            Role::Each | Role::All => (1..=n).collect(),
            Role::NonMover | Role::Enemy => (1..=n).filter(|&p| p != c.mover).collect(),
            Role::Friend => smallvec::smallvec![c.mover],
        }
    }

    fn role_player(&self, role: Role, c: &Ctx) -> i32 {
        match role {
            Role::Mover | Role::Friend => c.mover as i32,
            Role::Next => c.next as i32,
            Role::Prev => c.prev as i32,
            Role::Neutral => 0,
            Role::Shared => self.num_players as i32 + 1,
            Role::Player(p) => p as i32,
            _ => c.mover as i32,
        }
    }

    fn top(s: &StateData, site: i32) -> Option<&Piece> {
        if site < 0 {
            return None;
        }
        s.sites.get(site as usize).and_then(|st| st.last())
    }

    // ------------------------------------------------------------------ functions

    fn int(&self, f: &IntFn, c: &Ctx) -> i32 {
        match f {
            IntFn::Const(v) => *v,
            IntFn::Mover => c.mover as i32,
            IntFn::Next => c.next as i32,
            IntFn::Prev => c.prev as i32,
            IntFn::From => c.from,
            IntFn::To => c.to,
            IntFn::Between => c.between,
            IntFn::Site => c.site,
            IntFn::Value => c.value,
            IntFn::Level => c.level,
            IntFn::Var => c.s.var,
            IntFn::NamedVar(k) => c.s.vars.iter().find(|(n, _)| n == k).map(|(_, v)| *v).unwrap_or(-1),
            IntFn::RolePlayer(r) => self.role_player(*r, c),
            IntFn::Score(p) => {
                let p = self.int(p, c);
                c.s.scores.get(p.max(0) as usize).copied().unwrap_or(0)
            }
            IntFn::Who(at) => Self::top(c.s, self.int(at, c)).map(|p| p.who as i32).unwrap_or(0),
            IntFn::What(at) => Self::top(c.s, self.int(at, c)).map(|p| p.what as i32).unwrap_or(0),
            IntFn::SizeStack(at) => {
                let s = self.int(at, c);
                if s < 0 {
                    0
                } else {
                    c.s.sites.get(s as usize).map(|st| st.len() as i32).unwrap_or(0)
                }
            }
            IntFn::CountSites(r) => self.count_region(r, c),
            IntFn::CountPieces(role, name) => {
                let players = self.players_of(*role, c);
                let mut n = 0;
                for st in &c.s.sites {
                    for p in st {
                        if players.contains(&p.who)
                            && name
                                .is_none_or(|k| self.ir.components[p.what as usize].base == self.ir.names[k as usize])
                        {
                            n += p.count.max(1) as i32;
                        }
                    }
                }
                n
            }
            IntFn::CountSteps(a, b) => {
                let a = self.int(a, c);
                let b = self.int(b, c);
                if a < 0 || b < 0 {
                    return 0;
                }
                let rel = self.ir.distance_relation.unwrap_or(Relation::Adjacent);
                self.board.distances(rel).distance(a as u32, b as u32) as i32
            }
            IntFn::CentrePoint => self.board.centre_point().map(|s| s as i32).unwrap_or(-1),
            IntFn::Ahead { site, steps, dir } => {
                let s = self.int(site, c);
                if s < 0 {
                    return -1;
                }
                let k = self.int(steps, c);
                self.board.ahead(s as u32, k.max(0) as usize, *dir) as i32
            }
            IntFn::Add(v) => v.iter().map(|x| self.int(x, c)).fold(0i32, |a, b| a.wrapping_add(b)),
            IntFn::Sub(a, b) => self.int(a, c).wrapping_sub(self.int(b, c)),
            IntFn::Mul(v) => v.iter().map(|x| self.int(x, c)).fold(1i32, |a, b| a.wrapping_mul(b)),
            IntFn::Div(a, b) => {
                let b = self.int(b, c);
                if b == 0 {
                    0
                } else {
                    self.int(a, c).wrapping_div(b)
                }
            }
            IntFn::Mod(a, b) => {
                let b = self.int(b, c);
                if b == 0 {
                    0
                } else {
                    self.int(a, c).wrapping_rem(b)
                }
            }
            IntFn::Neg(a) => self.int(a, c).wrapping_neg(),
            IntFn::Sum(l) => self.ints(l, c).iter().fold(0i32, |a, b| a.wrapping_add(*b)),
            IntFn::Min(l) => self.ints(l, c).into_iter().min().unwrap_or(-1),
            IntFn::Max(l) => self.ints(l, c).into_iter().max().unwrap_or(-1),
            IntFn::LastTo => c.s.history.last().map(|m| m.to).unwrap_or(-1),
            IntFn::LastFrom => c.s.history.last().map(|m| m.from).unwrap_or(-1),
            IntFn::ValuePending => {
                if c.s.pending.len() == 1 {
                    c.s.pending[0]
                } else {
                    0
                }
            }
            IntFn::Id { role, by_player } => {
                let p = self.role_player(*role, c);
                by_player.get(p.max(0) as usize).copied().unwrap_or(-1)
            }
            IntFn::If(b, x, y) => {
                if self.boolean(b, c) {
                    self.int(x, c)
                } else {
                    self.int(y, c)
                }
            }
        }
    }

    fn ints(&self, f: &IntsFn, c: &Ctx) -> Vec<i32> {
        match f {
            IntsFn::List(v) => v.iter().map(|x| self.int(x, c)).collect(),
            IntsFn::Remembered => c.s.remembered.to_vec(),
            IntsFn::Results { from, to, value } => {
                let mut out = Vec::new();
                for f in self.region(from, c).iter() {
                    let mut c1 = *c;
                    c1.from = f;
                    for t in self.region(to, &c1).iter() {
                        let mut c2 = c1;
                        c2.to = t;
                        out.push(self.int(value, &c2));
                    }
                }
                out
            }
        }
    }

    fn boolean(&self, f: &BoolFn, c: &Ctx) -> bool {
        match f {
            BoolFn::Const(b) => *b,
            BoolFn::Not(x) => !self.boolean(x, c),
            BoolFn::And(v) => v.iter().all(|x| self.boolean(x, c)),
            BoolFn::Or(v) => v.iter().any(|x| self.boolean(x, c)),
            BoolFn::Xor(a, b) => self.boolean(a, c) != self.boolean(b, c),
            BoolFn::Eq(a, b) => self.int(a, c) == self.int(b, c),
            BoolFn::Ne(a, b) => self.int(a, c) != self.int(b, c),
            BoolFn::Lt(a, b) => self.int(a, c) < self.int(b, c),
            BoolFn::Le(a, b) => self.int(a, c) <= self.int(b, c),
            BoolFn::Gt(a, b) => self.int(a, c) > self.int(b, c),
            BoolFn::Ge(a, b) => self.int(a, c) >= self.int(b, c),
            BoolFn::RegionEq(a, b) => self.region(a, c) == self.region(b, c),
            BoolFn::IsEmpty(s) => {
                let s = self.int(s, c);
                s >= 0 && c.s.sites.get(s as usize).is_some_and(|st| st.is_empty())
            }
            BoolFn::IsOccupied(s) => {
                let s = self.int(s, c);
                s >= 0 && c.s.sites.get(s as usize).is_some_and(|st| !st.is_empty())
            }
            BoolFn::IsIn(s, r) => {
                let s = self.int(s, c);
                s >= 0 && self.region(r, c).contains(s)
            }
            BoolFn::IsWithinRegion(what, r) => {
                let what = self.int(what, c);
                if let Some(near) = self.small_around(r, c) {
                    return near
                        .iter()
                        .any(|&t| c.s.sites[t as usize].iter().any(|p| p.what as i32 == what));
                }
                let region = self.region(r, c);
                let found = region
                    .iter()
                    .any(|s| c.s.sites[s as usize].iter().any(|p| p.what as i32 == what));
                found
            }
            BoolFn::IsWithinAt(what, at) => {
                let what = self.int(what, c);
                let at = self.int(at, c);
                at >= 0
                    && c.s
                        .sites
                        .get(at as usize)
                        .is_some_and(|st| st.iter().any(|p| p.what as i32 == what))
            }
            BoolFn::IsPlayer(role, w) => self.int(w, c) == self.role_player(*role, c),
            BoolFn::IsEnemy(w) => {
                let w = self.int(w, c);
                w > 0 && w != c.mover as i32 && w <= self.num_players as i32
            }
            BoolFn::IsFriend(w) => self.int(w, c) == c.mover as i32,
            BoolFn::IsPrevMover => c.prev == c.mover,
            BoolFn::IsPending => !c.s.pending.is_empty(),
            BoolFn::IsProposed(k) => c.s.propositions.contains(k),
            BoolFn::IsEven(x) => self.int(x, c) % 2 == 0,
            BoolFn::IsOdd(x) => self.int(x, c) % 2 != 0,
            BoolFn::AllPassed => all_passed(c.s, self.num_players),
            BoolFn::NoMoves(role) => self.no_moves(*role, c),
            BoolFn::If(a, b, d) => {
                if self.boolean(a, c) {
                    self.boolean(b, c)
                } else {
                    self.boolean(d, c)
                }
            }
        }
    }

    /// `(no Moves Next)`: can the player `Next` denotes move (as the mover)? `Mover`: the
    /// mover's stalemated flag.
    fn no_moves(&self, role: Role, c: &Ctx) -> bool {
        match role {
            Role::Mover => c.s.stalemated & (1 << c.mover) != 0,
            _ => {
                let p = self.role_player(role, c) as u8;
                let mut c2 = *c;
                c2.prev = c.mover;
                c2.mover = p;
                c2.next = self.next_after(p, c.s);
                let mut out = Vec::new();
                self.gen(&self.ir.play, &mut c2, &mut out);
                out.is_empty()
            }
        }
    }

    fn next_after(&self, p: u8, s: &StateData) -> u8 {
        let n = self.num_players;
        let mut q = p;
        for _ in 0..n {
            q = q % n + 1;
            if s.active & (1 << q) != 0 {
                return q;
            }
        }
        p % n + 1
    }

    /// The first site of each radial from `s` in `dirs`: distinct, in Ludii's order.
    fn around_site(&self, s: i32, dirs: &[Direction], out: &mut SmallVec<[u32; 12]>) {
        if s < 0 || s as usize >= self.n() {
            return;
        }
        for d in dirs {
            if let Direction::Rel(r) = d {
                let (a, b) = (
                    self.around_start[*r as usize][s as usize],
                    self.around_start[*r as usize][s as usize + 1],
                );
                let near = &self.around_sites[*r as usize][a as usize..b as usize];
                if dirs.len() == 1 {
                    out.extend_from_slice(near);
                    return;
                }
                for &t in near {
                    if !out.contains(&t) {
                        out.push(t);
                    }
                }
                continue;
            }
            for radial in self.board.radials(s as u32, *d) {
                if let Some(&t) = radial.get(1) {
                    if t != s as u32 && !out.contains(&t) {
                        out.push(t);
                    }
                }
            }
        }
    }

    /// `(sites Around <site>)` without a condition: its sites, without building a region.
    fn small_around(&self, r: &RegionFn, c: &Ctx) -> Option<SmallVec<[u32; 12]>> {
        let RegionFn::Around {
            sites,
            dirs,
            cond: None,
            include_self: false,
        } = r
        else {
            return None;
        };
        let RegionFn::Site(x) = &**sites else { return None };
        let mut out = SmallVec::new();
        self.around_site(self.int(x, c), dirs, &mut out);
        Some(out)
    }

    /// The number of sites of a region; intersections with the neighbours of one site are
    /// counted without building regions.
    fn count_region(&self, r: &RegionFn, c: &Ctx) -> i32 {
        if let RegionFn::Intersection(v) = r {
            if let Some((i, near)) = v
                .iter()
                .enumerate()
                .find_map(|(i, x)| self.small_around(x, c).map(|n| (i, n)))
            {
                let others: SmallVec<[Region; 2]> = v
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .map(|(_, x)| self.region(x, c))
                    .collect();
                return near
                    .iter()
                    .filter(|&&t| others.iter().all(|o| o.contains(t as i32)))
                    .count() as i32;
            }
        }
        if let Some(near) = self.small_around(r, c) {
            return near.len() as i32;
        }
        self.region(r, c).len() as i32
    }

    fn region(&self, f: &RegionFn, c: &Ctx) -> Region {
        let n = self.n();
        match f {
            RegionFn::Board => Region::full(n),
            RegionFn::Empty => {
                let mut r = Region::new(n);
                for (i, st) in c.s.sites.iter().enumerate() {
                    if st.is_empty() {
                        r.insert(i as i32);
                    }
                }
                r
            }
            RegionFn::Occupied { role, component, top } => {
                let players = self.players_of(*role, c);
                let mask = players.iter().fold(0u32, |m, &p| m | 1 << p);
                if let Some(r) = c
                    .cache
                    .occupied
                    .borrow()
                    .iter()
                    .find(|e| e.0 == mask && e.1 == *component && e.2 == *top)
                {
                    return r.3.clone();
                }
                let mut r = Region::new(n);
                for (i, st) in c.s.sites.iter().enumerate() {
                    let hit = |p: &Piece| {
                        players.contains(&p.who)
                            && component
                                .is_none_or(|k| self.ir.components[p.what as usize].base == self.ir.names[k as usize])
                    };
                    let ok = if *top || !self.ir.stacking {
                        st.last().is_some_and(hit)
                    } else {
                        st.iter().any(hit)
                    };
                    if ok {
                        r.insert(i as i32);
                    }
                }
                c.cache.occupied.borrow_mut().push((mask, *component, *top, r.clone()));
                r
            }
            RegionFn::Sites(v) => {
                let mut r = Region::new(n);
                for x in v {
                    r.insert(self.int(x, c));
                }
                r
            }
            RegionFn::Site(x) => {
                let mut r = Region::new(n);
                r.insert(self.int(x, c));
                r
            }
            RegionFn::Around {
                sites,
                dirs,
                cond,
                include_self,
            } => {
                if let (RegionFn::Site(x), None, false) = (&**sites, cond, include_self) {
                    let mut near = SmallVec::new();
                    self.around_site(self.int(x, c), dirs, &mut near);
                    let mut r = Region::new(n);
                    for t in near {
                        r.insert(t as i32);
                    }
                    return r;
                }
                let centres = self.region(sites, c);
                let mut r = Region::new(n);
                for s in centres.iter() {
                    for d in dirs {
                        for radial in self.board.radials(s as u32, *d) {
                            let Some(&t) = radial.get(1) else { continue };
                            let ok = match cond {
                                None => true,
                                Some(b) => {
                                    let mut c2 = *c;
                                    c2.from = s;
                                    c2.to = t as i32;
                                    self.boolean(b, &c2)
                                }
                            };
                            if ok {
                                r.insert(t as i32);
                            }
                        }
                    }
                }
                if !include_self {
                    r.subtract(&centres);
                }
                r
            }
            RegionFn::Corners => {
                let mut r = Region::new(n);
                for &s in self.board.corners() {
                    r.insert(s as i32);
                }
                r
            }
            RegionFn::Perimeter => {
                let mut r = Region::new(n);
                for &s in self.board.perimeter() {
                    r.insert(s as i32);
                }
                r
            }
            RegionFn::Centre => {
                let mut r = Region::new(n);
                for &s in self.board.centre() {
                    r.insert(s as i32);
                }
                r
            }
            RegionFn::Union(v) => {
                let mut r = Region::new(n);
                for x in v {
                    r.union_with(&self.region(x, c));
                }
                r
            }
            RegionFn::Intersection(v) => {
                let mut it = v.iter();
                let Some(first) = it.next() else { return Region::new(n) };
                let mut r = self.region(first, c);
                for x in it {
                    r.intersect_with(&self.region(x, c));
                }
                r
            }
            RegionFn::Difference(a, b) => {
                let mut r = self.region(a, c);
                r.subtract(&self.region(b, c));
                r
            }
            RegionFn::Filter(a, cond) => {
                let base = self.region(a, c);
                let mut r = Region::new(n);
                for s in base.iter() {
                    let mut c2 = *c;
                    c2.site = s;
                    if self.boolean(cond, &c2) {
                        r.insert(s);
                    }
                }
                r
            }
            RegionFn::Remembered => {
                let mut r = Region::new(n);
                for &v in &c.s.remembered {
                    r.insert(v);
                }
                r
            }
            RegionFn::To(m) => {
                let mut c2 = *c;
                let mut out = Vec::new();
                self.gen(m, &mut c2, &mut out);
                let mut r = Region::new(n);
                for mv in out {
                    r.insert(mv.to);
                }
                r
            }
            RegionFn::Cached(slot, inner) => {
                let key = (c.mover, c.next, c.prev);
                let slot = *slot as usize;
                if let Some(Some((k, r))) = c.cache.regions.borrow().get(slot) {
                    if *k == key {
                        return r.clone();
                    }
                }
                let r = self.region(inner, c);
                let mut regions = c.cache.regions.borrow_mut();
                if regions.len() <= slot {
                    regions.resize(slot + 1, None);
                }
                regions[slot] = Some((key, r.clone()));
                r
            }
            RegionFn::Direction { .. }
            | RegionFn::LineOfSightPiece { .. }
            | RegionFn::Between { .. }
            | RegionFn::Distance { .. } => {
                // lowered only where the engine supports them
                Region::new(n)
            }
        }
    }

    // ------------------------------------------------------------------ generation

    /// Generate the moves of `m` into `out`, attaching its consequents.
    fn gen(&self, m: &Moves, c: &mut Ctx, out: &mut Vec<MoveData>) {
        let start = out.len();
        self.gen_kind(&m.kind, c, out);
        if let Some(t) = m.then {
            for mv in &mut out[start..] {
                mv.then.push(t);
            }
        }
    }

    fn new_move(&self, c: &Ctx, from: i32, to: i32, actions: SmallVec<[Action; 2]>) -> MoveData {
        MoveData {
            forced: false,
            actions,
            from,
            to,
            mover: c.mover,
            then: SmallVec::new(),
        }
    }

    /// The actions of the effects `m` generates now (for `apply` in a `to`/`between`).
    fn effect_actions(&self, m: &Moves, c: &Ctx) -> SmallVec<[Action; 2]> {
        let mut c2 = *c;
        let mut tmp = Vec::new();
        self.gen(m, &mut c2, &mut tmp);
        tmp.into_iter().flat_map(|mv| mv.actions).collect()
    }

    /// The site a step or hop starts from: its `(from ..)` site, else the iterator `from`.
    fn origin(&self, from: &Option<Place>, c: &Ctx) -> i32 {
        match from.as_ref().and_then(|p| p.site.as_ref()) {
            Some(s) => self.int(s, c),
            None => c.from,
        }
    }

    fn piece_index(&self, p: &Option<PieceFn>, c: &Ctx) -> i32 {
        match p {
            Some(PieceFn::Index(f)) => self.int(f, c),
            None => c.mover as i32,
        }
    }

    fn gen_kind(&self, k: &MovesKind, c: &mut Ctx, out: &mut Vec<MoveData>) {
        match k {
            MovesKind::Pass => out.push(self.new_move(c, -1, -1, smallvec::smallvec![Action::Pass])),
            MovesKind::Add {
                piece,
                to,
                count,
                stack: _,
                decision: _,
            } => {
                let what = self.piece_index(piece, c);
                if what < 1 || what as usize >= self.ir.components.len() {
                    return;
                }
                let who = self.ir.components[what as usize].owner;
                let count = count.as_ref().map(|f| self.int(f, c)).unwrap_or(1);
                if count < 1 {
                    return;
                }
                let emit = |t: i32, c: &Ctx, out: &mut Vec<MoveData>| {
                    let mut c2 = *c;
                    c2.to = t;
                    if to.cond.as_ref().is_none_or(|b| self.boolean(b, &c2)) {
                        let mut actions: SmallVec<[Action; 2]> = SmallVec::new();
                        if let Some(e) = &to.apply {
                            actions.extend(self.effect_actions(e, &c2));
                        }
                        for _ in 0..count {
                            actions.push(Action::Add {
                                site: t as u32,
                                what: what as u16,
                                who,
                                count: 1,
                            });
                        }
                        out.push(self.new_move(c, t, t, actions));
                    }
                };
                if let Some(site) = &to.site {
                    let t = self.int(site, c);
                    if t >= 0 && (t as usize) < self.n() {
                        emit(t, c, out);
                    }
                } else if let Some(r) = &to.region {
                    for t in self.region(r, c).iter() {
                        emit(t, c, out);
                    }
                }
            }
            MovesKind::Step {
                from,
                dirs,
                to,
                decision: _,
            } => {
                let f = self.origin(from, c);
                if f < 0 {
                    return;
                }
                let start = out.len();
                for d in dirs {
                    for &t in self.board.steps_in(f as u32, *d) {
                        let t = t as i32;
                        let mut c2 = *c;
                        c2.from = f;
                        c2.to = t;
                        if to.cond.as_ref().is_none_or(|b| self.boolean(b, &c2))
                            && !out[start..].iter().any(|m| m.from == f && m.to == t)
                        {
                            let mut actions: SmallVec<[Action; 2]> = SmallVec::new();
                            if let Some(e) = &to.apply {
                                actions.extend(self.effect_actions(e, &c2));
                            }
                            actions.push(Action::Move {
                                from: f as u32,
                                to: t as u32,
                                count: 1,
                                copy: false,
                            });
                            out.push(self.new_move(c, f, t, actions));
                        }
                    }
                }
            }
            MovesKind::Hop {
                from,
                dirs,
                between_cond,
                between_apply,
                to,
                decision: _,
            } => {
                let f = self.origin(from, c);
                if f < 0 {
                    return;
                }
                for d in dirs {
                    for radial in self.board.radials(f as u32, *d) {
                        let Some(&b) = radial.get(1) else { continue };
                        let mut c2 = *c;
                        c2.from = f;
                        c2.between = b as i32;
                        if !between_cond.as_ref().is_none_or(|x| self.boolean(x, &c2)) {
                            continue;
                        }
                        let Some(&t) = radial.get(2) else { continue };
                        c2.to = t as i32;
                        if !to.cond.as_ref().is_none_or(|x| self.boolean(x, &c2)) {
                            continue;
                        }
                        let mut actions: SmallVec<[Action; 2]> = SmallVec::new();
                        if let Some(e) = between_apply {
                            actions.extend(self.effect_actions(e, &c2));
                        }
                        if let Some(e) = &to.apply {
                            actions.extend(self.effect_actions(e, &c2));
                        }
                        actions.push(Action::Move {
                            from: f as u32,
                            to: t,
                            count: 1,
                            copy: false,
                        });
                        out.push(self.new_move(c, f, t as i32, actions));
                    }
                }
            }
            MovesKind::FromTo {
                from,
                to,
                count,
                copy,
                decision: _,
            } => {
                let origins: Vec<i32> = match (&from.site, &from.region) {
                    (Some(s), _) => vec![self.int(s, c)],
                    (_, Some(r)) => self.region(r, c).iter().collect(),
                    _ => vec![],
                };
                for f in origins {
                    if Self::top(c.s, f).is_none() {
                        continue;
                    }
                    let mut c1 = *c;
                    c1.from = f;
                    if !from.cond.as_ref().is_none_or(|b| self.boolean(b, &c1)) {
                        continue;
                    }
                    let targets: Vec<i32> = match (&to.site, &to.region) {
                        (Some(s), _) => vec![self.int(s, &c1)],
                        (_, Some(r)) => self.region(r, &c1).iter().collect(),
                        _ => vec![],
                    };
                    let n = count.as_ref().map(|x| self.int(x, &c1)).unwrap_or(1).max(1) as u32;
                    for t in targets {
                        if t < 0 {
                            continue;
                        }
                        let mut c2 = c1;
                        c2.to = t;
                        if !to.cond.as_ref().is_none_or(|b| self.boolean(b, &c2)) {
                            continue;
                        }
                        let mut actions: SmallVec<[Action; 2]> = SmallVec::new();
                        if let Some(e) = &to.apply {
                            actions.extend(self.effect_actions(e, &c2));
                        }
                        actions.push(Action::Move {
                            from: f as u32,
                            to: t as u32,
                            count: n,
                            copy: *copy,
                        });
                        out.push(self.new_move(c, f, t, actions));
                    }
                }
            }
            MovesKind::Remove {
                site,
                region,
                count,
                level,
                decision: _,
            } => {
                let targets: Vec<i32> = match (site, region) {
                    (Some(s), _) => vec![self.int(s, c)],
                    (_, Some(r)) => self.region(r, c).iter().collect(),
                    _ => vec![],
                };
                let n = count.as_ref().map(|x| self.int(x, c)).unwrap_or(1).max(1);
                let level = level.as_ref().map(|x| self.int(x, c));
                for t in targets {
                    if Self::top(c.s, t).is_none() {
                        continue;
                    }
                    let actions = (0..n)
                        .map(|_| Action::Remove {
                            site: t as u32,
                            level: level.map(|l| l.max(0) as u32),
                        })
                        .collect();
                    out.push(self.new_move(c, t, t, actions));
                }
            }
            MovesKind::SetScore { role, player, value } | MovesKind::AddScore { role, player, value } => {
                let v = self.int(value, c);
                let players: SmallVec<[u8; 4]> = match player {
                    Some(p) => smallvec::smallvec![self.int(p, c).max(0) as u8],
                    None => self.players_of(*role, c),
                };
                let add = matches!(k, MovesKind::AddScore { .. });
                let actions = players
                    .into_iter()
                    .map(|p| {
                        if add {
                            Action::AddScore { player: p, delta: v }
                        } else {
                            Action::SetScore { player: p, value: v }
                        }
                    })
                    .collect();
                out.push(self.new_move(c, -1, -1, actions));
            }
            MovesKind::SetVar(v) => {
                let v = v.as_ref().map(|x| self.int(x, c)).unwrap_or(-1);
                out.push(self.new_move(c, -1, -1, smallvec::smallvec![Action::SetVar(v)]));
            }
            MovesKind::SetNamedVar(name, v) => {
                let v = v.as_ref().map(|x| self.int(x, c)).unwrap_or(-1);
                out.push(self.new_move(
                    c,
                    -1,
                    -1,
                    smallvec::smallvec![Action::SetNamedVar { name: *name, value: v }],
                ));
            }
            MovesKind::SetPending(v) => {
                let v = v.as_ref().map(|x| self.int(x, c)).unwrap_or(1);
                out.push(self.new_move(c, -1, -1, smallvec::smallvec![Action::AddPending(v)]));
            }
            MovesKind::SetPendingRegion(r) => {
                let r = self.region(r, c);
                if !r.is_empty() {
                    out.push(self.new_move(c, -1, -1, r.iter().map(Action::AddPending).collect()));
                }
            }
            MovesKind::Remember { value, unique } => {
                let v = self.int(value, c);
                if !*unique || !c.s.remembered.contains(&v) {
                    out.push(self.new_move(c, -1, -1, smallvec::smallvec![Action::Remember(v)]));
                }
            }
            MovesKind::ForgetAll => {
                if !c.s.remembered.is_empty() {
                    out.push(self.new_move(c, -1, -1, c.s.remembered.iter().map(|&v| Action::Forget(v)).collect()));
                }
            }
            MovesKind::MoveAgain => out.push(self.new_move(c, -1, -1, smallvec::smallvec![Action::SetNext(c.mover)])),
            MovesKind::Propose(k) => out.push(self.new_move(c, -1, -1, smallvec::smallvec![Action::Propose(*k)])),
            MovesKind::ForEachPiece { item, body, role, top } => {
                let Some(body) = body else { return };
                let player = self.role_player(*role, c) as u8;
                let real = *c;
                let mut c1 = *c;
                if player != c.mover && player != 0 {
                    c1.prev = c.mover;
                    c1.next = c.mover;
                    c1.mover = player;
                }
                let start = out.len();
                for (comp, k) in self.ir.components.iter().enumerate().skip(1) {
                    if k.owner != player || item.is_some_and(|it| k.base != self.ir.names[it as usize]) {
                        continue;
                    }
                    for (site, st) in c.s.sites.iter().enumerate() {
                        for (level, p) in st.iter().enumerate() {
                            if p.what as usize != comp || (*top && level + 1 != st.len()) {
                                continue;
                            }
                            let mut c2 = c1;
                            c2.from = site as i32;
                            c2.level = level as i32;
                            self.gen(body, &mut c2, out);
                        }
                    }
                }
                for mv in &mut out[start..] {
                    mv.mover = real.mover;
                }
            }
            MovesKind::ForEachValue { min, max, body } => {
                let (a, b) = (self.int(min, c), self.int(max, c));
                for v in a..=b {
                    let mut c2 = *c;
                    c2.value = v;
                    self.gen(body, &mut c2, out);
                }
            }
            MovesKind::ForEachSite { region, body } => {
                for s in self.region(region, c).iter() {
                    let mut c2 = *c;
                    c2.site = s;
                    c2.to = s;
                    self.gen(body, &mut c2, out);
                }
            }
            MovesKind::Or(v) | MovesKind::And(v) => {
                for m in v {
                    self.gen(m, c, out);
                }
            }
            MovesKind::If(b, x, y) => {
                if self.boolean(b, c) {
                    self.gen(x, c, out);
                } else if let Some(y) = y {
                    self.gen(y, c, out);
                }
            }
            MovesKind::Priority(v) => {
                for m in v {
                    let start = out.len();
                    self.gen(m, c, out);
                    if out.len() > start {
                        return;
                    }
                }
            }
            MovesKind::Do { .. } => {}
        }
    }

    // ------------------------------------------------------------------ legal moves and apply

    pub fn legal_moves(&self, state: &State) -> Vec<Move> {
        let s = &state.inner;
        if s.over {
            return Vec::new();
        }
        let cache = Cache::default();
        let mut c = self.ctx(s, &cache);
        let mut out = Vec::new();
        self.gen(&self.ir.play, &mut c, &mut out);
        if out.is_empty() {
            out.push(MoveData {
                forced: true,
                actions: smallvec::smallvec![Action::Pass],
                from: -1,
                to: -1,
                mover: s.mover,
                then: SmallVec::new(),
            });
        }
        out.into_iter().map(|inner| Move { inner }).collect()
    }

    pub fn apply(&self, state: &mut State, mv: &Move) {
        let s = &mut state.inner;
        let m = &mv.inner;
        if s.over {
            return;
        }
        // 1. the mover's stalemated flag
        let bit = 1u32 << s.mover;
        // (a pass the rules offered means the mover could move; the engine's forced pass
        // means it could not)
        let stuck = m.forced;
        if stuck {
            s.stalemated |= bit;
        } else {
            s.stalemated &= !bit;
        }
        // 2-3. pending cleared, the move and its consequents
        s.pending.clear();
        self.execute(s, m, true);
        s.num_decisions += 1;
        // 4. end rules, the all-pass draw, the turn limit
        if !s.over {
            self.end_rules(s);
        }
        if !s.over && !self.ir.uses_all_passed && all_passed(s, self.num_players) {
            self.draw_all(s);
        }
        if !s.over && (s.num_turn >= 1250 * self.num_players as u32 || s.num_decisions >= 10_000) {
            self.draw_all(s);
        }
        // 5-6. the turn change
        if s.over {
            s.prev = s.mover;
        } else {
            s.prev = s.mover;
            let old = s.mover;
            s.mover = s.next;
            if s.mover != old {
                s.num_turn += 1;
            }
            s.next = self.next_after(s.mover, s);
        }
    }

    /// Apply a move's actions, record it (if `store`), then its consequents.
    fn execute(&self, s: &mut StateData, m: &MoveData, store: bool) {
        for a in &m.actions {
            self.act(s, a, m.mover);
        }
        if store {
            push_history(
                s,
                MoveRecord {
                    mover: m.mover,
                    from: m.from,
                    to: m.to,
                    pass: m.is_pass(),
                },
            );
        }
        for &t in &m.then {
            let rule = &self.ir.thens[t as usize];
            let mut out = Vec::new();
            {
                let cache = Cache::default();
                let mut c = self.ctx(s, &cache);
                c.from = m.from;
                c.to = m.to;
                self.gen(rule, &mut c, &mut out);
            }
            for sub in &out {
                self.execute(s, sub, false);
            }
        }
    }

    fn act(&self, s: &mut StateData, a: &Action, mover: u8) {
        match a {
            Action::Add { site, what, who, count } => self.add_piece(s, *site as i32, *what, *who, *count),
            Action::Remove { site, level } => {
                if let Some(st) = s.sites.get_mut(*site as usize) {
                    match level {
                        Some(l) if (*l as usize) + 1 < st.len() => {
                            st.remove(*l as usize);
                        }
                        _ => {
                            st.pop();
                        }
                    }
                }
            }
            Action::Move { from, to, count, copy } => {
                let (f, t) = (*from as usize, *to as usize);
                if f >= s.sites.len() || t >= s.sites.len() {
                    return;
                }
                if self.ir.stacking {
                    let h = s.sites[f].len();
                    let n = (*count as usize).min(h);
                    if n == 0 {
                        return;
                    }
                    let moved: SmallVec<[Piece; 4]> = s.sites[f][h - n..].iter().copied().collect();
                    if !*copy {
                        s.sites[f].truncate(h - n);
                    }
                    s.sites[t].extend(moved);
                } else {
                    let Some(p) = s.sites[f].last().copied() else { return };
                    if !*copy {
                        s.sites[f].clear();
                    }
                    s.sites[t].clear();
                    s.sites[t].push(p);
                }
            }
            Action::SetScore { player, value } => {
                if let Some(x) = s.scores.get_mut(*player as usize) {
                    *x = *value;
                }
            }
            Action::AddScore { player, delta } => {
                if let Some(x) = s.scores.get_mut(*player as usize) {
                    *x = x.wrapping_add(*delta);
                }
            }
            Action::SetVar(v) => s.var = *v,
            Action::SetNamedVar { name, value } => match s.vars.iter_mut().find(|(n, _)| n == name) {
                Some(e) => e.1 = *value,
                None => s.vars.push((*name, *value)),
            },
            Action::AddPending(v) => {
                if !s.pending.contains(v) {
                    s.pending.push(*v);
                }
            }
            Action::Remember(v) => s.remembered.push(*v),
            Action::Forget(v) => {
                if let Some(i) = s.remembered.iter().position(|x| x == v) {
                    s.remembered.remove(i);
                }
            }
            Action::SetNext(p) => s.next = *p,
            Action::Pass => {}
            Action::Propose(k) => s.propositions.push(*k),
        }
        let _ = mover;
    }

    fn end_rules(&self, s: &mut StateData) {
        for rule in &self.ir.end {
            if s.over {
                break;
            }
            let cache = Cache::default();
            let c = self.ctx(s, &cache);
            if !self.boolean(&rule.cond, &c) {
                continue;
            }
            let mut result = rule.result.clone();
            for sub in &rule.subs {
                if let Some(r) = self.first_result(sub, &c) {
                    result = Some(r);
                    break;
                }
            }
            if let Some(r) = result {
                self.apply_result(s, &r);
            }
        }
    }

    fn first_result(&self, rule: &EndRule, c: &Ctx) -> Option<EndResult> {
        if !self.boolean(&rule.cond, c) {
            return None;
        }
        for sub in &rule.subs {
            if let Some(r) = self.first_result(sub, c) {
                return Some(r);
            }
        }
        rule.result.clone()
    }

    fn apply_result(&self, s: &mut StateData, r: &EndResult) {
        let n = self.num_players as usize;
        match r {
            EndResult::Result(role, outcome) => {
                let cache = Cache::default();
                let c = self.ctx(s, &cache);
                let p = self.role_player(*role, &c) as usize;
                if p == 0 || p > n || s.active & (1 << p) == 0 {
                    return;
                }
                match outcome {
                    Outcome::Win => {
                        s.ranking[p] = 1.0;
                        for q in 1..=n {
                            if q != p {
                                s.ranking[q] = n as f64;
                            }
                        }
                        if n > 2 {
                            for q in 1..=n {
                                if q != p {
                                    s.ranking[q] = (2 + n) as f64 / 2.0;
                                }
                            }
                        }
                    }
                    Outcome::Loss => {
                        s.ranking[p] = n as f64;
                        for q in 1..=n {
                            if q != p {
                                s.ranking[q] = if n == 2 { 1.0 } else { (n as f64) / 2.0 };
                            }
                        }
                    }
                    Outcome::Draw | Outcome::Tie => {
                        for q in 1..=n {
                            s.ranking[q] = (n as f64 + 1.0) / 2.0;
                        }
                    }
                }
                s.active = 0;
                s.over = true;
            }
            EndResult::ByScore => {
                for p in 1..=n {
                    let better = (1..=n).filter(|&q| s.scores[q] > s.scores[p]).count();
                    let equal = (1..=n).filter(|&q| s.scores[q] == s.scores[p]).count();
                    s.ranking[p] = better as f64 + (equal as f64 + 1.0) / 2.0;
                }
                s.active = 0;
                s.over = true;
            }
        }
    }

    fn draw_all(&self, s: &mut StateData) {
        let n = self.num_players as usize;
        for q in 1..=n {
            if s.active & (1 << q) != 0 {
                s.ranking[q] = (n as f64 + 1.0) / 2.0;
            }
        }
        s.active = 0;
        s.over = true;
    }

    // ------------------------------------------------------------------ texts

    fn site_text(&self, st: &[Piece]) -> String {
        let mut out = String::new();
        for (i, p) in st.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            out.push_str(&self.ir.components[p.what as usize].name);
            if !self.ir.stacking && p.count > 1 {
                out.push_str(&format!("*{}", p.count));
            }
            if p.state != 0 {
                out.push_str(&format!("~s{}", p.state));
            }
            if p.value != 0 {
                out.push_str(&format!("~v{}", p.value));
            }
            if p.rotation != 0 {
                out.push_str(&format!("~r{}", p.rotation));
            }
        }
        out
    }

    fn tail(&self, s: &StateData) -> String {
        let mut t = format!("|m{}", s.mover);
        if self.ir.scores {
            let scores: Vec<String> = s.scores[1..].iter().map(|x| x.to_string()).collect();
            t.push_str(&format!("|s{}", scores.join(",")));
        }
        if s.over {
            let r: Vec<String> = s.ranking.iter().map(|x| java_double(*x)).collect();
            t.push_str(&format!("|over:[{}]", r.join(",")));
        }
        t
    }

    pub fn state_text(&self, state: &State) -> String {
        let s = &state.inner;
        let parts: Vec<String> = s
            .sites
            .iter()
            .enumerate()
            .filter(|(_, st)| !st.is_empty())
            .map(|(i, st)| format!("{i}={}", self.site_text(st)))
            .collect();
        parts.join(" ") + &self.tail(s)
    }

    pub fn diff_text(&self, before: &State, after: &State) -> String {
        let (a, b) = (&before.inner, &after.inner);
        let parts: Vec<String> = a
            .sites
            .iter()
            .zip(&b.sites)
            .enumerate()
            .filter(|(_, (x, y))| x != y)
            .map(|(i, (_, y))| format!("{i}={}", self.site_text(y)))
            .collect();
        parts.join(" ") + &self.tail(b)
    }

    pub fn move_text(&self, mv: &Move) -> String {
        let m = &mv.inner;
        if m.is_pass() {
            return "pass".to_string();
        }
        let label = |s: i32| {
            if s >= 0 && (s as usize) < self.n() {
                self.board.label(s as u32).to_string()
            } else {
                "-".into()
            }
        };
        if m.from >= 0 && m.from != m.to {
            format!("{}-{}", label(m.from), label(m.to))
        } else {
            label(m.to)
        }
    }
}

fn push_history(s: &mut StateData, r: MoveRecord) {
    if s.history.len() == HISTORY {
        s.history.remove(0);
        s.history_truncated = true;
    }
    s.history.push(r);
}

/// Ludii's `(all Passed)` over the recent history (see the semantics notes, 7.4).
fn all_passed(s: &StateData, num_players: u8) -> bool {
    let mut who = s.mover;
    let mut last = false;
    let mut k = 0;
    let mut cursor = s.history.len();
    for _ in 0..num_players {
        loop {
            if cursor == 0 {
                if s.history_truncated {
                    return false;
                }
                return last;
            }
            if k > 1 {
                return false;
            }
            cursor -= 1;
            let m = s.history[cursor];
            if m.mover != who {
                if !last {
                    return false;
                }
                who = m.mover;
                k = 0;
                last = m.pass;
                break;
            } else {
                k += 1;
                last = m.pass;
            }
        }
    }
    true
}

/// A double as Java prints it (`1.0`, `1.5`).
fn java_double(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e7 {
        format!("{x:.1}")
    } else {
        format!("{x}")
    }
}
