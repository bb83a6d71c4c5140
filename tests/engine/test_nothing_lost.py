"""Issue 23: snapshots that do not starve in real play, a snapshot's cost that does not grow
with the journal, and what the seal (statemachine.journal.seal) notices: a deleted last row, a forged
winner, a broken file that doctor must call broken."""
import shutil
import sqlite3
from types import SimpleNamespace

import pytest

from benchmarks.engine import _setup
from benchmarks.table_play import table_play
from narrator.doctor import check_journals
from narrator.table.games import game_problem, journal_problem, resume_game
from statemachine.journal.store import Journal, JournalDamaged
from statemachine.journal.session import SNAPSHOT_EVERY, Session

SETUP, REGISTRY = _setup(9, 2, 3)


def _game(tmp_path, events, name="g.sqlite", **every):
    s = Session.create(tmp_path / name, SETUP, REGISTRY)
    s.journal.db.execute("PRAGMA synchronous=OFF")    # speed only: the file is the same
    said = table_play(s, events, **every)
    return s, said


def _stored(path):
    with sqlite3.connect(path) as db:
        return [r[0] for r in db.execute("SELECT events FROM snapshots ORDER BY events")]


@pytest.mark.parametrize("reject_every", [10, 30])
def test_refused_commands_between_accepted_ones_do_not_starve_the_snapshots(tmp_path,
                                                                            reject_every):
    s, said = _game(tmp_path, 400, reject_every=reject_every, question_every=0,
                    undo_every=0)
    assert said["refused"] >= 400 // reject_every // 3
    s.close()
    stored = _stored(tmp_path / "g.sqlite")
    assert stored and stored[-1] >= 400 - 2 * SNAPSHOT_EVERY, stored
    again = Session.resume(tmp_path / "g.sqlite", REGISTRY)
    assert again.replayed <= 2 * SNAPSHOT_EVERY


def _vm_steps(journal, action):
    """SQLite VM instructions an action costs (a measure of the rows it reads, not a time)."""
    steps = [0]

    def tick():
        steps[0] += 1
    journal.db.set_progress_handler(tick, 1)
    try:
        action()
    finally:
        journal.db.set_progress_handler(None, 1)
    return steps[0]


def test_a_snapshots_cost_does_not_grow_with_the_journal(tmp_path):
    costs = []
    for n in (120, 480):
        s, _ = _game(tmp_path, n, name=f"g{n}.sqlite", question_every=0, undo_every=0)
        count = len(s.journal)
        costs.append(_vm_steps(s.journal, lambda: s.journal.save_snapshot(
            count, "test", b"state")))
        s.close()
    assert costs[1] < 1.2 * costs[0], costs


def test_a_rejected_command_and_the_reads_near_the_end_do_not_grow_with_the_journal(tmp_path):
    """Play's own calls: the row count (every command), the rows after a snapshot near the
    end, a digest there, and a rejected command's rebuild: no scan from the first row."""
    from statemachine.errors import Rejected

    def rejected(s):
        with pytest.raises(Rejected):
            s.apply("choose", {"seats": [98, 99]})

    costs = []
    for n in (120, 480):
        s, _ = _game(tmp_path, n, name=f"r{n}.sqlite", question_every=0, undo_every=0)
        j, count = s.journal, len(s.journal)
        costs.append([_vm_steps(j, lambda: len(j)),
                      _vm_steps(j, lambda: j.read_events(count - 3)),
                      _vm_steps(j, lambda: j.digest(count - 3)),
                      _vm_steps(j, lambda: rejected(s))])
        assert j.read_events(count - 3)[0] == j.events()[-3:]
        assert j.digest(count - 3) == j.db.execute(
            "SELECT chain FROM events ORDER BY seq LIMIT 1 OFFSET ?", (count - 4,)).fetchone()[0]
        s.close()
    for small, large in zip(*costs):
        assert large <= 1.2 * small + 20, costs


def test_a_writers_row_count_follows_every_change_of_the_rows(tmp_path):
    s, _ = _game(tmp_path, 60, question_every=0, undo_every=0)
    j = s.journal

    def counted():
        return j.db.execute("SELECT COUNT(*) FROM events").fetchone()[0]
    assert len(j) == counted() > 0
    s.undo()
    assert len(j) == counted()
    j.append("ask_dead", {})
    assert len(j) == counted()
    j.keep_first(len(j) - 5)
    assert len(j) == counted()
    j.keep_first(0)
    assert len(j) == counted() == 0
    s.close()
    assert Journal(tmp_path / "g.sqlite", write=False).__len__() == 0


def test_a_deleted_last_row_is_noticed_on_opening(tmp_path):
    s, _ = _game(tmp_path, 30, undo_every=0)
    s.close()
    path = tmp_path / "g.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM events WHERE seq = (SELECT MAX(seq) FROM events)")
    with pytest.raises(JournalDamaged, match="event 30, the last one written, is missing"):
        Journal(path, write=False)
    with pytest.raises(JournalDamaged, match="is missing"):
        Session.resume(path, REGISTRY)
    assert "is missing" in game_problem(path)
    again = resume_game(path, to_last_good=True)      # goes on from the rows there are
    assert len(again.journal) == 29 and any("is missing" in d for d in again.dropped)
    again.close()
    assert game_problem(path) is None                 # sealed again as it now is


