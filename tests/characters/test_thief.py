"""The Thief: each night chooses a player (not themself) whose vote counts negatively
tomorrow; with the Bureaucrat on the same player it counts as minus 3."""
import pytest

from engine_helpers import choose, new_game, run
from statemachine.errors import Rejected
from tb_steps import nominate, private, public, vote, votes, walk_night

SETUP = "imp,empath,monk,poisoner,chef,soldier,saint,thief,bureaucrat"   # Thief 8, B. 9


def test_the_thief_cannot_choose_themself():
    game = new_game(SETUP)
    run(game, choose(4))          # the Bureaucrat wakes first
    assert game.current.ability == "thief"
    with pytest.raises(Rejected, match="cannot choose themself"):
        run(game, choose(8))
    said = run(game, choose(3))
    assert "Seat 3, Cat's vote counts negatively tomorrow." in private(said)


def test_the_chosen_vote_counts_negatively():
    game = new_game(SETUP)
    walk_night(game, {"bureaucrat": 4, "thief": 3, "poisoner": 7})
    assert game.vote_weight(game.grim.seat(3)) == -1
    said = run(game, nominate(2, 6), vote(3, 4, 5), votes(6))
    # six hands: Cat -1 instead of 1, Dan 3 instead of 1
    assert "6 hands; the weighted votes of named voters make 6." in private(said)
    assert "6 votes. Seat 6, Fay is about to die." in public(said)


def test_a_negative_vote_can_keep_a_player_off_the_block():
    game = new_game(SETUP)
    walk_night(game, {"bureaucrat": 4, "thief": 3, "poisoner": 7})
    said = run(game, nominate(2, 6), vote(3), votes(5))
    assert "3 votes. Not enough" in public(said)
    assert game.block is None


def test_bureaucrat_and_thief_on_one_player_make_minus_three():
    game = new_game(SETUP)
    walk_night(game, {"bureaucrat": 3, "thief": 3, "poisoner": 7})
    assert game.vote_weight(game.grim.seat(3)) == -3


def test_the_thief_wakes_each_night():
    game = new_game(SETUP)
    assert "thief" in game.night_order_ids(first=True)
    assert "thief" in game.night_order_ids(first=False)
