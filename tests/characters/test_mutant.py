"""The Mutant: if they are "mad" about being an Outsider, they might be executed, by the
Storyteller's ruling "seat 8 broke madness" (statemachine/rules/madness.py, shared with the
Cerenovus). The almanac's rulings, one test each."""
import pytest

from snv_steps import end_day, execute, nominate, private, public, run, snv, walk_night
from statemachine.errors import Rejected
from statemachine.model import Effect

# seats: 1 Lleech (a Demon the Storyteller runs), 2 Cerenovus, 3 Sage, 4 Dreamer, 5 Savant, 6 Clockmaker, 7 Juggler, 8 Mutant
SETUP = "lleech,cerenovus,sage,dreamer,savant,clockmaker,juggler,mutant"


def day_one():
    game = snv(SETUP)
    walk_night(game)
    return game


def test_the_mutant_who_says_so_on_day_one_is_executed_at_once_and_nobody_else_today():
    game = day_one()
    assert "broke_madness" in game.expected_intents()
    said = run(game, ("broke_madness", {"seat": 8}))
    assert "Seat 8, Hal is the Mutant: mad about being an Outsider" in private(said)
    assert "Seat 8, Hal is executed." in public(said)
    assert not game.grim.seat(8).alive
    assert game.phase.at_night                 # the day's one execution: night falls
    with pytest.raises(Rejected):
        run(game, nominate(3, 4))


def test_at_night_the_mutant_is_executed_at_once_even_after_an_execution_today():
    game = day_one()
    run(game, execute(3))
    walk_night(game, until="cerenovus")
    said = run(game, ("broke_madness", {"seat": 8}))
    assert not game.grim.seat(8).alive and "The night goes on." in private(said)
    assert game.phase.at_night and game.wait is not None          # the night goes on
    said = walk_night(game)
    assert "Seat 8, Hal broke madness and was executed in the night." in public(said)
    assert "Hal died in the night" not in public(said)
    assert [d.cause for d in game.deaths] == ["execution", "execution"]


def test_no_second_madness_execution_by_day():
    game = day_one()
    run(game, execute(3))
    walk_night(game)
    run(game, execute(4))
    assert game.phase.at_night
    run(game, ("broke_madness", {"seat": 8}))      # at night: allowed
    assert not game.grim.seat(8).alive


def test_whether_to_execute_is_the_storytellers_choice():
    game = day_one()
    run(game, end_day())
    assert game.grim.seat(8).alive                  # nothing happens by itself


def test_a_poisoned_mutant_breaks_madness_safely():
    game = day_one()
    game.grim.seat(8).add_effect(Effect("poisoned", until="dusk"))
    with pytest.raises(Rejected, match=r"\(they are poisoned\), so breaking madness is safe"):
        run(game, ("broke_madness", {"seat": 8}))
    assert game.grim.seat(8).alive


def test_only_the_mutant_is_mad_about_being_an_outsider():
    game = day_one()
    with pytest.raises(Rejected, match="Nothing makes seat 7, Gus mad now"):
        run(game, ("broke_madness", {"seat": 7}))


def test_without_a_madness_ability_in_play_the_phrase_is_not_listened_for():
    game = snv("lleech,witch,sage,dreamer,savant,clockmaker,juggler")
    walk_night(game)
    assert "broke_madness" not in game.expected_intents()


def test_typed_the_ruling_is_confirmed_then_carried_out_and_replayed(tmp_path):
    from console_helpers import Typed, said
    from snv_steps import SNV, typed_night
    from statemachine.journal.session import Session
    t = Typed(tmp_path, SETUP, script=SNV)
    t.type("begin the night")
    typed_night(t)
    out = t.type("seat 8 broke madness")
    assert "Confirm? Say yes or no." in said(out) and t.session.game.grim.seat(8).alive
    t.type("yes")
    assert not t.session.game.grim.seat(8).alive
    t.session.close()
    again = Session.resume(tmp_path / "g.sqlite", t.session.game.registry)
    assert not again.game.grim.seat(8).alive and again.game.phase.at_night
    again.close()
