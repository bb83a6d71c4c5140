"""Typed play through the console: what is refused before the engine sees it, what is
confirmed, and the console at game over."""
import pytest

from tests.console_helpers import Typed, rejected

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


def test_a_zero_count_is_still_a_count(tmp_path):
    t = Typed(tmp_path, CHARS)
    out = t.type("0 votes")
    assert "negative" not in " ".join(rejected(out))


def test_a_line_of_blanks_gets_the_help_reply_and_an_empty_line_nothing(tmp_path):
    t = Typed(tmp_path, CHARS)
    assert rejected(t.type("   \t ")) == ["I heard nothing to act on. "
                                           "Say help for what works now."]
    assert t.type("") == [] and t.type("# a comment") == []
