"""Soldier: safe from the Demon (not while drunk or poisoned); still executable."""
from engine_helpers import run
from tf_steps import game_with, poison, public, to_day

# seats: 1 imp, 2 soldier, 3 poisoner, 4 chef, 5 monk
SETUP = "imp,soldier,poisoner,chef,monk"


def day_one():
    game = game_with(SETUP)
    to_day(game, poison(4))
    run(game, "end_day")
    return game


def test_the_demon_cannot_kill_the_soldier():
    game = day_one()
    said = to_day(game, {"poisoner": 4, "imp": 2, "monk": 4})
    assert game.grim.seat(2).alive
    assert "Nobody died in the night." in public(said)
    assert "Seat 2, Ben does not die." in "\n".join(s.text for s in said)


def test_poisoned_soldier_dies_to_the_demon():
    game = day_one()
    said = to_day(game, {"poisoner": 2, "imp": 2, "monk": 4})
    assert not game.grim.seat(2).alive
    assert "Seat 2, Ben died in the night." in public(said)


def test_the_soldier_can_be_executed():
    game = game_with(SETUP)
    to_day(game, poison(4))
    run(game, ("execute", {"seat": 2}))
    assert not game.grim.seat(2).alive


def test_drunk_who_thinks_they_are_the_soldier_dies():
    game = game_with("imp,drunk,poisoner,chef,monk", drunk_as="soldier")
    to_day(game, poison(4))
    run(game, "end_day")
    to_day(game, {"poisoner": 4, "imp": 2, "monk": 4})
    assert not game.grim.seat(2).alive