def test_a_forged_winner_is_noticed_and_to_last_good_drops_it(tmp_path):
    s, _ = _game(tmp_path, 30, undo_every=0)
    s.close()
    path = tmp_path / "g.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("""INSERT OR REPLACE INTO meta VALUES ('winner',
                      '{"winner": "good", "reason": "forged"}')""")
    with pytest.raises(JournalDamaged, match="winner record was not written by the narrator"):
        Session.resume(path, REGISTRY)
    assert "winner record" in journal_problem(path, replay=False)
    again = resume_game(path, to_last_good=True)
    assert not again.finished and again.journal.get_meta("winner") is None
    again.close()
    assert game_problem(path) is None


def test_a_row_added_behind_the_narrators_back_is_noticed(tmp_path):
    s, _ = _game(tmp_path, 20, undo_every=0)
    s.close()
    path = tmp_path / "g.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("INSERT INTO events(intent, slots) VALUES ('end_game', '{}')")
    assert "did not write" in game_problem(path)


def test_a_journal_from_before_seals_is_sealed_when_resumed(tmp_path):
    s, _ = _game(tmp_path, 20, undo_every=0)
    events = s.journal.events()
    s.close()
    path = tmp_path / "g.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM meta WHERE key = 'seal'")
        db.execute("ALTER TABLE events DROP COLUMN chain")
    assert game_problem(path) is None                 # read as it is: nothing to check
    again = Session.resume(path, REGISTRY)
    assert again.journal.events() == events and again.journal.verify() is None
    again.close()
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM events WHERE seq = (SELECT MAX(seq) FROM events)")
    assert "is missing" in game_problem(path)


def test_doctor_calls_an_empty_file_and_a_journal_without_events_broken(tmp_path):
    games = tmp_path / "games"
    games.mkdir()
    s = Session.create(games / "sound.sqlite", SETUP, REGISTRY)
    s.close()
    shutil.copyfile(games / "sound.sqlite", games / "no-events.sqlite")
    with sqlite3.connect(games / "no-events.sqlite") as db:
        db.execute("DROP TABLE events")
    (games / "empty.sqlite").write_bytes(b"")
    config = SimpleNamespace(game=SimpleNamespace(data_dir=str(tmp_path)))
    check = check_journals(config, game_problem)
    assert check.status == "fail", check
    assert "2 damaged" in check.detail and "empty.sqlite: the file is empty" in check.detail
    assert "no-events.sqlite: its events table is gone" in check.detail
    for broken in ("empty.sqlite", "no-events.sqlite"):
        with pytest.raises(JournalDamaged):
            Session.resume(games / broken, REGISTRY)
    assert (games / "empty.sqlite").stat().st_size == 0      # refused: nothing written


def test_to_last_good_salvages_an_old_format_journal_with_a_cut_off_wal(tmp_path):
    from benchmarks.engine import autoplay
    j = Journal.create(tmp_path / "live.sqlite", journal_mode="WAL",
                       meta={"setup": SETUP.to_dict()})
    live = Session(j, REGISTRY)
    autoplay(live, events=15, keep_alive=True)
    (tmp_path / "old").mkdir()
    for name in ("live.sqlite", "live.sqlite-wal"):
        shutil.copyfile(tmp_path / name, tmp_path / "old" / name.replace("live", "g"))
    live.close()
    path, wal = tmp_path / "old" / "g.sqlite", tmp_path / "old" / "g.sqlite-wal"
    whole = wal.read_bytes()
    wal.write_bytes(whole[: len(whole) // 2])
    with pytest.raises(JournalDamaged, match="cut off"):
        resume_game(path)
    again = resume_game(path, to_last_good=True)
    assert 0 < len(again.journal) < 15 and any("cut off" in d for d in again.dropped)
    again.close()
    assert (tmp_path / "old" / "g.sqlite-wal.damaged").exists()
    assert game_problem(path) is None


@pytest.mark.parametrize("damage", ["cut short", "junk inside"])
def test_a_journal_sqlite_finds_corrupt_is_damaged_and_never_passed_over_for_an_older_game(tmp_path, damage):
    """A file cut short or written over is a damaged game, not a file that is no journal: it is
    listed as damaged, tried (and warned of) before an older unfinished game is resumed, and a
    read-only look at it (the grimoire's) says so in a sentence."""
    import os
    from narrator.table.games import unfinished_games
    games = tmp_path / "games"
    games.mkdir()
    old, _ = _game(games, 30, name="old.sqlite")
    old.close()
    os.utime(games / "old.sqlite", (1_000_000_000, 1_000_000_000))
    broken, _ = _game(games, 120, name="broken.sqlite")
    broken.close()
    path = games / "broken.sqlite"
    if damage == "cut short":
        with open(path, "r+b") as f:
            f.truncate(path.stat().st_size // 2)
    else:
        with open(path, "r+b") as f:
            f.seek(3000)
            f.write((bytes(range(7, 256)) * 9)[:2000])   # the same junk every run
    with pytest.raises(JournalDamaged, match="the file is damaged"):
        Journal(path, write=False)
    with pytest.raises(JournalDamaged, match="the file is damaged"):
        Journal.snapshot(path)
    assert unfinished_games(games) == [path, games / "old.sqlite"]
    assert "the file is damaged" in game_problem(path)


def test_a_read_only_look_at_an_empty_file_says_it_is_empty(tmp_path):
    (tmp_path / "empty.sqlite").write_bytes(b"")
    with pytest.raises(JournalDamaged, match=r"the file is empty \(0 bytes\)"):
        Journal.snapshot(tmp_path / "empty.sqlite")
