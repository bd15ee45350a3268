//! The state of a game in progress.

use smallvec::SmallVec;

/// One piece (or, in a flat game, the site's content with its count).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Piece {
    /// Component index (1-based, as Ludii numbers components); never 0 for a real piece.
    pub what: u16,
    /// Owner: 0 neutral, else the player.
    pub who: u8,
    pub count: u32,
    pub state: i32,
    pub value: i32,
    pub rotation: i32,
}

impl Piece {
    /// One of the piece's fields.
    #[inline]
    pub fn field(&self, f: crate::ir::SiteField) -> i32 {
        use crate::ir::SiteField;
        match f {
            SiteField::State => self.state,
            SiteField::Value => self.value,
            SiteField::Count => self.count as i32,
            SiteField::Rotation => self.rotation,
        }
    }

    /// Set one of the piece's fields.
    #[inline]
    pub fn set_field(&mut self, f: crate::ir::SiteField, v: i32) {
        use crate::ir::SiteField;
        match f {
            SiteField::State => self.state = v,
            SiteField::Value => self.value = v,
            SiteField::Count => self.count = v.max(0) as u32,
            SiteField::Rotation => self.rotation = v,
        }
    }
}

/// A site's pieces, bottom first (kept inline up to two pieces: most games hold one piece
/// a site, and a smaller site makes every copy of the position cheaper, as MCTS makes one a
/// node: Hex's search 11% faster than with four inline; taller stacks live on the heap,
/// Lasca's step within 3% of before).
pub type Stack = SmallVec<[Piece; 2]>;

/// A site's part of [`StateData::position_hash`]: 0 for an empty site.
#[inline]
pub fn site_hash(site: usize, st: &Stack) -> u64 {
    if st.is_empty() {
        return 0;
    }
    let mut h = mix(site as u64 + 1);
    for p in st {
        h = mix(h ^ (u64::from(p.what) | u64::from(p.who) << 16 | u64::from(p.count) << 24));
        h = mix(h ^ (p.state as u32 as u64 | (p.value as u32 as u64) << 32));
        h = mix(h ^ p.rotation as u32 as u64);
    }
    h
}

/// The generator of a game's chance: Ludii's (Apache Commons RNG's SplitMix64), with its
/// draws below a bound as Ludii makes them (`nextInt(n)`), so that a game started from the
/// state Ludii's trial files record rolls the dice Ludii rolled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The state written as Ludii's 8 bytes (`RNG internal state=`), least significant first.
    pub fn from_bytes(b: [i8; 8]) -> SplitMix64 {
        SplitMix64(u64::from_le_bytes(b.map(|x| x as u8)))
    }

    pub fn to_bytes(self) -> [i8; 8] {
        self.0.to_le_bytes().map(|x| x as i8)
    }

    pub fn next_long(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// 32 bits: the two halves of the next long, one over the other.
    pub fn next_int(&mut self) -> u32 {
        let v = self.next_long();
        ((v >> 32) ^ (v & 0xffff_ffff)) as u32
    }

    /// A draw in `0..n` (`n` > 0): a power of two from the top bits of a 31-bit draw, any
    /// other bound by the remainder of one, drawn again when it falls in the last, partial
    /// run of `n` below 2^31.
    pub fn below(&mut self, n: u32) -> u32 {
        let n = n.max(1);
        if n.is_power_of_two() {
            return ((u64::from(n) * u64::from(self.next_int() >> 1)) >> 31) as u32;
        }
        loop {
            let bits = self.next_int() >> 1;
            let val = bits % n;
            if i64::from(bits) - i64::from(val) + i64::from(n - 1) <= i64::from(i32::MAX) {
                return val;
            }
        }
    }
}

