"""The journal's cost and robustness: what each SQLite journal mode costs per command, resume
and a rejected command as the journal grows, and the crash harness (SIGKILL at random
moments, resumed, compared with an unkilled run)."""
from __future__ import annotations

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


def _long_journal(folder: Path, events: int, seed: int = 1) -> tuple[Path, Any]:
    """An autopiloted game of ``events`` commands (written without fsync: only its size
    matters here, the file is the same)."""
    setup, registry = _setup(15, 5, seed)
    path = folder / f"game-{events}.sqlite"
    session = Session.create(path, setup, registry)
    session.journal.db.execute("PRAGMA synchronous=OFF")
    autoplay(session, events=events, keep_alive=True)
    assert len(session.journal) == events, len(session.journal)
    session.close()
    return path, registry


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


def growth(sizes: tuple[int, ...] = (100, 1000, 10000), repeat: int = 3) -> dict[str, Any]:
    """Resume and a rejected command at each journal size: with snapshots (now) and with
    a replay from the first event (before: ``replay_all``), in this one process."""
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(dir=Path(__file__).parent) as tmp:
        for events in sizes:
            path, registry = _long_journal(Path(tmp), events)
            row: dict[str, Any] = {}
            for label, replay_all in (("snapshots", False), ("replay_all", True)):
                resumes, rejected, replayed = [], [], 0
                for _ in range(repeat):
                    started = time.perf_counter()
                    session = Session.resume(path, registry, replay_all=replay_all)
                    resumes.append(time.perf_counter() - started)
                    replayed = session.replayed
                    rejected += _rejected(session, repeat)
                    session.close()
                row[label] = {"resume_ms": round(1000 * statistics.median(resumes), 2),
                              "rejected_ms": round(1000 * statistics.median(rejected), 2),
                              "replayed_on_resume": replayed}
            out[str(events)] = row
    return out


def run(quick: bool = False, sizes: dict[str, int] | None = None) -> dict[str, Any]:
    sizes = dict(sizes or {})
    growth_sizes = tuple(sizes.get("growth", (100, 1000) if quick else (100, 1000, 10000)))
    return {"modes": journal_modes(events=sizes.get("mode_events", 60 if quick else 200),
                                   rounds=sizes.get("rounds", 1 if quick else 3)),
            "growth": growth(growth_sizes, repeat=sizes.get("repeat", 2 if quick else 3))}

