//! The engine's public surface: load a game, play it, read its state.
//!
//! `Game` is immutable and cheap to share (`Arc`); `State` is a cheap `Clone`.
//!
//! Setting up positions (`Game::position`, `Game::position_on`, `State::score`,
//! `State::set_score`) and finding moves by name (`Game::find_move`): see `position.rs`.

/// The most rolls a replay tries where Ludii's successors do not show the roll
/// ([`Game::other_rolls`]): every combination of up to four six-sided dice.
pub const MAX_OTHER_ROLLS: usize = 1296;

/// How many other draws of a game's random numbers a replay tries at a step (see
/// [`Game::other_draws`]).
pub const MAX_OTHER_DRAWS: usize = 512;

pub use super::moves::{Move, MoveKey};
pub use super::state::State;

/// A loaded game: rules, board and equipment. Immutable.
#[derive(Debug)]
pub struct Game {
    /// The rules (what every use runs).
    pub(crate) inner: super::game::GameDef,
    /// Their playout form ([`super::forms::PlayoutForm`]), an acceleration built when first
    /// asked (None: the rules have no shape a form takes).
    form: std::sync::OnceLock<Option<super::forms::PlayoutForm>>,
    /// The action ids' layout (see `encode.rs`).
    pub(super) ids: super::encode::IdLayout,
    /// The action id of each compact move ([`Game::legal_keys`]), built when first asked.
    key_ids: std::sync::OnceLock<Vec<u32>>,
    /// The state after the start rules (their random choices drawn from 0), built when
    /// first asked: every later start is a copy of it.
    start: std::sync::OnceLock<State>,
    /// A match's own rules and its subgames after the first, whose rules `inner` are
    /// (None: a game; see `matches.rs`).
    matched: Option<Box<super::matches::MatchDef>>,
}

impl Game {
    /// Build a game from its lowered rules: the board, its tracks and the tables the rules
    /// read (the last step of loading, see `crate::load`).
    pub fn build(ir: crate::ir::GameIr) -> Result<Game, super::game::BuildError> {
        let inner = super::game::GameDef::build(ir)?;
        Ok(Game {
            ids: super::encode::IdLayout::of(&inner),
            inner,
            form: std::sync::OnceLock::new(),
            key_ids: std::sync::OnceLock::new(),
            start: std::sync::OnceLock::new(),
            matched: None,
        })
    }

    /// Build a match (see `matches.rs`) from its own context's lowered rules and its
    /// subgames, each loaded as a game, in order (at least one; all of the match's number of
    /// players). The match is named as its context; its board and equipment are its first
    /// subgame's.
    pub fn build_match(
        context: crate::ir::GameIr,
        specs: Vec<crate::ir::SubgameIr>,
        subgames: Vec<Game>,
    ) -> Result<Game, super::game::BuildError> {
        let name = context.name.clone();
        let context = super::game::GameDef::build(context)?;
        let mut games = subgames.into_iter().map(|g| g.inner);
        let Some(mut first) = games.next() else {
            return Err(super::game::BuildError::Match("a match needs at least one game"));
        };
        first.name = name;
        Ok(Game {
            ids: super::encode::IdLayout::of(&first),
            inner: first,
            // (a match has no playout form: its subgames follow one another)
            form: std::sync::OnceLock::from(None),
            key_ids: std::sync::OnceLock::new(),
            start: std::sync::OnceLock::new(),
            matched: Some(Box::new(super::matches::MatchDef::new(context, games.collect(), specs))),
        })
    }

    /// Whether this is a match of subgames (`(match ..)`).
    pub fn is_match(&self) -> bool {
        self.matched.is_some()
    }

    /// In a match, the name of the subgame `state` plays (None in a game).
    pub fn subgame_name(&self, state: &State) -> Option<&str> {
        let (m, r) = (self.matched.as_deref()?, state.round.as_deref()?);
        m.subgames.get(r.subgame).map(|s| s.name.as_str())
    }

    /// The rules of the game `state` plays: the game's, or in a match the subgame's.
    #[inline]
    fn rules(&self, state: &State) -> &super::game::GameDef {
        match &self.matched {
            None => &self.inner,
            Some(m) => m.rules(&self.inner, state),
        }
    }

