"""Slayer: once per game, during the day, publicly choose a player: if they are the Demon
(and the ability works), they die. The shot is spent even if it fails."""
import pytest

from characters.outsider.recluse import Recluse
from engine_helpers import run
from statemachine.errors import Rejected
from tf_steps import game_with, poison, private, public, to_day

# seats: 1 imp, 2 slayer, 3 poisoner, 4 chef, 5 saint, 6 empath, 7 monk
SETUP = "imp,slayer,poisoner,chef,saint,empath,monk"


def day_one(poisoned=4, setup=SETUP):
    game = game_with(setup)
    to_day(game, poison(poisoned))
    return game


def slay(seat, shooter=None):
    slots = {"seat": seat}
    if shooter:
        slots["shooter"] = shooter
    return ("slay", slots)


def test_shooting_the_demon_kills_them_and_good_wins():
    game = day_one()
    said = run(game, slay(1))
    assert "Seat 2, Ben shoots seat 1, Ann." in public(said)
    assert "Seat 1, Ann dies." in public(said)
    assert not game.grim.seat(1).alive
    assert game.winner.winner == "good"


def test_shooting_anyone_else_does_nothing_and_spends_the_shot():
    game = day_one()
    said = run(game, slay(3, shooter=2))
    assert "Nothing happens." in public(said)
    assert game.grim.seat(3).alive
    assert "slayer" in game.grim.seat(2).spent
    said = run(game, slay(1))
    assert "Nothing happens." in public(said)
    assert game.grim.seat(1).alive and game.winner is None


def test_poisoned_slayer_misses_the_demon_and_loses_the_shot():
    game = day_one(poisoned=2)
    said = run(game, slay(1))
    assert "Nothing happens." in public(said)
    assert "The Slayer is poisoned" in private(said)
    assert game.grim.seat(1).alive and "slayer" in game.grim.seat(2).spent


def test_a_player_bluffing_the_slayer_changes_nothing():
    game = day_one()
    said = run(game, slay(1, shooter=4))
    assert "Seat 4, Dan shoots seat 1, Ann. Nothing happens." in public(said)
    assert game.grim.seat(1).alive
    assert "slayer" not in game.grim.seat(2).spent


def test_only_during_the_day():
    game = game_with(SETUP)
    with pytest.raises(Rejected):
        run(game, slay(1))
    assert "slayer" not in game.grim.seat(2).spent


def test_dead_slayer_has_no_shot():
    game = day_one()
    run(game, ("execute", {"seat": 2}))
    to_day(game, {"poisoner": 4, "imp": 6, "monk": 6})
    said = run(game, slay(1))
    assert "Nothing happens." in public(said)
    assert game.grim.seat(1).alive


def test_recluse_who_may_register_as_the_demon(monkeypatch):
    monkeypatch.setattr(Recluse, "may_register_as", frozenset({"evil", "minion", "demon"}))
    game = day_one(setup="imp,slayer,poisoner,chef,recluse,empath,monk")
    said = run(game, slay(5))
    assert "may register as the Demon" in private(said)
    assert "say 'seat 5 dies'" in private(said)
    # the table hears nothing before the Storyteller has decided
    assert "Nothing happens" not in public(said) and "shoots seat 5" in public(said)
    run(game, ("die", {"seat": 5}))
    assert not game.grim.seat(5).alive
