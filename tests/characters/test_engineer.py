"""Engineer: 'One night per game, you may decide which Minion or Demon characters are in
play.' From the almanac page (found: its rules, How to Run and examples): Minions or a
Demon, not both; the Demon player stays the Demon and the Minions stay Minions; a chosen
character already in play stays with its player, unknown to the Engineer; as many Minions
as are in play; only the script's characters; each player changed is woken and shown the
You Are token and their new character; the ability is then used (No Ability). The almanac's
example: on the second night the Engineer makes the Demon a Lleech, the Imp player becoming
the Lleech (here the Vortox)."""
import pytest

from engine_helpers import new_game, run, script_file, text, to_day, walk_to
from statemachine import line_rules
from statemachine.errors import Rejected
from statemachine.model import Effect

IDS = ["engineer", "chef", "empath", "monk", "soldier", "saint", "recluse", "poisoner",
       "spy", "baron", "scarletwoman", "imp", "vortox", "washerwoman", "librarian"]
# Imp 1, Poisoner 2, Engineer 3, Chef 4, Empath 5, Monk 6, Soldier 7
SETUP = "imp,poisoner,engineer,chef,empath,monk,soldier"


@pytest.fixture
def script(tmp_path):
    return script_file(tmp_path / "eng.json", "Works", IDS)


def character(cid):
    return ("character", {"character": cid})


def heard(said):
    return [(s.text, s.channel == "private", s.channel) for s in said]


def test_it_may_wait_and_is_asked_again_the_next_night(script):
    game = new_game(SETUP, script)
    walk_to(game, "engineer")
    assert game.last_private.startswith("The Engineer may point at Minions or a Demon")
    said = run(game, "next")
    assert "The Engineer waits." in text(said)
    to_day(game)
    run(game, "end_day")
    assert "engineer" in game.night_order_ids(False)


def test_on_the_second_night_the_demon_becomes_the_vortox(script):
    game = new_game(SETUP, script, start=False)
    said = run(game, "next")
    said += walk_to(game, "engineer") + run(game, "next")
    to_day(game)
    said += run(game, "end_day") + walk_to(game, "engineer")
    with pytest.raises(Rejected, match="Minion or a Demon on the script"):
        run(game, character("chef"))
    said += run(game, character("vortox"))
    imp = game.grim.seat(1)
    assert imp.character == "vortox" and imp.alignment == "evil"
    assert "Put the Engineer to sleep." in text(said)
    assert ("Seat 1, Ann is now the Vortox. Wake them: show the You Are token and the Vortox "
            "token.") in game.last_private
    said += run(game, "next")
    assert "Engineer: No Ability" in game.grim.seat(3).reminders
    said += walk_to(game, "vortox", {"monk": [4], "poisoner": [5]})
    assert game.current.seat == 1
    assert "engineer" not in game.night_order_ids(False)


def test_minions_as_many_as_in_play_one_already_in_play_stays(script):
    # Ten players: two Minions. Imp 1, Poisoner 2, Spy 3, Engineer 4.
    game = new_game("imp,poisoner,spy,engineer,chef,empath,monk,soldier,washerwoman,"
                    "librarian", script)
    walk_to(game, "engineer")
    run(game, character("spy"))
    assert game.last_private.startswith("Minion 2 of 2: say the next Minion they point at.")
    with pytest.raises(Rejected, match="not both"):
        run(game, character("vortox"))
    with pytest.raises(Rejected, match="chosen already"):
        run(game, character("spy"))
    said = run(game, character("baron"))
    assert game.grim.seat(2).character == "baron" and game.grim.seat(3).character == "spy"
    assert game.grim.seat(2).alignment == "evil"
    assert "Seat 2, Ben is now the Baron." in game.last_private


def test_characters_already_in_play_change_nothing(script):
    game = new_game(SETUP, script)
    walk_to(game, "engineer")
    said = run(game, character("imp"))
    assert "Those characters are in play already: nothing changes." in text(said)
    assert game.grim.seat(1).character == "imp" and "engineer" in game.grim.seat(3).spent


def test_a_drunk_engineer_uses_it_up_and_changes_nothing(script):
    game = new_game(SETUP, script, start=False)
    game.grim.seat(3).add_effect(Effect("drunk", until="dusk"))
    run(game, "next")
    walk_to(game, "engineer")
    said = run(game, character("vortox"))
    assert "The Engineer is drunk: nothing changes." in text(said)
    assert game.grim.seat(1).character == "imp"
    to_day(game)
    run(game, "end_day")
    assert "engineer" not in game.night_order_ids(False)


def test_legion_chosen_makes_every_evil_player_legion_a_jinx(tmp_path):
    game = new_game(SETUP, script_file(tmp_path / "eng.json", "Works", IDS + ["legion"]))
    said = walk_to(game, "engineer") + run(game, character("legion"))
    assert "Seat 1, Ann is now the Legion." in game.last_private
    said += run(game, "next")
    assert "Seat 2, Ben is now the Legion." in game.last_private
    said += run(game, "next")
    assert [p.character for p in game.grim.players[:3]] == ["legion", "legion", "engineer"]
    assert all(p.alignment == "evil" for p in game.grim.players[:2])
    line_rules.assert_fit_to_say(heard(said))


def test_with_legion_in_play_the_engineer_is_told_and_has_no_ability_a_jinx(tmp_path):
    path = script_file(tmp_path / "eng.json", "Works", IDS + ["legion"])
    game = new_game("legion,legion,legion,legion,engineer,chef,empath", path)
    said = walk_to(game, "engineer")
    assert ("A jinx: Legion is in play, so the Engineer has no ability. Tell them Legion is "
            "in play.") in game.last_private
    with pytest.raises(Rejected):
        run(game, character("imp"))
    said += run(game, "next")
    assert "Engineer: No Ability" in game.grim.seat(5).reminders
    to_day(game)
    run(game, "end_day")
    assert "engineer" not in game.night_order_ids(False)
    line_rules.assert_fit_to_say(heard(said))


def test_its_lines_are_fit_to_be_said(script):
    game = new_game(SETUP, script, start=False)
    said = run(game, "next") + walk_to(game, "engineer")
    said += run(game, character("scarletwoman"))
    said += run(game, "next")
    line_rules.assert_fit_to_say(heard(said))
    assert game.grim.seat(2).character == "scarletwoman"
