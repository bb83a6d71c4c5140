"""The Duchess (Fabled): each day, 3 players may choose to visit you. At night*, each visitor
learns how many visitors are evil, but 1 gets false info. The almanac's examples, on Trouble
Brewing characters (the Soldier, the Monk and the Chef stand for its Soldier, Pacifist and
Sage), and its ruling: without exactly three visitors she does not act."""
import pytest

from fabled_steps import end_day, fabled_game, fit, private, public, run, walk_night
from statemachine.errors import Rejected

# seats: 1 Imp, 2 Poisoner, 3 Soldier, 4 Monk, 5 Chef, 6 Empath, 7 Butler, 8 Saint
SETUP = "imp,poisoner,soldier,monk,chef,empath,butler,saint"


def visit(*seats):
    return ("duchess_visit", {"seats": list(seats)})


def answer(n):
    return ("answer_number", {"number": n})


def to_duchess(*seats, liar=None):
    """Day one: these seats visit; night two runs up to the first visitor's number."""
    game = fabled_game(SETUP, "duchess")
    walk_night(game)
    said = run(game, visit(*seats), end_day())
    assert game.current.ability == "duchess" and game.current.seat == 0
    if liar is None:
        said += run(game, "yes")
    else:
        said += run(game, "no", ("choose", {"seats": [liar]}))
    return game, said


def numbers(game):
    """Give each visitor the proposal; the numbers given, by seat."""
    given = {}
    while game.current and game.current.ability == "duchess" and game.wait is not None:
        given[game.wait.seat or liar_seat(game)] = game.wait.proposal
        run(game, "next")
    return given


def liar_seat(game):
    return next(p.seat for p in game.grim.players if "Duchess: False Info" in p.reminders)


def test_three_good_visitors_two_learn_0_and_the_false_one_learns_another_number():
    game, said = to_duchess(3, 4, 5, liar=5)
    assert "Seat 3, Cat, seat 4, Dan and seat 5, Eve visit the Duchess." in public(said)
    assert "Wake seat 3, Cat: show them the Duchess token." in private(said)
    given = numbers(game)
    assert given[3] == 0 and given[4] == 0 and given[5] in (1, 2, 3)
    assert "Wake the Duchess" not in private(said)
    fit(said)


def test_one_evil_visitor_the_false_one_is_refused_the_truth():
    game, said = to_duchess(7, 6, 1, liar=7)                # Butler, Empath, Imp
    assert game.wait.seat == 1 and game.wait.proposal == 1      # seat order: the Imp first
    run(game, "next")
    assert game.wait.proposal == 1                               # the Empath: the truth
    run(game, "next")
    assert "gets the false number" in game.wait.prompt           # the Butler
    with pytest.raises(Rejected, match="1 is the truth"):
        run(game, answer(1))
    said = run(game, answer(2))
    assert "Put seat 7, Gus to sleep." in private(said)
    assert not any("Duchess:" in r for p in game.grim.players for r in p.reminders)


def test_two_evil_visitors_and_a_false_number_to_a_true_visitor_is_warned():
    game, _ = to_duchess(2, 1, 5, liar=1)                   # Poisoner, Imp, Chef
    run(game, "next")                                            # the Imp: false
    said = run(game, answer(1))                                  # the Poisoner: should be 2
    assert "Seat 2, Ben is sober and healthy: they were given false information." in \
        private(said)


def test_the_proposed_false_visitor_is_one_of_them():
    game, said = to_duchess(3, 4, 5)
    assert "gets the false number. Say yes or next" in private(said)
    assert liar_seat(game) in (3, 4, 5)


def test_without_exactly_three_visitors_she_does_not_act():
    game = fabled_game(SETUP, "duchess")
    walk_night(game)
    said = run(game, visit(3, 4), end_day())
    assert "Only seat 3, Cat and seat 4, Dan visited the Duchess: she does not act " \
           "tonight." in private(said)
    assert game.current.ability != "duchess"
    assert not any("Duchess:" in r for p in game.grim.players for r in p.reminders)


def test_nobody_visits_no_step():
    game = fabled_game(SETUP, "duchess")
    walk_night(game)
    said = run(game, end_day())
    assert "Duchess" not in private(said)


def test_at_most_three_visitors_a_day_each_once_and_only_by_day():
    game = fabled_game(SETUP, "duchess")
    with pytest.raises(Rejected, match="by day"):
        run(game, visit(3))
    walk_night(game)
    run(game, visit(3, 4))
    with pytest.raises(Rejected, match="already today"):
        run(game, visit(3))
    with pytest.raises(Rejected, match="at most"):
        run(game, visit(5, 6))
    run(game, visit(5))
