"""Butcher: each day, after the first execution, the Butcher may nominate again: once, even
a player already nominated, needing the usual half of the living, not more than before.
Exiles are not executions; a drunk, poisoned or dead Butcher gets no second nomination."""
import pytest

from engine_helpers import end_day, new_game, nominate, private, public, run, vote, votes
from statemachine.errors import Rejected
from tf_steps import to_day

# seats: 1 imp, 2 poisoner, 3 chef, 4 empath, 5 monk, 6 saint, 7 fool; Travellers: 8 butcher,
# 9 gunslinger
SETUP = "imp,poisoner,chef,empath,monk,saint,fool,butcher,gunslinger"
SV = "Sects & Violets"


def day_one(poisoned=3):
    game = new_game(SETUP, script=SV, travellers=2)
    to_day(game, {"poisoner": poisoned})
    return game


def execute_by_vote(game, nominator, nominee, count=5):
    run(game, nominate(nominator, nominee), votes(count))
    return run(game, end_day())


def test_after_the_first_execution_the_butcher_nominates_and_a_second_player_dies():
    game = day_one()
    said = execute_by_vote(game, 3, 4)
    assert not game.grim.seat(4).alive and game.phase.state == "day"
    assert "The Butcher, seat 8, Hal, may nominate once more." in private(said)
    run(game, nominate(8, 5), votes(4))                  # 8 alive: 4 is half, not 5 or more
    said = run(game, end_day())
    assert "Seat 5, Eve is executed." in public(said) and not game.grim.seat(5).alive
    assert game.phase.at_night                           # no third nomination


def test_only_the_butcher_nominates_after_the_execution_and_only_once():
    game = day_one()
    execute_by_vote(game, 3, 4)
    with pytest.raises(Rejected, match="already been an execution"):
        run(game, nominate(2, 5))
    run(game, nominate(8, 5), votes(1))
    with pytest.raises(Rejected):
        run(game, nominate(8, 6))
    run(game, end_day())
    assert game.phase.at_night and game.grim.seat(5).alive


def test_the_butcher_may_renominate_a_player_even_having_nominated_today():
    game = day_one()
    run(game, nominate(8, 3), votes(1))                  # the Town Crier example: not enough
    with pytest.raises(Rejected, match="already nominated today"):
        run(game, nominate(8, 5))
    execute_by_vote(game, 2, 4)
    run(game, nominate(8, 3), vote(1, 2, 5, 6))
    said = run(game, "next")
    assert "Seat 3, Cat is about to die." in public(said)


def test_an_execution_the_player_survives_still_lets_the_butcher_nominate():
    game = day_one()
    execute_by_vote(game, 3, 7)
    assert game.grim.seat(7).alive and game.phase.state == "day"


def test_exiles_are_not_executions():
    game = day_one()
    run(game, ("exile", {"seat": 9, "caller": 3}), votes(5))
    assert not game.grim.seat(9).alive and game.phase.state == "day"
    run(game, nominate(8, 3), votes(1))
    with pytest.raises(Rejected, match="already nominated today"):
        run(game, nominate(8, 5))
    run(game, end_day())
    assert game.phase.at_night


def test_a_poisoned_butcher_gets_no_second_nomination():
    game = day_one(poisoned=8)
    execute_by_vote(game, 3, 4)
    assert game.phase.at_night


def test_a_dead_butcher_gets_no_second_nomination():
    game = day_one()
    run(game, ("die", {"seat": 8}))
    execute_by_vote(game, 3, 4)
    assert game.phase.at_night
