//! The playout forms: accelerations of whole random playouts for games whose rules have a
//! shape one of them takes, played on bit words, each equal (result, length, calls on the
//! generator) to playing move by move with the general engine. A form is built when first
//! asked and held by [`super::api::Game`], beside the rules ([`super::game::GameDef`]), which
//! never read it: the rules do not depend on their accelerations.

use super::game::GameDef;
use super::outcome::Outcome as Played;
use crate::ir::*;

pub(super) mod captures;
pub(super) mod flanks;
pub(super) mod hops;
pub(super) mod placement;
pub(super) mod slides;
pub(super) mod steps;

/// A game's playout form: a whole random playout played on bit words, equal to playing it
/// move by move (built for the shapes of rules `placement`, `steps` and `slides` take).
#[derive(Debug)]
pub(super) enum PlayoutForm {
    Placement(Box<placement::Placement>),
    Steps(Box<steps::Steps>),
    Slides(Box<slides::Slides>),
    Flanks(Box<flanks::Flanks>),
    Captures(Box<captures::Captures>),
    Hops(Box<hops::Hops>),
}

impl PlayoutForm {
    /// A random playout from `s`, where the form holds that position (None otherwise): the
    /// same result and length as [`super::playout::playout_on`] gives from it, with the
    /// same calls on `rng`.
    pub(super) fn playout_from(
        &self,
        g: &GameDef,
        s: &super::state::StateData,
        rng: &mut dyn rand::RngCore,
        max: usize,
    ) -> Option<super::outcome::PlayoutResult> {
        match self {
            PlayoutForm::Placement(f) => f.playout_from(g, s, rng, max),
            PlayoutForm::Steps(f) => f.playout_from(s, rng, max),
            PlayoutForm::Slides(f) => f.playout_from(g, s, rng, max),
            PlayoutForm::Hops(f) => f.playout_from(s, rng, max),
            PlayoutForm::Flanks(f) => f.playout_from(s, rng, max),
            PlayoutForm::Captures(f) => f.playout_from(g, s, rng, max),
        }
    }

    /// The legal moves of `s` as the general engine lists them ([`Templates`]), put in `out`
    /// (the moves themselves, or their keys: [`ListOut`]), where this form lists them and
    /// holds the position (false otherwise: `out` untouched, and the engine lists them).
    pub(super) fn list<O: ListOut>(&self, s: &super::state::StateData, out: &mut O) -> bool {
        match self {
            PlayoutForm::Captures(f) => f.list(s, out),
            PlayoutForm::Steps(f) => f.list(s, out),
            PlayoutForm::Placement(f) => f.list(s, out),
            PlayoutForm::Slides(f) => f.list(s, out),
            // (its moves are built of several templates: listed as moves only)
            PlayoutForm::Flanks(f) => out.moves().is_some_and(|out| f.list(s, out)),
            _ => false,
        }
    }

    /// The move a key listed by [`PlayoutForm::list`] stands for.
    pub(super) fn template(&self, key: super::moves::MoveKey) -> Option<&super::moves::Move> {
        self.templates()?.get_move(key.0)
    }

    /// The templates of the forms that list moves of one template each.
    pub(super) fn templates(&self) -> Option<&Templates> {
        match self {
            PlayoutForm::Captures(f) => f.templates.as_ref(),
            PlayoutForm::Steps(f) => f.templates.as_ref(),
            PlayoutForm::Placement(f) => f.templates.as_ref(),
            PlayoutForm::Slides(f) => f.templates.as_ref(),
            PlayoutForm::Flanks(_) | PlayoutForm::Hops(_) => None,
        }
    }

    /// The form for `g` (`chance`: its start is drawn at random), if its rules have a shape
    /// one takes.
    pub(super) fn build(g: &GameDef, chance: bool) -> Option<PlayoutForm> {
        if chance {
            return None;
        }
        placement::Placement::build(g)
            .map(|f| PlayoutForm::Placement(Box::new(f)))
            .or_else(|| steps::Steps::build(g).map(|f| PlayoutForm::Steps(Box::new(f))))
            .or_else(|| slides::Slides::build(g).map(|f| PlayoutForm::Slides(Box::new(f))))
            .or_else(|| flanks::Flanks::build(g).map(|f| PlayoutForm::Flanks(Box::new(f))))
            .or_else(|| captures::Captures::build(g).map(|f| PlayoutForm::Captures(Box::new(f))))
            .or_else(|| hops::Hops::build(g).map(|f| PlayoutForm::Hops(Box::new(f))))
    }

