"""Steps shared by the Fabled tests: a game on Trouble Brewing with the Fabled added to the
script, a night walked with the first legal answer to every choice, and every line said
checked against the line rules."""
from __future__ import annotations

from almanac_steps import step
from characters.catalogue import build_registry
from characters.scripts import load_script
from engine_helpers import (NAMES, end_day, execute, nominate, private, public, run,  # noqa: F401
                            vote, votes, walk)
from statemachine.game import Game, GameSetup
from statemachine.line_rules import assert_fit_to_say

_REGISTRY = []


def registry():
    if not _REGISTRY:
        _REGISTRY.append(build_registry())
    return _REGISTRY[0]


def fabled_game(characters: str, *fabled: str, seed: int = 1, travellers: int = 0,
                start: bool = True, script: str = "Trouble Brewing") -> Game:
    """A game of these characters by seat, on ``script`` with the Fabled added."""
    ids = characters.split(",")
    loaded = load_script(script)
    n = len(ids) - travellers
    setup = GameSetup(f"{loaded.name} with Fabled", [*loaded.ids, *fabled], NAMES[:n], ids,
                      seed, NAMES[n:len(ids)])
    game = Game(setup, registry())
    game.opening = game.start()
    if start:
        game.handle("next")
    return game


def walk_night(game, picks=None, until=None):
    """Answer every wait until the day starts (or until ``until`` is waiting)."""
    return walk(game, lambda g: step(g, picks), until)


def fit(said, night: bool = False) -> None:
    """Every line said keeps the line rules, each on its channel."""
    assert_fit_to_say([(s.text, night, s.channel) for s in said])
