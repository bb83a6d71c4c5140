"""Savant: each day may visit the Storyteller for two things, one true, one false."""
import pytest

from engine_helpers import new_game, run, text
from statemachine.errors import Rejected
from statemachine.model import Effect
from tf_helpers import walk

SCRIPT = "Seed Almanac"
CHARS = "savant,imp,baron,oracle,sweetheart,king,librarian,farmer"


def test_visit_prompts_two_statements_once_a_day():
    g = new_game(CHARS, script=SCRIPT)
    with pytest.raises(Rejected):
        run(g, "savant_visits")                   # not at night
    walk(g)
    said = text(run(g, "savant_visits"))
    assert "one true, one false" in said and "For example, true:" in said
    with pytest.raises(Rejected):
        run(g, "savant_visits")
    run(g, "end_day")
    walk(g, imp=[4])
    run(g, "savant_visits")                       # a new day


def test_example_statements_differ_and_the_true_one_is_true():
    g = new_game(CHARS, script=SCRIPT)
    walk(g)
    said = text(run(g, "savant_visits"))
    true = said.split("true: ")[1].split(". False")[0]
    false = said.split("False: ")[1].split(".")[0]
    assert true != false
    seats = [int(w.strip(",")) for w in true.split("seats ")[1].split(",")[0].split()
             if w.strip(",").isdigit()]
    n = int(true.split("exactly ")[1].split()[0])
    assert n == sum(1 for s in seats if g.grim.seat(s).alignment == "evil")


def test_drunk_savant_may_get_two_of_a_kind():
    g = new_game(CHARS, script=SCRIPT)
    walk(g)
    g.grim.seat(1).add_effect(Effect("drunk", until="dusk"))
    assert "both may be true, or both false" in text(run(g, "savant_visits"))


def test_dead_savant_cannot_visit():
    g = new_game(CHARS, script=SCRIPT)
    walk(g)
    run(g, ("die", {"seat": 1}))
    with pytest.raises(Rejected):
        run(g, "savant_visits")
