"""The Hatter: 'If you died today or tonight, the Minion & Demon players may choose new
Minion & Demon characters to be.' Built from the ability text; the almanac page was not
found (the search gave only the summary and community notes: a drunk or poisoned Hatter's
death does nothing; an evil Townsfolk is not a Minion and chooses nothing). Rulings: each
Minion and Demon player, in seat order, may take a character of their own type that is on
the script and not in play, or keep theirs; alignment stays."""
import pytest

from engine_helpers import execute, new_game, private, run, script_file
from statemachine.errors import Rejected
from statemachine.line_rules import assert_fit_to_say
from tb_steps import walk_night

IDS = ["imp", "vortox", "poisoner", "spy", "baron", "scarletwoman", "washerwoman",
       "librarian", "chef", "empath", "monk", "soldier", "mayor", "saint", "recluse",
       "hatter"]
SETUP = "imp,poisoner,hatter,empath,chef,monk,soldier"      # Hatter 3
PICKS = {"poisoner": 7, "monk": 4, "imp": 5}


def game_at_tea(tmp_path, poison=7):
    game = new_game(SETUP, script_file(tmp_path / "tea.json", "Tea", IDS))
    walk_night(game, {"poisoner": poison})
    said = run(game, execute(3))                              # the Hatter dies today
    said += walk_night(game, PICKS, until="hatter")
    return game, said


def character(cid):
    return ("character", {"character": cid})


def test_the_minions_and_the_demon_may_each_become_a_new_character(tmp_path):
    game, said = game_at_tea(tmp_path)
    assert game.current.ability == "hatter"
    assert "Wake the Imp, seat 1, Ann. Show them the Hatter token." in game.wait.prompt
    said = run(game, character("vortox"))
    assert game.grim.seat(1).character == "vortox" and game.grim.seat(1).alignment == "evil"
    assert "is now the Vortox, and stays evil" in game.wait.prompt
    run(game, "next")
    assert "Wake the Poisoner, seat 2, Ben." in game.wait.prompt
    run(game, character("spy"))
    assert game.grim.seat(2).character == "spy" and game.grim.seat(2).alignment == "evil"


def test_next_keeps_the_character(tmp_path):
    game, _ = game_at_tea(tmp_path)
    said = run(game, "next", "next")
    assert game.grim.seat(1).character == "imp" and game.grim.seat(2).character == "poisoner"
    assert "Seat 2, Ben stays the Poisoner. Put the Poisoner to sleep." in private(said)


def test_a_character_in_play_of_another_type_or_off_the_script_is_refused(tmp_path):
    game, _ = game_at_tea(tmp_path)
    run(game, "next")                                          # the Imp stays
    with pytest.raises(Rejected, match="they choose a Minion character"):
        run(game, character("vortox"))
    with pytest.raises(Rejected, match="not on the script"):
        run(game, character("witch"))
    with pytest.raises(Rejected, match="is in play"):
        run(game, character("poisoner"))
    assert game.grim.seat(2).character == "poisoner"


def test_no_tea_party_while_the_hatter_lives(tmp_path):
    game = new_game(SETUP, script_file(tmp_path / "tea.json", "Tea", IDS))
    walk_night(game, {"poisoner": 7})
    run(game, execute(5))
    assert "hatter" not in game.night_order_ids(False)


def test_a_poisoned_hatters_death_does_nothing(tmp_path):
    game = new_game(SETUP, script_file(tmp_path / "tea.json", "Tea", IDS))
    walk_night(game, {"poisoner": 3})
    run(game, execute(3))
    assert "hatter" not in game.night_order_ids(False)


def test_a_hatter_killed_tonight_holds_the_tea_party_tonight(tmp_path):
    game = new_game(SETUP, script_file(tmp_path / "tea.json", "Tea", IDS))
    walk_night(game, {"poisoner": 7})
    run(game, execute(5))
    walk_night(game, {"poisoner": 7, "monk": 4, "imp": 3}, until="hatter")
    assert not game.grim.seat(3).alive and game.current.ability == "hatter"
    run(game, "next", "next")
    walk_night(game, PICKS)
    run(game, execute(4))
    assert "hatter" not in game.night_order_ids(False)          # once, not every night