/// A pseudo-random number from the state's seed for draw `j` (a die's face, a random site) (splitmix64's finaliser).
pub fn chance_draw(seed: u64, j: usize) -> u64 {
    let mut z = seed ^ (j as u64).wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `x` mixed into the hash `h` (order matters).
#[inline]
pub fn mix_in(h: u64, x: u64) -> u64 {
    mix(h.rotate_left(17) ^ x)
}

/// A 64-bit mixing function (splitmix64's finaliser).
#[inline]
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `d := pieces`, piece by piece (quicker than a slice copy for the few pieces of a stack).
#[inline]
pub fn set_stack(d: &mut Stack, pieces: &[Piece]) {
    d.clear();
    for &p in pieces {
        d.push(p);
    }
}

/// Hidden information (Ludii's flags): per location and player, the kinds of what is there
/// ([`crate::ir::HiddenKind::bit`]) hidden from that player. The flags belong to the
/// location, not to its piece (see `engine/hidden.rs` for how moves carry them). Empty in a
/// game without hidden information.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Hidden {
    players: u8,
    /// The bottom level (the only one of a game without stacks): at `site * players + p - 1`.
    base: Vec<u8>,
    /// The levels above it, in a game with stacks: `(site, level, player, flags)`, sorted,
    /// none with no flag.
    upper: Vec<(u32, u32, u8, u8)>,
}

impl Hidden {
    /// No flag set, for `sites` sites (every container's) and `players` players.
    pub fn new(sites: usize, players: u8) -> Hidden {
        Hidden {
            players,
            base: vec![0; sites * players as usize],
            upper: Vec::new(),
        }
    }

    /// Whether the game keeps no flags.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.base.is_empty()
    }

    fn index(&self, site: u32, p: u8) -> Option<usize> {
        (p >= 1 && p <= self.players)
            .then(|| site as usize * self.players as usize + p as usize - 1)
            .filter(|&i| i < self.base.len())
    }

    /// The flags hiding `site`'s `level` from player `p`.
    pub fn get(&self, site: u32, level: u32, p: u8) -> u8 {
        if level == 0 {
            return self.index(site, p).map_or(0, |i| self.base[i]);
        }
        match self
            .upper
            .binary_search_by_key(&(site, level, p), |&(s, l, q, _)| (s, l, q))
        {
            Ok(i) => self.upper[i].3,
            Err(_) => 0,
        }
    }

    /// Set the flags hiding `site`'s `level` from player `p`.
    pub fn set(&mut self, site: u32, level: u32, p: u8, flags: u8) {
        if level == 0 {
            if let Some(i) = self.index(site, p) {
                self.base[i] = flags;
            }
            return;
        }
        if self.index(site, p).is_none() {
            return;
        }
        match self
            .upper
            .binary_search_by_key(&(site, level, p), |&(s, l, q, _)| (s, l, q))
        {
            Ok(i) if flags == 0 => {
                self.upper.remove(i);
            }
            Ok(i) => self.upper[i].3 = flags,
            Err(_) if flags == 0 => {}
            Err(i) => self.upper.insert(i, (site, level, p, flags)),
        }
    }

    /// Every player's flags of `from`'s bottom level onto `to`'s.
    pub fn copy_site(&mut self, from: u32, to: u32) {
        for p in 1..=self.players {
            let f = self.get(from, 0, p);
            self.set(to, 0, p, f);
        }
    }

    /// No flag left at any level of `site`.
    pub fn clear_site(&mut self, site: u32) {
        for p in 1..=self.players {
            self.set(site, 0, p, 0);
        }
        self.upper.retain(|&(s, ..)| s != site);
    }
}

/// What a past move left for `(last ..)`, `(all Passed)` and friends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    pub mover: u8,
    pub from: i32,
    pub to: i32,
    pub pass: bool,
    /// The site of the move's last action that has one, its consequents' included once they
    /// ran (`(last To afterConsequence:True)`); its `to` when no action has a site.
    pub to_after: i32,
    /// Where that action came from (`(last From afterConsequence:True)`; an action on one
    /// site: that site); its `from` when no action has a site.
    pub from_after: i32,
    /// The level the decision named at `to` (`(last LevelTo)`).
    pub level_to: i32,
    /// The site type of `from` and `to` (see [`super::moves::MoveData::ty`]).
    pub ty: u8,
}

impl MoveRecord {
    /// What a start rule's placement at `site` (-1: none) leaves in the history.
    pub fn start(site: i32) -> MoveRecord {
        MoveRecord {
            mover: 0,
            from: site,
            to: site,
            pass: false,
            to_after: site,
            from_after: site,
            level_to: 0,
            ty: 0,
        }
    }
}

/// How many past moves are kept at least (Ludii's rules here look back at most a few turns).
pub const HISTORY: usize = 12;

