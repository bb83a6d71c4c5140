"""The Harpy: 'Each night, choose 2 players: tomorrow, the 1st player is mad that the 2nd is
evil, or one or both might die.'

From the ability text and the official night sheet (the first chosen is woken and shown the
This Character Selected You token, the Harpy token, and the second player); the almanac page
was not found, so these rulings are ours, listed for checking: the madness lasts the next
day only; breaking it kills, by the Storyteller's choice, the first, the second or both (a
confirmed command), never an execution; a drunk or poisoned Harpy makes nobody mad but the
first player is still shown the choice; a new choice replaces the last."""
import pytest

from engine_helpers import choose, new_game, private, public, run, skip_to, to_day
from statemachine import line_rules
from statemachine.errors import Rejected
from tb_steps import walk_night

SETUP = "imp,harpy,poisoner,empath,chef,monk,soldier"     # Harpy seat 2


def harpy_night(game, first=4, second=5, poisoner=7):
    said = skip_to(game, "poisoner") + run(game, choose(poisoner))
    said += skip_to(game, "harpy") + run(game, choose(first, second))
    return said


def test_the_harpy_makes_the_first_mad_that_the_second_is_evil():
    game = new_game(SETUP)
    said = harpy_night(game)
    assert "Put the Harpy to sleep." in private(said)
    assert ("Wake seat 4, Dan. Show them the This Character Selected You token, the Harpy "
            "token, then point to seat 5, Eve.") in game.wait.prompt
    run(game, "next")
    walk_night(game, {})
    assert game.phase.in_day
    mad = game.madness.of(game.grim.seat(4))
    assert [e.about for e in mad] == ["seat 5 is evil"]


def test_breaking_the_madness_kills_the_first_the_second_or_both():
    for seats, dead in (([4], {4}), ([5], {5}), ([4, 5], {4, 5})):
        game = new_game(SETUP)
        harpy_night(game)
        run(game, "next")
        walk_night(game, {})
        said = run(game, ("harpy_kills", {"seats": seats}))
        assert {p.seat for p in game.grim.players if not p.alive} == dead
        assert "Seat 4, Dan dies." in public(said) or 4 not in dead
        assert not game.madness.of(game.grim.seat(4))


def test_only_the_two_chosen_may_die_and_only_by_day():
    game = new_game(SETUP)
    harpy_night(game)
    with pytest.raises(Rejected):
        run(game, ("harpy_kills", {"seats": [4]}))          # still the night
    run(game, "next")
    walk_night(game, {})
    with pytest.raises(Rejected, match="only seat 4, Dan or seat 5, Eve"):
        run(game, ("harpy_kills", {"seats": [6]}))
    assert all(p.alive for p in game.grim.players)


def test_the_madness_ends_at_dusk():
    game = new_game(SETUP)
    harpy_night(game)
    run(game, "next")
    walk_night(game, {})
    run(game, "end_day")
    assert not game.madness.of(game.grim.seat(4))
    with pytest.raises(Rejected):
        run(game, ("harpy_kills", {"seats": [4]}))


def test_a_poisoned_harpy_makes_nobody_mad():
    game = new_game(SETUP)
    said = harpy_night(game, poisoner=2)
    assert "The Harpy is poisoned: nobody is made mad" in private(said)
    run(game, "next")
    walk_night(game, {})
    assert not game.madness.of(game.grim.seat(4))
    with pytest.raises(Rejected, match="Nobody is mad from the Harpy"):
        run(game, ("harpy_kills", {"seats": [4]}))


def test_the_generic_broke_madness_does_not_execute_for_the_harpy():
    game = new_game(SETUP)
    harpy_night(game)
    run(game, "next")
    walk_night(game, {})
    with pytest.raises(Rejected):
        run(game, ("broke_madness", {"seat": 4}))
    assert game.executed_today is None


def test_the_grimoire_says_what_the_madness_is():
    from statemachine.view.grimoire import build_view
    game = new_game(SETUP)
    harpy_night(game)
    view = str(build_view(game))
    assert "mad that seat 5 is evil, from" in view


def test_the_harpy_kills_is_a_confirmed_command():
    assert "harpy_kills" in new_game(SETUP).unit("harpy").destructive


def test_every_harpy_line_is_fit_to_say():
    game = new_game(SETUP)
    said = harpy_night(game)
    lines = [(s.text, True) for s in said] + [(game.wait.prompt, True)]
    run(game, "next")
    walk_night(game, {})
    lines += [(s.text, False) for s in run(game, ("harpy_kills", {"seats": [4, 5]}))]
    line_rules.assert_fit_to_say(lines)
