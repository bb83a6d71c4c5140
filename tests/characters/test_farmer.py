"""Farmer: dying at night, an alive good player becomes a Farmer (proposed, told privately)."""
import pytest

from engine_helpers import new_game, run, text
from statemachine.errors import Rejected
from tf_helpers import walk

SCRIPT = "Seed Almanac"
CHARS = "farmer,imp,baron,oracle,sweetheart,king,librarian,savant"


def night_two(target):
    g = new_game(CHARS, script=SCRIPT)
    walk(g)
    run(g, "end_day")
    said = walk(g, "farmer", imp=[target])
    return g, said


def test_killed_at_night_a_good_player_becomes_a_farmer():
    g, said = night_two(1)
    assert "The Farmer, seat 1, Ann: do not wake them." in text(said)
    (seat,) = g.wait.proposal
    assert g.grim.seat(seat).alive and g.grim.seat(seat).alignment == "good"
    with pytest.raises(Rejected):
        run(g, ("answer_seats", {"seats": [3]}))     # the Baron is evil
    with pytest.raises(Rejected):
        run(g, ("answer_seats", {"seats": [1]}))     # the dead Farmer
    said = run(g, ("answer_seats", {"seats": [4]}))
    assert "Seat 4, Dan, the Oracle, is now a Farmer" in text(said)
    assert "You Are token" in text(said)
    assert g.grim.seat(4).character == "farmer"


def test_the_new_farmer_passes_it_on_again():
    g, _ = night_two(1)
    run(g, ("answer_seats", {"seats": [4]}))
    walk(g)
    run(g, "end_day")
    walk(g, "farmer", imp=[4])
    run(g, ("answer_seats", {"seats": [5]}))
    assert g.grim.seat(5).character == "farmer"


def test_executed_farmer_passes_nothing():
    g = new_game(CHARS, script=SCRIPT)
    walk(g)
    run(g, ("execute", {"seat": 1}))
    walk(g, imp=[5])
    assert [p.seat for p in g.grim.players if p.character == "farmer"] == [1]
