"""Deviant: if the Storyteller judged the Deviant funny today, an exile does not kill them;
another day, or drunk or poisoned, it does. Executions and other deaths are unchanged."""
import pytest

from engine_helpers import end_day, new_game, private, public, run, votes
from statemachine.errors import Rejected
from tf_steps import to_day

# seats: 1 imp, 2 poisoner, 3 chef, 4 empath, 5 monk, 6 saint; Traveller 7 deviant
SETUP = "imp,poisoner,chef,empath,monk,saint,deviant"
SV = "Sects & Violets"
FUNNY = ("deviant_funny", {})
EXILE = ("exile", {"seat": 7, "caller": 3})


def day_one(poisoned=3):
    game = new_game(SETUP, script=SV, travellers=1)
    to_day(game, {"poisoner": poisoned})
    return game


def test_a_funny_deviant_is_exiled_but_does_not_die():
    game = day_one()
    said = run(game, EXILE)
    assert "If the Deviant was funny today, say 'the deviant was funny'" in private(said)
    run(game, FUNNY)
    said = run(game, votes(5))
    assert "Seat 7, Gus is exiled." in public(said) and "Gus does not die." in public(said)
    assert game.grim.seat(7).alive and game.phase.state == "day"


def test_without_being_funny_the_exile_kills():
    game = day_one()
    run(game, EXILE, votes(5))
    assert not game.grim.seat(7).alive


def test_funny_counts_only_for_the_day_it_was():
    game = day_one()
    run(game, FUNNY, end_day())
    to_day(game, {"poisoner": 3, "monk": 3, "imp": 4})
    run(game, EXILE, votes(5))
    assert not game.grim.seat(7).alive


def test_a_poisoned_deviant_dies_by_exile_even_if_funny():
    game = day_one(poisoned=7)
    run(game, FUNNY)
    said = run(game, EXILE, votes(5))
    assert "being funny does not save them" in private(said)
    assert not game.grim.seat(7).alive


def test_being_funny_does_not_stop_an_execution_or_count_twice():
    game = day_one()
    run(game, FUNNY)
    with pytest.raises(Rejected, match="already noted"):
        run(game, FUNNY)
    run(game, ("execute", {"seat": 7}))
    assert not game.grim.seat(7).alive
