"""Typed play through the console: what is refused before the engine sees it, what is
confirmed, and the console at game over."""
import pytest

from narrator.console import confirmation
from statemachine.registry import Win
from statemachine.journal.session import Outcome
from console_helpers import Typed, rejected, said

CHARS = "empath,virgin,monk,imp,poisoner,fortuneteller,chef"


@pytest.mark.parametrize("line", ["seat -1", "answer -5", "-3 votes",
                                  "seat 1 nominates seat -2", "seats 2 and - 4 vote"])
def test_negative_numbers_are_refused_and_change_nothing(tmp_path, line):
    t = Typed(tmp_path, CHARS)
    t.type("next", "next", "next")                 # the Poisoner's choice waits
    before = t.journaled
    out = t.type(line)
    assert rejected(out) and "negative" in rejected(out)[0]
    assert t.journaled == before


def test_seat_zero_is_no_seat(tmp_path):
    t = Typed(tmp_path, CHARS)
    t.type("next", "next", "next")
    out = t.type("seat 0")
    assert rejected(out) == ["There is no seat 0: seats are 1 to 7."]
    assert t.journaled == 3


@pytest.mark.parametrize("line, seat", [("seat 21 nominates seat 2", 21), ("seat 3 chooses seat 44", 44),
                                        ("seats 2, 5 and 30 vote", 30), ("SEAT 99", 99)])
def test_a_seat_beyond_any_table_is_named_not_misunderstood(tmp_path, line, seat):
    """A seat number past the largest table (20) parses as no command; the refusal says which
    seat there is not, as it does for a seat past this table, and nothing changes."""
    t = Typed(tmp_path, CHARS)
    t.type("next", "next", "next")
    out = t.type(line)
    assert rejected(out) == [f"There is no seat {seat}: seats are 1 to 7."]
    assert t.journaled == 3
    assert rejected(t.type("seat 4 whatever")) == ["I did not understand 'seat 4 whatever'. Say help for what works now."]


def test_a_zero_count_is_still_a_count(tmp_path):
    t = Typed(tmp_path, CHARS)
    out = t.type("0 votes")
    assert "negative" not in " ".join(rejected(out))


def test_a_line_of_blanks_gets_the_help_reply_and_an_empty_line_nothing(tmp_path):
    t = Typed(tmp_path, CHARS)
    assert rejected(t.type("   \t ")) == ["I heard nothing to act on. "
                                           "Say help for what works now."]
    assert t.type("") == [] and t.type("# a comment") == []


SLAYER = "slayer,virgin,monk,imp,poisoner,fortuneteller,chef"   # the Imp in seat 4


def to_day(t: Typed) -> None:
    for _ in range(40):
        game = t.session.game
        if game.phase.state == "day":
            return
        if game.wait is not None and type(game.wait).__name__ == "ChooseSeats":
            seats = [2, 3, 6][:game.wait.count]
            t.type(f"seat{'s' if len(seats) > 1 else ''} {' and '.join(map(str, seats))}")
        else:
            t.type("next")
    raise AssertionError("no day")


@pytest.mark.parametrize("line", ["evil wins", "seat 1 shoots seat 4", "seat 4 dies"])
def test_a_typed_command_that_ends_the_game_or_kills_waits_for_yes(tmp_path, line):
    t = Typed(tmp_path, SLAYER)
    to_day(t)
    before = t.journaled
    out = t.type(line)
    question = said(out, "private")
    assert question.endswith("Confirm? Say yes or no.")
    assert t.journaled == before and t.session.game.winner is None
    assert all(p.alive for p in t.session.game.grim.players)
    t.type("yes")
    assert t.journaled == before + 1


def test_the_question_says_what_happens():
    win = Outcome("end_day", Win("good", "The Demon is dead."), ["seat 4, Dan"])
    assert confirmation("end the day", win) == ("End the day: seat 4, Dan dies, and that "
                                                "ends the game. Good wins. Confirm? Say yes "
                                                "or no.")
    assert confirmation("evil wins", Outcome("end_game", Win("evil", "."))) == (
        "Evil wins: that ends the game. Evil wins. Confirm? Say yes or no.")
    assert confirmation("seat four is evil", Outcome("alignment")) == (
        "Seat 4 is evil. Confirm? Say yes or no.")
    killed = Outcome("nominate", None, ["seat 3, Cat"])
    assert confirmation("seat three nominates seat seven", killed) == (
        "Seat 3 nominates seat 7: seat 3, Cat dies. Confirm? Say yes or no.")


