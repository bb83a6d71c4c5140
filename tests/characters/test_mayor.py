"""Mayor: if only 3 players live and no execution occurs that day, their team wins (at
dusk). If the Demon would kill the Mayor at night, the Storyteller may choose another
player to die instead: the narrator asks, proposing one."""
import pytest

from engine_helpers import choose, run
from statemachine.errors import Rejected
from statemachine.waits import ChooseSeats, YesNo
from tf_steps import game_with, poison, private, public, step, to_day, until

# seats: 1 imp, 2 mayor, 3 poisoner, 4 chef, 5 soldier, 6 monk, 7 empath
SETUP = "imp,mayor,poisoner,chef,soldier,monk,empath"


def with_three_alive(poisoned=4, die=(3, 4, 5, 6)):
    """Day 1 with three alive (by default seats 1 Imp, 2 Mayor and 7): the others were
    killed by the Storyteller before dawn."""
    game = game_with(SETUP)
    until(game, "chef", poison(poisoned))
    for seat in die:
        run(game, ("die", {"seat": seat}))
    to_day(game, {})
    assert len(game.grim.living) == 3
    return game


def test_three_alive_and_no_execution_good_wins_at_dusk():
    game = with_three_alive()
    said = run(game, "end_day")
    assert "Nobody is executed today." in public(said)
    assert game.winner.winner == "good"
    assert "the Mayor" in game.winner.reason
    assert "Good wins." in public(said)


def test_an_execution_that_day_means_no_mayor_win():
    game = with_three_alive()
    run(game, ("execute", {"seat": 7}))
    assert game.winner.winner == "evil"          # two alive: evil wins, not the Mayor


def test_more_than_three_alive_no_win():
    game = game_with(SETUP)
    to_day(game, poison(4))
    run(game, "end_day")
    assert game.winner is None and game.phase.at_night


def test_poisoned_mayor_does_not_win():
    game = with_three_alive(poisoned=2, die=(4, 5, 6, 7))    # the Poisoner lives
    run(game, "end_day")
    assert game.winner is None


def test_travellers_count_as_players_for_the_mayor():
    # The almanac: Travellers count for the Mayor's victory, so must be exiled first.
    game = game_with(SETUP + ",beggar")
    until(game, "chef", poison(4))
    for seat in (3, 4, 5, 6):
        run(game, ("die", {"seat": seat}))
    to_day(game, {})
    run(game, "end_day")
    assert game.winner is None                    # four living players, one a Traveller


def night_two(poisoned=4, monk=4):
    game = game_with(SETUP)
    to_day(game, poison(poisoned))
    run(game, "end_day")
    until(game, "imp", {"poisoner": poisoned, "monk": monk})
    return game


def test_attack_on_the_mayor_asks_the_storyteller_who_dies():
    game = night_two()
    said = run(game, choose(2))
    assert "The Demon attacked the Mayor, seat 2, Ben." in private(said)
    assert isinstance(game.wait, YesNo)
    assert "Should another player die instead? Proposed: seat" in game.wait.prompt
    assert game.grim.seat(2).alive
    # The Imp's step does not report the held kill as a survival before the decision.
    assert "does not die" not in private(said)


def test_no_means_the_mayor_dies():
    game = night_two()
    run(game, choose(2))
    said = run(game, "no")
    assert not game.grim.seat(2).alive
    assert "The Mayor, seat 2, Ben, dies." in private(said)
    said = to_day(game, {})
    assert "Seat 2, Ben died in the night." in public(said)
    assert game.deaths[-1][:2] == (2, "demon")


def test_yes_then_another_player_dies_instead():
    game = night_two()
    run(game, choose(2), "yes")
    assert isinstance(game.wait, ChooseSeats)
    said = run(game, choose(7))
    assert "Seat 7, Gus dies instead of the Mayor." in private(said)
    assert game.grim.seat(2).alive and not game.grim.seat(7).alive
    said += to_day(game, {})
    assert "Seat 7, Gus died in the night." in public(said)
    assert "Mayor" not in public(said)           # nobody learns how


def test_the_mayor_cannot_be_chosen_to_die_instead_of_themself():
    game = night_two()
    run(game, choose(2), "yes")
    before = game.wait
    with pytest.raises(Rejected):
        run(game, choose(2))
    assert game.wait is before


def test_bounce_onto_the_soldier_or_a_protected_player_kills_nobody():
    game = night_two(monk=7)
    run(game, choose(2), "yes", choose(5))          # the Soldier
    assert all(game.grim.seat(s).alive for s in (2, 5))
    said = to_day(game, {})
    assert "Nobody died in the night." in public(said)
    game = night_two(monk=7)
    run(game, choose(2), "yes", choose(7))          # protected by the Monk
    assert game.grim.seat(7).alive


def test_bounce_onto_a_dead_player_kills_nobody():
    game = game_with(SETUP)
    to_day(game, poison(4))
    run(game, ("execute", {"seat": 4}))
    until(game, "imp", {"poisoner": 4, "monk": 5})
    run(game, choose(2), "yes", choose(4))
    assert game.grim.seat(2).alive
    assert "Nobody died in the night." in public(to_day(game, {}))


def test_poisoned_mayor_just_dies():
    game = night_two(poisoned=2)
    run(game, choose(2))
    assert not isinstance(game.wait, YesNo)
    assert not game.grim.seat(2).alive


def test_monk_protected_mayor_is_not_attacked():
    game = night_two(monk=2)
    run(game, choose(2))
    assert not isinstance(game.wait, YesNo)
    assert game.grim.seat(2).alive


def test_the_night_goes_on_after_the_decision():
    game = night_two()
    run(game, choose(2), "no")
    seen = set()
    while game.phase.at_night:
        seen.add(game.current.ability)
        step(game, {})
    assert "empath" in seen and game.phase.state == "day"


def test_the_kill_result_says_the_death_is_held():
    game = night_two()
    result = game.kill(game.grim.seat(2), "demon", by=game.grim.seat(1))
    assert not result and result.held and result.why == "held"
    assert game.kill_report(game.grim.seat(2), result) is None


def test_a_protected_mayor_is_not_held():
    game = night_two(monk=2)
    said = run(game, choose(2))
    assert "Seat 2, Ben does not die." in private(said)
    assert "The Demon attacked the Mayor" not in private(said)
    assert not isinstance(game.wait, YesNo)
