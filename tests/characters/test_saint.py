"""The Saint: if they die by execution, their team loses. Dying at night does nothing; a
poisoned Saint, or one already dead, is executed safely."""
from engine_helpers import new_game, run
from tb_steps import execute, nominate, public, vote, votes, walk_night

SETUP = "imp,saint,empath,monk,poisoner,chef,soldier"   # Saint seat 2


def test_executing_the_saint_makes_evil_win():
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 7})
    said = run(game, nominate(3, 2), vote(3, 4, 5, 6), votes(4), ("end_day", {}))
    assert game.winner.winner == "evil"
    assert "The Saint, seat 2, Ben, was executed." in public(said)
    assert "Evil wins." in public(said)


def test_a_direct_execution_counts_too():
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 7})
    run(game, execute(2))
    assert game.winner.winner == "evil"


def test_a_saint_killed_at_night_changes_nothing():
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 7})
    run(game, ("end_day", {}))
    said = walk_night(game, {"poisoner": 7, "monk": 3, "imp": 2})
    assert not game.grim.seat(2).alive
    assert game.winner is None
    assert "Ben died in the night." in public(said)


def test_a_poisoned_saint_is_executed_safely():
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 2})
    said = run(game, execute(2))
    assert game.winner is None
    assert "Ben is dead." in public(said)


def test_executing_a_dead_saint_does_nothing():
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 7})
    run(game, ("end_day", {}))
    walk_night(game, {"poisoner": 7, "monk": 3, "imp": 2})
    run(game, execute(2))
    assert game.winner is None


def test_an_evil_saint_executed_loses_for_evil():
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 7})
    run(game, ("alignment", {"seat": 2, "alignment": "evil"}), execute(2))
    assert game.winner.winner == "good"
