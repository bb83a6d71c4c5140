"""Tor (Loric): 'Players don't know their character or alignment. They learn them when they
die.' From the almanac (wiki: summary and How to Run): tokens are not handed out but placed
in the grimoire; abilities work as usual; the Demon and Minions do not know each other; a
player who dies by day is told privately, one who dies at night is woken and shown the you
are token, their character and a thumb, true even if drunk or poisoned."""
import pytest

from engine_helpers import new_game, private, run, script_file, to_day, walk_to
from statemachine import line_rules
from statemachine.view import handout

IDS = ["imp", "poisoner", "empath", "chef", "monk", "soldier", "washerwoman", "tor"]
SETUP = "imp,poisoner,empath,chef,monk,soldier,washerwoman"


@pytest.fixture
def script(tmp_path):
    return script_file(tmp_path / "tor.json", "Tor game", IDS)


def test_no_tokens_are_handed_out_and_no_evil_info(script):
    game = new_game(SETUP, script, start=False)
    steps = handout.steps(game)
    assert "Place the tokens in the grimoire: nobody sees their own." in steps[0]
    assert "Seat 3, Cat: the Empath, not shown to them." in steps[2]
    assert "give" not in " ".join(steps[:7]).lower().replace("give no minion", "")
    order = game.night_order_ids(first=True)
    assert "minioninfo" not in order and "demoninfo" not in order and "tor" in order
    said = run(game, "next")
    said += walk_to(game, "the day")
    assert "no Minion info and no Demon info tonight" in private(said)
    assert "bluffs" not in private(said).lower()


def test_a_player_dying_by_day_is_told_privately(script):
    game = new_game(SETUP, script)
    to_day(game)
    said = run(game, ("die", {"seat": 2}))
    assert "Tor: tell seat 2, Ben privately that they were the Poisoner, and evil." in private(said)


def test_a_player_dying_at_night_is_woken_and_shown_at_tors_place(script):
    game = new_game(SETUP, script)
    to_day(game)
    said = run(game, "end_day")
    said += walk_to(game, "imp", {"poisoner": [6], "monk": [6]})
    said += run(game, ("choose", {"seats": [3]}))
    said += walk_to(game, "tor")
    assert game.current.ability == "tor"
    assert ("Wake seat 3, Cat. Show them the You Are token, the Empath token and a thumbs up, "
            "good.") in game.last_private
    said += walk_to(game, "the day")
    line_rules.assert_fit_to_say([(s.text, False, s.channel) for s in said])


def test_a_poisoned_player_learns_the_truth(script):
    game = new_game(SETUP, script)
    to_day(game)
    run(game, "end_day")
    walk_to(game, "imp", {"poisoner": [3], "monk": [6]})
    run(game, ("choose", {"seats": [3]}))
    walk_to(game, "tor")
    assert "the Empath token and a thumbs up" in game.last_private


def test_without_tor_the_tokens_are_given(tmp_path):
    game = new_game(SETUP, start=False)
    assert "give the" in handout.steps(game)[1]
