"""Shugenja: closest evil player clockwise (higher seats) or anticlockwise; arbitrary when
equidistant, the Storyteller's choice."""
import pytest

from engine_helpers import new_game, run, skip_to, text
from statemachine.errors import Rejected
from statemachine.model import Effect

SCRIPT = "Once Upon a Baron"


def test_clockwise_is_towards_higher_seats():
    g = new_game("shugenja,empath,imp,oracle,alsaahir,baron,saint,banshee", script=SCRIPT)
    skip_to(g, "shugenja")
    assert g.wait.truth == "clockwise"          # seat 3 is 2 steps; seat 6 is 3 steps back
    assert "2 steps clockwise" in g.last_private
    assert "point towards seat 2" in g.last_private
    with pytest.raises(Rejected):
        run(g, "shugenja_anticlockwise")         # sober, not equidistant
    run(g, "next")


def test_anticlockwise_counts_dead_and_wraps_round():
    g = new_game("shugenja,empath,oracle,alsaahir,imp,saint,banshee,baron", script=SCRIPT)
    skip_to(g, "shugenja")
    assert g.wait.truth == "anticlockwise"      # seat 8 is 1 step back; seat 5 is 4 ahead
    assert "point towards seat 8" in g.last_private


def test_equidistant_is_arbitrary_proposed_and_overridable():
    g = new_game("shugenja,empath,imp,oracle,alsaahir,saint,baron,banshee", script=SCRIPT,
                 start=False)
    line = next(l for l in g.setup_lines() if "Shugenja" in l)
    assert "arbitrary" in line
    run(g, "shugenja_anticlockwise", "next")
    skip_to(g, "shugenja")
    assert "equidistant" in g.last_private and "arbitrary" in g.last_private
    assert g.wait.proposal == "anticlockwise"
    said = run(g, "shugenja_clockwise")          # changed at the step itself
    assert "Put the Shugenja to sleep." in text(said)


def test_drunk_shugenja_gets_the_other_direction_proposed():
    g = new_game("shugenja,empath,imp,oracle,alsaahir,baron,saint,banshee", script=SCRIPT)
    g.grim.seat(1).add_effect(Effect("poisoned", until="dusk"))
    skip_to(g, "shugenja")
    assert g.wait.proposal == "anticlockwise" and g.wait.truth == "clockwise"
    run(g, "shugenja_anticlockwise")


def test_recluse_is_noted():
    g = new_game("shugenja,recluse,empath,oracle,imp,saint,banshee,baron", script=SCRIPT)
    skip_to(g, "shugenja")
    assert "Recluse and may register" in g.last_private
    run(g, "shugenja_clockwise")                 # allowed: the Recluse may register evil


def test_an_override_says_which_way_to_point():
    g = new_game("shugenja,empath,imp,oracle,alsaahir,saint,baron,banshee", script=SCRIPT,
                 start=False)
    line = next(l for l in g.setup_lines() if "Shugenja" in l)
    assert "point towards seat" in line
    said = run(g, "shugenja_anticlockwise")
    assert text(said) == "The Shugenja will learn anticlockwise: point towards seat 8, Hal."


def test_a_poisoned_shugenja_may_be_given_the_other_way_and_it_is_recorded():
    """Issue 25, item 7: the first-night information is answered, not only read: "the
    shugenja points anticlockwise" gives the other direction at the step; for a poisoned
    Shugenja it is false information, recorded (the Mathematician counts it)."""
    g = new_game("shugenja,empath,imp,oracle,alsaahir,baron,saint,banshee", script=SCRIPT,
                 start=False)
    g.grim.seat(1).add_effect(Effect("poisoned", until="dusk", note="test"))
    run(g, "next")
    skip_to(g, "shugenja")
    assert g.wait.truth == "clockwise"
    said = run(g, "shugenja_anticlockwise")
    assert "Put the Shugenja to sleep." in text(said)
    assert [(f.ability, f.why) for f in g.info_rules.false_given] == [("shugenja", "poisoned")]
