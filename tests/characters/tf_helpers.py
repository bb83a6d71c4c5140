"""Helpers for the Townsfolk tests: walk a night answering choices by ability."""
from engine_helpers import choose, run
from engine_helpers import walk as walk_with
from statemachine.waits import ChooseCharacter, ChooseSeats


def walk(g, until=None, **picks):
    """Say next (or give ``picks[ability]``, once, to a choice) until the night reaches a
    step of ``until`` that waits, or the night ends. Returns everything said."""

    def step(g):
        w, ab = g.wait, g.current.ability if g.current else None
        if isinstance(w, ChooseSeats) and ab not in picks:
            if w.optional:
                return run(g, "nobody")
            raise AssertionError(f"{ab} needs a choice: {w.prompt}")
        if isinstance(w, ChooseSeats):
            return run(g, choose(*picks.pop(ab)))
        if isinstance(w, ChooseCharacter) and ab in picks:
            return run(g, ("character", {"character": picks.pop(ab)}))
        return run(g, "next")

    return walk_with(g, step, until, limit=80)
