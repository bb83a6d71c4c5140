"""Lord of Typhon: 'Each night*, choose a player: they die. [Evil characters are in a line.
You are in the middle. +1 Minion. -? to +? Outsiders]'. The wiki page was found only in part
(its jinx with the Summoner); the How to Run was found quoted in a discussion of the
character's release: at setup no Minion token goes in the bag (Townsfolk or Outsiders in
their place); on the first night the players directly clockwise and anticlockwise of the
Lord of Typhon, as many as there are Minions, are each shown a different Minion and a thumb
down, and their tokens are replaced; then the Minion and Demon info as usual. No 'registers
as' rule was found. The Summoner jinx is left to the lead (the Summoner is another helper's)."""
from pathlib import Path

import pytest

from engine_helpers import NAMES, choose, new_game, run, script_file, text, to_day, walk_to
from characters.scripts import load_script, registry_for
from statemachine import line_rules
from statemachine.errors import Rejected
from statemachine.game import Game, GameSetup

IDS = ["washerwoman", "chef", "empath", "monk", "soldier", "investigator", "librarian",
       "undertaker", "fortuneteller", "ravenkeeper", "virgin", "slayer", "saint", "recluse", "butler", "poisoner", "baron", "scarletwoman", "spy",
       "lordoftyphon"]
# seats: 1 empath, 2 chef, 3 lordoftyphon, 4 monk, 5 butler, 6 soldier, 7 saint
SETUP = "empath,chef,lordoftyphon,monk,butler,soldier,saint"


@pytest.fixture
def script(tmp_path):
    return script_file(tmp_path / "typhon.json", "Typhon mix", IDS)


def drawn(script, players=8, seed=3):
    loaded = load_script(script)
    game = Game(GameSetup(loaded.name, loaded.ids, NAMES[:players], None, seed),
                registry_for(loaded))
    game.start()
    return game


def test_a_drawn_bag_holds_no_minion_and_one_more_is_made_beside_it(script):
    game = drawn(script, players=8)
    teams = [game.team_of(p) for p in game.grim.players]
    assert "minion" not in teams and teams.count("demon") == 1
    assert teams.count("townsfolk") == 6 and teams.count("outsider") == 1
    assert any("The 2 players nearest them become Minions on the first night." in line
               for line in game.setup_lines())
    lord = next(p for p in game.grim.players if p.character == "lordoftyphon")
    said = run(game, "next", "next", "next", "next", "next") + walk_to(game, "demoninfo")
    left, right = (game.grim.seat((lord.seat - 2) % 8 + 1), game.grim.seat(lord.seat % 8 + 1))
    for p in (left, right):
        assert game.is_minion(p) and p.alignment == "evil"
    assert f"The Lord of Typhon, {lord.label}: do not wake them." in text(said, "private")
    assert text(said, "private").count("token and a thumbs down.") == 2
    assert f"Show them the Demon: {lord.label}." in text(said)


def test_three_minions_make_a_line_two_on_one_side(script):
    game = drawn(script, players=11, seed=5)
    lord = next(p for p in game.grim.players if p.character == "lordoftyphon")
    run(game, "next")
    for _ in range(3):
        run(game, "next", "next")
    seats = sorted(p.seat for p in game.grim.players if game.is_evil(p))
    n, s = 11, lord.seat
    line = {s, (s % n) + 1, ((s - 2) % n) + 1, ((s + 1) % n) + 1}
    assert len(seats) == 4 and set(seats) == line


def test_the_storyteller_picks_another_minion_but_not_a_wrong_one(script):
    game = new_game(SETUP, script)
    assert game.current.ability == "lordoftyphon"
    assert "Seat 4, Dan, beside the Lord of Typhon, becomes a Minion." in game.last_private
    for cid, why in (("chef", "not a Minion"), ("witch", "not on the script")):
        with pytest.raises(Rejected, match=why):
            run(game, ("character", {"character": cid}))
    said = run(game, ("character", {"character": "baron"}))
    assert "the Baron token and a thumbs down" in text(said)
    assert "The Baron's setup effect does not apply" in text(said)
    run(game, "next")
    with pytest.raises(Rejected, match="in play already"):
        run(game, ("character", {"character": "baron"}))
    run(game, ("character", {"character": "poisoner"}), "next")
    assert game.grim.seat(4).character == "baron" and game.grim.seat(2).character == "poisoner"
    assert game.is_evil(game.grim.seat(2)) and game.is_evil(game.grim.seat(4))


def test_an_outsider_beside_it_becoming_a_minion_changes_the_outsider_count(script):
    game = new_game("empath,chef,monk,lordoftyphon,butler,soldier,saint", script)
    run(game, ("character", {"character": "spy"}), "next")
    assert game.grim.seat(5).character == "spy"
    assert sum(game.team_of(p) == "outsider" for p in game.grim.players) == 1


def test_each_night_after_it_kills(script):
    game = new_game(SETUP, script)
    to_day(game)
    run(game, "end_day")
    walk_to(game, "lordoftyphon", {"poisoner": [7], "monk": [6]})
    assert "The Lord of Typhon chooses a player to kill." in game.last_private
    said = run(game, choose(1)) + walk_to(game, "the day", {"poisoner": [7], "monk": [6]})
    assert not game.grim.seat(1).alive
    assert "Seat 1, Ann died in the night." in text(said, "public")


def test_minions_given_in_a_line_are_kept_and_out_of_line_are_said(script):
    game = new_game("empath,baron,lordoftyphon,spy,butler,soldier,saint", script, start=False)
    lines = "\n".join(game.setup_lines())
    assert "Lord of Typhon" not in lines
    run(game, "next")
    assert "The Minions are in play already" in game.last_private
    game = new_game("baron,empath,lordoftyphon,spy,butler,soldier,saint", script, start=False)
    assert any("The evil players must sit in a line, the Lord of Typhon" in line
               for line in game.setup_lines())


def test_executing_the_lord_of_typhon_good_wins(script):
    game = new_game(SETUP, script)
    run(game, ("character", {"character": "baron"}), "next",
        ("character", {"character": "poisoner"}), "next")
    to_day(game)
    said = run(game, ("execute", {"seat": 3}))
    assert game.winner and game.winner.winner == "good"
    assert "Good wins." in text(said, "public")


def test_its_lines_are_fit_to_say(script):
    game = new_game(SETUP, script, start=False)
    lines = [(t, True) for t in game.setup_lines()]
    said = run(game, "next")
    to_day(game)
    said += run(game, "end_day")
    said += walk_to(game, "lordoftyphon") + run(game, choose(1)) + walk_to(game, "the day")
    line_rules.assert_fit_to_say(lines + [(s.text, s.channel == "private") for s in said])


def test_a_lunatic_who_thinks_they_are_the_lord_of_typhon_makes_nobody_a_minion(script):
    path = script_file(Path(script).with_name("lunatic.json"), "Typhon and Lunatic",
                       IDS + ["lunatic", "imp"])
    game = new_game("imp,lunatic,chef,monk,poisoner,soldier,saint", path, start=False)
    run(game, ("lunatic_believes", {"character": "lordoftyphon"}), "next")
    said = walk_to(game, "lordoftyphon")
    for _ in range(3):
        said += run(game, "next")
    assert "They are not the Lord of Typhon: nobody becomes a Minion." in text(said)
    assert [p.seat for p in game.grim.players if game.is_evil(p)] == [1, 5]