    /// One random playout from the start, at most `max` decisions.
    pub(super) fn playout(
        &self,
        g: &GameDef,
        rng: &mut dyn rand::RngCore,
        max: usize,
    ) -> super::outcome::PlayoutResult {
        match self {
            PlayoutForm::Placement(f) => f.playout(g, rng, max),
            PlayoutForm::Steps(f) => f.playout(rng, max),
            PlayoutForm::Slides(f) => f.playout(g, rng, max),
            PlayoutForm::Flanks(f) => f.playout(rng, max),
            PlayoutForm::Captures(f) => f.playout(rng, max),
            PlayoutForm::Hops(f) => f.playout(g, rng, max),
        }
    }
}

/// The general engine's moves for the candidates a form lists, by a key of the form's (what
/// the move is made of: its piece's move, its sites, what stands where it goes): so a form
/// lists a position's legal moves as the engine lists them, for [`super::api::Game::legal_moves`]
/// and every caller of it. Each is filled by the engine itself, from positions the form
/// builds and lists in the same order ([`Templates::fill`]), so a key that did not decide its
/// move would show as two different moves for one key, and the form would list nothing.
#[derive(Debug)]
pub(super) struct Templates {
    moves: Vec<Option<super::moves::Move>>,
    /// The keys filled, a bit each (what a list of keys reads: [`Templates::has`]).
    filled: Vec<u64>,
}

impl Templates {
    /// Room for keys `0..size`, none filled.
    pub(super) fn new(size: usize) -> Templates {
        Templates {
            moves: vec![None; size],
            filled: vec![0; size.div_ceil(64)],
        }
    }

    /// Whether `key` has a move.
    #[inline(always)]
    pub(super) fn has(&self, key: u32) -> bool {
        super::region::word_bit(&self.filled, key as usize)
    }

    /// Which of the keys `base..base + 64` have a move, a bit each.
    #[inline(always)]
    fn filled_from(&self, base: u32) -> u64 {
        let (i, shift) = (base as usize / 64, base % 64);
        let word = |i: usize| self.filled.get(i).copied().unwrap_or(0);
        match shift {
            0 => word(i),
            _ => word(i) >> shift | word(i + 1) << (64 - shift),
        }
    }

    /// Fill from `s`, a position where the form lists the keys `keys` (in its order): the
    /// engine's moves there, one for each key, in the same order. None where the lists
    /// differ in length or sites, or a key was filled with another move before.
    pub(super) fn fill(&mut self, g: &GameDef, s: &super::state::StateData, keys: &[(i32, i32, u32)]) -> Option<()> {
        let listed = g.candidates(s);
        let same =
            listed.len() == keys.len() && listed.iter().zip(keys).all(|(m, &(f, t, _))| m.from == f && m.to == t);
        let filled = same
            && listed
                .iter()
                .zip(keys)
                .all(|(m, &(_, _, key))| self.put(key, m).is_some());
        super::pool::give_list(listed);
        filled.then_some(())
    }

    /// [`Templates::fill`] from `s` with the keys a form's enumeration gives there: `each`
    /// calls its visitor with each move's (from, to, key), in the form's order.
    pub(super) fn fill_by(
        &mut self,
        g: &GameDef,
        s: &super::state::StateData,
        each: impl FnOnce(&mut dyn FnMut(u16, u16, u32) -> bool),
    ) -> Option<()> {
        let mut keys = Vec::new();
        each(&mut |f, t, key| {
            keys.push((i32::from(f), i32::from(t), key));
            false
        });
        self.fill(g, s, &keys)
    }

    /// Put at the end of `out` the moves of the keys a form's enumeration gives (`each`
    /// gives each key, in order, to the [`Listing`], and stops when told): false, and `out`
    /// as it was, where a key has no move or there is none.
    #[inline]
    pub(super) fn list<O: ListOut>(&self, out: &mut O, each: impl FnOnce(&mut Listing<O>)) -> bool {
        let start = out.len();
        let mut listing = Listing {
            templates: self,
            out,
            missing: false,
        };
        each(&mut listing);
        let (out, missing) = (listing.out, listing.missing);
        if missing || out.len() == start {
            out.truncate(start);
            return false;
        }
        true
    }