/// How many are kept at most: when the list is full, the oldest [`HISTORY`] go at once, so
/// that storing a move (as every `ifAfterwards` check does, then undoes) seldom shifts it.
pub const HISTORY_MAX: usize = 2 * HISTORY;

/// A position and everything the rules remember. Cheap to clone (the engine's public
/// state, [`super::api`]).
#[derive(Debug, PartialEq)]
pub struct State {
    /// The position of the game played (in a match, of the subgame played).
    pub(crate) inner: StateData,
    /// In a match, where it stands (None in a game).
    pub(crate) round: Option<Box<Round>>,
}

impl State {
    /// A game's state (not a match's).
    pub(crate) fn of(inner: StateData) -> State {
        State { inner, round: None }
    }
}

impl Clone for State {
    fn clone(&self) -> Self {
        State {
            inner: self.inner.clone(),
            round: self.round.clone(),
        }
    }

    /// A copy into this state, reusing its buffers.
    fn clone_from(&mut self, source: &Self) {
        self.inner.clone_from(&source.inner);
        self.round.clone_from(&source.round);
    }
}

/// Where a match stands (`matches.rs`): the subgame played, and the state of the match's own
/// context (Ludii's match context: the match scores, whether the match is over, its ranking).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Round {
    /// The index of the subgame played, in the match's list.
    pub subgame: usize,
    pub context: StateData,
    /// How many subgames are over.
    pub played: u32,
    /// Decisions taken in the subgames over, each move to the next subgame counted too.
    pub decisions: u32,
}

