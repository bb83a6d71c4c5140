"""The Zenomancer (Loric): left to the Storyteller by design (the unit says why). Built from the
ability text; the almanac page was not found by the search. On a script, the table hears
the Zenomancer's rule when the game starts, and the narrator runs nothing of it."""
from characters.catalogue import build_registry, level
from characters.official import Judgement
from engine_helpers import new_game, script_file, text
from statemachine import line_rules


def test_the_zenomancer_is_storyteller_run_by_design_and_says_why():
    unit = build_registry().get("zenomancer")
    assert isinstance(unit, Judgement) and not unit.automated
    assert level(unit).startswith("storyteller-run by design: ") and unit.why


def test_the_table_hears_the_zenomancer_at_the_start(tmp_path):
    script = script_file(tmp_path / "zenomancer.json", "Zenomancer game",
                         ["imp", "poisoner", "empath", "chef", "monk", "soldier", "zenomancer"])
    game = new_game("imp,poisoner,empath,chef,monk", script, start=False)
    said = game.start()
    public = text(said, "public")
    assert "The Storyteller has the Zenomancer:" in public
    line_rules.assert_fit_to_say([(s.text, False, s.channel) for s in said])
