"""Ludii's games as an OpenSpiel game, ``python_ludeme``, registered with ``pyspiel``.

Importing this module registers the game, the way OpenSpiel's own Python games do
(``open_spiel/python/games/tic_tac_toe.py``)::

    import pyspiel
    import ludeme.openspiel

    game = ludeme.openspiel.load("Hex.lud", options=["Board Size/7x7"])
    # the same as
    game = pyspiel.load_game("python_ludeme", {"path": "/abs/Hex.lud", "options": "Board Size/7x7"})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)

The parameters of ``python_ludeme``:

``path``
    a ``.lud`` file's path, or the text of a description;
``options``
    Ludii's option items (``"Board Size/19x19"``), separated by ``;`` (may be empty);
``ruleset``
    a ruleset's name (empty: the default rules);
``max_game_length``
    the most decisions a game runs before it is cut short (a draw: every return 0);
``seed``
    seeds the random choices of the start rules (random start placements).

Each loaded game is sequential and general-sum, with terminal rewards
in [-1, 1] (from Ludii's ranking). Its chance mode is explicit-stochastic when it rolls dice
(a roll is a chance node, its outcomes equally likely) and deterministic otherwise. Action
ids are the engine's (see ``ludeme.ACTIONS``). The observation tensor has the game's
``observation_shape()``, ``(planes, sites)``; the observation string is Ludii's state text;
the information-state string is the history of actions. A game whose rules hide something
(``set Hidden``) is imperfect-information: each player's observation is what they see (a
piece hidden from them is unknown), and their information state adds what they saw each
time it changed. Others are perfect-information (every player sees the whole position).
States pickle and serialize (as the actions that reach them); a game loaded
from a file does too, but one loaded from a description's text may not reload from its
string (OpenSpiel's ``name(key=value,...)`` syntax has no quoting).
"""

import functools
import os

import numpy as np

import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

import ludeme

_SHORT_NAME = "python_ludeme"
_DEFAULT_MAX_GAME_LENGTH = 10000

_PARAMETERS = {
    "path": "",
    "options": "",
    "ruleset": "",
    "max_game_length": _DEFAULT_MAX_GAME_LENGTH,
    "seed": 0,
}


def _game_type(chance_mode, min_num_players, max_num_players, long_name, hidden=False):
    information = (
        pyspiel.GameType.Information.IMPERFECT_INFORMATION if hidden else pyspiel.GameType.Information.PERFECT_INFORMATION
    )
    return pyspiel.GameType(
        short_name=_SHORT_NAME,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=chance_mode,
        information=information,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max_num_players,
        min_num_players=min_num_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_PARAMETERS,
        # A game needs its `path`: the registered entry does not load bare.
        default_loadable=False,
    )


# The registered type covers every game (Ludii has 1 to 16 players, dice or none); each
# loaded game has its own, made from its description.
_GAME_TYPE = _game_type(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC, 1, 16, "Python Ludii game (ludeme)")


def _is_text(path):
    """Whether `path` is a description's text (as `ludeme.load_game` tells)."""
    return "(game" in path or "(match" in path


def _split_options(options):
    """`"a/b; c/d"` -> `["a/b", "c/d"]`."""
    return [o.strip() for o in options.split(";") if o.strip()]


def _load_key(params):
    """What a loaded `ludeme.Game` is made from: (path or text, the file's modification time,
    options, ruleset, max_game_length)."""
    path = str(params["path"])
    try:
        mtime = None if _is_text(path) else os.stat(path).st_mtime_ns
    except OSError:
        mtime = None
    options = tuple(_split_options(str(params["options"])))
    return (path, mtime, options, str(params["ruleset"]) or None, int(params["max_game_length"]))


@functools.lru_cache(maxsize=32)
def _load_ludeme(key):
    """The `ludeme.Game` of a `_load_key`, loaded once (a game is immutable)."""
    path, _, options, ruleset, max_game_length = key
    return ludeme.load_game(path, options=list(options), ruleset=ruleset, max_game_length=max_game_length)