    /// A state of the game's start, as a match starts it when this is a match.
    pub(super) fn started(&self, state: State) -> State {
        match &self.matched {
            None => state,
            Some(m) => m.start(state),
        }
    }

    /// The board's tracks, built on it (no rule follows them yet).
    pub fn tracks(&self) -> &[crate::board::Track] {
        &self.inner.tracks
    }

    /// The executable rules, for inspection (`{:#?}`).
    pub fn ir(&self) -> &crate::ir::GameIr {
        &self.inner.ir
    }

    /// The kinds of piece, by name without owner (`Disc`, `Hex`), in equipment order.
    pub fn piece_kinds(&self) -> Vec<&str> {
        let mut kinds: Vec<&str> = Vec::new();
        for k in self.inner.ir.components.iter().skip(1) {
            if !kinds.contains(&k.base.as_str()) {
                kinds.push(&k.base);
            }
        }
        kinds
    }

    /// A component's kind: its index in [`Self::piece_kinds`] (0 for an unknown component).
    pub fn piece_kind(&self, component: usize) -> usize {
        let Some(k) = self.inner.ir.components.get(component).filter(|_| component > 0) else {
            return 0;
        };
        self.piece_kinds().iter().position(|b| *b == k.base).unwrap_or(0)
    }

    pub fn name(&self) -> &str {
        &self.inner.name
    }

    pub fn num_players(&self) -> usize {
        self.inner.num_players as usize
    }

    /// The state after the start rules.
    pub fn initial_state(&self) -> State {
        self.cached_start().clone()
    }

    /// [`Game::initial_state`], built once.
    pub(super) fn cached_start(&self) -> &State {
        self.start.get_or_init(|| self.started(self.inner.initial_state()))
    }

    /// The start position, and each of the start rules' moves in order (a piece placed, a
    /// count, score or value set): Ludii's initial placements.
    pub fn initial_state_listing(&self) -> (State, Vec<super::StartMove>) {
        let (state, listing) = self.inner.start_listing();
        (self.started(state), listing)
    }

    /// The state after the start rules, their random choices (`place Random`, `sites
    /// Random`) drawn from `seed` ([`Game::initial_state`] draws from 0).
    pub fn initial_state_seeded(&self, seed: u64) -> State {
        self.started(self.inner.start_state(super::game::StartChance::seeded(seed)))
    }

    /// The state after the start rules, their random choices made to reproduce `text`, a
    /// canonical state text (the first state of a Ludii trace) where they can.
    pub fn initial_state_like(&self, text: &str) -> State {
        let shown = self.inner.pieces_shown(text);
        self.started(self.inner.start_state(super::game::StartChance::observing(&shown)))
    }

    /// Ludii's legal moves, in Ludii's order (duplicates kept; a forced pass when stuck).
    pub fn legal_moves(&self, state: &State) -> Vec<Move> {
        // (the playout form lists the positions it holds as the engine does, faster)
        if let Some(form) = self.form() {
            let mut out = super::pool::take_list();
            if form.list(&state.inner, &mut out) {
                return self.inner.listed(&state.inner, out);
            }
            super::pool::give_list(out);
        }
        match super::matches::MatchDef::next_instance(state) {
            None => self.rules(state).legal_moves(state),
            Some(next) => next.into_iter().collect(),
        }
    }

    /// The legal moves of `state` in compact form, in place of what `out` held, where the
    /// game's playout form lists them (the moves [`Game::legal_moves`] gives, in its order):
    /// false otherwise, and [`Game::legal_moves`] lists them. A key stands for the same move
    /// in every position ([`Game::key_move`], [`Game::apply_key`], [`Game::key_action_id`]),
    /// so listing copies no move.
    pub fn legal_keys(&self, state: &State, out: &mut Vec<MoveKey>) -> bool {
        out.clear();
        let s = &state.inner;
        // (what the engine's listing then does to the form's moves, a filter or the forced
        // pass, needs the moves: no keys there)
        if self.inner.ir.no_repeat.is_some() && !s.seen.is_empty() {
            return false;
        }
        self.form().is_some_and(|f| f.list(s, out))
    }

