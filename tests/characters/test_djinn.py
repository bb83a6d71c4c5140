"""The Djinn (Fabled): "Use the Djinn's special rule. All players know what it is." From the
almanac: at the start of the game the Storyteller tells everyone every special rule for the
jinxed characters on the script, even if none of them is in play (the example: the Pit-Hag
and the Heretic, "a Pit-Hag cannot create a Heretic", read out at the start)."""
import pytest

from engine_helpers import new_game, script_file
from statemachine import line_rules

BASE = ["washerwoman", "chef", "empath", "monk", "soldier", "saint", "poisoner", "imp"]
SETUP = "imp,poisoner,washerwoman,chef,empath,monk,soldier"


@pytest.fixture
def script(tmp_path):
    def make(ids):
        return script_file(tmp_path / "djinn.json", "Jinx mix", ids)
    return make


def opening(game):
    return [s.text for s in game.start() if s.channel == "public"]


def test_every_jinx_on_the_script_is_told_to_the_table(script):
    game = new_game(SETUP, script(BASE + ["heretic", "baron", "pithag", "djinn"]),
                    start=False)
    said = opening(game)
    assert ("The Storyteller has the Djinn: A special rule for a jinx on this script is in "
            "use, and everyone knows it.") in said
    rules = [s for s in said if s.startswith("The Djinn's rule")]
    assert ("The Djinn's rule for the Heretic and the Baron: Only one of the Heretic and the "
            "Baron may be in play.") in rules
    assert any("Pit-Hag" in r and "Heretic" in r for r in rules)
    assert len(rules) == 2                  # each pair once, neither of them in play
    line_rules.assert_fit_to_say([(s, False, "public") for s in said])


def test_only_the_jinxes_of_this_script(script):
    game = new_game(SETUP, script(BASE + ["heretic", "djinn"]), start=False)
    said = opening(game)
    assert not any(s.startswith("The Djinn's rule") for s in said)
    assert "This script has no jinxes, so the Djinn has no special rule." in said


def test_without_the_djinn_the_table_hears_no_jinx(script):
    game = new_game(SETUP, script(BASE + ["heretic", "baron"]), start=False)
    said = opening(game)
    assert not any("Djinn" in s or "Heretic" in s for s in said), said
