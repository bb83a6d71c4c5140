"""The crash harness: a real ``narrator play`` over a pipe, killed with SIGKILL at random
moments (seeded), each time resumed with exactly the commands not yet journaled; at the end
the journal's events, the winner record and the game log must equal an unkilled run's, and
after every kill the journal must be a prefix of the unkilled run's (nothing lost, nothing
applied twice)."""
from __future__ import annotations

import json
import os
import queue
import random
import shlex
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "tests" / "games" / "almanac-al-hadikhia-and-travellers.txt"
# Lines the engine or the parser rejects, mixed in: they are never journaled.
REJECTED = ["seat 17", "who wants pizza", "the poisoner chooses seat 1"]   # no Poisoner
ENV = {**os.environ, "PYTHONUNBUFFERED": "1"}


def game_lines(seed: int) -> tuple[list[str], list[str]]:
    """The game's play arguments and its command lines, with rejected lines at seeded
    places."""
    text = GAME.read_text().splitlines()
    args = shlex.split(next(line for line in text if line.startswith("# args:"))[7:])
    lines = [line.split("#", 1)[0].strip() for line in text]
    lines = [line for line in lines if line]
    rng = random.Random(seed)
    for bad in REJECTED:   # never between a held command and its yes
        places = [i for i in range(1, len(lines)) if lines[i] != "yes"]
        lines.insert(rng.choice(places), bad)
    return args, lines


def _narrator(*args: str, **kw) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "narrator", *args], env=ENV, text=True,
                            cwd=ROOT, **kw)


def journal_state(path: Path) -> tuple[list[tuple], Any]:
    """(events, winner) as stored; opened read-write, as the next writer would (so a hot
    rollback journal a kill left is rolled back first)."""
    if not path.exists():
        return [], None
    db = sqlite3.connect(f"file:{path}?mode=rw", uri=True)
    try:
        events = db.execute("SELECT intent, slots, text FROM events ORDER BY seq").fetchall()
        row = db.execute("SELECT value FROM meta WHERE key = 'winner'").fetchone()
    finally:
        db.close()
    return events, json.loads(row[0]) if row else None


def reference(folder: Path, args: list[str], lines: list[str]) -> dict[str, Any]:
    """The unkilled run, and how many events are journaled after each line."""
    commands, log = folder / "ref.txt", folder / "ref.jsonl"
    commands.write_text("\n".join(lines) + "\n")
    game = folder / "ref.sqlite"
    proc = _narrator("play", *args, "--game", str(game), "--commands", str(commands),
                     "--log", str(log), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, err = proc.communicate(timeout=300)
    if proc.returncode != 0:
        raise RuntimeError(f"the unkilled run failed: {err}")
    kinds = [json.loads(x)["type"] for x in log.read_text().splitlines()]
    # one answer per line: an event, a rejection, or a command held for its yes (the yes
    # line is then its event)
    kinds = [k for k in kinds if k in ("event", "rejected", "confirm")]
    if len(kinds) != len(lines):
        raise RuntimeError(f"{len(kinds)} answers for {len(lines)} lines")
    after, count = [0], 0
    for kind in kinds:
        count += kind == "event"
        after.append(count)
    events, winner = journal_state(game)
    log_path = game.with_suffix(".log.json")
    return {"events": events, "winner": winner, "after": after, "kinds": kinds,
            "log": json.loads(log_path.read_text()) if log_path.exists() else None}


class _Run:
    """One narrator process reading commands from a pipe."""

    def __init__(self, args: list[str]) -> None:
        self.proc = _narrator(*args, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE)
        self.ready: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._watch, daemon=True).start()

    def _watch(self) -> None:
        for line in self.proc.stderr:
            if line.startswith("Type commands") or "Traceback" in line:
                self.ready.put(line)

    def wait_ready(self, timeout: float = 60) -> None:
        line = self.ready.get(timeout=timeout)
        if "Traceback" in line:
            raise RuntimeError("the narrator crashed")

    def send(self, lines: list[str]) -> None:
        try:
            self.proc.stdin.write("".join(f"{line}\n" for line in lines))
            self.proc.stdin.flush()
        except BrokenPipeError:
            pass                     # it ended (game over) before all were read

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=60)
        self.proc.stdin.close()

    def finish(self) -> int:
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        return self.proc.wait(timeout=120)


