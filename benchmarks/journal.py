"""The journal's cost and robustness: what each SQLite journal mode costs per command, resume
and a rejected command as the journal grows, and the crash harness (SIGKILL at random
moments, resumed, compared with an unkilled run)."""
from __future__ import annotations

import contextlib
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks.engine import _setup, autoplay
from statemachine.journal.store import Journal
from statemachine.journal.session import Session

# (label, journal_mode, checkpoint the -wal at every phase change and at close)
MODES = (("WAL (before)", "WAL", False), ("WAL + checkpoint per phase", "WAL", True),
         ("TRUNCATE (chosen)", "TRUNCATE", False), ("DELETE", "DELETE", False))


def _one_mode(folder: Path, mode: str, checkpoint: bool, events: int, seed: int) -> list[float]:
    """Per-command seconds spent writing (append, and the checkpoint where asked)."""
    setup, registry = _setup(15, 5, seed)
    journal = Journal.create(folder / f"{mode}-{checkpoint}.sqlite",
                             meta={"setup": setup.to_dict()}, journal_mode=mode)
    session = Session(journal, registry)
    spent: list[float] = []
    append = journal.append

    def timed(*args, **kw):
        phase = session.game.phase.state
        started = time.perf_counter()
        seq = append(*args, **kw)
        if checkpoint and phase != last[0]:
            journal.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        spent.append(time.perf_counter() - started)
        last[0] = phase
        return seq

    last = [session.game.phase.state]
    journal.append = timed
    autoplay(session, events=events, keep_alive=True)
    started = time.perf_counter()
    if checkpoint:
        journal.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    session.close()
    spent.append(time.perf_counter() - started)
    return spent


def journal_modes(events: int = 200, rounds: int = 3, seed: int = 1) -> dict[str, Any]:
    """Each mode writes the same autopiloted game, interleaved round by round in this one
    process (the machine's load is shared alike); mean ms per command and the ratio to WAL."""
    spent: dict[str, list[float]] = {label: [] for label, _, _ in MODES}
    with tempfile.TemporaryDirectory(dir=Path(__file__).parent) as tmp:
        for n in range(rounds):
            for label, mode, checkpoint in MODES:
                folder = Path(tmp) / f"{n}"
                folder.mkdir(exist_ok=True)
                spent[label] += _one_mode(folder, mode, checkpoint, events, seed)
    base = statistics.mean(spent[MODES[0][0]])
    return {label: {"per_command_ms": round(1000 * statistics.mean(v), 3),
                    "median_ms": round(1000 * statistics.median(v), 3),
                    "ratio_to_wal": round(statistics.mean(v) / base, 2), "commands": len(v)}
            for label, v in spent.items()}


PLAYED = 4000           # events played for real before a journal is extended (see _build)
TARGET_S = 0.3          # resume and a rejected command, at every size (issue 23)


