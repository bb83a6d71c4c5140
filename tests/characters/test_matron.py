"""The Matron: each day, you may choose up to 3 sets of 2 players to swap seats. Players may
not leave their seats to talk in private."""
import pytest

from almanac_steps import almanac, end_day, nominate, public, private, walk_night
from engine_helpers import run
from statemachine.errors import Rejected
from statemachine.model import Effect

SETUP = "alhadikhia,wraith,noble,oracle,fisherman,savant,pixie,matron"


def swap(a, b):
    return ("matron_swap", {"seats": [a, b]})


def day_one():
    game = almanac(SETUP, travellers=1)
    walk_night(game)
    return game


def test_two_players_swap_seats_keeping_names_and_characters():
    game = day_one()
    said = run(game, swap(2, 6))
    assert game.grim.seat(6).name == "Ben" and game.grim.seat(6).character == "wraith"
    assert game.grim.seat(2).name == "Fay" and game.grim.seat(2).character == "savant"
    assert [p.seat for p in game.grim.players] == list(range(1, 9))
    assert "The Matron swaps Ben and Fay. Ben, please move to seat 6; Fay, to seat 2." in \
        public(said)
    assert "Swap the tokens and reminders of seats 2 and 6." in private(said)


def test_neighbours_and_effects_follow_the_new_seats():
    game = day_one()
    game.grim.seat(4).add_effect(Effect("poisoned", source=2, until="dusk", needs_source=True))
    run(game, swap(2, 6))
    assert [n.name for n in game.grim.neighbours(game.grim.seat(6))] == ["Eve", "Gus"]
    assert game.grim.seat(4).effects[0].source == 6        # still Ben's poison
    assert game.impairment(game.grim.seat(4)) == "poisoned"


def test_up_to_three_swaps_one_after_the_other():
    game = day_one()
    run(game, swap(2, 6), swap(3, 4), swap(2, 5))
    with pytest.raises(Rejected, match="three"):
        run(game, swap(1, 7))


def test_no_more_swaps_later_that_day():
    game = day_one()
    run(game, swap(2, 6), nominate(3, 4), ("votes", {"count": 0}))
    with pytest.raises(Rejected, match="may not swap again later today"):
        run(game, swap(1, 7))


def test_each_day_afresh():
    game = day_one()
    run(game, swap(2, 6), swap(3, 4), swap(2, 5), end_day())
    walk_night(game)
    run(game, swap(1, 7))
    assert game.grim.seat(7).name == "Ann"


def test_only_during_the_day():
    game = almanac(SETUP, travellers=1)
    with pytest.raises(Rejected):
        run(game, swap(2, 6))


def test_a_nomination_after_a_swap_uses_the_new_seats():
    game = day_one()
    said = run(game, swap(2, 6), nominate(6, 3))
    assert game.vote.nominator == 6 and "Seat 6, Ben nominates seat 3, Cat." in public(said)
    assert 6 in game.nominators_today


def test_a_drunk_matron_moves_nobody():
    game = day_one()
    game.grim.seat(8).add_effect(Effect("drunk", until="dusk"))
    said = run(game, swap(2, 6))
    assert game.grim.seat(2).name == "Ben" and "no effect" in private(said)


def test_a_seat_kept_in_a_reminder_follows_the_swap():
    game = day_one()
    noble = game.grim.seat(3)
    unit = game.unit("noble")
    marked = sorted(p.name for p in unit.marked(game, noble))
    assert len(marked) == 3
    run(game, swap(3, 5))
    assert noble.seat == 5
    assert sorted(p.name for p in unit.marked(game, noble)) == marked


def test_a_swap_renumbers_the_days_tallied_votes_and_the_open_votes_record():
    """Issue 25, item 7: after a swap, today's tallied votes (votes_today: the Gunslinger's
    and the Flowergirl's reading) and the block each vote opened on (Vote.before: the
    Judge's) name the players by their new seats. (A swap waits for no vote to be open.)"""
    from engine_helpers import vote, votes
    game = day_one()
    run(game, nominate(3, 4), vote(2, 3, 5), votes(5))      # Dan is about to die
    assert game.block == (4, 5)
    run(game, nominate(5, 6), vote(5), votes(1))            # Fay's vote, opened on Dan's block
    assert game.votes_today[1].before[0] == (4, 5)
    run(game, swap(2, 4))
    assert game.grim.seat(2).name == "Dan"
    first, second = game.votes_today
    assert (first.nominator, first.nominee) == (3, 2)
    assert sorted(first.voters) == [3, 4, 5]
    assert second.before[0] == (2, 5) and game.block == (2, 5)
