"""Seamstress: once per game, at night, choose two other players: same alignment or not.
Woken each night until used; a drunk or poisoned use spends it too."""
import pytest

from engine_helpers import run
from snv_town_steps import info, poison, snv, to_day, until
from statemachine.errors import Rejected

CHARS = "seamstress,imp,witch,savant,klutz,mutant,oracle"


def test_two_evil_players_are_the_same_alignment():
    g = snv(CHARS)
    until(g, "seamstress")
    run(g, ("choose", {"seats": [2, 3]}))
    assert info(g).truth is True
    assert "No Ability" in g.grim.seat(1).reminders


def test_a_good_and_an_evil_player_are_not():
    # The Seamstress chooses the Savant and the Demon: a shake of the head.
    g = snv(CHARS)
    until(g, "seamstress")
    run(g, ("choose", {"seats": [4, 2]}))
    assert info(g).truth is False


def test_by_alignment_not_character_type():
    g = snv(CHARS)
    g.grim.seat(5).alignment = "evil"                 # a Klutz turned evil
    until(g, "seamstress")
    run(g, ("choose", {"seats": [5, 3]}))
    assert info(g).truth is True


def test_not_themself():
    g = snv(CHARS)
    until(g, "seamstress")
    with pytest.raises(Rejected, match="themself"):
        run(g, ("choose", {"seats": [1, 2]}))


def test_shaking_the_head_keeps_it_for_another_night_and_once_used_it_is_gone():
    g = snv(CHARS)
    assert "seamstress" in to_day(g, {"seamstress": []})
    run(g, "end_day")
    assert "seamstress" in to_day(g, {"seamstress": [4, 5]})
    run(g, "end_day")
    assert "seamstress" not in to_day(g)


def test_poisoned_use_is_spent_and_may_be_false():
    g = snv(CHARS)
    poison(g, 1)
    until(g, "seamstress")
    run(g, ("choose", {"seats": [2, 3]}))
    assert info(g).truth is True and info(g).proposal is False
    run(g, "next")
    assert "seamstress" in g.grim.seat(1).spent
    assert [f.seat for f in g.info_rules.false_given] == [1]
