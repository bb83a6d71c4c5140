"""Undertaker: each night except the first, only if a player died by execution today,
learn that player's character (the Drunk shows as the Drunk)."""
from engine_helpers import run
from statemachine.model import Death
from tf_steps import (game_with, info, nominate, poison, private, to_day, until, votes,
                      woken)

# seats: 1 imp, 2 undertaker, 3 poisoner, 4 chef, 5 saint, 6 drunk (thinks Monk), 7 soldier
SETUP = "imp,undertaker,poisoner,chef,saint,drunk,soldier"
NIGHT2 = {"poisoner": 4, "imp": 7, "monk": 4}


def day_one(seed=1):
    game = game_with(SETUP, seed=seed, drunk_as="monk")
    to_day(game, poison(4))
    return game


def execute(game, seat):
    return run(game, ("execute", {"seat": seat}))


def test_does_not_wake_the_first_night():
    game = game_with(SETUP, drunk_as="monk")
    assert not woken(game, "undertaker", poison(4))


def test_does_not_wake_if_nobody_was_executed():
    game = day_one()
    run(game, "end_day")
    assert not woken(game, "undertaker", NIGHT2)


def test_learns_the_executed_players_character():
    game = day_one()
    execute(game, 3)
    said = until(game, "undertaker", NIGHT2)
    w = info(game)
    assert w.truth == "poisoner" and w.proposal == "poisoner"
    assert "Wake the Undertaker, seat 2, Ben." in private(said)
    assert "Seat 3, Cat died by execution in the day." in private(said)
    assert "the Poisoner" in game.wait.prompt


def test_execution_after_a_vote_counts():
    game = day_one()
    run(game, nominate(4, 7), votes(5), "end_day")
    until(game, "undertaker", {"poisoner": 4, "imp": 4, "monk": 4})
    assert info(game).truth == "soldier"


def test_the_drunk_shows_as_the_drunk():
    game = day_one()
    execute(game, 6)
    until(game, "undertaker", NIGHT2)
    assert info(game).truth == "drunk"
    assert "the Drunk" in game.wait.prompt


def test_only_today_s_execution():
    game = day_one()
    execute(game, 3)                       # day 1: the Poisoner
    to_day(game, NIGHT2)
    run(game, "end_day")                   # day 2: nobody
    assert not woken(game, "undertaker", {"imp": 4, "monk": 4})


def test_poisoned_undertaker_proposal_differs():
    for seed in range(5):
        game = game_with("imp,undertaker,poisoner,chef,saint,monk,soldier", seed=seed)
        to_day(game, poison(4))
        execute(game, 6)
        said = until(game, "undertaker", {"poisoner": 2, "imp": 7, "monk": 4})
        w = info(game)
        assert w.truth == "monk" and w.proposal != "monk"
        assert "They are poisoned" in private(said)


def test_dead_undertaker_does_not_wake():
    game = day_one()
    execute(game, 7)
    assert not woken(game, "undertaker", {"poisoner": 4, "imp": 2, "monk": 4})


def test_storyteller_may_answer_another_character():
    game = day_one()
    execute(game, 3)
    until(game, "undertaker", NIGHT2)
    said = run(game, ("answer_character", {"character": "baron"}))
    assert "Put the Undertaker to sleep." in private(said)


def test_executing_a_player_who_is_already_dead_does_not_wake_the_undertaker():
    game = day_one()
    run(game, ("die", {"seat": 4}))        # the Chef dies by day, not by execution
    execute(game, 4)                       # the execution of a dead player is no death
    assert game.deaths_today() == [game.grim.seat(4)]
    assert not woken(game, "undertaker", {"poisoner": 4, "imp": 4, "monk": 4})


def test_a_player_killed_at_night_and_executed_the_next_day_teaches_nothing():
    game = day_one()
    run(game, "end_day")
    to_day(game, {"poisoner": 4, "imp": 4, "monk": 4})   # the Chef dies in night 2
    execute(game, 4)
    assert game.deaths_today("execution") == []
    assert not woken(game, "undertaker", {"poisoner": 3, "imp": 7, "monk": 4})


def test_deaths_record_their_cause_and_the_day_or_night():
    game = day_one()
    execute(game, 3)
    assert game.deaths[-1] == Death(3, "execution", "day", 1)
    to_day(game, {"poisoner": 5, "imp": 4, "monk": 4})
    assert game.deaths[-1] == Death(4, "demon", "night", 2)
    assert game.deaths_today("execution") == []          # day 2 has just begun
