"""The Po: from the second night may choose a player, who dies, or nobody; the night after
choosing nobody (even while drunk or poisoned) it must choose three players. Choosing a
player who does not die does not charge it; the first night does not count."""
import pytest

from engine_helpers import choose, end_day, new_game, private, public, run
from statemachine.errors import Rejected
from statemachine.journal.snapshots import freeze, thaw
from tb_steps import walk_night

# Po 1, Poisoner 2, Chef 3, Monk 4, Soldier 5, Empath 6, Saint 7, Butler 8, Slayer 9
SETUP = "po,poisoner,chef,monk,soldier,empath,saint,butler,slayer"
BMR = "Bad Moon Rising"


def night(game=None, poison=7, monk=8):
    if game is None:
        game = new_game(SETUP)
        walk_night(game, {"poisoner": poison, "butler": 3})
    run(game, end_day())
    walk_night(game, {"poisoner": poison, "monk": monk, "butler": 3}, until="po")
    return game


def to_day(game):
    return walk_night(game, {"butler": 3})


def test_it_does_not_act_on_the_first_night_which_is_no_choice_of_nobody():
    game = new_game(SETUP)
    assert "po" not in game.night_order_ids(first=True)
    walk_night(game, {"poisoner": 7, "butler": 3})
    night(game)
    assert "may choose a player to kill, or nobody" in game.last_private


def test_it_kills_the_one_player_it_chooses():
    game = night()
    said = run(game, choose(6)) + to_day(game)
    assert "Seat 6, Fay dies." in private(said)
    assert "Seat 6, Fay died in the night." in public(said)


def test_after_choosing_nobody_it_must_choose_three_who_all_die():
    game = night()
    said = run(game, "nobody") + to_day(game)
    assert "Nobody died in the night." in public(said)
    night(game)
    assert "choose three players to kill" in game.last_private
    with pytest.raises(Rejected):
        run(game, "nobody")
    with pytest.raises(Rejected):
        run(game, choose(3))
    said = run(game, choose(3, 6, 9)) + to_day(game)
    assert "Seat 3, Cat, seat 6, Fay and seat 9, Ivy died in the night." in public(said)
    night(game)                      # its last choice was three players: one again
    assert "may choose a player to kill, or nobody" in game.last_private


def test_a_choice_that_kills_nobody_does_not_charge_it():
    game = night(monk=6)
    said = run(game, choose(6))
    assert "Seat 6, Fay does not die." in private(said)
    to_day(game)
    night(game)
    assert "may choose a player to kill, or nobody" in game.last_private


def test_each_of_the_three_is_protected_as_usual():
    game = night()
    run(game, "nobody")
    to_day(game)
    night(game, monk=3)
    run(game, choose(3, 5, 6))
    assert game.grim.seat(3).alive and game.grim.seat(5).alive
    assert not game.grim.seat(6).alive


def test_drunk_nobody_then_poisoned_three_then_sober_one():
    # The almanac's example: the Po chooses nobody while drunk, is charged all the same;
    # poisoned the next night, its three choices die not; then sober, it chooses one.
    game = night(poison=1)
    said = run(game, "nobody")
    assert "next time, they choose three players" in private(said)
    to_day(game)
    night(game, poison=1)
    said = run(game, choose(3, 6, 9))
    assert "The Po is poisoned: seat 3, Cat does not die." in private(said)
    assert all(game.grim.seat(s).alive for s in (3, 6, 9))
    to_day(game)
    night(game)
    assert "may choose a player to kill, or nobody" in game.last_private
    run(game, choose(6))
    assert not game.grim.seat(6).alive


def test_the_charge_survives_a_snapshot():
    game = night()
    run(game, "nobody")
    to_day(game)
    again = thaw(freeze(game), type(game), game.setup, game.registry)
    night(again)
    assert "choose three players to kill" in again.last_private


def test_a_charged_po_choosing_the_goon_second_kills_only_the_first_choice():
    """Issue 25, item 1. The Goon's almanac example: a charged Po attacks the Moonchild, the
    Goon and the Grandmother; only the Moonchild dies. Choosing the Goon makes the Po drunk
    from that choice on, so the attack said before it still happens. (The search tool gave
    only part of the Goon's wiki page: its summary and the first How to Run points; the
    example is the one quoted in the issue.)"""
    game = new_game("po,poisoner,moonchild,goon,grandmother,monk,empath,chef", BMR)
    walk_night(game, {"poisoner": 6, "grandmother": 7})
    run(game, end_day())
    walk_night(game, {"poisoner": 6, "monk": 8}, until="po")
    run(game, "nobody")
    walk_night(game, {"poisoner": 6, "monk": 8})
    run(game, end_day())
    walk_night(game, {"poisoner": 6, "monk": 8}, until="po")
    said = run(game, choose(3, 4, 5))
    assert not game.grim.seat(3).alive, private(said)
    assert game.grim.seat(4).alive and game.grim.seat(5).alive
    assert game.grim.seat(4).alignment == "evil"
    assert "Seat 3, Cat dies." in private(said)
    assert "The Po is drunk: seat 5, Eve does not die." in private(said)
