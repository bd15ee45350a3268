//! Legal moves, applying a move, end rules and the turn model.

use super::api::{Move, State};
use super::game::{all_passed, push_history, Cache, Ctx, GameDef, Within};
use super::moves::{Action, MoveData};
use super::pool::Repeats;
use super::state::{site_hash, Piece, Stack, StateData};
use crate::ir::*;
use smallvec::SmallVec;

impl GameDef {
    pub fn legal_moves(&self, state: &State) -> Vec<Move> {
        let s = &state.inner;
        if s.over {
            return Vec::new();
        }
        let out = if self.ir.simultaneous {
            self.joint_moves(s)
        } else {
            self.candidates(s)
        };
        self.listed(s, out)
    }

    /// The legal moves of `s` from the moves its rules give there (`out`, in order): those
    /// the meta rule `(no Repeat)` allows, or the forced pass where none is left.
    pub(super) fn listed(&self, s: &StateData, mut out: Vec<MoveData>) -> Vec<Move> {
        if self.ir.no_repeat.is_some() && !s.seen.is_empty() {
            let mut scratch = Repeats::new(s);
            out.retain(|m| !self.repeats(&mut scratch, s, m, Within::default()));
        }
        // (a simulation whose rules give no move has none, as in Ludii: it stands still, not
        // over, and its playouts stop there)
        if out.is_empty() && !self.ir.simulation() {
            out.push(self.forced_pass(s));
        }
        out.into_iter().map(|inner| Move { inner }).collect()
    }

    /// A legal move drawn uniformly at random (`None` once the game is over): the same
    /// distribution as a draw from [`Self::legal_moves`], but the filters of the moves, the
    /// meta rule `(no Repeat)` and the `ifAfterwards` conditions met among the play's
    /// alternatives ([`Self::gen_deferring`]), are asked only of the moves drawn: one that
    /// fails is put aside and another drawn, as Ludii's playouts do for `(no Repeat)`.
    pub fn random_move(&self, state: &State, rng: &mut dyn rand::RngCore) -> Option<Move> {
        use rand::Rng;
        let s = &state.inner;
        if s.over {
            return None;
        }
        if self.ir.simulation() {
            // (one move at most, every move of the rules at once; none at a standstill)
            return self.legal_moves(state).pop();
        }
        if self.ir.simultaneous {
            // (uniform over the joint moves: each player's move uniform over theirs)
            let mut moves = self.legal_moves(state);
            let i = rng.gen_range(0..moves.len().max(1));
            return (i < moves.len()).then(|| moves.swap_remove(i));
        }
        let cache = Cache::fresh();
        let mut c = self.ctx(s, &cache);
        let mut out = super::pool::take_list();
        let mut d = super::requirement::Deferred::default();
        let none = super::requirement::NO_FILTER;
        self.gen_deferring(self.play_of(s.mover, s), &mut c, &mut out, &mut d, none);
        if self.ir.meta_swap {
            self.offer_swap(&c, &mut out);
        }
        // (one copy of the state to try the moves drawn on, for both filters: the context's
        // roles are the state's)
        let mut scratch = None;
        let mut one = Vec::new();
        let mut total = out.len() + d.lazy.iter().map(|b| b.count).sum::<usize>();
        let chosen = loop {
            if total == 0 {
                // (drawn from the list of one, as from `legal_moves`)
                let _ = rng.gen_range(0..1);
                break self.forced_pass(s);
            }
            let i = rng.gen_range(0..total);
            // the move drawn: listed, or made from the sites of an `Add` (`(block, site)`)
            let (m, filter, lazy) = if i < out.len() {
                (&out[i], d.pending.get(i).copied().unwrap_or(none), None)
            } else {
                let mut k = i - out.len();
                let j = d.lazy.iter().position(|b| {
                    k < b.count || {
                        k -= b.count;
                        false
                    }
                });
                let Some(j) = j else { break self.forced_pass(s) };
                let t = self.lazy_add(&d.lazy[j], k, &c, &mut one);
                let Some(m) = one.first() else {
                    // (the condition left to ask at the site fails)
                    d.lazy[j].take(t);
                    total -= 1;
                    continue;
                };
                (m, d.lazy[j].filter, Some((j, t)))
            };
            let cond = d.conds.get(filter as usize).map(|f| f.0);
            let repeat = self.ir.no_repeat.is_some() && !s.seen.is_empty() && !m.is_pass() && !m.is_swap();
            let fails = (cond.is_some() || repeat) && {
                let r = scratch.get_or_insert_with(|| Repeats::new(s));
                self.fails_filters(r.state(), m, cond, repeat, &c)
            };
            total -= usize::from(fails);
            match lazy {
                None if fails => {
                    if !d.pending.is_empty() {
                        d.pending.resize(out.len(), none);
                        d.pending.swap_remove(i);
                    }
                    out.swap_remove(i);
                }
                None => break with_then(out.swap_remove(i), &d, filter),
                Some((j, t)) if fails => d.lazy[j].take(t),
                Some(_) => break with_then(one.swap_remove(0), &d, filter),
            }
        };
        super::pool::give_list(out);
        Some(Move { inner: chosen })
    }

    /// The moves the rules give (and the meta rule `(swap)` offers), before the meta rule
    /// `(no Repeat)`.
    pub(super) fn candidates(&self, s: &StateData) -> Vec<MoveData> {
        let cache = Cache::fresh();
        let mut c = self.ctx(s, &cache);
        let mut out = super::pool::take_list();
        self.gen(self.play_of(s.mover, s), &mut c, &mut out);
        if self.ir.meta_swap {
            self.offer_swap(&c, &mut out);
        }
        if self.ir.simulation() && out.len() > 1 {
            // (a simulation plays every move the rules give at once, as Ludii does: one move,
            // the first, with the others' actions after its own, not their consequents)
            let (first, rest) = out.split_at_mut(1);
            for m in rest.iter() {
                first[0].actions.extend_from_slice(&m.actions);
            }
            out.truncate(1);
        }
        out
    }

    /// `(last Between)` of `m`, noted before it is applied: the occupied sites strictly
    /// between its from and to along a line of the board (what a hop hops over; none for a
    /// move to a neighbour, along empty sites or not along a line).
    fn note_between(&self, s: &mut StateData, m: &MoveData) {
        s.last_between.clear();
        let (Ok(f), Ok(t)) = (u32::try_from(m.from), u32::try_from(m.to)) else {
            return;
        };
        if f as usize >= self.n() || t as usize >= self.n() || f == t {
            return;
        }
        let all = crate::board::Direction::Rel(crate::board::Relation::All);
        let Some(ray) = self.board.radials(f, all).find(|r| r.contains(&t)) else {
            return;
        };
        for &u in ray.iter().skip(1).take_while(|&&u| u != t) {
            if s.stack(u as usize).is_some_and(|st| !st.is_empty()) {
                s.last_between.push(u);
            }
        }
    }

    /// The pass the engine gives a player without a legal move (marked: it stalemates).
    pub(super) fn forced_pass(&self, s: &StateData) -> MoveData {
        MoveData {
            forced: true,
            actions: smallvec::smallvec![Action::Pass { forced: true }],
            from: -1,
            to: -1,
            mover: s.mover,
            then: SmallVec::new(),
            level_to: 0,
            ty: 0,
        }
    }

    pub fn apply(&self, state: &mut State, mv: &Move) {
        self.apply_logged(state, mv, None)
    }

