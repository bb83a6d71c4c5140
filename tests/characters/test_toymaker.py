"""The Toymaker (Fabled): the Demon may choose not to attack & must do this at least once per
game. Evil players get normal starting info. The almanac's How to Run: the Demon is marked
Final Night: No Attack; the Minion and Demon info are given with fewer than seven players;
each night the Demon may choose not to attack (the mark removed); if its attack could end
the game while still marked, the Demon is not woken and attacks nobody."""
import pytest

from fabled_steps import (end_day, fabled_game, fit, private, public, run,  # noqa: F401
                          walk_night)
from statemachine.errors import Rejected

# seats: 1 Imp, 2 Poisoner, 3 Chef, 4 Empath, 5 Monk (a Teensyville-sized game)
SETUP = "imp,poisoner,chef,empath,monk"
MARK = "Toymaker: Final Night: No Attack"


def night_order(game):
    return [e.ability for e in game.night_queue()]


def test_a_small_game_gets_the_minion_and_demon_info_and_the_demon_is_marked():
    game = fabled_game(SETUP, "toymaker")
    assert "The Toymaker: the Demon must once choose not to attack." in private(game.opening)
    fit(game.opening)
    assert {"minioninfo", "demoninfo"} <= set(night_order(game))
    assert MARK in game.grim.seat(1).reminders
    assert "toymaker" not in night_order(game)            # nothing of its own tonight
    said = walk_night(game, {"poisoner": [4]})
    assert "Demon info. Wake the Demon: seat 1, Ann." in private(said)
    assert "Show the three bluffs:" in private(said)
    plain = fabled_game(SETUP, "fibbin")
    assert "minioninfo" not in night_order(plain)


def test_the_demon_chooses_not_to_attack_and_nobody_dies_to_it():
    game = fabled_game(SETUP, "toymaker")
    walk_night(game, {"poisoner": [4]})
    said = run(game, end_day())
    said += walk_night(game, {"poisoner": [4]}, until="imp")
    assert "The Demon has not yet chosen not to attack, and must once." in private(said)
    said += run(game, ("toymaker_no_attack", {}), ("choose", {"seats": [3]}))
    assert "Seat 3, Cat does not die: the Toymaker stops the Demon's kills tonight." in \
        private(said)
    said += walk_night(game, {"poisoner": [4]})
    assert game.grim.seat(3).alive and MARK not in game.grim.seat(1).reminders
    assert "Nobody died" in public(said) or "nobody died" in public(said).lower()
    fit(said)
    run(game, end_day())
    assert "toymaker" not in night_order(game)            # the debt is paid


def test_a_kill_that_could_end_the_game_while_marked_the_demon_does_not_wake():
    game = fabled_game(SETUP, "toymaker")
    walk_night(game, {"poisoner": [4]})
    said = run(game, ("die", {"seat": 5}), ("die", {"seat": 4}), end_day())
    said += walk_night(game, {"poisoner": [3]})
    assert "Do not wake the Demon tonight: nobody is attacked." in private(said)
    assert "The Imp, seat 1, Ann, does not wake tonight: the Toymaker's night of no " \
           "attack." in private(said)
    assert game.grim.seat(3).alive and game.winner is None
    assert MARK not in game.grim.seat(1).reminders


def test_the_demon_attacks_after_its_no_attack_night():
    game = fabled_game(SETUP, "toymaker")
    walk_night(game, {"poisoner": [4]})
    run(game, end_day())
    walk_night(game, {"poisoner": [4]}, until="imp")
    run(game, ("toymaker_no_attack", {}))
    walk_night(game, {"poisoner": [4], "imp": [3]})
    run(game, end_day())
    walk_night(game, {"poisoner": [4], "imp": [3]})
    assert not game.grim.seat(3).alive


def test_no_attack_only_in_the_demons_step():
    game = fabled_game(SETUP, "toymaker")
    with pytest.raises(Rejected, match="as it wakes"):
        run(game, ("toymaker_no_attack", {}))              # the Poisoner's step or info
    walk_night(game, {"poisoner": [4]})
    with pytest.raises(Rejected, match="as it wakes"):
        run(game, ("toymaker_no_attack", {}))


def test_the_debt_passes_to_a_new_demon():
    """The Imp's star pass: the new Imp still owes the night of no attack."""
    game = fabled_game("imp,poisoner,chef,empath,monk,saint,washerwoman", "toymaker")
    walk_night(game, {"poisoner": [4]})
    run(game, end_day())
    walk_night(game, {"poisoner": [4], "monk": [3], "imp": [1]})   # the Imp kills itself
    new = next(p for p in game.grim.living if p.character == "imp")
    assert new.seat == 2
    said = run(game, ("die", {"seat": 3}), ("die", {"seat": 4}), ("die", {"seat": 5}),
               end_day())
    said += walk_night(game)
    assert "The Imp, seat 2, Ben, does not wake tonight: the Toymaker's night of no " \
           "attack." in private(said)
    assert game.winner is None