    /// Fill `key` with `m` (None where it holds another move already).
    pub(super) fn put(&mut self, key: u32, m: &super::moves::MoveData) -> Option<()> {
        let slot = self.moves.get_mut(key as usize)?;
        if slot.as_ref().is_some_and(|old| old.inner != *m) {
            return None;
        }
        *slot = Some(super::moves::Move { inner: m.clone() });
        self.filled[key as usize / 64] |= 1 << (key % 64);
        Some(())
    }

    /// The move of `key`, where filled.
    #[inline]
    pub(super) fn get(&self, key: u32) -> Option<&super::moves::MoveData> {
        self.get_move(key).map(|m| &m.inner)
    }

    /// [`Templates::get`], as the API's move.
    #[inline]
    pub(super) fn get_move(&self, key: u32) -> Option<&super::moves::Move> {
        self.moves.get(key as usize)?.as_ref()
    }

    /// Every filled key and its move.
    pub(super) fn each(&self) -> impl Iterator<Item = (u32, &super::moves::Move)> {
        (self.moves.iter().enumerate()).filter_map(|(k, m)| Some((k as u32, m.as_ref()?)))
    }
}

/// Where a form's listing puts each move: a copy of the move, or its key alone (a compact
/// move, which the templates give back: [`PlayoutForm::template`]).
pub(super) trait ListOut {
    /// Take the move of `key` (false: it has none, and nothing was taken).
    fn take(&mut self, templates: &Templates, key: u32) -> bool;
    /// Take the moves of the keys `base + i` for each bit `i` of `bits`, in order (false:
    /// one has none; the caller drops what was taken).
    #[inline(always)]
    fn take_bits(&mut self, templates: &Templates, base: u32, bits: u64) -> bool {
        let mut w = bits;
        while w != 0 {
            if !self.take(templates, base + w.trailing_zeros()) {
                return false;
            }
            w &= w - 1;
        }
        true
    }
    fn len(&self) -> usize;
    fn truncate(&mut self, n: usize);
    /// The list of moves themselves (None: a list of keys).
    fn moves(&mut self) -> Option<&mut Vec<super::moves::MoveData>>;
}

impl ListOut for Vec<super::moves::MoveData> {
    #[inline(always)]
    fn take(&mut self, templates: &Templates, key: u32) -> bool {
        match templates.get(key) {
            Some(m) => {
                super::moves::MoveData::push_copy(self, m);
                true
            }
            None => false,
        }
    }
    fn len(&self) -> usize {
        Vec::len(self)
    }
    fn truncate(&mut self, n: usize) {
        Vec::truncate(self, n)
    }
    fn moves(&mut self) -> Option<&mut Vec<super::moves::MoveData>> {
        Some(self)
    }
}

impl ListOut for Vec<super::moves::MoveKey> {
    #[inline(always)]
    fn take(&mut self, templates: &Templates, key: u32) -> bool {
        let has = templates.has(key);
        if has {
            self.push(super::moves::MoveKey(key));
        }
        has
    }
    #[inline(always)]
    fn take_bits(&mut self, templates: &Templates, base: u32, bits: u64) -> bool {
        // (a word of keys at once: checked together, then pushed without a check each)
        if bits & !templates.filled_from(base) != 0 {
            return false;
        }
        self.reserve(bits.count_ones() as usize);
        let mut w = bits;
        while w != 0 {
            self.push(super::moves::MoveKey(base + w.trailing_zeros()));
            w &= w - 1;
        }
        true
    }
    fn len(&self) -> usize {
        Vec::len(self)
    }
    fn truncate(&mut self, n: usize) {
        Vec::truncate(self, n)
    }
    fn moves(&mut self) -> Option<&mut Vec<super::moves::MoveData>> {
        None
    }
}

/// A list of moves being made from [`Templates`] ([`Templates::list`]).
pub(super) struct Listing<'a, O> {
    templates: &'a Templates,
    out: &'a mut O,
    missing: bool,
}

