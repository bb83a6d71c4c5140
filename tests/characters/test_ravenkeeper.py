"""Ravenkeeper: if they die at night, whatever the cause, they wake that night, choose any
player (alive or dead) and learn their character."""
from engine_helpers import choose, run
from tf_steps import game_with, info, poison, private, to_day, until, woken

# seats: 1 imp, 2 ravenkeeper, 3 poisoner, 4 chef, 5 drunk (thinks Monk), 6 saint, 7 soldier
SETUP = "imp,ravenkeeper,poisoner,chef,drunk,saint,soldier"


def day_one(seed=1, setup=SETUP):
    game = game_with(setup, seed=seed, drunk_as="monk")
    to_day(game, poison(4))
    run(game, "end_day")
    return game


def test_wakes_when_killed_by_the_demon_and_learns_a_character():
    game = day_one()
    said = until(game, "ravenkeeper", {"poisoner": 4, "imp": 2, "monk": 4})
    assert not game.grim.seat(2).alive
    assert "Wake the Ravenkeeper, seat 2, Ben." in private(said)
    assert "any player, alive or dead" in game.wait.prompt
    run(game, choose(3))
    w = info(game)
    assert w.truth == "poisoner" and w.proposal == "poisoner"
    assert "They chose seat 3, Cat." in w.prompt


def test_the_drunk_shows_as_the_drunk():
    game = day_one()
    until(game, "ravenkeeper", {"poisoner": 4, "imp": 2, "monk": 4})
    run(game, choose(5))
    assert info(game).truth == "drunk"


def test_may_choose_a_dead_player_or_themself():
    game = game_with(SETUP, drunk_as="monk")
    to_day(game, poison(4))
    run(game, ("execute", {"seat": 3}))            # the Poisoner dies today
    until(game, "ravenkeeper", {"imp": 2, "monk": 4})
    run(game, choose(3))
    assert info(game).truth == "poisoner"
    game = day_one()
    until(game, "ravenkeeper", {"poisoner": 4, "imp": 2, "monk": 4})
    run(game, choose(2))
    assert info(game).truth == "ravenkeeper"


def test_does_not_wake_if_alive():
    game = day_one()
    assert not woken(game, "ravenkeeper", {"poisoner": 4, "imp": 4, "monk": 4})


def test_does_not_wake_after_dying_by_day():
    game = game_with(SETUP, drunk_as="monk")
    to_day(game, poison(4))
    run(game, ("execute", {"seat": 2}))
    assert not woken(game, "ravenkeeper", {"poisoner": 4, "imp": 4, "monk": 4})


def test_any_night_death_counts():
    game = day_one()
    until(game, "poisoner", {})
    run(game, ("die", {"seat": 2}))        # the Storyteller kills them at night
    said = until(game, "ravenkeeper", {"poisoner": 4, "imp": 4, "monk": 4})
    assert "Wake the Ravenkeeper" in private(said)


def test_poisoned_ravenkeeper_gets_a_false_proposal():
    for seed in range(5):
        game = day_one(seed=seed)
        until(game, "ravenkeeper", {"poisoner": 2, "imp": 2, "monk": 4})
        run(game, choose(1))
        w = info(game)
        assert w.truth == "imp" and w.proposal != "imp"
        assert "They are poisoned" in w.prompt


def test_dies_only_once_wakes_only_that_night():
    game = day_one()
    to_day(game, {"poisoner": 4, "imp": 2, "monk": 4, "ravenkeeper": 3})
    run(game, "end_day")
    assert not woken(game, "ravenkeeper", {"poisoner": 4, "imp": 4, "monk": 4})