#[derive(Debug, Default, PartialEq)]
pub struct StateData {
    /// Per site of the board, the pieces from the bottom of the stack up (at most one in
    /// flat games).
    pub sites: Vec<Stack>,
    /// The sites of the containers after the board (hands), numbered on from the board's.
    pub extra: Vec<Stack>,
    /// Pieces on the board's sites of another type than its own, by type (set by start
    /// rules of start positions only, [`crate::ir::StartRule::PlaceOn`]; empty in a game
    /// the engine runs).
    pub typed: Vec<(crate::board::SiteType, Vec<Stack>)>,
    /// Per owner (0 neutral, then the players), the sites whose top piece it owns, as bit
    /// words ([`StateData::owned_words`]): a function of `sites`, kept up to date by every
    /// change of a site ([`StateData::sync_site`]).
    pub owned: SmallVec<[u64; 6]>,
    /// Scores by player (index 0 unused).
    pub scores: SmallVec<[i32; 5]>,
    pub mover: u8,
    pub next: u8,
    pub prev: u8,
    /// `(var)`, -1 until set.
    pub var: i32,
    /// `(counter)`: Ludii's `State.counter`, -1 at the start and after `(set Counter)`
    /// (unless given a value), one more after every move.
    pub counter: i32,
    /// Named variables `(var "k")` by interned name.
    pub vars: SmallVec<[(u16, i32); 2]>,
    /// Per player (index 0 unused), their value (`(value Player p)`), -1 until set.
    pub player_values: SmallVec<[i32; 5]>,
    /// Money: the pot (index 0), then each player's amount (`(amount p)`, `(pot)`); 0 at
    /// the start.
    pub money: SmallVec<[i32; 5]>,
    /// Per player (index 0 unused), the agent playing them (Ludii's player order): the
    /// player's own number until a swap ([`StateData::agent_of`]); empty until then.
    pub agents: SmallVec<[u8; 5]>,
    pub pending: SmallVec<[i32; 4]>,
    /// Sites whose pieces are removed when the turn ends (`(sites ToClear)`), in order.
    pub to_clear: SmallVec<[u32; 4]>,
    /// Remembered values: (list, value) in the order remembered ([`crate::ir::UNNAMED`] is
    /// the list without a name).
    pub remembered: SmallVec<[(u16, i32); 4]>,
    /// Local states and values of empty sites (site, field, value): in a game without
    /// stacks Ludii keeps a site's local state and value apart from its piece, so a `set
    /// State` or `set Value` on an empty site stays there, is read there, and the next piece
    /// added onto it takes it (the state also the next seed sown or counted move).
    pub loose_states: SmallVec<[(u32, crate::ir::SiteField, i32); 2]>,
    /// In a game with stacks, the local state, rotation and value a level keeps after its
    /// piece left it (site, level, fields): Ludii's stacks keep a level's fields when a
    /// removal at a level (or a move of the piece at a level) leaves it, and a piece added
    /// there without fields of its own (a move of the top piece, an add without a state)
    /// takes them. Empty in other games; never read by a rule.
    pub stale: SmallVec<[(u32, u32, [i32; 3]); 1]>,
    /// Where along a track that passes a site twice each piece stands (Ludii's
    /// `OnTrackIndices`): per such track ([`GameDef::loop_tracks`]), per index of the track,
    /// per component, how many are there (as Ludii counts: a removal takes one from every
    /// index of the site, so a count may fall below zero). Empty in other games.
    pub track_counts: Vec<i16>,
    pub propositions: SmallVec<[u16; 2]>,
    /// The sites the moves of this turn so far went from and to (kept only where
    /// `(is Visited ..)` asks).
    pub visited: SmallVec<[u32; 4]>,
    /// `(sites LastTo)`: the board sites the last move went to (kept only where the rules
    /// ask, [`crate::ir::GameIr::uses_last_to`]).
    pub last_to: SmallVec<[u32; 4]>,
    /// Votes cast since the last decision (`(move Vote ..)`), and what the last complete
    /// vote decided (-1: nothing), until the next move.
    pub votes: SmallVec<[u16; 2]>,
    pub decided: i32,
    /// Hashes of the last positions (after each move), when `(is Cycle)` is asked.
    pub cycle: SmallVec<[u64; 4]>,
    /// Bit per player: stalemated (no legal move when last asked).
    pub stalemated: u32,
    /// Bit per player: still playing.
    pub active: u32,
    pub over: bool,
    /// Ludii's ranking once over (index 0 unused).
    pub ranking: SmallVec<[f64; 5]>,
    pub num_turn: u32,
    /// Moves the mover has made in a row before the coming one (Ludii's turns of the same
    /// player).
    pub same_turn_moves: u32,
    /// Decisions applied since the start rules.
    pub num_decisions: u32,
    /// Moves stored since the start rules (`(count Moves)`; a move counts from the moment
    /// it is stored, before its consequents).
    pub num_moves: u32,
    /// A match's subgames played so far (`(count Trials)`, in the match's context; 0 in any
    /// other game).
    pub trials: u32,
    /// How many players have won, and lost, so far (the ranks given out).
    pub winners: u8,
    pub losers: u8,
    /// Bit per player: their trigger is set (`(trigger ..)`).
    pub triggered: u32,
    /// Per player (index 0 unused), the index of their current phase.
    pub phase: SmallVec<[u8; 4]>,
    /// The most recent moves, oldest first, including the start rules' moves (mover 0).
    pub history: SmallVec<[MoveRecord; HISTORY_MAX]>,
    /// Whether older moves than `history` exist.
    pub history_truncated: bool,
    /// The positions `(no Repeat ..)` forbids returning to (their hashes,
    /// [`StateData::position_hash`]).
    pub seen: Seen,
    /// In a game with `(no Repeat ..)`, [`StateData::position_hash`] kept up to date by
    /// every change of a site (`GameDef::rehash`); 0 in other games.
    pub hash: u64,
    /// In a game with dice: each die's value still available (0 once used; Ludii's
    /// `currentDice`), in order over every dice container.
    pub dice: SmallVec<[i32; 4]>,
    /// Per dice container, the sum of its dice's values (Ludii's `sumDice`: set by a roll,
    /// then the faces shown after every move).
    pub dice_sums: SmallVec<[i32; 1]>,
    /// Whether the last roll showed the same face index on every die.
    pub dice_equal: bool,
    /// Where the next roll's faces come from: a seed moved on by every move
    /// ([`StateData::set_chance`]) ...
    pub chance: u64,
    /// ... unless these face indices are given for it, die by die (a replay gives Ludii's).
    pub next_roll: SmallVec<[u8; 4]>,
    /// Hidden information: what each player cannot see (empty in a game without it).
    pub hidden: Hidden,
    /// A deduction puzzle's candidates: per board site, bit v set while value v may still
    /// go there (empty in a game that is not a puzzle).
    pub puzzle: Vec<u64>,
    /// The position's hash `(remember State)` stored (0: none), which `(avoidStoredState
    /// ..)` avoids.
    pub stored: u64,
    /// `(last Between)`: the sites the last move hopped over (kept only where the rules
    /// ask, [`crate::ir::GameIr::uses_last_between`]).
    pub last_between: SmallVec<[u32; 2]>,
}