    /// The move a key of [`Game::legal_keys`] stands for (None: not one of this game's).
    pub fn key_move(&self, key: MoveKey) -> Option<&Move> {
        self.form()?.template(key)
    }

    /// Apply the move of a legal key ([`Game::legal_keys`]), as [`Game::apply`] does: false,
    /// and nothing applied, where the key stands for none of this game's moves.
    pub fn apply_key(&self, state: &mut State, key: MoveKey) -> bool {
        let Some(mv) = self.key_move(key) else {
            return false;
        };
        self.apply(state, mv);
        true
    }

    /// The action id of a key's move ([`Game::action_id_of`]).
    pub fn key_action_id(&self, key: MoveKey) -> usize {
        self.key_id_in(self.key_ids(), key)
    }

    /// Each key's action id ([`Game::key_action_id`]), in the keys' order, in place of what
    /// `ids` held (one call for a whole list, as [`Game::action_ids_into`]).
    pub fn key_action_ids_into(&self, keys: &[MoveKey], ids: &mut Vec<usize>) {
        ids.clear();
        let table = self.key_ids();
        ids.extend(keys.iter().map(|&k| self.key_id_in(table, k)));
    }

    /// A key's action id, read from `table` ([`Game::key_ids`]) where it is there.
    #[inline(always)]
    fn key_id_in(&self, table: &[u32], key: MoveKey) -> usize {
        match table.get(key.0 as usize) {
            Some(&id) if id != u32::MAX => id as usize,
            _ => self
                .key_move(key)
                .map_or(super::encode::OTHER_ACTION, |m| self.action_id_of(m)),
        }
    }

    /// The action id of every key that has a move (`u32::MAX` for the others), tabled when
    /// first asked.
    fn key_ids(&self) -> &[u32] {
        self.key_ids.get_or_init(|| {
            let Some(t) = self.form().and_then(|f| f.templates()) else {
                return Vec::new();
            };
            let mut ids = Vec::new();
            for (k, mv) in t.each() {
                ids.resize(ids.len().max(k as usize + 1), u32::MAX);
                ids[k as usize] = self.action_id_of(mv) as u32;
            }
            ids
        })
    }

    /// A legal move drawn uniformly at random (`None` once the game is over): the same
    /// distribution as drawing from [`Game::legal_moves`], sometimes cheaper to compute.
    pub fn random_move(&self, state: &State, rng: &mut dyn rand::RngCore) -> Option<Move> {
        match super::matches::MatchDef::next_instance(state) {
            None => self.rules(state).random_move(state, rng),
            Some(next) => next,
        }
    }

    /// Give back a list of moves this game made, once done with it: its memory holds the
    /// next list (optional; a loop asking for moves at every step saves an allocation).
    pub fn recycle(&self, moves: Vec<Move>) {
        super::pool::give_list(moves.into_iter().map(|m| m.inner).collect());
    }

    /// A whole random playout from the start by the game's playout form, where it has one
    /// (placement games and games of stepping pieces on bit words: `forms/placement.rs`,
    /// `forms/steps.rs`); None otherwise. The same result and length as playing it move
    /// by move with the same generator.
    pub fn fast_playout(
        &self,
        rng: &mut dyn rand::RngCore,
        max_decisions: usize,
    ) -> Option<super::outcome::PlayoutResult> {
        self.form().map(|f| f.playout(&self.inner, rng, max_decisions))
    }

    /// A random playout from `state` by the game's playout form, where it has one that holds
    /// the position (None otherwise: play it move by move, [`super::playout::playout_on`]):
    /// the same result and length as move by move with the same generator. What MCTS
    /// simulations take first.
    pub fn playout_from(
        &self,
        state: &State,
        rng: &mut dyn rand::RngCore,
        max_decisions: usize,
    ) -> Option<super::outcome::PlayoutResult> {
        self.form()?.playout_from(&self.inner, &state.inner, rng, max_decisions)
    }

