"""Fool: the first time the Fool would die, they do not; the ability is then used up. A
death another ability prevents does not use it; a drunk or poisoned Fool dies."""
from engine_helpers import execute, new_game, private, public, run
from tf_steps import to_day

# seats: 1 imp, 2 fool, 3 poisoner, 4 monk, 5 chef, 6 empath
SETUP = "imp,fool,poisoner,monk,chef,empath"
BMR = "Bad Moon Rising"


def day_one(poisoned=5):
    game = new_game(SETUP, script=BMR)
    to_day(game, {"poisoner": poisoned})
    return game


def night(game, poisoner=5, monk=5, imp=6):
    run(game, "end_day")
    return to_day(game, {"poisoner": poisoner, "monk": monk, "imp": imp})


def test_executed_the_first_time_the_fool_remains_alive_without_a_reason_given():
    game = day_one()
    said = run(game, execute(2))
    fool = game.grim.seat(2)
    assert fool.alive and "Fool: No Ability" in fool.reminders
    assert "Seat 2, Ben is executed." in public(said)
    assert "Ben does not die." in public(said) and "Fool" not in public(said)
    assert "Do not say why." in private(said)
    assert game.executed_today == 2 and game.phase.at_night       # the day still ends


def test_the_second_execution_kills_the_fool():
    game = day_one()
    run(game, execute(2))
    to_day(game, {"poisoner": 5, "monk": 5, "imp": 6})
    run(game, execute(2))
    assert not game.grim.seat(2).alive


def test_the_demons_attack_is_survived_then_the_next_execution_kills():
    game = day_one()
    said = night(game, imp=2)
    assert game.grim.seat(2).alive and "Nobody died in the night." in public(said)
    run(game, execute(2))
    assert not game.grim.seat(2).alive


def test_protection_from_another_ability_keeps_the_fools_ability():
    game = day_one()
    night(game, monk=2, imp=2)
    fool = game.grim.seat(2)
    assert fool.alive and "fool" not in fool.spent          # the Monk saved them
    night(game, monk=5, imp=2)
    assert fool.alive and "fool" in fool.spent              # now the Fool's own ability
    night(game, monk=5, imp=2)
    assert not fool.alive


def test_a_poisoned_fool_dies_and_a_drunk_one_too():
    game = day_one(poisoned=2)
    run(game, execute(2))
    assert not game.grim.seat(2).alive
    game = new_game("imp,drunk,poisoner,monk,chef,empath", script=BMR, start=False)
    run(game, ("drunk_believes", {"character": "fool"}), "next")
    to_day(game, {"poisoner": 5})
    run(game, execute(2))
    assert not game.grim.seat(2).alive


def test_any_cause_of_death_counts_and_a_second_override_kills():
    game = day_one()
    said = run(game, ("die", {"seat": 2}))
    assert game.grim.seat(2).alive and "say 'seat 2 dies' again" in private(said)
    assert "has died" not in public(said)
    run(game, ("die", {"seat": 2}))
    assert not game.grim.seat(2).alive
