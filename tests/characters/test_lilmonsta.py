"""Lil' Monsta: 'Each night, Minions choose who babysits Lil' Monsta & "is the Demon". Each
night*, a player might die. [+1 Minion]'. The wiki page was found in part (its summary, an
example and tips, and its jinxes); its How to Run was not, so the rest is built from the
ability text and the example: the Minions wake together and point until one receives the
token; the next night they may choose another. No player is Lil' Monsta: the token's keeper
is the Demon (registers and dies as the Demon: executed, good wins). The Minion info shows
the Minions each other and there is no Demon info. Jinxes (characters/data/jinxes.toml):
the Poppy Grower, the Psychopath, the Scarlet Woman, the Vizier, the Marionette, the
Magician (while the Magician lives, the Storyteller chooses the babysitter: ruled that a
drunk or poisoned Magician still counts, as the jinx asks only that they be alive); the
Hatter jinx is left to the lead."""
import pytest

from engine_helpers import (NAMES, choose, new_game, run, script_file, text, to_day,
                            walk_to)
from characters.scripts import load_script, registry_for
from statemachine import line_rules
from statemachine.errors import Rejected
from statemachine.game import Game, GameSetup

IDS = ["washerwoman", "chef", "empath", "monk", "soldier", "investigator", "fortuneteller",
       "poppygrower", "librarian", "saint", "recluse", "butler", "poisoner", "scarletwoman",
       "vizier", "psychopath", "marionette", "lilmonsta"]
# seats: 1 poisoner, 2 scarletwoman, 3 empath, 4 chef, 5 monk, 6 soldier, 7 fortuneteller,
# 8 saint; no Demon player
SETUP = "poisoner,scarletwoman,empath,chef,monk,soldier,fortuneteller,saint"
PICKS = {"poisoner": [8], "monk": [6], "fortuneteller": [3, 4]}


@pytest.fixture
def script(tmp_path):
    def make(ids=IDS):
        return script_file(tmp_path / "monsta.json", "Monsta mix", ids)
    return make


def first_night(game, keeper=1):
    walk_to(game, "lilmonsta", PICKS)
    run(game, choose(keeper))
    return walk_to(game, "the day", PICKS)


def next_night(game, keeper=1):
    run(game, "end_day")
    walk_to(game, "lilmonsta", PICKS)
    return run(game, choose(keeper), "next")


def test_a_drawn_bag_has_no_demon_and_one_more_minion(script):
    loaded = load_script(script())
    game = Game(GameSetup(loaded.name, loaded.ids, NAMES[:7], None, 4), registry_for(loaded))
    teams = [game.team_of(p) for p in game.grim.players]
    assert "demon" not in teams and teams.count("minion") == 2
    assert not any(p.character == "lilmonsta" for p in game.grim.players)


def test_an_explicit_setup_with_no_demon_is_the_standard_one(script):
    game = new_game(SETUP, script(), start=False)
    assert not any(line.startswith("Note:") for line in game.setup_lines())


def test_the_minions_meet_without_a_demon_then_choose_the_babysitter(script):
    game = new_game(SETUP, script(), start=False)
    said = run(game, "next") + walk_to(game, "lilmonsta", PICKS)
    assert ("Wake the Minions: seat 1, Ann and seat 2, Ben. Show them each other: no player "
            "is the Demon.") in text(said)
    assert "Demon info" not in text(said)
    assert "They choose who babysits Lil' Monsta." in game.last_private
    assert not any(game.is_demon(p) for p in game.grim.players)
    with pytest.raises(Rejected, match="not a living Minion"):
        run(game, choose(3))
    said = run(game, choose(2))
    assert "Wake seat 2, Ben: show them the Lil' Monsta token; they are the Demon." in text(said)
    assert game.is_demon(game.grim.seat(2)) and game.demons_alive() == [game.grim.seat(2)]
    walk_to(game, "the day", PICKS)
    assert game.phase.state == "day" and not game.winner
    assert all(p.alive for p in game.grim.players)


def test_the_token_moves_and_the_storyteller_picks_who_dies(script):
    game = new_game(SETUP, script())
    first_night(game, keeper=2)
    said = next_night(game, keeper=1)
    assert game.is_demon(game.grim.seat(1)) and not game.is_demon(game.grim.seat(2))
    assert "A player might die, your choice." in text(said)
    said = run(game, choose(4)) + walk_to(game, "the day", PICKS)
    assert not game.grim.seat(4).alive and "Seat 4, Dan died in the night." in text(said)


def test_nobody_may_die(script):
    game = new_game(SETUP, script())
    first_night(game)
    next_night(game)
    run(game, "nobody")
    walk_to(game, "the day", PICKS)
    assert all(p.alive for p in game.grim.players)


def test_a_poisoned_babysitter_kills_nobody(script):
    game = new_game(SETUP, script())
    first_night(game)
    run(game, "end_day")
    walk_to(game, "lilmonsta", {**PICKS, "poisoner": [2]})
    run(game, choose(2), "next")
    said = run(game, choose(4))
    assert "is poisoned: seat 4, Dan does not die." in text(said)
    assert game.grim.seat(4).alive


