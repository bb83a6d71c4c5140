"""The Buddhist (Fabled): "For the first 2 minutes of each day, veteran players may not
talk." From the almanac: the veterans (Angelus and Lewis in its example) may not talk at
all for the first two minutes of each day, then talk freely; without a timer the
Storyteller judges the two minutes and tells the veterans when the time is up. Its
first-night step: the table is told who the Buddhist keeps quiet."""
import pytest

from engine_helpers import choose, new_game, run, script_file, skip_to
from statemachine import line_rules
from statemachine.errors import Rejected
from tb_steps import private, public, walk_night

TB = ["washerwoman", "chef", "empath", "monk", "soldier", "saint", "poisoner", "imp"]
SETUP = "imp,poisoner,empath,chef,monk,soldier,saint"
OVER = ("buddhist_over", {})


@pytest.fixture
def game(tmp_path):
    return new_game(SETUP, script_file(tmp_path / "b.json", "Quiet mix", TB + ["buddhist"]))


def fit(said, night):
    line_rules.assert_fit_to_say([(s.text, night, s.channel) for s in said])


def test_the_first_night_the_veterans_are_named_to_the_table(game):
    said = skip_to(game, "buddhist")
    assert game.current.ability == "buddhist" and game.current.seat == 0
    assert game.night_order_ids(first=True)[:2] == ["dusk", "buddhist"]
    assert "Which players have played before?" in game.last_private
    said = run(game, choose(3, 5))
    assert ("The Buddhist keeps seat 3, Cat and seat 5, Eve quiet: for the first two "
            "minutes of each day, they may not talk.") in public(said)
    fit(said, night=True)


def test_each_day_begins_with_their_silence_and_ends_it_on_the_storytellers_word(game):
    skip_to(game, "buddhist")
    run(game, choose(3, 5))
    said = walk_night(game, {"poisoner": 7})
    assert public(said).index("Day 1.") < public(said).index(
        "For the first two minutes, seat 3, Cat and seat 5, Eve may not talk.")
    assert "Say 'the two minutes are over' when two minutes have passed." in private(said)
    said = run(game, OVER)
    assert "The two minutes are over. Seat 3, Cat and seat 5, Eve may talk." in public(said)
    with pytest.raises(Rejected, match="Nobody is kept quiet now"):
        run(game, OVER)
    fit(said, night=False)
    run(game, ("end_day", {}))
    said = walk_night(game, {"poisoner": 7, "monk": 2, "imp": 4})
    assert "For the first two minutes, seat 3, Cat and seat 5, Eve may not talk." \
        in public(said)


def test_with_no_veterans_the_days_are_as_usual(game):
    skip_to(game, "buddhist")
    said = run(game, "nobody")
    assert "Nobody is kept quiet by the Buddhist." in private(said)
    said = walk_night(game, {"poisoner": 7})
    assert "two minutes" not in public(said)
    with pytest.raises(Rejected):
        run(game, OVER)


def test_a_later_veteran_is_added_and_the_time_is_not_ended_at_night(game):
    skip_to(game, "buddhist")
    run(game, choose(3))
    walk_night(game, {"poisoner": 7})
    run(game, ("traveller_joins", {"name": "Zed", "character": "gunslinger"}))
    said = run(game, ("buddhist_veteran", {"seat": 8}))
    assert "The Buddhist keeps seat 8, Zed quiet too" in public(said)
    run(game, OVER, ("end_day", {}))
    with pytest.raises(Rejected, match="Not now"):
        run(game, OVER)
    said = walk_night(game, {"poisoner": 7, "monk": 2, "imp": 4, "gunslinger": 2})
    assert "seat 3, Cat and seat 8, Zed may not talk" in public(said)


def test_the_phrases_parse():
    from characters.scripts import load_script, registry_for
    from narrator.language.commands import CommandLanguage
    tb = load_script("Trouble Brewing")
    lang = CommandLanguage(registry_for(tb), tb.ids + ["buddhist"])
    assert lang.parse("the two minutes are over").intent == "buddhist_over"
    c = lang.parse("seat nine is a veteran")
    assert (c.intent, c.slots) == ("buddhist_veteran", {"seat": 9})
