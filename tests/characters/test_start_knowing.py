"""'You start knowing ...' abilities act on the first night, and on the night their holder
gains them mid-game (the rulings: "If the Philosopher gains an ability ... used on the first
night only, they use it tonight"; the Barber: "they gain the new ability, even if it was a
'you start knowing' ability"; the Apprentice: "it functions on the Apprentice's first night
instead"; the Steward, Noble, Shugenja: "if created mid-game, ... that night"). One engine
mechanism (Player.gained, Character.night_position) serves every such unit."""
import json

import pytest

from engine_helpers import new_game, run, text
from tf_helpers import walk

# A script holding the start-knowing units and every way of gaining them.
IDS = ["washerwoman", "librarian", "investigator", "chef", "empath", "philosopher", "pixie",
       "cannibal", "soldier", "barber", "drunk", "saint", "baron", "imp", "apprentice"]


@pytest.fixture
def script(tmp_path):
    path = tmp_path / "start-knowing.json"
    path.write_text(json.dumps([{"id": "_meta", "name": "Start knowing"}, *IDS]))
    return str(path)


def steps(g, ability):
    return [(e.seat) for e in g.night_queue() if e.ability == ability]


def to_night_two(g, **picks):
    walk(g, **picks)
    run(g, "end_day")


def test_held_at_setup_acts_on_the_first_night_only(script):
    g = new_game("imp,baron,washerwoman,chef,librarian,investigator,empath", script=script)
    assert {3, 4, 5, 6} <= {e.seat for e in g.night_queue()}
    assert g.grim.seat(3).gained["washerwoman"] == 1
    walk(g)
    for ability in ("washerwoman", "chef", "librarian", "investigator"):
        assert ability not in g.night_order_ids(first=False)     # previewed by day
    run(g, "end_day")
    said = walk(g, imp=[7])
    assert "Wake the Chef" not in text(said) and "Wake the Washerwoman" not in text(said)


def test_a_philosopher_choosing_the_chef_on_night_two_learns_that_night(script):
    g = new_game("philosopher,imp,baron,empath,soldier,saint,librarian", script=script)
    to_night_two(g)
    said = walk(g, "chef", philosopher="chef", imp=[5])
    assert g.current.seat == 1
    assert "Wake the Philosopher, seat 1, Ann, with the Chef's ability." in text(said)
    walk(g)
    run(g, "end_day")
    assert steps(g, "chef") == []                     # once: not again on night 3


def test_a_philosopher_choosing_the_washerwoman_on_the_first_night_uses_it_then(script):
    g = new_game("philosopher,imp,baron,empath,soldier,saint,librarian", script=script)
    said = walk(g, "washerwoman", philosopher="washerwoman")
    assert g.current.seat == 1 and g.current.position == g.unit("washerwoman").first_night
    assert "Wake the Philosopher, seat 1, Ann, with the Washerwoman's ability." in text(said)


def test_a_barber_swap_into_the_washerwoman_acts_that_night(script):
    g = new_game("imp,baron,washerwoman,empath,soldier,saint,barber", script=script)
    walk(g)
    run(g, ("execute", {"seat": 7}))                 # the Barber dies: haircuts tonight
    walk(g, "barber", imp=[5])
    run(g, ("choose", {"seats": [3, 4]}))            # washerwoman <-> empath
    assert g.grim.seat(4).character == "washerwoman"
    said = walk(g, "washerwoman")
    assert g.current.seat == 4
    assert "Wake the Washerwoman, seat 4, Dan." in text(said)
    walk(g)
    run(g, "end_day")
    assert steps(g, "washerwoman") == []


def test_a_drunk_made_by_a_barber_swap_wakes_as_the_townsfolk_they_believe(script):
    g = new_game("imp,baron,drunk,empath,soldier,saint,barber", script=script, start=False)
    run(g, ("drunk_believes", {"character": "investigator"}), "next")
    walk(g)
    run(g, ("execute", {"seat": 7}))
    walk(g, "barber", imp=[5])
    run(g, ("choose", {"seats": [3, 6]}))            # the Drunk <-> the Saint
    fay = g.grim.seat(6)
    assert (fay.character, fay.believes) == ("drunk", "investigator")
    said = walk(g, "investigator")
    assert g.current.seat == 6
    assert "Wake the Investigator, seat 6, Fay. They are drunk." in text(said)


def test_a_pixie_gaining_the_librarian_learns_that_night(script):
    g = new_game("imp,baron,pixie,librarian,soldier,saint,empath", script=script, start=False)
    run(g, ("pixie_learns", {"character": "librarian"}), "next")
    walk(g)
    run(g, "pixie_mad", "end_day")
    said = walk(g, "librarian", imp=[4])             # the Librarian dies: the Pixie gains it
    assert g.current.seat == 3
    assert "Wake the Pixie, seat 3, Cat, with the Librarian's ability." in text(said)


def test_a_cannibal_eating_an_executed_investigator_learns_that_night(script):
    g = new_game("imp,baron,cannibal,investigator,soldier,saint,empath", script=script)
    walk(g)
    run(g, ("execute", {"seat": 4}))
    said = walk(g, "investigator", imp=[5])
    assert g.current.seat == 3
    assert "Wake the Cannibal, seat 3, Cat, with the Investigator's ability." in text(said)


def test_an_apprentice_gaining_the_chef_uses_it_on_their_first_night(script):
    g = new_game("imp,baron,washerwoman,empath,soldier,saint,librarian,apprentice",
                 script=script, travellers=1)
    said = walk(g, "chef", apprentice="chef")
    assert g.current.seat == 8
    assert "Wake the Apprentice, seat 8, Hal, with the Chef's ability." in text(said)


def test_a_storyteller_character_change_by_day_acts_the_next_night(script):
    g = new_game("imp,baron,washerwoman,empath,soldier,saint,librarian", script=script)
    walk(g)
    run(g, ("become", {"seat": 4, "character": "investigator"}))
    assert g.grim.seat(4).gained["investigator"] == 2
    run(g, "end_day")
    said = walk(g, "investigator", imp=[5])
    assert g.current.seat == 4
    assert "Wake the Investigator, seat 4, Dan." in text(said)


def test_an_ability_lost_and_gained_again_counts_anew(script):
    g = new_game("imp,baron,washerwoman,empath,soldier,saint,librarian", script=script)
    walk(g)
    run(g, ("become", {"seat": 3, "character": "empath"}))
    assert "washerwoman" not in g.grim.seat(3).gained
    run(g, ("become", {"seat": 3, "character": "washerwoman"}))
    run(g, "end_day")
    assert steps(g, "washerwoman") == [3]


def test_a_mezepheles_made_by_a_barber_swap_learns_a_word_that_night():
    g = new_game("alhadikhia,mezepheles,noble,oracle,fisherman,savant,barber",
                 script="Seed Almanac")
    walk(g)
    run(g, ("execute", {"seat": 7}))
    walk(g, "barber")
    run(g, ("choose", {"seats": [2, 4]}))            # the Mezepheles <-> the Oracle
    said = walk(g, "mezepheles")
    assert g.current.seat == 4
    assert "Show the Mezepheles the secret word" in text(said)
