"""Judge: once per game, after a nomination by another player, the Judge may force the
execution to pass (executed at once, whatever the votes) or fail (the vote changes nothing).
Not on their own nomination, not on an exile; drunk or poisoned, nothing changes."""
import pytest

from engine_helpers import new_game, nominate, private, public, run, vote, votes
from statemachine.errors import Rejected
from tf_steps import to_day

# seats: 1 imp, 2 poisoner, 3 chef, 4 empath, 5 monk, 6 saint, 7 soldier; 8 judge, 9 gunslinger
SETUP = "imp,poisoner,chef,empath,monk,saint,soldier,judge,gunslinger"
BMR = "Bad Moon Rising"
PASS, FAIL = ("judge_passes", {}), ("judge_fails", {})


def day_one(poisoned=3):
    game = new_game(SETUP, script=BMR, travellers=2)
    to_day(game, {"poisoner": poisoned})
    return game


def test_a_failed_execution_puts_the_block_back_and_the_day_goes_on():
    game = day_one()
    run(game, nominate(3, 5), votes(5))
    run(game, nominate(4, 1), votes(8))
    assert game.block == (1, 8)
    said = run(game, FAIL)
    assert ("The Judge rules that the execution of Ann fails. Seat 5, Eve is still about to "
            "die.") in public(said)
    assert game.block == (5, 5) and game.phase.state == "day"
    run(game, nominate(6, 7), votes(3))               # nominations go on
    assert "Judge: No Ability" in game.grim.seat(8).reminders


def test_not_on_the_judges_own_nomination_nor_an_exile_then_a_forced_execution():
    game = day_one()
    run(game, nominate(8, 3), votes(0))
    with pytest.raises(Rejected, match="Judge nominated"):
        run(game, PASS)
    run(game, ("exile", {"seat": 9, "caller": 4}), votes(1))
    with pytest.raises(Rejected, match="not an execution"):
        run(game, PASS)
    run(game, nominate(4, 6), votes(1))
    said = run(game, PASS)
    assert "The Judge rules that seat 6, Fay is executed." in public(said)
    assert game.executed_today == 6 and not game.grim.seat(6).alive


def test_the_judge_may_rule_while_the_vote_is_open():
    game = day_one()
    run(game, nominate(3, 4), vote(1, 2))
    run(game, PASS)
    assert game.executed_today == 4
    game = day_one()
    run(game, nominate(3, 5), votes(5))
    run(game, nominate(2, 4), vote(1, 2, 3, 5, 6, 7))
    said = run(game, FAIL)
    assert "Seat 5, Eve is still about to die." in public(said)
    assert game.vote is None and game.block == (5, 5) and game.phase.state == "day"


def test_once_per_game():
    game = day_one()
    run(game, nominate(3, 4), votes(1), FAIL)
    with pytest.raises(Rejected, match="already used"):
        run(game, PASS)


def test_a_poisoned_judge_changes_nothing_and_loses_the_ability():
    game = day_one(poisoned=8)
    run(game, nominate(3, 4), votes(1))
    said = run(game, PASS)
    assert "The Judge is poisoned: nothing changes" in private(said)
    assert game.executed_today is None and "judge" in game.grim.seat(8).spent
