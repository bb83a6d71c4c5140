"""Philosopher: once per game, at night, gain a good character's ability; that character,
if in play, is drunk while the Philosopher is sober and alive."""
import pytest

from engine_helpers import new_game, run, text
from statemachine.errors import Rejected
from statemachine.model import Effect
from tf_helpers import walk

SCRIPT = "Seed Almanac"
CHARS = "philosopher,imp,baron,oracle,sweetheart,king,librarian,farmer"


def test_choosing_an_in_play_character_gains_it_and_makes_that_player_drunk():
    g = new_game(CHARS, script=SCRIPT)
    walk(g, "philosopher")
    with pytest.raises(Rejected):
        run(g, ("character", {"character": "imp"}))          # not good
    with pytest.raises(Rejected):
        run(g, ("character", {"character": "empath"}))       # not on the script
    said = run(g, ("character", {"character": "oracle"}))
    assert "seat 4, Dan is drunk" in text(said)
    assert "oracle" in g.abilities(g.grim.seat(1))
    assert g.impaired(g.grim.seat(4)) and not g.impaired(g.grim.seat(1))
    walk(g)
    run(g, "end_day")
    said = walk(g, "oracle", imp=[7])
    assert g.current.seat in (1, 4)
    assert "philosopher" not in [e.ability for e in g.night_queue()]   # once per game


def test_the_drunk_player_sobers_when_the_philosopher_dies():
    g = new_game(CHARS, script=SCRIPT)
    walk(g, "philosopher")
    run(g, ("character", {"character": "oracle"}))
    walk(g)
    run(g, ("die", {"seat": 1}))
    assert not g.impaired(g.grim.seat(4))


def test_may_wait_and_a_start_knowing_ability_acts_the_night_it_is_gained():
    g = new_game(CHARS, script=SCRIPT)
    walk(g, "philosopher")
    said = run(g, "next")                                     # shakes their head
    assert "The Philosopher waits." in text(said)
    walk(g)
    run(g, "end_day")
    walk(g, "philosopher")
    run(g, ("character", {"character": "noble"}))
    walk(g, "noble", imp=[7])
    assert g.current.seat == 1 and len(g.wait.truth) == 3


def test_poisoned_philosopher_only_thinks_they_gain_it():
    g = new_game(CHARS, script=SCRIPT)
    g.grim.seat(1).add_effect(Effect("poisoned", until="dusk"))
    walk(g, "philosopher")
    said = run(g, ("character", {"character": "oracle"}))
    assert "only think" in text(said)
    assert not g.impaired(g.grim.seat(4))
    walk(g)
    run(g, "end_day")
    walk(g, "oracle", imp=[7])
    assert g.current.seat == 1 and g.impairment(g.grim.seat(1), "oracle") == "drunk"


def test_a_chosen_character_coming_into_play_later_is_drunk():
    # "If the Philosopher chose a character that was not in play at the time but is in play
    # now, that character is drunk."
    g = new_game(CHARS, script=SCRIPT)
    walk(g, "philosopher")
    run(g, ("character", {"character": "fisherman"}))     # not in play
    walk(g)
    said = run(g, ("become", {"seat": 7, "character": "fisherman"}))
    assert "seat 7, Gus is drunk" in text(said)
    assert g.impaired(g.grim.seat(7))
    run(g, ("become", {"seat": 7, "character": "librarian"}))
    assert not g.impaired(g.grim.seat(7))                 # no longer the chosen character


def test_a_barber_swap_moves_the_drunkenness_with_the_character():
    g = new_game("philosopher,alhadikhia,wraith,oracle,savant,fisherman,barber", script=SCRIPT)
    walk(g, "philosopher")
    run(g, ("character", {"character": "oracle"}))
    walk(g)
    run(g, ("execute", {"seat": 7}))                     # haircuts tonight
    walk(g, "barber")
    said = run(g, ("choose", {"seats": [4, 5]}))         # the Oracle <-> the Savant
    assert g.grim.seat(5).character == "oracle"
    assert "seat 5, Eve is drunk" in text(said)
    assert g.impaired(g.grim.seat(5)) and not g.impaired(g.grim.seat(4))


def test_a_philosopher_who_chose_while_drunk_makes_nobody_drunk_later():
    g = new_game("philosopher,imp,baron,oracle,sweetheart,king,librarian,farmer",
                 script=SCRIPT)
    run(g, ("status_effect", {"seat": 1, "effect": "drunk"}))
    walk(g, "philosopher")
    run(g, ("character", {"character": "fisherman"}))
    walk(g)
    run(g, ("become", {"seat": 7, "character": "fisherman"}))
    assert not g.impaired(g.grim.seat(7))
