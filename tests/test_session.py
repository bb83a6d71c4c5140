"""The journal is the truth: accepted commands are written, rejected ones change nothing,
undo and restarts rebuild the same game."""
import sqlite3

import pytest

from characters.scripts import load_script, registry_for
from statemachine.errors import Rejected
from statemachine.game import GameSetup
from statemachine.journal import Journal, JournalError
from statemachine.session import Session

TB = load_script("Trouble Brewing")
REG = registry_for(TB)
CHARS = ["empath", "virgin", "monk", "imp", "poisoner", "fortuneteller", "chef"]
NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"]


def new_session(tmp_path, seed=5) -> Session:
    return Session.create(tmp_path / "g.sqlite", GameSetup(TB.name, TB.ids, NAMES, CHARS, seed), REG)


def snapshot(session):
    g = session.game
    return ([(p.seat, p.character, p.alive, p.alignment, p.ghost_vote, [e.kind for e in p.effects],
              list(p.reminders)) for p in g.grim.players],
            g.phase.state, g.grim.night, g.grim.day, g.current, type(g.wait).__name__,
            g.last_private)


def until(session, ability):
    """Say next until the night reaches ``ability``'s step (or the day starts)."""
    for _ in range(40):
        g = session.game
        if (ability == "day" and g.phase.state == "day") or (
                g.current and g.current.ability == ability and g.wait is not None
                and g.phase.at_night):
            return
        session.apply("next", {})
    raise AssertionError(f"never reached {ability}")


class FirstNight:
    """The first night, as commands: the Poisoner poisons the Empath, the Fortune Teller
    picks seats 2 and 4, everything else is accepted as proposed."""

    def __iter__(self):
        yield lambda s: until(s, "poisoner")
        yield lambda s: s.apply("choose", {"seats": [1]})
        yield lambda s: until(s, "fortuneteller")
        yield lambda s: s.apply("choose", {"seats": [2, 4]})
        yield lambda s: until(s, "day")


FIRST_NIGHT = list(FirstNight())


def play(session, commands):
    for c in commands:
        if callable(c):
            c(session)
        else:
            session.apply(*c)


def test_journal_is_wal_with_full_sync(tmp_path):
    s = new_session(tmp_path)
    assert s.journal.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert s.journal.db.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_accepted_commands_are_journaled_and_rejected_ones_are_not(tmp_path):
    s = new_session(tmp_path)
    play(s, [("next", {}), ("next", {}), ("next", {})])
    before = snapshot(s)
    with pytest.raises(Rejected):
        s.apply("nominate", {"nominator": 1, "nominee": 2})        # not at night
    with pytest.raises(Rejected):
        s.apply("choose", {"seats": [17]})                         # no seat 17
    assert snapshot(s) == before
    assert len(s.journal) == 3


def test_a_command_that_fails_half_way_changes_nothing(tmp_path):
    s = new_session(tmp_path)
    play(s, FIRST_NIGHT)
    before = snapshot(s)
    s.apply("nominate", {"nominator": 1, "nominee": 4})
    s.apply("votes", {"count": 4})
    mid = snapshot(s)
    with pytest.raises(Rejected):
        s.apply("nominate", {"nominator": 1, "nominee": 5})       # Ann already nominated
    assert snapshot(s) == mid != before


def test_undo_steps_back_across_phase_boundaries(tmp_path):
    s = new_session(tmp_path)
    states = [snapshot(s)]
    steps = ["next"] * 3 + [("choose", {"seats": [1]})] + ["next"] * 30
    for step in steps:
        if s.game.phase.state == "day":
            break
        if s.game.wait is not None and type(s.game.wait).__name__ == "ChooseSeats":
            n = s.game.wait.count
            step = ("choose", {"seats": [2, 4, 6][:n]})
        s.apply(*(step if isinstance(step, tuple) else (step, {})))
        states.append(snapshot(s))
    for intent, slots in [("nominate", {"nominator": 2, "nominee": 5}),
                          ("votes", {"count": 2}), ("end_day", {})]:
        s.apply(intent, slots)
        states.append(snapshot(s))
    phases = [st[1] for st in states]
    assert phases[0] == "setup" and "first_night" in phases and "day" in phases
    assert phases[-1] == "night"
    # Undo all the way back, checking each state on the way (night -> day -> first night -> setup).
    for expected in reversed(states[:-1]):
        said = s.undo()
        assert said[0].text.startswith("Undone")
        assert snapshot(s) == expected
    with pytest.raises(Rejected, match="Nothing to undo"):
        s.undo()


