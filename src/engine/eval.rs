//! Evaluating functions: integers, booleans, regions.

use super::game::{all_passed, Ctx, GameDef};
use super::region::Region;
use super::shapes::owned_pairs;
use super::state::{Piece, StateData};
use crate::board::{Direction, Relation};
use crate::ir::*;
use smallvec::SmallVec;

impl GameDef {
    /// An integer function's value. The common leaves are answered here, inlined; the rest
    /// in [`Self::int_full`] (keeping this frame small matters: it is the hottest call).
    #[inline]
    pub(super) fn int(&self, f: &IntFn, c: &Ctx) -> i32 {
        match f {
            IntFn::Const(v) => *v,
            IntFn::From => c.from,
            IntFn::To => c.to,
            IntFn::Between => c.between,
            IntFn::Site => c.site,
            IntFn::Mover => c.mover as i32,
            IntFn::Next => c.next as i32,
            IntFn::Id { role, by_player } => {
                let p = self.role_player(*role, c);
                by_player.get(p.max(0) as usize).copied().unwrap_or(-1)
            }
            IntFn::Who(at) => GameDef::top(c.s, self.int(at, c)).map(|p| p.who as i32).unwrap_or(0),
            IntFn::LastTo => c.s.history.last().map(|m| m.to).unwrap_or(-1),
            IntFn::CountAt(x) => self.count_at_board_type(c.s, self.int(x, c)),
            IntFn::CountSites(r) => self.count_region(r, c),
            IntFn::CountNear { site, rel, region } => self.count_near(site, *rel, region, c),
            IntFn::Memo { slot, deps, inner } => self.memo_int(*slot, *deps, inner, c),
            IntFn::Compiled(slot, inner) => self.compiled_value(*slot, inner, c),
            _ => self.int_full(f, c),
        }
    }

    /// The game's distance table (its relation, else Adjacent).
    pub(super) fn distance_table(&self) -> &crate::board::DistanceTable {
        self.board
            .distances(self.ir.distance_relation.unwrap_or(Relation::Adjacent))
    }

    /// `(count Steps a b)` between two sites; 0 when either is off the board.
    pub(super) fn steps(&self, a: i32, b: i32) -> i32 {
        match (u32::try_from(a), u32::try_from(b)) {
            (Ok(a), Ok(b)) => self.distance_table().distance(a, b) as i32,
            _ => 0,
        }
    }

    fn memo_int(&self, slot: u32, deps: u8, inner: &IntFn, c: &Ctx) -> i32 {
        self.memo_with(slot, deps, c, || self.int(inner, c))
    }

    /// [`IntFn::Memo`]: the value remembered in `slot` for this context, else `f()`, then
    /// remembered.
    #[inline]
    pub(super) fn memo_with(&self, slot: u32, deps: u8, c: &Ctx, f: impl FnOnce() -> i32) -> i32 {
        let from = if deps & crate::ir::deps::FROM != 0 {
            c.from
        } else {
            i32::MIN
        };
        let key = (from, c.role_key());
        let slot = slot as usize;
        if let Some(Some((k, v))) = c.cache.tables().ints.borrow().get(slot) {
            if *k == key {
                return *v;
            }
        }
        let v = f();
        let mut ints = c.cache.tables().ints.borrow_mut();
        if ints.len() <= slot {
            ints.resize(slot + 1, None);
        }
        ints[slot] = Some((key, v));
        v
    }

    /// The pieces at a site: a stack's height, else the count of its piece (0 off the
    /// containers).
    pub(super) fn count_at(&self, s: &StateData, x: i32) -> i32 {
        match s.stack(x.max(0) as usize).filter(|_| x >= 0) {
            Some(st) if self.ir.stacking => st.len() as i32,
            Some(st) => st.last().map_or(0, |p| p.count as i32),
            None => 0,
        }
    }

    /// The pieces at a site read as Ludii reads a site of the board's type: on a board of
    /// vertices or edges, the other containers (hands, made of cells) are not reached.
    pub(super) fn count_at_board_type(&self, s: &StateData, x: i32) -> i32 {
        if self.board.site_type() != crate::board::SiteType::Cell && x >= self.n() as i32 {
            return 0;
        }
        self.count_at(s, x)
    }

    /// The pieces at a site read as a cell on a board of vertices or edges: only the other
    /// containers' sites hold any.
    fn count_in_hand(&self, s: &StateData, x: i32) -> i32 {
        if x < self.n() as i32 {
            return 0;
        }
        self.count_at(s, x)
    }

