"""Kazali: 'Each night*, choose a player: they die. [You choose which players are which
Minions. -? to +? Outsiders]'. The wiki page itself was not found; its How to Run was found
quoted in the official announcement's discussion, and a rulings page gave its interactions:
at setup every Minion token is taken out of the bag and Townsfolk or Outsiders put in;
on the first night the Kazali points at a player and a Minion on the sheet, that player's
token is replaced and they are shown the You Are token, the Minion and a thumb down, until
the usual number of Minions exist. A Minion's setup effect (the Baron's) does not apply, as
it comes in after setup; choosing an Outsider is how the Outsider count changes. The jinx
with the Marionette (characters/data/jinxes.toml): a Marionette it makes must neighbour it.
The Bounty Hunter jinx: the evil Townsfolk proposed at setup stays good when the Kazali
makes the Bounty Hunter a Minion. The Summoner jinx is left to the lead."""
from pathlib import Path

import pytest

from engine_helpers import NAMES, choose, new_game, run, script_file, text, to_day, walk_to
from characters.scripts import load_script, registry_for
from statemachine import line_rules
from statemachine.errors import Rejected
from statemachine.game import Game, GameSetup

IDS = ["washerwoman", "chef", "empath", "monk", "soldier", "investigator", "librarian",
       "undertaker", "fortuneteller", "saint", "recluse", "butler", "poisoner", "baron",
       "scarletwoman", "spy", "marionette", "kazali"]
# seats: 1 empath, 2 kazali, 3 chef, 4 monk, 5 butler, 6 soldier, 7 saint
SETUP = "empath,kazali,chef,monk,butler,soldier,saint"


@pytest.fixture
def script(tmp_path):
    return script_file(tmp_path / "kazali.json", "Kazali mix", IDS)


def character(cid):
    return ("character", {"character": cid})


def test_a_drawn_bag_holds_no_minion(script):
    loaded = load_script(script)
    game = Game(GameSetup(loaded.name, loaded.ids, NAMES[:10], None, 2), registry_for(loaded))
    teams = [game.team_of(p) for p in game.grim.players]
    assert "minion" not in teams and teams.count("demon") == 1
    assert teams.count("townsfolk") + teams.count("outsider") == 9
    assert any("On the first night they make 2 Minions" in line for line in game.setup_lines())


def test_the_first_night_the_kazali_makes_its_minions(script):
    game = new_game(SETUP, script)
    assert game.current.ability == "kazali"
    assert "Wake the Kazali, seat 2, Ben." in text(game.out)
    assert "The Kazali points at a player to become a Minion" in game.last_private
    said = run(game, choose(4), character("poisoner"))
    monk = game.grim.seat(4)
    assert monk.character == "poisoner" and monk.alignment == "evil"
    assert "Put the Kazali to sleep." in text(said)
    assert ("Wake seat 4, Dan: show them the You Are token, the Poisoner token and a thumbs "
            "down.") in text(said)
    said = run(game, "next") + walk_to(game, "poisoner")
    assert "Wake the Minion: seat 4, Dan. Show them the Demon: seat 2, Ben." in text(said)
    assert game.current.ability == "poisoner" and game.current.seat == 4


def test_it_chooses_a_good_player_and_a_free_minion_on_the_script(script):
    game = new_game(SETUP, script)
    with pytest.raises(Rejected, match="choose a good player"):
        run(game, choose(2))
    run(game, choose(3))
    for cid, why in (("chef", "not a Minion"), ("witch", "not on the script")):
        with pytest.raises(Rejected, match=why):
            run(game, character(cid))
    run(game, character("baron"))
    assert game.grim.seat(3).character == "baron"


def test_choosing_an_outsider_changes_the_outsider_count_not_the_barons(script):
    game = new_game(SETUP, script)
    said = run(game, choose(5), character("baron"))
    assert "The Baron's setup effect does not apply" in text(said)
    outsiders = [p for p in game.grim.players if game.team_of(p) == "outsider"]
    assert [p.seat for p in outsiders] == [7]


