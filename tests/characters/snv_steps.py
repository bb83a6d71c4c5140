"""Steps shared by the Sects & Violets Minion, Outsider and Traveller tests (Witch,
Cerenovus, Mutant, Pit-Hag, Evil Twin, Klutz, Bone Collector): a game on the script, and a
night walked with the first legal answer to every choice (almanac_steps.step)."""
from __future__ import annotations

from almanac_steps import step as almanac_step
from engine_helpers import (end_day, execute, new_game, nominate, private,  # noqa: F401
                            public, run, vote, votes, walk)

from statemachine.waits import StorytellerStep

SNV = "Sects & Violets"


def snv(characters, travellers=0, seed=1, start=True):
    return new_game(characters, script=SNV, seed=seed, travellers=travellers, start=start)


def step(game, picks=None):
    """One night answer: ``picks[ability]`` if given, next for a Storyteller-run step,
    otherwise the first legal answer."""
    ability = game.current.ability if game.current else ""
    if isinstance(game.wait, StorytellerStep) and ability not in (picks or {}):
        return run(game, "next")
    return almanac_step(game, picks)


def walk_night(game, picks=None, until=None):
    """Answer every wait until the day starts (or until ``until`` is waiting)."""
    return walk(game, lambda g: step(g, picks), until)


def next_day(game, picks=None):
    """End the day (executing whoever is on the block) and walk the night to the next day."""
    said = run(game, end_day())
    return said + walk_night(game, picks)


def typed_night(t, character="the sage"):
    """Type answers until the day starts: 'seat 1' or the first seat a choice allows, a
    character when one is asked, next otherwise."""
    from statemachine.waits import ChooseCharacter, ChooseSeats
    game = t.session.game
    for _ in range(100):
        if not game.phase.at_night or game.winner:
            return
        w = game.wait
        if isinstance(w, ChooseCharacter):
            t.type(character)
        elif isinstance(w, ChooseSeats) and w.optional and not isinstance(w, StorytellerStep):
            t.type("nobody")                      # a once-per-game choice kept for later
        elif isinstance(w, ChooseSeats) and not isinstance(w, StorytellerStep):
            n = len(game.grim.players)
            for seat in range(1, n + 1):
                before = t.console.session.game.wait
                seats = [(seat + k - 1) % n + 1 for k in range(w.count)]
                t.type("seats " + " and ".join(map(str, seats)) if w.count > 1
                       else f"seat {seat}")
                game = t.session.game
                if game.wait is not before or not game.phase.at_night:
                    break
        else:
            t.type("next")
        game = t.session.game
    raise AssertionError("the night never ended")
