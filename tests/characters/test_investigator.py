"""Investigator: one of two players is a particular Minion."""
import pytest

from engine_helpers import run
from characters.outsider.recluse import Recluse
from statemachine.errors import Rejected
from tf_steps import answer_character, game_with, info, poison, private, until


def test_shows_the_minion_and_a_wrong_player():
    for seed in range(6):
        game = game_with("imp,investigator,poisoner,chef,saint", seed=seed)
        said = until(game, "investigator", poison(1))
        assert 3 in info(game).truth and 2 not in info(game).truth
        assert "point to seat 3, Cat, the Poisoner. Also point to" in private(said)
        run(game, "next")
        assert info(game).truth == "poisoner"


def test_poisoned_investigator_proposal_is_a_minion_neither_player_is():
    for seed in range(6):
        game = game_with("imp,investigator,poisoner,chef,saint", seed=seed)
        until(game, "investigator", poison(2))
        pair = info(game).proposal
        run(game, "next")
        w = info(game)
        assert w.truth in ("poisoner", None)
        assert game.unit(w.proposal).team == "minion"
        assert w.proposal not in {game.grim.seat(s).character for s in pair}


def test_recluse_who_may_register_as_a_minion_is_named(monkeypatch):
    monkeypatch.setattr(Recluse, "may_register_as", frozenset({"evil", "minion", "demon"}))
    game = game_with("imp,investigator,poisoner,chef,recluse")
    said = until(game, "investigator", poison(1))
    assert "Seat 5, Eve is the Recluse and may register as" in private(said)
    run(game, ("answer_seats", {"seats": [4, 5]}))
    # Neither is a Minion: no true token; the Storyteller shows one for the Recluse.
    assert info(game).truth is None
    assert "Put the Investigator to sleep." in private(run(game, answer_character("baron")))


def test_token_must_be_a_minion():
    game = game_with("imp,investigator,poisoner,chef,saint")
    until(game, "investigator", poison(1))
    run(game, "next")
    with pytest.raises(Rejected):
        run(game, answer_character("imp"))
