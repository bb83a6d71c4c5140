"""Monk: each night except the first, choose a player other than themself: they are safe
from the Demon tonight."""
import pytest

from engine_helpers import choose, run
from statemachine.errors import Rejected
from tf_steps import game_with, poison, public, to_day, until, woken

# seats: 1 imp, 2 monk, 3 poisoner, 4 chef, 5 saint, 6 empath, 7 recluse
SETUP = "imp,monk,poisoner,chef,saint,empath,recluse"


def night_two(poisoned=4):
    game = game_with(SETUP)
    to_day(game, poison(4))
    run(game, "end_day")
    until(game, "monk", {"poisoner": poisoned})
    return game


def test_does_not_wake_the_first_night():
    game = game_with(SETUP)
    assert not woken(game, "monk", poison(4))


def test_cannot_protect_themself():
    game = night_two()
    before = game.wait
    with pytest.raises(Rejected, match="cannot protect themself"):
        run(game, choose(2))
    assert game.wait is before
    assert not any(e.kind == "protected" for e in game.grim.seat(2).effects)


def test_protected_player_survives_the_demon():
    game = night_two()
    said = run(game, choose(6))
    assert "Seat 6, Fay is safe from the Demon tonight." in "\n".join(s.text for s in said)
    said = to_day(game, {"imp": 6})
    assert game.grim.seat(6).alive
    assert "Nobody died in the night." in public(said)


def test_only_tonight():
    game = night_two()
    run(game, choose(6))
    to_day(game, {"imp": 4})
    run(game, "end_day")
    to_day(game, {"poisoner": 4, "monk": 4, "imp": 6})
    assert not game.grim.seat(6).alive


def test_poisoned_monk_protects_nobody():
    game = night_two(poisoned=2)
    run(game, choose(6))
    to_day(game, {"imp": 6})
    assert not game.grim.seat(6).alive


def test_does_not_protect_from_execution():
    game = night_two()
    run(game, choose(6))
    to_day(game, {"imp": 4})
    run(game, ("execute", {"seat": 6}))
    assert not game.grim.seat(6).alive