def test_a_marionette_it_makes_must_sit_next_to_it_a_jinx(script):
    game = new_game(SETUP, script)
    run(game, choose(4))
    with pytest.raises(Rejected, match="A jinx: the Marionette the Kazali makes must sit next"):
        run(game, character("marionette"))
    game = new_game(SETUP, script)
    said = run(game, choose(3), character("marionette"))
    cat = game.grim.seat(3)
    assert cat.character == "marionette" and cat.believes == "chef" and cat.alignment == "evil"
    assert "still thinks they are the Chef: do not wake them." in text(said)


def test_each_night_after_it_kills(script):
    game = new_game(SETUP, script)
    run(game, choose(4), character("baron"), "next")
    to_day(game)
    run(game, "end_day")
    walk_to(game, "kazali")
    assert "The Kazali chooses a player to kill." in game.last_private
    said = run(game, choose(1)) + walk_to(game, "the day")
    assert not game.grim.seat(1).alive
    assert "Seat 1, Ann died in the night." in text(said, "public")


def test_with_the_minions_already_given_it_makes_none(script):
    game = new_game("empath,kazali,spy,monk,butler,soldier,saint", script)
    assert "The Minions are in play already: the Kazali chooses none." in game.last_private


def test_its_lines_are_fit_to_say(script):
    game = new_game(SETUP, script, start=False)
    lines = [(t, True) for t in game.setup_lines()]
    said = run(game, "next", choose(4), character("baron"), "next")
    to_day(game)
    said += run(game, "end_day")
    said += walk_to(game, "kazali") + run(game, choose(1)) + walk_to(game, "the day")
    line_rules.assert_fit_to_say(lines + [(s.text, s.channel == "private") for s in said])


def test_a_lunatic_who_thinks_they_are_the_kazali_makes_nobody_a_minion(script):
    ids = IDS + ["lunatic", "imp"]
    path = script_file(Path(script).with_name("lunatic.json"), "Kazali and Lunatic", ids)
    game = new_game("imp,lunatic,chef,monk,poisoner,soldier,saint", path, start=False)
    run(game, ("lunatic_believes", {"character": "kazali"}), "next")
    said = walk_to(game, "kazali")
    assert game.current.seat == 2
    while game.current.seat == 2 and "points at a player" not in game.last_private:
        said += run(game, "next")
    said += run(game, choose(3), character("baron"), "next")
    assert game.grim.seat(3).character == "chef" and not game.is_evil(game.grim.seat(3))
    assert "They are not the Kazali: nobody becomes a Minion." in text(said)
    assert "Then point at what the Lunatic chose: seat 3, Cat." in text(said)


def test_a_bounty_hunter_the_kazali_makes_a_minion_turns_no_townsfolk_evil(tmp_path):
    """The jinx (characters/data/jinxes.toml): the Townsfolk proposed as evil at setup stays
    good, and is never woken as the evil Townsfolk; the real Minion info follows."""
    path = script_file(tmp_path / "bh.json", "Kazali and Bounty Hunter",
                       IDS + ["bountyhunter"])
    game = new_game("empath,kazali,chef,bountyhunter,butler,soldier,saint", path)
    evil = [p for p in game.grim.players if p.alignment == "evil" and p.seat != 2]
    assert [game.team_of(p) for p in evil] == ["townsfolk"]
    said = run(game, choose(4), character("poisoner"))
    assert "no Townsfolk turns evil" in text(said)
    assert evil[0].alignment == "good"
    assert [p.seat for p in game.grim.players if p.alignment == "evil"] == [2, 4]
    said = run(game, "next") + walk_to(game, "day")
    assert "evil Townsfolk" not in text(said)
    assert "Show them the Demon: seat 2, Ben." in text(said)


def test_a_bounty_hunter_the_kazali_leaves_keeps_the_evil_townsfolk(tmp_path):
    path = script_file(tmp_path / "bh.json", "Kazali and Bounty Hunter",
                       IDS + ["bountyhunter"])
    game = new_game("empath,kazali,chef,bountyhunter,butler,soldier,saint", path)
    evil = [p for p in game.grim.players if p.alignment == "evil" and p.seat != 2]
    said = run(game, choose(6), character("poisoner"))
    assert "no Townsfolk turns evil" not in text(said)
    assert evil[0].alignment == "evil"