    /// [`Self::apply`], telling `log` every action taken: the move's own, then its
    /// consequents' in the order they ran.
    pub(super) fn apply_logged(&self, state: &mut State, mv: &Move, mut log: Option<&mut Vec<Action>>) {
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
        s.decided = -1;
        if self.ir.uses_last_between {
            self.note_between(s, m);
        }
        if !(self.ir.simultaneous && self.execute_joint(s, m, log.as_deref_mut())) {
            self.execute(s, m, true, log.as_deref_mut());
        }
        if self.ir.automove {
            self.automove(s, log);
        }
        if !self.ir.dice.is_empty() {
            self.after_roll_in_vain(s, m);
        }
        if self.ir.uses_cycles {
            self.remember_position(s);
        }
        s.num_decisions += 1;
        // 4. end rules (the mover's phase's, then the game's), each followed by the all-pass
        // draw as in Ludii (so none without end rules), the turn limit
        let phase_end = self
            .ir
            .phases
            .get(s.phase.get(s.mover as usize).copied().unwrap_or(0) as usize)
            .map(|ph| &ph.end[..])
            .unwrap_or(&[]);
        for rules in [phase_end, &self.ir.end[..]] {
            if s.over || rules.is_empty() {
                continue;
            }
            self.end_rules_of(s, rules);
            // (not in a game with dice, as Ludii's `NotAllPass`, nor in a simulation)
            if !s.over
                && !self.ir.not_all_pass
                && self.ir.dice.is_empty()
                && !self.ir.simulation()
                && all_passed(s, self.num_players)
            {
                self.draw_all(s);
            }
        }
        if !s.over && (s.num_turn >= TURN_LIMIT * self.num_players.max(1) as u32 || s.num_decisions >= MOVE_LIMIT) {
            self.draw_all(s);
        }
        // 5. the phases move on
        if !s.over && !self.ir.phases.is_empty() {
            self.next_phases(s);
        }
        // (the sites this turn went through, while the mover moves again)
        if self.ir.uses_visited && !s.over {
            if s.mover != s.next {
                s.visited.clear();
            } else {
                for x in [m.from, m.to] {
                    if x >= 0 && !s.visited.contains(&(x as u32)) {
                        s.visited.push(x as u32);
                    }
                }
            }
        }
        // (who moved, and who moved before: what `(no Repeat ..)` asks below, as Ludii reads
        // them before the turn changes)
        let (moved, moved_before) = (s.mover, s.prev);
        // 6. the turn change (also after a team's win, which leaves the losers in)
        if s.over && s.active == 0 {
            s.prev = s.mover;
        } else {
            s.prev = s.mover;
            let old = s.mover;
            s.mover = s.next;
            // (a swap starts a turn though its player moves again)
            if s.mover != old || m.is_swap() {
                s.num_turn += 1;
                s.same_turn_moves = 0;
            } else {
                s.same_turn_moves += 1;
            }
            s.next = self.next_after(s.mover, s);
        }
        // 7. one more move counted; the dice's sums are those of the faces shown (Ludii does
        // both last)
        s.counter += 1;
        if !self.ir.dice.is_empty() {
            self.after_move_dice(s);
        }

        // 8. the position joins those `(no Repeat ..)` forbids: in the game, the position
        // after the first move of each turn (a move by another player than the one before);
        // in the turn, the positions after each move of the turn
        match self.ir.records {
            Some(Repetition::Positional) if moved != moved_before => s.seen.push(s.hash),
            Some(Repetition::PositionalInTurn) => {
                if moved != moved_before {
                    s.seen.clear();
                }
                s.seen.push(s.hash);
            }
            _ => {}
        }
    }

    /// The meta rule `(automove)`, after a move's consequents: the mover's moves of the
    /// position are listed (in the phase still played), and each that is the only one to
    /// its site is made, as a consequent of the move; again until none is left (Ludii's
    /// `Automove`). Bounded: at most one round per site and one more.
    fn automove(&self, s: &mut StateData, mut log: Option<&mut Vec<Action>>) {
        for _ in 0..=self.n() {
            let mut moves = super::pool::take_list();
            {
                let cache = Cache::fresh();
                let mut c = self.ctx(s, &cache);
                self.gen(self.play_of(s.mover, s), &mut c, &mut moves);
            }
            let mut forced = super::pool::take_list();
            forced.extend(
                moves
                    .iter()
                    .filter(|m| moves.iter().filter(|o| o.to == m.to).count() == 1)
                    .cloned(),
            );
            super::pool::give_list(moves);
            if forced.is_empty() {
                super::pool::give_list(forced);
                return;
            }
            for m in &forced {
                self.execute(s, m, false, log.as_deref_mut());
                if self.ir.uses_last_to {
                    let n = self.n() as i32;
                    for t in std::iter::once(m.to).chain(m.actions.iter().filter_map(|a| a.site().map(|t| t as i32))) {
                        if (0..n).contains(&t) && !s.last_to.contains(&(t as u32)) {
                            s.last_to.push(t as u32);
                        }
                    }
                }
            }
            super::pool::give_list(forced);
        }
    }

    /// Whether a move (not a pass, nor a swap of players, which changes the order of play)
    /// leads to a position `(no Repeat ..)` forbids: its actions and consequents are tried
    /// on the scratch copy of `s`, whose hash follows the sites they changed.
    pub(super) fn repeats(&self, r: &mut Repeats, s: &StateData, m: &MoveData, w: Within) -> bool {
        if m.is_pass() || m.is_swap() || s.seen.is_empty() {
            return false;
        }
        let scratch = r.state();
        let (touched, changed) = self.execute_trial(scratch, m, s, w);
        // (the copy's hash followed the sites the move changed)
        let h = scratch.hash;
        self.undo_trial(scratch, s, &touched, changed);
        (scratch.mover, scratch.next, scratch.prev) = (s.mover, s.next, s.prev);
        s.seen.contains(&h)
    }

    /// Apply a move's actions, record it (if `store`), then its consequents; `log` is told
    /// every action taken.
    pub(super) fn execute(&self, s: &mut StateData, m: &MoveData, store: bool, log: Option<&mut Vec<Action>>) {
        for a in &m.actions {
            self.act(s, a, m.mover);
        }
        if store {
            push_history(s, m.record());
        }
        if let Some(log) = log {
            log.extend_from_slice(&m.actions);
            let mut done = super::moves::Done::new();
            self.after_actions(s, m, store, &mut done);
            log.extend_from_slice(&done);
            return;
        }
        if store && (self.ir.reads_after_consequents || self.ir.removes_at_end || self.ir.uses_last_to) {
            let mut done = super::moves::Done::new();
            self.after_actions(s, m, store, &mut done);
            return;
        }
        self.run_consequents(s, m, (-1, -1), None, Within::default());
    }

    /// A stored move's consequents (`done` told their actions), and what follows them: the
    /// last sites it went to, and the pieces marked for removal at the end of the turn.
    fn after_actions(&self, s: &mut StateData, m: &MoveData, store: bool, done: &mut super::moves::Done) {
        self.run_consequents(s, m, (-1, -1), Some(done), Within::default());
        if !store {
            return;
        }
        // (a swap of players among the consequents makes the move no pass: Ludii marks its
        // action a decision)
        if done.iter().any(|a| matches!(a, Action::SwapPlayers(..))) {
            if let Some(r) = s.history.last_mut() {
                r.pass = false;
            }
        }
        if self.ir.uses_last_to {
            self.note_last_to(s, m, done);
        }
        if let (true, Some(site), Some(r)) = (
            self.ir.reads_after_consequents,
            Action::last_site(done),
            s.history.last_mut(),
        ) {
            r.to_after = site;
            r.from_after = Action::last_origin(done).unwrap_or(site);
        }
        if self.ir.removes_at_end {
            self.clear_marked(s, m, done);
        }
    }

    /// `(sites LastTo)` after `m` (its consequents' actions `done`): its `to`, where its
    /// actions went, and where its consequents' moves would go now (Ludii evaluates the
    /// last move's consequents again when asked; the state does not change before then).
    fn note_last_to(&self, s: &mut StateData, m: &MoveData, done: &[Action]) {
        let n = self.n() as i32;
        let mut sites: SmallVec<[u32; 4]> = SmallVec::new();
        let mut note = |t: i32| {
            if (0..n).contains(&t) && !sites.contains(&(t as u32)) {
                sites.push(t as u32);
            }
        };
        note(m.to);
        for a in m.actions.iter().chain(done) {
            note(a.site().map_or(-1, |t| t as i32));
        }
        for &t in &m.then {
            let mut subs = super::pool::take_list();
            self.gen_for(&self.ir.thens[t as usize], s, (-1, -1), &mut subs, Within::default());
            for sub in &subs {
                note(sub.to);
                for a in &sub.actions {
                    note(a.site().map_or(-1, |t| t as i32));
                }
            }
            super::pool::give_list(subs);
        }
        s.last_to = sites;
    }

