"""The Cacklejack: "Each day, choose a player: a different player changes character
tonight." From the almanac: each day the Cacklejack chooses a player, marked Not Me (in
public or in private, but by day); each night but the first the Storyteller changes another
player's character (good or evil, dead or alive, to a character in play or not), wakes them
and shows the You Are token and their new character; a new character is a new instance of
its ability (becoming the Chef on night 3, they learn their number: the first example)."""
import pytest

from engine_helpers import choose, new_game, run
from statemachine import line_rules
from statemachine.errors import Rejected
from tb_steps import private, public, walk_night

SETUP = "imp,empath,monk,poisoner,chef,soldier,saint,cacklejack"   # Cacklejack seat 8


def fit(said, night=False):
    line_rules.assert_fit_to_say([(s.text, night, s.channel) for s in said])


def day_one(poison=6):
    game = new_game(SETUP)
    walk_night(game, {"poisoner": poison})
    return game


def to_cacklejack(game, chosen=3, poison=6):
    if chosen:
        run(game, choose(chosen, actor="cacklejack"))
    run(game, ("end_day", {}))
    walk_night(game, {"poisoner": poison, "monk": 2}, until="cacklejack")
    assert game.current.ability == "cacklejack"
    return game


def test_by_day_the_cacklejack_chooses_a_player_said_privately():
    game = day_one()
    said = run(game, choose(3, actor="cacklejack"))
    assert "The Cacklejack chose seat 3, Cat: tonight another player changes character." \
        in private(said)
    assert public(said) == ""
    assert "Cacklejack: Not Me" in game.grim.seat(3).reminders
    with pytest.raises(Rejected, match="chosen today already"):
        run(game, choose(4, actor="cacklejack"))
    fit(said)


def test_tonight_another_player_changes_and_is_shown_their_new_character():
    game = to_cacklejack(day_one())
    said = game.out
    assert "The Cacklejack, seat 8, Hal: do not wake them." in game.last_private or \
        "do not wake them" in private(said)
    assert "Not seat 3, Cat." in game.last_private
    with pytest.raises(Rejected, match="The Cacklejack chose seat 3, Cat"):
        run(game, choose(3))
    said = run(game, choose(5), ("character", {"character": "empath"}))
    eve = game.grim.seat(5)
    assert eve.character == "empath" and eve.alignment == "good"
    assert ("Seat 5, Eve, the Chef, is now the Empath, and stays good. Wake seat 5, Eve. "
            "Show them the You Are token, then the Empath token.") in private(said)
    assert "Cacklejack: Not Me" not in game.grim.seat(3).reminders
    fit(said, night=True)


def test_a_first_night_ability_so_gained_acts_tonight():
    game = to_cacklejack(day_one())
    run(game, choose(5), ("character", {"character": "washerwoman"}), "next")
    assert ("washerwoman", 5) in [(e.ability, e.seat) for e in game.night_queue()]


def test_a_dead_or_evil_player_may_change_but_not_a_traveller():
    game = day_one()
    run(game, ("die", {"seat": 6}))
    to_cacklejack(game)
    with pytest.raises(Rejected, match="is a Traveller"):
        run(game, choose(8))
    run(game, choose(6), ("character", {"character": "saint"}))
    assert game.grim.seat(6).character == "saint" and not game.grim.seat(6).alive
    game = to_cacklejack(day_one())
    run(game, choose(4), ("character", {"character": "spy"}))
    assert game.grim.seat(4).character == "spy" and game.grim.seat(4).alignment == "evil"


def test_the_new_character_is_another_one_on_the_script():
    game = to_cacklejack(day_one())
    run(game, choose(5))
    with pytest.raises(Rejected, match="already"):
        run(game, ("character", {"character": "chef"}))
    with pytest.raises(Rejected, match="not on the script"):
        run(game, ("character", {"character": "pukka"}))
    with pytest.raises(Rejected, match="Townsfolk, an Outsider"):
        run(game, ("character", {"character": "gunslinger"}))


def test_without_a_choice_today_anyone_may_change():
    game = to_cacklejack(day_one(), chosen=None)
    assert "Not seat" not in game.last_private
    run(game, choose(3), ("character", {"character": "soldier"}))
    assert game.grim.seat(3).character == "soldier"


def test_only_by_day_and_while_alive():
    game = new_game(SETUP)
    run(game, ("die", {"seat": 8}))
    walk_night(game, {"poisoner": 6})
    with pytest.raises(Rejected, match="is dead"):
        run(game, choose(3, actor="cacklejack"))
    run(game, ("end_day", {}))
    walk_night(game, {"poisoner": 6, "monk": 2, "imp": 3})
    assert all(e.ability != "cacklejack" for e in game.night_queue())


def test_a_poisoned_cacklejack_protects_nobody_and_nobody_has_to_change():
    game = day_one()
    run(game, ("status_effect", {"seat": 8, "effect": "drunk"}))    # for the coming night
    to_cacklejack(game)
    assert "The Cacklejack is drunk: nobody has to change." in game.last_private
    with pytest.raises(Rejected):
        run(game, ("character", {"character": "soldier"}))
    said = run(game, "nobody")
    assert "Nobody changes character." in private(said)
    assert game.grim.seat(5).character == "chef"
    game = day_one()
    run(game, ("status_effect", {"seat": 8, "effect": "drunk"}))
    to_cacklejack(game)
    run(game, choose(3), ("character", {"character": "soldier"}))    # Not Me does not hold
    assert game.grim.seat(3).character == "soldier"