impl<O: ListOut> Listing<'_, O> {
    /// The move of `key` joins the list: whether to stop (it has none).
    #[inline]
    pub(super) fn visit(&mut self, key: u32) -> bool {
        let missing = !self.out.take(self.templates, key);
        self.missing |= missing;
        missing
    }
}

/// A position of a two-player form's game for filling [`Templates`]: the game's start
/// emptied, then `pieces` (site, component, owner, local state or -1) placed, `mover` to
/// move, the other next.
pub(super) fn position(g: &GameDef, pieces: &[(usize, u16, u8, i32)], mover: u8) -> super::state::StateData {
    let mut s = g.initial_state().inner;
    for t in 0..s.sites.len() {
        s.sites[t].clear();
        s.sync_site(t);
    }
    for &(t, what, who, state) in pieces {
        g.add_piece(&mut s, t as i32, what, who, 1, state);
    }
    (s.mover, s.next, s.prev) = (mover, 3 - mover, 3 - mover);
    s
}

/// The parts of a decision slide from the piece's site, without distance bounds, an effect on
/// the way or tracks (`(move Slide <dirs> (between if:..) (to ..))`): its directions, `between`
/// condition and `to`, the shape the slide forms start from.
pub(super) fn plain_slide(m: &Moves) -> Option<(&[crate::board::Direction], &Option<BoolFn>, &Place)> {
    match &m.kind {
        MovesKind::Slide {
            from: None,
            dirs,
            min: None,
            max: None,
            between_cond,
            between_apply: None,
            to,
            decision: true,
            tracks: None,
            stack: false,
            trail: None,
        } => Some((dirs, between_cond, to)),
        _ => None,
    }
}

/// The most words of sites (64 each) a playout form's board may need.
pub(super) const MAX_WORDS: usize = 8;

/// A set of sites of a playout form's board, as bit words.
pub(super) type Words = [u64; MAX_WORDS];

/// A playout stopped by the decision cap `max` before its next decision (None: it goes on).
pub(super) fn capped(length: usize, max: usize) -> Option<super::outcome::PlayoutResult> {
    (length >= max).then_some(super::outcome::PlayoutResult {
        outcome: Played::Capped,
        length,
    })
}

/// A playout drawn after `length` decisions by every player passing in turn (`passes` of
/// them in a row), or by Ludii's turn and move limits (`turn`: the turn of the last
/// decision; `decisions`: the decisions made since the game began). None: it goes on.
pub(super) fn drawn(
    passes: u32,
    turn: usize,
    decisions: usize,
    length: usize,
) -> Option<super::outcome::PlayoutResult> {
    let (turns, moves) = (crate::ir::TURN_LIMIT as usize, crate::ir::MOVE_LIMIT as usize);
    (passes >= 2 || turn >= turns * 2 || decisions >= moves).then_some(super::outcome::PlayoutResult {
        outcome: Played::Draw,
        length,
    })
}

/// Whether `k` is a plain `(forEach Piece)` of the mover: each of its pieces' own moves.
pub(super) fn moves_of_mover_pieces(k: &MovesKind) -> bool {
    matches!(
        k,
        MovesKind::ForEachPiece {
            pieces: PieceSet {
                items,
                role: Role::Mover,
                top: false,
                container: None,
                on: None,
            },
            body: None,
        } if items.is_empty()
    )
}

/// Whether `g` is a [`plain_two_players`] game of at most `u16` sites, without stacks,
/// `(swap)` or cycles, played by a plain `(forEach Piece)` of the mover without consequents.
pub(super) fn plain_for_each_piece(g: &GameDef) -> bool {
    let ir = &g.ir;
    let for_each = moves_of_mover_pieces(&ir.play.kind);
    plain_two_players(g)
        && g.n() <= u16::MAX as usize
        && !ir.stacking
        && !ir.meta_swap
        && !ir.uses_cycles
        && for_each
        && ir.play.then.is_none()
}

/// The sites of a board of `n` sites, as words.
pub(super) fn board_words(n: usize) -> Words {
    std::array::from_fn(|i| match n.saturating_sub(i * 64) {
        0 => 0,
        k if k >= 64 => !0,
        k => (1 << k) - 1,
    })
}