    /// The game's playout form (built when first asked), unless the fast forms are off.
    pub(super) fn form(&self) -> Option<&super::forms::PlayoutForm> {
        let g = &self.inner;
        if !g.fast_forms {
            return None;
        }
        self.form
            .get_or_init(|| super::forms::PlayoutForm::build(g, self.has_chance()))
            .as_ref()
    }

    /// Apply a legal move: its actions, consequents, end rules and the turn change.
    pub fn apply(&self, state: &mut State, mv: &Move) {
        match &self.matched {
            Some(m) if mv.inner.actions.first() == Some(&super::Action::NextInstance) => m.advance(&self.inner, state),
            _ => self.rules(state).apply(state, mv),
        }
    }

    /// Whether the rules hide anything from a player (Ludii's hidden information: `(set
    /// Hidden ..)` and what reads it).
    pub fn has_hidden_info(&self) -> bool {
        self.inner.ir.hidden_info
    }

    /// `state` as `player` sees it: each piece with what is hidden from that player read as
    /// 0, a piece hidden as a whole as a piece of no component and no owner (component 0 in
    /// [`State::pieces`]). The state itself for a game without hidden information, or for
    /// no player (0: a spectator who sees everything). For looking at, not for playing on.
    pub fn view(&self, state: &State, player: usize) -> State {
        State {
            inner: self.rules(state).view(&state.inner, player.min(255) as u8),
            round: state.round.clone(),
        }
    }

    /// The text of `state` as `player` sees it ([`Game::view`]): Ludii's state text, with
    /// a piece hidden from the player written `?` (0: a spectator, the state text itself).
    pub fn view_text(&self, state: &State, player: usize) -> String {
        self.rules(state).view_text(&self.view(state, player).inner)
    }

    /// `state` as `player` sees it under the flags of `flags_of` (see [`Game::view`]): a
    /// position after a candidate move, as the position before it lets the player see it,
    /// so that describing a move does not tell what it would reveal.
    pub fn view_under(&self, state: &State, flags_of: &State, player: usize) -> State {
        State {
            inner: self
                .rules(state)
                .view_under(&state.inner, &flags_of.inner, player.min(255) as u8),
            round: state.round.clone(),
        }
    }

    /// A state that `player` cannot tell from `state` ([`Game::view`] shows both the same),
    /// the pieces hidden from them shuffled among the places that look alike to them: what
    /// a search deciding for `player` plays on. The state itself without hidden information.
    pub fn determinise(&self, state: &State, player: usize, rng: &mut dyn rand::RngCore) -> State {
        State {
            inner: self.rules(state).determinise(&state.inner, player.min(255) as u8, rng),
            round: state.round.clone(),
        }
    }

    /// Whether the piece at `level` of `site` is hidden from `player` as a whole, or in
    /// part (what, owner, ...): the kinds hidden, as bits in the order of
    /// [`crate::ir::HiddenKind::EVERY`] (0: nothing hidden).
    pub fn hidden_flags(&self, state: &State, site: usize, level: usize, player: usize) -> u8 {
        let level = if self.rules(state).ir.stacking { level as u32 } else { 0 };
        state.inner.hidden.get(site as u32, level, player.min(255) as u8)
    }

    /// Apply a legal move as [`Game::apply`] does, and list the actions it took: the move's
    /// own, then its consequents', in the order they ran (what Ludii's trial files record as
    /// a move's actions with consequences).
    pub fn apply_listing(&self, state: &mut State, mv: &Move) -> Vec<super::Action> {
        let mut log = Vec::new();
        match &self.matched {
            Some(m) if mv.inner.actions.first() == Some(&super::Action::NextInstance) => {
                m.advance(&self.inner, state);
                log.push(super::Action::NextInstance);
            }
            _ => self.rules(state).apply_logged(state, mv, Some(&mut log)),
        }
        log
    }

    /// The canonical state text of Ludii's traces (see `../shared/ludii/README.md`).
    pub fn state_text(&self, state: &State) -> String {
        self.rules(state).state_text(state)
    }

    /// The canonical diff text from `before` to `after`.
    pub fn diff_text(&self, before: &State, after: &State) -> String {
        self.rules(after).diff_text(before, after)
    }

