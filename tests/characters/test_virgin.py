"""Virgin: the first time they are nominated, if the nominator is a Townsfolk, the
nominator is executed at once (no vote; the day's execution). The ability is lost on that
first nomination even if the Virgin is poisoned or the nominator is not a Townsfolk."""
import pytest

from characters.minion.spy import Spy
from engine_helpers import run
from statemachine.errors import Rejected
from tf_steps import game_with, nominate, poison, private, public, step, to_day, votes

# seats: 1 imp, 2 virgin, 3 poisoner, 4 chef, 5 drunk (thinks Monk), 6 saint, 7 empath
SETUP = "imp,virgin,poisoner,chef,drunk,saint,empath"


def day_one(poisoned=4, setup=SETUP):
    game = game_with(setup, drunk_as="monk")
    to_day(game, poison(poisoned))
    return game


def test_townsfolk_nominator_is_executed_immediately():
    game = day_one()
    said = run(game, nominate(4, 2))
    assert "Seat 4, Dan nominates seat 2, Ben." in public(said)
    assert "Seat 4, Dan is executed." in public(said)
    assert "Vote on" not in public(said)           # no vote
    assert not game.grim.seat(4).alive
    assert game.grim.seat(2).alive
    assert game.executed_today == 4                # it is the day's execution
    assert game.phase.at_night                     # the day is over
    assert "virgin" in game.grim.seat(2).spent


def test_it_counts_as_the_days_execution_for_the_undertaker():
    game = day_one(setup="imp,virgin,poisoner,chef,drunk,saint,undertaker")
    run(game, nominate(4, 2))
    seen = []
    for _ in range(40):
        if not game.phase.at_night:
            break
        if game.current.ability == "undertaker" and game.wait is not None:
            seen.append(game.wait.truth)
        step(game, {"poisoner": 7, "imp": 6, "monk": 6})
    assert seen == ["chef"]


def test_outsider_nominator_is_not_executed_and_the_vote_goes_on():
    game = day_one()
    said = run(game, nominate(6, 2))
    assert "Vote on seat 2, Ben" in public(said)
    assert game.grim.seat(6).alive and game.phase.state == "vote"
    assert "virgin" in game.grim.seat(2).spent


def test_the_drunk_thinking_they_are_a_townsfolk_is_not_executed():
    game = day_one()
    said = run(game, nominate(5, 2))
    assert game.grim.seat(5).alive and game.phase.state == "vote"
    assert "not a Townsfolk" in private(said)


def test_evil_nominator_is_not_executed():
    game = day_one()
    run(game, nominate(1, 2))
    assert game.grim.seat(1).alive and game.phase.state == "vote"


def test_ability_lost_after_first_nomination_even_if_nothing_happened():
    game = day_one()
    run(game, nominate(6, 2), votes(1), "end_day")   # day 1: the Saint nominated her
    to_day(game, {"poisoner": 4, "imp": 6, "monk": 6})
    said = run(game, nominate(4, 2))                  # day 2: a Townsfolk nominates
    assert game.grim.seat(4).alive
    assert game.phase.state == "vote"
    assert "is executed" not in public(said)


def test_poisoned_virgin_does_nothing_and_loses_the_ability():
    game = day_one(poisoned=2)
    said = run(game, nominate(4, 2))
    assert game.grim.seat(4).alive and game.phase.state == "vote"
    assert "The Virgin is poisoned" in private(said)
    assert "virgin" in game.grim.seat(2).spent
    run(game, votes(0), "end_day")
    to_day(game, {"poisoner": 3, "imp": 6, "monk": 6})   # healthy now, but it is gone
    run(game, nominate(7, 2))
    assert game.grim.seat(7).alive and game.phase.state == "vote"


def test_a_second_nomination_the_same_day_is_refused_as_usual():
    game = day_one()
    run(game, nominate(6, 2), votes(1))
    with pytest.raises(Rejected):
        run(game, nominate(4, 2))


def test_spy_nominator_is_the_storytellers_call(monkeypatch):
    monkeypatch.setattr(Spy, "may_register_as", frozenset({"good", "townsfolk", "outsider"}))
    game = day_one(setup="imp,virgin,spy,chef,drunk,saint,empath")
    said = run(game, nominate(3, 2))
    assert "may register as a Townsfolk" in private(said)
    assert "say 'execute seat 3'" in private(said)
    assert game.phase.state == "vote"
    said = run(game, ("execute", {"seat": 3}))
    assert "Seat 3, Cat is executed." in public(said)
    assert not game.grim.seat(3).alive
