"""The Moonchild: when you learn that you died, publicly choose a living player. If they are
good, they die tonight."""
import pytest

from almanac_steps import end_day, execute, private, public, walk_night
from engine_helpers import new_game, run
from statemachine.errors import Rejected
from statemachine.model import Effect

BMR = "Bad Moon Rising"
# seats: 1 imp, 2 moonchild, 3 monk, 4 soldier, 5 empath, 6 chef, 7 poisoner
SETUP = "imp,moonchild,monk,soldier,empath,chef,poisoner"
QUIET = {"imp": [6], "monk": [4], "poisoner": [6]}


def chooses(seat):
    return ("choose", {"seats": [seat], "actor": "moonchild"})


def executed():
    game = new_game(SETUP, BMR)
    walk_night(game, {"poisoner": [6]})
    said = run(game, execute(2))
    return game, said


def test_executed_the_moonchild_chooses_a_good_player_who_dies_that_night():
    game, said = executed()
    assert "The Moonchild, seat 2, Ben, died: they now publicly choose a living player." in \
        private(said)
    said = run(game, chooses(5))
    assert not public(said)                        # the table heard the player say it
    assert "who is good: they die tonight" in private(said)
    said = walk_night(game, QUIET)
    assert "The Moonchild, seat 2, Ben: do not wake them." in private(said)
    assert "Seat 5, Eve dies." in private(said)
    assert not game.grim.seat(5).alive and "Eve died in the night" in public(said)


def test_an_evil_player_chosen_nothing_happens():
    game, _ = executed()
    said = run(game, chooses(7))
    assert "not good: nothing happens" in private(said)
    assert "moonchild" not in game.night_order_ids(first=False)
    walk_night(game, QUIET)
    assert game.grim.seat(7).alive


def test_killed_at_night_the_moonchild_chooses_at_dawn_and_the_player_dies_the_next_night():
    game = new_game(SETUP, BMR)
    walk_night(game, {"poisoner": [6]})
    run(game, end_day())
    said = walk_night(game, {"imp": [2], "monk": [4], "poisoner": [6]})
    assert "at dawn, when they learn it, they publicly choose" in private(said)
    run(game, chooses(3))
    run(game, end_day())
    walk_night(game, {"imp": [6], "monk": [4], "poisoner": [6]})
    assert not game.grim.seat(3).alive


def test_only_a_living_player_and_only_once_per_death():
    game, _ = executed()
    with pytest.raises(Rejected, match="is dead"):
        run(game, chooses(2))
    run(game, chooses(5))
    with pytest.raises(Rejected, match="No Moonchild is waiting to choose"):
        run(game, chooses(6))


def test_an_alive_moonchild_chooses_nothing():
    game = new_game(SETUP, BMR)
    walk_night(game, {"poisoner": [6]})
    with pytest.raises(Rejected, match="No Moonchild is waiting"):
        run(game, chooses(5))


def test_executed_but_alive_the_moonchild_does_not_choose():
    game = new_game(SETUP, BMR)
    walk_night(game, {"poisoner": [6]})
    game.grim.seat(2).add_effect(Effect("survives execution", until="dusk", note="test"))
    run(game, execute(2))
    with pytest.raises(Rejected, match="No Moonchild is waiting"):
        run(game, chooses(5))


def test_drunk_or_poisoned_counts_at_night_not_when_choosing():
    game, _ = executed()
    run(game, chooses(5))
    said = walk_night(game, {"imp": [6], "monk": [4], "poisoner": [2]})   # poisoned tonight
    assert game.grim.seat(5).alive
    assert "The Moonchild is poisoned: seat 5, Eve does not die." in private(said)


def test_poisoned_when_choosing_but_healthy_at_night_the_player_dies():
    game = new_game(SETUP, BMR)
    walk_night(game, {"poisoner": [2]})              # poisoned until dusk
    run(game, ("die", {"seat": 2}))
    run(game, chooses(5))
    run(game, end_day())
    walk_night(game, QUIET)
    assert not game.grim.seat(5).alive


def test_each_death_brings_a_new_choice():
    game, _ = executed()
    run(game, chooses(7))                           # evil: nothing happens
    walk_night(game, QUIET)
    run(game, ("revive", {"seat": 2}), ("die", {"seat": 2}))
    run(game, chooses(5))
    run(game, end_day())
    walk_night(game, QUIET)
    assert not game.grim.seat(5).alive and game.grim.seat(7).alive


def test_the_moonchilds_lines_are_fit_to_be_said():
    from statemachine.line_rules import assert_fit_to_say
    game, said = executed()
    lines = [(s.text, False) for s in said]
    lines += [(s.text, True) for s in run(game, chooses(5))]
    lines += [(s.text, game.phase.at_night) for s in walk_night(game, QUIET)]
    assert_fit_to_say(lines)


def test_the_choice_is_listened_for_by_day_once_the_moonchild_is_in_play():
    """The generic choice phrase ("the moonchild chooses seat 4"), as for the Klutz: the
    day's grammar holds it while a Moonchild is in play."""
    game = new_game("imp,poisoner,moonchild,empath,chef,monk,soldier", "Bad Moon Rising")
    while game.phase.at_night:
        run(game, "next" if "next" in game.wait.accepts() else ("choose", {"seats": [5]}))
    assert "choose" in game.expected_intents()
