"""Pacifist: when a good player is executed, the Storyteller is asked whether they die; an
execution that does not kill is still the day's execution. Evil players, exiles, and a
drunk, poisoned or dead Pacifist change nothing."""
import pytest

from bmr_steps import bmr, execute, new_game, nominate, private, public, run, walk
from statemachine.errors import Rejected
from statemachine.model import Effect

# seats: 1 pacifist, 2 chef, 3 baron, 4 imp, 5 saint, 6 soldier, 7 empath
SETUP = "pacifist,chef,baron,imp,saint,soldier,empath"


def day_one():
    g = bmr(SETUP)
    walk(g)
    return g


def test_a_good_player_executed_may_live_and_it_was_the_execution():
    g = day_one()
    said = run(g, execute(2))
    assert "Seat 2, Ben is good and the Pacifist, seat 1, Ann, is in play: they might " \
           "not die." in private(said)
    assert "Does seat 2, Ben die? Say yes or no." in private(said)
    assert "Pacifist" not in public(said)
    assert g.expected_intents() >= {"yes", "no"}
    with pytest.raises(Rejected, match="yes or no"):
        run(g, "next")
    said = run(g, "no")
    assert "Ben does not die." in public(said)
    assert g.grim.seat(2).alive and g.phase.at_night     # the one execution of the day


def test_yes_they_die():
    g = day_one()
    run(g, execute(7))
    said = run(g, "yes")
    assert not g.grim.seat(7).alive
    assert "Gus is dead." in public(said)


def test_a_spared_saint_does_not_lose_the_game():
    g = day_one()
    run(g, execute(5), "no")
    assert g.winner is None and g.grim.seat(5).alive


def test_the_pacifist_may_spare_themself():
    g = day_one()
    said = run(g, execute(1))
    assert "Seat 1, Ann is good and is the Pacifist: they might not die." in private(said)
    assert "Does seat 1, Ann die?" in private(said)
    run(g, "no")
    assert g.grim.seat(1).alive


def test_an_evil_player_is_not_asked_about():
    g = day_one()
    said = run(g, execute(3))
    assert "Say yes or no" not in private(said)
    assert not g.grim.seat(3).alive


def test_a_poisoned_pacifist_saves_nobody():
    g = day_one()
    g.grim.seat(1).add_effect(Effect("poisoned", until="dusk"))
    said = run(g, execute(2))
    assert "Say yes or no" not in private(said)
    assert not g.grim.seat(2).alive


def test_after_a_vote_the_block_goes_to_the_question():
    g = day_one()
    run(g, nominate(4, 6), ("votes", {"count": 5}))
    said = run(g, "end_day")
    assert "Does seat 6, Fay die?" in private(said)
    run(g, "no")
    assert g.grim.seat(6).alive


def test_an_exile_is_not_an_execution():
    g = new_game(SETUP + ",gunslinger", script="Bad Moon Rising", travellers=1)
    walk(g)
    run(g, ("exile", {"seat": 8}), ("votes", {"count": 8}))
    assert not g.grim.seat(8).alive


def test_a_player_who_cannot_die_anyway_is_not_asked_about():
    g = bmr("pacifist,chef,baron,imp,saint,tealady,empath")    # seat 7 between good players
    walk(g)
    said = run(g, execute(7))
    assert "Say yes or no" not in private(said)
    assert "does not die" in public(said) and g.grim.seat(7).alive