    pub(super) fn act(&self, s: &mut StateData, a: &Action, mover: u8) {
        if self.ir.records.is_some() {
            let (mut sites, _) = a.footprint();
            return self.rehash(s, &mut sites, |s| self.act_on(s, a, mover));
        }
        self.act_on(s, a, mover)
    }

    /// Apply `f`, which changes no site but `sites`, to `s`, keeping its position hash
    /// ([`StateData::hash`]) up to date in a game that records positions (`(no Repeat ..)`,
    /// `(is Repeat ..)`).
    pub(super) fn rehash(&self, s: &mut StateData, sites: &mut [u32], f: impl FnOnce(&mut StateData)) {
        if self.ir.records.is_none() {
            return f(s);
        }
        sites.sort_unstable();
        let n = partition_dedup(sites);
        let sites = &sites[..n];
        let part = |s: &StateData| {
            sites.iter().fold(s.loose_states_hash(), |h, &t| {
                h ^ s.stack(t as usize).map_or(0, |st| site_hash(t as usize, st))
            })
        };
        let before = part(s);
        f(s);
        s.hash ^= before ^ part(s);
    }

    fn act_on(&self, s: &mut StateData, a: &Action, mover: u8) {
        if !self.loop_tracks.is_empty() {
            self.follow_on_tracks(s, a);
        }
        let kept = if s.loose_states.is_empty() {
            None
        } else {
            self.take_loose_state(s, a)
        };
        let arriving = if self.ir.stacking { restack(s, a) } else { None };
        // (what the origin of a move held, for its flags)
        let before = match a {
            Action::Move { from, .. } if !s.hidden.is_empty() => s
                .stack(*from as usize)
                .and_then(|st| st.last())
                .map_or(0, |p| p.count.max(1)),
            _ => 0,
        };
        match a {
            &Action::SetHidden {
                site,
                level,
                who,
                kind,
                value,
            } => self.set_hidden(s, site, level, who, kind, value),
            Action::Add {
                site,
                what,
                who,
                count,
                state,
            } => self.add_piece(s, *site as i32, *what, *who, *count, *state),
            Action::Promote { site, what, who, .. } => {
                if let Some(p) = s.stack_mut(*site as usize).and_then(|st| st.last_mut()) {
                    (p.what, p.who) = (*what, *who);
                }
                s.sync_site(*site as usize);
            }
            // (-1 is Ludii's "undefined": setting a field to it leaves the field as it is)
            // (a level below the top: that piece's field, as given)
            Action::SetSite {
                site,
                field,
                value,
                level,
            } if *level != super::moves::TOP => {
                if let Some(p) = s.stack_mut(*site as usize).and_then(|st| st.get_mut(*level as usize)) {
                    p.set_field(*field, *value);
                }
            }
            Action::SetSite { value: -1, .. } => {}
            Action::SetSite { site, field, value, .. } => match s.stack_mut(*site as usize) {
                Some(st) if !st.is_empty() => {
                    if let Some(p) = st.last_mut() {
                        p.set_field(*field, *value);
                    }
                }
                Some(_) if matches!(field, SiteField::State | SiteField::Value) && !self.ir.stacking => {
                    s.loose_states.retain(|e| !(e.0 == *site && e.1 == *field));
                    if *value != 0 {
                        s.loose_states.push((*site, *field, *value));
                    }
                }
                _ => {}
            },
            Action::PuzzleSet { site, value } => self.puzzle_set(s, *site, 1u64 << value),
            Action::PuzzleToggle { site, value } => {
                let mask = s.puzzle.get(*site as usize).map_or(0, |m| m ^ (1u64 << value));
                self.puzzle_set(s, *site, mask)
            }
            Action::Remove { site, count } => {
                if let Some(st) = s.stack_mut(*site as usize) {
                    st.truncate(st.len().saturating_sub(*count as usize));
                    s.sync_site(*site as usize);
                }
            }
            Action::RemoveAt { site, level, count } => {
                if let Some(st) = s.stack_mut(*site as usize) {
                    // one piece at a time: a level past the new top means the top
                    for _ in 0..(*count).min(st.len() as u32) {
                        if (*level as usize) + 1 < st.len() {
                            st.remove(*level as usize);
                        } else {
                            st.pop();
                        }
                    }
                    s.sync_site(*site as usize);
                }
            }
            &Action::Move {
                from,
                to,
                count,
                copy,
                top,
            } => {
                let _ = top;
                let (f, t) = (from as usize, to as usize);
                if f < s.sites.len() && t < s.sites.len() {
                    self.move_on_board(s, f, t, count, copy);
                } else if s.stack(f).is_some() && s.stack(t).is_some() {
                    // a site of a hand: the same, through the slower accessors
                    self.move_between_containers(s, f, t, count, copy);
                }
            }
            Action::Seed { from, to } => self.seed(s, *from as usize, *to as usize),
            // (onto its own site, a piece stays at its level, as in Ludii)
            &Action::MoveLevel { from, to, .. } if from == to => {}
            &Action::MoveLevel {
                from,
                level,
                to,
                to_level,
            } => {
                let (f, t) = (from as usize, to as usize);
                let piece = s
                    .stack_mut(f)
                    .filter(|st| (level as usize) < st.len())
                    .map(|st| st.remove(level as usize));
                if let (Some(p), Some(dst)) = (piece, s.stack_mut(t)) {
                    // (a level past the top is the top)
                    dst.insert((to_level as usize).min(dst.len()), p);
                }
                s.sync_site(f);
                s.sync_site(t);
            }
            &Action::Insert {
                site,
                state,
                what,
                level,
                who,
            } => {
                if let Some(st) = s.stack_mut(site as usize) {
                    let piece = Piece {
                        what,
                        who,
                        count: 1,
                        state: state.max(0),
                        ..Piece::default()
                    };
                    st.insert((level as usize).min(st.len()), piece);
                    s.sync_site(site as usize);
                }
            }
            Action::MoveN { from, to, count } => self.move_n(s, *from as usize, *to as usize, *count),
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
            Action::SetCounter(v) => s.counter = *v,
            Action::SetNamedVar { name, value } => match s.vars.iter_mut().find(|(n, _)| n == name) {
                Some(e) => e.1 = *value,
                None => s.vars.push((*name, *value)),
            },
            Action::SetPlayerValue { player, value } => {
                if let Some(x) = s.player_values.get_mut(*player as usize) {
                    *x = *value;
                }
            }
            Action::SetAmount { player, value } => {
                if let Some(x) = s.money.get_mut(*player as usize) {
                    *x = *value;
                }
            }
            Action::StoreState => s.stored = s.position_hash(),
            Action::AddPending(v) => {
                // (no value, -1, is pending as 1, as in Ludii)
                let v = if *v == -1 { 1 } else { *v };
                if !s.pending.contains(&v) {
                    s.pending.push(v);
                }
            }
            Action::Remember { list, value } => s.remembered.push((*list, *value)),
            Action::Forget { list, value } => {
                if let Some(i) = s.remembered.iter().position(|x| *x == (*list, *value)) {
                    s.remembered.remove(i);
                }
            }
            Action::SetNext(p) => s.next = *p,
            Action::SwapPlayers(a, b) => s.swap_agents(*a, *b),
            Action::RemoveAtEnd(site) => s.to_clear.push(*site),
            Action::Trigger { player, .. } => s.triggered |= 1u32.checked_shl(*player as u32).unwrap_or(0),
            // (a match's next subgame is a new state: `Game::apply` makes it)
            Action::Pass { .. } | Action::NextInstance | Action::Part { .. } => {}
            Action::Propose(k) => s.propositions.push(*k),
            Action::UpdateDie { .. } | Action::DiceRolled { .. } | Action::UseDie(_) => self.act_dice(s, a),
            Action::Vote(k) => {
                s.votes.push(*k);
                if s.votes.len() >= self.num_players as usize {
                    // the most voted (the first on a tie) decides with more than half the votes
                    let count = |k: u16| s.votes.iter().filter(|&&v| v == k).count();
                    let best = s
                        .votes
                        .iter()
                        .copied()
                        .max_by(|&a, &b| count(a).cmp(&count(b)).then(std::cmp::Ordering::Greater));
                    if let Some(k) = best.filter(|&k| count(k) * 2 > self.num_players as usize) {
                        s.decided = k as i32;
                    }
                    s.votes.clear();
                    s.propositions.clear();
                }
            }
        }
        if !s.hidden.is_empty() {
            self.carry_hidden(s, a, before);
        }
        for (site, field, v) in kept.into_iter().flatten() {
            if let Some(p) = s.stack_mut(site as usize).and_then(|st| st.last_mut()) {
                p.set_field(field, v);
            }
        }
        if let Some((site, height, [state, rotation, value])) = arriving {
            if let Some(p) = s.stack_mut(site as usize).and_then(|st| st.get_mut(height)) {
                (p.state, p.rotation, p.value) = (state, rotation, value);
            }
        }
        let _ = mover;
    }

