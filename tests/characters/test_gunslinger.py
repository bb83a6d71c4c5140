"""The Gunslinger: each day, after the first vote has been tallied, may choose a player who
voted (on that vote): they die. Once a day; a command the Storyteller says."""
import pytest

from engine_helpers import new_game, run
from statemachine.errors import Rejected
from tb_steps import nominate, private, public, vote, votes, walk_night

SETUP = "imp,empath,monk,poisoner,chef,soldier,saint,gunslinger"   # Gunslinger seat 8
SHOOT = "gunslinger_shoots"


def day_one(poison=7):
    game = new_game(SETUP)
    walk_night(game, {"poisoner": poison})
    return game


def test_no_shot_before_the_first_vote_is_tallied():
    game = day_one()
    with pytest.raises(Rejected, match="after today's first vote"):
        run(game, (SHOOT, {"seat": 3}))
    run(game, nominate(2, 6), vote(3, 4))
    with pytest.raises(Rejected):
        run(game, (SHOOT, {"seat": 3}))          # the vote is still open


def test_after_the_first_vote_a_voter_is_shot_and_dies():
    game = day_one()
    said = run(game, nominate(2, 6), vote(3, 4), "next")
    assert "The Gunslinger, seat 8, Hal, may now shoot a voter: seat 3, Cat and " \
           "seat 4, Dan." in private(said)
    said = run(game, (SHOOT, {"seat": 4}))
    assert "The Gunslinger shoots seat 4, Dan." in public(said)
    assert "Seat 4, Dan dies." in public(said)
    assert not game.grim.seat(4).alive and game.last_kill == (4, "ability", 8)


def test_only_a_voter_of_the_first_vote_and_only_once_a_day():
    game = day_one()
    run(game, nominate(2, 6), vote(3, 4), "next", nominate(3, 5), vote(2), "next")
    with pytest.raises(Rejected, match="did not vote on the first nomination"):
        run(game, (SHOOT, {"seat": 2}))
    run(game, (SHOOT, {"seat": 3}))
    with pytest.raises(Rejected, match="already shot today"):
        run(game, (SHOOT, {"seat": 4}))


def test_a_new_day_allows_a_new_shot():
    game = day_one()
    run(game, nominate(2, 6), vote(3, 4), "next", (SHOOT, {"seat": 3}), ("end_day", {}))
    walk_night(game, {"poisoner": 7, "monk": 2, "imp": 6})
    run(game, nominate(2, 4), vote(5), votes(1), (SHOOT, {"seat": 5}))
    assert not game.grim.seat(5).alive


def test_a_poisoned_gunslinger_misses():
    game = day_one(poison=8)
    said = run(game, nominate(2, 6), vote(3), "next", (SHOOT, {"seat": 3}))
    assert game.grim.seat(3).alive
    assert "does not die" in public(said)


def test_a_dead_gunslinger_cannot_shoot():
    game = day_one()
    run(game, ("die", {"seat": 8}), nominate(2, 6), vote(3), "next")
    with pytest.raises(Rejected, match="is dead"):
        run(game, (SHOOT, {"seat": 3}))


def test_shooting_the_demon_wins_for_good():
    game = day_one()
    said = run(game, nominate(2, 6), vote(1), "next", (SHOOT, {"seat": 1}))
    assert game.winner.winner == "good"
    assert "Good wins." in public(said)