/// What every playout form asks of a game: two players taking turns on a board of at most
/// [`MAX_WORDS`] words of sites, in one phase (see [`one_phase`]), without dice, hands,
/// teams, counts, the meta rule `(no Repeat)`, the all-pass rule turned off, removals at the
/// end of a turn, large pieces or pieces on another site type.
pub(super) fn plain_two_players(g: &GameDef) -> bool {
    two_players_passing_any_way(g) && !g.ir.not_all_pass
}

/// [`plain_two_players`], whether or not the rules turn the all-pass rule off (a form taking
/// such a game ends it by its own rule for passes).
pub(super) fn two_players_passing_any_way(g: &GameDef) -> bool {
    two_players_in_phases(g) && one_phase(&g.ir)
}

/// [`two_players_passing_any_way`] in any phases (a form taking such a game plays one of
/// them).
pub(super) fn two_players_in_phases(g: &GameDef) -> bool {
    let ir = &g.ir;
    let n = g.n();
    g.num_players == 2
        && n > 0
        && n <= MAX_WORDS * 64
        && ir.dice.is_empty()
        && ir.containers.is_empty()
        && ir.teams.is_empty()
        && !ir.requires_count
        && ir.records.is_none()
        && !ir.removes_at_end
        && !g.has_large_pieces
        && ir.other_types.is_empty()
        && !ir.automove
}

/// Whether the game is played in one phase: none named, or one shared by both players that
/// never ends or moves on (then its play is the game's).
fn one_phase(ir: &GameIr) -> bool {
    match &ir.phases[..] {
        [] => true,
        [p] => p.owner.is_none() && p.end.is_empty() && p.next.is_empty() && p.play == ir.play,
        _ => false,
    }
}

/// Each player's one component (index 0: none), where each player owns exactly one and,
/// unless `neutral` allows them, no component is neutral.
pub(super) fn player_components(g: &GameDef, neutral: bool) -> Option<[u16; 3]> {
    let mut comp = [0u16; 3];
    for (k, c) in g.ir.components.iter().enumerate().skip(1) {
        match c.owner {
            0 if neutral => {}
            o @ 1..=2 if comp[o as usize] == 0 => comp[o as usize] = k as u16,
            _ => return None,
        }
    }
    (comp[1] != 0 && comp[2] != 0).then_some(comp)
}

/// The start of a playout form's game: each owner's sites (index 0: neutral), the player to
/// move and the turn, decision and move counts.
#[derive(Debug)]
pub(super) struct Start {
    pub(super) own: [Words; 3],
    pub(super) mover: u8,
    pub(super) turn: u32,
    pub(super) decisions: u32,
    pub(super) moves: u32,
}

impl Start {
    /// The state after the start rules, where each site holds at most one unturned piece,
    /// of `comp[owner]` (the neutral one: `comp[0]`), and a player is to move with the other
    /// next.
    pub(super) fn of(g: &GameDef, comp: [u16; 3]) -> Option<Start> {
        let s = g.initial_state().inner;
        let own = words_of(&s, comp)?;
        if s.over || !(1..=2).contains(&s.mover) || s.next != 3 - s.mover {
            return None;
        }
        Some(Start {
            own,
            mover: s.mover,
            turn: s.num_turn,
            decisions: s.num_decisions,
            moves: s.num_moves,
        })
    }
}

/// Each owner's sites in `s` (index 0: neutral), where each site holds at most one unturned
/// piece, of `comp[owner]` (the neutral one: `comp[0]`).
pub(super) fn words_of(s: &super::state::StateData, comp: [u16; 3]) -> Option<[Words; 3]> {
    let mut own = [[0u64; MAX_WORDS]; 3];
    for (t, stack) in s.sites.iter().enumerate() {
        match stack.as_slice() {
            [] => {}
            [p] if p.who <= 2
                && comp[p.who as usize] != 0
                && p.what == comp[p.who as usize]
                && p.rotation == 0
                && p.count == 1 =>
            {
                own[p.who as usize][t / 64] |= 1 << (t % 64);
            }
            _ => return None,
        }
    }
    Some(own)
}