def test_no_cancels_and_anything_else_leaves_it_undone(tmp_path):
    t = Typed(tmp_path, SLAYER)
    to_day(t)
    before = t.journaled
    out = t.type("evil wins", "no")
    assert "Cancelled: evil wins." in said(out)
    out = t.type("evil wins", "status")
    assert rejected(out) == ["Not done: evil wins. It needed a yes."]
    assert "Day 1." in said(out)                       # the other line is still carried out
    assert t.journaled == before and t.session.game.winner is None


def test_a_night_kill_that_answers_the_step_is_not_asked_about(tmp_path):
    t = Typed(tmp_path, SLAYER)
    to_day(t)
    t.type("end the day")
    while t.session.game.current is None or t.session.game.current.ability != "imp" \
            or t.session.game.wait is None:
        game = t.session.game
        t.type("seat 2" if type(game.wait).__name__ == "ChooseSeats" else "next")
    out = t.type("the imp chooses seat 6")
    assert "Confirm?" not in said(out) and not t.session.game.grim.seat(6).alive


def test_undo_after_game_over_reopens_the_game(tmp_path):
    t = Typed(tmp_path, SLAYER)
    to_day(t)
    out = t.type("good wins", "yes")
    assert out[-1]["type"] == "game_over" and t.open
    log = tmp_path / "g.log.json"
    assert log.exists()
    out = t.type("seat 1 nominates seat 2")
    assert rejected(out) == ["The game is over: good won. Say undo to take back the last "
                             "command and play on, or quit."]
    out = t.type("undo")
    assert t.session.game.winner is None and not log.exists()
    assert "Undone: good wins." in said(out)
    t.type("seat 1 nominates seat 2")
    assert t.session.game.phase.state == "vote"
    assert t.type("quit") == [] and not t.open


def test_a_command_file_ending_on_a_question_leaves_it_undone(tmp_path):
    t = Typed(tmp_path, SLAYER)
    to_day(t)
    before = t.journaled
    t.console.run(["evil wins"])
    assert t.journaled == before
    assert "Not done: evil wins. It needed a yes." in t.log.getvalue()


def test_the_consoles_own_lines_are_fit_to_be_said(tmp_path):
    from statemachine.line_rules import line_problems
    t = Typed(tmp_path, SLAYER)
    to_day(t)
    out = t.type("evil wins", "no", "evil wins", "status", "seat -1", "  ", "who wants pizza",
                 "end the day", "yes", "good wins", "yes", "next")
    lines = [e["text"] for e in out if e["type"] in ("speech", "rejected")]
    problems = [f"{p}: {line!r}" for line in lines for p in line_problems(line)]
    assert not problems, problems


def test_undo_at_a_question_drops_the_held_command_alone(tmp_path):
    """Issue 23: undo said at "Confirm?" took back the held command and then the accepted
    one before it (14 events became 13)."""
    from pathlib import Path

    game = Path(__file__).resolve().parents[1] / "games" / "tb-good-executes-the-imp.txt"
    lines = [x.split("#", 1)[0].strip() for x in game.read_text().splitlines()]
    lines = [x for x in lines if x][:12]
    t = Typed(tmp_path, "empath,washerwoman,monk,imp,poisoner,fortuneteller,chef", seed=4)
    t.type(*lines, "seat 3 nominates seat 4", "5 votes")
    before = t.journaled
    out = t.type("end the day")
    assert said(out, "private").endswith("Confirm? Say yes or no.")
    assert t.journaled == before
    out = t.type("undo")
    assert "Cancelled: end the day." in said(out)
    assert t.journaled == before and t.console.pending is None
    assert t.session.game.phase.state == "day"
    out = t.type("end the day", "yes")              # asked again, and then it counts
    assert t.journaled == before + 1
