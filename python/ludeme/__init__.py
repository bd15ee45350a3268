"""ludeme: Ludii's board games, run natively, from Python.

The names follow OpenSpiel's ``pyspiel``::

    import ludeme
    game = ludeme.load_game("Tic-Tac-Toe.lud")
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    print(state.returns())

Players are numbered from 0. ``state.current_player()`` is ``CHANCE_PLAYER_ID`` (-1) at a
roll of the dice and ``TERMINAL_PLAYER_ID`` (-4) once the game is over. Action ids are fixed
per game and dense (``0 .. game.num_distinct_actions()``): see ``ACTIONS`` below.

Adapters: ``ludeme.pettingzoo`` (a PettingZoo AEC environment), ``ludeme.openspiel`` (a game
registered with ``pyspiel``), ``ludeme.ray`` (playouts, self-play and tournaments spread
over a Ray cluster).
"""

from ._ludeme import (
    CHANCE_PLAYER_ID,
    INVALID_PLAYER_ID,
    OTHER_ACTION,
    PASS_ACTION,
    SIMULTANEOUS_PLAYER_ID,
    SWAP_ACTION,
    TERMINAL_PLAYER_ID,
    Game,
    Move,
    State,
    VectorEnv,
    mcts,
    playout_results,
    playouts,
)

load_game = Game
"""``load_game(path_or_text, options=None, ruleset=None, max_game_length=None)``: load a
description (a ``.lud`` file's path or its text) with Ludii's option items and ruleset."""

ACTIONS = """\
Action ids, with N = game.observation_shape()[1] (board sites, then hand sites, then the
sites of any other site type the rules play on, such as Quoridor's edges; game.total_sites()
in most games) and C the number of the game's components plus one:
  0                                 a pass
  1                                 a swap of players
  2                                 any other move with no site
  3 + what * N + to                 a move at one site `to` (a placement, a promotion),
                                    `what` the component it adds or promotes to (0: none)
  3 + C * N + from * N + to         a move from one site to another (only in games whose
                                    rules can move between sites: a game that only places
                                    has 3 + C * N ids)
An id means the same move shape in every state. Two legal moves of one state may share an
id (two paths of one capture, a level of a stack): the id stands for the first in Ludii's
order; state.legal_moves() lists them all and state.apply_move(m) applies any one.
"""

__all__ = [
    "ACTIONS",
    "CHANCE_PLAYER_ID",
    "INVALID_PLAYER_ID",
    "OTHER_ACTION",
    "PASS_ACTION",
    "SIMULTANEOUS_PLAYER_ID",
    "SWAP_ACTION",
    "TERMINAL_PLAYER_ID",
    "Game",
    "Move",
    "State",
    "VectorEnv",
    "load_game",
    "mcts",
    "playout_results",
    "playouts",
]
