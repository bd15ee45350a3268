//! Move generation.

use super::compiled::masks::Var;
use super::compiled::{may_pass, Cond};
use super::game::{Ctx, GameDef, Sites};
use super::moves::{Action, MoveData};
use super::region::Region;
use crate::board::SiteType;
use crate::ir::*;
use smallvec::SmallVec;

/// The most amounts one `(move Bet ..)` offers (its range may be any size).
const MAX_BETS: i32 = 1 << 16;

impl GameDef {
    /// Generate the moves of `m` into `out`, attaching its consequents.
    pub(super) fn gen(&self, m: &Moves, c: &mut Ctx, out: &mut Vec<MoveData>) {
        let start = out.len();
        self.gen_kind(&m.kind, c, out);
        if let Some(t) = m.then {
            for mv in &mut out[start..] {
                mv.then.push(t);
            }
        }
        if let MovesKind::ForEachSite {
            region,
            otherwise: Some(n),
            ..
        } = &m.kind
        {
            if out.len() == start {
                // Ludii gives `noMoveYet:`'s moves as they are (without the consequents),
                // with `to` and `site` the last site of the region
                let mut c2 = *c;
                if let Some(s) = self.region(region, c).iter().last() {
                    (c2.site, c2.to) = (s, s);
                }
                self.gen(n, &mut c2, out);
            }
        }
    }

