"""Librarian: one of two players is a particular Outsider, or zero are in play. The Drunk
is an Outsider and is shown as the Drunk."""
import pytest

from engine_helpers import run
from statemachine.errors import Rejected
from tf_steps import (answer_character, answer_seats, game_with, info, poison, private,
                      to_day, until, woken)


def test_shows_an_outsider_and_a_wrong_player():
    for seed in range(6):
        game = game_with("imp,librarian,poisoner,chef,saint", seed=seed)
        until(game, "librarian", poison(1))
        assert 5 in info(game).truth and 2 not in info(game).truth
        run(game, "next")
        assert info(game).truth == "saint"


def test_drunk_counts_as_an_outsider_and_shows_as_the_drunk():
    for seed in range(6):
        game = game_with("imp,librarian,poisoner,chef,drunk", seed=seed, drunk_as="monk")
        said = until(game, "librarian", poison(1))
        assert 5 in info(game).truth
        assert "seat 5, Eve, the Drunk" in private(said)
        run(game, "next")
        assert info(game).truth == "drunk"


def test_zero_outsiders_in_play():
    game = game_with("imp,librarian,poisoner,chef,monk")
    said = until(game, "librarian", poison(1))
    w = info(game)
    assert w.truth == [] and w.proposal == []
    assert "zero Outsiders" in private(said)
    said = run(game, "next")
    assert "Put the Librarian to sleep." in private(said)


def test_storyteller_may_say_nobody():
    game = game_with("imp,librarian,poisoner,chef,saint", seed=3)
    until(game, "librarian", poison(2))
    said = run(game, "nobody")           # a poisoned Librarian is shown zero
    assert "Put the Librarian to sleep." in private(said)


def test_poisoned_librarian_proposal_is_a_false_outsider():
    for seed in range(6):
        game = game_with("imp,librarian,poisoner,chef,saint", seed=seed)
        until(game, "librarian", poison(2))
        pair = info(game).proposal
        run(game, "next")
        w = info(game)
        assert game.unit(w.proposal).team == "outsider"
        assert w.proposal not in {game.grim.seat(s).character for s in pair}


def test_token_must_be_an_outsider():
    game = game_with("imp,librarian,poisoner,chef,saint")
    until(game, "librarian", poison(1))
    run(game, answer_seats(3, 5))
    with pytest.raises(Rejected):
        run(game, answer_character("chef"))
    run(game, answer_character("recluse"))     # an override: any Outsider token


def test_first_night_only():
    game = game_with("imp,librarian,poisoner,chef,saint")
    to_day(game, poison(1))
    run(game, "end_day")
    assert not woken(game, "librarian", {"poisoner": 1, "imp": 4})


def test_a_spy_who_may_register_as_an_outsider_is_said_once_with_how_to_answer():
    """'... may register as an Outsider: if so, say answer and what to give.' is the one
    place the answer is offered: not again after it."""
    game = game_with("imp,librarian,spy,chef,monk,soldier,mayor", seed=1)
    until(game, "librarian", {})
    prompt = info(game).prompt
    assert "may register as an Outsider" in prompt
    assert prompt.count("say answer and what to give") == 1, prompt
