"""The Devil's Advocate: each night, choose a living player, not last night's: if they are
executed tomorrow, they do not die (the execution still happens)."""
import pytest

from almanac_steps import end_day, execute, private, public, walk_night
from engine_helpers import new_game, run
from statemachine.errors import Rejected
from statemachine.model import Effect

BMR = "Bad Moon Rising"
# seats: 1 imp, 2 devil's advocate, 3 monk, 4 soldier, 5 empath, 6 chef, 7 saint
SETUP = "imp,devilsadvocate,monk,soldier,empath,chef,saint"


def day_one(choice=5):
    game = new_game(SETUP, BMR)
    walk_night(game, {"devilsadvocate": [choice]})
    return game


def test_the_chosen_player_is_executed_but_does_not_die():
    game = day_one()
    said = run(game, execute(5))
    eve = game.grim.seat(5)
    assert eve.alive and game.executed_today == 5
    assert "Seat 5, Eve is executed." in public(said) and "Eve does not die." in public(said)
    assert "Devil" not in public(said)                      # never said why
    assert game.phase.at_night                              # it was the day's execution


def test_the_protection_lasts_only_until_dusk():
    game = day_one()
    run(game, end_day())
    walk_night(game, {"devilsadvocate": [6], "imp": [3], "monk": [4]})
    run(game, execute(5))
    assert not game.grim.seat(5).alive


def test_not_the_same_player_two_nights_running_but_later_again():
    game = day_one()
    run(game, end_day())
    walk_night(game, {"imp": [3], "monk": [4]}, until="devilsadvocate")
    assert "not seat 5, Eve" in game.last_private
    with pytest.raises(Rejected, match="chosen last night"):
        run(game, ("choose", {"seats": [5]}))
    run(game, ("choose", {"seats": [6]}))
    walk_night(game, {"imp": [3], "monk": [4]})
    run(game, end_day())
    walk_night(game, {"imp": [7], "monk": [4]}, until="devilsadvocate")
    run(game, ("choose", {"seats": [5]}))                 # two nights ago: allowed


def test_only_a_living_player():
    game = day_one()
    run(game, execute(6))
    walk_night(game, {"imp": [3], "monk": [4]}, until="devilsadvocate")
    with pytest.raises(Rejected, match="is dead"):
        run(game, ("choose", {"seats": [6]}))


def test_the_devils_advocate_may_protect_themself():
    game = day_one(choice=2)
    run(game, execute(2))
    assert game.grim.seat(2).alive


def test_a_drunk_or_poisoned_devils_advocate_protects_nobody():
    game = new_game(SETUP, BMR)
    game.grim.seat(2).add_effect(Effect("poisoned", until="dusk", note="test"))
    said = walk_night(game, {"devilsadvocate": [5]})
    assert "The Devil's Advocate is poisoned: seat 5, Eve is not protected." in private(said)
    run(game, execute(5))
    assert not game.grim.seat(5).alive


def test_only_the_execution_death_is_stopped():
    game = day_one()
    run(game, end_day())
    said = walk_night(game, {"devilsadvocate": [6], "imp": [6], "monk": [4]})
    assert "survives execution tomorrow" in private(said)
    assert not game.grim.seat(6).alive                     # the Demon's kill is not stopped
