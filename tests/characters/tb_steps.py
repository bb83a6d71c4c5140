"""Small steps for the Trouble Brewing character tests: walk a night answering each
choice from a table, and the day's commands as (intent, slots) pairs."""
from __future__ import annotations

from engine_helpers import choose, run, text
from statemachine.waits import ChooseSeats, YesNo


def walk_night(game, picks=None, yes=(), until=None):
    """Answer every wait until the day starts. ``picks`` maps an ability id to its choice:
    a seat (the same every time it is asked), or a list of answers used in turn, each a seat
    or a tuple of seats. YesNo waits answer yes for the abilities in ``yes``; everything
    else is 'next'. With ``until``, stops when that ability's step waits. Returns
    everything said."""
    picks = dict(picks or {})
    said = []
    for _ in range(100):
        if not game.phase.at_night or game.winner:
            return said
        w, ability = game.wait, game.current.ability
        if ability == until and w is not None:
            return said
        if isinstance(w, ChooseSeats):
            pick = picks[ability]
            if isinstance(pick, list):
                pick = pick.pop(0)
            seats = [pick] if isinstance(pick, int) else list(pick)
            said += run(game, choose(*seats))
        elif isinstance(w, YesNo):
            said += run(game, "yes" if ability in yes else "no")
        else:
            said += run(game, "next")
    raise AssertionError("the night never ended")


def nominate(a, b):
    return ("nominate", {"nominator": a, "nominee": b})


def vote(*seats):
    return ("vote", {"seats": list(seats)})


def votes(n):
    return ("votes", {"count": n})


def execute(seat):
    return ("execute", {"seat": seat})


def public(said):
    return text(said, "public")


def private(said):
    return text(said, "private")
