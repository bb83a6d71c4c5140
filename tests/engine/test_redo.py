"""redo: the command the last undo took back, carried out again (issue 27: a spoken undo is
read back with what it undid, and a spoken redo restores it). On the real SQLite journal."""
import pytest

from characters.scripts import load_script, registry_for
from statemachine.errors import Rejected
from statemachine.game import GameSetup
from statemachine.journal.session import Held, Session

TB = load_script("Trouble Brewing")
REG = registry_for(TB)
CHARS = ["empath", "virgin", "monk", "imp", "poisoner", "fortuneteller", "chef"]
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"]


def day_session(tmp_path) -> Session:
    s = Session.create(tmp_path / "g.sqlite", GameSetup(TB.name, TB.ids, NAMES, CHARS, 5), REG)
    for _ in range(60):
        if s.game.phase.state == "day":
            return s
        wait = s.game.wait
        if wait is not None and type(wait).__name__ == "ChooseSeats":
            s.apply("choose", {"seats": [2, 4, 6][:wait.count]}, "seat two")
        else:
            s.apply("next", {}, "next")
    raise AssertionError("never reached the day")


def state(s: Session):
    g = s.game
    return (g.phase.state, [(p.seat, p.alive) for p in g.grim.players], len(s.journal),
            [str(n) for n in getattr(g, "nominations", [])])


def test_undo_says_what_it_undid_and_redo_restores_it(tmp_path):
    s = day_session(tmp_path)
    before = state(s)
    s.apply("nominate", {"nominator": 2, "nominee": 6}, "seat two nominates seat six")
    after = state(s)
    said = s.apply("undo")
    assert said[0].text == "Undone: seat 2 nominates seat 6."
    assert state(s) == before
    said = s.apply("redo")
    assert said[0].text == "Redone: seat 2 nominates seat 6."
    assert state(s) == after
    with pytest.raises(Rejected, match="Nothing to redo"):
        s.apply("redo")
    assert state(s) == after


def test_an_undone_list_of_voters_is_read_back_as_a_list_of_seats(tmp_path):
    """The words read back with their numbers in digits and a run of seats as a list: 'five
    vote' broke the rule that a number takes a plural."""
    from statemachine.line_rules import line_problems
    s = day_session(tmp_path)
    s.apply("nominate", {"nominator": 2, "nominee": 6}, "seat two nominates seat six")
    s.apply("vote", {"seats": [1, 2, 4, 5]}, "seats one two four five vote")
    line = s.apply("undo")[0].text
    assert line == "Undone: seats 1, 2, 4 and 5 vote."
    assert line_problems(line, channel="private") == []


def test_redo_walks_back_up_several_undos_and_survives_a_resume_of_the_journal(tmp_path):
    s = day_session(tmp_path)
    s.apply("nominate", {"nominator": 2, "nominee": 6}, "seat two nominates seat six")
    s.apply("votes", {"count": 3}, "three votes")
    top = state(s)
    s.apply("undo")
    s.apply("undo")
    assert s.apply("redo")[0].text == "Redone: seat 2 nominates seat 6."
    assert s.apply("redo")[0].text == "Redone: 3 votes."
    assert state(s) == top
    s.close()
    again = Session.resume(tmp_path / "g.sqlite", REG)      # the journal holds the redone rows
    assert state(again) == top
    again.close()


def test_a_new_command_after_undo_clears_redo(tmp_path):
    s = day_session(tmp_path)
    s.apply("nominate", {"nominator": 2, "nominee": 6}, "seat two nominates seat six")
    s.apply("undo")
    s.apply("nominate", {"nominator": 3, "nominee": 5}, "seat three nominates seat five")
    kept = state(s)
    with pytest.raises(Rejected, match="Nothing to redo"):
        s.apply("redo")
    assert state(s) == kept


def test_a_rejected_redo_changes_nothing_and_a_question_keeps_it(tmp_path):
    s = day_session(tmp_path)
    with pytest.raises(Rejected, match="Nothing to redo"):
        s.apply("redo")
    s.apply("die", {"seat": 3}, "seat three dies")
    s.apply("undo")
    assert s.game.grim.seat(3).alive
    # a caller that holds kills for a yes is asked again, and nothing is lost meanwhile
    with pytest.raises(Held):
        s.apply("redo", hold=lambda outcome: bool(outcome.died))
    assert s.game.grim.seat(3).alive and s.undone
    s.apply("redo")
    assert not s.game.grim.seat(3).alive


def test_redo_is_expected_only_while_there_is_something_to_redo(tmp_path):
    s = day_session(tmp_path)
    assert "redo" not in s.expected_intents() and "undo" in s.expected_intents()
    s.apply("nominate", {"nominator": 2, "nominee": 6}, "seat two nominates seat six")
    s.apply("undo")
    assert "redo" in s.expected_intents()
    s.apply("redo")
    assert "redo" not in s.expected_intents()


def test_an_undo_across_dawn_or_dusk_tells_the_table_its_eyes_again(tmp_path):
    """The last night step undone after dawn: the table, eyes open, is told to close them;
    'end the day' undone: to open them. Within a phase nothing is said to the table."""
    s = day_session(tmp_path)
    back = s.apply("undo")
    assert s.game.phase.at_night
    assert [x.text for x in back if x.channel == "public"] == ["Everyone, close your eyes again."]
    s.apply("redo")
    assert s.game.phase.state == "day"
    s.apply("nominate", {"nominator": 2, "nominee": 6}, "seat two nominates seat six")
    assert not [x for x in s.apply("undo") if x.channel == "public"]
    s.apply("end_day", {}, "end the day")
    assert s.game.phase.at_night
    back = s.apply("undo")
    assert [x.text for x in back if x.channel == "public"] == ["Everyone, open your eyes again."]


def test_a_vote_counted_and_taken_back_is_open_again_for_the_table(tmp_path):
    """'next' at a vote says the count to everyone; undone, the table is told the vote is
    open again, not left with a count that no longer stands."""
    s = day_session(tmp_path)
    s.apply("nominate", {"nominator": 2, "nominee": 6}, "seat two nominates seat six")
    counted = s.apply("next", {}, "next")
    assert any("0 votes" in x.text for x in counted if x.channel == "public")
    back = s.apply("undo")
    assert s.game.phase.state == "vote"
    assert [x.text for x in back if x.channel == "public"] == [
        f"The vote on {s.game.grim.seat(6).label} is open again."]
    s.apply("vote", {"seats": [3]}, "seat three votes")     # a voter named: nothing public
    assert not [x for x in s.apply("undo") if x.channel == "public"]
