"""Ojo: 'Each night*, choose a character: they die. If they are not in play, the Storyteller
chooses who dies.' From the almanac's How to Run as found (the search gave the page's
summary, How to Run and its first example only, "The Ojo chooses the Plague Doctor. The Plague
Doctor dies."; the rest of the examples were not found): the Ojo points at a character; in
play, that player dies; not in play, the Storyteller chooses a player who dies (more than one
with a Demon killing several a night on the script); of several copies only one dies."""
import json

import pytest

from engine_helpers import choose, new_game, run, text, to_day, walk_to
from statemachine.errors import Rejected
from statemachine import line_rules

TOWN = ["empath", "chef", "monk", "soldier", "mayor", "washerwoman", "librarian",
        "investigator", "undertaker", "ravenkeeper", "virgin", "slayer", "fortuneteller"]
OTHERS = ["recluse", "saint", "butler", "drunk", "goon", "poisoner", "spy", "baron",
          "scarletwoman", "ojo", "plaguedoctor"]


@pytest.fixture
def script(tmp_path):
    def make(*extra):
        path = tmp_path / f"ojo-{len(extra)}.json"
        path.write_text(json.dumps([{"id": "_meta", "name": "Ojo mix"}, *TOWN, *OTHERS,
                                    *extra]))
        return str(path)
    return make


def second_night(game, picks=None):
    to_day(game)
    run(game, "end_day")
    walk_to(game, "ojo", picks)
    return game


def pick(game, cid):
    return run(game, ("character", {"character": cid}))


# Ojo 1, Poisoner 2, Empath 3, Chef 4, Monk 5, Soldier 6, Recluse 7
SETUP = "ojo,poisoner,empath,chef,monk,soldier,recluse"


def test_it_does_not_act_on_the_first_night(script):
    game = new_game(SETUP, script())
    assert "ojo" not in game.night_order_ids(first=True)
    assert "ojo" in game.night_order_ids(first=False)


def test_a_character_in_play_dies(script):
    """The almanac's example: the Ojo chooses a character in play; that player dies."""
    game = second_night(new_game(SETUP, script()))
    said = pick(game, "empath")
    assert not game.grim.seat(3).alive
    assert "Seat 3, Cat dies." in text(said, "private")
    said += walk_to(game, "the day")
    assert "Seat 3, Cat died in the night." in text(said, "public")


def test_a_character_not_in_play_is_the_storytellers_choice(script):
    game = second_night(new_game(SETUP, script()))
    said = pick(game, "mayor")
    assert "The Ojo chose the Mayor, who is not in play. You choose who dies." in text(said)
    assert game.grim.seat(4).alive
    said = run(game, choose(4))
    assert not game.grim.seat(4).alive and "Seat 4, Chef dies." not in text(said)
    assert "Seat 4, Dan dies." in text(said, "private")


def test_not_in_play_with_a_demon_killing_several_on_the_script_may_kill_several(script):
    game = second_night(new_game(SETUP, script("shabaloth")))
    said = pick(game, "mayor")
    assert "one player or more" in text(said)
    run(game, choose(3, 4))
    assert not game.grim.seat(3).alive and not game.grim.seat(4).alive


def test_a_character_off_the_script_is_refused_and_changes_nothing(script):
    game = second_night(new_game(SETUP, script()))
    with pytest.raises(Rejected, match="not on the script"):
        pick(game, "shabaloth")
    assert game.current.ability == "ojo" and all(p.alive for p in game.grim.players)


def test_a_dead_holder_kills_nobody(script):
    game = new_game(SETUP, script())
    to_day(game)
    run(game, ("die", {"seat": 3}), "end_day")
    walk_to(game, "ojo")
    said = pick(game, "empath")
    assert "who is dead already: nobody dies." in text(said)
    assert all(p.alive for p in game.grim.players if p.seat != 3)


def test_the_recluse_may_register_as_a_chosen_minion(script):
    """The Recluse may register as a Minion character: the Storyteller picks who dies."""
    game = second_night(new_game(SETUP, script()))
    said = pick(game, "poisoner")
    assert "Say which of these dies: seat 2, Ben or seat 7, Gus." in text(said)
    with pytest.raises(Rejected, match="is not the Poisoner"):
        run(game, choose(3))
    run(game, choose(7))
    assert not game.grim.seat(7).alive and game.grim.seat(2).alive


def test_a_drunks_believed_townsfolk_is_not_in_play(script):
    game = second_night(new_game("ojo,poisoner,drunk,chef,monk,soldier,empath", script()))
    believed = game.grim.seat(3).believes
    said = pick(game, believed)
    assert "who is not in play. You choose who dies" in text(said)


def test_a_poisoned_ojo_kills_nobody(script):
    game = second_night(new_game(SETUP, script()), {"poisoner": [1]})
    said = pick(game, "empath")
    assert "The Ojo is poisoned: seat 3, Cat does not die." in text(said, "private")
    assert game.grim.seat(3).alive
    assert not text(said, "public")


def test_a_poisoned_ojo_choosing_a_character_not_in_play_kills_nobody(script):
    game = second_night(new_game(SETUP, script()), {"poisoner": [1]})
    said = pick(game, "mayor")
    assert "The Ojo is poisoned: it chose the Mayor, not in play, and nobody dies." in text(said, "private")
    assert all(p.alive for p in game.grim.players)


def test_choosing_the_goons_character_makes_the_ojo_drunk_first(script):
    game = second_night(new_game("ojo,poisoner,goon,chef,monk,soldier,empath", script()))
    said = pick(game, "goon")
    assert game.grim.seat(3).alive
    assert "The Ojo is drunk" in text(said, "private")
    assert game.grim.seat(3).alignment == "evil"


def test_its_lines_are_fit_to_say(script):
    game = new_game(SETUP, script())
    to_day(game)
    said = run(game, "end_day") + walk_to(game, "ojo")
    said += pick(game, "mayor") + run(game, choose(4)) + walk_to(game, "the day")
    line_rules.assert_fit_to_say([(s.text, s.channel == "private") for s in said])
    assert "Seat 4, Dan died in the night." in text(said, "public")


def test_a_lunatic_ojo_kills_nobody_and_the_ojo_learns_the_player_it_meant(script):
    """The Lunatic believes they are the Ojo: their character choice kills nobody; the real
    Ojo learns the player the choice pointed at (a ruling found in a rules thread and a
    community site, not the almanac)."""
    game = second_night(new_game("ojo,poisoner,lunatic,chef,monk,soldier,empath", script()))
    said = []
    assert game.current.ability == "ojo" and game.current.seat == 3
    said += pick(game, "empath")
    said += walk_to(game, "ojo")
    assert game.grim.seat(7).alive
    assert "The Lunatic attacks seat 7, Gus: nothing happens" in text(said, "private")
    assert "point at what the Lunatic chose: seat 7, Gus." in text(said, "private")
