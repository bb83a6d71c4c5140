"""The Scapegoat: if a player of their alignment is executed, the Storyteller may execute
the Scapegoat instead: proposed when such a player goes on the block, confirmed by the
Storyteller's command."""
import pytest

from engine_helpers import new_game, run
from statemachine.errors import Rejected
from tb_steps import nominate, private, public, vote, walk_night

SETUP = "imp,empath,monk,poisoner,chef,soldier,saint,scapegoat"   # Scapegoat seat 8
INSTEAD = ("scapegoat_instead", {})


def day_one(poison=7):
    game = new_game(SETUP)
    walk_night(game, {"poisoner": poison})
    return game


def block(game, nominee, voters=(2, 3, 4, 5, 6)):
    return run(game, nominate(voters[0], nominee), vote(*voters), "next")


def test_a_good_player_on_the_block_brings_the_proposal():
    game = day_one()
    said = block(game, 7)
    assert "Seat 7, Gus is good, like the Scapegoat, seat 8, Hal. If you wish, say 'the " \
           "scapegoat is executed instead'" in private(said)


def test_the_scapegoat_is_executed_instead():
    game = day_one()
    block(game, 7)
    said = run(game, INSTEAD)
    assert "Seat 8, Hal is executed instead of seat 7, Gus." in public(said)
    assert not game.grim.seat(8).alive and game.grim.seat(7).alive
    assert game.executed_today == 8 and game.phase.at_night
    assert game.winner is None     # the Saint was not executed


def test_without_the_command_the_player_on_the_block_dies():
    game = day_one()
    block(game, 6)
    said = run(game, ("end_day", {}))
    assert "Seat 6, Fay is to be executed. They are good, like the Scapegoat" in private(said)
    assert game.grim.seat(6).alive and "Seat 6, Fay is executed." not in public(said)
    said = run(game, "next")
    assert "Seat 6, Fay is executed." in public(said)
    assert not game.grim.seat(6).alive and game.grim.seat(8).alive


def test_no_proposal_for_a_player_of_the_other_alignment():
    game = day_one()
    said = block(game, 1, voters=(2, 3, 4, 5, 6))
    assert "Scapegoat" not in private(said)
    with pytest.raises(Rejected):
        run(game, INSTEAD)


def test_an_evil_scapegoat_takes_an_evil_players_place():
    game = day_one()
    run(game, ("alignment", {"seat": 8, "alignment": "evil"}))
    said = block(game, 5)
    assert "Scapegoat" not in private(said)
    run(game, nominate(3, 1), vote(2, 3, 4, 5, 6, 7), "next", INSTEAD)
    assert game.grim.seat(1).alive and not game.grim.seat(8).alive
    assert game.winner is None


def test_a_poisoned_or_dead_scapegoat_cannot():
    game = day_one(poison=8)
    said = block(game, 7)
    assert "Scapegoat" not in private(said)
    with pytest.raises(Rejected):
        run(game, INSTEAD)
    game = day_one()
    run(game, ("die", {"seat": 8}))
    block(game, 7)
    with pytest.raises(Rejected):
        run(game, INSTEAD)


def test_the_scapegoat_may_take_the_place_of_a_townsfolk_the_virgin_executes():
    game = new_game("imp,empath,virgin,poisoner,chef,soldier,saint,scapegoat")
    walk_night(game, {"poisoner": 7})
    said = run(game, nominate(2, 3))             # the Empath nominates the Virgin
    assert "Seat 2, Ben is to be executed. They are good, like the Scapegoat, seat 8, " \
           "Hal" in private(said)
    assert game.grim.seat(2).alive and not game.phase.at_night
    with pytest.raises(Rejected):
        run(game, nominate(4, 5))                # no nominations while it waits
    said = run(game, INSTEAD)
    assert "Seat 8, Hal is executed instead of seat 2, Ben." in public(said)
    assert game.grim.seat(2).alive and not game.grim.seat(8).alive
    assert game.executed_today == 8 and game.phase.at_night


def test_a_storytellers_execution_of_an_evil_player_is_not_held():
    game = day_one()
    said = run(game, ("execute", {"seat": 4}))
    assert "Scapegoat" not in private(said) and not game.grim.seat(4).alive