    /// Before an action puts a piece on an empty site that keeps a local state or value:
    /// they leave the site's record; returned (with the site) where Ludii keeps them for
    /// the arriving piece: the state for a seed sown, a counted move or an add without a
    /// state; the value for an add (a move brings its piece's own).
    #[cold]
    fn take_loose_state(&self, s: &mut StateData, a: &Action) -> Option<SmallVec<[(u32, SiteField, i32); 2]>> {
        let (site, keeps_state, keeps_value) = match *a {
            Action::Seed { to, .. } | Action::MoveN { to, .. } => (to, true, false),
            Action::Add { site, state, .. } => (site, state == -1, true),
            Action::Move { to, .. } => (to, false, false),
            _ => return None,
        };
        if !s.stack(site as usize).is_some_and(|st| st.is_empty()) {
            return None;
        }
        let mut kept = SmallVec::new();
        s.loose_states.retain(|&mut (t, field, v)| {
            if t != site {
                return true;
            }
            if (field == SiteField::State && keeps_state) || (field == SiteField::Value && keeps_value) {
                kept.push((t, field, v));
            }
            false
        });
        Some(kept)
    }

    /// Record the position's hash for `(is Cycle)` (the sites, the variable and the phases;
    /// no more than the test reads: 3 n² for n players).
    fn remember_position(&self, s: &mut StateData) {
        // (each site's part as the position's hash has it, then the variable and phases)
        let mut h = s.all_stacks().enumerate().fold(0, |h, (i, st)| h ^ site_hash(i, st));
        h = super::state::mix_in(h, s.var as u32 as u64);
        for &p in &s.phase {
            h = super::state::mix_in(h, u64::from(p));
        }
        let keep = 3 * (self.num_players as usize).pow(2);
        if s.cycle.len() >= keep {
            s.cycle.remove(0);
        }
        s.cycle.push(h);
    }

    /// The moves of the play `player` is in: their phase's, or the game's.
    #[inline]
    pub(super) fn play_of(&self, player: u8, s: &StateData) -> &Moves {
        if self.ir.phases.is_empty() {
            return &self.ir.play;
        }
        let k = s.phase.get(player as usize).copied().unwrap_or(0) as usize;
        self.ir.phases.get(k).map_or(&self.ir.play, |p| &p.play)
    }

    /// After a move: for each player in turn, the first `nextPhase` of their phase that
    /// concerns them and whose condition holds moves them to its phase.
    fn next_phases(&self, s: &mut StateData) {
        let n = self.num_players;
        for pid in 1..=n {
            let current = s.phase.get(pid as usize).copied().unwrap_or(0) as usize;
            let Some(ph) = self.ir.phases.get(current) else {
                continue;
            };
            let mut target = None;
            {
                let cache = Cache::fresh();
                let c = self.ctx(s, &cache);
                for np in &ph.next {
                    let who = np.who.as_ref().map_or(n as i32 + 1, |w| self.int(w, &c));
                    if who != n as i32 + 1 && who != pid as i32 {
                        continue;
                    }
                    if !np.cond.as_ref().is_none_or(|b| self.boolean(b, &c)) {
                        continue;
                    }
                    target = Some(match np.target {
                        Some(t) => t as usize,
                        None => {
                            let x = if who == n as i32 + 1 {
                                s.mover as usize
                            } else {
                                who as usize
                            };
                            (s.phase.get(x).copied().unwrap_or(0) as usize + 1) % self.ir.phases.len()
                        }
                    });
                    break;
                }
            }
            if let (Some(t), Some(slot)) = (target, s.phase.get_mut(pid as usize)) {
                *slot = t as u8;
            }
        }
    }

    /// Every rule of a list whose condition holds gives its result.
    pub(super) fn end_rules_of(&self, s: &mut StateData, rules: &[EndRule]) {
        // (losses given by the same evaluation of the rules share their rank)
        let mut losses = 0;
        for rule in rules {
            if s.over {
                break;
            }
            if let Some(role) = rule.for_each {
                self.end_for_each(s, rule, role, &mut losses);
                continue;
            }
            let cache = Cache::fresh();
            let c = self.ctx(s, &cache);
            let holds = self.boolean(&rule.cond, &c);
            let mut result = rule.result.as_ref().filter(|_| holds);
            for sub in rule.subs.iter().filter(|_| holds) {
                if let Some(r) = self.first_result(sub, &c) {
                    result = Some(r);
                    break;
                }
            }
            super::game::note_stalemates(s, cache.stalemates());
            if let Some(r) = result {
                self.apply_result(s, r, &mut losses);
            }
        }
    }

    /// An end rule's `(forEach role if:C result)`: for each player still active in turn (but
    /// the mover for `NonMover`), the result where C holds, `Player` denoting that player.
    fn end_for_each(&self, s: &mut StateData, rule: &EndRule, role: Role, losses: &mut u32) {
        for p in 1..=self.num_players {
            if (role == Role::NonMover && p == s.mover) || s.active >> p & 1 == 0 {
                continue;
            }
            let holds = {
                let cache = Cache::fresh();
                let mut c = self.ctx(s, &cache);
                c.player = p as i32;
                self.boolean(&rule.cond, &c)
            };
            if let (true, Some(r)) = (holds, &rule.result) {
                let r = match r {
                    EndResult::Result(Role::Iterated, o) => EndResult::Result(Role::Player(p), *o),
                    r => r.clone(),
                };
                self.apply_result(s, &r, losses);
            }
        }
    }