/// Copies of a position, field by field: the stacks of the sites copied as bytes (a
/// piece is plain data), and a copy into an existing state reusing its buffers, as MCTS
/// makes one a node and a playout. The macro's pattern names every field, so a field added
/// to [`StateData`] and not here does not compile.
macro_rules! state_copies {
    (stacks: $($s:ident),*; fields: $($f:ident),* $(,)?) => {
        impl Clone for StateData {
            fn clone(&self) -> Self {
                let StateData { $($s,)* $($f,)* } = self;
                StateData { $($s: copy_stacks($s),)* $($f: $f.clone(),)* }
            }

            fn clone_from(&mut self, source: &Self) {
                let StateData { $($s,)* $($f,)* } = source;
                $(copy_stacks_into(&mut self.$s, $s);)*
                $(CopyInto::copy_into($f, &mut self.$f);)*
            }
        }
    };
}

/// The positions `(no Repeat ..)` forbids returning to, by hash ([`StateData::seen`]):
/// asked in one look-up, and shared by a state and its copies (a copy takes a pointer; the
/// first of them to add a position then gets its own), so that copying a state to try moves
/// on costs nothing however long the game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Seen(Option<std::sync::Arc<crate::board::IntSet<u64>>>);

impl Seen {
    /// The positions `hashes`.
    #[cfg(test)]
    pub fn of(hashes: &[u64]) -> Seen {
        let mut s = Seen::default();
        hashes.iter().for_each(|&h| s.push(h));
        s
    }

    pub fn is_empty(&self) -> bool {
        self.0.as_ref().is_none_or(|set| set.is_empty())
    }

    #[inline]
    pub fn contains(&self, hash: &u64) -> bool {
        self.0.as_ref().is_some_and(|set| set.contains(hash))
    }

    /// Add a position (copying the set first if another state shares it).
    pub fn push(&mut self, hash: u64) {
        std::sync::Arc::make_mut(self.0.get_or_insert_with(Default::default)).insert(hash);
    }

    pub fn clear(&mut self) {
        self.0 = None;
    }

    /// Whether both are the same set in memory (or both empty): a copy needs nothing done.
    #[inline]
    pub fn shares(&self, other: &Seen) -> bool {
        match (&self.0, &other.0) {
            (Some(a), Some(b)) => std::sync::Arc::ptr_eq(a, b),
            _ => self.is_empty() && other.is_empty(),
        }
    }
}

state_copies! {
    stacks: sites, extra;
    fields:
        typed, owned, scores, mover, next, prev, var, counter, vars, player_values, money, agents,
        pending, to_clear, remembered, loose_states, stale, track_counts, propositions, visited,
        last_to, votes, decided, cycle, stalemated, active, over, ranking, num_turn,
        same_turn_moves, num_decisions, num_moves, winners, losers, triggered, phase, history,
        history_truncated, seen, hash, dice, dice_sums, dice_equal, chance, next_roll, hidden,
        puzzle, stored, last_between, trials,
}

/// A field of [`StateData`] copied into another, reusing its buffer: lists of plain values
/// as bytes (a list's own `clone_from` goes item by item, even when it is empty).
trait CopyInto {
    fn copy_into(&self, dst: &mut Self);
}

impl<A: smallvec::Array> CopyInto for SmallVec<A>
where
    A::Item: Copy,
{
    #[inline(always)]
    fn copy_into(&self, dst: &mut Self) {
        dst.clear();
        // (most are empty: nothing to copy)
        if !self.is_empty() {
            dst.extend_from_slice(self);
        }
    }
}

/// Vectors of plain values.
macro_rules! copied_as_bytes {
    ($($t:ty),*) => {
        $(impl CopyInto for Vec<$t> {
            #[inline]
            fn copy_into(&self, dst: &mut Self) {
                dst.clear();
                dst.extend_from_slice(self);
            }
        })*
    };
}

copied_as_bytes!(i16, u64);

