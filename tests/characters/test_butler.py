"""The Butler: each night chooses a master (not themself); tomorrow may vote only if the
master votes too. A dead Butler's ghost vote is free; exiles are not affected."""
import pytest

from engine_helpers import choose, new_game, run, skip_to
from statemachine.errors import Rejected
from tb_steps import execute, nominate, private, vote, votes, walk_night

SETUP = "imp,butler,empath,monk,poisoner,chef,soldier"   # Butler seat 2, Poisoner seat 5


def butler_game(master=4, poison=1):
    game = new_game(SETUP)
    walk_night(game, {"butler": master, "poisoner": poison})
    return game


def test_the_butler_wakes_every_night_and_cannot_choose_themself():
    game = new_game(SETUP)
    assert "butler" in game.night_order_ids(first=True)
    assert "butler" in game.night_order_ids(first=False)
    skip_to(game, "poisoner")
    run(game, choose(1, actor="poisoner"))
    skip_to(game, "butler")
    with pytest.raises(Rejected, match="cannot choose themself"):
        run(game, choose(2))
    said = run(game, choose(4))
    assert "Seat 4, Dan is the Butler's master" in private(said)
    assert "Butler: Master" in game.grim.seat(4).reminders


def test_the_butler_may_vote_only_after_the_master_votes():
    game = butler_game(master=4)
    said = run(game, nominate(3, 6))
    assert "the Butler, seat 2, Ben, may vote only if their master, seat 4, Dan" in private(said)
    with pytest.raises(Rejected, match="master, seat 4, Dan"):
        run(game, vote(2))
    run(game, vote(4), vote(2))
    assert game.vote.voters == [4, 2]


def test_an_illegal_butler_hand_can_still_be_counted_in_the_total():
    game = butler_game(master=4)
    run(game, nominate(3, 6), vote(3))
    said = run(game, votes(4))
    assert "4 votes. Seat 6, Fay is about to die." in "\n".join(s.text for s in said)


def test_the_master_changes_each_night():
    game = butler_game(master=4)
    run(game, ("end_day", {}))
    walk_night(game, {"butler": 6, "poisoner": 1, "monk": 3, "imp": 7})
    assert "Butler: Master" not in game.grim.seat(4).reminders
    assert "Butler: Master" in game.grim.seat(6).reminders
    run(game, nominate(3, 4))
    with pytest.raises(Rejected):
        run(game, vote(2))
    run(game, vote(6), vote(2))


def test_a_dead_butler_votes_freely_with_the_ghost_vote():
    game = butler_game(master=4)
    run(game, nominate(3, 2), vote(1, 3, 4, 5, 6), votes(5), ("end_day", {}))
    assert not game.grim.seat(2).alive
    walk_night(game, {"poisoner": 1, "monk": 3, "imp": 7})
    run(game, nominate(3, 6))
    run(game, vote(2))                       # master seat 4 has not voted: no matter
    assert game.vote.voters == [2]


def test_a_poisoned_butler_is_not_bound():
    game = butler_game(master=4, poison=2)
    assert game.impaired(game.grim.seat(2), "butler")
    said = run(game, nominate(3, 6))
    assert "Butler" not in private(said)
    run(game, vote(2))
    assert game.vote.voters == [2]


def test_exiles_ignore_the_butler():
    game = new_game(SETUP + ",gunslinger", travellers=1)
    walk_night(game, {"butler": 4, "poisoner": 1})
    run(game, ("exile", {"seat": 8, "caller": 3}), vote(2))
    assert game.vote.voters == [2]


def test_the_execution_of_a_butler_is_ordinary():
    game = butler_game(master=4)
    run(game, execute(2))
    assert not game.grim.seat(2).alive and not game.winner


def test_a_butler_named_before_the_master_in_one_command_votes():
    game = butler_game(master=4)
    run(game, nominate(3, 6))
    run(game, vote(2, 4, 5))       # the hands go up together
    assert sorted(game.vote.voters) == [2, 4, 5]


def test_a_butler_whose_master_does_not_vote_is_refused_in_a_list_too():
    game = butler_game(master=4)
    run(game, nominate(3, 6))
    with pytest.raises(Rejected, match="master, seat 4, Dan"):
        run(game, vote(2, 5))
