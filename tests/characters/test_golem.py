"""Golem: 'You may only nominate once per game. When you do, if the nominee is not the Demon,
they die.' (Almanac examples: the Golem nominates the Poppy Grower, who dies, and may not
nominate again; the Golem nominates the Recluse, who registers as the Demon: nothing happens
and the vote is counted.) From the wiki's How to Run and examples; the rule that the dead
nominee's vote is not held is our reading of the first example."""
import pytest

from engine_helpers import new_game, run, text, to_day
from statemachine.errors import Rejected
from statemachine.model import Effect

CHARS = "imp,golem,recluse,scarletwoman,empath,chef,monk"


def nominate(g, a, b):
    return run(g, ("nominate", {"nominator": a, "nominee": b}))


def test_the_nominee_who_is_not_the_demon_dies_and_no_vote_is_held():
    g = new_game(CHARS)
    to_day(g)
    said = nominate(g, 2, 5)
    assert not g.grim.seat(5).alive
    assert g.phase.state == "day" and g.vote is None
    assert "not the Demon" in text(said, "private")
    assert "Seat 5, Eve dies." in text(said, "public")
    assert "May Not Nominate" in g.grim.seat(2).reminders


def test_the_golem_nominates_only_once_per_game():
    g = new_game(CHARS)
    to_day(g)
    nominate(g, 2, 5)
    run(g, "end_day")
    to_day(g)
    with pytest.raises(Rejected, match="once per game"):
        nominate(g, 2, 6)
    assert g.grim.seat(6).alive


def test_nominating_the_demon_does_nothing_and_the_vote_goes_on():
    g = new_game(CHARS)
    to_day(g)
    said = nominate(g, 2, 1)
    assert g.grim.seat(1).alive and g.phase.state == "vote"
    assert "nominated the Demon" in text(said, "private")


def test_the_recluse_is_the_storytellers_call():
    g = new_game(CHARS)
    to_day(g)
    said = nominate(g, 2, 3)
    assert g.grim.seat(3).alive and g.phase.state == "vote"
    assert "may register as the Demon" in text(said, "private")


def test_a_drunk_golem_kills_nobody_but_has_nominated():
    g = new_game(CHARS)
    to_day(g)
    g.grim.seat(2).add_effect(Effect("poisoned", until="dusk"))
    said = nominate(g, 2, 5)
    assert g.grim.seat(5).alive and g.phase.state == "vote"
    assert "The Golem is poisoned" in text(said, "private")
    assert "May Not Nominate" in g.grim.seat(2).reminders