/// Each owner's sites in `s` (index 0: neutral), read off the owners' words: where every
/// position the rules reach holds only the pieces [`words_of`] allows (so they need not be
/// checked site by site).
pub(super) fn owned_of(s: &super::state::StateData, words: usize) -> [Words; 3] {
    let mut own = [[0u64; MAX_WORDS]; 3];
    for (p, row) in own.iter_mut().enumerate() {
        let w = s.owned_words(p);
        let k = w.len().min(words);
        row[..k].copy_from_slice(&w[..k]);
    }
    own
}

/// A playout from the start played move by move by the general engine, as
/// [`super::playout::playout_by_moves`] plays it, until a form can take the position (`takes`
/// gives its sites) at the start of a turn of one of the two players, both in phase `phase`
/// (where the game has phases) and the last move no pass: that position, its sites and the
/// decisions so far; or the playout's end, if it comes first.
pub(super) fn general_until(
    g: &GameDef,
    phase: Option<u8>,
    rng: &mut dyn rand::RngCore,
    max: usize,
    takes: impl Fn(&super::state::StateData) -> Option<[Words; 3]>,
) -> Result<(super::state::State, [Words; 3], usize), super::outcome::PlayoutResult> {
    let mut state = g.initial_state();
    let mut length = 0;
    loop {
        let s = &state.inner;
        if s.over {
            return Err(super::outcome::PlayoutResult {
                outcome: super::outcome::outcome_of(&s.ranking),
                length,
            });
        }
        if let Some(r) = capped(length, max) {
            return Err(r);
        }
        if at_turn_start(s, phase) {
            if let Some(own) = takes(s) {
                return Ok((state, own, length));
            }
        }
        let Some(mv) = g.random_move(&state, rng) else {
            return Err(super::outcome::PlayoutResult {
                outcome: Played::Stuck,
                length,
            });
        };
        g.apply(&mut state, &mv);
        length += 1;
    }
}

/// Whether a form may play on from `s`: the game not over, one of the two players to move at
/// the start of a turn (the other next, not moving again, the last move no pass), both in
/// phase `phase` where the game has phases.
pub(super) fn at_turn_start(s: &super::state::StateData, phase: Option<u8>) -> bool {
    let in_phase = phase.is_none_or(|k| s.phase.get(1) == Some(&k) && s.phase.get(2) == Some(&k));
    !s.over
        && in_phase
        && (1..=2).contains(&s.mover)
        && s.next == 3 - s.mover
        && s.prev != s.mover
        && s.history.last().is_none_or(|m| !m.pass)
}

/// The phase a form plays, where the game has phases: the one both players share and never
/// leave (the game's play where it has none): its index and play.
pub(super) fn final_phase(ir: &GameIr) -> Option<(Option<u8>, &Moves)> {
    match &ir.phases[..] {
        [] => Some((None, &ir.play)),
        phases => {
            let i = phases
                .iter()
                .position(|p| p.owner.is_none() && p.end.is_empty() && p.next.is_empty())?;
            Some((Some(u8::try_from(i).ok()?), &phases[i].play))
        }
    }
}

/// Whose result an end rule gives, in a two-player game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Side {
    Mover,
    Next,
    Player(u8),
}

impl Side {
    /// The player it names, `mover` having moved last.
    pub(super) fn player(self, mover: u8) -> usize {
        match self {
            Side::Mover => mover as usize,
            Side::Next => 3 - mover as usize,
            Side::Player(p) => p as usize,
        }
    }
}

/// An end rule of the shape the playout forms take, `(if C (result Mover|Next|P1|P2
/// Win|Loss|Draw))` in a two-player game: C (out of its compiled slot), whose result it is,
/// and the outcome.
pub(super) fn plain_end(rule: &EndRule) -> Option<(&BoolFn, Side, Outcome)> {
    let (None, true, Some(EndResult::Result(role, outcome))) = (rule.for_each, rule.subs.is_empty(), &rule.result)
    else {
        return None;
    };
    let side = match role {
        Role::Mover => Side::Mover,
        Role::Next => Side::Next,
        Role::Player(p @ 1..=2) => Side::Player(*p),
        _ => return None,
    };
    if !matches!(outcome, Outcome::Win | Outcome::Loss | Outcome::Draw) {
        return None;
    }
    let cond = match &rule.cond {
        BoolFn::Compiled(_, inner) => &**inner,
        b => b,
    };
    Some((cond, side, *outcome))
}