def test_executing_the_babysitter_good_wins_and_another_minion_not(script):
    game = new_game(SETUP, script())
    first_night(game, keeper=2)
    run(game, ("execute", {"seat": 1}))
    assert not game.winner
    game = new_game(SETUP.replace("scarletwoman", "baron"), script())
    first_night(game, keeper=2)
    said = run(game, ("execute", {"seat": 2}))
    assert game.winner and game.winner.winner == "good"
    assert "Good wins." in text(said, "public")


def test_the_scarlet_woman_keeps_the_token_when_the_babysitter_dies_a_jinx(script):
    game = new_game(SETUP, script())
    first_night(game, keeper=1)
    said = run(game, ("execute", {"seat": 1}))
    assert not game.winner
    assert "A jinx: the Scarlet Woman, seat 2, Ben, keeps Lil' Monsta from now on" in text(said)
    assert game.is_demon(game.grim.seat(2)) and game.grim.seat(2).character == "scarletwoman"
    said = walk_to(game, "lilmonsta", PICKS) + game.out
    assert "keeps Lil' Monsta: the Minions do not choose." in text(said)
    assert "A player might die" in game.last_private


@pytest.mark.parametrize("minion", ["vizier", "psychopath"])
def test_a_vizier_or_psychopath_babysitting_dies_when_executed_a_jinx(script, minion):
    game = new_game(SETUP.replace("scarletwoman", minion), script())
    first_night(game, keeper=2)
    said = run(game, ("execute", {"seat": 2}))
    assert not game.grim.seat(2).alive and game.winner.winner == "good"
    assert "rock, paper, scissors" not in text(said) and "cannot die by day" not in text(said)


def test_with_the_poppy_grower_alive_the_minions_wake_one_at_a_time_a_jinx(script):
    game = new_game(SETUP.replace("chef", "poppygrower"), script())
    walk_to(game, "lilmonsta", PICKS)
    assert ("A jinx: the Poppy Grower lives. Wake the Minions one at a time, seat 1, Ann "
            "and seat 2, Ben, until one takes the token.") in game.last_private


def test_the_marionette_sits_by_a_minion_and_is_not_woken_to_choose_a_jinx(script):
    loaded = load_script(script())
    seen = 0
    for seed in range(6):
        game = Game(GameSetup(loaded.name, loaded.ids, NAMES[:10], None, seed),
                    registry_for(loaded))
        marionette = [p for p in game.grim.players if p.character == "marionette"]
        for p in marionette:
            seen += 1
            assert any(game.is_minion(n) for n in game.grim.neighbours(p, alive_only=False))
    assert seen >= 3
    game = new_game("poisoner,empath,marionette,chef,monk,soldier,fortuneteller,saint",
                    script(), start=False)
    assert any("must sit beside a Minion" in line for line in game.setup_lines())
    game = new_game("poisoner,marionette,empath,chef,monk,soldier,fortuneteller,saint",
                    script())
    walk_to(game, "lilmonsta", PICKS)
    assert "Wake the Minion: seat 1, Ann. They choose" in game.last_private


def test_its_lines_are_fit_to_say(script):
    game = new_game(SETUP, script(), start=False)
    lines = [(t, True) for t in game.setup_lines()]
    said = run(game, "next")
    said += first_night(game, keeper=2)
    said += next_night(game, keeper=1) + run(game, choose(4)) + walk_to(game, "the day", PICKS)
    line_rules.assert_fit_to_say(lines + [(s.text, s.channel == "private") for s in said])


def test_the_setup_says_lil_monsta_is_in_play_with_no_demon_player(script):
    game = new_game(SETUP, script(), start=False)
    assert ("Lil' Monsta is in play: no player is the Demon. On the first night the 2 "
            "Minions choose who babysits it.") in game.setup_lines()
    game = new_game(SETUP.replace("saint", "imp"), script(), start=False)
    assert not any("Lil' Monsta" in line for line in game.setup_lines())


def test_while_the_magician_lives_the_storyteller_chooses_the_babysitter(script):
    game = new_game(SETUP.replace("chef", "magician"), script(IDS + ["magician"]))
    walk_to(game, "lilmonsta", PICKS)
    assert "the Magician lives, so you choose which Minion babysits" in game.last_private
    assert "Wake the Minions" not in game.last_private
    with pytest.raises(Rejected, match="not a living Minion"):
        run(game, choose(4))
    said = run(game, choose(2))
    assert "Put the Minions to sleep" not in text(said)
    assert "Wake seat 2, Ben: show them the Lil' Monsta token" in text(said)
    assert game.is_demon(game.grim.seat(2))


def test_with_the_magician_dead_the_minions_choose_again(script):
    game = new_game(SETUP.replace("chef", "magician"), script(IDS + ["magician"]))
    first_night(game, keeper=2)
    run(game, ("die", {"seat": 4}))
    run(game, "end_day")
    walk_to(game, "lilmonsta", PICKS)
    assert "Wake the Minions: seat 1, Ann and seat 2, Ben." in game.last_private
    assert "the Magician lives" not in game.last_private