    /// Number of sites of the board (the default site type), and each one's label.
    pub fn num_sites(&self) -> usize {
        self.inner.board.num_sites()
    }

    /// A site as actions name it, past every container's, as its own type's: a site of
    /// another site type than the board's (several in play at once), and its number there.
    pub fn typed_site(&self, site: u32) -> Option<(crate::board::SiteType, u32)> {
        match self.inner.local_site(site) {
            (0, _) => None,
            (k, s) => Some((self.inner.type_of_code(k), s)),
        }
    }

    /// The site the state keeps for site `site` of type `ty` as Ludii names it ([`Self::typed_site`]'s
    /// inverse; the board's own type and the hands' sites as they are). None: no such site.
    pub fn site_of_type(&self, ty: crate::board::SiteType, site: u32) -> Option<usize> {
        let ty = (ty != self.inner.board.site_type()).then_some(ty);
        usize::try_from(self.inner.global_site(ty, site as i32)).ok()
    }

    /// Number of sites of every container: the board's, then the hands'.
    pub fn total_sites(&self) -> usize {
        self.inner.total_sites
    }

    pub fn site_label(&self, site: usize) -> &str {
        self.inner.board.label(site as u32)
    }

    /// The board geometry.
    pub fn board(&self) -> &crate::board::Board {
        &self.inner.board
    }

    /// Whether the game keeps scores.
    pub fn has_scores(&self) -> bool {
        self.inner.ir.scores
    }

    /// Whether the game has dice (chance: see [`State::set_chance`]).
    pub fn has_dice(&self) -> bool {
        !self.inner.ir.dice.is_empty()
    }

    /// Whether chance plays a part: dice, or start rules placing at random.
    pub fn has_chance(&self) -> bool {
        self.has_dice()
            || self.inner.ir.start.iter().any(|r| {
                use crate::ir::{RegionFn, StartRule};
                match r {
                    StartRule::PlaceRandom { .. }
                    | StartRule::PlaceRandomStack { .. }
                    | StartRule::DealDominoes { .. } => true,
                    StartRule::Place { region: Some(r), .. } => matches!(r.uncached(), RegionFn::Random(..)),
                    _ => false,
                }
            })
    }

    /// Whether some die's site appears in one of Ludii's successor diffs (the roll shows).
    pub fn roll_shown(&self, successors: &[String]) -> bool {
        self.inner.die_sites().any(|site| {
            let key = format!("{site}=");
            successors.iter().any(|d| {
                d.split('|')
                    .next()
                    .unwrap_or("")
                    .split(' ')
                    .any(|e| e.starts_with(&key))
            })
        })
    }

    /// Give the next roll of the dice the faces Ludii's successors of a position show (a
    /// replay of its trace: every successor carries the roll).
    pub fn set_next_roll_from(&self, state: &mut State, successors: &[String]) {
        if self.has_dice() {
            let roll = self.rules(state).observed_roll(&state.inner, successors);
            state.inner.next_roll = roll.into_iter().collect();
        }
    }

    /// Whether the rules draw at random (`(value Random ..)`, `(sites Random ..)`).
    pub fn draws_random(&self) -> bool {
        self.inner.ir.draws_random
    }

    /// Where the rules draw at random (`(value Random ..)`, `(sites Random ..)`), copies of
    /// `state` whose chance draws otherwise ([`MAX_OTHER_DRAWS`] of them; none in a game
    /// with dice, whose rolls the chance gives too, nor where nothing is drawn): what a
    /// replay tries when Ludii's successors are those of other draws.
    pub fn other_draws(&self, state: &State) -> Vec<State> {
        if !self.inner.ir.draws_random || self.has_dice() {
            return Vec::new();
        }
        (0..MAX_OTHER_DRAWS)
            .map(|i| {
                let mut s = state.clone();
                s.inner.chance = super::state::chance_draw(state.inner.chance, i + 1);
                s
            })
            .collect()
    }