class LudemeGame(pyspiel.Game):
    """A Ludii game, run by the ludeme engine, as an OpenSpiel game."""

    def __init__(self, params=None):
        params = dict(params or {})
        unknown = set(params) - set(_PARAMETERS)
        if unknown:
            raise ValueError(f"{_SHORT_NAME}: unknown parameters {sorted(unknown)}")
        p = {**_PARAMETERS, **params}
        if not p["path"]:
            raise ValueError(f"{_SHORT_NAME}: the parameter `path` (a .lud file or its text) is required")
        self._seed = int(p["seed"])
        self._key = _load_key(p)
        self._game = g = _load_ludeme(self._key)
        chance_mode = (
            pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
            if g.has_chance_nodes()
            else pyspiel.GameType.ChanceMode.DETERMINISTIC
        )
        n = g.num_players()
        game_type = _game_type(chance_mode, n, n, f"Python Ludii {g.name()}", g.has_hidden_information())
        game_info = pyspiel.GameInfo(
            num_distinct_actions=g.num_distinct_actions(),
            max_chance_outcomes=g.max_chance_outcomes(),
            num_players=n,
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=g.max_game_length(),
        )
        super().__init__(game_type, game_info, params)

    @property
    def ludeme_game(self):
        """The underlying `ludeme.Game`."""
        return self._game

    def new_initial_state(self):
        """Returns a state corresponding to the start of a game."""
        return LudemeState(self, self._game.new_initial_state(seed=self._seed))

    def make_py_observer(self, iig_obs_type=None, params=None):
        """Returns an object used for observing game state."""
        if (iig_obs_type is None) or not iig_obs_type.perfect_recall:
            return LudemeObserver(self._game.observation_shape(), params)
        if self._game.has_hidden_information():
            return LudemeInformationStateObserver(params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class LudemeState(pyspiel.State):
    """A `ludeme.State` as an OpenSpiel state."""

    def __init__(self, game, state):
        """Constructor; should only be called by LudemeGame.new_initial_state. OpenSpiel
        copies (`clone()`) and pickles (`serialize_game_and_state`) a Python state's
        `__dict__`: a `ludeme.State` deep-copies, and pickles as its game and actions."""
        super().__init__(game)
        self._state = state
        # Where the rules hide something: what each player has seen so far, as (number of
        # actions, observation string) each time their observation changed (tuples: a
        # clone shares them safely).
        n = game.num_players()
        self._seen = (
            tuple(((0, state.observation_string(p)),) for p in range(n))
            if game.ludeme_game.has_hidden_information()
            else None
        )

    @property
    def ludeme_state(self):
        """The underlying `ludeme.State`, to read (apply actions to this state, not to it)."""
        return self._state

    # OpenSpiel (PySpiel) API functions are below. This is the standard set that
    # should be implemented by every sequential-move game with chance.

    def current_player(self):
        """Returns id of the next player to move, CHANCE at a roll, or TERMINAL if game is over."""
        player = self._state.current_player()
        if player == ludeme.TERMINAL_PLAYER_ID:
            return pyspiel.PlayerId.TERMINAL
        if player == ludeme.CHANCE_PLAYER_ID:
            return pyspiel.PlayerId.CHANCE
        return int(player)

    def _legal_actions(self, player):
        """Returns a list of legal actions, sorted in ascending order."""
        return self._state.legal_actions(int(player))

    def chance_outcomes(self):
        """Returns the possible chance outcomes and their probabilities."""
        assert self.is_chance_node()
        return self._state.chance_outcomes()

    def _apply_action(self, action):
        """Applies the specified action (a decision or a chance outcome) to the state."""
        self._state.apply_action(int(action))
        if self._seen is not None:
            k = len(self._state.history())
            seen = []
            for p, views in enumerate(self._seen):
                view = self._state.observation_string(p)
                seen.append(views if views[-1][1] == view else views + ((k, view),))
            self._seen = tuple(seen)

    def information_state_of(self, player):
        """`player`'s information state: the actions so far (every move is seen by all),
        then each observation they had when it changed (where the rules hide something;
        else the actions alone)."""
        actions = ",".join(str(a) for a in self._state.history())
        if self._seen is None:
            return actions
        return actions + "|" + "|".join(f"{k}:{v}" for k, v in self._seen[int(player)])

    def _action_to_string(self, player, action):
        """Action -> string."""
        return self._state.action_to_string(int(player), int(action))

    def is_terminal(self):
        """Returns True if the game is over (or cut short at max_game_length)."""
        return self._state.is_terminal()

    def returns(self):
        """Total reward for each player over the course of the game so far."""
        return self._state.returns()

    def __str__(self):
        """String for debug purposes: Ludii's state text."""
        return str(self._state)


class LudemeObserver:
    """Observer, conforming to the PyObserver interface (see observation.py)."""

    def __init__(self, shape, params):
        """Initializes an empty observation tensor of `shape`, `(planes, sites)`."""
        if params:
            raise ValueError(f"Observation parameters not supported; passed {params}")
        shape = tuple(int(d) for d in shape)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": np.reshape(self.tensor, shape)}

    def set_from(self, state, player):
        """Updates `tensor` and `dict` to reflect `state` from PoV of `player`."""
        self.tensor[:] = state.ludeme_state.observation_tensor(int(player))

    def string_from(self, state, player):
        """Observation of `state` from the PoV of `player`, as a string."""
        return state.ludeme_state.observation_string(int(player))


class LudemeInformationStateObserver:
    """An information-state observer (perfect recall) of a game with hidden information:
    its string is `LudemeState.information_state_of`; it has no tensor."""

    def __init__(self, params):
        if params:
            raise ValueError(f"Observation parameters not supported; passed {params}")
        self.tensor = np.zeros(0, np.float32)
        self.dict = {}

    def set_from(self, state, player):
        """Nothing to set: the information state is given as a string only."""

    def string_from(self, state, player):
        """`player`'s information state in `state`."""
        return state.information_state_of(player)


def load(path, options=(), ruleset=None, max_game_length=_DEFAULT_MAX_GAME_LENGTH, seed=0):
    """``pyspiel.load_game("python_ludeme", {...})``: a Ludii game as an OpenSpiel game.

    ``path`` is a ``.lud`` file's path (made absolute, so that the game's string reloads it
    from anywhere) or a description's text; ``options`` Ludii's option items (a list, or one
    string of items separated by ``;``); ``ruleset`` a ruleset's name (None: the default
    rules); ``max_game_length`` the most decisions before a game is cut short (a draw);
    ``seed`` seeds the random choices of the start rules.
    """
    path = os.fspath(path)
    if not _is_text(path) and os.path.exists(path):
        path = os.path.abspath(path)
    if not isinstance(options, str):
        options = ";".join(options)
    return pyspiel.load_game(
        _SHORT_NAME,
        {
            "path": path,
            "options": options,
            "ruleset": ruleset or "",
            "max_game_length": int(max_game_length),
            "seed": int(seed),
        },
    )


# Register the game with the OpenSpiel library

pyspiel.register_game(_GAME_TYPE, LudemeGame)