/// A two-player playout's end by a plain end rule (see [`plain_end`]) after `length`
/// decisions, `mover` having moved last: a win, a loss (the other player wins, as
/// `apply_result` ranks two players) or a draw.
pub(super) fn finished(side: Side, outcome: Outcome, mover: u8, length: usize) -> super::outcome::PlayoutResult {
    let player = side.player(mover);
    let outcome = match outcome {
        Outcome::Win => Played::Win(player),
        Outcome::Loss => Played::Win(3 - player),
        _ => Played::Draw,
    };
    super::outcome::PlayoutResult { outcome, length }
}

/// Plays `n` seeded playouts of a corpus game by its playout form and move by move (the
/// fast forms off) and asserts each pair equal (result and length), uncapped and capped
/// early; the wins of each player (index 0: draws and the rest). Fails where the game has no
/// form.
#[cfg(test)]
pub(super) fn assert_form_plays_like_the_engine(path: &str, options: &[&str], n: u64) -> [usize; 3] {
    use super::playout::{playout, playout_rng};
    let (fast, slow) = with_and_without_forms(path, options);
    assert!(
        fast.fast_playout(&mut playout_rng(0, 0), 0).is_some(),
        "{path}: the form applies"
    );
    assert!(slow.fast_playout(&mut playout_rng(0, 0), 0).is_none());
    let mut wins = [0; 3];
    for i in 0..n {
        let a = playout(&fast, &mut playout_rng(5, i), 10_000);
        let b = playout(&slow, &mut playout_rng(5, i), 10_000);
        assert_eq!(a, b, "{path} {options:?} playout {i}");
        match a.outcome {
            Played::Win(p) if p <= 2 => wins[p] += 1,
            _ => wins[0] += 1,
        }
        let cap = (i % 17) as usize;
        let a = playout(&fast, &mut playout_rng(6, i), cap);
        let b = playout(&slow, &mut playout_rng(6, i), cap);
        assert_eq!(a, b, "{path} {options:?} playout {i} capped at {cap}");
    }
    assert!(wins[1] > 0 && wins[2] > 0, "{path}: both players win some");
    wins
}

/// The fast paths of the general engine (crossing edges from a table, groups grown a word
/// at a time, static regions naming others, directions between two sites read as one
/// word) against the evaluator's: along random games of games that use them, at every
/// position, the same legal moves, and the same position after each move applied.
#[cfg(test)]
#[test]
fn general_fast_paths_play_like_the_evaluator() {
    use super::playout::playout_rng;
    for path in [
        "experimental/graph_theory/CrossGeo.lud",
        "math/graph/Wagner.lud",
        "board/war/direction/push/Shobu.lud",
    ] {
        let (fast, slow) = with_and_without_forms(path, &[]);
        let mut moves = 0;
        for i in 0..6 {
            let mut walk = playout_rng(13, i);
            let mut state = fast.initial_state();
            for ply in 0..300 {
                let listed = fast.legal_moves(&state);
                assert_eq!(listed, slow.legal_moves(&state), "{path} game {i} ply {ply}");
                let Some(mv) = slow.random_move(&state, &mut walk) else {
                    break;
                };
                let mut other = state.clone();
                fast.apply(&mut state, &mv);
                slow.apply(&mut other, &mv);
                assert_eq!(state, other, "{path} game {i} ply {ply}: {mv:?}");
                moves += 1;
                if state.is_over() {
                    break;
                }
            }
        }
        assert!(moves > 20, "{path}: {moves} moves played");
    }
}

/// A corpus game loaded twice: with its fast forms, and without.
#[cfg(test)]
fn with_and_without_forms(path: &str, options: &[&str]) -> (super::api::Game, super::api::Game) {
    let selections = crate::expand::Selections {
        options: options.iter().map(|o| o.to_string()).collect(),
        ruleset: None,
    };
    let fast = super::corpus_game(path, &selections);
    let mut slow = super::corpus_game(path, &selections);
    slow.inner.fast_forms = false;
    (fast, slow)
}

