"""Shared paths: Ludii's descriptions beside the repository (`../shared/ludii/lud`), and
the repository's own games (`games/`)."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LUD = ROOT.parent / "shared" / "ludii" / "lud"
GAMES = ROOT / "games"

NAMED = {
    "Tic-Tac-Toe": "board/space/line/Tic-Tac-Toe.lud",
    "Chess": "board/war/replacement/checkmate/chess/Chess.lud",
    "Hex": "board/space/connection/Hex.lud",
    "Kalah": "board/sow/two_rows/Kalah.lud",
    "Backgammon": "board/race/escape/Backgammon.lud",
    "Reversi": "board/space/territory/Reversi.lud",
    # hidden information: pieces face down (Banqi), the opponent's pieces unseen (Sneakthrough)
    "Banqi": "board/space/blocking/Banqi.lud",
    "Sneakthrough": "board/race/reach/Sneakthrough.lud",
}


def lud(name):
    """The path of a named game: one of `NAMED`, or a file of `games/`."""
    if name in NAMED:
        path = LUD / NAMED[name]
    else:
        path = GAMES / name
    if not path.exists():
        pytest.skip(f"{path} is not here")
    return str(path)


@pytest.fixture(scope="session")
def corpus_seed():
    """The seed that draws the random corpus games (printed; `LUDEME_TEST_SEED` sets it)."""
    import os
    import random

    seed = int(os.environ.get("LUDEME_TEST_SEED", random.SystemRandom().randrange(1 << 30)))
    print(f"corpus games drawn with LUDEME_TEST_SEED={seed}")
    return seed
