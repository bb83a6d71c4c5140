"""The town square's cost at a full table (15 players and 5 Travellers, mid-game): drawing
it (read model and SVG) against one command applied in the same process, the redraw
`narrator grimoire --serve` does (a read-only copy of the journal rebuilt, then drawn), and
the live page's delay: from a command journaled to its picture arriving on a paired
browser's event stream, on loopback."""
from __future__ import annotations

import http.client
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from benchmarks.engine import _setup, autoplay
from statemachine.journal.session import Session


def _median_ms(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def _stream(server, cookie: str, arrived: list[float], stop: threading.Event) -> None:
    conn = http.client.HTTPConnection(server.address, server.port, timeout=30)
    conn.request("GET", "/events", headers={"Cookie": cookie})
    r = conn.getresponse()
    while not stop.is_set():
        line = r.fp.readline()
        if not line:
            break
        if line.startswith(b"event: picture"):
            arrived.append(time.perf_counter())
    conn.close()


def _live_delays(session: Session, path: Path, commands: int) -> list[float]:
    import narrator.picture.live as live
    from narrator.cli.grimoire_serve import _draw, watch
    # Measured on loopback by whoever runs the benchmark (root on the test machine); the
    # refusal to serve as root is tested in tests/table/test_grimoire_live.py, and is back
    # as soon as the server started.
    as_root, live.running_as_root = live.running_as_root, lambda: False
    try:
        server = live.LiveGrimoire("127.0.0.1", 0)
        server.publish(_draw(path))
        server.start()
    finally:
        live.running_as_root = as_root
    stop = threading.Event()
    threading.Thread(target=watch, args=(path, server, stop), daemon=True).start()
    conn = http.client.HTTPConnection(server.address, server.port, timeout=10)
    conn.request("POST", "/pair", body=f"code={server.pairing.code}",
                 headers={"Content-Type": "application/x-www-form-urlencoded"})
    cookie = conn.getresponse().getheader("Set-Cookie").split(";")[0]
    conn.close()
    arrived: list[float] = []
    reader = threading.Thread(target=_stream, args=(server, cookie, arrived, stop), daemon=True)
    reader.start()
    while not arrived:
        time.sleep(0.01)
    delays = []
    for _ in range(commands):
        before = len(arrived)
        given = time.perf_counter()
        if not autoplay(session, events=len(session.journal) + 1, keep_alive=True):
            break
        deadline = given + 5
        while len(arrived) == before and time.perf_counter() < deadline:
            time.sleep(0.002)
        if len(arrived) > before:
            delays.append(arrived[before] - given)
        time.sleep(0.15)                # the next command after this one is shown
    stop.set()
    server.stop()
    return delays


def run(quick: bool = False) -> dict[str, Any]:
    from narrator.cli.grimoire_serve import _draw
    from narrator.picture.townsquare import render_svg
    from statemachine.view.grimoire import build_view
    repeat, commands = (5, 10) if quick else (20, 40)
    with tempfile.TemporaryDirectory(prefix="narrator-picture-bench-") as tmp:
        setup, registry = _setup(15, 5, 11)
        path = Path(tmp) / "g.sqlite"
        session = Session.create(path, setup, registry)
        autoplay(session, events=60, keep_alive=True)
        game = session.game
        draw_ms = _median_ms(lambda: render_svg(build_view(game)), repeat)
        # The baseline, in the same process: applying one command (journaled), repeated.
        apply_times = []
        for _ in range(repeat):
            started = time.perf_counter()
            autoplay(session, events=len(session.journal) + 1, keep_alive=True)
            apply_times.append(time.perf_counter() - started)
        apply_ms = statistics.median(apply_times) * 1000
        redraw_ms = _median_ms(lambda: _draw(path), max(3, repeat // 4))
        delays = _live_delays(session, path, commands)
        session.close()
    delays_ms = sorted(d * 1000 for d in delays)
    return {"seats": 20, "draw_ms": round(draw_ms, 1), "apply_ms": round(apply_ms, 1),
            "draw_per_apply": round(draw_ms / apply_ms, 2) if apply_ms else None,
            "serve_redraw_ms": round(redraw_ms, 1), "live_commands": len(delays_ms),
            "live_median_ms": round(statistics.median(delays_ms), 1) if delays_ms else None,
            "live_max_ms": round(delays_ms[-1], 1) if delays_ms else None}
