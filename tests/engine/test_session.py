"""The journal is the truth: accepted commands are written, rejected ones change nothing,
undo and restarts rebuild the same game."""
import sqlite3

import pytest

from characters.scripts import load_script, registry_for
from statemachine.errors import Rejected
from statemachine.game import GameSetup
from statemachine.journal.store import Journal, JournalError
from statemachine.journal.session import Session

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


def test_journal_is_a_rollback_journal_with_full_sync(tmp_path):
    s = new_session(tmp_path)
    assert s.journal.db.execute("PRAGMA journal_mode").fetchone()[0] == "truncate"
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
    # an old two-commit kill, in a journal from before seals (which never has one)
    s.journal.db.execute("DELETE FROM meta WHERE key IN ('winner', 'seal')")
    s.journal.db.execute("ALTER TABLE events DROP COLUMN chain")
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
    from statemachine.journal.store import JournalLocked
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


def test_the_main_file_alone_holds_every_accepted_command(tmp_path):
    import shutil
    s = new_session(tmp_path)
    play(s, FIRST_NIGHT[:2] + [("next", {})])            # a few commands, no phase change
    beside = {p.name: p.stat().st_size for p in tmp_path.iterdir()}
    assert beside.keys() <= {"g.sqlite", "g.sqlite-journal"}        # no -wal
    assert beside.get("g.sqlite-journal", 0) == 0                   # nothing pending
    (tmp_path / "copy").mkdir()
    shutil.copyfile(tmp_path / "g.sqlite", tmp_path / "copy" / "g.sqlite")  # still open
    again = Session.resume(tmp_path / "copy" / "g.sqlite", REG)
    assert again.journal.events() == s.journal.events() and len(again.journal) > 3
    assert snapshot(again) == snapshot(s)


def _legacy_wal_game(tmp_path, commands=15):
    """A journal as the WAL-mode narrator left it when killed: everything in the -wal."""
    import shutil
    from statemachine.journal.store import Journal
    j = Journal.create(tmp_path / "live.sqlite", journal_mode="WAL",
                       meta={"setup": GameSetup(TB.name, TB.ids, NAMES, CHARS, 5).to_dict()})
    s = Session(j, REG)
    from benchmarks.engine import autoplay
    autoplay(s, events=commands, keep_alive=True)
    (tmp_path / "old").mkdir()
    for name in ("live.sqlite", "live.sqlite-wal"):
        shutil.copyfile(tmp_path / name, tmp_path / "old" / name.replace("live", "g"))
    assert (tmp_path / "old" / "g.sqlite-wal").stat().st_size > 4096
    return tmp_path / "old" / "g.sqlite", s


def test_a_whole_legacy_wal_is_taken_in_and_the_journal_leaves_wal_mode(tmp_path):
    path, live = _legacy_wal_game(tmp_path)
    again = Session.resume(path, REG)
    assert len(again.journal) == 15 and snapshot(again) == snapshot(live)
    assert again.journal.db.execute("PRAGMA journal_mode").fetchone()[0] == "truncate"
    assert not (tmp_path / "old" / "g.sqlite-wal").exists()


