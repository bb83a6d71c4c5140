"""The Beggar: must use a vote token to vote; a dead player may give theirs (the Beggar
learns their alignment privately); sober and healthy."""
import pytest

from engine_helpers import new_game, run
from statemachine.errors import Rejected
from tb_steps import execute, nominate, private, public, vote, walk_night

SETUP = "imp,empath,monk,poisoner,chef,soldier,recluse,beggar"   # Beggar seat 8
GIVE = "beggar_given"


def day_one(poison=6):
    game = new_game(SETUP)
    walk_night(game, {"poisoner": poison})
    return game


def test_the_beggar_cannot_vote_without_a_token():
    game = day_one()
    run(game, nominate(2, 3))
    with pytest.raises(Rejected, match="has no vote token"):
        run(game, vote(8))


def test_a_living_player_cannot_give_a_token():
    game = day_one()
    with pytest.raises(Rejected, match="is alive"):
        run(game, (GIVE, {"seat": 3}))


def test_a_dead_players_token_lets_the_beggar_vote_once_and_tells_their_alignment():
    game = day_one()
    run(game, execute(4))        # the Poisoner dies
    walk_night(game, {"poisoner": 6, "monk": 2, "imp": 5})
    said = run(game, (GIVE, {"seat": 4}))
    assert "Seat 4, Dan gives their vote token to the Beggar" in public(said)
    assert "Tell the Beggar, seat 8, Hal, privately: seat 4, Dan is evil." in private(said)
    assert not game.grim.seat(4).ghost_vote
    with pytest.raises(Rejected, match="no vote token left"):
        run(game, (GIVE, {"seat": 4}))
    run(game, nominate(2, 3), vote(8), "next")
    assert game.votes_today[0].voters == [8]
    run(game, nominate(3, 2))
    with pytest.raises(Rejected, match="has no vote token"):
        run(game, vote(8))


def test_a_dead_recluse_giving_a_token_brings_a_registration_note():
    game = day_one()
    run(game, execute(7))
    walk_night(game, {"poisoner": 6, "monk": 2, "imp": 5})
    said = run(game, (GIVE, {"seat": 7}))
    assert "Seat 7, Gus is the Recluse and may register as evil, a Minion or a Demon" \
        in private(said)


def test_the_beggar_is_sober_and_healthy():
    game = day_one(poison=8)
    assert game.impairment(game.grim.seat(8)) is None
    run(game, ("status_effect", {"seat": 8, "effect": "drunk"}))
    assert not game.impaired(game.grim.seat(8))


def test_a_dead_beggar_votes_with_their_own_ghost_vote_and_loses_tokens():
    game = day_one()
    run(game, execute(4))
    walk_night(game, {"poisoner": 6, "monk": 2, "imp": 5})
    run(game, (GIVE, {"seat": 4}), ("die", {"seat": 8}))
    assert "Beggar: vote token" not in game.grim.seat(8).reminders
    run(game, nominate(2, 3), vote(8))
    with pytest.raises(Rejected, match="Beggar.*is dead"):
        run(game, "next", (GIVE, {"seat": 5}))


def test_exiles_are_free_for_the_beggar():
    game = day_one()
    run(game, ("exile", {"seat": 8, "caller": 3}), vote(8))
    assert game.vote.voters == [8]
