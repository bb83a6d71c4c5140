"""Steps shared by the Bad Moon Rising Townsfolk tests: a game on the Bad Moon Rising
script (the Imp stands in for its Demon where the test needs an automated one), nights
walked with given choices, the day's commands."""
from __future__ import annotations

from engine_helpers import (choose, end_day, execute, new_game, nominate, private,  # noqa: F401
                            public, run, text, vote, votes)
from tf_helpers import walk  # noqa: F401

BMR = "Bad Moon Rising"


def bmr(characters: str, seed: int = 1, start: bool = True):
    return new_game(characters, script=BMR, seed=seed, start=start)


def to_night(game, n: int, **picks):
    """Walk nights (``picks`` for the first one that asks) and end days until night ``n``
    has begun."""
    said = []
    while not (game.phase.at_night and game.grim.night == n):
        if game.phase.at_night:
            said += walk(game, **picks)
        else:
            said += run(game, "end_day")
    return said