def test_resume_rebuilds_the_same_game_and_prompt(tmp_path):
    s = new_session(tmp_path)
    play(s, FIRST_NIGHT[:2] + [("next", {})])
    before = snapshot(s)
    prompt = s.current_prompt()
    s.close()
    again = Session.resume(tmp_path / "g.sqlite", REG)
    assert snapshot(again) == before
    assert again.current_prompt() == prompt


def test_same_seed_same_game(tmp_path):
    a = Session.create(tmp_path / "a.sqlite", GameSetup(TB.name, TB.ids, NAMES, None, 9), REG)
    b = Session.create(tmp_path / "b.sqlite", GameSetup(TB.name, TB.ids, NAMES, None, 9), REG)
    assert snapshot(a) == snapshot(b)


def test_game_over_is_recorded(tmp_path):
    s = new_session(tmp_path)
    play(s, FIRST_NIGHT + [("nominate", {"nominator": 1, "nominee": 4}), ("votes", {"count": 5}),
                           ("end_day", {})])
    assert s.finished and s.game.winner.winner == "good"
    assert s.journal.get_meta("winner")["winner"] == "good"
    with pytest.raises(Rejected, match="over"):
        s.apply("next", {})


def test_not_a_journal_is_a_clear_error(tmp_path):
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(b"this is not sqlite at all" * 100)
    with pytest.raises(JournalError):
        Session.resume(bad, REG)
    with pytest.raises(JournalError, match="no such game"):
        Session.resume(tmp_path / "missing.sqlite", REG)
    empty = tmp_path / "empty.sqlite"
    Journal.create(empty).close()
    with pytest.raises(JournalError, match="no game setup"):
        Session.resume(empty, REG)


def test_journal_survives_another_connection_reading_it(tmp_path):
    s = new_session(tmp_path)
    play(s, [("next", {}), ("next", {})])
    other = sqlite3.connect(tmp_path / "g.sqlite")
    assert other.execute("SELECT COUNT(*) FROM events").fetchone()[0] == 2


def test_create_never_touches_an_existing_file(tmp_path):
    s = new_session(tmp_path)
    s.apply("next", {})
    s.close()
    with pytest.raises(JournalError, match="already exists"):
        new_session(tmp_path)
    assert len(Session.resume(tmp_path / "g.sqlite", REG).journal) == 1


WINNING_DAY = [("nominate", {"nominator": 1, "nominee": 4}), ("votes", {"count": 5}),
               ("end_day", {})]


def test_the_winner_and_the_winning_event_are_one_transaction(tmp_path):
    s = new_session(tmp_path)
    play(s, FIRST_NIGHT + WINNING_DAY[:2])
    # The store refuses the winner record (as a kill between two commits would leave it):
    # the winning event must not be kept without it.
    s.journal.db.execute("CREATE TRIGGER no_winner BEFORE INSERT ON meta WHEN NEW.key = 'winner'"
                         " BEGIN SELECT RAISE(ABORT, 'refused'); END")
    kept = len(s.journal)
    with pytest.raises(Rejected, match="could not be saved"):
        s.apply(*WINNING_DAY[2])
    assert len(s.journal) == kept and not s.finished       # neither was written
    s.journal.db.execute("DROP TRIGGER no_winner")
    s.apply(*WINNING_DAY[2])
    assert s.finished and s.journal.get_meta("winner")["winner"] == "good"


def test_a_rebuild_that_finds_the_game_over_records_the_winner(tmp_path):
    s = new_session(tmp_path)
    play(s, FIRST_NIGHT + WINNING_DAY)
    s.journal.db.execute("DELETE FROM meta WHERE key = 'winner'")   # an old two-commit kill
    s.close()
    again = Session.resume(tmp_path / "g.sqlite", REG)
    assert again.finished
    assert again.journal.get_meta("winner") == {"winner": "good", "reason": again.game.winner.reason}


def test_undo_of_the_winning_command_clears_the_winner(tmp_path):
    s = new_session(tmp_path)
    play(s, FIRST_NIGHT + WINNING_DAY)
    s.undo()
    assert not s.finished and s.journal.get_meta("winner") is None


def test_one_writer_per_journal_even_through_a_link(tmp_path):
    from statemachine.journal import JournalLocked
    s = new_session(tmp_path)
    (tmp_path / "link.sqlite").symlink_to(tmp_path / "g.sqlite")
    for path in ("g.sqlite", "link.sqlite"):
        with pytest.raises(JournalLocked, match="being played by process") as info:
            Session.resume(tmp_path / path, REG)
        assert info.value.pid == __import__("os").getpid()
    reader = Journal(tmp_path / "g.sqlite", write=False)     # reading needs no lock
    assert reader.get_meta("setup")["players"] == NAMES
    reader.close()
    s.close()
    Session.resume(tmp_path / "link.sqlite", REG).close()   # free once the writer closed
