"""Lycanthrope: 'Each night*, choose an alive player. If good, they die & the Demon doesn't
kill tonight. One good player registers as evil.' (The search tool found the ability and the
night sheet's How to Run only: the Lycanthrope chooses a living player; if good, they die and
the Demon does not kill; the Faux Paw is marked at setup. No wiki examples were found:
the Faux Paw here may register as evil to every ability (noted at each information step,
the Storyteller's to give) and is evil to the Lycanthrope; the Demon is spared when a good
player is chosen, whether they die or not.)"""
import pytest

from engine_helpers import new_game, run, text
from statemachine.errors import Rejected
from statemachine.line_rules import assert_fit_to_say
from statemachine.model import Effect
from tf_steps import to_day, until

# 1 Imp, 2 Lycanthrope, 3 Poisoner, 4 chef, 5 empath, 6 monk, 7 soldier, 8 spy
CHARS = "imp,lycanthrope,poisoner,chef,empath,monk,soldier,spy"


def night_two(faux=7, **picks):
    g = new_game(CHARS, start=False)
    run(g, ("faux_paw", {"seat": faux}), "next")
    to_day(g, {"poisoner": picks.get("first_poison", 6)})
    g.dusk_said = run(g, ("end_day", {}))
    return g


def test_a_good_player_chosen_dies_and_the_demon_kills_nobody():
    g = night_two()
    said = g.dusk_said + until(g, "lycanthrope", {"poisoner": 6, "monk": 3})
    said += run(g, ("choose", {"seats": [4]}))
    said += to_day(g, {"imp": 5, "poisoner": 6, "monk": 3})
    assert not g.grim.seat(4).alive and g.grim.seat(5).alive
    private = text(said, "private")
    assert "Seat 4, Dan dies. The Demon wakes and chooses as usual" in private
    assert "Seat 5, Eve does not die: the Lycanthrope stops the Demon's kills tonight." in private
    assert "Seat 4, Dan died in the night." in text(said, "public")
    assert_fit_to_say([(s.text, True) for s in said if s.channel == "private"])


def test_the_faux_paw_registers_evil_to_the_lycanthrope():
    g = night_two(faux=7)
    said = until(g, "lycanthrope", {"poisoner": 6, "monk": 3})
    said += run(g, ("choose", {"seats": [7]}))
    said += to_day(g, {"imp": 5, "poisoner": 6, "monk": 3})
    assert g.grim.seat(7).alive and not g.grim.seat(5).alive
    assert "Seat 7, Gus registers as evil: nothing happens." in text(said)


def test_an_evil_player_chosen_nothing_happens():
    g = night_two()
    until(g, "lycanthrope", {"poisoner": 6, "monk": 3})
    run(g, ("choose", {"seats": [3]}))
    to_day(g, {"imp": 5, "poisoner": 6, "monk": 3})
    assert g.grim.seat(3).alive and not g.grim.seat(5).alive


def test_the_spy_is_asked_about():
    g = night_two()
    until(g, "lycanthrope", {"poisoner": 6, "monk": 3})
    run(g, ("choose", {"seats": [8]}))
    assert "may register as good" in g.last_private
    run(g, "yes")
    assert not g.grim.seat(8).alive


def test_a_poisoned_lycanthrope_chooses_and_nothing_happens():
    g = night_two()
    said = until(g, "lycanthrope", {"poisoner": 2, "monk": 3})
    said += run(g, ("choose", {"seats": [4]}))
    said += to_day(g, {"imp": 5, "poisoner": 2, "monk": 3})
    assert g.grim.seat(4).alive and not g.grim.seat(5).alive
    assert "The Lycanthrope is poisoned: nothing happens to seat 4, Dan." in text(said)


def test_the_faux_paw_is_noted_at_information_steps():
    g = new_game(CHARS, start=False)
    run(g, ("faux_paw", {"seat": 6}), "next")
    until(g, "empath", {"poisoner": 7})
    assert "Seat 6, Fay is the Monk and may register as evil" in g.last_private


def test_the_faux_paw_is_proposed_and_must_be_good():
    g = new_game(CHARS, start=False)
    assert "The Lycanthrope's Faux Paw, proposed:" in "\n".join(g.setup_lines())
    with pytest.raises(Rejected, match="another good player"):
        run(g, ("faux_paw", {"seat": 3}))


def test_it_does_not_wake_the_first_night():
    g = new_game(CHARS)
    assert "lycanthrope" not in g.night_order_ids(True)


def test_a_dead_player_may_not_be_chosen():
    g = night_two()
    run(g, ("die", {"seat": 4}))
    until(g, "lycanthrope", {"poisoner": 6, "monk": 3})
    with pytest.raises(Rejected, match="dead"):
        run(g, ("choose", {"seats": [4]}))
