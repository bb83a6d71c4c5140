"""Washerwoman: on the first night, two players are pointed at and a Townsfolk shown; one
of them is that Townsfolk."""
import pytest

from engine_helpers import run
from characters.minion.spy import Spy
from statemachine.errors import Rejected
from tf_steps import (answer_character, answer_seats, game_with, info, poison, private,
                      to_day, until, woken)

# seats: 1 imp, 2 washerwoman, 3 poisoner, 4 chef, 5 saint
FIVE = "imp,washerwoman,poisoner,chef,saint"


def test_shows_a_true_townsfolk_and_a_wrong_player():
    for seed in range(8):
        game = game_with(FIVE, seed=seed)
        said = until(game, "washerwoman", poison(1))
        w = info(game)
        assert 4 in w.truth and len(w.truth) == 2 and 2 not in w.truth
        assert w.proposal == w.truth
        assert "seat 4, Dan, the Chef" in private(said)
        run(game, "next")
        assert info(game).truth == "chef" and info(game).proposal == "chef"
        said = run(game, "next")
        assert "Put the Washerwoman to sleep." in private(said)


def test_prompt_names_both_players_for_the_ear():
    game = game_with(FIVE)
    said = until(game, "washerwoman", poison(1))
    w = info(game)
    names = {1: "seat 1, Ann", 3: "seat 3, Cat", 4: "seat 4, Dan", 5: "seat 5, Eve"}
    for s in w.truth:
        assert names[s] in private(said)
    assert "The Washerwoman: point to" in private(said) and "the wrong player." in private(said)


def test_a_poisoned_washerwoman_hears_the_proposal_first_and_the_truth_after_the_pause():
    """"Point to seat 7, the Chef, and to seat 5, the wrong player. They are poisoned: give
    anything." told the Storyteller two things to do; the truth now waits for the pause."""
    game = game_with(FIVE)
    said = until(game, "washerwoman", poison(2))
    lines = private(said).splitlines()
    at = next(n for n, t in enumerate(lines) if "learns that" in t)
    assert lines[at].startswith("The Washerwoman learns that 1 of 2 players is a Townsfolk. "
                                "They are poisoned: give anything. Proposed: seat")
    assert "point to" not in lines[at] and "the wrong player" not in lines[at]
    assert lines[at + 1].startswith("The true answer: ") and "seat 4, Dan" in lines[at + 1]


def test_drunk_is_not_shown_as_the_townsfolk_they_believe():
    # seat 5 is the Drunk who believes they are the Monk; only the Chef is a Townsfolk.
    for seed in range(8):
        game = game_with("imp,washerwoman,poisoner,chef,drunk", seed=seed, drunk_as="monk")
        until(game, "washerwoman", poison(1))
        assert 4 in info(game).truth
        run(game, answer_seats(4, 5))
        assert info(game).truth == "chef"


def test_the_storyteller_may_point_at_other_players_and_the_token_follows():
    game = game_with("imp,washerwoman,poisoner,chef,saint,monk,soldier")
    until(game, "washerwoman", poison(1))
    run(game, answer_seats(5, 6))
    assert info(game).truth == "monk"
    run(game, answer_character("monk"))
    assert game.current.ability != "washerwoman" or game.wait is None


def test_illegal_overrides_are_rejected_and_change_nothing():
    game = game_with(FIVE)
    until(game, "washerwoman", poison(1))
    before = info(game)
    for bad in (answer_seats(4), answer_seats(2, 4), answer_seats(1, 3, 4)):
        with pytest.raises(Rejected):
            run(game, bad)
        assert game.wait is before
    with pytest.raises(Rejected):
        run(game, "nobody")         # the Washerwoman always sees two players
    run(game, "next")
    with pytest.raises(Rejected):
        run(game, answer_character("imp"))   # only a Townsfolk token


def test_poisoned_washerwoman_gets_a_false_legal_proposal():
    for seed in range(8):
        game = game_with(FIVE, seed=seed)
        said = until(game, "washerwoman", poison(2))
        assert "They are poisoned" in private(said)
        pair = info(game).proposal
        assert len(pair) == 2 and 2 not in pair
        run(game, "next")
        w = info(game)
        shown = {game.grim.seat(s).character for s in pair}
        assert w.proposal not in shown
        assert game.unit(w.proposal).team == "townsfolk"


def test_no_townsfolk_in_play_still_proposes_two_players():
    game = game_with("imp,washerwoman,poisoner,saint,recluse")
    said = until(game, "washerwoman", poison(1))
    assert "Nothing true can be shown" in private(said)
    assert len(info(game).proposal) == 2
    run(game, "next")
    assert info(game).truth is None
    assert game.unit(info(game).proposal).team == "townsfolk"


def test_spy_who_may_register_as_a_townsfolk_is_named(monkeypatch):
    monkeypatch.setattr(Spy, "may_register_as", frozenset({"good", "townsfolk", "outsider"}))
    game = game_with("imp,washerwoman,spy,chef,saint")
    assert game.current.ability == "washerwoman"
    assert any("Seat 3, Cat is the Spy and may register as" in n for n in info(game).notes)
    # The Storyteller points at the Spy: the token step names them again.
    run(game, answer_seats(3, 5))
    assert info(game).truth is None
    assert any("Spy" in n for n in info(game).notes)
    run(game, answer_character("monk"))


def test_first_night_only():
    game = game_with(FIVE)
    to_day(game, poison(1))
    run(game, "end_day")
    assert not woken(game, "washerwoman", {"poisoner": 1, "imp": 4})
