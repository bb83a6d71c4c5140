"""Steps shared by the Seed Almanac character tests (Sweetheart, Barber, Mezepheles, Xaan,
Wraith, Boffin, Al-Hadikhia, Matron, Apprentice, Voudon, Spirit of Ivory): a night walked
with the first legal answer to every choice."""
from __future__ import annotations

import itertools

from engine_helpers import (end_day, execute, new_game, nominate, private,  # noqa: F401
                            public, run, vote, votes, walk)
from statemachine.errors import Rejected
from statemachine.waits import ChooseCharacter, ChooseSeats, YesNo

ALMANAC = "Seed Almanac"


def almanac(characters, travellers=0, seed=1, start=True):
    return new_game(characters, script=ALMANAC, seed=seed, travellers=travellers, start=start)


def step(game, picks=None):
    """Answer the current night wait: picks[ability] (seats, [] for nobody, a character id
    or True/False) if given, otherwise the first legal default."""
    picks = picks or {}
    w, ability = game.wait, game.current.ability if game.current else ""
    if ability in picks:
        value = picks[ability]
        if isinstance(w, ChooseSeats):
            return run(game, ("nobody", {}) if value == [] else ("choose", {"seats": list(value)}))
        if isinstance(w, ChooseCharacter):
            return run(game, ("character", {"character": value}))
        if isinstance(value, bool):
            return run(game, "yes" if value else "no")
    if isinstance(w, YesNo):
        return run(game, "yes")
    if isinstance(w, ChooseSeats):
        if w.optional:
            return run(game, "nobody")
        for seats in itertools.permutations(range(1, len(game.grim.players) + 1), w.count):
            try:
                return run(game, ("choose", {"seats": list(seats)}))
            except Rejected:
                continue
    return run(game, "next")


def walk_night(game, picks=None, until=None):
    """Answer every wait until the day starts (or until ``until`` is waiting)."""
    return walk(game, lambda g: step(g, picks), until)