/// Along `n` random games of `path`, from every position, the form's playout from there
/// ([`super::api::Game::playout_from`]) against the general engine's ([`super::playout::playout_on`]),
/// uncapped and capped early, with the same generator: the same results and lengths. The
/// positions the form took, and all positions.
#[cfg(test)]
pub(super) fn assert_form_plays_like_the_engine_from(path: &str, options: &[&str], n: u64) -> (usize, usize) {
    use super::playout::{playout_on, playout_rng};
    let (fast, slow) = with_and_without_forms(path, options);
    let (mut taken, mut all) = (0, 0);
    for i in 0..n {
        let mut walk = playout_rng(8, i);
        let mut state = fast.initial_state();
        let mut ply = 0u64;
        loop {
            all += 1;
            let cap = if ply.is_multiple_of(3) {
                (ply % 11) as usize
            } else {
                10_000
            };
            let seed = i * 1_000 + ply;
            if let Some(a) = fast.playout_from(&state, &mut playout_rng(9, seed), cap) {
                let (b, _) = playout_on(&slow, state.clone(), &mut playout_rng(9, seed), cap);
                assert_eq!(a, b, "{path} {options:?} game {i} ply {ply} cap {cap}");
                taken += 1;
            }
            assert!(slow.playout_from(&state, &mut playout_rng(9, seed), cap).is_none());
            if state.is_over() {
                break;
            }
            let Some(mv) = slow.random_move(&state, &mut walk) else {
                break;
            };
            slow.apply(&mut state, &mv);
            ply += 1;
        }
    }
    (taken, all)
}

/// Along `n` random games of `path`, at every position, the legal moves listed with the fast
/// forms against those the general engine lists: the same moves, in the same order. The
/// positions the form listed, and all positions.
#[cfg(test)]
pub(super) fn assert_form_lists_like_the_engine(path: &str, options: &[&str], n: u64) -> (usize, usize) {
    use super::playout::playout_rng;
    let (fast, slow) = with_and_without_forms(path, options);
    // a key of no move is refused, not applied
    let mut start = fast.initial_state();
    assert!(!fast.apply_key(&mut start, super::moves::MoveKey(u32::MAX)));
    assert_eq!(start, fast.initial_state());
    let (mut listed, mut all) = (0, 0);
    for i in 0..n {
        let mut walk = playout_rng(11, i);
        let mut state = fast.initial_state();
        for ply in 0.. {
            all += 1;
            let mut out: Vec<super::moves::MoveData> = Vec::new();
            let form_lists = fast.form().is_some_and(|f| f.list(&state.inner, &mut out));
            listed += usize::from(form_lists);
            let moves = fast.legal_moves(&state);
            assert_eq!(moves, slow.legal_moves(&state), "{path} {options:?} game {i} ply {ply}");
            // the compact moves, where listed, stand for the same moves, with their ids
            let mut keys = Vec::new();
            let keyed = fast.legal_keys(&state, &mut keys);
            let one_template_each = fast.form().is_some_and(|f| f.templates().is_some());
            assert_eq!(
                keyed,
                form_lists && one_template_each,
                "{path} game {i} ply {ply}: keys listed"
            );
            if keyed {
                let of_keys: Vec<super::Move> = keys
                    .iter()
                    .map(|&k| fast.key_move(k).expect("a key's move").clone())
                    .collect();
                assert_eq!(of_keys, moves, "{path} {options:?} game {i} ply {ply}: keys");
                for (&k, m) in keys.iter().zip(&moves) {
                    assert_eq!(
                        fast.key_action_id(k),
                        fast.action_id_of(m),
                        "{path} game {i} ply {ply}: id"
                    );
                }
            }
            if state.is_over() || moves.is_empty() {
                break;
            }
            let mv = &moves[rand::Rng::gen_range(&mut walk, 0..moves.len())];
            slow.apply(&mut state, mv);
        }
        // step by step as callers play (by the compact moves where listed so): the same games
        let a = super::playout::playout_all_moves(&fast, &mut playout_rng(12, i), 10_000);
        let b = super::playout::playout_all_moves(&slow, &mut playout_rng(12, i), 10_000);
        assert_eq!(a, b, "{path} {options:?} step by step, game {i}");
    }
    (listed, all)
}
