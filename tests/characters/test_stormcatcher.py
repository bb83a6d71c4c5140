"""Storm Catcher (Loric): 'Name a good character. If in play, they can only die by execution,
but evil players learn which player it is.' From the almanac's summary (the wiki page's How
to Run was not found whole) and a Storyteller's cues (botcscriptorium): on the first night
the stormcaught character is announced; each evil player is woken and shown the character
and its player, or that it is not in play. Rulings: the narrator proposes a good character in
play at setup; the Storyteller's own kill is not stopped; the mark stays with the player."""
import pytest

from engine_helpers import new_game, public, private, run, script_file, to_day, walk_to
from statemachine import line_rules
from statemachine.errors import Rejected

IDS = ["imp", "poisoner", "empath", "chef", "monk", "soldier", "washerwoman", "slayer",
       "stormcatcher"]
# Imp 1, Poisoner 2, Empath 3, Chef 4, Monk 5, Soldier 6, Washerwoman 7
SETUP = "imp,poisoner,empath,chef,monk,soldier,washerwoman"
CAUGHT = "Storm Catcher: Stormcaught"


@pytest.fixture
def script(tmp_path):
    return script_file(tmp_path / "storm.json", "Storm game", IDS)


def test_a_good_character_in_play_is_proposed_and_may_be_changed(script):
    game = new_game(SETUP, script, start=False)
    marked = [p for p in game.grim.players if CAUGHT in p.reminders]
    assert len(marked) == 1 and not game.is_evil(marked[0])
    assert any("The Storm Catcher's character, proposed: the " in line
               for line in game.setup_lines())
    said = run(game, ("stormcatcher_names", {"character": "empath"}))
    assert "The Storm Catcher names the Empath, seat 3, Cat." in private(said)
    assert [p.seat for p in game.grim.players if CAUGHT in p.reminders] == [3]
    with pytest.raises(Rejected, match="good character"):
        run(game, ("stormcatcher_names", {"character": "poisoner"}))
    said = run(game, ("stormcatcher_names", {"character": "slayer"}))
    assert "the Slayer, not in play" in private(said)
    assert not any(CAUGHT in p.reminders for p in game.grim.players)


def test_the_first_night_announces_it_and_shows_the_evil_players(script):
    game = new_game(SETUP, script, start=False)
    said = run(game, ("stormcatcher_names", {"character": "empath"}), "next")
    assert game.current.ability == "stormcatcher"
    assert "show them the Empath token, then point at seat 3, Cat" in game.last_private
    said += walk_to(game, "the day")
    assert "The Storm Catcher has caught the Empath." in public(said)
    with pytest.raises(Rejected):
        run(game, ("stormcatcher_names", {"character": "monk"}))


def test_not_in_play_the_evil_players_learn_that(script):
    game = new_game(SETUP, script, start=False)
    run(game, ("stormcatcher_names", {"character": "slayer"}), "next")
    assert game.current.ability == "stormcatcher"
    assert "'these characters are not in play' and the Slayer token" in game.last_private


def test_the_caught_player_dies_only_by_execution(script):
    game = new_game(SETUP, script, start=False)
    run(game, ("stormcatcher_names", {"character": "empath"}), "next")
    to_day(game)
    said = run(game, "end_day")
    said += walk_to(game, "imp", {"poisoner": [6], "monk": [6]})
    said += run(game, ("choose", {"seats": [3]}))
    assert "Seat 3, Cat is storm caught: they can die only by execution." in private(said)
    said += walk_to(game, "the day")
    assert game.grim.seat(3).alive
    run(game, ("nominate", {"nominator": 4, "nominee": 3}), ("vote", {"seats": [1, 2, 4, 5]}),
        "next", "end_day")
    assert not game.grim.seat(3).alive
    line_rules.assert_fit_to_say([(s.text, False, s.channel) for s in said])


def test_the_storytellers_word_is_not_stopped(script):
    game = new_game(SETUP, script, start=False)
    run(game, ("stormcatcher_names", {"character": "empath"}), "next")
    to_day(game)
    run(game, ("die", {"seat": 3}))
    assert not game.grim.seat(3).alive
