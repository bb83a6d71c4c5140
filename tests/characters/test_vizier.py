"""The Vizier: all players know you are the Vizier. You cannot die during the day. If good
voted, you may choose to execute immediately. The wiki's summary points (the search tool
gave the page's summary and jinxes, the How to Run only in part): announced on the first
day; cannot die by day by any means; after a vote is counted, executing the nominee counts
as the day's execution, and only if a good player voted; however few votes. The jinxes are
characters/data/jinxes.toml's (the Courtier, the Fearmonger, the Investigator, the Zealot);
their newer official wording was seen on the wiki page and differs for the Courtier."""
import json

import pytest

from engine_helpers import end_day, new_game, nominate, private, public, run, vote, votes
from statemachine.errors import Rejected
from statemachine.model import Effect
from tf_steps import to_day, until

TB = ["washerwoman", "librarian", "chef", "empath", "monk", "soldier", "mayor", "saint",
      "butler", "recluse"]
# seats: 1 imp, 2 vizier, 3 chef, 4 empath, 5 monk, 6 soldier, 7 saint
SETUP = "imp,vizier,chef,empath,monk,soldier,saint"


def script(tmp_path, *extra):
    path = tmp_path / "vizier.json"
    path.write_text(json.dumps([{"id": "_meta", "name": "Court"}, "imp", "vizier", *TB,
                                *extra]))
    return str(path)


def day_one(tmp_path, *extra, setup=SETUP, picks=None):
    game = new_game(setup, script(tmp_path, *extra))
    said = to_day(game, picks or {})
    return game, said


def executes(seat=None):
    return ("vizier_executes", {"seat": seat} if seat else {})


def test_everyone_learns_who_the_vizier_is_at_dawn(tmp_path):
    game, said = day_one(tmp_path)
    assert "Seat 2, Ben is the Vizier." in public(said)


def test_jinx_with_the_investigator_it_is_not_announced(tmp_path):
    game, said = day_one(tmp_path, "investigator")
    assert "is the Vizier" not in public(said)
    assert "do not tell the table that the Vizier is in play" in private(said)


def test_after_a_vote_with_a_good_voter_the_vizier_executes_at_once(tmp_path):
    game, _ = day_one(tmp_path)
    run(game, nominate(2, 4), vote(3, 1), "next")            # two votes of seven: few
    said = run(game, executes())
    assert "The Vizier executes seat 4, Dan at once." in public(said)
    assert not game.grim.seat(4).alive and game.executed_today == 4
    with pytest.raises(Rejected):
        run(game, nominate(3, 5))                              # the day's one execution


def test_if_only_evil_voted_nothing_happens(tmp_path):
    game, _ = day_one(tmp_path)
    run(game, nominate(2, 4), vote(1, 2), "next")
    said = run(game, executes())
    assert "Nothing happens." in public(said) and game.grim.seat(4).alive


def test_the_vizier_cannot_die_by_day_even_executed(tmp_path):
    game, _ = day_one(tmp_path)
    run(game, nominate(3, 2), votes(5), end_day())
    assert game.grim.seat(2).alive and game.executed_today == 2
    game, _ = day_one(tmp_path)
    run(game, ("die", {"seat": 2}))
    assert game.grim.seat(2).alive


def test_a_poisoned_vizier_dies_by_day_and_cannot_execute(tmp_path):
    game = new_game(SETUP, script(tmp_path), start=False)
    game.grim.seat(2).add_effect(Effect("poisoned", until="dusk:9", note="test"))
    run(game, "next")
    to_day(game, {})
    run(game, nominate(2, 4), vote(3), "next")
    said = run(game, executes())
    assert game.grim.seat(4).alive and "The Vizier is poisoned: nothing happens." in private(said)
    run(game, nominate(3, 2), votes(5), end_day())
    assert not game.grim.seat(2).alive


def test_only_the_last_nominee_and_only_by_day(tmp_path):
    game, _ = day_one(tmp_path)
    with pytest.raises(Rejected, match="No vote"):
        run(game, executes())
    run(game, nominate(2, 4), vote(3), "next")
    with pytest.raises(Rejected, match="only the last nominee"):
        run(game, executes(5))


def test_jinx_the_zealot_alone_of_the_good_may_count_as_evil(tmp_path):
    game, _ = day_one(tmp_path, "zealot", setup="imp,vizier,chef,empath,monk,zealot,saint")
    run(game, nominate(2, 4), vote(1, 6), "next")
    with pytest.raises(Rejected, match="Zealot"):
        run(game, executes())


def test_jinx_the_vizier_learns_the_fearmongers_choice_and_cannot_execute_it(tmp_path):
    game = new_game("imp,vizier,fearmonger,empath,monk,soldier,saint",
                    script(tmp_path, "fearmonger"))
    said = until(game, "fearmonger", {})
    run(game, ("choose", {"seats": [4]}))
    assert "A jinx: wake the Vizier, seat 2, Ben, and point at seat 4, Dan" in game.wait.prompt
    to_day(game, {})
    run(game, nominate(3, 4), vote(5), "next")
    with pytest.raises(Rejected, match="Fearmonger's chosen player"):
        run(game, executes())


def test_jinx_the_courtiers_drunk_vizier_is_told_and_still_cannot_die_by_day(tmp_path):
    game = new_game("imp,vizier,courtier,empath,monk,soldier,saint",
                    script(tmp_path, "courtier"))
    until(game, "courtier", {})
    said = run(game, ("character", {"character": "vizier"}))
    assert "A jinx: tell the Vizier, seat 2, Ben, that they have lost their ability." \
        in private(said)
    to_day(game, {})
    run(game, nominate(3, 2), votes(5), end_day())
    assert game.grim.seat(2).alive


def test_its_lines_are_fit_to_be_said(tmp_path):
    from statemachine.line_rules import assert_fit_to_say
    game = new_game(SETUP, script(tmp_path), start=False)
    said = run(game, "next") + to_day(game, {})
    lines = [(s.text, True) for s in said]
    said = run(game, nominate(2, 4), vote(3, 1), "next", executes())
    lines += [(s.text, False) for s in said]
    assert_fit_to_say(lines)
