"""Cannibal: has the ability of the most recently executed player who died; poisoned while
that player was evil, until a good player dies by execution."""
import pytest

from engine_helpers import new_game, run, text
from statemachine.errors import Rejected
from tf_helpers import walk

SCRIPT = "Raining Down"
CHARS = "cannibal,imp,baron,empath,washerwoman,soldier,butler,virgin"


def day_one():
    g = new_game(CHARS, script=SCRIPT)
    walk(g, butler=[4])
    return g


def test_good_executee_gives_their_ability_which_wakes_that_night():
    g = day_one()
    said = run(g, ("execute", {"seat": 4}))
    assert "now has the Empath ability" in text(said) and "Do not tell them" in text(said)
    assert "empath" in g.abilities(g.grim.seat(1))
    walk(g, "empath", imp=[6], butler=[5])
    assert g.current.seat == 1 and not g.impaired(g.grim.seat(1))


def test_evil_executee_poisons_and_the_storyteller_picks_a_false_ability():
    g = day_one()
    said = run(g, ("execute", {"seat": 3}))
    assert "poisoned until a good player dies by execution" in text(said)
    assert g.impairment(g.grim.seat(1)) == "poisoned"
    with pytest.raises(Rejected):
        run(g, ("cannibal_believes", {"character": "imp"}))
    run(g, ("cannibal_believes", {"character": "empath"}))
    walk(g, "empath", imp=[6], butler=[5])
    assert g.current.seat == 1 and "They are poisoned" in g.last_private
    walk(g, butler=[5])
    run(g, ("execute", {"seat": 8}))                   # a good player dies by execution
    assert not g.impaired(g.grim.seat(1))
    assert "virgin" in g.abilities(g.grim.seat(1)) and "empath" not in g.abilities(g.grim.seat(1))


def test_false_ability_only_while_poisoned_by_an_evil_lunch():
    g = day_one()
    with pytest.raises(Rejected):
        run(g, ("cannibal_believes", {"character": "empath"}))


def test_executing_a_dead_player_gives_nothing():
    g = day_one()
    run(g, ("die", {"seat": 4}), ("execute", {"seat": 4}))
    assert g.abilities(g.grim.seat(1)) == ["cannibal"]


def test_butler_jinx_tells_the_cannibal():
    g = day_one()
    said = run(g, ("execute", {"seat": 7}))
    assert "Jinx: tell them they have the Butler's ability" in text(said)


def test_zealot_jinx_tells_the_cannibal(tmp_path):
    """The jinx: a Cannibal who gains the Zealot's ability is told so (both automated now)."""
    import json
    script = tmp_path / "cannibal-zealot.json"
    script.write_text(json.dumps([{"id": "_meta", "name": "Zealous"}, "imp", "baron",
                                  "cannibal", "empath", "washerwoman", "soldier", "zealot",
                                  "virgin", "chef", "monk", "saint"]))
    g = new_game("cannibal,imp,baron,empath,washerwoman,soldier,zealot,virgin", str(script))
    walk(g)
    said = run(g, ("execute", {"seat": 7}))
    assert ("The Cannibal, seat 1, Ann, now has the Zealot ability. Jinx: tell them they "
            "have the Zealot's ability.") in text(said)
