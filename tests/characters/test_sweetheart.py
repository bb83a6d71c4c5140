"""The Sweetheart: when you die, 1 player is drunk from now on."""
import pytest

from almanac_steps import almanac, end_day, execute, private, walk_night
from engine_helpers import run
from statemachine.errors import Rejected
from statemachine.model import Effect

SETUP = "alhadikhia,xaan,noble,oracle,fisherman,savant,sweetheart"   # X = 1


def drunk(game):
    return [p.seat for p in game.grim.players
            if any(e.kind == "drunk" and e.note == "Sweetheart" for e in p.effects)]


def day_two():
    game = almanac(SETUP)
    walk_night(game)
    run(game, end_day())
    walk_night(game)
    return game


def test_when_the_sweetheart_dies_a_townsfolk_is_proposed_and_drunk_at_once():
    game = day_two()
    said = run(game, execute(7))
    [seat] = drunk(game)
    assert game.team_of(game.grim.seat(seat)) == "townsfolk"
    assert f"Proposed: seat {seat}" in private(said) and "drunk from now on." in private(said)
    assert ", proposed." not in private(said)     # issue 26: the proposal comes first
    assert game.impairment(game.grim.seat(seat)) == "drunk"


def test_drunk_from_now_on():
    game = day_two()
    run(game, execute(7))
    [seat] = drunk(game)
    walk_night(game)
    run(game, end_day())
    walk_night(game)
    assert game.impairment(game.grim.seat(seat)) == "drunk"


def test_the_storyteller_chooses_the_player():
    game = day_two()
    run(game, execute(7))
    said = run(game, ("sweetheart_drunk", {"seat": 1}))       # even the Demon
    assert drunk(game) == [1]
    assert "Seat 1, Ann is drunk from now on" in private(said)


def test_not_before_the_sweetheart_dies():
    game = day_two()
    with pytest.raises(Rejected):
        run(game, ("sweetheart_drunk", {"seat": 3}))


def test_a_death_at_night_works_too():
    game = day_two()
    run(game, end_day())
    walk_night(game, until="alhadikhia")
    run(game, ("choose", {"seats": [7, 3, 4]}), ("alhadikhia_die", {"seat": 7}))
    assert len(drunk(game)) == 1


def test_a_poisoned_sweetheart_dying_makes_nobody_drunk():
    game = day_two()
    game.grim.seat(7).add_effect(Effect("poisoned", until="dusk"))
    said = run(game, execute(7))
    assert drunk(game) == [] and "nobody becomes drunk" in private(said)


def test_never_woken():
    game = day_two()
    run(game, execute(7))
    assert "sweetheart" not in game.night_order_ids(first=False)