    pub(super) fn first_result<'r>(&self, rule: &'r EndRule, c: &Ctx) -> Option<&'r EndResult> {
        if !self.boolean(&rule.cond, c) {
            return None;
        }
        for sub in &rule.subs {
            if let Some(r) = self.first_result(sub, c) {
                return Some(r);
            }
        }
        rule.result.as_ref()
    }

    /// A result, as Ludii gives it: a win or a loss makes its player inactive with the next
    /// free rank (the game goes on among the others, and ends when one is left); a draw
    /// ranks every unranked player alike; `losses` counts the losses already given by this
    /// evaluation of the rules (they share a rank).
    pub(super) fn apply_result(&self, s: &mut StateData, r: &EndResult, losses: &mut u32) {
        let n = self.num_players as usize;
        let active = |s: &StateData, p: usize| s.active >> p & 1 != 0;
        let only_one_active = |s: &StateData| (s.active.count_ones() == 1).then(|| s.active.trailing_zeros() as usize);
        let end_all = |s: &mut StateData| {
            s.active = 0;
            s.over = true;
        };
        match r {
            EndResult::Result(role @ (Role::TeamMover | Role::Team(_)), outcome) => {
                let t = {
                    let cache = Cache::fresh();
                    self.role_player(*role, &self.ctx(s, &cache)) as usize
                };
                // (skipped when the player numbered as the team is out, as in Ludii)
                if t == 0 || t > n || !active(s, t) {
                    return;
                }
                match outcome {
                    // every member wins, with the first free rank; when the players still in
                    // are of one team, they lose with the rank after the winners' and the game
                    // is over, though they stay in (Ludii's team win)
                    Outcome::Win => {
                        let members: SmallVec<[usize; 4]> =
                            (1..=n).filter(|&p| self.team(p as u8) as usize == t).collect();
                        let mut rank = 1.0;
                        while (1..=n).any(|q| s.ranking[q] == rank) {
                            rank += 1.0;
                        }
                        for &p in &members {
                            s.active &= !(1 << p);
                            s.ranking[p] = rank;
                            s.winners += 1;
                        }
                        let left: SmallVec<[usize; 4]> = (1..=n).filter(|&q| active(s, q)).collect();
                        if let Some(&first) = left.first() {
                            if left.iter().all(|&q| self.team(q as u8) == self.team(first as u8)) {
                                for &q in &left {
                                    s.ranking[q] = rank + members.len() as f64;
                                }
                                s.over = true;
                            }
                        } else {
                            end_all(s);
                        }
                    }
                    // (a team's loss or draw does nothing in Ludii)
                    Outcome::Loss | Outcome::Draw => {}
                    Outcome::Tie => self.apply_result(s, &EndResult::Result(Role::All, Outcome::Tie), losses),
                }
            }
            EndResult::Result(role, outcome) => {
                let all = matches!(role, Role::All);
                let p = {
                    let cache = Cache::fresh();
                    self.role_player(*role, &self.ctx(s, &cache)) as usize
                };
                // a result for an inactive player is not given (but for all of them)
                if !all && (p == 0 || p > n || !active(s, p)) {
                    return;
                }
                match outcome {
                    Outcome::Win if all => {
                        if n > 1 {
                            for q in 1..=n {
                                if s.ranking[q] == 0.0 {
                                    s.ranking[q] = 1.0;
                                    s.winners += 1;
                                }
                            }
                        } else if let Some(r) = s.ranking.get_mut(1) {
                            *r = 0.0;
                        }
                        end_all(s);
                    }
                    Outcome::Win => {
                        s.active &= !(1 << p);
                        let rank = s.winners as f64 + 1.0;
                        s.winners += 1;
                        s.ranking[p] = rank;
                        if let Some(q) = only_one_active(s) {
                            s.ranking[q] = rank + 1.0;
                            s.losers += 1;
                            s.active &= !(1 << q);
                        }
                        if s.active == 0 {
                            end_all(s);
                        }
                    }
                    Outcome::Loss if all => {
                        if n > 1 {
                            for q in 1..=n {
                                if s.ranking[q] == 0.0 {
                                    s.ranking[q] = n as f64;
                                }
                            }
                        } else if let Some(r) = s.ranking.get_mut(1) {
                            *r = 0.0;
                        }
                        end_all(s);
                    }
                    Outcome::Loss => {
                        s.active &= !(1 << p);
                        if s.next as usize == p && n != 1 && s.active != 0 {
                            s.next = self.next_after(p as u8, s);
                        }
                        if n >= 2 {
                            let rank = (n - s.losers as usize) as f64;
                            let prev_rank = rank + 1.0 + 0.5 * (*losses as f64 - 1.0);
                            let rank = prev_rank - 0.5;
                            s.ranking[p] = rank;
                            s.losers += 1;
                            for q in 0..s.ranking.len() {
                                if s.ranking[q] == prev_rank {
                                    s.ranking[q] = rank;
                                }
                            }
                            if s.active == 0 {
                                end_all(s);
                            } else if let Some(q) = only_one_active(s) {
                                s.ranking[q] = s.winners as f64 + 1.0;
                                s.winners += 1;
                                s.active &= !(1 << q);
                                end_all(s);
                            }
                        } else {
                            end_all(s);
                        }
                        *losses += 1;
                    }
                    Outcome::Draw => {
                        if n > 1 {
                            let score = (s.active.count_ones() as f64 + 1.0) / 2.0 + s.winners as f64;
                            for q in 1..=n {
                                if s.ranking[q] == 0.0 {
                                    s.ranking[q] = score;
                                }
                            }
                        } else if let Some(r) = s.ranking.get_mut(1) {
                            *r = 0.0;
                        }
                        end_all(s);
                    }
                    Outcome::Tie => {
                        for q in 1..=n {
                            if s.ranking[q] == 0.0 {
                                s.ranking[q] = (n as f64 + 1.0) / 2.0;
                            }
                        }
                        end_all(s);
                    }
                }
            }
            EndResult::ByScore { finals, misere } => {
                for (role, value) in finals {
                    let (player, v) = {
                        let cache = Cache::fresh();
                        let c = self.ctx(s, &cache);
                        (self.role_player(*role, &c), self.int(value, &c))
                    };
                    if let Some(x) = s.scores.get_mut(player.max(0) as usize) {
                        *x = v;
                    }
                }
                let misere = misere.as_ref().is_some_and(|b| {
                    let cache = Cache::fresh();
                    self.boolean(b, &self.ctx(s, &cache))
                });
                for p in 1..=n {
                    let better = (1..=n)
                        .filter(|&q| {
                            if misere {
                                s.scores[q] < s.scores[p]
                            } else {
                                s.scores[q] > s.scores[p]
                            }
                        })
                        .count();
                    let equal = (1..=n).filter(|&q| s.scores[q] == s.scores[p]).count();
                    s.ranking[p] = better as f64 + (equal as f64 + 1.0) / 2.0;
                }
                end_all(s);
            }
        }
    }

    /// A draw for every player still playing (the all-pass rule, the turn limit).
    pub(super) fn draw_all(&self, s: &mut StateData) {
        self.apply_result(s, &EndResult::Result(Role::All, Outcome::Draw), &mut 0);
    }

    // ------------------------------------------------------------------ texts
}

impl GameDef {
    /// A move between two board sites (the hot path of moving games).
    #[inline]
    fn move_on_board(&self, s: &mut StateData, f: usize, t: usize, count: u32, copy: bool) {
        if self.ir.stacking {
            let h = s.sites[f].len();
            // a counted move of more pieces than the stack holds does nothing
            let n = count as usize;
            if n == 0 || n > h {
                return;
            }
            if f == t {
                // onto itself: a copy doubles the top n pieces, a move changes nothing
                if copy {
                    let top: SmallVec<[Piece; 4]> = s.sites[f][h - n..].iter().copied().collect();
                    s.sites[f].extend(top);
                }
            } else {
                let (src, dst) = two_sites(&mut s.sites, f, t);
                for &p in &src[h - n..] {
                    dst.push(p);
                }
                if !copy {
                    src.truncate(h - n);
                }
            }
            s.sync_site(f);
            s.sync_site(t);
        } else {
            let Some(p) = s.sites[f].last().copied() else { return };
            if p.count > 1 {
                self.move_between_containers(s, f, t, count, copy);
                return;
            }
            if !copy {
                s.sites[f].clear();
            }
            match s.sites[t].last_mut() {
                Some(q) if q.what == p.what && self.ir.requires_count => {
                    q.count += 1;
                    (q.state, q.rotation, q.value) = (p.state, p.rotation, p.value);
                }
                _ => {
                    s.sites[t].clear();
                    s.sites[t].push(p);
                }
            }
            s.sync_site(f);
            s.sync_site(t);
        }
    }

    /// A move where a site may be a hand's or hold a count: in a game without stacks, one
    /// piece leaves the origin (its count goes down) and joins the target (a piece of the
    /// same component there counts one more where counts matter, else is replaced).
    fn move_between_containers(&self, s: &mut StateData, f: usize, t: usize, count: u32, copy: bool) {
        if self.ir.stacking {
            let Some(src) = s.stack(f) else { return };
            let h = src.len();
            let n = count as usize;
            if n == 0 || n > h || f == t {
                return;
            }
            let moved: SmallVec<[Piece; 4]> = src[h - n..].iter().copied().collect();
            if !copy {
                if let Some(src) = s.stack_mut(f) {
                    src.truncate(h - n);
                }
            }
            if let Some(dst) = s.stack_mut(t) {
                dst.extend(moved);
            }
        } else {
            let Some(p) = s.stack(f).and_then(|st| st.last()).copied() else {
                return;
            };
            if !copy {
                if let Some(src) = s.stack_mut(f) {
                    match src.last_mut() {
                        Some(x) if x.count > 1 => x.count -= 1,
                        _ => src.clear(),
                    }
                }
            }
            let requires_count = self.ir.requires_count;
            if let Some(dst) = s.stack_mut(t) {
                match dst.last_mut() {
                    Some(q) if q.what == p.what && q.count > 0 => {
                        q.count = if requires_count { q.count + 1 } else { 1 };
                        (q.state, q.rotation, q.value) = (p.state, p.rotation, p.value);
                    }
                    _ => {
                        dst.clear();
                        dst.push(Piece { count: 1, ..p });
                    }
                }
            }
        }
        s.sync_site(f);
        s.sync_site(t);
    }
}