def _kill_at_the_link(run: "_Run", folder: Path, rng: random.Random) -> str:
    """Kill a new game's ``play`` while its file is being made: as soon as its temporary
    ``.g.sqlite.new-PID`` appears, after a seeded 0-80 ms (so before, at and after the link
    into place). What the kill left: "before the link" or "after the link"."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and run.proc.poll() is None:
        if any(folder.glob(".g.sqlite.new-*")):
            break
        time.sleep(0.0005)
    time.sleep(rng.uniform(0, 0.08))
    run.kill()
    return "after the link" if (folder / "g.sqlite").exists() else "before the link"


def crash_run(folder: Path, kills: int = 20, seed: int = 1, link_kills: int = 1,
              held_share: float = 0.8) -> dict[str, Any]:
    """``kills`` SIGKILLs at seeded random moments through one game; what went wrong, if
    anything (``problems`` empty when every check held). The first ``link_kills`` runs that
    make the game are killed while its file is linked into place; where a command held for
    its yes is among the next few lines, ``held_share`` of the kills come just after it,
    before the yes."""
    started = time.perf_counter()
    folder.mkdir(parents=True, exist_ok=True)
    args, lines = game_lines(seed)
    ref = reference(folder, args, lines)
    rng = random.Random(seed)
    game = folder / "g.sqlite"
    problems: list[str] = []
    where: list[str] = []
    at_link: list[str] = []
    held = 0
    for k in range(kills + 1):
        count = len(journal_state(game)[0]) if game.exists() else 0
        nxt = ref["after"].index(count)          # just after the count-th journaled line
        rest = lines[nxt:]
        run = _Run(["resume", "--game", str(game)] if game.exists() else
                   ["play", *args, "--game", str(game)])
        if not game.exists() and len(at_link) < link_kills and k < kills:
            at_link.append(_kill_at_the_link(run, folder, rng))
            where.append(str(len(journal_state(game)[0]) if game.exists() else 0))
            if game.exists() and journal_state(game)[0]:
                problems.append(f"kill {k}: a game killed at its link holds events")
                break
            continue
        try:
            run.wait_ready()
        except (queue.Empty, RuntimeError) as exc:
            run.kill()
            problems.append(f"kill {k}: the narrator did not start ({exc})")
            break
        if k == kills:                            # the last one plays to the end
            run.send(rest)
            if run.finish() != 0:
                problems.append("the last run did not exit 0")
            break
        confirm = [i for i in range(nxt, len(lines)) if ref["kinds"][i] == "confirm"]
        near = bool(confirm) and confirm[0] - nxt < 8 and rng.random() < held_share
        # the kill before the last one goes there if no kill has yet (a slow machine journals
        # fewer lines before each kill, and may never come near the held command)
        if near or (confirm and held == 0 and k == kills - 1):
            sent = lines[nxt:confirm[0] + 1]     # through a command held for its yes
            run.send(sent)
            time.sleep(1.0)                      # asked "Confirm?": killed before the yes
            held += 1
        else:
            sent = rest[:rng.choice((0, 1, 1, 2, 2, 3))]
            run.send(sent)
            time.sleep(rng.uniform(0, 0.06))
        run.kill()
        events, _ = journal_state(game) if game.exists() else ([], None)
        where.append(f"{len(events)}")
        if events != ref["events"][:len(events)] or len(events) < count:
            problems.append(f"kill {k}: the journal ({len(events)} events) is not the unkilled "
                            f"run's first {len(events)} after {count}")
            break
        if len(events) > count + len(sent):
            problems.append(f"kill {k}: more events than commands sent")
            break
    events, winner = journal_state(game)
    log_path = game.with_suffix(".log.json")
    log = json.loads(log_path.read_text()) if log_path.exists() else None
    leftovers = sorted(p.name for p in folder.glob(".g.sqlite.new-*"))
    if leftovers:
        problems.append(f"temporary game files left behind: {leftovers}")
    if not problems:
        if events != ref["events"]:
            problems.append(f"events differ: {len(events)} vs {len(ref['events'])}")
        if winner != ref["winner"]:
            problems.append(f"winner differs: {winner} vs {ref['winner']}")
        if log != ref["log"]:
            problems.append("the game log differs from the unkilled run's")
    return {"seed": seed, "kills": kills, "lines": len(lines), "events": len(ref["events"]),
            "journaled_at_kills": where, "killed_at_link": at_link, "killed_held": held,
            "problems": problems,
            "seconds": round(time.perf_counter() - started, 1)}


def run(quick: bool = False, kills: int | None = None) -> dict[str, Any]:
    """200 kills (10 games of 20, seeds 1-10); ``quick``: one game of 20."""
    import tempfile

    games = 1 if quick else 10
    with tempfile.TemporaryDirectory(prefix="narrator-crash-") as tmp:   # not in the checkout
        results = [crash_run(Path(tmp) / f"seed-{seed}", kills or 20, seed)
                   for seed in range(1, games + 1)]
    return {"games": results, "kills": sum(r["kills"] for r in results),
            "killed_at_link": sum(len(r["killed_at_link"]) for r in results),
            "after_the_link": sum(r["killed_at_link"].count("after the link") for r in results),
            "killed_held": sum(r["killed_held"] for r in results),
            "passed": sum(r["kills"] for r in results if not r["problems"]),
            "problems": [p for r in results for p in r["problems"]]}
