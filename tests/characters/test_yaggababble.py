"""Yaggababble: 'You start knowing a secret phrase. For each time you said it publicly today,
a player might die.' Built from the ability text and the catalogue's night reminders (the
almanac page was not found by the search): the phrase is given on the first night; each
time it is said aloud by day, the Storyteller may kill one player that night; the jinx with
the Exorcist (chosen, it kills nobody tonight)."""
import pytest

from engine_helpers import choose, new_game, run, script_file, text, to_day, walk_to
from statemachine.errors import Rejected
from statemachine import line_rules

SCRIPT_IDS = ["empath", "chef", "monk", "soldier", "exorcist", "investigator", "saint",
              "recluse", "poisoner", "baron", "yaggababble"]
# Yaggababble 1, Poisoner 2, Empath 3, Chef 4, Monk 5, Soldier 6, Exorcist 7
SETUP = "yaggababble,poisoner,empath,chef,monk,soldier,exorcist"


@pytest.fixture
def script(tmp_path):
    def make(ids=SCRIPT_IDS):
        return script_file(tmp_path / "yagga.json", "Yaggababble mix", ids)
    return make


SAID = ("yaggababble_said", {})


def test_the_first_night_it_is_told_its_phrase(script):
    game = new_game(SETUP, script(), start=False)
    assert any("secret phrase, proposed" in line for line in game.setup_lines())
    run(game, "next")
    walk_to(game, "yaggababble")
    assert game.current.ability == "yaggababble" and game.current.seat == 1
    phrase = next(r for r in game.grim.seat(1).reminders if r.startswith("Yaggababble: phrase"))
    assert f"Tell them their secret phrase: {phrase.split('phrase ')[1]}." in game.last_private
    assert "yaggababble" in game.night_order_ids(first=False)


def test_each_time_said_by_day_one_more_player_may_die(script):
    game = new_game(SETUP, script())
    to_day(game)
    said = run(game, SAID, SAID)
    assert "2 times today, so up to 2 players may die tonight." in text(said, "private")
    run(game, "end_day")
    walk_to(game, "yaggababble", {"poisoner": [6], "monk": [6], "exorcist": [3]})
    assert "up to 2 players may die" in game.last_private
    with pytest.raises(Rejected):
        run(game, choose(3, 4, 5))
    said = run(game, choose(3, 4)) + walk_to(game, "the day")
    assert not game.grim.seat(3).alive and not game.grim.seat(4).alive
    assert "Seat 3, Cat and seat 4, Dan died in the night." in text(said, "public")


def test_the_storyteller_may_kill_fewer_or_nobody(script):
    game = new_game(SETUP, script())
    to_day(game)
    run(game, SAID, "end_day")
    walk_to(game, "yaggababble", {"poisoner": [6], "monk": [6], "exorcist": [3]})
    run(game, "nobody")
    assert all(p.alive for p in game.grim.players)


def test_not_said_nobody_dies_and_the_count_is_per_day(script):
    game = new_game(SETUP, script())
    to_day(game)
    run(game, SAID, "end_day")
    walk_to(game, "yaggababble", {"poisoner": [6], "monk": [6], "exorcist": [3]})
    run(game, choose(3))
    walk_to(game, "the day", {"poisoner": [6], "monk": [6], "exorcist": [3]})
    run(game, "end_day")
    walk_to(game, "yaggababble", {"poisoner": [6], "monk": [6], "exorcist": [4]})
    assert "did not say its phrase by day: nobody dies" in game.last_private


def test_the_phrase_is_counted_only_by_day(script):
    game = new_game(SETUP, script())
    with pytest.raises(Rejected):
        run(game, SAID)


def test_a_poisoned_yaggababble_kills_nobody(script):
    game = new_game(SETUP, script())
    to_day(game)
    run(game, SAID, "end_day")
    said = walk_to(game, "the day", {"poisoner": [1], "monk": [6], "exorcist": [3]})
    assert "The Yaggababble is poisoned: nobody dies for its phrase." in text(said, "private")
    assert all(p.alive for p in game.grim.players)


def test_the_exorcist_choosing_it_stops_its_kills_a_jinx(script):
    game = new_game(SETUP, script())
    to_day(game)
    run(game, SAID, "end_day")
    said = walk_to(game, "the day", {"poisoner": [6], "monk": [6], "exorcist": [1]})
    assert "A jinx: the Exorcist chose the Yaggababble" in text(said, "private")
    assert all(p.alive for p in game.grim.players)


def test_its_lines_are_fit_to_say(script):
    game = new_game(SETUP, script(), start=False)
    lines = [(t, True) for t in game.setup_lines()]
    said = run(game, "next")
    to_day(game)
    day = run(game, SAID)
    lines += [(s.text, False) for s in day]
    said += run(game, "end_day")
    said += walk_to(game, "yaggababble", {"poisoner": [6], "monk": [6], "exorcist": [3]})
    said += run(game, choose(3)) + walk_to(game, "the day")
    line_rules.assert_fit_to_say(lines + [(s.text, s.channel == "private") for s in said])
