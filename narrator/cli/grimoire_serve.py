"""`narrator grimoire --serve`: a saved game's town square as a live page for a phone on
the local network, redrawn whenever its journal changes (a game played by `narrator play`,
`resume` or the table). The journal is only read, through a copy (open_read_only, which
`narrator grimoire` uses too)."""
from __future__ import annotations

import os
import signal
import threading
from pathlib import Path

from characters.scripts import registry_for
from narrator.cli import UsageError
from narrator.picture.live import LiveError, LiveGrimoire
from narrator.picture.townsquare import render_svg
from statemachine.view.grimoire import build_view
from statemachine.journal.store import Journal, JournalError
from statemachine.journal.session import Session

POLL = 0.1           # seconds between looks at the journal


def _stamp(path: Path) -> tuple:
    """What changes when a command is journaled: the file and its write-ahead log."""
    out = []
    for p in (path, Path(f"{path}-wal")):
        try:
            st = os.stat(p)
            out.append((st.st_mtime_ns, st.st_size))
        except OSError:
            out.append(None)
    return tuple(out)


def open_read_only(path: Path) -> Session:
    """The game rebuilt from an in-memory copy of its journal."""
    journal = Journal.snapshot(path)
    custom = (journal.get_meta("setup") or {}).get("custom", [])
    return Session(journal, registry_for(custom=custom))


def _draw(path: Path) -> str:
    session = open_read_only(path)
    try:
        return render_svg(build_view(session.game))
    finally:
        session.close()


def watch(path: Path, live: LiveGrimoire, stop: threading.Event) -> None:
    """Redraw ``path``'s game for ``live`` each time its journal changes, until ``stop``."""
    stamp = _stamp(path)
    while not stop.wait(POLL):
        now = _stamp(path)
        if now == stamp:
            continue
        stamp = now
        try:
            live.publish(_draw(path))
        except JournalError:
            stamp = None                    # mid-write: look again next time


def serve(path: Path, address: str, port: int) -> int:
    try:
        svg = _draw(path)
    except JournalError as exc:
        raise UsageError(str(exc)) from None
    try:
        live = LiveGrimoire(address, port, on_new_code=lambda code: print(
            f"Paired. The next pairing code is {code}.", flush=True))
        live.publish(svg)
        live.start()
    except LiveError as exc:
        raise UsageError(str(exc)) from None
    print(f"The grimoire is served at {live.url} (read-only, this network only).\n"
          f"Open it on the phone and give the pairing code {live.pairing.code}.\n"
          "Ctrl-C stops.", flush=True)
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    try:
        watch(path, live, stop)
    except KeyboardInterrupt:
        pass
    finally:
        live.stop()
    return 0
