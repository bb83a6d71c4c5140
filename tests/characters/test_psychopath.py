"""The Psychopath: each day, before nominations, you may publicly choose a player: they die.
If executed, you only die if you lose roshambo. (The search tool gave the ability only,
from a script site, not the wiki's How to Run: the rulings on the opponent of the roshambo,
the nominator, and on a drunk Psychopath's choice follow the usual running.)"""
import pytest

from engine_helpers import end_day, new_game, nominate, private, public, run, votes
from statemachine.errors import Rejected
from statemachine.model import Effect
from tf_steps import to_day

# seats: 1 imp, 2 psychopath, 3 chef, 4 empath, 5 monk, 6 soldier, 7 saint
SETUP = "imp,psychopath,chef,empath,monk,soldier,saint"


def day_one(poisoned=False):
    game = new_game(SETUP, start=False)
    if poisoned:
        game.grim.seat(2).add_effect(Effect("poisoned", until="dusk:9", note="test"))
    run(game, "next")
    to_day(game, {})
    return game


def kills(seat):
    return ("psychopath_kills", {"seat": seat})


def test_before_nominations_the_chosen_player_dies_in_public():
    game = day_one()
    said = run(game, kills(4))
    assert "Seat 2, Ben chooses seat 4, Dan." in public(said)
    assert "Seat 4, Dan dies." in public(said) and not game.grim.seat(4).alive
    with pytest.raises(Rejected, match="already"):
        run(game, kills(5))


def test_not_after_a_nomination():
    game = day_one()
    run(game, nominate(3, 4), votes(1))
    with pytest.raises(Rejected, match="before any nomination"):
        run(game, kills(5))


def test_a_poisoned_psychopath_kills_nobody():
    game = day_one(poisoned=True)
    said = run(game, kills(4))
    assert game.grim.seat(4).alive and "Nothing happens." in public(said)


def test_executed_the_storyteller_says_whether_they_lost_the_roshambo():
    game = day_one()
    said = run(game, nominate(3, 2), votes(5), end_day())
    assert "plays rock, paper, scissors with their nominator" in private(said)
    run(game, "no")                                   # they won: they live
    assert game.grim.seat(2).alive
    game = day_one()
    run(game, nominate(3, 2), votes(5), end_day(), "yes")
    assert not game.grim.seat(2).alive


def test_its_lines_are_fit_to_be_said():
    from statemachine.line_rules import assert_fit_to_say
    game = day_one()
    said = run(game, kills(4)) + run(game, nominate(3, 2), votes(5), end_day(), "yes")
    assert_fit_to_say([(s.text, False) for s in said])