def _period(events: list[tuple[str, dict, str]]) -> int | None:
    """The shortest stretch the journal's end repeats three times over (the autopilot's
    kept-alive game settles into a cycle of days and nights), or None."""
    keys = [(i, repr(sorted(s.items()))) for i, s, _ in events]
    for p in range(1, len(keys) // 3):
        if keys[-p:] == keys[-2 * p:-p] == keys[-3 * p:-2 * p]:
            return p
    return None


def _extend(path: Path, registry, events: int) -> dict[str, Any]:
    """Grow a played journal to ``events`` rows by writing its last cycle again with the
    journal's own append (rows, running digests and seal as play writes them), then resume
    it once: that replay checks every new row still plays. The game then goes on through
    its cycle, command by command, to the next quiet point, where its snapshot is stored as
    play stores it (so the journal ends a few rows past ``events``). Returns what it took."""
    import statemachine.journal.session as session_module
    from statemachine.journal.snapshots import freeze

    journal = Journal(path)
    journal.db.execute("PRAGMA synchronous=OFF")       # speed only: the file is the same
    played = journal.events()
    cycle = _period(played)
    if cycle is None:
        journal.close()
        raise RuntimeError(f"{path.name}: the played game has no cycle to repeat")
    tail = played[-cycle:]
    with journal._transaction():                       # one commit for the whole stretch
        append, journal._transaction = journal._transaction, contextlib.nullcontext
        try:
            for n in range(events - len(played)):
                journal.append(*tail[n % cycle])
        finally:
            journal._transaction = append
    started = time.perf_counter()
    every, session_module.SNAPSHOT_EVERY = session_module.SNAPSHOT_EVERY, 10 ** 9
    try:   # one replay of the new rows (the snapshots between would all be dropped)
        session = Session(journal, registry)
    finally:
        session_module.SNAPSHOT_EVERY = every
    n = events - len(played)
    while freeze(session.game) is None:                # on to a quiet point, in the cycle
        session.apply(*tail[n % cycle])
        n += 1
    session._remember(session.game, len(journal))      # stored: the last one is far back
    replay_s = time.perf_counter() - started
    rows = len(journal)
    session.close()
    return {"cycle": cycle, "written": events - len(played), "rows": rows,
            "first_resume_s": round(replay_s, 1), "tail": tail,
            "next": (rows - len(played)) % cycle}


def _build(folder: Path, sizes: tuple[int, ...], seed: int = 1) -> dict[int, tuple[Path, Any, dict]]:
    """Journals made as a table makes them (benchmarks.table_play: refused commands,
    questions, undos said again, nights and days), once per run: the first
    min(PLAYED, smallest size) events are played for real through a Session, each larger
    size copies the one below and grows it (_extend)."""
    import shutil

    from benchmarks.table_play import table_play

    setup, registry = _setup(15, 5, seed)
    played = min(PLAYED, min(sizes))
    base = folder / "played.sqlite"
    session = Session.create(base, setup, registry)
    session.journal.db.execute("PRAGMA synchronous=OFF")
    started = time.perf_counter()
    said = table_play(session, played, seed=seed)
    info = {"played": dict(said), "play_s": round(time.perf_counter() - started, 1),
            "snapshots_stored_in_play": [r[0] for r in session.journal.db.execute(
                "SELECT events FROM snapshots ORDER BY events")]}
    session.close()
    built: dict[int, tuple[Path, Any, dict]] = {}
    previous = base
    for events in sorted(sizes):
        path = folder / f"game-{events}.sqlite"
        shutil.copyfile(previous, path)
        started = time.perf_counter()
        grown = _extend(path, registry, events) if events > played else {}
        grown["build_s"] = round(time.perf_counter() - started, 1)
        built[events] = (path, registry, {**info, **grown})
        previous = path
    return built


def _rows(path: Path) -> int:
    journal = Journal(path, write=False)
    try:
        return len(journal)
    finally:
        journal.close()


def _rejected(session: Session, repeat: int) -> list[float]:
    from statemachine.errors import Rejected

    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        try:
            session.apply("choose", {"seats": [98, 99]})   # two seats: not a question
        except Rejected:
            pass
        times.append(time.perf_counter() - started)
    return times


def _walk(path: Path, registry, tail: list, at: int) -> dict[str, Any]:
    """Once round the game's cycle, as play goes on from where the journal ends: before
    each command a resume and a rejected command are timed (the journal as play leaves it
    at a kill there: a night under way, the last stored snapshot up to SNAPSHOT_EVERY
    commands back), then the command is carried out and journaled and the game closed.
    The worst and the median of each (at each point the faster of two tries: the machine is
    shared, and a try that another process interrupted says nothing of the code; the worst
    single try is kept as ``worst_single``), and the most events each replayed."""
    resumes, rejected, replayed, replayed_rejected, single = [], [], [], [], 0.0
    for n in range(len(tail)):
        tries = []
        for _ in range(2):
            started = time.perf_counter()
            session = Session.resume(path, registry)
            tries.append(time.perf_counter() - started)
            if not _:     # the first try's count (a second could start at a newer snapshot)
                replayed.append(session.replayed)
                session.close()
        resumes.append(min(tries))
        single = max(single, *tries)
        rejected.append(min(_rejected(session, 2)))
        replayed_rejected.append(session.replayed)
        session.journal.db.execute("PRAGMA synchronous=OFF")   # speed only: not timed
        session.apply(*tail[(at + n) % len(tail)])
        session.close()
    return {"points": len(tail),
            "resume_ms": {"median": round(1000 * statistics.median(resumes), 2),
                          "worst": round(1000 * max(resumes), 2),
                          "worst_single": round(1000 * single, 2)},
            "rejected_ms": {"median": round(1000 * statistics.median(rejected), 2),
                            "worst": round(1000 * max(rejected), 2)},
            "most_replayed_on_resume": max(replayed),
            "most_replayed_on_rejected": max(replayed_rejected)}


def _snapshot_ms(session: Session, repeat: int) -> float:
    """One snapshot stored (the state frozen elsewhere): its cost alone, median ms, without
    the commit's fsync (the same at every size, and the noisiest part on a shared disk)."""
    db = session.journal.db
    db.execute("PRAGMA synchronous=OFF")
    kept = db.execute("SELECT * FROM snapshots").fetchall()   # the game's own, put back
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        session.journal.save_snapshot(len(session.journal), "benchmark", b"state")
        times.append(time.perf_counter() - started)
    db.execute("DELETE FROM snapshots")
    db.executemany("INSERT INTO snapshots VALUES (?, ?, ?, ?)", kept)
    db.execute("PRAGMA synchronous=FULL")
    return round(1000 * statistics.median(times), 3)


def growth(sizes: tuple[int, ...] = (10000, 100000), repeat: int = 3,
           replay_all_upto: int = 10000) -> dict[str, Any]:
    """Resume and a rejected command at each journal size, on journals made as a table
    makes them: with snapshots (now), and at sizes up to ``replay_all_upto`` with a replay
    from the first event (before: ``replay_all``), in this one process."""
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(dir=Path(__file__).parent) as tmp:
        for events, (path, registry, info) in _build(Path(tmp), tuple(sizes)).items():
            row: dict[str, Any] = {"made": info}
            modes = (("snapshots", False),) + ((("replay_all", True),)
                                               if events <= replay_all_upto else ())
            for label, replay_all in modes:
                resumes, rejected, replayed, saved = [], [], 0, 0.0
                times = 1 if replay_all else repeat    # the "before" figure: seconds each
                for _ in range(times):
                    started = time.perf_counter()
                    session = Session.resume(path, registry, replay_all=replay_all)
                    resumes.append(time.perf_counter() - started)
                    replayed = session.replayed
                    rejected += _rejected(session, times) if not replay_all else []
                    if not replay_all:
                        saved = _snapshot_ms(session, 21)
                    session.close()
                row[label] = {"resume_ms": round(1000 * statistics.median(resumes), 2),
                              "replayed_on_resume": replayed, "rows": _rows(path)}
                if rejected:
                    row[label]["rejected_ms"] = round(1000 * statistics.median(rejected), 2)
                if not replay_all:
                    row[label]["snapshot_store_ms"] = saved
            if info.get("tail"):     # last: it adds one cycle of commands to the journal
                started = time.perf_counter()
                row["cycle_walk"] = _walk(path, registry, info.pop("tail"), info["next"])
                row["cycle_walk"]["walk_s"] = round(time.perf_counter() - started, 1)
            else:
                info.pop("tail", None)
            out[str(events)] = row
    return out


def run(quick: bool = False, sizes: dict[str, int] | None = None) -> dict[str, Any]:
    sizes = dict(sizes or {})
    growth_sizes = tuple(sizes.get("growth", (1000, 5000) if quick else (10000, 100000)))
    return {"modes": journal_modes(events=sizes.get("mode_events", 60 if quick else 200),
                                   rounds=sizes.get("rounds", 1 if quick else 3)),
            "growth": growth(growth_sizes, repeat=sizes.get("repeat", 2 if quick else 3),
                             replay_all_upto=sizes.get("replay_all_upto", 5000 if quick
                                                       else 10000))}