    /// Push a move of `c`'s mover from `from` to `to`, without actions: they are filled in
    /// place in the list, through the answer. The move starts as the constant
    /// [`MoveData::EMPTY`] and is set field by field where it lies: a move built apart and
    /// copied in is read back wider than it was written, a store-forwarding stall on every
    /// move of the loops that make most moves.
    pub(super) fn push_move<'o>(
        &self,
        out: &'o mut Vec<MoveData>,
        c: &Ctx,
        from: i32,
        to: i32,
    ) -> &'o mut SmallVec<[Action; 2]> {
        let i = out.len();
        out.push(MoveData::EMPTY);
        let m = &mut out[i];
        (m.from, m.to, m.mover) = (from, to, c.mover);
        &mut m.actions
    }

    /// `(push from dirs)`: one move removing the piece at `from` and moving each piece of
    /// the run after it one step on (the last off the board, if the run reaches its edge),
    /// along each radial of the first direction the list gives at `from`.
    fn gen_push(&self, from: &IntFn, dirs: &[crate::board::Direction], c: &Ctx, out: &mut Vec<MoveData>) {
        let f = self.int(from, c);
        if f < 0 || f as usize >= self.n() {
            return;
        }
        let mut buf = super::tables::Dirs::new();
        let Some(&d) = self.abs_dirs(dirs, f, c, &mut buf).first() else {
            return;
        };
        let what_at = |t: u32| c.s.sites[t as usize].last().map_or(0, |p| p.what);
        let add = |site: u32, what: u16| Action::Add {
            site,
            what,
            who: self.ir.components.get(what as usize).map_or(0, |k| k.owner),
            count: 1,
            state: -1,
        };
        for radial in self.board.radials(f as u32, d) {
            let actions = self.push_move(out, c, f, f);
            let mut carry = what_at(f as u32);
            actions.push(Action::Remove {
                site: f as u32,
                count: 1,
            });
            for &t in &radial[1..] {
                let here = what_at(t);
                if here != 0 {
                    actions.push(Action::Remove { site: t, count: 1 });
                }
                if carry != 0 {
                    actions.push(add(t, carry));
                }
                if here == 0 {
                    break;
                }
                carry = here;
            }
        }
    }

    /// Whether consequent rule `t` is a plain effect reading nothing (a variable, the
    /// counter or the pending value set to a constant, or to its default), with no
    /// consequents of its own: its actions are the same whatever the state.
    fn constant_consequent(&self, t: u32) -> bool {
        let Some(rule) = self.ir.thens.get(t as usize) else {
            return false;
        };
        let constant = |v: &Option<IntFn>| v.as_ref().is_none_or(|x| matches!(x, IntFn::Const(_)));
        rule.plain
            && rule.then.is_none()
            && match &rule.kind {
                MovesKind::SetCounter(v) | MovesKind::SetVar(v) | MovesKind::SetPending(v) => constant(v),
                _ => false,
            }
    }

    /// The actions of the effects `m` generates now (for `apply` in a `to`/`between`), added
    /// to `actions`.
    pub(super) fn effect_actions(&self, m: &Moves, c: &Ctx, actions: &mut SmallVec<[Action; 2]>) {
        if self.direct_actions(m, c, actions) {
            return;
        }
        let mut c2 = *c;
        c2.target = -1;
        let mut tmp = super::pool::take_list();
        self.gen(m, &mut c2, &mut tmp);
        for mv in &tmp {
            actions.extend_from_slice(&mv.actions);
            if mv.then.iter().all(|&t| self.constant_consequent(t)) {
                // consequents that read nothing (`(set Counter)`...): their actions are the
                // same on any state, so no copy with the effect applied is needed
                for &t in &mv.then {
                    self.plain_actions(&self.ir.thens[t as usize].kind, &c2, actions);
                }
            } else {
                // an effect's own consequents run right after its actions (Ludii nests the
                // effect's move, consequents and all, in the move): what they do there is
                // found now, on a copy of the state with the effect's actions applied
                let mut s2 = self.scratch(c);
                for a in &mv.actions {
                    self.act(&mut s2, a, mv.mover);
                }
                let mut done = super::moves::Done::new();
                self.run_consequents(&mut s2, mv, (mv.from, mv.to), Some(&mut done), c.within);
                actions.extend_from_slice(&done);
                super::pool::release(s2);
            }
        }
        super::pool::give_list(tmp);
    }

    /// The actions of `m` when it is a plain effect: an add or a removal at one site, a
    /// score, a variable, `moveAgain`, or `and`/`or`/`if` of these, none with consequents.
    /// They are what generating its moves and concatenating their actions gives, computed
    /// without building moves (the hot path of `apply` effects and of consequents). False,
    /// with nothing done, for anything else.
    pub(super) fn direct_actions<A: smallvec::Array<Item = Action>>(
        &self,
        m: &Moves,
        c: &Ctx,
        actions: &mut SmallVec<A>,
    ) -> bool {
        if !m.plain {
            return false;
        }
        self.plain_actions(&m.kind, c, actions);
        true
    }

    /// [`Self::direct_actions`] of a plain effect.
    fn plain_actions<A: smallvec::Array<Item = Action>>(&self, k: &MovesKind, c: &Ctx, actions: &mut SmallVec<A>) {
        match k {
            MovesKind::Add {
                piece,
                to:
                    Place {
                        region: None,
                        site: Some(site),
                        cond,
                        apply: None,
                        apply_if: None,
                        level: None,
                        ty,
                        rotations: _,
                    },
                count,
                state,
                ..
            } => {
                let Some((what, who, count)) = self.add_piece_count(piece, count.as_ref(), c) else {
                    return;
                };
                let state = state.as_ref().map_or(-1, |x| self.int(x, c));
                // (a site of any container: a hand's site is a cell of another container;
                // another type's site where the state keeps it)
                let t = self.int(site, c);
                let at = self.global_site(*ty, t);
                if t < 0 || at < 0 || c.s.stack(at as usize).is_none() {
                    return;
                }
                if let Some(b) = cond {
                    let mut c2 = *c;
                    c2.to = t;
                    if !self.boolean(b, &c2) {
                        return;
                    }
                }
                self.add_actions(at, what, who, count, state, actions);
            }
            MovesKind::Remove {
                site: Some(site),
                count,
                level,
                ty,
                ..
            } => {
                let t = self.global_site(*ty, self.int(site, c));
                let (n, level) = self.remove_count_level(count.as_ref(), level.as_ref(), c);
                if t >= 0 && Self::top(c.s, t).is_some() {
                    remove_actions(t, n, self.removal_level(level, t, c), actions);
                }
            }
            MovesKind::FromTo {
                from:
                    Place {
                        site: Some(from),
                        ty: None,
                        ..
                    },
                to:
                    Place {
                        site: Some(to),
                        ty: None,
                        ..
                    },
                count,
                copy,
                stack,
                ..
            } => {
                // (one site to one site, no conditions: see `one_move_effect`)
                let f = self.int(from, c);
                if Self::top(c.s, f).is_none() {
                    return;
                }
                let mut c1 = *c;
                c1.from = f;
                let t = self.int(to, &c1);
                if t >= 0 {
                    let whole = Self::whole_stack(*stack && count.is_none(), c, f, actions);
                    actions.push(self.fromto_action(f, t, count.as_ref(), *copy, whole, &c1));
                }
            }
            MovesKind::SetVar(v) => actions.push(Action::SetVar(v.as_ref().map_or(-1, |x| self.int(x, c)))),
            MovesKind::SetCounter(v) => actions.push(Action::SetCounter(v.as_ref().map_or(-1, |x| self.int(x, c)))),
            MovesKind::SetNamedVar(name, v) => actions.push(Action::SetNamedVar {
                name: *name,
                value: v.as_ref().map_or(-1, |x| self.int(x, c)),
            }),
            MovesKind::SetPending(v) => actions.push(Action::AddPending(v.as_ref().map_or(-1, |x| self.int(x, c)))),
            MovesKind::Remember { list, value, unique } => {
                let v = self.int(value, c);
                if !*unique || !c.s.remembered.contains(&(*list, v)) {
                    actions.push(Action::Remember { list: *list, value: v });
                }
            }
            MovesKind::MoveAgain => actions.push(Action::SetNext(c.mover)),
            MovesKind::SetScore { role, player, value } | MovesKind::AddScore { role, player, value } => {
                let add = matches!(k, MovesKind::AddScore { .. });
                self.score_actions(*role, player.as_ref(), value, add, c, actions);
            }
            MovesKind::Or(v) | MovesKind::And(v) => {
                for x in v {
                    self.plain_actions(&x.kind, c, actions);
                }
            }
            MovesKind::If(b, x, y) => {
                if self.boolean(b, c) {
                    self.plain_actions(&x.kind, c, actions);
                } else if let Some(y) = y {
                    self.plain_actions(&y.kind, c, actions);
                }
            }
            _ => {}
        }
    }

    /// The action of a `fromTo` from `f` to `t` (`c` has `from` = `f`): a counted move in a
    /// game without stacks moves that many of the count (none for 0), else the top `count`
    /// pieces (one by default) move or are copied.
    /// For a whole-stack move from `f` (`whole`): how many pieces the stack holds once the
    /// effects already in `actions` are applied, as Ludii's stack move takes them when applied.
    pub(super) fn whole_stack(whole: bool, c: &Ctx, f: i32, actions: &[Action]) -> Option<u32> {
        whole.then(|| {
            let h = c.s.stack(f as usize).map_or(1, |st| st.len() as i64);
            (h + Action::pieces_added(actions, f as u32)).max(0) as u32
        })
    }

    fn fromto_action(&self, f: i32, t: i32, count: Option<&IntFn>, copy: bool, whole: Option<u32>, c: &Ctx) -> Action {
        if let Some(n) = whole.filter(|_| !copy) {
            return Action::stack_move(f as u32, t as u32, Some(n));
        }
        let counted = count.is_some() && !self.ir.stacking && !copy;
        let n = count.map_or(1, |x| self.int(x, c)).max(i32::from(!counted)) as u32;
        let (from, to) = (f as u32, t as u32);
        if counted {
            Action::MoveN { from, to, count: n }
        } else {
            Action::Move {
                from,
                to,
                count: n,
                copy,
                top: count.is_none(),
            }
        }
    }

    /// The sites a place names: its site, its region's sites in order, else `iterated`
    /// (the iterator it stands for). A site alone is written in `one` and a region's in
    /// `many`, and read where they are: no list built and moved for one site.
    fn place_sites<'a>(
        &self,
        place: &Place,
        iterated: i32,
        c: &Ctx,
        one: &'a mut [i32; 1],
        many: &'a mut Sites,
    ) -> &'a [i32] {
        match (&place.site, &place.region) {
            (Some(s), _) => one[0] = self.int(s, c),
            (_, Some(r)) => {
                many.extend(self.region(r, c).iter());
                return many;
            }
            _ => one[0] = iterated,
        }
        one
    }

    /// The sites a removal names: its site, or its region's sites in order.
    fn targets(&self, site: Option<&IntFn>, region: Option<&RegionFn>, c: &Ctx) -> Sites {
        match (site, region) {
            (Some(s), _) => smallvec::smallvec![self.int(s, c)],
            (_, Some(r)) => self.region(r, c).iter().collect(),
            _ => smallvec::smallvec![],
        }
    }

    /// `(take Control ..)`'s moves: at each site given (default: every site of every
    /// container) whose piece is `of`'s (anyone's when None), the piece becomes the
    /// component of `by` with its name (a piece with no such component stays), its count,
    /// state, rotation and value kept.
    fn take_control(&self, of: Option<&IntFn>, by: &IntFn, sites: Option<&RegionFn>, c: &Ctx, out: &mut Vec<MoveData>) {
        let of = of.map(|o| self.int(o, c));
        let by = self.int(by, c);
        let sites: Vec<i32> = match sites {
            Some(r) => self.region(r, c).iter().collect(),
            None => (0..self.total_sites as i32).collect(),
        };
        for t in sites {
            let Some(p) = c.s.stack(t.max(0) as usize).and_then(|st| st.last()) else {
                continue;
            };
            if t < 0 || of.is_some_and(|o| o != i32::from(p.who)) {
                continue;
            }
            let Some(base) = self.ir.components.get(usize::from(p.what)).map(|k| &k.base) else {
                continue;
            };
            let like = self.ir.components.iter().enumerate().skip(1);
            let Some((what, k)) = like
                .into_iter()
                .find(|(_, k)| i32::from(k.owner) == by && k.base == *base)
            else {
                continue;
            };
            self.push_move(out, c, t, t).push(Action::Promote {
                site: t as u32,
                what: what as u16,
                who: k.owner,
                decision: false,
            });
        }
    }

    /// An add's piece (component, owner) and count; None when nothing is added.
    fn add_piece_count(&self, piece: &Option<PieceFn>, count: Option<&IntFn>, c: &Ctx) -> Option<(i32, u8, i32)> {
        let what = self.piece_index(piece, c);
        if what < 1 || what as usize >= self.ir.components.len() {
            return None;
        }
        let who = self.ir.components[what as usize].owner;
        let count = count.map(|f| self.int(f, c)).unwrap_or(1);
        (count >= 1).then_some((what, who, count))
    }

    /// The actions adding `count` pieces `what` of `who` at `t`: stacking, one action puts
    /// them all on the stack; flat, the first of `count` single adds fills the site, the
    /// others do nothing.
    fn add_actions<A: smallvec::Array<Item = Action>>(
        &self,
        t: i32,
        what: i32,
        who: u8,
        count: i32,
        state: i32,
        actions: &mut SmallVec<A>,
    ) {
        let (actions_n, each) = if self.ir.stacking {
            (1, count as u32)
        } else {
            (count, 1)
        };
        for _ in 0..actions_n {
            actions.push(Action::Add {
                site: t as u32,
                what: what as u16,
                who,
                count: each,
                state,
            });
        }
    }

    /// A score's actions: set (or add) the value for the player given, else each of the role's.
    fn score_actions<A: smallvec::Array<Item = Action>>(
        &self,
        role: Role,
        player: Option<&IntFn>,
        value: &IntFn,
        add: bool,
        c: &Ctx,
        actions: &mut SmallVec<A>,
    ) {
        let v = self.int(value, c);
        let players: SmallVec<[u8; 4]> = match player {
            Some(p) => smallvec::smallvec![self.int(p, c).max(0) as u8],
            None => self.players_of(role, c),
        };
        actions.extend(players.into_iter().map(|p| {
            if add {
                Action::AddScore { player: p, delta: v }
            } else {
                Action::SetScore { player: p, value: v }
            }
        }));
    }

    /// The level a removal at `t` names, as Ludii takes it: none (the top piece, whose
    /// fields are cleared) when the game has no stacks or the level is the stack's top.
    fn removal_level(&self, level: Option<u32>, t: i32, c: &Ctx) -> Option<u32> {
        let height = c.s.stack(t as usize).map_or(0, |st| st.len());
        level.filter(|&l| self.ir.stacking && height != l as usize + 1)
    }

    /// A removal's count (at least one) and level.
    fn remove_count_level(&self, count: Option<&IntFn>, level: Option<&IntFn>, c: &Ctx) -> (i32, Option<u32>) {
        let n = count.map(|x| self.int(x, c)).unwrap_or(1).max(1);
        (n, level.map(|x| self.int(x, c).max(0) as u32))
    }

    /// `(forEach Piece ..)`'s iteration (4.1): for each component of the role's player (and
    /// items), each of its pieces (only stack tops with `top`), with `from`/`level` set and the
    /// mover swapped when the player is not the mover; `f` returns true to stop.
    pub(super) fn for_each_piece(&self, c: &Ctx, pieces: &PieceSet, f: impl FnMut(&mut Ctx, usize) -> bool) -> bool {
        self.for_each_piece_toward(c, pieces, -1, f)
    }

    /// [`Self::for_each_piece`], but where `toward` is a site (not -1), the pieces on the
    /// board whose own moves cannot reach it ([`GameDef::may_reach_from`]) may be left out.
    pub(super) fn for_each_piece_toward(
        &self,
        c: &Ctx,
        pieces: &PieceSet,
        toward: i32,
        mut f: impl FnMut(&mut Ctx, usize) -> bool,
    ) -> bool {
        let (items, role, top, on) = (&pieces.items[..], pieces.role, pieces.top, pieces.on);
        let container = pieces.container.as_ref();
        let player = self.role_player(role, c) as u8;
        let mut c1 = *c;
        // (the pieces of another player are moved with that player as the mover, not those
        // of no player or shared, as in Ludii)
        if player != c.mover && player != 0 && player <= self.num_players {
            c1.prev = c.mover;
            c1.next = c.mover;
            c1.mover = player;
        }
        // (`container:k`: the pieces of the k-th container after the board only)
        let sites = match container.map(|k| self.int(k, c)).filter(|&k| k != 0) {
            Some(k) => {
                let Some((&from, kind)) = usize::try_from(k - 1)
                    .ok()
                    .and_then(|i| Some((self.container_from.get(i)?, self.ir.containers.get(i)?)))
                else {
                    return false;
                };
                from..from + kind.sites
            }
            None => 0..self.n() as u32,
        };
        let on_board = sites.start == 0;
        // (as one mask of components where their numbers allow, `GameDef::comps_of_owner`)
        let mask = self.comps_of_owner.get(player as usize).map(|&own| {
            if items.is_empty() {
                own
            } else {
                own & items
                    .iter()
                    .fold(0, |m, &it| m | self.comps_named.get(it as usize).copied().unwrap_or(0))
            }
        });
        let wanted = |comp: usize| match mask {
            Some(m) => comp < 64 && m >> comp & 1 != 0,
            None => {
                self.ir.components.get(comp).is_some_and(|k| k.owner == player)
                    && (items.is_empty() || items.iter().any(|&it| self.is_named(comp as u16, it)))
            }
        };
        let tops = top || !self.ir.stacking;
        // (the pieces of another site type only, when named)
        if on.is_some_and(|t| t != self.ir.site_type) {
            return self.typed_pieces(&c1, on, wanted, tops, &mut f);
        }
        let typed = on.is_none() && on_board && !self.typed_boards.is_empty();
        if (top || !self.ir.stacking) && on_board {
            // only stack tops: the sites the owner's table lists, read once and taken
            // component by component, each in the order of its sites
            let mut found: SmallVec<[(u16, u32, u32); 32]> = SmallVec::new();
            // (the components found, as bits where their numbers allow)
            let mut comps = 0u64;
            let own = c.s.owned_words(player as usize);
            let near: SmallVec<[u64; 8]>;
            let own = match (toward >= 0).then(|| self.may_reach_from(player, toward)).flatten() {
                Some(from) => {
                    near = own.iter().zip(from).map(|(a, b)| a & b).collect();
                    &near[..]
                }
                None => own,
            };
            // (one component wanted: its sites in order, as the owner's table lists them, no
            // gathering; a piece taken over by another owner is not its owner's component)
            if let Some(comp) = mask
                .filter(|m| m.count_ones() == 1)
                .map(|m| m.trailing_zeros() as usize)
                .filter(|&k| k != 0)
            {
                for site in super::region::bits(own) {
                    let st = &c.s.sites[site as usize];
                    if st.last().is_none_or(|p| p.what as usize != comp) {
                        continue;
                    }
                    let mut c2 = c1;
                    c2.from = site;
                    c2.level = st.len() as i32 - 1;
                    if f(&mut c2, comp) {
                        return true;
                    }
                }
                return typed && self.typed_pieces(&c1, on, wanted, tops, &mut f);
            }
            for site in super::region::bits(own) {
                let st = &c.s.sites[site as usize];
                match st.last() {
                    Some(p) if p.what != 0 && wanted(p.what as usize) => {
                        found.push((p.what, site as u32, st.len() as u32 - 1));
                        comps |= 1u64.checked_shl(u32::from(p.what)).unwrap_or(1);
                    }
                    _ => {}
                }
            }
            if comps & 1 != 0 {
                found.sort_by_key(|&(comp, _, _)| comp);
                comps = 1;
            }
            // (one pass over the few found per component, in order)
            for b in super::region::bits(std::slice::from_ref(&comps)) {
                for &(comp, site, level) in found.iter().filter(|x| comps == 1 || i32::from(x.0) == b) {
                    let mut c2 = c1;
                    c2.from = site as i32;
                    c2.level = level as i32;
                    if f(&mut c2, comp as usize) {
                        return true;
                    }
                }
            }
            return typed && self.typed_pieces(&c1, on, wanted, tops, &mut f);
        }
        for comp in 1..self.ir.components.len() {
            if !wanted(comp) {
                continue;
            }
            for site in sites.clone() {
                let Some(st) = c.s.stack(site as usize) else { continue };
                for (level, p) in st.iter().enumerate() {
                    if p.what as usize != comp || (tops && level + 1 != st.len()) {
                        continue;
                    }
                    let mut c2 = c1;
                    c2.from = site as i32;
                    c2.level = level as i32;
                    if f(&mut c2, comp) {
                        return true;
                    }
                }
            }
        }
        typed && self.typed_pieces(&c1, on, wanted, tops, &mut f)
    }

    /// [`Self::for_each_piece`] over the pieces on other site types than the board's: those
    /// of the type `on` names, or with none named, those of every other type whose numbers
    /// are the board's (Ludii takes a piece's number as a site of the type iterated).
    fn typed_pieces(
        &self,
        c1: &Ctx,
        on: Option<SiteType>,
        wanted: impl Fn(usize) -> bool,
        tops: bool,
        f: &mut impl FnMut(&mut Ctx, usize) -> bool,
    ) -> bool {
        for b in self
            .typed_boards
            .iter()
            .filter(|b| on.is_none_or(|t| t == b.site_type()))
        {
            let ty = b.site_type();
            let limit = if on.is_some() {
                b.num_sites()
            } else {
                b.num_sites().min(self.n())
            };
            for comp in (1..self.ir.components.len()).filter(|&k| wanted(k)) {
                for t in 0..limit as i32 {
                    let Some(st) = self.typed_stack(c1.s, ty, t) else {
                        continue;
                    };
                    for (level, p) in st.iter().enumerate() {
                        if p.what as usize != comp || (tops && level + 1 != st.len()) {
                            continue;
                        }
                        let mut c2 = *c1;
                        c2.from = t;
                        c2.level = level as i32;
                        if f(&mut c2, comp) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// A step's or hop's actions, added to `actions`: the effects applied on the way
    /// (generated now, in the pre-move state), then the piece moving from `f` to `t` (its
    /// whole stack of `stack` pieces where given).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn piece_move(
        &self,
        effects: &[Option<&Moves>],
        c: &Ctx,
        f: i32,
        t: i32,
        stack: Option<u32>,
        level: Option<u32>,
        actions: &mut SmallVec<[Action; 2]>,
    ) {
        for e in effects.iter().flatten() {
            self.effect_actions(e, c, actions);
        }
        actions.push(Action::level_or_stack_move(f as u32, t as u32, level, stack));
    }

    /// The level of `from` a step, hop or leap moves the piece at, given in a game with
    /// stacks (`(from s level:l)`, Ludii's step of a piece at a level); `Err` when there is
    /// no piece there (no move).
    pub(super) fn origin_level(&self, from: &Option<Place>, f: i32, c: &Ctx) -> Result<Option<u32>, ()> {
        let Some(l) = from
            .as_ref()
            .and_then(|p| p.level.as_ref())
            .filter(|_| self.ir.stacking)
        else {
            return Ok(None);
        };
        let l = self.int(l, c);
        match c.s.stack(f.max(0) as usize) {
            Some(st) if l >= 0 && (l as usize) < st.len() => Ok(Some(l as u32)),
            _ => Err(()),
        }
    }

    /// Where `cond` is `(not) (is Within what in:(sites Around (to) rel))` in a game without
    /// stacks (or the same of an owner set) and `rel` is symmetric: keep in `sites` only the
    /// sites (not) around a site holding `what`, and say the condition is decided.
    fn near_filter(&self, cond: Option<&BoolFn>, sites: &mut Region, c: &Ctx) -> bool {
        let (keep, near) = match cond.map(BoolFn::uncompiled) {
            Some(BoolFn::Not(x)) => (false, &**x),
            Some(x) => (true, x),
            None => return false,
        };
        let BoolFn::NearAny { site, rel, region } = near else {
            return false;
        };
        if **site != IntFn::To || !self.near_symmetric[*rel as usize] {
            return false;
        }
        let mut around = Region::new(self.n());
        let mut add = |t: i32| {
            for &(i, w) in self.near_words(*rel, t) {
                around.or_word(i as usize, w);
            }
        };
        if let Some(what) = self.flat_holding(region) {
            self.holding_anywhere(self.int(what, c), c.s, |t| {
                add(t);
                false
            });
        } else if let Some(owners) = self.owners_of(region, c) {
            for t in self.owned_region(owners, c.s).iter() {
                add(t);
            }
        } else {
            return false;
        }
        if keep {
            sites.intersect_with(&around);
        } else {
            sites.subtract(&around);
        }
        true
    }

    /// Whether any of sites `may` ([`GameDef::may_pass`]) lies one step from `f` in `dirs`
    /// (`kind` 0), or first on one of its radials in `dirs` (`kind` 1, where hops pass).
    #[inline]
    fn any_near(&self, f: u32, dirs: &[crate::board::Direction], may: u64, kind: usize) -> bool {
        may == !0
            || dirs
                .iter()
                .any(|d| self.board.near_in_words(f, *d).is_none_or(|w| w[kind] & may != 0))
    }

    /// The site a step or hop starts from: its `(from ..)` site, else the iterator `from`.
    pub(super) fn origin(&self, from: &Option<Place>, c: &Ctx) -> i32 {
        match from.as_ref().and_then(|p| p.site.as_ref()) {
            Some(s) => self.int(s, c),
            None => c.from,
        }
    }

    /// [`Self::origin`], or -1 when the `from`'s `if:` fails there.
    pub(super) fn origin_if(&self, from: &Option<Place>, c: &Ctx) -> i32 {
        let f = self.origin(from, c);
        match from.as_ref().and_then(|p| p.cond.as_ref()) {
            Some(b) if f >= 0 => {
                let mut c1 = *c;
                c1.from = f;
                if self.boolean(b, &c1) {
                    f
                } else {
                    -1
                }
            }
            _ => f,
        }
    }

    pub(super) fn piece_index(&self, p: &Option<PieceFn>, c: &Ctx) -> i32 {
        match p {
            Some(PieceFn::Index(f)) => self.int(f, c),
            None => c.mover as i32,
        }
    }

    /// The sites that may pass a step's or hop's conditions, `[to, between]`
    /// ([`GameDef::may_pass`]): read off the state and the roles alone, so the same from every
    /// origin.
    #[inline]
    pub(super) fn passable(&self, k: &MovesKind, c: &Ctx) -> [u64; 2] {
        match k {
            MovesKind::Step { to, .. } => [self.may_pass(to.cond.as_ref(), Var::To, c), !0],
            MovesKind::Hop { to, between_cond, .. } => [
                self.may_pass(to.cond.as_ref(), Var::To, c),
                self.may_pass(between_cond.as_ref(), Var::Between, c),
            ],
            _ => [!0, !0],
        }
    }

    /// A step's or hop's moves from its origin, given the sites that may pass its conditions
    /// ([`Self::passable`]).
    #[inline(always)]
    fn gen_piece_move(&self, k: &MovesKind, c: &Ctx, out: &mut Vec<MoveData>, may: [u64; 2]) {
        match k {
            MovesKind::Step { from, dirs, .. } | MovesKind::Hop { from, dirs, .. }
                if dirs.first().is_some_and(|d| d.is_relative()) =>
            {
                self.gen_piece_move_relative(k, from, dirs, c, out, may)
            }
            _ => self.gen_piece_move_in(k, None, c, out, may),
        }
    }

    /// [`Self::gen_piece_move`] with relative directions, resolved first.
    #[inline(never)]
    fn gen_piece_move_relative(
        &self,
        k: &MovesKind,
        from: &Option<Place>,
        dirs: &[crate::board::Direction],
        c: &Ctx,
        out: &mut Vec<MoveData>,
        may: [u64; 2],
    ) {
        let mut buf = super::tables::Dirs::new();
        let abs = self.abs_dirs(dirs, self.origin(from, c), c, &mut buf);
        self.gen_piece_move_in(k, Some(abs), c, out, may)
    }

    /// [`Self::gen_piece_move`] in the directions of the move, or `abs` when given.
    #[inline]
    fn gen_piece_move_in(
        &self,
        k: &MovesKind,
        abs: Option<&[crate::board::Direction]>,
        c: &Ctx,
        out: &mut Vec<MoveData>,
        [may_to, may_between]: [u64; 2],
    ) {
        // (asked whether there is a move: done at the first; the context copied only then,
        // to clear it for what is evaluated on the way)
        let (first, listed) = (c.first, out.len());
        let cleared;
        let c = if first {
            cleared = Ctx { first: false, ..*c };
            &cleared
        } else {
            c
        };
        match k {
            MovesKind::Step {
                from,
                dirs,
                to,
                stack,
                decision: _,
            } => {
                let dirs = abs.unwrap_or(dirs);
                if let Some(ty) = from.as_ref().and_then(|p| p.ty) {
                    return self.gen_typed_step(ty, from, dirs, to, *stack, c, out);
                }
                let f = self.origin_if(from, c);
                let whole = stack.then(|| c.s.stack(f.max(0) as usize).map_or(1, |st| st.len() as u32));
                if f < 0 || !self.any_near(f as u32, dirs, may_to, 0) {
                    return;
                }
                // (from a level given, in a game with stacks: the piece there steps alone)
                let Ok(level) = self.origin_level(from, f, c) else {
                    return;
                };
                let level = level.filter(|_| !*stack);
                let start = out.len();
                let to_cond = self.cond_at_listed(to.cond.as_ref(), Var::To);
                let mut c2 = *c;
                c2.from = f;
                for d in dirs {
                    for &t in self.board.steps_in(f as u32, *d) {
                        if !may_pass(may_to, t) {
                            continue;
                        }
                        let t = t as i32;
                        if !c.aims(t) {
                            continue;
                        }
                        c2.to = t;
                        if to_cond.holds(self, &c2) && !out[start..].iter().any(|m| m.from == f && m.to == t) {
                            let actions = self.push_move(out, c, f, t);
                            self.piece_move(&[to.apply.as_deref()], &c2, f, t, whole, level, actions);
                            if first {
                                return;
                            }
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
                let f = self.origin_if(from, c);
                let dirs = abs.unwrap_or(dirs);
                if f < 0 || !self.any_near(f as u32, dirs, may_between, 1) {
                    return;
                }
                let Ok(level) = self.origin_level(from, f, c) else {
                    return;
                };
                let mut c2 = *c;
                c2.from = f;
                let (between_cond, to_cond) = (
                    self.cond_at_listed(between_cond.as_ref(), Var::Between),
                    self.cond_at_listed(to.cond.as_ref(), Var::To),
                );
                for d in dirs {
                    for radial in self.board.radials(f as u32, *d) {
                        let Some(&b) = radial.get(1) else { continue };
                        if !may_pass(may_between, b) || !radial.get(2).is_some_and(|&t| c.aims(t as i32)) {
                            continue;
                        }
                        // (one context for the loop: each candidate sets what it binds)
                        c2.between = b as i32;
                        c2.to = c.to;
                        if !between_cond.holds(self, &c2) {
                            continue;
                        }
                        let Some(&t) = radial.get(2) else { continue };
                        if !may_pass(may_to, t) || !c.aims(t as i32) {
                            continue;
                        }
                        c2.to = t as i32;
                        if !to_cond.holds(self, &c2) {
                            continue;
                        }
                        let effects = [between_apply.as_deref(), to.apply.as_deref()];
                        let actions = self.push_move(out, c, f, t as i32);
                        self.piece_move(&effects, &c2, f, t as i32, None, level, actions);
                        if first && out.len() > listed {
                            return;
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// What an `Add` puts (component, owner, count, local state), or `None` for nothing.
    pub(super) fn added(&self, k: &MovesKind, c: &Ctx) -> Option<Added> {
        let MovesKind::Add {
            piece, state, count, ..
        } = k
        else {
            return None;
        };
        let (what, who, count) = self.add_piece_count(piece, count.as_ref(), c)?;
        let state = state.as_ref().map_or(-1, |x| self.int(x, c));
        Some(Added {
            what,
            who,
            count,
            state,
        })
    }

    /// The sites an `Add` over a region (`to` without a site) may place on, with what is
    /// left to ask at each: the sites that may pass the condition found at once, and what is
    /// left to ask there (nothing when they are exactly those); else a condition on the
    /// neighbours of `to` decided for all sites at once.
    pub(super) fn add_sites<'a>(&'a self, to: &'a Place, c: &Ctx) -> Option<(Region, Cond<'a>)> {
        let mut sites = self.region(to.region.as_ref()?, c);
        if to.ty.is_some() {
            // (the board's masks are not of another type's sites)
            return Some((sites, self.cond(to.cond.as_ref())));
        }
        let cond = match self.site_mask(to.cond.as_ref(), Var::To) {
            Some(m) => {
                sites.and_word(0, (m.f)(self, c));
                self.cond_at_listed(to.cond.as_ref(), Var::To)
            }
            None if self.near_filter(to.cond.as_ref(), &mut sites, c) => Cond::Always,
            None => self.cond(to.cond.as_ref()),
        };
        Some((sites, cond))
    }

    /// The move of an `Add` at `t`, if `cond` holds there.
    pub(super) fn add_at(&self, add: Added, to: &Place, t: i32, c: &Ctx, out: &mut Vec<MoveData>, cond: Cond) {
        if !c.aims(t) {
            return;
        }
        let mut c2 = *c;
        c2.to = t;
        // (where the state keeps the site: another type's are after the containers')
        let at = self.global_site(to.ty, t);
        if at >= 0 && cond.holds(self, &c2) {
            let actions = self.push_move(out, c, t, t);
            if let Some(e) = &to.apply {
                self.effect_actions(e, &c2, actions);
            }
            let Added {
                what,
                who,
                count,
                state,
            } = add;
            match to.level.as_ref().filter(|_| self.ir.stacking) {
                // (put in at a level of the stack: Ludii's `Insert`)
                Some(l) => actions.push(Action::Insert {
                    site: at as u32,
                    state,
                    what: what as u16,
                    level: self.int(l, &c2).clamp(0, i32::from(u16::MAX)) as u16,
                    who,
                }),
                None => self.add_actions(at, what, who, count, state, actions),
            }
            if let Some(m) = out.last_mut().filter(|_| to.ty.is_some()) {
                m.ty = self.type_code(to.ty);
            }
        }
    }

    /// The moves from `first` on made as `mover`'s, when a role is given (a player's move
    /// in a game of simultaneous moves): they are theirs.
    fn moves_of(&self, mover: Option<&IntFn>, first: usize, c: &Ctx, out: &mut [MoveData]) {
        if let Some(p) = mover {
            let p = self.int(p, c).clamp(0, i32::from(self.num_players) + 1) as u8;
            out[first..].iter_mut().for_each(|m| m.mover = p);
        }
    }

    pub(super) fn gen_kind(&self, k: &MovesKind, c: &mut Ctx, out: &mut Vec<MoveData>) {
        if c.target >= 0 && !k.keeps_target() {
            let target = std::mem::replace(&mut c.target, -1);
            self.gen_kind(k, c, out);
            c.target = target;
            return;
        }
        match k {
            MovesKind::Pass => self.push_move(out, c, -1, -1).push(Action::Pass { forced: false }),
            MovesKind::Note(to) => {
                let n = match to {
                    None => self.num_players as i32,
                    Some(p) => i32::from((1..=self.num_players as i32).contains(&self.int(p, c))),
                };
                for _ in 0..n {
                    self.push_move(out, c, -1, -1);
                }
            }
            MovesKind::Satisfy => self.gen_satisfy(c, out),
            MovesKind::Add { to, .. } => {
                let Some(add) = self.added(k, c) else { return };
                if self.is_large(add.what as u16) {
                    return self.gen_large_add(add, to, c, out);
                }
                if let Some(site) = &to.site {
                    // (a site of any container, as in the plain form)
                    let t = self.int(site, c);
                    let at = self.global_site(to.ty, t);
                    if at >= 0 && c.s.stack(at as usize).is_some() {
                        self.add_at(add, to, t, c, out, self.cond(to.cond.as_ref()));
                    }
                } else if let Some((sites, cond)) = self.add_sites(to, c) {
                    for t in sites.iter() {
                        let before = out.len();
                        self.add_at(add, to, t, c, out, cond);
                        // Ludii lists an add over a region with an effect (`(to .. (apply ..))`)
                        // twice: once as it chains the effect, once after
                        if to.apply.is_some() && out.len() > before {
                            let twice = out[before].clone();
                            out.push(twice);
                        }
                    }
                }
            }
            MovesKind::Step { .. } | MovesKind::Hop { .. } => self.gen_piece_move(k, c, out, self.passable(k, c)),
            MovesKind::Slide {
                from,
                dirs: _,
                min,
                max,
                between_cond,
                between_apply: _,
                to,
                decision: _,
                tracks: Some(tracks),
                stack: _,
                trail: _,
            } => self.gen_slide_tracks(
                tracks,
                from,
                max.as_ref(),
                min.as_ref(),
                between_cond.as_ref(),
                to,
                c,
                out,
            ),
            MovesKind::Slide {
                from,
                dirs,
                min,
                max,
                between_cond,
                between_apply,
                to,
                decision: _,
                tracks: None,
                stack,
                trail,
            } => self.gen_slide(
                from,
                dirs,
                (min.as_ref(), max.as_ref()),
                between_cond.as_ref(),
                between_apply.as_deref(),
                (to, *stack, trail.as_deref()),
                c,
                out,
            ),
            MovesKind::Custodial {
                from,
                dirs,
                min,
                max,
                between_cond,
                between_apply,
                to_cond,
            } => self.gen_custodial(
                from.as_ref(),
                dirs,
                (min.as_ref(), max.as_ref()),
                between_cond.as_ref(),
                between_apply.as_deref(),
                to_cond.as_ref(),
                c,
                out,
            ),
            MovesKind::Directional {
                from,
                dirs,
                to_cond,
                to_apply,
            } => self.gen_directional(from.as_ref(), dirs, to_cond.as_ref(), to_apply, c, out),
            MovesKind::Intervene {
                from,
                dirs,
                min,
                max,
                to_cond,
                to_apply,
            } => self.gen_intervene(
                from.as_ref(),
                dirs,
                (min.as_ref(), max.as_ref()),
                to_cond.as_ref(),
                to_apply.as_deref(),
                c,
                out,
            ),
            MovesKind::Surround {
                from,
                dirs,
                between_cond,
                between_apply,
                to_cond,
                except,
                with,
            } => self.gen_surround(
                from.as_ref(),
                dirs,
                between_cond.as_ref(),
                between_apply.as_deref(),
                to_cond.as_ref(),
                [except.as_ref(), with.as_ref()],
                c,
                out,
            ),
            MovesKind::Enclose {
                from,
                dirs,
                between_cond,
                between_apply,
                exceptions,
                targets_empty,
            } => self.gen_enclose(
                from.as_ref(),
                dirs,
                between_cond.as_ref(),
                between_apply.as_deref(),
                exceptions.as_ref(),
                *targets_empty,
                c,
                out,
            ),
            MovesKind::Promote { at, whats, decision } => {
                let t = at.as_ref().map_or(c.to, |x| self.int(x, c));
                if t < 0 || c.s.stack(t as usize).is_none() {
                    return;
                }
                for w in whats {
                    let what = self.int(w, c);
                    if let Some(k) = self.ir.components.get(what as usize).filter(|_| what >= 1) {
                        self.push_move(out, c, t, t).push(Action::Promote {
                            site: t as u32,
                            what: what as u16,
                            who: k.owner,
                            decision: *decision,
                        });
                    }
                }
            }
            MovesKind::TakeControl { of, by, sites } => self.take_control(of.as_ref(), by, sites.as_ref(), c, out),
            MovesKind::TakeDomino => self.gen_take_domino(c, out),
            MovesKind::SetSite {
                field,
                at,
                value,
                level,
                ty,
            } => {
                let local = self.int(at, c);
                let t = self.global_site(*ty, local);
                if t >= 0 && c.s.stack(t as usize).is_some() {
                    let value = self.int(value, c);
                    // (level -1, the level iterated when none is: the top, as Ludii's
                    // undefined level)
                    let level = match level.as_ref().filter(|_| self.ir.stacking).map(|l| self.int(l, c)) {
                        Some(-1) | None => super::moves::TOP,
                        Some(l) => match u32::try_from(l) {
                            Ok(l) => l,
                            Err(_) => return,
                        },
                    };
                    self.push_move(out, c, local, local).push(Action::SetSite {
                        site: t as u32,
                        field: *field,
                        value,
                        level,
                    });
                    if let Some(m) = out.last_mut().filter(|_| ty.is_some()) {
                        m.ty = self.type_code(*ty);
                    }
                }
            }
            MovesKind::Attract { from, dirs } => self.gen_attract(from, dirs, c, out),
            MovesKind::SetRotation {
                at,
                dirs,
                previous,
                next,
            } => {
                let t = self.int(at, c);
                if t < 0 || c.s.stack(t as usize).is_none() {
                    return;
                }
                let set = |out: &mut Vec<MoveData>, value: i32| {
                    self.push_move(out, c, t, t).push(Action::SetSite {
                        site: t as u32,
                        field: SiteField::Rotation,
                        value,
                        level: super::moves::TOP,
                    });
                };
                for d in dirs {
                    set(out, self.int(d, c));
                }
                let current = c.s.site_field(t, SiteField::Rotation);
                let last = self.board.supported_bits(crate::board::Relation::All).count_ones() as i32 - 1;
                if previous.as_ref().is_none_or(|b| self.boolean(b, c)) {
                    set(out, if current > 0 { current - 1 } else { last });
                }
                if next.as_ref().is_none_or(|b| self.boolean(b, c)) {
                    set(out, if current < last { current + 1 } else { 0 });
                }
            }
            MovesKind::Push { from, dirs } => self.gen_push(from, dirs, c, out),
            MovesKind::Flip(at) => {
                let t = self.int(at, c);
                if let Some(p) = Self::top(c.s, t) {
                    if let Some((a, b)) = self.ir.components.get(p.what as usize).and_then(|k| k.flips) {
                        let state = if p.state == a {
                            b
                        } else if p.state == b {
                            a
                        } else {
                            p.state
                        };
                        self.push_move(out, c, t, t).push(Action::SetSite {
                            site: t as u32,
                            field: SiteField::State,
                            value: state,
                            level: super::moves::TOP,
                        });
                    }
                }
            }
            MovesKind::Append(m) => {
                // the parts are generated in place at the end of the list, then folded into
                // the first of them
                let start = out.len();
                let mut c2 = *c;
                self.gen(m, &mut c2, out);
                if out.len() > start {
                    let (head, rest) = out[start..].split_at_mut(1);
                    let mv = &mut head[0];
                    mv.mover = c.mover;
                    for sub in rest.iter() {
                        mv.actions.extend_from_slice(&sub.actions);
                        mv.then.extend_from_slice(&sub.then);
                    }
                    mv.forced = false;
                    out.truncate(start + 1);
                }
            }
            MovesKind::AllCombinations(a, b) => {
                // the first part's moves are generated in place; the second's after them: with
                // one move of the second (the usual case) each first move takes its actions
                let start = out.len();
                self.gen(a, &mut c.clone(), out);
                let mid = out.len();
                self.gen(b, &mut c.clone(), out);
                let end = out.len();
                if mid == start || end == mid {
                    out.truncate(start);
                } else if end == mid + 1 {
                    let (xs, ys) = out[start..].split_at_mut(mid - start);
                    let y = &ys[0];
                    for x in xs.iter_mut() {
                        x.mover = c.mover;
                        x.actions.extend_from_slice(&y.actions);
                        x.then.extend_from_slice(&y.then);
                        x.forced = false;
                    }
                    out.truncate(mid);
                } else {
                    let mut parts = super::pool::take_list();
                    parts.extend(out.drain(start..));
                    let (xs, ys) = parts.split_at(mid - start);
                    for x in xs {
                        for y in ys {
                            let i = out.len();
                            out.push(MoveData::EMPTY);
                            let mv = &mut out[i];
                            (mv.from, mv.to, mv.mover) = (x.from, x.to, c.mover);
                            mv.actions.extend_from_slice(&x.actions);
                            mv.actions.extend_from_slice(&y.actions);
                            mv.then.extend_from_slice(&x.then);
                            mv.then.extend_from_slice(&y.then);
                        }
                    }
                    super::pool::give_list(parts);
                }
            }
            MovesKind::Trigger { event, player } => {
                let p = self.int(player, c);
                if (0..32).contains(&p) {
                    let a = Action::Trigger {
                        player: p as u8,
                        event: *event,
                    };
                    self.push_move(out, c, -1, -1).push(a);
                }
            }
            MovesKind::Leap { .. } => self.gen_leap(k, c, out),
            MovesKind::HopLong(h) => self.gen_hop_long(h, c, out),
            MovesKind::Shoot {
                piece,
                from,
                dirs,
                to_cond,
                decision: _,
            } => self.gen_shoot(piece, from.as_ref(), dirs, to_cond.as_ref(), c, out),
            MovesKind::FromTo {
                from,
                to,
                count,
                copy,
                stack,
                decision: _,
                mover,
            } => {
                let first = out.len();
                // `(from)` without a location: the iterator `from`
                let (mut one, mut many) = ([0], Sites::new());
                let origins = self.place_sites(from, c.from, c, &mut one, &mut many);
                let (from_cond, to_cond) = (self.cond(from.cond.as_ref()), self.cond(to.cond.as_ref()));
                let apply_if = self.cond(to.apply_if.as_ref());
                for &f in origins {
                    let gf = self.global_site(from.ty, f);
                    let Some(&top) = Self::top(c.s, gf) else {
                        continue;
                    };
                    let mut c1 = *c;
                    c1.from = f;
                    if !from_cond.holds(self, &c1) {
                        continue;
                    }
                    // `(to)` without a location: the iterator `to`
                    let (mut one, mut many) = ([0], Sites::new());
                    let targets = self.place_sites(to, c.to, &c1, &mut one, &mut many);
                    if self.is_large(top.what) {
                        self.gen_large_from_to(f, targets, c, out);
                        continue;
                    }
                    // (the piece at a level given moves alone, that piece whatever an effect
                    // puts on its stack first: Ludii's `ActionMoveLevelFrom`)
                    let below_top = from.level.as_ref().map(|l| self.int(l, &c1)).filter(|&l| {
                        self.ir.stacking
                            && l >= 0
                            && c.s.stack(f as usize).is_some_and(|st| {
                                (l as usize) + 1 < st.len() || ((l as usize) < st.len() && count.is_none() && !*copy)
                            })
                    });
                    let whole = *stack && count.is_none() && below_top.is_none();
                    // (a level to go to: the piece at the level given, else the top one, put
                    // in at that level, Ludii's `ActionMoveLevelTo`)
                    let into = to
                        .level
                        .as_ref()
                        .filter(|_| self.ir.stacking && count.is_none() && !*copy);
                    let top_level = c.s.stack(f as usize).map_or(0, |st| st.len().saturating_sub(1) as i32);
                    let action = |t: i32, whole: Option<u32>, c2: &Ctx| match (below_top, into) {
                        (level, Some(l)) => Action::MoveLevel {
                            from: f as u32,
                            level: level.unwrap_or(top_level) as u32,
                            to: t as u32,
                            to_level: self.int(l, c2).clamp(0, i32::from(super::moves::TOP_LEVEL)) as u16,
                        },
                        (Some(level), None) => {
                            Action::level_or_stack_move(f as u32, t as u32, Some(level as u32), None)
                        }
                        (None, None) => self.fromto_action(gf, t, count.as_ref(), *copy, whole, &c1),
                    };
                    for &t in targets {
                        let gt = self.global_site(to.ty, t);
                        if t < 0 || gt < 0 {
                            continue;
                        }
                        let mut c2 = c1;
                        c2.to = t;
                        if !to_cond.holds(self, &c2) {
                            continue;
                        }
                        // (a piece placed turned: one move per rotation, without the effect,
                        // as Ludii)
                        if !to.rotations.is_empty() {
                            let whole = Self::whole_stack(whole, c, gf, &[]);
                            let moved = action(gt, whole, &c2);
                            for r in self.tile_rotations(&to.rotations) {
                                let actions = self.push_move(out, c, f, t);
                                actions.push(moved);
                                actions.push(Action::SetSite {
                                    site: gt as u32,
                                    field: SiteField::Rotation,
                                    value: r,
                                    level: super::moves::TOP,
                                });
                            }
                            continue;
                        }
                        let actions = self.push_move(out, c, f, t);
                        // (`(apply if:C ..)` gates the effect, asked before the move: Ludii's
                        // capture rule of `FromTo`)
                        if let Some(e) = to.apply.as_ref().filter(|_| apply_if.holds(self, &c2)) {
                            self.effect_actions(e, &c2, actions);
                        }
                        let whole = Self::whole_stack(whole, c, gf, actions);
                        actions.push(action(gt, whole, &c2));
                        if let Some(m) = out.last_mut().filter(|_| to.ty.is_some()) {
                            m.ty = self.type_code(to.ty);
                        }
                    }
                }
                // (the move's player, when given: the moves are made as the mover's, then
                // are theirs)
                self.moves_of(mover.as_ref(), first, c, out);
            }
            MovesKind::RemoveAtEnd { site, region, count } => {
                let n = count.as_ref().map_or(1, |x| self.int(x, c)).max(1);
                for t in self.targets(site.as_ref(), region.as_ref(), c) {
                    if Self::top(c.s, t).is_some() {
                        let mv = self.push_move(out, c, t, t);
                        mv.extend((0..n).map(|_| Action::RemoveAtEnd(t as u32)));
                    }
                }
            }
            MovesKind::Remove {
                site,
                region,
                count,
                level,
                decision: _,
                ty,
            } => {
                let targets = self.targets(site.as_ref(), region.as_ref(), c);
                let (n, level) = self.remove_count_level(count.as_ref(), level.as_ref(), c);
                for t in targets {
                    // (where the state keeps the site: another type's are after the containers')
                    let at = self.global_site(*ty, t);
                    if at < 0 || Self::top(c.s, at).is_none() {
                        continue;
                    }
                    let level = self.removal_level(level, at, c);
                    remove_actions(at, n, level, self.push_move(out, c, t, t));
                    if let Some(m) = out.last_mut().filter(|_| ty.is_some()) {
                        m.ty = self.type_code(*ty);
                    }
                }
            }
            MovesKind::SetScore { role, player, value } | MovesKind::AddScore { role, player, value } => {
                let add = matches!(k, MovesKind::AddScore { .. });
                let actions = self.push_move(out, c, -1, -1);
                self.score_actions(*role, player.as_ref(), value, add, c, actions);
            }
            MovesKind::SetVar(_)
            | MovesKind::SetCounter(_)
            | MovesKind::SetNamedVar(..)
            | MovesKind::SetPending(_)
            | MovesKind::Remember { .. }
            | MovesKind::MoveAgain => {
                // one action (none for a value already remembered, with `unique`)
                let mut actions = SmallVec::new();
                self.plain_actions(k, c, &mut actions);
                if !actions.is_empty() {
                    *self.push_move(out, c, -1, -1) = actions;
                }
            }
            MovesKind::SetHidden(h) => {
                // (one move of every flag, as in Ludii: none may be set)
                let mv = self.push_move(out, c, -1, -1);
                let mut acts: SmallVec<[Action; 8]> = SmallVec::new();
                self.hidden_actions(h, c, &mut acts);
                mv.extend(acts);
            }
            MovesKind::SetPendingRegion(r) => {
                let r = self.region(r, c);
                if !r.is_empty() {
                    self.push_move(out, c, -1, -1).extend(r.iter().map(Action::AddPending));
                }
            }
            MovesKind::SetPlayerValue { player, value } => {
                let p = self.int(player, c);
                if (1..=self.num_players as i32).contains(&p) {
                    let value = self.int(value, c);
                    self.push_move(out, c, -1, -1)
                        .push(Action::SetPlayerValue { player: p as u8, value });
                }
            }
            MovesKind::Bet { player, min, max } => {
                let p = self.int(player, c);
                if (1..=self.num_players as i32).contains(&p) {
                    // (at most MAX_BETS amounts, whatever the range)
                    let min = self.int(min, c);
                    for value in min..=self.int(max, c).min(min.saturating_add(MAX_BETS - 1)) {
                        self.push_move(out, c, -1, -1)
                            .push(Action::SetAmount { player: p as u8, value });
                        // (a bet of simultaneous moves is its player's, as in Ludii)
                        if let Some(m) = out.last_mut().filter(|_| self.ir.simultaneous) {
                            m.mover = p as u8;
                        }
                    }
                }
            }
            MovesKind::SetPot(v) => {
                let value = self.int(v, c);
                self.push_move(out, c, -1, -1)
                    .push(Action::SetAmount { player: 0, value });
            }
            MovesKind::RememberState => self.push_move(out, c, -1, -1).push(Action::StoreState),
            MovesKind::AvoidStoredState(inner) => {
                // (each move tried on a copy, with its consequents: kept unless it leads to
                // the stored position)
                let first = out.len();
                self.gen(inner, c, out);
                let mut k = first;
                while k < out.len() {
                    let mut t = super::pool::pooled_copy(c.s);
                    self.execute(&mut t, &out[k], false, None);
                    let back = t.position_hash() == c.s.stored;
                    super::pool::release(t);
                    if back {
                        out.remove(k);
                    } else {
                        k += 1;
                    }
                }
            }
            MovesKind::SetNextPlayer(p) => {
                let p = self.int(p, c);
                if (1..=self.num_players as i32).contains(&p) {
                    self.push_move(out, c, -1, -1).push(Action::SetNext(p as u8));
                }
            }
            MovesKind::SwapPlayers(a, b) => {
                let (a, b) = (self.int(a, c), self.int(b, c));
                let players = 1..=self.num_players as i32;
                if players.contains(&a) && players.contains(&b) {
                    self.push_move(out, c, -1, -1)
                        .extend([Action::SwapPlayers(a as u8, b as u8), Action::SetNext(c.mover)]);
                }
            }
            MovesKind::SwapPieces(a, b) => {
                let (a, b) = (self.int(a, c), self.int(b, c));
                let on = |t: i32| t >= 0 && c.s.stack(t as usize).is_some();
                if on(a) && on(b) && Self::top(c.s, a).is_some() {
                    let what = Self::top(c.s, b).map_or(0, |p| p.what);
                    let actions = self.push_move(out, c, a, b);
                    actions.push(Action::Move {
                        from: a as u32,
                        to: b as u32,
                        count: 1,
                        copy: false,
                        top: false,
                    });
                    if what != 0 {
                        actions.push(Action::Add {
                            site: a as u32,
                            what,
                            who: self.ir.components.get(what as usize).map_or(0, |k| k.owner),
                            count: 1,
                            state: -1,
                        });
                    }
                }
            }
            MovesKind::ForgetAll(list) => {
                // (the list without a name stands for every list)
                let of = |l: u16| *list == UNNAMED || l == *list;
                if c.s.remembered.iter().any(|&(l, _)| of(l)) {
                    self.push_move(out, c, -1, -1).extend(
                        c.s.remembered
                            .iter()
                            .filter(|&&(l, _)| of(l))
                            .map(|&(list, value)| Action::Forget { list, value }),
                    );
                }
            }
            MovesKind::Forget(list, value) => {
                let value = self.int(value, c);
                self.push_move(out, c, -1, -1)
                    .push(Action::Forget { list: *list, value });
            }
            MovesKind::Propose(k) => self.push_move(out, c, -1, -1).push(Action::Propose(*k)),
            MovesKind::Vote(k) => self.push_move(out, c, -1, -1).push(Action::Vote(*k)),
            MovesKind::ForEachPiece { pieces, body } => {
                let real = *c;
                let start = out.len();
                match body {
                    Some(body) if matches!(body.kind, MovesKind::Step { .. } | MovesKind::Hop { .. }) => {
                        // a step or hop from each piece: what may pass its conditions read once
                        let mut may = None;
                        self.for_each_piece(c, pieces, |c2, _| {
                            let may = *may.get_or_insert_with(|| self.passable(&body.kind, c2));
                            self.gen_piece_move(&body.kind, c2, out, may);
                            false
                        });
                        if let Some(t) = body.then {
                            for mv in &mut out[start..] {
                                mv.then.push(t);
                            }
                        }
                    }
                    Some(body) => {
                        self.for_each_piece(c, pieces, |c2, _| {
                            self.gen(body, c2, out);
                            false
                        });
                    }
                    // each piece's own moves
                    None => {
                        // (only the moves to one site wanted: not those of a piece that
                        // cannot get there)
                        let toward = if self.fast_forms { c.target } else { -1 };
                        self.for_each_piece_toward(c, pieces, toward, |c2, comp| {
                            if toward >= 0 && !self.may_reach(comp, c2.from, toward) {
                                return false;
                            }
                            if let Some(m) = &self.ir.components[comp].moves {
                                self.gen(m, c2, out);
                            }
                            false
                        });
                    }
                }
                for mv in &mut out[start..] {
                    mv.mover = real.mover;
                }
            }
            MovesKind::ForEachPlayer(body) => {
                for p in 1..=self.num_players as i32 {
                    let mut c2 = *c;
                    c2.player = p;
                    self.gen(body, &mut c2, out);
                }
            }
            MovesKind::ForEachPlayerIn { players, body } => {
                for p in self.ints(players, c) {
                    if (1..=i32::from(self.num_players)).contains(&p) {
                        let mut c2 = *c;
                        c2.player = p;
                        self.gen(body, &mut c2, out);
                    }
                }
            }
            MovesKind::ForEachValueIn { values, body } => {
                for v in self.ints(values, c) {
                    let mut c2 = *c;
                    c2.value = v;
                    self.gen(body, &mut c2, out);
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
            // (`noMoveYet:` is generated by `gen`, without the consequents)
            MovesKind::ForEachSite { region, body, .. } => {
                for s in self.region(region, c).iter() {
                    let mut c2 = *c;
                    (c2.site, c2.to) = (s, s);
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
            MovesKind::Priority(v) => self.gen_priority(v, c, out),
            MovesKind::Seq(parts) => self.gen_seq(parts, c, out),
            MovesKind::MaxMoves(m, with_value, captures) => self.gen_max_moves(m, *with_value, *captures, c, out),
            MovesKind::Do {
                pre,
                next,
                if_afterwards,
                afterwards_reads_from,
            } => self.gen_do(
                pre,
                next.as_deref(),
                if_afterwards.as_ref(),
                *afterwards_reads_from,
                c,
                out,
            ),
            MovesKind::While(cond, body) => self.gen_while(cond, body, c, out),
            MovesKind::ForEachGroup { groups, body } => self.gen_for_each_group(groups, body, c, out),
            MovesKind::ForEachDirection(k) => self.gen_for_each_direction(k, c, out),
            MovesKind::Select { from, to, mover } => {
                let first = out.len();
                self.gen_select(from, to, c, out);
                self.moves_of(mover.as_ref(), first, c, out);
            }
            MovesKind::Sow(w) => self.gen_sow(w, c, out),
            MovesKind::Roll => self.gen_roll(c, out),
            MovesKind::MaxDistance { name, owner, body } => {
                let owner = owner.as_ref().map_or(-1, |o| self.int(o, c));
                if self.sow_track(name.as_deref(), owner).is_some() {
                    self.gen(body, c, out);
                }
            }
            MovesKind::FirstMoveOnTrack { name, owner, body } => {
                let owner = owner.as_ref().map_or(-1, |o| self.int(o, c));
                let Some(track) = self.sow_track(name.as_deref(), owner) else {
                    return;
                };
                let start = out.len();
                for &s in track.sites.iter().filter(|&&s| s >= 0) {
                    let mut c2 = *c;
                    c2.site = s;
                    self.gen(body, &mut c2, out);
                    if out.len() > start {
                        break;
                    }
                }
            }
            MovesKind::ForEachLevel { site, from_top, body } => {
                let t = self.int(site, c);
                let n =
                    c.s.stack(t.max(0) as usize)
                        .filter(|_| t >= 0)
                        .map_or(0, |st| st.len() as i32);
                let mut c2 = *c;
                for i in 0..n {
                    c2.level = if *from_top { n - 1 - i } else { i };
                    self.gen(body, &mut c2, out);
                }
            }
            MovesKind::ForEachDie {
                replay_double,
                combined,
                cond,
                body,
            } => {
                self.gen_for_each_die(replay_double.as_ref(), cond.as_ref(), body, c, out);
                if combined.as_ref().is_some_and(|b| self.boolean(b, c)) {
                    self.gen_dice_combined(cond.as_ref(), body, c, out);
                }
            }
        }
    }

    // ------------------------------------------------------------------ legal moves and apply
}

/// What an `Add` puts ([`GameDef::added`]).
#[derive(Clone, Copy)]
pub(super) struct Added {
    pub(super) what: i32,
    pub(super) who: u8,
    pub(super) count: i32,
    pub(super) state: i32,
}

/// `n` removals at `t` (of the top piece, or of the piece at `level`).
fn remove_actions<A: smallvec::Array<Item = Action>>(t: i32, n: i32, level: Option<u32>, actions: &mut SmallVec<A>) {
    let (site, count) = (t as u32, n as u32);
    match level {
        _ if n < 1 => {}
        Some(level) => actions.push(Action::RemoveAt { site, level, count }),
        None => actions.push(Action::Remove { site, count }),
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::Game;
    use crate::expand::Selections;

    /// `(move Set Rotation ..)`: a move per direction given, then the rotation turned back a
    /// step and on a step among the board's eight (`All`) directions, wrapping around.
    #[test]
    fn set_rotation_turns_back_and_on_and_wraps() {
        let game = |dirs: &str| {
            let text = format!(
                r#"(game "Turn" (players 2)
                (equipment {{ (board (square 3)) (piece "Arrow" Each) }})
                (rules (start (place "Arrow1" 4 rotation:7))
                  (play (move Set Rotation (to 4) {dirs}))
                  (end (if (= (rotation at:4) 3) (result Mover Win)))))"#
            );
            Game::load("turn", &text, &Selections::default()).expect("loads")
        };
        let rotations = |g: &Game, s: &crate::engine::State| -> Vec<String> {
            g.legal_moves(s)
                .iter()
                .map(|m| {
                    let mut t = s.clone();
                    g.apply(&mut t, m);
                    g.diff_text(s, &t)
                })
                .collect()
        };
        let g = game("");
        let s = g.initial_state();
        let after = rotations(&g, &s);
        assert_eq!(after.len(), 2, "{after:?}");
        assert!(after[0].contains("~r6"), "back a step: {after:?}");
        assert!(
            !after[1].contains("~r"),
            "on a step, from the last around to 0: {after:?}"
        );
        let g = game("{3 5}");
        let after = rotations(&g, &g.initial_state());
        assert_eq!(after.len(), 4, "{after:?}");
        assert!(after[0].contains("~r3") && after[1].contains("~r5"), "{after:?}");
    }

    /// `(take Control ..)`: the pieces of the owner named on the sites given become the
    /// new owner's component of the same name, their count, state and value kept; a piece
    /// the new owner has no like of stays.
    #[test]
    fn take_control_hands_the_pieces_over() {
        let text = r#"(game "Turncoat" (players 2)
            (equipment { (board (rectangle 1 4)) (piece "Disc" Each) (piece "Cross" P2) })
            (rules (start { (place "Disc2" 0 state:3 value:7) (place "Cross2" 1) (place "Disc2" 2) })
              (play (move Add (to (sites Empty))
                (then (take Control of:P2 by:Mover to:(sites {0 1 3})))))
              (end (if (no Moves Next) (result Mover Win)))))"#;
        let g = Game::load("turncoat", text, &Selections::default()).expect("loads");
        let mut s = g.initial_state();
        let m = g.find_move(&s, "D1");
        assert_eq!(m.len(), 1);
        g.apply(&mut s, &m[0]);
        let kinds = g.piece_kinds();
        let at = |t: usize| {
            let p = s.pieces(t)[0];
            (kinds[g.piece_kind(p.component)].to_string(), p.owner, p.state, p.value)
        };
        assert_eq!(at(0), ("Disc".to_string(), 1, 3, 7), "taken, as it was");
        assert_eq!(at(1).1, 2, "player 1 has no Cross: it stays player 2's");
        assert_eq!(at(2).1, 2, "not among the sites given");
        assert_eq!(at(3).1, 1, "the mover's own piece");
    }

    #[test]
    fn an_effects_own_consequents_run_with_it() {
        // a capture whose removal scores (the removal's own `then`), before the piece lands
        let text = r#"(game "Nested" (players 2)
            (equipment { (board (rectangle 1 3)) (piece "Disc" Each) })
            (rules (start { (place "Disc1" 0) (place "Disc2" 1) })
              (play (forEach Piece (move Step E
                  (to if:(not (is Friend (who at:(to))))
                      (apply (if (is Enemy (who at:(to)))
                          (remove (to) (then (addScore Mover (count Pieces Next))))))))))
              (end (if (no Moves Mover) (result Mover Loss)))))"#;
        let game = Game::load("nested", text, &Selections::default()).expect("loads");
        let mut s = game.initial_state();
        let moves = game.legal_moves(&s);
        assert_eq!(moves.len(), 1, "one step east, onto the enemy");
        game.apply(&mut s, &moves[0]);
        // (counted once the enemy piece is gone: none left)
        assert_eq!(s.scores()[1], 0);
        assert_eq!(s.scores()[2], 0);
        let text = text.replace("(count Pieces Next)", "7");
        let game = Game::load("nested", &text, &Selections::default()).expect("loads");
        let mut s = game.initial_state();
        let moves = game.legal_moves(&s);
        game.apply(&mut s, &moves[0]);
        assert_eq!(s.scores()[1], 7, "the removal's consequent scores for the mover");
    }

    #[test]
    fn a_turn_does_not_go_back_through_the_sites_it_visited() {
        let text = r#"(game "Walk" (players 2)
            (equipment { (board (rectangle 1 5)) (piece "Disc" Each) })
            (rules (start { (place "Disc1" 0) (place "Disc2" 4) })
              (play (forEach Piece (move Step (directions {E W})
                  (to if:(and (is Empty (to)) (not (is Visited (to)))))
                  (then (if (is Mover P1) (moveAgain))))))
              (end (if (no Moves Mover) (result Mover Loss)))))"#;
        let game = Game::load("walk", text, &Selections::default()).expect("loads");
        let mut s = game.initial_state();
        let to = crate::engine::legal_targets;
        assert_eq!(to(&game, &s), [1]);
        let m = game.legal_moves(&s)[0].clone();
        game.apply(&mut s, &m);
        // P1 again: back to 0 is a site of this turn
        assert_eq!(to(&game, &s), [2]);
    }

    /// `(seq {A B})` as a consequent: B's condition reads the position A left (where `and`
    /// reads the one before both), and both parts' pieces are placed.
    #[test]
    fn seq_parts_see_what_earlier_parts_did() {
        let game = |op: &str| {
            let text = format!(
                r#"(game "Seq" (players 1)
                (equipment {{ (board (square 3)) (piece "Disc" P1) }})
                (rules (start (place "Disc" 0))
                  (play (move Select (from 0)
                    (then ({op} {{ (add (piece "Disc") (to 1))
                                  (if (is Occupied 1) (add (piece "Disc") (to 2))) }}))))
                  (end (if (is Full) (result Mover Win)))))"#
            );
            Game::load("seq", &text, &Selections::default()).expect("loads")
        };
        for (op, expected) in [("seq", "1=Disc 2=Disc|m1"), ("and", "1=Disc|m1")] {
            let g = game(op);
            let s = g.initial_state();
            let legal = g.legal_moves(&s);
            assert_eq!(legal.len(), 1, "{op}");
            let mut next = s.clone();
            g.apply(&mut next, &legal[0]);
            assert_eq!(g.diff_text(&s, &next), expected, "{op}");
        }
    }

    /// `(value Random ..)` draws from the state's chance: every move of a position draws
    /// the same first number (as Ludii tries each move on a copy of its generator), the
    /// next draw of an evaluation another, and the other draws a replay tries differ.
    #[test]
    fn random_draws_are_the_positions_own() {
        let text = r#"(game "Draw" (players 1)
            (equipment { (board (square 3)) (piece "Disc" P1) })
            (rules (play (move Add (to (sites Empty))
                (then (and (set Value at:(last To) (value Random (range 1 1000)))
                           (set Var (value Random (range 1 1000)))))))
              (end (if (is Full) (result Mover Win)))))"#;
        let g = Game::load("draw", text, &Selections::default()).expect("loads");
        let s = g.initial_state();
        let value_of = |s: &crate::engine::State, m: &crate::engine::Move| {
            let mut next = s.clone();
            g.apply(&mut next, m);
            let t = g.diff_text(s, &next);
            let v = t
                .split("~v")
                .nth(1)
                .and_then(|r| r.split(['|', ' ']).next())
                .map(str::to_string);
            v.expect("a value is set")
        };
        let legal = g.legal_moves(&s);
        let first = value_of(&s, &legal[0]);
        assert!(
            legal.iter().all(|m| value_of(&s, m) == first),
            "one draw for every move"
        );
        let others: std::collections::BTreeSet<String> = g
            .other_draws(&s)
            .iter()
            .map(|o| value_of(o, &g.legal_moves(o)[0]))
            .collect();
        assert!(others.len() > 100, "other draws draw otherwise: {}", others.len());
    }
}
