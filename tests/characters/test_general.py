"""General: 'Each night, you learn which alignment the Storyteller believes is winning: good,
evil, or neither.' (The search tool found the ability and the night sheet's How to Run only:
give a thumb signal, up for good, down for evil, sideways for neither. The side is the
Storyteller's opinion by design: the narrator proposes one by a stated count and records
what was shown; any answer stands for a sober General.)"""
import pytest

from engine_helpers import new_game, run, text
from statemachine.errors import Rejected
from statemachine.line_rules import assert_fit_to_say
from statemachine.model import Effect
from tf_steps import to_day, until

CHARS = "imp,general,poisoner,chef,empath,monk,soldier"


def test_first_night_the_count_proposes_neither_and_the_shown_side_is_noted():
    g = new_game(CHARS)
    said = until(g, "general", {"poisoner": 6})
    assert "By the count, neither: 2 of the 7 living are evil; at setup, 2 of 7." in \
        g.last_private
    assert "The true answer: thumb sideways, neither." in g.last_private
    said += run(g, "next")
    assert "General: shown neither, night 1" in g.grim.seat(2).reminders
    assert_fit_to_say([(s.text, True) for s in said if s.channel == "private"])


def test_good_players_dead_the_count_proposes_evil_and_any_view_stands():
    g = new_game(CHARS)
    to_day(g, {"poisoner": 6})
    run(g, ("die", {"seat": 4}), ("die", {"seat": 5}), ("end_day", {}))
    until(g, "general", {"poisoner": 6, "monk": 7, "imp": 7})
    assert "By the count, evil" in g.last_private
    run(g, ("general_good", {}))                       # the Storyteller's own view
    assert "General: shown good, night 2" in g.grim.seat(2).reminders
    assert not g.info_rules.false_given


def test_an_evil_player_dead_the_count_proposes_good():
    g = new_game(CHARS)
    to_day(g, {"poisoner": 6})
    run(g, ("die", {"seat": 3}), ("end_day", {}))
    until(g, "general", {"monk": 7, "imp": 7})
    assert "By the count, good" in g.last_private


def test_a_poisoned_general_is_proposed_another_side():
    g = new_game(CHARS)
    until(g, "general", {"poisoner": 2})
    assert "They are poisoned: give anything. Proposed: thumb" in g.last_private
    assert "Proposed: thumb sideways" not in g.last_private


def test_the_side_is_given_only_at_the_generals_step():
    g = new_game(CHARS)
    with pytest.raises(Rejected):
        run(g, ("general_evil", {}))


def test_it_wakes_every_night():
    g = new_game(CHARS)
    assert "general" in g.night_order_ids(True) and "general" in g.night_order_ids(False)
