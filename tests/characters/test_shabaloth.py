"""The Shabaloth: from the second night chooses two players, who die in the order chosen;
the next night, before it wakes, the Storyteller may bring back one of last night's choices
who is dead: alive again, with their ability afresh, announced at dawn after the deaths."""
import pytest

from engine_helpers import choose, end_day, new_game, private, public, run
from statemachine.errors import Rejected
from statemachine.journal.snapshots import freeze, thaw
from tb_steps import walk_night

# Shabaloth 1, Poisoner 2, Chef 3, Monk 4, Soldier 5, Slayer 6, Empath 7, Saint 8
SETUP = "shabaloth,poisoner,chef,monk,soldier,slayer,empath,saint"
REGURGITATE = "First, your choice: the Shabaloth chose"


def night(game=None, poison=8, monk=8):
    game = game or first_day()
    run(game, end_day())
    walk_night(game, {"poisoner": poison, "monk": monk}, until="shabaloth")
    return game


def first_day():
    game = new_game(SETUP)
    walk_night(game, {"poisoner": 8})
    return game


def to_day(game, poison=8, monk=8):
    return walk_night(game, {"poisoner": poison, "monk": monk})


def test_it_does_not_act_on_the_first_night():
    assert "shabaloth" not in new_game(SETUP).night_order_ids(first=True)


def test_two_players_die_in_the_order_chosen():
    game = night()
    assert REGURGITATE not in game.last_private
    said = run(game, choose(6, 3))
    assert private(said).index("Seat 6, Fay dies.") < private(said).index("Seat 3, Cat dies.")
    said += to_day(game)
    assert "Seat 6, Fay and seat 3, Cat died in the night." in public(said)


def test_the_two_must_be_different_players():
    game = night()
    with pytest.raises(Rejected, match="same seat twice"):
        run(game, choose(3, 3))


def test_protected_players_survive():
    game = night(monk=3)
    said = run(game, choose(3, 5))
    assert "Seat 3, Cat does not die." in private(said)
    assert "Seat 5, Eve does not die." in private(said)


def test_a_poisoned_shabaloth_kills_nobody_and_brings_nobody_back():
    game = night()
    run(game, choose(6, 3))
    to_day(game)
    night(game, poison=1)
    assert REGURGITATE not in game.last_private
    said = run(game, choose(7, 8))
    assert "The Shabaloth is poisoned: seat 7, Gus and seat 8, Hal do not die." in private(said)
    assert game.grim.seat(7).alive and game.grim.seat(8).alive


def test_one_of_last_nights_dead_may_come_back_announced_at_dawn_after_the_deaths():
    game = night()
    run(game, choose(6, 3))
    to_day(game)
    night(game)
    assert REGURGITATE in game.last_private
    assert "seat 3, Cat and seat 6, Fay" in game.last_private
    said = run(game, choose(6))
    fay = game.grim.seat(6)
    assert fay.alive and fay.ghost_vote
    assert "Seat 6, Fay comes back to life" in private(said)
    assert "alive again" not in public(said)           # the table hears it at dawn
    said += run(game, choose(7, 2)) + to_day(game)
    deaths = public(said).index("Seat 7, Gus and seat 2, Ben died in the night.")
    assert public(said).index("Seat 6, Fay is alive again.") > deaths
    assert "Shabaloth" not in public(said)            # never why


def test_the_storyteller_may_bring_nobody_back():
    game = night()
    run(game, choose(6, 3))
    to_day(game)
    night(game)
    run(game, "nobody")
    assert game.current.ability == "shabaloth" and "chooses two players" in game.last_private
    run(game, choose(7, 8))
    assert not game.grim.seat(6).alive and not game.grim.seat(3).alive


def test_only_a_dead_player_chosen_last_night_may_come_back():
    game = night()
    run(game, ("die", {"seat": 7}))
    run(game, choose(6, 3))
    to_day(game)
    night(game)
    with pytest.raises(Rejected, match="Only seat 3, Cat and seat 6, Fay may come back"):
        run(game, choose(7))
    run(game, "nobody")
    run(game, choose(4, 8))
    to_day(game)
    night(game)
    # two nights ago is too long ago: only last night's dead are offered
    assert "seat 4, Dan and seat 8, Hal" in game.last_private
    with pytest.raises(Rejected, match="may come back"):
        run(game, choose(6))


def test_a_dead_player_it_attacked_may_come_back_too():
    game = first_day()
    run(game, ("die", {"seat": 7}))
    night(game)
    run(game, choose(7, 3))
    to_day(game)
    night(game)
    assert "seat 3, Cat and seat 7, Gus" in game.last_private
    run(game, choose(7))
    assert game.grim.seat(7).alive


def test_nobody_is_offered_when_last_nights_choices_all_lived():
    game = night(monk=3)
    run(game, choose(3, 5))
    to_day(game, monk=8)
    night(game)
    assert REGURGITATE not in game.last_private


def test_the_regurgitated_slayer_may_shoot_again():
    game = first_day()
    run(game, ("slay", {"seat": 2, "shooter": 6}))      # the Slayer's one shot, spent
    night(game)
    run(game, choose(6, 3))
    to_day(game)
    night(game)
    run(game, choose(6), choose(7, 8))
    to_day(game)
    said = run(game, ("slay", {"seat": 1, "shooter": 6}))
    assert "Seat 1, Ann dies." in public(said) and game.winner.winner == "good"


def test_a_regurgitated_player_with_a_first_night_ability_uses_it_again_that_night():
    game = night()
    run(game, choose(6, 3))
    to_day(game)
    night(game)
    said = run(game, choose(3), choose(7, 8))     # the Chef comes back
    said += to_day(game)
    assert "Wake the Chef, seat 3, Cat." in private(said)


def test_killed_again_the_night_they_come_back_they_are_not_announced_alive():
    game = night()
    run(game, choose(6, 3))
    to_day(game)
    night(game)
    said = run(game, choose(6), choose(6, 7)) + to_day(game)
    assert "Seat 6, Fay and seat 7, Gus died in the night." in public(said)
    assert "alive again" not in public(said)


def test_its_choices_survive_a_snapshot():
    game = night()
    run(game, choose(6, 3))
    to_day(game)
    again = thaw(freeze(game), type(game), game.setup, game.registry)
    night(again)
    assert "seat 3, Cat and seat 6, Fay" in again.last_private
