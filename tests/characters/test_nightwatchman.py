"""Nightwatchman: once per game at night, a chosen player learns who the Nightwatchman is."""
import pytest

from engine_helpers import choose, new_game, run, text
from statemachine.errors import Rejected
from statemachine.model import Effect
from tf_helpers import walk

SCRIPT = "Once Upon a Baron"
CHARS = "nightwatchman,imp,baron,empath,oracle,alsaahir,banshee,steward"


def test_may_wait_then_choose_once():
    g = new_game(CHARS, script=SCRIPT)
    walk(g, "nightwatchman")
    assert "may choose a player, or nobody" in g.last_private
    run(g, "nobody")
    walk(g)
    run(g, "end_day")
    walk(g, "nightwatchman", imp=[5])
    said = run(g, choose(4))
    assert "Wake seat 4, Dan" in text(said)
    assert "point to the Nightwatchman" in text(said)
    assert g.wait.truth == [1] and g.wait.proposal == [1]
    walk(g)
    run(g, "end_day")
    assert "nightwatchman" not in g.night_order_ids(first=False)


def test_cannot_choose_themself():
    g = new_game(CHARS, script=SCRIPT)
    walk(g, "nightwatchman")
    with pytest.raises(Rejected):
        run(g, choose(1))


def test_drunk_nightwatchman_spends_it_and_the_player_may_learn_someone_else():
    g = new_game(CHARS, script=SCRIPT)
    g.grim.seat(1).add_effect(Effect("drunk", until="dusk"))
    walk(g, "nightwatchman")
    run(g, choose(4))
    assert g.wait.truth == [1] and g.wait.proposal != [1]
    assert "nightwatchman" in g.grim.seat(1).spent


def test_put_to_sleep_once_before_the_chosen_player_wakes():
    g = new_game(CHARS, script=SCRIPT)
    walk(g, "nightwatchman")
    said = run(g, choose(4))
    said += run(g, "next")
    lines = [s.text for s in said]
    assert sum("Put the Nightwatchman to sleep" in line for line in lines) == 1
    assert lines[0].startswith("Put the Nightwatchman to sleep. Wake seat 4, Dan.")
