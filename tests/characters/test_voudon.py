"""The Voudon: only you & the dead can vote. They don't need a vote token to do so. A 50%
majority isn't required."""
import pytest

from almanac_steps import (almanac, nominate, public, vote, votes,
                           walk_night)
from engine_helpers import run
from statemachine.errors import Rejected

SETUP = "alhadikhia,wraith,noble,oracle,fisherman,savant,pixie,voudon"   # Voudon seat 8


def day_with_dead(*dead):
    game = almanac(SETUP, travellers=1)
    walk_night(game)
    for s in dead:
        run(game, ("die", {"seat": s}))
    return game


def test_living_players_other_than_the_voudon_may_not_vote():
    game = day_with_dead(6)
    run(game, nominate(3, 4))
    with pytest.raises(Rejected, match="only the Voudon and the dead may vote"):
        run(game, vote(3))
    run(game, vote(8), vote(6))
    assert game.vote.voters == [8, 6]


def test_the_dead_vote_without_a_token_and_spend_none():
    game = day_with_dead(6)
    game.grim.seat(6).ghost_vote = False
    run(game, nominate(3, 4), vote(6), votes(1))
    assert game.grim.seat(6).ghost_vote is False         # still no token, yet voted
    game.grim.seat(6).ghost_vote = True
    run(game, nominate(5, 7), vote(6), votes(2))
    assert game.grim.seat(6).ghost_vote is True


def test_a_single_vote_is_enough_and_the_most_votes_wins():
    game = day_with_dead(6, 7)
    said = run(game, nominate(3, 4))
    assert "1 vote needed" in public(said)
    said = run(game, vote(6), votes(1))
    assert "Seat 4, Dan is about to die." in public(said)
    said = run(game, nominate(5, 2), vote(6, 7), votes(2))
    assert "Seat 2, Ben is about to die." in public(said)
    said = run(game, nominate(2, 3), vote(6, 8), votes(2))
    assert "Nobody is about to die." in public(said)               # a tie


def test_nominations_are_unchanged():
    game = day_with_dead(6)
    with pytest.raises(Rejected, match="dead and cannot nominate"):
        run(game, nominate(6, 3))


def test_exiles_are_not_affected():
    game = day_with_dead(6)
    run(game, ("exile", {"seat": 8, "caller": 3}), vote(3, 4, 5))
    assert game.vote.voters == [3, 4, 5]


def test_after_the_voudon_is_exiled_the_block_stays_and_the_living_vote_again():
    game = day_with_dead(6)
    run(game, nominate(3, 4), vote(6), votes(1))
    run(game, ("exile", {"seat": 8, "caller": 3}), votes(8))
    assert not game.grim.seat(8).alive and game.block == (4, 1)
    said = run(game, nominate(5, 2), vote(3), votes(2))
    assert "Not enough" in public(said) and game.block == (4, 1)      # half the living: 3
    said = run(game, nominate(7, 3), vote(1, 2, 3), votes(3))
    assert "Seat 3, Cat is about to die." in public(said)


def test_the_call_to_vote_says_who_may_raise_a_hand():
    game = day_with_dead(6)
    said = run(game, nominate(3, 4))
    assert ("Vote on seat 4, Dan. 1 vote needed. Only the Voudon, seat 8, Hal, and the dead "
            "may vote: raise your hands.") in public(said)
