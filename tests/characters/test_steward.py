"""Steward: 'You start knowing 1 good player.'"""
import pytest

from engine_helpers import new_game, run, skip_to, text
from tf_helpers import walk
from statemachine.errors import Rejected

SCRIPT = "Once Upon a Baron"
CHARS = "imp,steward,empath,baron,alsaahir,recluse,saint,oracle"


def test_proposed_at_setup_a_good_player_and_told_at_night():
    g = new_game(CHARS, script=SCRIPT, start=False)
    assert any("The Steward, seat 2, Ben, will learn" in l for l in g.setup_lines())
    run(g, "next")
    said = skip_to(g, "steward")
    assert "Wake the Steward, seat 2, Ben." in text(said)
    assert "Point to the player marked Know." in g.last_private
    (seat,) = g.wait.truth
    p = g.grim.seat(seat)
    assert p.alignment == "good" and seat != 2   # a good player, not the Steward
    assert g.wait.proposal == g.wait.truth


def test_storyteller_overrides_the_good_player_but_not_with_an_evil_one():
    g = new_game(CHARS, script=SCRIPT, start=False)
    with pytest.raises(Rejected):
        run(g, ("steward_learns", {"seat": 1}))        # the Imp
    run(g, ("steward_learns", {"seat": 7}), "next")
    skip_to(g, "steward")
    assert g.wait.truth == [7]
    with pytest.raises(Rejected):
        run(g, ("answer_seats", {"seats": [4]}))         # the Baron: the Steward is sober


def test_recluse_may_be_shown_and_named_in_notes():
    g = new_game(CHARS, script=SCRIPT)
    skip_to(g, "steward")
    assert "Recluse and may register" in g.last_private


def test_drunk_steward_gets_a_proposed_evil_player():
    g = new_game("imp,drunk,empath,baron,alsaahir,recluse,saint,oracle", script=SCRIPT,
                 start=False)
    g.grim.seat(2).believes = "steward"
    run(g, "next")
    skip_to(g, "steward")
    assert "They are drunk" in g.last_private
    assert g.grim.seat(g.wait.proposal[0]).alignment == "evil" or \
        g.grim.seat(g.wait.proposal[0]).character == "recluse"
    run(g, ("answer_seats", {"seats": [4]}))   # anything goes when drunk


def test_learns_once_then_never_again():
    g = new_game(CHARS, script=SCRIPT)
    skip_to(g, "steward")
    run(g, "next")
    while g.phase.at_night:
        run(g, "next")
    run(g, "end_day")
    assert "steward" not in g.night_order_ids(first=False)


def test_gained_mid_game_learns_that_night():
    g = new_game(CHARS, script=SCRIPT)
    while g.phase.at_night:
        run(g, "next")
    g.grim.seat(7).extra_abilities.append("steward")   # as a Philosopher or Pixie would
    run(g, "end_day")
    assert ("steward", 7) in [(e.ability, e.seat) for e in g.night_queue()]
    said = walk(g, "steward", imp=[3])
    assert "Wake the Saint, seat 7, Gus, with the Steward's ability." in text(said)
