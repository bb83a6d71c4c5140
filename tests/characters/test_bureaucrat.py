"""The Bureaucrat: each night chooses a player (not themself) whose vote counts as 3
tomorrow. A spoken count is the hands raised; named voters' weights adjust it."""
import pytest

from engine_helpers import choose, new_game, run
from statemachine.errors import Rejected
from tb_steps import nominate, private, public, vote, votes, walk_night

SETUP = "imp,empath,monk,poisoner,chef,soldier,saint,bureaucrat"   # Bureaucrat seat 8


def test_the_bureaucrat_wakes_each_night_and_cannot_choose_themself():
    game = new_game(SETUP)
    assert game.current.ability == "bureaucrat"
    assert "bureaucrat" in game.night_order_ids(first=False)
    with pytest.raises(Rejected, match="cannot choose themself"):
        run(game, choose(8))
    said = run(game, choose(3))
    assert "Seat 3, Cat's vote counts as 3 votes tomorrow." in private(said)


def test_the_chosen_vote_counts_three_times_tomorrow():
    game = new_game(SETUP)
    walk_night(game, {"bureaucrat": 3, "poisoner": 7})
    assert game.vote_weight(game.grim.seat(3)) == 3
    said = run(game, nominate(2, 6))
    assert "seat 3, Cat's vote counts as 3 votes. Name them if they vote." in private(said)
    said = run(game, vote(3, 4), "next")
    assert "4 votes. Seat 6, Fay is about to die." in public(said)
    assert game.votes_today[0].total == 4


def test_a_spoken_count_is_hands_and_the_weight_is_added():
    game = new_game(SETUP)
    walk_night(game, {"bureaucrat": 3, "poisoner": 7})
    said = run(game, nominate(2, 6), vote(3), votes(2))
    assert "2 hands; the weighted votes of named voters make 4." in private(said)
    assert "4 votes." in public(said)


def test_the_weight_ends_at_dusk():
    game = new_game(SETUP)
    walk_night(game, {"bureaucrat": 3, "poisoner": 7})
    run(game, ("end_day", {}))
    assert game.vote_weight(game.grim.seat(3)) == 1


def test_a_poisoned_bureaucrat_changes_nothing():
    game = new_game(SETUP)
    walk_night(game, {"bureaucrat": 3, "poisoner": 8})
    assert game.vote_weight(game.grim.seat(3)) == 1


def test_a_dead_bureaucrat_changes_nothing():
    game = new_game(SETUP)
    walk_night(game, {"bureaucrat": 3, "poisoner": 7})
    run(game, ("die", {"seat": 8}))
    assert game.vote_weight(game.grim.seat(3)) == 1


def test_exiles_ignore_the_weight():
    game = new_game(SETUP)
    walk_night(game, {"bureaucrat": 3, "poisoner": 7})
    said = run(game, ("exile", {"seat": 8, "caller": 3}), vote(3), "next")
    assert "1 vote, 4 needed." in public(said)


def test_naming_a_voter_twice_is_refused():
    game = new_game(SETUP)
    walk_night(game, {"bureaucrat": 3, "poisoner": 7})
    run(game, nominate(2, 6), vote(3))
    with pytest.raises(Rejected, match="already voted"):
        run(game, vote(3))
