"""Helpers for the Townsfolk tests: walk a night answering choices by ability."""
from engine_helpers import choose, run
from statemachine.waits import ChooseCharacter, ChooseSeats


def walk(g, until=None, **picks):
    """Say next (or give ``picks[ability]`` to a choice) until the night reaches a step of
    ``until`` that waits, or the night ends. Returns everything said."""
    said = []
    for _ in range(80):
        if not g.phase.at_night or g.winner:
            return said
        ab = g.current.ability if g.current else None
        if until and ab == until and g.wait is not None:
            return said
        w = g.wait
        if isinstance(w, ChooseSeats) and ab not in picks:
            if w.optional:
                said += run(g, "nobody")
                continue
            raise AssertionError(f"{ab} needs a choice: {w.prompt}")
        if isinstance(w, ChooseSeats):
            said += run(g, choose(*picks.pop(ab)))
        elif isinstance(w, ChooseCharacter) and ab in picks:
            said += run(g, ("character", {"character": picks.pop(ab)}))
        else:
            said += run(g, "next")
    raise AssertionError("the night never ended")
