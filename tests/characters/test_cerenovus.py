"""The Cerenovus: each night chooses a player and a good character; tomorrow that player is
mad about being it, or might be executed. The madness mechanism is shared with the Mutant
(statemachine/rules/madness.py). The almanac's rulings, one test each."""
import pytest

from line_rules import assert_fit_to_say
from snv_steps import (end_day, execute, nominate, private, public, run, snv, vote, votes,
                       walk_night)
from statemachine.errors import Rejected
from statemachine.view.grimoire import build_view
from statemachine.model import Effect

# seats: 1 Lleech (a Demon the Storyteller runs), 2 Cerenovus, 3 Sage, 4 Dreamer, 5 Savant, 6 Clockmaker, 7 Juggler
SETUP = "lleech,cerenovus,sage,dreamer,savant,clockmaker,juggler"


def mad_day(seat=3, about="savant", characters=SETUP):
    game = snv(characters)
    said = walk_night(game, until="cerenovus")
    said += run(game, ("choose", {"seats": [seat]}), ("character", {"character": about}))
    said += walk_night(game)
    return game, said


def test_the_chosen_player_is_woken_and_shown_the_cerenovus_and_the_character():
    game, said = mad_day(3, "savant")
    text = private(said)
    assert "Put the Cerenovus to sleep." in text
    assert ("Wake seat 3, Cat. Show them the This Character Selected You token, the "
            "Cerenovus token, then the Savant token.") in text
    assert "say 'seat 3 broke madness'" in text
    assert_fit_to_say([(s.text, True) for s in said if s.channel == "private"])


def test_the_madness_is_in_the_grimoire():
    game, _ = mad_day(3, "savant")
    [effect] = build_view(game).seat(3).effects
    assert effect.startswith("mad about being the Savant, from seat 2, Ben, the Cerenovus")


def test_a_player_who_keeps_up_the_madness_is_not_executed():
    # Mad about being the Savant, the player claims it and is believed: nothing happens.
    game, _ = mad_day(3, "savant")
    run(game, end_day())
    assert game.grim.seat(3).alive


def test_breaking_madness_by_day_is_the_days_execution_and_night_falls():
    game, _ = mad_day(3, "savant")
    said = run(game, ("broke_madness", {"seat": 3}))
    assert "Seat 3, Cat is mad about being the Savant, from the Cerenovus" in private(said)
    assert "Seat 3, Cat broke madness." in public(said)
    assert "Seat 3, Cat is executed." in public(said)
    assert not game.grim.seat(3).alive and game.phase.at_night
    assert [d.cause for d in game.deaths] == ["execution"]


def test_only_one_execution_a_day():
    game, _ = mad_day(3, "savant")
    run(game, nominate(4, 5), vote(1, 2, 3, 4), votes(4), nominate(6, 7), votes(0))
    run(game, execute(5))
    assert game.phase.at_night
    walk_night(game, until="cerenovus")     # at night it may happen at once instead
    said = run(game, ("broke_madness", {"seat": 3}))
    assert not game.grim.seat(3).alive
    assert "Seat 3, Cat broke madness and was executed in the night." not in public(said)
    said = walk_night(game)
    assert "Seat 3, Cat broke madness and was executed in the night." in public(said)


def test_during_a_vote_the_madness_execution_ends_the_vote():
    game, _ = mad_day(3, "savant")
    run(game, nominate(4, 5))
    run(game, ("broke_madness", {"seat": 3}))
    assert not game.grim.seat(3).alive and game.phase.at_night


def test_a_player_who_is_not_mad_is_not_executed_for_it():
    game, _ = mad_day(3, "savant")
    with pytest.raises(Rejected, match="Nothing makes seat 4, Dan mad now"):
        run(game, ("broke_madness", {"seat": 4}))
    assert game.grim.seat(4).alive


def test_the_madness_ends_with_the_next_choice_and_with_the_cerenovus():
    game, _ = mad_day(3, "savant")
    run(game, end_day())
    walk_night(game, until="cerenovus")
    run(game, ("choose", {"seats": [4]}), ("character", {"character": "sage"}))
    assert not game.madness.of(game.grim.seat(3)) and game.madness.of(game.grim.seat(4))
    run(game, ("die", {"seat": 2}))
    assert not game.madness.of(game.grim.seat(4))


def test_a_mad_evil_player_is_said_to_be_evil():
    game, _ = mad_day(1, "sage")
    said = run(game, ("broke_madness", {"seat": 1}))
    assert "They are evil: you may choose not to execute them." in private(said)


def test_only_a_good_character_on_the_script():
    game = snv(SETUP)
    walk_night(game, until="cerenovus")
    run(game, ("choose", {"seats": [3]}))
    with pytest.raises(Rejected, match="Townsfolk or an Outsider"):
        run(game, ("character", {"character": "witch"}))
    with pytest.raises(Rejected, match="not on the script"):
        run(game, ("character", {"character": "empath"}))


def test_a_poisoned_cerenovus_makes_nobody_mad():
    game = snv(SETUP)
    game.grim.seat(2).add_effect(Effect("poisoned", until="dusk"))
    walk_night(game, until="cerenovus")
    said = run(game, ("choose", {"seats": [3]}), ("character", {"character": "savant"}))
    assert "nobody is made mad" in private(said)
    assert not game.madness.of(game.grim.seat(3))