    /// The other rolls the dice could give next, as copies of `state` each set to roll one
    /// of them (every combination of faces but the one set; none when there are more than
    /// [`MAX_OTHER_ROLLS`] or no dice): what a replay tries when Ludii's successors do not
    /// show the roll (a replayed double shows its faces again over the new roll).
    pub fn other_rolls(&self, state: &State) -> Vec<State> {
        let faces: Vec<usize> = (0..self.inner.num_dice()).map(|j| self.inner.num_faces(j)).collect();
        let total = faces.iter().try_fold(1usize, |n, &k| n.checked_mul(k.max(1)));
        if faces.is_empty() || total.is_none_or(|n| n > MAX_OTHER_ROLLS) {
            return Vec::new();
        }
        let mut out = Vec::new();
        let mut roll = vec![0u8; faces.len()];
        loop {
            if roll[..] != state.inner.next_roll[..] {
                let mut s = state.clone();
                s.inner.next_roll = roll.iter().copied().collect();
                out.push(s);
            }
            // the next combination, the last die fastest
            let Some(j) = (0..roll.len()).rev().find(|&j| (roll[j] as usize) + 1 < faces[j]) else {
                return out;
            };
            roll[j] += 1;
            roll[j + 1..].iter_mut().for_each(|x| *x = 0);
        }
    }

    /// Whether pieces stack.
    pub fn is_stacking(&self) -> bool {
        self.inner.ir.stacking
    }

    /// Whether sites hold counts of one kind of piece nobody owns (seeds of a sowing
    /// game): a site is then best shown by its count.
    pub fn counts_seeds(&self) -> bool {
        let ir = &self.inner.ir;
        ir.requires_count
            && !ir.stacking
            && ir.components.len() == 2
            && !(1..=ir.players).contains(&ir.components[1].owner)
    }

    /// The containers after the board (hands): name, first site, number of sites.
    pub fn containers(&self) -> Vec<(&str, usize, usize)> {
        let g = &self.inner;
        g.ir.containers
            .iter()
            .zip(&g.container_from)
            .map(|(k, &from)| (k.name.as_str(), from as usize, k.sites as usize))
            .collect()
    }

    /// A short text naming a move (for lists and records).
    pub fn move_text(&self, mv: &Move) -> String {
        self.inner.move_text(mv)
    }
}

impl State {
    /// Whether the state's derived tables (which sites each owner holds, the position's hash
    /// where it is kept) agree with its sites: an invariant every change keeps (tests check
    /// it).
    pub fn is_consistent(&self) -> bool {
        let s = &self.inner;
        s.owned_consistent() && (s.hash == 0 || s.hash == s.position_hash())
    }

    pub fn is_over(&self) -> bool {
        match &self.round {
            None => self.inner.over,
            Some(r) => r.context.over,
        }
    }

    /// Seed what chance gives this game from here on (the rolls of dice; each move moves
    /// the seed on, so a state always gives the same moves). A new game starts from seed 0:
    /// playouts seed each game from their own generator.
    pub fn set_chance(&mut self, seed: u64) {
        self.inner.chance = seed;
    }

    /// Ludii's ranking (index 0 unused; 1.0 is the winner) once the game is over.
    pub fn ranking(&self) -> &[f64] {
        match &self.round {
            None => &self.inner.ranking,
            Some(r) => &r.context.ranking,
        }
    }

    /// In a match, the match scores by player (index 0 unused; `(matchScore p)`), and the
    /// index of the subgame played; None in a game.
    pub fn match_round(&self) -> Option<(&[i32], usize)> {
        self.round.as_deref().map(|r| (&r.context.scores[..], r.subgame))
    }

    /// The player to move (once over: the player who made the last move).
    pub fn mover(&self) -> usize {
        self.inner.mover as usize
    }

    /// The seat (agent) playing `player`: the player's own number until the players swap
    /// (the meta rule `(swap)`, `(move Swap Players ..)`).
    pub fn agent(&self, player: usize) -> usize {
        self.inner.agent_of(player as u8) as usize
    }

    /// Decisions taken since the start (in a match, since the match's start: every
    /// subgame's and each move to the next subgame).
    pub fn num_decisions(&self) -> usize {
        let before = self.round.as_deref().map_or(0, |r| r.decisions);
        (self.inner.num_decisions + before) as usize
    }

