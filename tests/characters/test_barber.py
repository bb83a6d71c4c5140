"""The Barber: if you died today or tonight, the Demon may choose 2 players (not another
Demon) to swap characters."""
import pytest

from almanac_steps import almanac, end_day, execute, private, walk_night
from engine_helpers import run
from statemachine.errors import Rejected

SETUP = "alhadikhia,wraith,noble,oracle,fisherman,savant,barber"


def barber_dies_today():
    game = almanac(SETUP)
    walk_night(game)
    said = run(game, execute(7))
    return game, said


def at_barber(game):
    said = walk_night(game, until="barber")
    assert game.current.ability == "barber"
    return said


def test_the_barber_dying_today_gives_haircuts_tonight():
    game, said = barber_dies_today()
    assert "haircuts tonight" in private(said)
    said = at_barber(game)
    assert "Wake the Demon, seat 1, Ann. Show the This Character Selected You token and the " \
           "Barber." in private(said)
    assert "Wake the Barber" not in private(said)        # the dead Barber is not woken


def test_the_two_swap_characters_keep_alignment_and_each_learns_the_new_one():
    game, _ = barber_dies_today()
    at_barber(game)
    said = run(game, ("choose", {"seats": [2, 4]}))
    ben, dan = game.grim.seat(2), game.grim.seat(4)
    assert (ben.character, dan.character) == ("oracle", "wraith")
    assert (ben.alignment, dan.alignment) == ("evil", "good")
    assert "Wake seat 2, Ben. Show the You Are token and the Oracle. Remind them that they " \
           "are still evil." in private(said)
    said = run(game, "next")
    assert "Wake seat 4, Dan. Show the You Are token and the Wraith. Remind them that they " \
           "are still good." in private(said)


def test_the_demon_may_choose_not_to_swap():
    game, _ = barber_dies_today()
    at_barber(game)
    before = [p.character for p in game.grim.players]
    said = run(game, "nobody")
    assert [p.character for p in game.grim.players] == before
    assert "No haircuts" in private(said)


def test_the_demon_may_choose_themself():
    game, _ = barber_dies_today()
    at_barber(game)
    run(game, ("choose", {"seats": [1, 3], "actor": "demon"}))
    assert game.grim.seat(3).character == "alhadikhia"
    assert game.grim.seat(3).alignment == "good"
    assert game.grim.seat(1).character == "noble"


def test_the_demon_may_not_choose_another_demon():
    game = almanac(SETUP)
    walk_night(game)
    run(game, ("become", {"seat": 5, "character": "alhadikhia"}), execute(7))
    at_barber(game)
    with pytest.raises(Rejected, match="another Demon"):
        run(game, ("choose", {"seats": [5, 3]}))


def test_a_swapped_player_gains_the_ability_afresh_even_if_used():
    game, _ = barber_dies_today()
    game.grim.seat(2).spent.add("oracle")
    at_barber(game)
    run(game, ("choose", {"seats": [2, 4]}))
    assert "oracle" not in game.grim.seat(2).spent


def test_dying_tonight_works_too():
    game = almanac(SETUP)
    walk_night(game)
    run(game, end_day())
    walk_night(game, until="alhadikhia")
    run(game, ("choose", {"seats": [7, 3, 4]}), ("alhadikhia_die", {"seat": 7}))
    walk_night(game, until="barber")
    assert game.current.ability == "barber" and game.phase.at_night


def test_only_the_day_or_night_of_the_death():
    game, _ = barber_dies_today()
    at_barber(game)
    run(game, "nobody")
    walk_night(game)
    run(game, end_day())
    assert "barber" not in game.night_order_ids(first=False)


def test_a_player_who_dies_then_becomes_the_barber_gives_no_haircuts():
    game = almanac(SETUP)
    walk_night(game)
    run(game, execute(6), ("become", {"seat": 6, "character": "barber"}))
    walk_night(game)
    assert not any(e.ability == "barber" for e in game.night_queue(first=False))