def test_a_cut_off_wal_does_not_resume_silently_at_an_earlier_point(tmp_path):
    from statemachine.journal.store import Journal, JournalDamaged
    path, _ = _legacy_wal_game(tmp_path)
    wal = tmp_path / "old" / "g.sqlite-wal"
    whole = wal.read_bytes()
    wal.write_bytes(whole[: len(whole) // 2])
    with pytest.raises(JournalDamaged, match="cut off inside frame"):
        Session.resume(path, REG)
    assert wal.read_bytes() == whole[: len(whole) // 2]     # refused: nothing touched
    for at in (40, 32 + 24 + 100, len(whole) // 2):      # a salt, a page, a later frame
        wal.write_bytes(whole[:at] + bytes(b ^ 0xFF for b in whole[at:at + 8]) + whole[at + 8:])
        with pytest.raises(JournalDamaged, match="damaged at frame"):
            Journal(path, write=False)
        assert wal.exists()
    wal.write_bytes(whole[: len(whole) // 2])
    kept = Journal(path, salvage=True)
    assert 0 < len(kept) < 15 and "cut off" in kept.damage
    assert (tmp_path / "old" / "g.sqlite-wal.damaged").read_bytes() == whole[: len(whole) // 2]


def _damage(path, sql, *args):
    db = sqlite3.connect(path)
    db.execute(sql, args)
    db.commit()
    db.close()


def _played(tmp_path, commands=6):
    """A game of ``commands`` commands; the fourth is the Poisoner's choice."""
    s = new_session(tmp_path)
    play(s, [("next", {})] * 3 + [("choose", {"seats": [1]})] + [("next", {})] * (commands - 4))
    s.close()
    return tmp_path / "g.sqlite"


@pytest.mark.parametrize("slots,fragment", [
    ("{not json", "event 4 (choose): its slots are not JSON"),
    ("[1, 2]", "event 4 (choose): its slots are not a JSON object"),
    ('{"seats": [99]}', "event 4 (choose) is not as the narrator wrote it"),  # edited
    ('{"seats": "one"}', "event 4 (choose) "),
])
def test_a_damaged_event_is_named_and_to_last_good_goes_on_before_it(tmp_path, slots, fragment):
    from statemachine.journal.store import JournalDamaged
    path = _played(tmp_path)
    before = Session.resume(path, REG)
    events = before.journal.events()
    before.close()
    _damage(path, "UPDATE events SET slots = ? WHERE seq = 4", slots)
    with pytest.raises(JournalDamaged, match=__import__("re").escape(fragment)) as info:
        Session.resume(path, REG)
    assert info.value.salvageable
    kept = Session.resume(path, REG, to_last_good=True)
    assert kept.journal.events() == events[:3]
    assert kept.dropped[0].startswith(fragment.rstrip()) or fragment in kept.dropped[0]
    assert "dropped 3 events" in kept.dropped[1] and "g.sqlite.damaged" in kept.dropped[2]
    (tmp_path / "x").mkdir()
    third = new_session(tmp_path / "x")
    play(third, [(i, sl) for i, sl, _ in events[:3]])
    assert snapshot(kept) == snapshot(third)
    kept.close()
    copy = sqlite3.connect(tmp_path / "g.sqlite.damaged")
    assert copy.execute("SELECT COUNT(*) FROM events").fetchone()[0] == 6   # nothing lost
    assert copy.execute("SELECT slots FROM events WHERE seq = 4").fetchone()[0] == slots
    copy.close()


@pytest.mark.parametrize("setup,fragment", [
    ("{broken", "the setup record is not JSON"),
    ('"players"', "the setup record is not a JSON object"),
    ('{"script_name": "Trouble Brewing", "script": []}', "the setup record has no list of players"),
    (None, "the setup record cannot start a game: unknown character 'nosuchone'"),
    ('{"players": ["Ann"], "script_name": "x"}', "the setup record cannot start a game"),
])
def test_a_damaged_setup_is_named_and_cannot_be_salvaged(tmp_path, setup, fragment):
    import json
    from statemachine.journal.store import JournalDamaged
    path = _played(tmp_path)
    if setup is None:
        data = GameSetup(TB.name, TB.ids, NAMES, CHARS, 5).to_dict()
        data["characters"] = ["nosuchone"] + CHARS[1:]
        setup = json.dumps(data)
    _damage(path, "UPDATE meta SET value = ? WHERE key = 'setup'", setup)
    for to_last_good in (False, True):
        with pytest.raises(JournalDamaged, match=fragment) as info:
            Session.resume(path, REG, to_last_good=to_last_good)
        assert not info.value.salvageable
    assert not (tmp_path / "g.sqlite.damaged").exists()


def _state(session):
    """Everything a rebuild must get right, comparable across sessions."""
    g = session.game
    return (snapshot(session), g.rng.getstate(), g.status_line(), sorted(g.expected_intents()),
            [e.key for e in g.night_queue()] if g.phase.at_night else None,
            session.current_prompt(), g.commands_done, g.winner)


def _long_game(tmp_path, monkeypatch, events=90, every=10):
    import statemachine.journal.session as session_module
    from benchmarks.engine import _setup, autoplay
    monkeypatch.setattr(session_module, "SNAPSHOT_EVERY", every)
    setup, registry = _setup(9, 2, 3)
    s = Session.create(tmp_path / "long.sqlite", setup, registry)
    s.journal.db.execute("PRAGMA synchronous=OFF")    # speed only: the file is the same
    autoplay(s, events=events, keep_alive=True)
    return s, registry


def test_a_resume_from_a_snapshot_is_the_game_a_full_replay_gives(tmp_path, monkeypatch):
    import shutil
    from benchmarks.engine import autoplay
    live, registry = _long_game(tmp_path, monkeypatch)
    expected = _state(live)
    live.close()
    shutil.copyfile(tmp_path / "long.sqlite", tmp_path / "full.sqlite")
    quick = Session.resume(tmp_path / "long.sqlite", registry)
    full = Session.resume(tmp_path / "full.sqlite", registry, replay_all=True)
    assert full.replayed == 90 and 0 < quick.replayed < 30      # from a stored snapshot
    assert _state(quick) == _state(full) == expected
    # Both go on alike, command for command, rejected commands and undo included.
    for step in range(8):
        for s in (quick, full):
            autoplay(s, events=len(s.journal) + 12, keep_alive=True, limit=300)
            before = _state(s)
            with pytest.raises(Rejected):
                s.apply("choose", {"seats": [40, 41]})
            assert _state(s) == before
            # the rejection cost a replay from the last quiet point, not from the start
            assert s.replayed < 30 if s is quick else s.replayed == len(s.journal)
            s.undo()
            s.undo()
        assert _state(quick) == _state(full), step
        assert quick.journal.events() == full.journal.events()
    assert len(quick.journal) >= 120
    assert quick.journal.events() == full.journal.events()


def test_a_snapshot_from_other_code_or_other_events_is_ignored(tmp_path, monkeypatch):
    live, registry = _long_game(tmp_path, monkeypatch)
    expected = _state(live)
    live.close()
    path = tmp_path / "long.sqlite"
    for damage in ("UPDATE snapshots SET version = 'an older narrator'",
                   "UPDATE snapshots SET state = X'8004deadbeef'",
                   "UPDATE events SET text = 'edited' WHERE seq = 2"):   # text: not replayed
        _damage(path, damage)
        again = Session.resume(path, registry)
        edited = "events" in damage
        assert _state(again) == expected
        assert (again.replayed < 30) if edited else (again.replayed >= 60), damage
        again.close()
    # A row edited before the snapshot: the snapshot is still the game as the narrator
    # wrote it (checking every row would cost the whole journal at each resume); the
    # row's running digest no longer matches, which a whole replay (doctor) says.
    _damage(path, """UPDATE events SET slots = '{"x": 1}' WHERE seq = 1""")
    again = Session.resume(path, registry)
    assert again.replayed < 30 and _state(again) == expected
    again.close()
    from narrator.table.games import journal_problem
    assert "event 1 (" in journal_problem(path) and "is not as the narrator wrote it" in \
        journal_problem(path)