    #[inline(never)]
    fn int_full(&self, f: &IntFn, c: &Ctx) -> i32 {
        match f {
            IntFn::Const(v) => *v,
            IntFn::Compiled(slot, inner) => self.compiled_value(*slot, inner, c),
            IntFn::OnType(ty, field, at) => self.typed_int(*ty, *field, self.int(at, c), c),
            IntFn::EdgeJoining(a, b) => self.edge_joining(self.int(a, c), self.int(b, c)),
            IntFn::Mover => c.mover as i32,
            IntFn::Next => c.next as i32,
            IntFn::Prev => c.prev as i32,
            IntFn::From => c.from,
            IntFn::To => c.to,
            IntFn::Between => c.between,
            IntFn::Site => c.site,
            IntFn::Value => c.value,
            IntFn::Level => c.level,
            IntFn::Hint => c.hint,
            IntFn::Var => c.s.var,
            IntFn::Counter => c.s.counter,
            IntFn::Cost(r) => self.cost_of(&self.region(r, c)),
            IntFn::NamedVar(k) => c.s.vars.iter().find(|(n, _)| n == k).map(|(_, v)| *v).unwrap_or(-1),
            IntFn::RolePlayer(r) => self.role_player(*r, c),
            IntFn::Score(p) => {
                let p = self.int(p, c);
                c.s.scores.get(p.max(0) as usize).copied().unwrap_or(0)
            }
            IntFn::Who(at) => Self::top(c.s, self.int(at, c)).map(|p| p.who as i32).unwrap_or(0),
            IntFn::What(at) => Self::bottom(c.s, self.int(at, c)).map(|p| p.what as i32).unwrap_or(0),
            IntFn::PuzzleValue(at) => self.puzzle_value_at(self.int(at, c), c).unwrap_or(0),
            IntFn::HintAt(ty, at) => self.hint_at(*ty, self.int(at, c)),
            IntFn::SizeStack(at) => {
                let s = self.int(at, c);
                if s < 0 {
                    0
                } else {
                    c.s.stack(s as usize).map(|st| st.len() as i32).unwrap_or(0)
                }
            }
            IntFn::CountSites(r) => self.count_region(r, c),
            IntFn::SizeStacks(r) => self
                .region(r, c)
                .iter()
                .map(|s| c.s.stack(s as usize).map_or(0, |st| st.len() as i32))
                .sum(),
            IntFn::CountNear { site, rel, region } => self.count_near(site, *rel, region, c),
            IntFn::CountPieces(role, name, region, of, ty) => {
                let players: SmallVec<[u8; 4]> = match (role, of) {
                    (_, Some(p)) => match u8::try_from(self.int(p, c)) {
                        Ok(p) => smallvec::smallvec![p],
                        Err(_) => return 0,
                    },
                    (Role::All, None) => (0..=self.num_players + 1).collect(),
                    (r, None) => self.players_of(*r, c),
                };
                let within = region.as_ref().map(|r| self.region(r, c));
                let named = |p: &Piece| name.is_none_or(|k| self.is_named(p.what, k));
                let mut n = 0;
                if let Some(ty) = *ty {
                    // (the pieces on another type's sites)
                    for t in 0..self.count_of_type(ty) as i32 {
                        if within.as_ref().is_some_and(|r| !r.contains(t)) {
                            continue;
                        }
                        let st = self.typed_stack(c.s, ty, t).map_or(&[][..], |st| &st[..]);
                        n += st
                            .iter()
                            .filter(|p| players.contains(&p.who) && named(p))
                            .map(|p| p.count.max(1) as i32)
                            .sum::<i32>();
                    }
                    return n;
                }
                if within.is_none() && !self.ir.stacking && players.iter().all(|&p| self.owner_row_complete(p, c.s)) {
                    // (without stacks, a player's pieces on the board are those at the sites
                    // of their owner's row, one a site; then the hands')
                    for &p in &players {
                        for site in super::region::bits(c.s.owned_words(p as usize)) {
                            n += c.s.sites[site as usize]
                                .iter()
                                .filter(|q| named(q))
                                .map(|q| q.count.max(1) as i32)
                                .sum::<i32>();
                        }
                    }
                    for q in c.s.extra.iter().flatten() {
                        if players.contains(&q.who) && named(q) {
                            n += q.count.max(1) as i32;
                        }
                    }
                    return n;
                }
                let count = |st: &[Piece]| -> i32 {
                    (st.iter())
                        .filter(|p| players.contains(&p.who) && named(p))
                        .map(|p| p.count.max(1) as i32)
                        .sum()
                };
                if let Some(r) = &within {
                    // (the region's sites alone, of the board's and the hands')
                    let containers = c.s.sites.len() + c.s.extra.len();
                    let sites = r.iter().take_while(|&t| (t as usize) < containers);
                    return sites.filter_map(|t| c.s.stack(t as usize)).map(|st| count(st)).sum();
                }
                // (pieces in hands count too)
                c.s.sites.iter().chain(&c.s.extra).map(|st| count(st)).sum()
            }
            IntFn::CountSteps(a, b) => self.steps(self.int(a, c), self.int(b, c)),
            IntFn::CountStepsTo(a, r) => {
                let a = self.int(a, c);
                self.region(r, c).iter().map(|b| self.steps(a, b)).min().unwrap_or(0)
            }
            IntFn::CentrePoint => self.board.centre_point().map(|s| s as i32).unwrap_or(-1),
            IntFn::Bag => self.bag(c.s),
            IntFn::PathExtent(colour, sites) => self.path_extent(colour, sites, c),
            IntFn::CentrePointOf(ty) => self
                .typed_boards
                .iter()
                .find(|b| b.site_type() == *ty)
                .and_then(|b| b.centre_point())
                .map_or(-1, |s| s as i32),
            IntFn::CountMoves => c.s.num_moves as i32,
            IntFn::CountTrials => c.s.trials as i32,
            IntFn::CountMovesThisTurn => c.s.same_turn_moves as i32,
            IntFn::BoardCount(k) => self.board_counts.get(*k as usize).copied().unwrap_or(0),
            IntFn::CountAt(x) => self.count_at_board_type(c.s, self.int(x, c)),
            IntFn::CountIn(r, hands) => self.region(r, c).iter().fold(0i32, |n, t| {
                n.wrapping_add(if *hands {
                    self.count_in_hand(c.s, t)
                } else {
                    self.count_at_board_type(c.s, t)
                })
            }),
            IntFn::HandSite(p, i) => {
                let (p, i) = (self.int(p, c), self.int(i, c));
                match self.hand_of(p) {
                    Some(k) if i >= 0 && (i as u32) < self.ir.containers[k].sites => self.container_from[k] as i32 + i,
                    _ => -1,
                }
            }
            IntFn::AtLevel(field, x, l) => {
                let (x, l) = (self.int(x, c), self.int(l, c));
                let p =
                    c.s.stack(x.max(0) as usize)
                        .filter(|_| x >= 0 && l >= 0)
                        .and_then(|st| st.get(l as usize));
                p.map_or(0, |p| match field {
                    LevelField::Who => p.who as i32,
                    LevelField::What => p.what as i32,
                    LevelField::State => p.state,
                    LevelField::Value => p.value,
                })
            }
            IntFn::PieceField(f @ (SiteField::State | SiteField::Value), x) => c.s.site_field(self.int(x, c), *f),
            IntFn::PieceField(field, x) => Self::top(c.s, self.int(x, c)).map_or(0, |p| p.field(*field)),
            IntFn::CountTurns => c.s.num_turn as i32,
            IntFn::MoverLastTurn => {
                c.s.history
                    .iter()
                    .rev()
                    .find(|m| m.mover != c.mover)
                    .map_or(-1, |m| m.mover as i32)
            }
            IntFn::CountActive => (1..=self.num_players).filter(|&p| c.s.active >> p & 1 != 0).count() as i32,
            IntFn::CountPips(who) => self.count_pips(c.s, self.int(who, c)),
            IntFn::Face(site) => self.face(c.s, self.int(site, c)),
            IntFn::Coord(k) => self.coords.get(*k as usize).copied().unwrap_or(-1),
            IntFn::CoordAt(row, col) => {
                let (row, col) = (self.int(row, c), self.int(col, c));
                (0..self.board.num_sites() as u32)
                    .find(|&t| self.board.row(t) as i32 == row && self.board.col(t) as i32 == col)
                    .map_or(-1, |t| t as i32)
            }
            IntFn::Player => c.player,
            IntFn::RowColumn(column, x) => match self.int(x, c) {
                x if (0..self.n() as i32).contains(&x) => {
                    (if *column {
                        self.board.col(x as u32)
                    } else {
                        self.board.row(x as u32)
                    }) as i32
                }
                _ => -1,
            },
            IntFn::RegionSite(r, i) => {
                let i = self.int(i, c);
                usize::try_from(i)
                    .ok()
                    .and_then(|i| self.region(r, c).iter().nth(i))
                    .unwrap_or(-1)
            }
            IntFn::Random(a, b) => {
                let (a, b) = (self.int(a, c), self.int(b, c));
                if b < a {
                    return -1;
                }
                let span = (b as i64 - a as i64 + 1) as u64;
                (a as i64 + (self.chance_draw(c) % span) as i64) as i32
            }
            IntFn::Amount(p) => {
                let p = self.int(p, c);
                match p >= 1 && p <= self.num_players as i32 {
                    true => c.s.money.get(p as usize).copied().unwrap_or(0),
                    false => -1,
                }
            }
            IntFn::Pot => c.s.money.first().copied().unwrap_or(0),
            IntFn::PlayerValue(p) => {
                let p = self.int(p, c);
                c.s.player_values
                    .get(p.max(0) as usize)
                    .copied()
                    .filter(|_| p >= 0)
                    .unwrap_or(-1)
            }
            IntFn::MapEntry { name, key } => self.map_entry(*name, self.int(key, c)),
            IntFn::CountGroups(g) => self.count_groups(g, c),
            IntFn::CountStepsBy(k) => self.count_steps_by(k, c),
            IntFn::SizeGroup(g) => self.group_at(g, c, &mut Region::new(self.n())).len() as i32,
            IntFn::CountLiberties(g) => self.liberties(g, c, false),
            IntFn::SizeTerritory(p, dir) => self.size_territory(p, *dir, c),
            IntFn::CountCellAt(x) => self.count_in_hand(c.s, self.int(x, c)),
            IntFn::TrackMove {
                from,
                player,
                name,
                steps,
            } => self.track_move(
                self.int(from, c),
                self.int(player, c),
                name.as_deref(),
                self.int(steps, c),
                c.s,
            ),
            IntFn::TrackFirst {
                player,
                name,
                from,
                cond,
                last,
            } => self.track_first(
                player.as_deref(),
                name.as_deref(),
                from.as_deref(),
                cond.as_deref(),
                *last,
                c,
            ),
            IntFn::Where { what, state } => {
                let state = state.as_ref().map(|x| self.int(x, c));
                self.where_site(self.int(what, c), state, c)
            }
            IntFn::WhereLevel {
                what,
                at,
                state,
                from_top,
            } => {
                let (what, at) = (self.int(what, c), self.int(at, c));
                let state = state.as_ref().map(|x| self.int(x, c));
                if what <= 0 || at < 0 || at as usize >= self.n() {
                    return -1;
                }
                let stack = c.s.stack(at as usize).map_or(&[][..], |st| &st[..]);
                let holds = |p: &super::state::Piece| p.what as i32 == what && state.is_none_or(|x| p.state == x);
                let level = if *from_top {
                    stack.iter().rposition(holds)
                } else {
                    stack.iter().position(holds)
                };
                level.map_or(-1, |l| l as i32)
            }
            IntFn::Ahead { site, steps, dir } => {
                let s = self.int(site, c);
                if s < 0 {
                    return -1;
                }
                self.site_ahead(s, self.int(steps, c), *dir, c)
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
            IntFn::Pow(a, b) => (self.int(a, c) as f64).powf(self.int(b, c) as f64) as i32,
            IntFn::Neg(a) => self.int(a, c).wrapping_neg(),
            IntFn::SizeArray(l) => self.ints(l, c).len() as i32,
            IntFn::ArrayValue(l, i) => {
                let i = self.int(i, c);
                usize::try_from(i)
                    .ok()
                    .and_then(|i| self.ints(l, c).get(i).copied())
                    .unwrap_or(-1)
            }
            IntFn::CountStack(k) => {
                let mut n = 0;
                let mut c2 = *c;
                for t in self.region(&k.sites, c).iter() {
                    let height = c.s.stack(t as usize).map_or(0, |st| st.len() as i32);
                    if Self::top(c.s, t).is_none_or(|p| p.what == 0) {
                        continue;
                    }
                    c2.to = t;
                    for i in 0..height {
                        c2.level = if k.from_top { height - 1 - i } else { i };
                        if self.boolean(&k.stop, &c2) {
                            break;
                        }
                        n += self.boolean(&k.cond, &c2) as i32;
                    }
                }
                n
            }
            IntFn::Layer(s) => {
                let t = self.int(s, c);
                self.layers
                    .get(t.max(0) as usize)
                    .filter(|_| t >= 0)
                    .map_or(0, |&l| l as i32)
            }
            IntFn::Phase(s) => {
                let t = self.int(s, c);
                if t >= 0 && (t as usize) < self.n() {
                    i32::from(self.board.phase(t as u32))
                } else {
                    -1
                }
            }
            IntFn::CountValue(v, l) => {
                let v = self.int(v, c);
                self.ints(l, c).iter().filter(|&&x| x == v).count() as i32
            }
            IntFn::Sum(l) => {
                if let Some(n) = self.count_owned_pairs(l, c) {
                    return n;
                }
                let mut sum = 0i32;
                self.for_each_int(l, c, |v| sum = sum.wrapping_add(v));
                sum
            }
            IntFn::Product(l) => {
                let (mut product, mut any) = (1i32, false);
                self.for_each_int(l, c, |v| {
                    product = product.wrapping_mul(v);
                    any = true;
                });
                if any {
                    product
                } else {
                    0
                }
            }
            IntFn::Min(l) => {
                let mut min = None;
                self.for_each_int(l, c, |v| min = Some(min.map_or(v, |m: i32| m.min(v))));
                min.unwrap_or(-1)
            }
            IntFn::Max(l) => {
                let mut max = None;
                self.for_each_int(l, c, |v| max = Some(max.map_or(v, |m: i32| m.max(v))));
                max.unwrap_or(-1)
            }
            IntFn::LastTo => c.s.history.last().map(|m| m.to).unwrap_or(-1),
            IntFn::LastFrom => c.s.history.last().map(|m| m.from).unwrap_or(-1),
            IntFn::LastToAfter => c.s.history.last().map(|m| m.to_after).unwrap_or(-1),
            IntFn::LastFromAfter => c.s.history.last().map(|m| m.from_after).unwrap_or(-1),
            IntFn::LastLevelTo => c.s.history.last().map_or(-1, |m| m.level_to),
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
            IntFn::IdOf(p, by_player) => {
                let p = self.int(p, c);
                by_player.get(p.max(0) as usize).copied().unwrap_or(-1)
            }
            IntFn::Memo { slot, deps, inner } => self.memo_int(*slot, *deps, inner, c),
            IntFn::MemoSite { slot, inner } => self.memo_site(*slot, inner, c),
            IntFn::If(b, x, y) => {
                if self.boolean(b, c) {
                    self.int(x, c)
                } else {
                    self.int(y, c)
                }
            }
        }
    }

    /// `(+ (results from:R to:(sites Around (from) <rel> if:(is <role> (who at:(to)))) k))`:
    /// k for each neighbour of each site of R that the role's player owns, counted by mask
    /// (`None` for other lists, or a role that is no player here).
    fn count_owned_pairs(&self, l: &IntsFn, c: &Ctx) -> Option<i32> {
        let (k, from, rel, role) = owned_pairs(l)?;
        let p = self.role_player(role, c);
        if p <= 0 || p as usize >= c.s.owners() {
            return None;
        }
        let row = c.s.owned_words(p as usize);
        let mut n = 0i32;
        for f in self.region(from, c).iter() {
            let pairs: u32 = self
                .near_words(rel, f)
                .iter()
                .map(|&(i, w)| (w & row.get(i as usize).copied().unwrap_or(0)).count_ones())
                .sum();
            n = n.wrapping_add(k.wrapping_mul(pairs as i32));
        }
        Some(n)
    }

    /// Each value of an int list, in order, without building the list; a `results` whose
    /// `to:` is the neighbours of `(from)` walks the neighbour table.
    fn for_each_int(&self, f: &IntsFn, c: &Ctx, mut out: impl FnMut(i32)) {
        let (from, to, value) = match f {
            IntsFn::Results { from, to, value } => (from, to, value),
            // (a list as written: each value in turn, no list made)
            IntsFn::List(v) => return v.iter().for_each(|x| out(self.int(x, c))),
            _ => return self.ints(f, c).into_iter().for_each(out),
        };
        let near = match &**to {
            RegionFn::Around {
                sites,
                dirs,
                cond,
                include_self: false,
            } => match (&**sites, dirs.as_slice()) {
                (RegionFn::Site(x), [Direction::Rel(rel)]) if **x == IntFn::From => {
                    Some((*rel, self.cond(cond.as_deref())))
                }
                _ => None,
            },
            _ => None,
        };
        for f in self.region(from, c).iter() {
            let mut c1 = *c;
            c1.from = f;
            match near {
                Some((rel, cond)) if (f as usize) < self.n() => {
                    let start = &self.around_start[rel as usize];
                    let sites =
                        &self.around_sites[rel as usize][start[f as usize] as usize..start[f as usize + 1] as usize];
                    for &t in sites {
                        let mut c2 = c1;
                        c2.to = t as i32;
                        if cond.holds(self, &c2) {
                            out(self.int(value, &c2));
                        }
                    }
                }
                _ => {
                    for t in self.region(to, &c1).iter() {
                        let mut c2 = c1;
                        c2.to = t;
                        out(self.int(value, &c2));
                    }
                }
            }
        }
    }

    pub(super) fn ints(&self, f: &IntsFn, c: &Ctx) -> Vec<i32> {
        match f {
            IntsFn::List(v) => v.iter().map(|x| self.int(x, c)).collect(),
            IntsFn::Remembered(list) => c.s.remembered_in(*list).collect(),
            IntsFn::Players(role, cond) => {
                let n = self.num_players;
                let group: SmallVec<[u8; 8]> = match role {
                    Role::All => (0..=n).collect(),
                    Role::NonMover => (0..=n).filter(|&p| p != c.mover).collect(),
                    // (a team without teams is the player of its number, as in Ludii)
                    Role::Team(k) if self.ir.teams.is_empty() => return if *k <= n { vec![*k as i32] } else { vec![] },
                    r => self.players_of(*r, c).into_iter().collect(),
                };
                let mut c2 = *c;
                group
                    .into_iter()
                    .filter(|&p| {
                        c2.player = p as i32;
                        cond.as_ref().is_none_or(|b| self.boolean(b, &c2))
                    })
                    .map(i32::from)
                    .collect()
            }
            IntsFn::Sites(r) => self.region(r, c).iter().collect(),
            IntsFn::If(b, x, y) => self.ints(if self.boolean(b, c) { x } else { y }, c),
            IntsFn::SizesGroups(g) => {
                let mut sizes = Vec::new();
                self.groups(g, c, |n| sizes.push(n as i32));
                sizes
            }
            IntsFn::Union(v) => {
                let Some((first, rest)) = v.split_first() else {
                    return Vec::new();
                };
                let mut out = self.ints(first, c);
                for b in rest {
                    for x in self.ints(b, c) {
                        if !out.contains(&x) {
                            out.push(x);
                        }
                    }
                }
                out
            }
            IntsFn::Intersection(v) => match v.as_slice() {
                [a, b] => {
                    let a = self.ints(a, c);
                    let mut b = self.ints(b, c);
                    b.retain(|x| a.contains(x));
                    b
                }
                [first, rest @ ..] => {
                    let mut out = self.ints(first, c);
                    for b in rest {
                        let b = self.ints(b, c);
                        out.retain(|x| b.contains(x));
                    }
                    out
                }
                [] => Vec::new(),
            },
            IntsFn::Difference(a, b) => {
                let mut a = self.ints(a, c);
                for x in self.ints(b, c) {
                    if let Some(i) = a.iter().position(|&y| y == x) {
                        a.remove(i);
                    }
                }
                a
            }

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

    /// A boolean function's value; the cheapest cases inlined, the rest in
    /// [`Self::boolean_full`].
    #[inline]
    /// `(ahead ..)` from site `s` (not negative): the site `steps` along `dir` (a direction
    /// function: the first direction it gives here; none: `s` itself).
    pub(super) fn site_ahead(&self, s: i32, steps: i32, dir: crate::board::Direction, c: &Ctx) -> i32 {
        use crate::board::{Direction, RelDir};
        let d = if let Direction::Relative(r @ (RelDir::SameDirection | RelDir::OppositeDirection)) = dir {
            // the direction of the move being made (`from` to `to`), else of the last move
            let last = c.s.history.last();
            let from = if c.from >= 0 {
                c.from
            } else {
                last.map_or(-1, |m| m.from)
            };
            let to = if c.to >= 0 { c.to } else { last.map_or(-1, |m| m.to) };
            let (a, b) = if r == RelDir::SameDirection {
                (from, to)
            } else {
                (to, from)
            };
            match self.direction_towards(a, b) {
                Some(d) => d,
                None => return s,
            }
        } else if dir.is_relative() {
            let mut buf = super::tables::Dirs::new();
            match self.abs_dirs(std::slice::from_ref(&dir), s, c, &mut buf).first() {
                Some(&d) => d,
                None => return s,
            }
        } else {
            dir
        };
        self.board.ahead(s as u32, steps.max(0) as usize, d) as i32
    }

    /// `(where what)`: the lowest board site holding component `what` at any level (with
    /// local state `state`, when given); -1 where none does. (Ludii scans its own list of
    /// the owner's pieces when the piece is named: the same site for a piece of which there
    /// is one, as a king.)
    pub(super) fn where_site(&self, what: i32, state: Option<i32>, c: &Ctx) -> i32 {
        if what <= 0 {
            return -1;
        }
        let holds = |p: &Piece| p.what as i32 == what && state.is_none_or(|x| p.state == x);
        if !self.ir.stacking {
            // (one piece a site: the occupied sites alone, as the owners' table has them)
            return super::region::bits(&c.s.occupied_words())
                .find(|&s| c.s.sites.get(s as usize).is_some_and(|st| st.iter().any(holds)))
                .unwrap_or(-1);
        }
        (0..self.n())
            .find(|&s| c.s.stack(s).is_some_and(|st| st.iter().any(holds)))
            .map_or(-1, |s| s as i32)
    }

    pub(super) fn boolean(&self, f: &BoolFn, c: &Ctx) -> bool {
        match f {
            BoolFn::Const(b) => *b,
            BoolFn::IsEmpty(s) => {
                let s = self.int(s, c);
                s >= 0 && c.s.stack(s as usize).is_some_and(|st| st.is_empty())
            }
            BoolFn::And(v) => v.iter().all(|x| self.boolean(x, c)),
            BoolFn::Compiled(..) => self.cond(Some(f)).holds(self, c),
            _ => self.boolean_full(f, c),
        }
    }

    #[inline(never)]
    fn boolean_full(&self, f: &BoolFn, c: &Ctx) -> bool {
        match f {
            BoolFn::Const(b) => *b,
            BoolFn::Not(x) => !self.boolean(x, c),
            BoolFn::Compiled(_, inner) => self.boolean(inner, c),
            BoolFn::IsHidden(h) => self.is_hidden(h, c),
            BoolFn::LastToOfType(ty) => c.s.history.last().is_some_and(|m| self.type_of_code(m.ty) == *ty),
            BoolFn::OnType { ty, site, occupied } => self
                .typed_occupied(*ty, self.int(site, c), c)
                .is_some_and(|o| o == *occupied),
            BoolFn::And(v) => v.iter().all(|x| self.boolean(x, c)),
            BoolFn::Or(v) => v.iter().any(|x| self.boolean(x, c)),
            BoolFn::Xor(a, b) => self.boolean(a, c) != self.boolean(b, c),
            BoolFn::IsGraph(g) => self.is_graph(g, c),
            BoolFn::IsPath(p) => self.is_path(p, c),
            BoolFn::Eq(a, b) => self.int(a, c) == self.int(b, c),
            BoolFn::Ne(a, b) => self.int(a, c) != self.int(b, c),
            BoolFn::Lt(a, b) => self.int(a, c) < self.int(b, c),
            BoolFn::Le(a, b) => self.int(a, c) <= self.int(b, c),
            BoolFn::Gt(a, b) => self.int(a, c) > self.int(b, c),
            BoolFn::Ge(a, b) => self.int(a, c) >= self.int(b, c),
            BoolFn::RegionEq(a, b) => self.region(a, c) == self.region(b, c),
            BoolFn::IsEmpty(s) => {
                let s = self.int(s, c);
                s >= 0 && c.s.stack(s as usize).is_some_and(|st| st.is_empty())
            }
            BoolFn::IsOccupied(s) => {
                let s = self.int(s, c);
                s >= 0 && c.s.stack(s as usize).is_some_and(|st| !st.is_empty())
            }
            BoolFn::IsIn(s, r) => {
                let s = self.int(s, c);
                self.in_region(s, r, c)
            }
            BoolFn::IsWithinRegion(what, r) => {
                let what = self.int(what, c);
                if let Some(near) = self.near_slice(r, c) {
                    return near
                        .iter()
                        .any(|&t| c.s.sites[t as usize].iter().any(|p| p.what as i32 == what));
                }
                // (the region's occupied sites alone)
                let sites = self.region_cow(r, c).and_words(&c.s.occupied_words());
                super::region::bits(&sites).any(|s| c.s.sites[s as usize].iter().any(|p| p.what as i32 == what))
            }
            BoolFn::NearAny { site, rel, region } => {
                let s = self.int(site, c);
                if s < 0 || s as usize >= self.n() {
                    return false;
                }
                let mask = self.near_words(*rel, s);
                if let Some(owners) = self.owners_of(region, c) {
                    return self.count_owned(mask, owners, c.s) > 0;
                }
                if let Some(what) = self.flat_holding(region) {
                    let what = self.int(what, c);
                    return self.holding_in(mask, what, c.s, |_| true);
                }
                match &**region {
                    RegionFn::Cached(slot, inner) => self.with_cached(*slot, inner, c, |r| r.count_common(mask) > 0),
                    r => self.region(r, c).count_common(mask) > 0,
                }
            }
            // (a hand's site too: Ludii looks among every site the piece's owner holds)
            BoolFn::IsWithinAt(what, at) => {
                let what = self.int(what, c);
                let at = self.int(at, c);
                at >= 0
                    && c.s
                        .stack(at as usize)
                        .is_some_and(|st| st.iter().any(|p| p.what as i32 == what))
            }
            BoolFn::IsPlayer(role, w) => self.int(w, c) == self.role_player(*role, c),
            BoolFn::IsEnemy(w) => self.is_enemy(self.int(w, c), c.mover),
            BoolFn::IsFriend(w) => self.is_friend(self.int(w, c), c.mover),
            BoolFn::IsPrevMover => c.prev == c.mover,
            BoolFn::IsPending => !c.s.pending.is_empty(),
            BoolFn::IsProposed(k) => c.s.propositions.contains(k),
            BoolFn::IsDecided(k) => c.s.decided == *k as i32,
            BoolFn::IsCycle => {
                let n = (self.num_players as usize).pow(2);
                let h = &c.s.cycle;
                h.len() >= 3 * n && {
                    let last = &h[h.len() - n..];
                    last == &h[h.len() - 2 * n..h.len() - n] && last == &h[h.len() - 3 * n..h.len() - 2 * n]
                }
            }
            BoolFn::IsEven(x) => self.int(x, c) % 2 == 0,
            BoolFn::IsOdd(x) => self.int(x, c) % 2 != 0,
            BoolFn::AllPassed => all_passed(c.s, self.num_players),
            BoolFn::AllDiceUsed => c.s.dice.iter().all(|&v| v == 0),
            BoolFn::AllDiceEqual => c.s.dice_equal,
            BoolFn::IsAnyDie(v) => self.any_die(c.s, self.int(v, c)),
            BoolFn::WasPass => c.s.history.last().is_some_and(|m| m.pass),
            BoolFn::NoMoves(role) => {
                if *role != Role::Next {
                    // (the flag the player's last turn left: nothing generated)
                    return self.no_moves(*role, c);
                }
                // as in Ludii, a `(no Moves ..)` met again while it is being evaluated (its
                // moves' conditions ask it again) is false: the recursion ends there
                let q = super::game::Question::NoMoves(f as *const BoolFn as usize);
                if c.within.asks(q) {
                    return false;
                }
                let mut frame = None;
                let mut c2 = *c;
                c2.within = c.within.and(&mut frame, q);
                let stuck = self.no_moves(*role, &c2);
                c.cache.note_stalemate(self.role_player(Role::Next, c), stuck);
                stuck
            }
            BoolFn::IsVisited(x) => {
                let x = self.int(x, c);
                x >= 0 && c.s.visited.contains(&(x as u32))
            }
            BoolFn::IsRepeat => c.s.seen.contains(&c.s.hash),
            BoolFn::IsActive(p) => {
                let p = self.int(p, c);
                (1..32).contains(&p) && p <= self.num_players as i32 && c.s.active >> p & 1 != 0
            }
            BoolFn::AllDifferent(r, except) => self.all_different(r.as_deref(), except, c),
            BoolFn::IsSolved => self.is_solved(c),
            BoolFn::PuzzleUnique => self.puzzle_unique(c),
            BoolFn::PuzzleSum { region, name, sum } => self.puzzle_sum(region.as_deref(), *name, sum.as_deref(), c),
            BoolFn::PuzzleCount(r, v, n) => self.puzzle_count(r, v, n, c),
            BoolFn::ForAllHints(k) => self.for_all_hints(k, c),
            BoolFn::ForAllSites(ty, k) => self.for_all_sites(*ty, k, c),
            BoolFn::PuzzleCmp(k) => self.puzzle_cmp(k, c),
            BoolFn::IsTriggered(p) => {
                let p = self.int(p, c);
                (0..32).contains(&p) && c.s.triggered >> p & 1 != 0 && c.s.active >> p & 1 != 0
            }
            BoolFn::IsLine(l) => self.is_line(l, c),
            BoolFn::IsPattern(p) => self.is_pattern(p, c),
            BoolFn::IsTarget(t) => self.is_target(&t.0, t.1.as_deref(), c),
            BoolFn::IsConnected(k) => self.is_connected(k, c),
            BoolFn::IsBlocked(k) => self.is_blocked(k, c),
            BoolFn::IsFlat(s) => {
                let t = self.int(s, c);
                match self.layers.get(t.max(0) as usize).filter(|_| t >= 0) {
                    None => t >= 0 && (t as usize) < self.n(),
                    Some(0) => true,
                    Some(&l) => self
                        .board
                        .relation(t as u32, Relation::All)
                        .iter()
                        .filter(|&&x| self.layers[x as usize] + 1 == l)
                        .all(|&x| !c.s.sites[x as usize].is_empty()),
                }
            }
            BoolFn::AllGroups(g, b) => self.all_groups(g, b, c),
            BoolFn::IsLoop(k) => match self.follows_tile_paths(k, c) {
                Some(sites) => self.is_tile_loop(k, sites, c),
                None => self.is_loop(k, c),
            },
            BoolFn::SidesMatch(at) => self.sides_match(at, c),
            BoolFn::PipsMatch(at) => self.pips_match(at, c),
            BoolFn::HasLiberty(g) => self.liberties(g, c, true) > 0,
            BoolFn::AllSites(r, b, false) => self.region(r, c).iter().all(|site| {
                let mut c2 = *c;
                c2.site = site;
                self.boolean(b, &c2)
            }),
            BoolFn::AllSites(r, b, true) => {
                let mut seen: SmallVec<[u16; 8]> = SmallVec::new();
                self.region(r, c).iter().all(|site| {
                    let mut c2 = *c;
                    c2.site = site;
                    let what = Self::top(c.s, site).map_or(0, |p| p.what);
                    let fresh = !seen.contains(&what);
                    seen.push(what);
                    self.boolean(b, &c2) && fresh
                })
            }
            BoolFn::CanMove(m) if self.ir.uses_visited => {
                // (as if the last move's sites were visited already, as in Ludii)
                let mut s2 = self.scratch(c);
                if let Some(last) = c.s.history.last() {
                    for x in [last.from, last.to] {
                        if x >= 0 && !s2.visited.contains(&(x as u32)) {
                            s2.visited.push(x as u32);
                        }
                    }
                }
                let cache = super::game::Cache::fresh();
                let mut c2 = Ctx {
                    s: &s2,
                    cache: &cache,
                    target: -1,
                    ..*c
                };
                let can = self.has_moves(m, &mut c2);
                super::pool::release(s2);
                can
            }
            BoolFn::CanMove(m) if self.ir.no_repeat.is_some() && !c.s.seen.is_empty() => {
                // (a move back to a position `(no Repeat ..)` forbids is no move, as in
                // Ludii's `canMove`)
                let mut c2 = Ctx { target: -1, ..*c };
                let mut moves = super::pool::take_list();
                self.gen(m, &mut c2, &mut moves);
                let mut scratch = super::pool::Repeats::new(c.s);
                let can = moves.iter().any(|mv| !self.repeats(&mut scratch, c.s, mv, c.within));
                super::pool::give_list(moves);
                can
            }
            BoolFn::CanMove(m) => self.has_moves(m, &mut Ctx { target: -1, ..*c }),
            BoolFn::IsThreatened(t) => self.is_threatened(t, c),
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
    /// `(no Moves role)`: as in Ludii, only `Next`'s moves are computed (with that player
    /// as the mover); any other role reads the flag the player's last legal moves left
    /// (stuck or not). A recursion guard is kept by the caller, per node.
    pub(super) fn no_moves(&self, role: Role, c: &Ctx) -> bool {
        let p = self.role_player(role, c);
        if role != Role::Next {
            return (0..32).contains(&p) && c.s.stalemated >> p & 1 != 0;
        }
        let p = p as u8;
        let mut c2 = *c;
        c2.target = -1;
        c2.prev = c.mover;
        c2.mover = p;
        c2.next = self.next_after(p, c.s);
        if self.ir.no_repeat.is_some() {
            // (a move back to a position seen before is no move, as in Ludii's `canMove`)
            let mut moves = super::pool::take_list();
            self.gen(self.play_of(c2.mover, c.s), &mut c2, &mut moves);
            let mut scratch = super::pool::Repeats::new(c.s);
            let none = moves.iter().all(|m| self.repeats(&mut scratch, c.s, m, c.within));
            super::pool::give_list(moves);
            return none;
        }
        !self.has_moves(self.play_of(c2.mover, c.s), &mut c2)
    }

    pub(super) fn next_after(&self, p: u8, s: &StateData) -> u8 {
        let n = self.num_players;
        if n == 0 {
            // (a simulation: player 0 moves on)
            return 0;
        }
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
    pub(super) fn around_site(&self, s: i32, dirs: &[Direction], out: &mut SmallVec<[u32; 12]>) {
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
    /// `(sites Around <site> <relation>)`: the neighbour table's slice, when that is what
    /// the region is.
    fn near_slice(&self, r: &RegionFn, c: &Ctx) -> Option<&[u32]> {
        let (x, [Direction::Rel(rel)]) = around_one_site(r)? else {
            return None;
        };
        let s = self.int(x, c);
        if s < 0 || s as usize >= self.n() {
            return Some(&[]);
        }
        let start = &self.around_start[*rel as usize];
        Some(&self.around_sites[*rel as usize][start[s as usize] as usize..start[s as usize + 1] as usize])
    }

    pub(super) fn small_around(&self, r: &RegionFn, c: &Ctx) -> Option<SmallVec<[u32; 12]>> {
        let (x, dirs) = around_one_site(r)?;
        let mut out = SmallVec::new();
        self.around_site(self.int(x, c), dirs, &mut out);
        Some(out)
    }

    /// The number of sites of a region; intersections with the neighbours of one site are
    /// counted without building regions.
    pub(super) fn count_region(&self, r: &RegionFn, c: &Ctx) -> i32 {
        if let Some(n) = self.count_direction(r, c) {
            return n;
        }
        if let Some(n) = self.count_common_related(r, c) {
            return n;
        }
        if matches!(
            r,
            RegionFn::Related(..) | RegionFn::Filter(..) | RegionFn::Intersection(..)
        ) {
            if let Some(sites) = self.small_sites(r, c) {
                return sites.len() as i32;
            }
        }
        if let Some(n) = self.count_small_intersection(r, c) {
            return n;
        }
        // the common case, neighbours of one site within a cached region: no allocation
        if let RegionFn::Intersection(v) = r {
            if let [a, o @ RegionFn::Owned(..)] | [o @ RegionFn::Owned(..), a] = v.as_slice() {
                if let Some(near) = self.near_slice(a, c) {
                    let inside = self.site_test(o, c);
                    return near.iter().filter(|&&t| inside.holds(self, t, c)).count() as i32;
                }
            }
            if let [a, RegionFn::Cached(slot, inner)] | [RegionFn::Cached(slot, inner), a] = v.as_slice() {
                if let Some(near) = self.near_slice(a, c) {
                    self.ensure_cached(*slot, inner, c);
                    let regions = c.cache.tables().regions.borrow();
                    let Some(Some((_, region))) = regions.get(*slot as usize) else {
                        return 0;
                    };
                    return near.iter().filter(|&&t| region.contains(t as i32)).count() as i32;
                }
            }
        }
        if let RegionFn::Intersection(v) = r {
            if let Some((i, near)) = v
                .iter()
                .enumerate()
                .find_map(|(i, x)| self.small_around(x, c).map(|n| (i, n)))
            {
                // (cached regions are read in place, others built once)
                let others: SmallVec<[Region; 2]> = v
                    .iter()
                    .enumerate()
                    .filter(|(j, x)| *j != i && !matches!(x, RegionFn::Cached(..) | RegionFn::Owned(..)))
                    .map(|(_, x)| self.region(x, c))
                    .collect();
                let cached: SmallVec<[(u32, &RegionFn); 2]> = v
                    .iter()
                    .filter_map(|x| match x {
                        RegionFn::Cached(slot, inner) => Some((*slot, &**inner)),
                        _ => None,
                    })
                    .collect();
                for &(slot, inner) in &cached {
                    self.ensure_cached(slot, inner, c);
                }
                let key = c.role_key();
                let regions = c.cache.tables().regions.borrow();
                let in_cached = |t: i32| {
                    cached.iter().all(|(slot, _)| {
                        regions
                            .get(*slot as usize)
                            .and_then(|e| e.as_ref())
                            .is_some_and(|(k, r)| *k == key && r.contains(t))
                    })
                };
                let owned: SmallVec<[SiteTest; 1]> = v
                    .iter()
                    .filter(|x| matches!(x, RegionFn::Owned(..)))
                    .map(|x| self.site_test(x, c))
                    .collect();
                let in_owned = |t: u32| owned.iter().all(|o| o.holds(self, t, c));
                return near
                    .iter()
                    .filter(|&&t| in_cached(t as i32) && in_owned(t) && others.iter().all(|o| o.contains(t as i32)))
                    .count() as i32;
            }
        }
        if let Some(near) = self.small_around(r, c) {
            return near.len() as i32;
        }
        if let RegionFn::State(v) = r {
            // (counted word by word: no region built)
            let mut count = 0;
            self.state_words(self.int(v, c), c, |_, w| count += w.count_ones() as i32);
            return count;
        }
        self.region(r, c).len() as i32
    }

    /// `(sites State v)` word by word (the word's index, its sites of local state `v`): an
    /// empty site's state too, the one left there, else 0.
    #[inline]
    fn state_words(&self, v: i32, c: &Ctx, mut each: impl FnMut(usize, u64)) {
        let loose = !c.s.loose_states.is_empty();
        let sites = &c.s.sites[..self.n().min(c.s.sites.len())];
        for (i, chunk) in sites.chunks(64).enumerate() {
            let mut w = 0u64;
            for (b, st) in chunk.iter().enumerate() {
                let k = match st.last() {
                    Some(p) => p.state,
                    None if loose => c.s.site_state((i * 64 + b) as i32),
                    None => 0,
                };
                w |= u64::from(k == v) << b;
            }
            each(i, w);
        }
    }

    /// The sites that two sites' relations share (`(intersection (sites Incident ..) (sites
    /// Incident ..))`), maybe filtered by a condition (`(forEach .. if:)`), counted on the
    /// neighbour masks: the common words' bits, the condition asked only of those.
    fn count_common_related(&self, r: &RegionFn, c: &Ctx) -> Option<i32> {
        let (inner, cond) = match r {
            RegionFn::Filter(inner, cond) => (&**inner, Some(&**cond)),
            r => (r, None),
        };
        let RegionFn::Intersection(v) = inner else {
            return None;
        };
        let [RegionFn::Related(a, ra), RegionFn::Related(b, rb)] = v.as_slice() else {
            return None;
        };
        let (a, b) = (
            self.near_words(*ra, self.int(a, c)),
            self.near_words(*rb, self.int(b, c)),
        );
        let cond = cond.map(|x| self.cond(Some(x)));
        let mut c2 = *c;
        let mut count = 0;
        for &(i, x) in a {
            let Some(&(_, y)) = b.iter().find(|e| e.0 == i) else {
                continue;
            };
            for t in super::region::bits(&[x & y]) {
                c2.site = (i * 64) as i32 + t;
                if cond.as_ref().is_none_or(|k| k.holds(self, &c2)) {
                    count += 1;
                }
            }
        }
        Some(count)
    }

    /// [`IntFn::CountNear`]: the neighbours of a site in a relation that lie in a region.
    fn count_near(&self, site: &IntFn, rel: Relation, region: &RegionFn, c: &Ctx) -> i32 {
        let s = self.int(site, c);
        if s < 0 || s as usize >= self.n() {
            return 0;
        }
        let mask = self.near_words(rel, s);
        if let Some(owners) = self.owners_of(region, c) {
            return self.count_owned(mask, owners, c.s) as i32;
        }
        match region {
            RegionFn::Cached(slot, inner) => self.with_cached(*slot, inner, c, |r| r.count_common(mask) as i32),
            _ => self.region(region, c).count_common(mask) as i32,
        }
    }

    /// When a region is the sites whose top piece belongs to some owners
    /// ([`RegionFn::Owned`]): those owners as a bit set.
    #[inline]
    pub(super) fn owners_of(&self, r: &RegionFn, c: &Ctx) -> Option<u32> {
        match r {
            RegionFn::Owned(o) => Some(o.bits(c.mover, c.next, c.prev)),
            _ => None,
        }
    }

    /// The number of sites of `mask` whose top piece belongs to one of `owners`.
    #[inline]
    pub(super) fn count_owned(&self, mask: &[(u32, u64)], owners: u32, s: &StateData) -> u32 {
        let k = s.owned_stride();
        let mut n = 0;
        for &(i, m) in mask {
            n += (m & s.owned_word(owners, i as usize, k)).count_ones();
        }
        n
    }

    /// In a game without stacks, the component a (possibly cached) `(sites Holding ..)`-like
    /// region asks for: such a region is read off its owner's row of the table.
    #[inline]
    pub(super) fn flat_holding<'a>(&self, r: &'a RegionFn) -> Option<&'a IntFn> {
        match r {
            RegionFn::Cached(_, inner) => self.flat_holding(inner),
            RegionFn::Holding(what) if !self.ir.stacking => Some(what),
            _ => None,
        }
    }

    /// In a game without stacks, the sites of `mask` holding a piece of component `what`
    /// (among the sites its owner's pieces occupy) go to `f` until it says stop; whether it did.
    #[inline]
    pub(super) fn holding_in(&self, mask: &[(u32, u64)], what: i32, s: &StateData, f: impl FnMut(i32) -> bool) -> bool {
        self.holding_in_words(mask.iter().map(|&(i, m)| (i as usize, m)), what, s, f)
    }

    /// [`Self::holding_in`] the sites of bit words given with their index.
    #[inline]
    fn holding_in_words(
        &self,
        mask: impl Iterator<Item = (usize, u64)>,
        what: i32,
        s: &StateData,
        mut f: impl FnMut(i32) -> bool,
    ) -> bool {
        let Some(k) = usize::try_from(what)
            .ok()
            .filter(|&w| w > 0)
            .and_then(|w| self.ir.components.get(w))
        else {
            return false;
        };
        let owned = s.owned_words(k.owner as usize);
        for (i, m) in mask {
            let mut w = owned.get(i).copied().unwrap_or(0) & m;
            while w != 0 {
                let t = (i * 64) as i32 + w.trailing_zeros() as i32;
                w &= w - 1;
                if GameDef::top(s, t).is_some_and(|p| p.what as i32 == what) && f(t) {
                    return true;
                }
            }
        }
        false
    }

    /// [`Self::holding_in`] the whole board.
    pub(super) fn holding_anywhere(&self, what: i32, s: &StateData, f: impl FnMut(i32) -> bool) -> bool {
        // (the owners' rows have no bit past the board: a mask of ones is the board)
        self.holding_in_words((0..s.owned_stride()).map(|i| (i, u64::MAX)), what, s, f)
    }

    /// The sites whose top piece belongs to one of `owners`.
    pub(super) fn owned_region(&self, owners: u32, s: &StateData) -> Region {
        let mut r = Region::new(self.n());
        let (k, owners) = (
            s.owned_stride(),
            owners & 1u32.checked_shl(s.owners() as u32).map_or(u32::MAX, |b| b - 1),
        );
        for i in 0..k {
            r.or_word(i, s.owned_word(owners, i, k));
        }
        r
    }

    /// The sites of the other containers (hands) whose top piece belongs to one of `owners`
    /// (and, when given, is `component`), added to `r`: Ludii's occupied sites of a player
    /// are of every container unless one is named.
    fn add_held_in_hands(&self, r: &mut Region, owners: u32, component: Option<u16>, only: Option<i32>, s: &StateData) {
        for (k, hand) in self.ir.containers.iter().enumerate() {
            if only.is_some_and(|o| o != k as i32) {
                continue;
            }
            let from = self.container_from[k] as usize;
            for t in from..from + hand.sites as usize {
                let Some(top) = s.stack(t).and_then(|st| st.last()) else {
                    continue;
                };
                if owners >> (top.who & 31) & 1 == 1 && component.is_none_or(|x| self.is_named(top.what, x)) {
                    r.insert(t as i32);
                }
            }
        }
    }

    /// `f` of a cached region, computed first if it is not there for the current key.
    pub(super) fn with_cached<T>(&self, slot: u32, inner: &RegionFn, c: &Ctx, f: impl FnOnce(&Region) -> T) -> T {
        if let Some(r) = self.static_region(slot, inner, c) {
            return f(r);
        }
        let key = c.role_key();
        {
            let regions = c.cache.tables().regions.borrow();
            if let Some(Some((k, r))) = regions.get(slot as usize) {
                if *k == key {
                    return f(r);
                }
            }
        }
        self.ensure_cached(slot, inner, c);
        let regions = c.cache.tables().regions.borrow();
        match regions.get(slot as usize) {
            Some(Some((_, r))) => f(r),
            _ => f(&self.region(inner, c)),
        }
    }

    /// Compute a cached region's slot for the current roles if it is not there yet.
    pub(super) fn ensure_cached(&self, slot: u32, inner: &RegionFn, c: &Ctx) {
        let key = c.role_key();
        if let Some(Some((k, _))) = c.cache.tables().regions.borrow().get(slot as usize) {
            if *k == key {
                return;
            }
        }
        let r = self.region(inner, c);
        let mut regions = c.cache.tables().regions.borrow_mut();
        if regions.len() <= slot as usize {
            regions.resize(slot as usize + 1, None);
        }
        regions[slot as usize] = Some((key, r));
    }

    /// Whether a stack whose top piece a player of `players` owns counts for `(sites
    /// Occupied by:.. component:k)`: its top is of component `k` or, where pieces stack,
    /// some level holds one of a player of `players` (Ludii asks the owners' positions of
    /// the component, then keeps the sites whose top is the players').
    /// The owners whose pieces `(sites Occupied by:role)` lists ([`Owners::occupying`]): the
    /// role's players, and for `All` the neutral and shared owners too.
    /// A number drawn from the state's chance, moved on by the moves made: every move of a
    /// position draws the same numbers in turn (as Ludii tries each move on a copy of its
    /// generator), one more each draw of an evaluation.
    pub(super) fn chance_draw(&self, c: &Ctx) -> u64 {
        let seed = super::state::chance_draw(c.s.chance, c.s.num_moves as usize);
        super::state::chance_draw(seed ^ 0x005e_ed0f_d4a5, c.cache.next_draw())
    }

    pub(super) fn occupying_players(&self, role: Role, c: &Ctx) -> SmallVec<[u8; 4]> {
        match role {
            Role::All => (0..=self.num_players + 1).collect(),
            _ => self.players_of(role, c),
        }
    }

    fn holds_occupier(&self, st: &super::state::Stack, players: &[u8], component: Option<u16>) -> bool {
        let Some(k) = component else { return true };
        if self.ir.stacking {
            st.iter().any(|p| players.contains(&p.who) && self.is_named(p.what, k))
        } else {
            st.last().is_some_and(|p| self.is_named(p.what, k))
        }
    }

    /// [`Self::region`], read in place where it is a static region's (no copy).
    pub(super) fn region_cow(&self, f: &RegionFn, c: &Ctx) -> std::borrow::Cow<'_, Region> {
        match f {
            RegionFn::Cached(slot, inner) => match self.static_region(*slot, inner, c) {
                Some(r) => std::borrow::Cow::Borrowed(r),
                None => std::borrow::Cow::Owned(self.region(f, c)),
            },
            _ => std::borrow::Cow::Owned(self.region(f, c)),
        }
    }

    pub(super) fn region(&self, f: &RegionFn, c: &Ctx) -> Region {
        let n = self.n();
        match f {
            RegionFn::Board => Region::full(n),
            RegionFn::OnType(ty, r) => self.typed_region(*ty, r, c),
            RegionFn::Hidden(kind, to) => self.sites_hidden(*kind, to, c),
            RegionFn::Crossing(at, role) => self.crossing(at, *role, c),
            RegionFn::LargePiece(at) => {
                let mut r = Region::new(n);
                let site = self.int(at, c);
                if let Some(p) = (site >= 0 && (site as usize) < n)
                    .then(|| Self::top(c.s, site))
                    .flatten()
                {
                    let mut cells = super::large::Cells::new();
                    if self.is_large(p.what) && self.large_cells(p.what, site, p.state, &mut cells) {
                        cells.iter().for_each(|&t| r.insert(t as i32));
                    } else if !self.is_large(p.what) {
                        r.insert(site);
                    }
                }
                r
            }
            RegionFn::EmptyIn(k) => {
                let k = self.int(k, c);
                if k == 0 {
                    return self.region(&RegionFn::Empty, c);
                }
                let mut r = Region::new(n);
                // (Ludii's container k is our k - 1: ours number the containers after the board)
                if k > 0 && (k as usize) <= self.ir.containers.len() {
                    let from = self.container_from[k as usize - 1] as i32;
                    for i in 0..self.ir.containers[k as usize - 1].sites as i32 {
                        if c.s.stack((from + i) as usize).is_some_and(|st| st.is_empty()) {
                            r.insert(from + i);
                        }
                    }
                }
                r
            }
            RegionFn::Empty => {
                // every occupied site's top piece has an owner in the table
                let mut r = Region::full(n);
                for i in 0..c.s.owned_stride() {
                    r.and_word(i, !c.s.occupied_word(i));
                }
                r
            }
            RegionFn::Owned(o) => self.owned_region(o.bits(c.mover, c.next, c.prev), c.s),
            RegionFn::Group(g) => {
                let mut r = Region::new(n);
                self.group_at(g, c, &mut r);
                r
            }
            RegionFn::InHands {
                role,
                component,
                container,
            } => {
                // (the same owners as on the board: for `All`, the neutral and shared ones too)
                let mask = self.occupying_players(*role, c).iter().fold(0u32, |m, &p| m | 1 << p);
                let only = container.as_ref().map(|k| self.int(k, c));
                let mut r = match only {
                    // (the board's own: as `(sites Occupied .. container:"Board")`)
                    Some(0) => {
                        let on_board = RegionFn::Occupied {
                            role: *role,
                            component: *component,
                            top: true,
                        };
                        return self.region(&on_board, c);
                    }
                    _ => Region::new(n),
                };
                self.add_held_in_hands(&mut r, mask, *component, only.map(|k| k - 1), c.s);
                r
            }
            RegionFn::Occupied { role, component, top } => {
                let players = self.occupying_players(*role, c);
                let mask = players.iter().fold(0u32, |m, &p| m | 1 << p);
                if let Some(r) = c
                    .cache
                    .tables()
                    .occupied
                    .borrow()
                    .iter()
                    .find(|e| e.0 == mask && e.1 == *component && e.2 == *top)
                {
                    return r.3.clone();
                }
                let mut r = Region::new(n);
                if *top || !self.ir.stacking {
                    // only stack tops: the sites the owners' rows of the table list
                    for &p in &players {
                        for t in super::region::bits(c.s.owned_words(p as usize)) {
                            if self.holds_occupier(&c.s.sites[t as usize], &players, *component) {
                                r.insert(t);
                            }
                        }
                    }
                    c.cache
                        .tables()
                        .occupied
                        .borrow_mut()
                        .push((mask, *component, *top, r.clone()));
                    return r;
                }
                for (i, st) in c.s.sites.iter().enumerate() {
                    let hit =
                        |p: &Piece| players.contains(&p.who) && component.is_none_or(|k| self.is_named(p.what, k));
                    let ok = if *top || !self.ir.stacking {
                        st.last().is_some_and(hit)
                    } else {
                        st.iter().any(hit)
                    };
                    if ok {
                        r.insert(i as i32);
                    }
                }
                c.cache
                    .tables()
                    .occupied
                    .borrow_mut()
                    .push((mask, *component, *top, r.clone()));
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
                self.around_at(sites, dirs, cond.as_deref(), *include_self, 1, c)
            }
            RegionFn::AroundAt {
                sites,
                dirs,
                cond,
                include_self,
                distance,
            } => {
                let d = self.int(distance, c).max(0) as usize;
                self.around_at(sites, dirs, cond.as_deref(), *include_self, d, c)
            }
            RegionFn::Geometry(slot) => self
                .geometry
                .get(*slot as usize)
                .cloned()
                .unwrap_or_else(|| Region::new(n)),
            RegionFn::Row(k) | RegionFn::Column(k) => {
                let k = self.int(k, c);
                let mut r = Region::new(n);
                for s in 0..n as u32 {
                    let at = match f {
                        RegionFn::Row(_) => self.board.row(s),
                        _ => self.board.col(s),
                    };
                    if at as i32 == k {
                        r.insert(s as i32);
                    }
                }
                r
            }
            RegionFn::Hand(p) => {
                let p = self.int(p, c);
                let mut r = Region::new(n);
                if let Some(k) = self.hand_of(p) {
                    let from = self.container_from[k] as i32;
                    for i in 0..self.ir.containers[k].sites as i32 {
                        r.insert(from + i);
                    }
                }
                r
            }
            RegionFn::Related(x, rel) => {
                let x = self.int(x, c);
                let mut r = Region::new(n);
                if x >= 0 && (x as usize) < n {
                    for &t in self.board.relation(x as u32, *rel) {
                        r.insert(t as i32);
                    }
                }
                r
            }
            RegionFn::State(v) => {
                let mut r = Region::new(n);
                self.state_words(self.int(v, c), c, |i, w| r.or_word(i, w));
                r
            }
            RegionFn::Equipment { owner, player, name } => {
                let player = match player {
                    Some(p) => Some(self.int(p, c)),
                    None => owner.map(|o| self.role_player(o, c)),
                };
                let mut r = Region::new(n);
                // (with an owner, the name is a part of the region's name; alone, its name)
                let named = |k: u16| {
                    self.regions_named
                        .get(k as usize)
                        .map_or(&[][..], |v| &v[usize::from(player.is_some())])
                };
                let mut add = |i: usize| {
                    let def = &self.ir.regions[i];
                    if player.is_none_or(|p| def.owner as i32 == p) {
                        match self.static_region(self.equipment_slot(i), &def.region, c) {
                            Some(x) => r.union_with(x),
                            None => r.union_with(&self.region(&def.region, c)),
                        }
                    }
                };
                match name {
                    Some(k) => named(*k).iter().for_each(|&i| add(i as usize)),
                    None => (0..self.ir.regions.len()).for_each(add),
                }
                r
            }
            RegionFn::Expand { region, steps, dirs } => {
                let mut r = self.region(region, c);
                for _ in 0..self.int(steps, c).clamp(0, n as i32) {
                    let layer = r.clone();
                    for s in layer.iter() {
                        match dirs {
                            None => {
                                for &t in self.board.relation(s as u32, crate::board::Relation::Adjacent) {
                                    r.insert(t as i32);
                                }
                            }
                            Some(dirs) => {
                                for d in dirs {
                                    for &t in self.board.steps_in(s as u32, *d) {
                                        r.insert(t as i32);
                                    }
                                }
                            }
                        }
                    }
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
            RegionFn::If(b, x, y) => {
                if self.boolean(b, c) {
                    self.region(x, c)
                } else {
                    y.as_ref().map_or_else(|| Region::new(n), |y| self.region(y, c))
                }
            }
            RegionFn::Track { player, name, from, to } => {
                self.track_region(player.as_deref(), name, from.as_deref(), to.as_deref(), c)
            }
            RegionFn::Pending => {
                let mut r = Region::new(n);
                for &v in &c.s.pending {
                    r.insert(v);
                }
                r
            }
            RegionFn::Start(what) => {
                let what = self.int(what, c);
                usize::try_from(what)
                    .ok()
                    .and_then(|w| self.start_positions.get(w))
                    .cloned()
                    .unwrap_or_else(|| Region::new(n))
            }
            RegionFn::ToClear => {
                let mut r = Region::new(n);
                for &v in &c.s.to_clear {
                    r.insert(v as i32);
                }
                r
            }
            RegionFn::LineOfPlay => self.line_of_play(c.s),
            RegionFn::Playable { boardless } => {
                let mut r = Region::new(n);
                if !boardless && c.s.num_moves == 0 {
                    for &s in self.board.centre() {
                        r.insert(s as i32);
                    }
                    return r;
                }
                for s in 0..n as u32 {
                    let empty = c.s.sites[s as usize].is_empty();
                    if empty
                        && ((*boardless && self.board.centre().contains(&s))
                            || self
                                .board
                                .relation(s, Relation::Adjacent)
                                .iter()
                                .any(|&t| !c.s.sites[t as usize].is_empty()))
                    {
                        r.insert(s as i32);
                    }
                }
                r
            }
            RegionFn::Pattern(p) => self.pattern_sites(p, c),
            RegionFn::LastTo => {
                let mut r = Region::new(n);
                for &t in &c.s.last_to {
                    r.insert(t as i32);
                }
                r
            }
            RegionFn::LastBetween => {
                let mut r = Region::new(n);
                for &t in &c.s.last_between {
                    r.insert(t as i32);
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
                let cond = self.cond(Some(cond));
                for s in base.iter() {
                    let mut c2 = *c;
                    c2.site = s;
                    if cond.holds(self, &c2) {
                        r.insert(s);
                    }
                }
                r
            }
            RegionFn::Levels {
                at,
                from_bottom,
                cond,
                start_at,
            } => {
                let mut r = Region::new(n);
                let t = self.int(at, c);
                let height = if t < 0 {
                    0
                } else {
                    c.s.stack(t as usize).map_or(0, |st| st.len() as i32)
                };
                let start = start_at.as_ref().map_or(-1, |x| self.int(x, c));
                let levels: Box<dyn Iterator<Item = i32>> = if *from_bottom {
                    Box::new(start.max(0)..height)
                } else {
                    let first = if start < 0 { height - 1 } else { start.min(height - 1) };
                    Box::new((0..=first).rev())
                };
                let cond = self.cond(cond.as_deref());
                for level in levels {
                    let mut c2 = *c;
                    c2.level = level;
                    if cond.holds(self, &c2) {
                        r.insert(level);
                    }
                }
                r
            }
            RegionFn::Holding(what) => {
                let what = self.int(what, c);
                let mut r = Region::new(n);
                if !self.ir.stacking {
                    self.holding_anywhere(what, c.s, |t| {
                        r.insert(t);
                        false
                    });
                    return r;
                }
                for (i, st) in c.s.sites.iter().enumerate() {
                    if st.iter().any(|p| p.what as i32 == what) {
                        r.insert(i as i32);
                    }
                }
                r
            }
            RegionFn::CurrentGroup => c.group.cloned().unwrap_or_else(|| Region::new(n)),
            RegionFn::Ints(values) => {
                let mut r = Region::new(n);
                for v in self.ints(values, c) {
                    if (0..n as i32).contains(&v) {
                        r.insert(v);
                    }
                }
                r
            }
            RegionFn::UnionOver(sites, each) => {
                let mut r = Region::new(n);
                for t in self.region(sites, c).iter() {
                    let mut c2 = *c;
                    c2.site = t;
                    r.union_with(&self.region(each, &c2));
                }
                r
            }
            RegionFn::Random(region, num) => {
                let mut from: Vec<i32> = self.region(region, c).iter().collect();
                let k = (self.int(num, c).max(0) as usize).min(from.len());
                // drawn from the state's chance, moved on by the moves made
                let seed = super::state::chance_draw(c.s.chance, c.s.num_moves as usize);
                let mut r = Region::new(n);
                for j in 0..k {
                    let i = j + (super::state::chance_draw(seed, j) % (from.len() - j) as u64) as usize;
                    from.swap(j, i);
                    r.insert(from[j]);
                }
                r
            }
            RegionFn::Remembered(list) => {
                let mut r = Region::new(n);
                for v in c.s.remembered_in(*list) {
                    r.insert(v);
                }
                r
            }
            RegionFn::To(m) | RegionFn::From(m) => {
                let mut c2 = Ctx { target: -1, ..*c };
                let mut out = Vec::new();
                self.gen(m, &mut c2, &mut out);
                let mut r = Region::new(n);
                let from = matches!(f, RegionFn::From(_));
                for mv in out {
                    r.insert(if from { mv.from } else { mv.to });
                }
                r
            }
            RegionFn::Cached(slot, inner) => {
                if let Some(r) = self.static_region(*slot, inner, c) {
                    return r.clone();
                }
                let key = c.role_key();
                let slot = *slot as usize;
                if let Some(Some((k, r))) = c.cache.tables().regions.borrow().get(slot) {
                    if *k == key {
                        return r.clone();
                    }
                }
                let r = self.region(inner, c);
                let mut regions = c.cache.tables().regions.borrow_mut();
                if regions.len() <= slot {
                    regions.resize(slot + 1, None);
                }
                regions[slot] = Some((key, r.clone()));
                r
            }
            RegionFn::Direction { .. } => {
                let mut r = Region::new(n);
                match self.direction_word(f, c) {
                    Some(w) => r.or_word(0, w),
                    None => {
                        self.walk_direction(f, c, |t| r.insert(t as i32));
                    }
                }
                r
            }
            RegionFn::LineOfSight { .. } | RegionFn::Between { .. } | RegionFn::Distance { .. } => {
                self.region_query(f, c)
            }
            RegionFn::Walk { site, walks, rotations } => {
                let s = self.int(site, c);
                if s < 0 || s as usize >= n {
                    return Region::new(n);
                }
                self.walk_ends(s as u32, walks, *rotations)
            }
        }
    }

    /// The sites `distance` steps along each radial from each site of `sites` in `dirs`
    /// (those `cond` holds at, `from` the site and `to` the one reached), without the sites
    /// themselves, or with them all (`include_self`).
    fn around_at(
        &self,
        sites: &RegionFn,
        dirs: &[Direction],
        cond: Option<&BoolFn>,
        include_self: bool,
        distance: usize,
        c: &Ctx,
    ) -> Region {
        let centres = self.region(sites, c);
        let mut r = Region::new(self.n());
        for s in centres.iter() {
            for d in dirs {
                for radial in self.board.radials(s as u32, *d) {
                    let Some(&t) = radial.get(distance) else { continue };
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
        if include_self {
            r.union_with(&centres);
        } else {
            r.subtract(&centres);
        }
        r
    }

    // ------------------------------------------------------------------ generation
}

/// `(sites Around <site> [dirs])` without a condition: the site and the directions.
fn around_one_site(r: &RegionFn) -> Option<(&IntFn, &[Direction])> {
    match r {
        RegionFn::Around {
            sites,
            dirs,
            cond: None,
            include_self: false,
        } => match &**sites {
            RegionFn::Site(x) => Some((x, dirs.as_slice())),
            _ => None,
        },
        _ => None,
    }
}

impl GameDef {
    /// Whether the owners' table of `s` has a row for owner `p` that lists every board site
    /// whose top piece `p` owns (not the row of the cells large pieces cover).
    pub(super) fn owner_row_complete(&self, p: u8, s: &StateData) -> bool {
        let rows = s.owned.len() / s.owned_stride();
        (p as usize) < rows.saturating_sub(usize::from(self.has_large_pieces))
    }

    /// A test of whether a region holds a site, prepared once for many sites.
    pub(super) fn site_test<'r>(&self, r: &'r RegionFn, c: &Ctx) -> SiteTest<'r> {
        match r {
            RegionFn::Owned(o) => SiteTest::Owners(o.bits(c.mover, c.next, c.prev)),
            _ => SiteTest::Region(r),
        }
    }

    /// Whether a region holds a site; occupancy is read off the site itself.
    pub(super) fn contains_site(&self, r: &RegionFn, t: u32, c: &Ctx) -> bool {
        match r {
            RegionFn::Owned(o) => Self::top(c.s, t as i32).is_some_and(|p| o.has(p.who, c.mover, c.next, c.prev)),
            RegionFn::Empty => c.s.sites.get(t as usize).is_some_and(|st| st.is_empty()),
            RegionFn::Cached(_, inner) if matches!(**inner, RegionFn::Occupied { .. }) => {
                self.contains_site(inner, t, c)
            }
            RegionFn::Occupied { role, component, top } if *top || !self.ir.stacking => {
                let occupies = |who: u8| *role == Role::All || self.role_has(*role, who, c);
                Self::top(c.s, t as i32).is_some_and(|p| {
                    occupies(p.who)
                        && match *component {
                            None => true,
                            Some(k) if !self.ir.stacking => self.is_named(p.what, k),
                            // (as `holds_occupier`: some level of the role's holds one)
                            Some(k) => c.s.sites[t as usize]
                                .iter()
                                .any(|q| occupies(q.who) && self.is_named(q.what, k)),
                        }
                })
            }
            _ => self.region(r, c).contains(t as i32),
        }
    }
}

/// A prepared membership test ([`GameDef::site_test`]): the owners of a site's top piece, or
/// the region's own test.
pub(super) enum SiteTest<'r> {
    Owners(u32),
    Region(&'r RegionFn),
}

impl SiteTest<'_> {
    #[inline]
    pub(super) fn holds(&self, g: &GameDef, t: u32, c: &Ctx) -> bool {
        match self {
            SiteTest::Owners(bits) => GameDef::top(c.s, t as i32).is_some_and(|p| bits >> (p.who & 31) & 1 != 0),
            SiteTest::Region(r) => g.contains_site(r, t, c),
        }
    }
}
