"""Steps shared by the Sects & Violets Townsfolk tests (Clockmaker to Sage): a game on the
bundled script, a night walked with chosen answers (Storyteller-run steps end at next), and
the waits read."""
from __future__ import annotations

import itertools

from engine_helpers import new_game, run
from statemachine.errors import Rejected
from statemachine.model import Effect
from statemachine.waits import ChooseSeats, Info, StorytellerStep, YesNo

SNV = "Sects & Violets"


def snv(characters, travellers=0, seed=1):
    return new_game(characters, script=SNV, seed=seed, travellers=travellers)


def step(game, picks):
    """Answer one wait: picks[ability] (seats, [] for nobody) for a choice; a Storyteller
    step ends at next; any other choice gets the first legal seats counting down from the last (a
    Demon's kill falls on the last seat); Info and the rest next."""
    w, ability = game.wait, game.current.ability if game.current else ""
    if isinstance(w, StorytellerStep):
        return run(game, "next")
    if isinstance(w, ChooseSeats):
        if ability in picks:
            value = picks[ability]
            value = [value] if isinstance(value, int) else list(value)
            return run(game, ("nobody", {}) if not value else ("choose", {"seats": value}))
        if w.optional:
            return run(game, "nobody")
        for seats in itertools.permutations(range(len(game.grim.players), 0, -1), w.count):
            try:
                return run(game, ("choose", {"seats": list(seats)}))
            except Rejected:
                continue
    if isinstance(w, YesNo):
        return run(game, "no")
    return run(game, "next")


def until(game, ability, picks=None, limit=80):
    """Walk the night until ``ability``'s step waits; what was said."""
    said = []
    for _ in range(limit):
        if not game.phase.at_night or game.winner:
            raise AssertionError(f"{ability} never woke")
        if game.current and game.current.ability == ability and game.wait is not None:
            return said
        said += step(game, picks or {})
    raise AssertionError("the night never ended")


def to_day(game, picks=None, limit=80):
    """Walk the night to the day; returns every ability that woke."""
    woke = []
    for _ in range(limit):
        if not game.phase.at_night or game.winner:
            return woke
        if game.current and game.current.seat:
            woke.append(game.current.ability)
        step(game, picks or {})
    raise AssertionError("the night never ended")


def info(game) -> Info:
    assert isinstance(game.wait, Info), game.wait
    return game.wait


def poison(game, seat):
    game.grim.seat(seat).add_effect(Effect("poisoned", until="dusk:9"))


def drunk(game, seat):
    game.grim.seat(seat).add_effect(Effect("drunk", until="dusk:9"))