impl GameDef {
    /// [`Action::MoveN`]: `n` of the count at `f` onto `t`.
    fn move_n(&self, s: &mut StateData, f: usize, t: usize, n: u32) {
        let Some(p) = s.stack(f).and_then(|st| st.last()).copied() else {
            return;
        };
        if let Some(src) = s.stack_mut(f) {
            match src.last_mut() {
                Some(x) if x.count > n => x.count -= n,
                _ => src.clear(),
            }
        }
        if let Some(dst) = s.stack_mut(t) {
            match dst.last_mut() {
                None => dst.push(Piece {
                    what: p.what,
                    who: self.ir.components.get(p.what as usize).map_or(p.who, |k| k.owner),
                    count: n,
                    ..Piece::default()
                }),
                Some(q) if q.what == p.what => q.count = q.count.saturating_add(n),
                Some(_) => {}
            }
        }
        s.sync_site(f);
        s.sync_site(t);
    }

    /// [`Action::Seed`]: one seed from `f` to `t`, the target keeping its fields.
    fn seed(&self, s: &mut StateData, f: usize, t: usize) {
        if self.ir.stacking {
            self.move_between_containers(s, f, t, 1, false);
            return;
        }
        let Some(p) = s.stack(f).and_then(|st| st.last()).copied() else {
            return;
        };
        if f == t {
            // back into its own hole: the piece stays with its fields (Ludii reads the
            // origin's before taking the seed out); a last seed is put back by its owner
            if p.count <= 1 {
                let owner = self.ir.components.get(p.what as usize).map_or(p.who, |k| k.owner);
                if let Some(x) = s.stack_mut(f).and_then(|st| st.last_mut()) {
                    x.who = owner;
                }
                s.sync_site(f);
            }
            return;
        }
        // (the owners' table changes only where a site empties or gets a new piece)
        if let Some(src) = s.stack_mut(f) {
            match src.last_mut() {
                Some(x) if x.count > 1 => x.count -= 1,
                _ => {
                    src.clear();
                    s.sync_site(f);
                }
            }
        }
        let requires_count = self.ir.requires_count;
        if let Some(dst) = s.stack_mut(t) {
            match dst.last_mut() {
                Some(q) if q.what == p.what && q.count > 0 => q.count = if requires_count { q.count + 1 } else { 1 },
                _ => {
                    dst.clear();
                    dst.push(Piece {
                        count: 1,
                        what: p.what,
                        who: p.who,
                        ..Piece::default()
                    });
                    s.sync_site(t);
                }
            }
        }
    }
}

/// A move drawn by [`GameDef::random_move`] that passed its filter, with the consequents
/// the filter leaves to it (see [`super::requirement::Deferred::conds`]).
fn with_then(mut m: MoveData, d: &super::requirement::Deferred, filter: u8) -> MoveData {
    if let Some((_, thens)) = d.conds.get(filter as usize) {
        m.then.extend_from_slice(thens);
    }
    m
}

/// Two different sites' stacks, both mutable.
fn two_sites(sites: &mut [Stack], a: usize, b: usize) -> (&mut Stack, &mut Stack) {
    if a < b {
        let (l, r) = sites.split_at_mut(b);
        (&mut l[a], &mut r[0])
    } else {
        let (l, r) = sites.split_at_mut(a);
        (&mut r[0], &mut l[b])
    }
}

impl GameDef {
    /// After a decision `m` and its consequents (`done`) in a game that removes pieces at the
    /// end of the turn: unless they give the turn on to anyone (`moveAgain`, `set
    /// NextPlayer`), the pieces marked are removed (Ludii's sequence capture; in a game with
    /// stacks, as many pieces from the bottom of each stack as it was marked).
    fn clear_marked(&self, s: &mut StateData, m: &MoveData, done: &[Action]) {
        if m.actions
            .iter()
            .chain(done.iter())
            .any(|a| matches!(a, Action::SetNext(_)))
        {
            return;
        }
        let mut sites = std::mem::take(&mut s.to_clear);
        self.rehash(s, &mut sites.clone(), |s| self.clear_sites(s, &sites));
        sites.clear();
        s.to_clear = sites;
    }

    /// The pieces marked at `sites` removed (see [`Self::clear_marked`]).
    fn clear_sites(&self, s: &mut StateData, sites: &[u32]) {
        let mut seen: SmallVec<[u32; 8]> = SmallVec::new();
        for &site in sites {
            if self.ir.stacking {
                if let Some(st) = s.stack_mut(site as usize) {
                    if !st.is_empty() {
                        st.remove(0);
                    }
                }
            } else if !seen.contains(&site) {
                seen.push(site);
                if let Some(st) = s.stack_mut(site as usize) {
                    st.clear();
                }
            }
            s.sync_site(site as usize);
        }
    }

    /// The meta rule `(swap)`: on the game's move number `players - 1`, the mover may swap
    /// sides with the last player before them (Ludii's pie rule).
    fn offer_swap(&self, c: &Ctx, out: &mut Vec<MoveData>) {
        let s = c.s;
        if s.num_decisions + 1 != self.num_players as u32 {
            return;
        }
        let last = s.history.iter().rev().map(|r| r.mover).find(|&m| m != s.mover);
        if let Some(other) = last {
            out.push(MoveData {
                actions: smallvec::smallvec![Action::SwapPlayers(s.mover, other), Action::SetNext(s.mover)],
                ..MoveData {
                    mover: s.mover,
                    ..MoveData::EMPTY
                }
            });
        }
    }
}

/// Remove repeats from a sorted slice in place; the length of the distinct prefix.
fn partition_dedup(v: &mut [u32]) -> usize {
    let mut n = 0;
    for i in 0..v.len() {
        if n == 0 || v[i] != v[n - 1] {
            v[n] = v[i];
            n += 1;
        }
    }
    n
}

