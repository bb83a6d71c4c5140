"""Hell's Librarian (Fabled): something bad might happen to whoever talks when the
Storyteller has asked for silence. Built from the ability text; the almanac page was not
found: the narrator keeps the bookkeeping (the silence asked, who spoke) and proposes a
harm, which is the Storyteller's to carry out by the override commands."""
import pytest

from fabled_steps import end_day, fabled_game, fit, private, public, run, walk_night
from statemachine.errors import Rejected

SETUP = "imp,poisoner,empath,chef,monk,saint,washerwoman"
TAG = "Hell's Librarian: Something Bad"


def day_one():
    game = fabled_game(SETUP, "hellslibrarian")
    walk_night(game)
    return game


def test_silence_asked_then_a_speaker_is_marked_and_a_harm_proposed():
    game = day_one()
    said = run(game, ("librarian_silence", {}))
    assert "Silence, please. Whoever speaks now may suffer for it." in public(said)
    said += run(game, ("librarian_spoke", {"seat": 4}))
    line = private(said)
    assert "Seat 4, Dan spoke in the silence: something bad may happen, your choice." in line
    assert "Proposed: say 'seat 4 " in line
    assert TAG in game.grim.seat(4).reminders and game.grim.seat(4).alive
    assert not game.grim.seat(4).effects                 # nothing happens by itself
    said += run(game, ("status_effect", {"seat": 4, "effect": "drunk"}))
    assert game.impairment(game.grim.seat(4)) == "drunk"
    said += run(game, ("librarian_talk", {}))
    assert "The silence is over: you may talk again." in public(said)
    fit(said)


def test_nobody_is_marked_without_a_silence():
    game = day_one()
    with pytest.raises(Rejected, match="No silence"):
        run(game, ("librarian_spoke", {"seat": 4}))
    run(game, ("librarian_silence", {}), ("librarian_talk", {}))
    with pytest.raises(Rejected, match="No silence"):
        run(game, ("librarian_spoke", {"seat": 4}))
    with pytest.raises(Rejected, match="No silence"):
        run(game, ("librarian_talk", {}))
    assert TAG not in game.grim.seat(4).reminders


def test_a_speaker_twice_is_marked_once_and_the_silence_holds_until_dawn():
    game = day_one()
    run(game, ("librarian_silence", {}), ("librarian_spoke", {"seat": 4}),
        ("librarian_spoke", {"seat": 4}), end_day())
    assert game.grim.seat(4).reminders.count(TAG) == 1
    said = run(game, ("librarian_spoke", {"seat": 5}))
    assert TAG in game.grim.seat(5).reminders and "spoke in the silence" in private(said)
    with pytest.raises(Rejected, match="by day"):
        run(game, ("librarian_talk", {}))
    walk_night(game)
    with pytest.raises(Rejected, match="No silence"):          # a new day talks freely
        run(game, ("librarian_spoke", {"seat": 6}))


def test_not_before_the_game_begins():
    game = fabled_game(SETUP, "hellslibrarian", start=False)
    with pytest.raises(Rejected, match="not started"):
        run(game, ("librarian_silence", {}))
