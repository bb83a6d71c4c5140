"""Small steps for the Trouble Brewing character tests: walk a night answering each
choice from a table; the day's commands come from engine_helpers."""
from __future__ import annotations

from engine_helpers import (choose, execute, nominate, private, public, run,  # noqa: F401
                            vote, votes, walk)
from statemachine.waits import ChooseSeats, YesNo


def walk_night(game, picks=None, yes=(), until=None):
    """Answer every wait until the day starts. ``picks`` maps an ability id to its choice:
    a seat (the same every time it is asked), or a list of answers used in turn, each a seat
    or a tuple of seats. YesNo waits answer yes for the abilities in ``yes``; everything
    else is 'next'. With ``until``, stops when that ability's step waits. Returns
    everything said."""
    picks = dict(picks or {})

    def step(g):
        w, ability = g.wait, g.current.ability
        if isinstance(w, ChooseSeats):
            pick = picks[ability]
            if isinstance(pick, list):
                pick = pick.pop(0)
            return run(g, choose(*([pick] if isinstance(pick, int) else pick)))
        if isinstance(w, YesNo):
            return run(g, "yes" if ability in yes else "no")
        return run(g, "next")

    return walk(game, step, until, limit=100)
