"""Fisherman: once per game, during the day, advice to help their team win."""
import pytest

from engine_helpers import new_game, run, text
from statemachine.errors import Rejected
from statemachine.model import Effect
from tf_helpers import walk

SCRIPT = "Seed Almanac"
CHARS = "fisherman,imp,baron,oracle,sweetheart,king,librarian,farmer"


def test_once_per_game_during_the_day():
    g = new_game(CHARS, script=SCRIPT)
    with pytest.raises(Rejected):
        run(g, "fisherman_visits")
    walk(g)
    said = text(run(g, "fisherman_visits"))
    assert "advice to help the good team win" in said
    seat = int(said.split("Proposed: 'seat ")[1].split(",")[0])
    assert g.grim.seat(seat).alignment == "good"
    assert "used up" in said
    run(g, "end_day")
    walk(g, imp=[4])
    with pytest.raises(Rejected):
        run(g, "fisherman_visits")


def test_drunk_fisherman_spends_it_on_poor_advice():
    g = new_game(CHARS, script=SCRIPT)
    walk(g)
    g.grim.seat(1).add_effect(Effect("drunk", until="dusk"))
    said = text(run(g, "fisherman_visits"))
    assert "may be poor" in said
    seat = int(said.split("Proposed: 'seat ")[1].split(",")[0])
    assert g.grim.seat(seat).alignment == "evil"
    assert "fisherman" in g.grim.seat(1).spent