/// Plain values, and the fields that copy themselves.
macro_rules! copied_whole {
    ($($t:ty),*) => {
        $(impl CopyInto for $t {
            #[inline]
            fn copy_into(&self, dst: &mut Self) {
                dst.clone_from(self);
            }
        })*
    };
}

copied_whole!(
    u8,
    u32,
    i32,
    u64,
    bool,
    Seen,
    Hidden,
    Vec<(crate::board::SiteType, Vec<Stack>)>
);

/// A copy of stacks, each copied as bytes (SmallVec's own clone goes piece by piece).
fn copy_stacks(src: &[Stack]) -> Vec<Stack> {
    let mut out = Vec::with_capacity(src.len());
    out.extend(src.iter().map(|st| Stack::from_slice(st)));
    out
}

/// `src` copied into `dst`, reusing its stacks' buffers.
fn copy_stacks_into(dst: &mut Vec<Stack>, src: &[Stack]) {
    dst.truncate(src.len());
    for (d, s) in dst.iter_mut().zip(src) {
        d.clear();
        if !s.is_empty() {
            d.extend_from_slice(s);
        }
    }
    let done = dst.len();
    dst.extend(src[done..].iter().map(|st| Stack::from_slice(st)));
}

impl StateData {
    /// A hash of the position: the pieces of every container and of every other site type
    /// in play (with the local states of empty sites), what Ludii's `stateHash` covers. It
    /// is the exclusive or of each site's [`site_hash`] (and of the loose states'), the
    /// sites numbered as actions name them, so a change of a few sites updates it.
    pub fn position_hash(&self) -> u64 {
        self.all_stacks()
            .enumerate()
            .fold(self.loose_states_hash(), |h, (i, st)| h ^ site_hash(i, st))
    }

    /// Every site's pieces, numbered as actions name them: the board's, the hands', then
    /// those of the other site types in play.
    pub fn all_stacks(&self) -> impl Iterator<Item = &Stack> {
        let typed = self.typed.iter().flat_map(|(_, v)| v.iter());
        self.sites.iter().chain(self.extra.iter()).chain(typed)
    }

    /// The part of [`StateData::position_hash`] the local states of empty sites give.
    pub fn loose_states_hash(&self) -> u64 {
        self.loose_states.iter().fold(0, |h, &(site, field, v)| {
            h ^ mix(u64::from(site) << 32 ^ v as u32 as u64 ^ 0x5bd1_e995 ^ (field as u64) << 61)
        })
    }

    /// The agent playing player `p` (their own number until a swap).
    pub fn agent_of(&self, p: u8) -> u8 {
        self.agents.get(p as usize).copied().unwrap_or(p)
    }

    /// Agents `a` and `b` change the players they play (Ludii's player order).
    pub fn swap_agents(&mut self, a: u8, b: u8) {
        let n = (a.max(b) as usize + 1).max(self.agents.len());
        while self.agents.len() < n {
            self.agents.push(self.agents.len() as u8);
        }
        let at = |x: u8| self.agents.iter().skip(1).position(|&g| g == x).map(|i| i + 1);
        if let (Some(i), Some(j)) = (at(a), at(b)) {
            self.agents.swap(i, j);
        }
    }

    /// The pieces at a site of any container (None past the last).
    #[inline]
    pub fn stack(&self, site: usize) -> Option<&Stack> {
        match self.sites.get(site) {
            Some(st) => Some(st),
            None => match self.extra.get(site - self.sites.len()) {
                Some(st) => Some(st),
                None => self.typed_stack(site - self.sites.len() - self.extra.len()),
            },
        }
    }

    /// The pieces at a site of another site type than the board's: `k` counts on over
    /// those types' sites, in order (the sites numbered after every container's).
    #[cold]
    fn typed_stack(&self, mut k: usize) -> Option<&Stack> {
        for (_, sites) in &self.typed {
            match sites.get(k) {
                Some(st) => return Some(st),
                None => k -= sites.len(),
            }
        }
        None
    }

    #[cold]
    fn typed_stack_mut(&mut self, mut k: usize) -> Option<&mut Stack> {
        for (_, sites) in &mut self.typed {
            if k < sites.len() {
                return sites.get_mut(k);
            }
            k -= sites.len();
        }
        None
    }