    /// Decisions taken in the game being played: in a match, since its subgame started
    /// (what a move number shows); else [`Self::num_decisions`].
    pub fn num_decisions_in_game(&self) -> usize {
        self.inner.num_decisions as usize
    }
}

/// What a site holds, as a viewer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SiteView {
    /// Number of pieces stacked there (0: empty).
    pub height: usize,
    /// Owner of the top piece (0: neutral).
    pub top_owner: usize,
    /// The top piece's count (flat games with counts).
    pub top_count: u32,
    /// The top piece's component (see [`Game::piece_kind`]).
    pub top_component: usize,
}

/// One piece at a site, as a viewer sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct PieceView {
    /// 0: neutral.
    pub owner: usize,
    /// See [`Game::piece_kind`].
    pub component: usize,
    pub count: u32,
    /// The piece's local state and value (0 when unused).
    pub state: i32,
    pub value: i32,
}

impl State {
    /// The occupied sites of another type than the board's that a start position puts
    /// pieces on ([`crate::ir::StartRule::PlaceOn`]), each with its type, number,
    /// coordinates (in the board's frame) and what it holds.
    pub fn typed_sites(&self, game: &Game) -> Vec<(crate::board::SiteType, u32, (f64, f64), SiteView)> {
        let mut out = Vec::new();
        for (t, sites) in &self.inner.typed {
            let Some(b) = game.inner.typed_boards.iter().find(|b| b.site_type() == *t) else {
                continue;
            };
            for (i, st) in sites.iter().enumerate() {
                if let Some(p) = st.last() {
                    let view = SiteView {
                        height: st.len(),
                        top_owner: p.who as usize,
                        top_count: p.count,
                        top_component: p.what as usize,
                    };
                    out.push((*t, i as u32, b.xy(i as u32), view));
                }
            }
        }
        out
    }

    /// What a site holds.
    pub fn site(&self, site: usize) -> SiteView {
        let Some(st) = self.inner.stack(site) else {
            return SiteView::default();
        };
        match st.last() {
            None => SiteView::default(),
            Some(p) => SiteView {
                height: st.len(),
                top_owner: p.who as usize,
                top_count: p.count,
                top_component: p.what as usize,
            },
        }
    }

    /// Every piece at a site (of the board or a hand), bottom first.
    pub fn pieces(&self, site: usize) -> Vec<PieceView> {
        self.inner
            .stack(site)
            .map(|st| {
                st.iter()
                    .map(|p| PieceView {
                        owner: p.who as usize,
                        component: p.what as usize,
                        count: p.count,
                        state: p.state,
                        value: p.value,
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Scores by player (index 0 unused).
    pub fn scores(&self) -> &[i32] {
        &self.inner.scores
    }

    /// The last decision's `(from, to)` sites (-1 when none), if a player has moved.
    pub fn last_move(&self) -> Option<(i32, i32)> {
        self.inner
            .history
            .last()
            .filter(|r| r.mover != 0 && !r.pass)
            .map(|r| (r.from, r.to))
    }
}

impl Move {
    pub fn from_site(&self) -> i32 {
        self.inner.from
    }

    pub fn to_site(&self) -> i32 {
        self.inner.to
    }

    pub fn is_pass(&self) -> bool {
        self.inner.is_pass()
    }

    /// The player making the move.
    pub fn mover(&self) -> usize {
        self.inner.mover as usize
    }

    /// The move's own actions (its consequents' come when it is applied,
    /// [`Game::apply_listing`]).
    pub fn actions(&self) -> &[super::Action] {
        &self.inner.actions
    }

    /// The pass the engine adds when the rules give the mover no move at all.
    pub fn is_forced(&self) -> bool {
        self.inner.forced
    }

    /// A joint move's parts (`(mode Simultaneous)`): each player's move, as its player and
    /// actions, in player order (none in a move of one player).
    pub fn parts(&self) -> impl Iterator<Item = (usize, &[super::Action])> {
        self.inner.parts().map(|(p, _, acts)| (p as usize, acts))
    }
}