/// Before action `a` in a game with stacks: the fields that levels keep once their piece
/// leaves them ([`StateData::stale`]), as Ludii's stacks keep them. A removal of the top
/// piece clears its level's; a removal at a level (below the top or not) shifts the pieces
/// above down and leaves the old top's fields at the old top's level; a piece arriving
/// with fields of its own (a counted or whole-stack move, a move from a level, an add with
/// a state) clears its level's; a whole stack leaving a site clears all of the site's.
/// Returned: where a piece arriving without fields (a move of the top piece, an add
/// without a state) goes, (site, level, fields it takes), to set once it is there.
fn restack(s: &mut StateData, a: &Action) -> Option<(u32, usize, [i32; 3])> {
    let height = |s: &StateData, t: u32| s.stack(t as usize).map_or(0, |st| st.len());
    let fields = |p: &Piece| [p.state, p.rotation, p.value];
    let clear = |s: &mut StateData, t: u32, levels: std::ops::Range<usize>| {
        s.stale.retain(|e| !(e.0 == t && levels.contains(&(e.1 as usize))));
    };
    let leave = |s: &mut StateData, t: u32, level: usize, f: [i32; 3]| {
        s.stale.retain(|e| !(e.0 == t && e.1 as usize == level));
        if f != [0; 3] {
            s.stale.push((t, level as u32, f));
        }
    };
    let take = |s: &mut StateData, t: u32, level: usize| {
        let i = s.stale.iter().position(|e| e.0 == t && e.1 as usize == level)?;
        Some(s.stale.remove(i).2)
    };
    match *a {
        Action::Remove { site, count } => {
            let h = height(s, site);
            clear(s, site, h.saturating_sub(count as usize)..h);
            None
        }
        Action::RemoveAt { site, level, count } => {
            // one piece at a time, as the action does
            let mut st: Stack = s.stack(site as usize)?.clone();
            for _ in 0..(count as usize).min(st.len()) {
                let top = st.len() - 1;
                let f = fields(&st[top]);
                st.remove((level as usize).min(top));
                leave(s, site, top, f);
            }
            None
        }
        Action::MoveLevel {
            from,
            level,
            to,
            to_level,
        } if from != to => {
            let st = s.stack(from as usize)?;
            let top = st.len().checked_sub(1).filter(|&top| level as usize <= top)?;
            let f = fields(&st[top]);
            let h = height(s, to);
            leave(s, from, top, f);
            clear(s, to, (to_level as usize).min(h)..h + 1);
            None
        }
        Action::Insert { site, level, .. } => {
            let h = height(s, site);
            clear(s, site, (level as usize).min(h)..h + 1);
            None
        }
        Action::Move {
            from,
            to,
            count,
            copy: false,
            top,
        } if from != to => {
            let (h, n) = (height(s, from), count as usize);
            if n == 0 || n > h {
                return None;
            }
            let ht = height(s, to);
            if top {
                clear(s, from, h - 1..h);
                return Some((to, ht, take(s, to, ht).unwrap_or_default()));
            }
            clear(s, from, if n == h { 0..usize::MAX } else { h - n..h });
            clear(s, to, ht..ht + n);
            None
        }
        Action::Add { site, state, .. } => {
            let h = height(s, site);
            if state == -1 {
                take(s, site, h).map(|f| (site, h, f))
            } else {
                clear(s, site, h..h + 1);
                None
            }
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::Game;
    use crate::expand::Selections;

    /// The pie rule: the second player's second-move options are the board's moves and a
    /// swap; the swap changes nothing on the board, keeps the same player to move, and from
    /// then on the first seat plays player 2. No swap is offered later.
    #[test]
    fn meta_swap_offers_one_swap_on_the_second_move() {
        let text = r#"(game "Pie" (players 2) (equipment { (board (square 3)) (piece "Disc" Each) })
            (rules (meta (swap)) (play (move Add (to (sites Empty)))) (end (if (is Full) (result Mover Win)))))"#;
        let game = Game::load("pie", text, &Selections::default()).expect("loads");
        let mut s = game.initial_state();
        let first = game.legal_moves(&s);
        assert_eq!(first.len(), 9, "no swap on the first move");
        game.apply(&mut s, &first[4]);
        let second = game.legal_moves(&s);
        assert_eq!(second.len(), 8 + 1, "8 places and the swap");
        let mut swapped = s.clone();
        let swap = second.last().expect("the swap comes last");
        game.apply(&mut swapped, swap);
        assert_eq!(
            game.diff_text(&s, &swapped),
            "|m2",
            "the board is unchanged, player 2 moves again"
        );
        assert_eq!((swapped.agent(1), swapped.agent(2)), (2, 1));
        assert_eq!(game.legal_moves(&swapped).len(), 8, "a swap is offered once");
        let mut placed = s.clone();
        game.apply(&mut placed, &second[0]);
        assert_eq!((placed.agent(1), placed.agent(2)), (1, 2));
        assert_eq!(game.legal_moves(&placed).len(), 7);
    }

    /// A piece added or moved `(to .. level:0)` in a game with stacks goes in under the
    /// stack's pieces (Ludii's `Insert` and move to a level), not on top.
    #[test]
    fn pieces_go_in_at_the_level_given() {
        let text = r#"(game "Under" (players 2)
            (equipment { (board (square 3)) (piece "Disc" Each) (piece "Ring" Each) })
            (rules (start { (place "Ring1" 0) (place "Disc2" 2) })
                (play (or
                    (move Add (piece (id "Disc" Mover)) (to 0 level:0) stack:True)
                    (move (from 2 level:0) (to 0 level:0))))
                (end (if (= 3 (size Stack at:0)) (result Mover Win)))))"#;
        let game = Game::load("under", text, &Selections::default()).expect("loads");
        let mut s = game.initial_state();
        let moves = game.legal_moves(&s);
        assert_eq!(moves.len(), 2);
        game.apply(&mut s, &moves[0]);
        let bottom_up = |s: &crate::engine::State| s.pieces(0).iter().map(|p| p.component).collect::<Vec<_>>();
        let (disc1, disc2, ring1) = (1, 2, 3);
        assert_eq!(bottom_up(&s), [disc1, ring1], "the disc goes in under the ring");
        let moves = game.legal_moves(&s);
        game.apply(&mut s, &moves[1]);
        assert_eq!(
            bottom_up(&s),
            [disc2, disc1, ring1],
            "the moved disc goes in at the bottom"
        );
        assert!(s.is_over());
    }

    /// A step from a level given moves the piece at that level, the ones above it staying
    /// (Ludii's step of a piece at a level).
    #[test]
    fn a_step_from_a_level_moves_that_piece() {
        let text = r#"(game "Levels" (players 2)
            (equipment { (board (square 3)) (piece "Disc" Each) (piece "Ring" Each) })
            (rules (start { (place Stack "Disc1" 0) (place Stack "Ring1" 0) })
                (play (move Step (from 0 level:0) E (to if:(is Empty (to)))))
                (end (if (is Occupied 1) (result Mover Win)))))"#;
        let game = Game::load("levels", text, &Selections::default()).expect("loads");
        let mut s = game.initial_state();
        let moves = game.legal_moves(&s);
        assert_eq!(moves.len(), 1);
        game.apply(&mut s, &moves[0]);
        let at = |s: &crate::engine::State, t: usize| s.pieces(t).iter().map(|p| p.component).collect::<Vec<_>>();
        let (disc1, ring1) = (1, 3);
        assert_eq!((at(&s, 0), at(&s, 1)), (vec![ring1], vec![disc1]));
    }

    /// `(move Bet ..)` offers each amount of its range and sets the mover's `(amount ..)`;
    /// `(set Pot ..)` adds up in `(pot)`.
    #[test]
    fn bets_set_amounts_and_the_pot_adds_up() {
        let text = r#"(game "Bets" (players 2) (equipment { (board (square 3)) (piece "Disc" Each) })
            (rules phases:{
                (phase "Bet" (play (move Bet Mover (range 1 3))) (nextPhase Mover))
                (phase "Place" (play (move Add (to (sites Empty) if:(<= (to) (amount Mover)))
                    (then (set Pot (+ (pot) (amount Mover)))))))
            } (end (if (= (pot) 5) (result Mover Win)))))"#;
        let game = Game::load("bets", text, &Selections::default()).expect("loads");
        let mut s = game.initial_state();
        let bets = game.legal_moves(&s);
        assert_eq!(bets.len(), 3, "one move per amount");
        game.apply(&mut s, &bets[1]);
        let m = game.legal_moves(&s)[2].clone();
        game.apply(&mut s, &m);
        // P1 bet 2: sites 0 to 2; P2 bet 3: sites 0 to 3
        let m = game.legal_moves(&s);
        assert_eq!(m.len(), 3);
        game.apply(&mut s, &m[0]);
        assert!(!s.is_over(), "the pot is 2");
        let m = game.legal_moves(&s);
        assert_eq!(m.len(), 3, "sites 1 to 3");
        game.apply(&mut s, &m[0]);
        assert!(s.is_over(), "the pot is 2 + 3");
        assert_eq!(s.ranking()[2], 1.0);
    }

    /// `(sites Start ..)`: where the start rules put a component; a piece that has left it
    /// may not step again here.
    #[test]
    fn sites_start_are_the_components_start_positions() {
        let text = r#"(game "Start" (players 2)
            (equipment { (board (square 3)) (piece "Disc" Each
                (move Step (to if:(and (is Empty (to)) (is In (from) (sites Start (piece (what at:(from))))))))) })
            (rules (start { (place "Disc1" {"A1"}) (place "Disc2" {"C3"}) })
                (play (forEach Piece)) (end (if (is Full) (result Mover Win)))))"#;
        let game = Game::load("start", text, &Selections::default()).expect("loads");
        let mut s = game.initial_state();
        for _ in 0..2 {
            let moves = game.legal_moves(&s);
            assert_eq!(moves.len(), 3, "a piece on its start site steps to its 3 neighbours");
            game.apply(&mut s, &moves[0]);
        }
        let moves = game.legal_moves(&s);
        assert!(moves.len() == 1 && moves[0].is_pass(), "off its start site, no step");
    }

    /// A consequent `and` whose parts are not all plain effects (a removal over a region)
    /// still adds to a hand's site, after emptying it: Ludii's `add` to a site has no
    /// condition, and a hand's site is a site like any other.
    #[test]
    fn a_consequent_refills_a_hand_after_emptying_it() {
        let text = r#"(game "Refill" (players 2) (equipment { (board (square 3)) (piece "Pawn" Each) (hand Each) })
            (rules (start (place "Pawn" "Hand" count:3))
                (play (move (from (handSite Mover)) (to (sites Empty))
                    (then (and { (remove (sites Hand P1)) (add (piece (id "Pawn" P1)) (to (handSite P1)) count:14) }))))
                (end (if (is Full) (result Mover Win)))))"#;
        let game = Game::load("refill", text, &Selections::default()).expect("loads");
        let mut s = game.initial_state();
        let before = s.clone();
        let first = game.legal_moves(&s)[0].clone();
        game.apply(&mut s, &first);
        assert_eq!(game.diff_text(&before, &s), "0=Pawn1 9=Pawn1*14|m2");
    }

    /// A step's `(from if:..)` is asked at the origin: a piece on a site it fails at does
    /// not move.
    #[test]
    fn a_steps_from_condition_holds_pieces_back() {
        let text = r#"(game "Held" (players 2)
            (equipment { (board (square 3)) (piece "Disc" Each
                (move Step (from if:(!= (from) (coord "A1"))) Orthogonal (to if:(is Empty (to))))) })
            (rules (start { (place "Disc1" {"A1" "C1"}) (place "Disc2" {"C3"}) })
                (play (forEach Piece)) (end (if (is Full) (result Mover Win)))))"#;
        let game = Game::load("held", text, &Selections::default()).expect("loads");
        let s = game.initial_state();
        let moves = game.legal_moves(&s);
        assert_eq!(moves.len(), 2, "only the disc on C1 steps (to B1 and C2)");
        assert!(moves.iter().all(|m| m.from_site() == 2));
    }

    /// `(sites Occupied by:P)` with no container names the hands' sites too; with
    /// `container:"Board"`, only the board's.
    #[test]
    fn occupied_sites_include_the_hands_unless_a_container_is_named() {
        let game_with = |region: &str| {
            let text = format!(
                r#"(game "Occ" (players 2) (equipment {{ (board (square 3)) (piece "Pawn" Each) (hand Each) }})
                (rules (start (place "Pawn" "Hand" count:3))
                (play (move (from (handSite Mover)) (to (sites Empty))))
                (end (if (= 2 (count Sites in:{region})) (result P1 Win)))))"#
            );
            let game = Game::load("occ", &text, &Selections::default()).expect("loads");
            let mut s = game.initial_state();
            let mut plies = 0;
            while !s.is_over() && plies < 20 {
                let m = game.legal_moves(&s)[0].clone();
                game.apply(&mut s, &m);
                plies += 1;
            }
            plies
        };
        assert_eq!(game_with("(sites Occupied by:P1)"), 1, "one on the board and the hand");
        assert_eq!(
            game_with(r#"(sites Occupied by:P1 container:"Board")"#),
            3,
            "two on the board"
        );
    }

    /// `(no Repeat)`: a step back to the starting position is not legal (with the meta rule
    /// off it is), and a random move is drawn from the same moves.
    #[test]
    fn no_repeat_forbids_a_move_back_to_a_position_seen() {
        let text = |meta: &str| {
            format!(
                r#"(game "Back" (players 2)
                (equipment {{ (board (rectangle 1 3)) (piece "Disc" P1 (move Step (directions {{E W}}) (to if:(is Empty (to))))) }})
                (rules {meta} (start (place "Disc1" 0)) (play (if (is Mover P1) (forEach Piece) (move Pass)))
                (end (if (is In 2 (sites Occupied by:P1)) (result P1 Win)))))"#
            )
        };
        for (meta, expected) in [("(meta (no Repeat))", 1), ("", 2)] {
            let game = Game::load("back", &text(meta), &Selections::default()).expect("loads");
            let mut s = game.initial_state();
            for _ in 0..2 {
                let m = game.legal_moves(&s)[0].clone();
                game.apply(&mut s, &m);
            }
            let moves = game.legal_moves(&s);
            assert_eq!(
                moves.len(),
                expected,
                "{meta}: the disc on B1 may go back to A1 only without the rule"
            );
            if expected == 1 {
                assert_eq!(moves[0].to_site(), 2);
                let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(3);
                for _ in 0..10 {
                    assert_eq!(game.random_move(&s, &mut rng).expect("a move").to_site(), 2);
                }
            }
        }
    }

    /// `(place Stack ..)` puts its pieces bottom up, one placement each; in a game of one
    /// player a piece keeps its bare name (Ludii's "Marker", not "Marker1").
    #[test]
    fn place_stack_builds_stacks_and_one_player_names_are_bare() {
        let text = r#"(game "Stacks" (players 1) (equipment { (board (square 2)) (piece "Marker" P1) (piece "Disc" P1) })
            (rules (start { (place Stack "Marker" 0 count:3) (place Stack items:{"Disc" "Marker"} 3) })
            (play (move Pass)) (end (if (= (size Stack at:0) 0) (result P1 Win)))))"#;
        let game = Game::load("stacks", text, &Selections::default()).expect("loads");
        let s = game.initial_state();
        assert_eq!(game.state_text(&s), "0=Marker,Marker,Marker 3=Disc,Marker|m1");
    }

    /// Ludii's stacks: a piece moved alone off the top of its stack arrives without its
    /// local state, rotation and value; a removal at a level leaves the old top's fields
    /// at the old top's level, and the next piece arriving there without fields takes them;
    /// a counted move keeps its pieces' fields.
    #[test]
    fn stack_levels_keep_the_fields_of_pieces_that_left() {
        use crate::engine::moves::{Action, SiteField};
        let text = r#"(game "Levels" (players 1) (equipment { (board (rectangle 1 4)) (piece "Disc" P1) })
            (rules (start { (place Stack "Disc" 0 count:2) (place Stack "Disc" 1) })
            (play (forEach Piece (move Step E (to if:(is Empty (to))) stack:True))) (end (if (is Full) (result P1 Win)))))"#;
        let game = Game::load("levels", text, &Selections::default()).expect("loads");
        let g = &game.inner;
        let mut s = game.initial_state().inner;
        let set = |s: &mut crate::engine::state::StateData, site: u32, level: u32, value: i32| {
            let a = Action::SetSite {
                site,
                field: SiteField::State,
                value,
                level,
            };
            g.act(s, &a, 1);
        };
        set(&mut s, 0, 0, 1);
        set(&mut s, 0, 1, 2);
        set(&mut s, 1, 0, 3);
        // the top piece of 1 (state 3) moves alone to 2: it arrives bare
        g.act(&mut s, &Action::move_top(1, 2), 1);
        assert_eq!(s.sites[2][0].state, 0);
        // the bottom of 0 is removed: the top (state 2) slides down, its old level keeps 2
        g.act(
            &mut s,
            &Action::RemoveAt {
                site: 0,
                level: 0,
                count: 1,
            },
            1,
        );
        assert_eq!((s.sites[0].len(), s.sites[0][0].state), (1, 2));
        // a piece arriving there alone takes the state left at that level
        g.act(&mut s, &Action::move_top(2, 0), 1);
        assert_eq!(s.sites[0].iter().map(|p| p.state).collect::<Vec<_>>(), [2, 2]);
        // a counted move keeps the fields; the level it left is cleared by the top removal
        set(&mut s, 0, 1, 5);
        g.act(
            &mut s,
            &Action::Move {
                from: 0,
                to: 3,
                count: 1,
                copy: false,
                top: false,
            },
            1,
        );
        assert_eq!(s.sites[3][0].state, 5);
        g.act(&mut s, &Action::move_top(3, 0), 1);
        assert_eq!(s.sites[0].iter().map(|p| p.state).collect::<Vec<_>>(), [2, 0]);
        assert!(s.stale.is_empty(), "{:?}", s.stale);
    }
}