    /// The pieces at a site of any container, to change (a board site's owner must then be
    /// brought up to date with [`Self::sync_site`]).
    #[inline]
    pub fn stack_mut(&mut self, site: usize) -> Option<&mut Stack> {
        let (n, m) = (self.sites.len(), self.extra.len());
        if site < n {
            return self.sites.get_mut(site);
        }
        if site < n + m {
            return self.extra.get_mut(site - n);
        }
        self.typed_stack_mut(site - n - m)
    }

    /// Bit words per owner in `owned`.
    #[inline]
    pub fn owned_stride(&self) -> usize {
        self.sites.len().div_ceil(64).max(1)
    }

    /// The owner table for `owners` owners (all sites empty).
    pub fn empty_owned(num_sites: usize, owners: usize) -> SmallVec<[u64; 6]> {
        SmallVec::from_elem(0, num_sites.div_ceil(64).max(1) * owners)
    }

    /// The sites whose top piece `owner` owns, as bit words (empty for an unknown owner).
    #[inline]
    pub fn owned_words(&self, owner: usize) -> &[u64] {
        let k = self.owned_stride();
        self.owned.get(owner * k..(owner + 1) * k).unwrap_or(&[])
    }

    /// Word `i` of the sites whose top piece belongs to one of `owners` (a bit set; `k`
    /// is [`Self::owned_stride`]).
    #[inline(always)]
    pub fn owned_word(&self, owners: u32, i: usize, k: usize) -> u64 {
        let owned: &[u64] = &self.owned;
        let (mut bits, mut any) = (owners, 0);
        while bits != 0 {
            any |= owned.get(bits.trailing_zeros() as usize * k + i).copied().unwrap_or(0);
            bits &= bits - 1;
        }
        any
    }

    /// Word `i` of the occupied sites: those whose top piece any owner owns.
    #[inline(always)]
    pub fn occupied_word(&self, i: usize) -> u64 {
        let k = self.owned_stride();
        self.owned.iter().skip(i).step_by(k).fold(0, |w, &o| w | o)
    }

    /// Every word of the occupied sites ([`Self::occupied_word`]).
    pub fn occupied_words(&self) -> SmallVec<[u64; 8]> {
        (0..self.owned_stride()).map(|i| self.occupied_word(i)).collect()
    }

    /// Whether board site `t` holds a piece (read off the owners' table, not the stack).
    #[inline(always)]
    pub fn is_occupied(&self, t: usize) -> bool {
        self.occupied_word(t / 64) >> (t % 64) & 1 != 0
    }

    /// On a board of at most 64 sites, the sites whose top piece's owner is in `owners`
    /// (bit `w`), bit 0 also taking the empty sites (`(who at:..)` is 0 there).
    #[inline(always)]
    pub fn top_owners_word(&self, owners: u64) -> u64 {
        let mut w = self.owned_word(owners as u32, 0, 1);
        if owners & 1 == 1 {
            let all = (1u64 << self.owners().min(32)) - 1;
            w |= self.board_word() & !self.owned_word(all as u32, 0, 1);
        }
        w
    }

    /// On a board of at most 64 sites, every site as one bit word.
    #[inline(always)]
    pub fn board_word(&self) -> u64 {
        match self.sites.len() {
            n if n >= 64 => !0,
            n => (1u64 << n) - 1,
        }
    }

    /// The number of owners the table has.
    #[inline]
    pub fn owners(&self) -> usize {
        self.owned.len() / self.owned_stride()
    }

    /// Bring `owned` up to date for one site after its stack changed.
    #[inline]
    pub fn sync_site(&mut self, site: usize) {
        if site >= self.sites.len() {
            // (the owners' table is of the board's sites)
            return;
        }
        let k = self.owned_stride();
        // (a cell a large piece covers, no component of its own: the last row, no owner's)
        let who = match self.sites[site].last() {
            Some(p) if p.what == 0 => self.owned.len() / k - 1,
            Some(p) => p.who as usize,
            None => usize::MAX,
        };
        let (i, bit) = (site / 64, 1u64 << (site % 64));
        // word `i` of each owner's row: clear the bit, set it again in the top piece's owner's
        let owned: &mut [u64] = &mut self.owned;
        let (mut j, mut p) = (i, 0);
        while let Some(w) = owned.get_mut(j) {
            *w = (*w & !bit) | if p == who { bit } else { 0 };
            j += k;
            p += 1;
        }
    }

