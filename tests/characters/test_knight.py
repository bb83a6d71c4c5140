"""The Knight: you start knowing 2 players that are not the Demon. (The search tool gave the
ability's wording only, from script pages, not the almanac's How to Run: the rulings below
follow the ability and the way the project runs the Noble and the Steward.)"""
import pytest

from engine_helpers import new_game, private, run
from statemachine.errors import Rejected
from statemachine.model import Effect
from tf_steps import info, until

# A Carousel-style script is not bundled: a game on the seed almanac with the Knight in it.
# seats: 1 imp, 2 knight, 3 poisoner, 4 chef, 5 recluse, 6 empath, 7 monk
SETUP = "imp,knight,poisoner,chef,recluse,empath,monk"


def game(start=True):
    return new_game(SETUP, start=start)


def test_the_knight_learns_two_players_neither_of_them_the_demon():
    g = game()
    said = until(g, "knight", {"poisoner": 6})
    w = info(g)
    assert len(w.truth) == 2 and 1 not in w.truth and 2 not in w.truth
    assert "Point to the two players marked Know: neither is the Demon." in w.prompt
    run(g, "next")
    marked = [p.seat for p in g.grim.players if "Knight 2: Know" in p.reminders]
    assert marked == w.truth


def test_a_sober_knight_is_never_shown_the_demon_and_a_poisoned_one_may_be():
    g = game()
    until(g, "knight", {"poisoner": 6})
    with pytest.raises(Rejected, match="neither player may be the Demon"):
        run(g, ("answer_seats", {"seats": [1, 4]}))
    with pytest.raises(Rejected, match="two players"):
        run(g, ("answer_seats", {"seats": [4]}))
    assert "Seat 5, Eve is the Recluse" in info(g).prompt    # may register as the Demon
    run(g, ("answer_seats", {"seats": [4, 5]}))              # the Recluse: not the Demon
    assert not any(f.ability == "knight" for f in g.false_info)
    g = game()
    until(g, "knight", {"poisoner": 2})
    assert g.impairment(g.grim.seat(2)) == "poisoned"
    w = info(g)
    assert 1 in w.proposal                                 # the Demon, proposed
    run(g, ("answer_seats", {"seats": [1, 4]}))
    assert any(f.ability == "knight" for f in g.false_info)


def test_the_storyteller_changes_the_two_at_setup_and_not_after():
    g = game(start=False)
    said = run(g, ("knight_learns", {"seats": [6, 7]}))
    assert "The Knight will learn seat 6, Fay and seat 7, Gus." in private(said)
    with pytest.raises(Rejected, match="the Demon"):
        run(g, ("knight_learns", {"seats": [1, 7]}))
    run(g, "next")
    until(g, "knight", {"poisoner": 5})
    assert info(g).truth == [6, 7]
    run(g, "next")
    with pytest.raises(Rejected, match="already learnt"):
        run(g, ("knight_learns", {"seats": [3, 4]}))


def test_the_knights_lines_are_fit_to_be_said():
    from line_rules import assert_fit_to_say
    g = game(start=False)
    said = run(g, "next") + until(g, "knight", {"poisoner": 6}) + run(g, "next")
    assert_fit_to_say([(s.text, s.channel == "private") for s in said])
