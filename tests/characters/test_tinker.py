"""The Tinker: you might die at any time (the Storyteller's word: "the tinker dies")."""
import pytest

from almanac_steps import end_day, execute, private, public, walk_night
from engine_helpers import new_game, run, text
from statemachine.errors import Rejected
from statemachine.model import Effect

BMR = "Bad Moon Rising"
# seats: 1 imp, 2 tinker, 3 monk, 4 godfather, 5 empath, 6 chef, 7 devil's advocate
SETUP = "imp,tinker,monk,godfather,empath,chef,devilsadvocate"


def day_one(da=5):
    game = new_game(SETUP, BMR)
    walk_night(game, {"devilsadvocate": [da]})
    return game


def test_the_storyteller_is_reminded_privately_and_nobody_wakes():
    game = new_game(SETUP, BMR, start=False)
    assert "The Tinker, seat 2, Ben, may die whenever you like: say 'the tinker dies'." in \
        game.setup_lines()
    run(game, "next")
    walk_night(game, {"devilsadvocate": [5]})
    run(game, end_day())
    said = walk_night(game, {"devilsadvocate": [6], "imp": [6], "monk": [5]}, until="tinker")
    said += game.out
    assert "The Tinker, seat 2, Ben: do not wake them." in private(said)
    assert "The Tinker may die now" in game.last_private
    assert "Wake the Tinker" not in text(said) and "Tinker" not in public(said)


def test_the_tinker_dies_by_day_and_the_table_hears_it():
    game = day_one()
    said = run(game, ("tinker_dies", {}))
    assert not game.grim.seat(2).alive
    assert "Seat 2, Ben has died." in public(said)
    assert game.deaths[-1].cause == "ability" and game.phase.in_day   # the day goes on
    assert game.executed_today is None                  # a death, not an execution


def test_the_tinker_dies_at_night_and_the_table_hears_it_at_dawn():
    game = day_one()
    run(game, end_day())
    walk_night(game, {"devilsadvocate": [6], "imp": [6], "monk": [5]}, until="tinker")
    said = run(game, ("tinker_dies", {}))
    assert "Seat 2, Ben dies." in private(said) and not public(said)
    said = walk_night(game)
    assert "died in the night" in public(said)
    assert "Seat 6, Fay and seat 2, Ben died in the night." in public(said)


def test_a_tinker_dying_by_day_wakes_the_godfather():
    game = day_one()
    run(game, ("tinker_dies", {}), end_day())
    assert "godfather" in game.night_order_ids(first=False)


def test_saved_from_execution_the_tinker_may_still_die_by_their_ability():
    game = day_one(da=2)
    run(game, execute(2))
    assert game.grim.seat(2).alive
    run(game, ("tinker_dies", {}))
    assert not game.grim.seat(2).alive


def test_what_protects_from_death_protects_the_tinker():
    game = day_one()
    run(game, end_day())
    walk_night(game, {"devilsadvocate": [6], "imp": [6], "monk": [5]}, until="tinker")
    game.grim.seat(2).add_effect(Effect("safe", until="dawn", note="test"))
    said = run(game, ("tinker_dies", {}))
    assert game.grim.seat(2).alive and "Seat 2, Ben does not die." in private(said)


def test_a_drunk_tinker_cannot_die_by_their_ability_and_a_dead_one_is_refused():
    game = day_one()
    game.grim.seat(2).add_effect(Effect("drunk", until="dusk", note="test"))
    with pytest.raises(Rejected, match="is drunk: their ability cannot kill them now"):
        run(game, ("tinker_dies", {}))
    run(game, ("die", {"seat": 2}))
    with pytest.raises(Rejected, match="no living Tinker"):
        run(game, ("tinker_dies", {}))


def test_the_command_is_asked_back_before_it_kills():
    from characters.catalogue import build_registry
    from narrator.language.commands import CommandLanguage
    lang = CommandLanguage(build_registry(), ["tinker"])
    assert lang.parse("the tinker dies").intent == "tinker_dies"
    assert lang.is_destructive("tinker_dies")