    /// Rebuild `owned` from the sites (after changes made site by site without syncing).
    pub fn sync_all(&mut self) {
        self.owned.iter_mut().for_each(|w| *w = 0);
        for site in 0..self.sites.len() {
            self.sync_site(site);
        }
    }

    /// Whether `owned` agrees with the sites (for tests of the invariant).
    pub fn owned_consistent(&self) -> bool {
        let mut fresh = self.clone();
        fresh.sync_all();
        fresh.owned == self.owned
    }
}

impl StateData {
    /// The local state of a site: its top piece's, else the state left on the empty site.
    #[inline]
    pub fn site_state(&self, site: i32) -> i32 {
        self.site_field(site, crate::ir::SiteField::State)
    }

    /// A field of a site: its top piece's, else the one left on the empty site (a state
    /// or a value).
    #[inline]
    pub fn site_field(&self, site: i32, f: crate::ir::SiteField) -> i32 {
        match self.stack(site.max(0) as usize).filter(|_| site >= 0) {
            Some(st) => match st.last() {
                Some(p) => p.field(f),
                None => self
                    .loose_states
                    .iter()
                    .find(|e| e.0 == site as u32 && e.1 == f)
                    .map_or(0, |e| e.2),
            },
            None => 0,
        }
    }

    /// The values of one list of remembered values, in order.
    pub fn remembered_in(&self, list: u16) -> impl Iterator<Item = i32> + '_ {
        self.remembered.iter().filter(move |(l, _)| *l == list).map(|&(_, v)| v)
    }
}

#[cfg(test)]
mod tests {
    use super::{Piece, SplitMix64, Stack, StateData};

    /// A copy, and a copy into a state of another shape (more sites, fewer, taller
    /// stacks, other fields), equal the original.
    #[test]
    fn copies_equal_the_original() {
        let piece = |what, count| Piece {
            what,
            who: 1,
            count,
            state: 2,
            value: 3,
            rotation: 4,
        };
        let mut a = StateData {
            sites: vec![
                Stack::new(),
                Stack::from_slice(&[piece(1, 1)]),
                Stack::from_slice(&[piece(2, 1); 5]),
            ],
            extra: vec![Stack::from_slice(&[piece(3, 7)])],
            seen: super::Seen::of(&[9, 8]),
            mover: 2,
            ..StateData::default()
        };
        a.scores.extend([0, 5, 6]);
        assert_eq!(a.clone(), a);
        let mut wider = StateData {
            sites: vec![Stack::from_slice(&[piece(4, 1); 3]); 6],
            puzzle: vec![1, 2, 3],
            ..StateData::default()
        };
        wider.clone_from(&a);
        assert_eq!(wider, a);
        let mut narrower = StateData::default();
        narrower.clone_from(&a);
        assert_eq!(narrower, a);
        a.sites[2].truncate(1);
        narrower.clone_from(&a);
        assert_eq!(narrower, a);
    }

    /// The first rolls of two of Ludii's stored trials, drawn from the generator state
    /// their files record: Backgammon's two six-sided dice (a bound drawn by remainder),
    /// and 20 Squares' dice of four faces and of two (bounds drawn by their top bits).
    #[test]
    fn draws_the_dice_ludii_drew() {
        let mut backgammon = SplitMix64::from_bytes([-24, 2, -35, -33, -60, 82, -102, -37]);
        let rolls: Vec<u32> = (0..6).map(|_| backgammon.below(6)).collect();
        assert_eq!(rolls, [1, 3, 2, 3, 3, 4]);
        let mut squares = SplitMix64::from_bytes([46, 98, -124, 14, -2, -37, -16, 124]);
        let rolls: Vec<[u32; 2]> = (0..4).map(|_| [squares.below(4), squares.below(2)]).collect();
        assert_eq!(rolls, [[0, 1], [1, 1], [3, 1], [3, 0]]);
        // the state written back as the file's bytes
        let s = SplitMix64::from_bytes([1, 2, 3, 4, 5, 6, 7, -8]);
        assert_eq!(s.to_bytes(), [1, 2, 3, 4, 5, 6, 7, -8]);
        assert_eq!(SplitMix64::from_bytes([1, 0, 0, 0, 0, 0, 0, 0]).0, 1);
    }
}
