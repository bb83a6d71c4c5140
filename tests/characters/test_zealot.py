"""The Zealot: if there are 5 or more players alive, you must vote for every nomination.
(The search tool gave the ability's wording only: the reminder and the warning below are
how the narrator helps the Storyteller enforce it; whether Travellers count among the five
was not on the pages found: they are players, so they count.)"""
from engine_helpers import nominate, new_game, private, run, vote, votes
from statemachine.model import Effect
from tf_steps import to_day

# seats: 1 imp, 2 zealot, 3 poisoner, 4 chef, 5 empath, 6 monk
SETUP = "imp,zealot,poisoner,chef,empath,monk"


def day_one():
    game = new_game(SETUP)
    to_day(game, {"poisoner": 5})
    return game


def test_the_storyteller_is_reminded_as_each_vote_opens():
    game = day_one()
    said = run(game, nominate(4, 5))
    assert "Reminder: the Zealot, seat 2, Ben, must vote on this nomination." in private(said)


def test_a_vote_counted_without_the_zealot_is_said():
    game = day_one()
    run(game, nominate(4, 5))
    said = run(game, vote(1, 3), "next")
    assert "The Zealot, seat 2, Ben, did not vote, but must while five or more players " \
        "live." in private(said)
    run(game, nominate(5, 6))
    said = run(game, vote(2, 4), "next")
    assert "did not vote" not in private(said)


def test_with_four_alive_or_a_poisoned_zealot_there_is_no_rule():
    game = day_one()
    run(game, ("die", {"seat": 6}), ("die", {"seat": 5}))
    said = run(game, nominate(4, 1))
    assert "Zealot" not in private(said)
    game = day_one()
    game.grim.seat(2).add_effect(Effect("poisoned", until="dusk", note="test"))
    said = run(game, nominate(4, 5), votes(3))
    assert "Zealot" not in private(said)


def test_the_zealots_lines_are_fit_to_be_said():
    from statemachine.line_rules import assert_fit_to_say
    game = day_one()
    said = run(game, nominate(4, 5), vote(1, 3), "next")
    assert_fit_to_say([(s.text, s.channel == "private") for s in said])
