"""Noble: 'You start knowing 3 players, 1 and only 1 of which is evil.'"""
import pytest

from engine_helpers import new_game, run, skip_to, text
from statemachine.errors import Rejected

SCRIPT = "Seed Almanac"
CHARS = "imp,noble,librarian,baron,king,farmer,oracle,sweetheart"


def evil_count(g, seats):
    return sum(1 for s in seats if g.grim.seat(s).alignment == "evil")


@pytest.mark.parametrize("seed", range(6))
def test_setup_proposes_two_good_and_one_evil(seed):
    g = new_game(CHARS, script=SCRIPT, seed=seed, start=False)
    marked = [p.seat for p in g.grim.players if "Noble 2: Know" in p.reminders]
    assert len(marked) == 3 and 2 not in marked
    assert evil_count(g, marked) == 1
    assert any("The Noble will learn" in l and "The Noble is seat 2, Ben." in l
               for l in g.setup_lines())


def test_three_players_pointed_to_on_the_first_night():
    g = new_game(CHARS, script=SCRIPT)
    said = skip_to(g, "noble")
    assert "Point to the three players marked Know." in g.last_private
    assert len(g.wait.truth) == 3 and evil_count(g, g.wait.truth) == 1
    assert "Wake the Noble, seat 2, Ben." in text(said)
    assert "Put the Noble to sleep." in text(run(g, "next"))


def test_override_must_keep_exactly_one_evil():
    g = new_game(CHARS, script=SCRIPT, start=False)
    with pytest.raises(Rejected):
        run(g, ("noble_learns", {"seats": [1, 4, 5]}))     # two evil
    with pytest.raises(Rejected):
        run(g, ("noble_learns", {"seats": [3, 5, 6]}))     # none evil
    with pytest.raises(Rejected):
        run(g, ("noble_learns", {"seats": [3, 3, 4]}))     # not three players
    run(g, ("noble_learns", {"seats": [4, 5, 6]}), "next")
    skip_to(g, "noble")
    assert g.wait.truth == [4, 5, 6]
    with pytest.raises(Rejected):
        run(g, ("answer_seats", {"seats": [1, 3, 4]}))     # sober: not legal
    run(g, ("answer_seats", {"seats": [1, 3, 5]}))         # another legal three
    assert sorted(p.seat for p in g.grim.players if "Noble 2: Know" in p.reminders) == [1, 3, 5]


def test_drunk_noble_may_be_shown_anything():
    g = new_game("imp,noble,librarian,baron,king,farmer,oracle,sweetheart",
                 script=SCRIPT)
    g.grim.seat(2).add_effect(__import__("statemachine.model", fromlist=["Effect"]).Effect(
        "poisoned", until="dusk"))
    skip_to(g, "noble")
    assert "They are poisoned" in g.last_private
    assert evil_count(g, g.wait.proposal) != 1
    run(g, ("answer_seats", {"seats": [1, 4, 5]}))


def test_first_night_only():
    g = new_game(CHARS, script=SCRIPT)
    while g.phase.at_night:
        run(g, "next")
    assert "noble" not in g.night_order_ids(first=False)
