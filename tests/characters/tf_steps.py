"""Steps shared by the Townsfolk tests: drive a night to a character's step, answer the
choices met on the way, and read what the Storyteller was told."""
from __future__ import annotations

from engine_helpers import (choose, new_game, nominate, private, public, run,  # noqa: F401
                            text, votes, walk)
from statemachine.waits import ChooseSeats, Info, YesNo


def game_with(characters: str, seed: int = 1, drunk_as: str | None = None,
              herring: int | None = None):
    """A started game; the Drunk's belief and the red herring may be fixed first."""
    game = new_game(characters, seed=seed, start=False)
    if drunk_as:
        game.handle("drunk_believes", {"character": drunk_as})
    if herring:
        game.handle("red_herring", {"seat": herring})
    game.handle("next")
    return game


def until(game, ability: str, picks: dict | None = None, limit: int = 60) -> list:
    """Answer the night until ``ability`` waits (picks: ability -> seat or seats for the
    ChooseSeats met on the way; YesNo is answered no; Info with next)."""
    said = walk(game, lambda g: step(g, picks or {}), until=ability, limit=limit)
    if game.winner or not game.phase.at_night:
        raise AssertionError(f"{ability} never woke; said: {text(said)}")
    return said


def step(game, picks):
    w = game.wait
    ability = game.current.ability
    if isinstance(w, ChooseSeats):
        pick = picks[ability]
        seats = [pick] if isinstance(pick, int) else list(pick)
        return run(game, choose(*seats))
    if isinstance(w, YesNo):
        return run(game, "no")
    return run(game, "next")


def to_day(game, picks: dict | None = None, limit: int = 80) -> list:
    """Answer everything (as in ``until``) until the day starts."""
    return walk(game, lambda g: step(g, picks or {}), limit=limit)


def woken(game, ability: str, picks: dict | None = None) -> bool:
    """Walk the rest of the night: did ``ability`` wake?"""
    picks = picks or {}
    seen = False
    for _ in range(80):
        if game.winner or not game.phase.at_night:
            return seen
        if game.current and game.current.ability == ability:
            seen = True
        step(game, picks)
    raise AssertionError("the night never ended")


def info(game) -> Info:
    assert isinstance(game.wait, Info), game.wait
    return game.wait


def answer_seats(*seats):
    return ("answer_seats", {"seats": list(seats)})


def answer_character(cid):
    return ("answer_character", {"character": cid})


def answer_number(n):
    return ("answer_number", {"number": n})


def poison(seat):
    """The Poisoner's choice, as a picks entry."""
    return {"poisoner": seat}