def test_the_leviathan_cannot_come_into_play_after_day_five_a_jinx(tmp_path):
    """Before day five the Imp may become the Leviathan; after it, refused."""
    ids = IDS + ["leviathan"]
    game = new_game(SETUP, script_file(tmp_path / "tea.json", "Tea", ids))
    walk_night(game, {"poisoner": 7})
    run(game, execute(3))
    walk_night(game, PICKS, until="hatter")
    game.grim.day = 5        # the day counter, as after day five (a shortcut)
    with pytest.raises(Rejected, match="cannot come into play after day five"):
        run(game, character("leviathan"))
    assert game.grim.seat(1).character == "imp"
    game.grim.day = 4
    run(game, character("leviathan"))
    assert game.grim.seat(1).character == "leviathan"


def test_the_demon_choosing_legion_makes_every_evil_player_legion_a_jinx(tmp_path):
    game = new_game(SETUP, script_file(tmp_path / "tea.json", "Tea", IDS + ["legion"]))
    walk_night(game, {"poisoner": 7})
    said = run(game, execute(3))
    said += walk_night(game, PICKS, until="hatter")
    said += run(game, character("legion"), "next")
    assert ("A jinx: Legion is created, so every evil player becomes Legion. Wake seat 2, "
            "Ben, the Poisoner") in game.wait.prompt
    said += run(game, "next")
    assert [p.character for p in game.grim.players[:2]] == ["legion", "legion"]
    assert game.current is None or game.current.ability != "hatter"   # the party is over
    assert_fit_to_say([(s.text, s.channel == "private", s.channel) for s in said])


def test_with_legion_in_play_the_hatter_has_no_ability_a_jinx(tmp_path):
    game = new_game("legion,legion,legion,legion,hatter,chef,empath",
                    script_file(tmp_path / "tea.json", "Tea", IDS + ["legion"]))
    walk_night(game, {})
    run(game, execute(5))
    assert not game.grim.seat(5).alive
    assert "Hatter: Tea Party Tonight" not in game.grim.seat(5).reminders
    assert "hatter" not in game.night_order_ids(False)


def test_the_demon_taking_lil_monsta_also_chooses_a_minion_a_jinx(tmp_path):
    """Ruling: the former Demon keeps Lil' Monsta's token until the Minions next choose."""
    game = new_game(SETUP, script_file(tmp_path / "tea.json", "Tea", IDS + ["lilmonsta"]))
    walk_night(game, {"poisoner": 7})
    said = run(game, execute(3))
    said += walk_night(game, PICKS, until="hatter")
    said += run(game, character("lilmonsta"))
    assert "they also choose a Minion character not in play to become" in game.wait.prompt
    with pytest.raises(Rejected, match="is in play"):
        run(game, character("poisoner"))
    said += run(game, character("spy"))
    ann = game.grim.seat(1)
    assert ann.character == "spy" and ann.alignment == "evil" and game.is_demon(ann)
    assert "is now the Spy and babysits Lil' Monsta: they are the Demon." in game.wait.prompt
    said += run(game, "next", "next")                          # the Poisoner stays
    said += walk_night(game, {})
    assert game.winner is None and "lilmonsta" in game.night_order_ids(False)
    said += run(game, ("end_day", {}))
    said += walk_night(game, {"poisoner": 7, "monk": 5}, until="lilmonsta")
    assert "Wake the Minions: seat 1, Ann and seat 2, Ben." in game.wait.prompt
    assert_fit_to_say([(s.text, s.channel == "private", s.channel) for s in said])


def test_its_lines_are_fit_to_be_said(tmp_path):
    game, said = game_at_tea(tmp_path)
    said += run(game, character("vortox"), "next", character("spy"), "next")
    assert_fit_to_say([(s.text, s.channel == "private", s.channel) for s in said])
