"""Prompt latency: from ``say()`` to the first sample reaching the output stream.

Uses the real pyttsx3/espeak-ng synthesizer and the mock output backend (the device seam),
so it runs without a sound card. Three kinds of line, interleaved in one run:

- cached: a static line rendered by ``prepare()``;
- joined: a dynamic line made only of prepared sentences ("Wake the Monk, seat 8, Hal.
  They are poisoned."), played from the sentence cache with nothing synthesized;
- uncached: new text, synthesized on demand.

It also times ``prepare()`` of a 15-player Trouble Brewing game's static lines (the work
done in the background when a game starts), with an empty cache and again with the cache
from the first run (a second game start: nothing is synthesized).

    python benchmarks/speech_latency.py [--count 40] [--json results.json]

Figures on the development machine (x86-64, espeak-ng, --count 40; three runs vary by a
few ms in the uncached row and in the cached/joined maxima):

    prompt        n    p50 ms    p95 ms    max ms
    cached       40      0.15      0.31      5.03
    joined       40      0.27      0.48      3.01
    uncached     40     11.99     22.96     27.32
    uncached/cached: p50 x78.2, p95 x74.1
    game start: 174 sentences prepared in 2.82 s (174 synthesized); again: 0.05 s, 0 synthesized

A Raspberry Pi synthesizes several times slower; the cached and joined rows do not depend
on synthesis speed.
"""
from __future__ import annotations

import argparse
import io
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hardware.speakers_mock import MockOutputBackend  # noqa: E402
from hardware.tts import Synthesizer  # noqa: E402
from narrator.speech.queue import SpeechQueue, open_narration
from narrator.speech.settings import SpeechSettings  # noqa: E402

NOTES = ["They are poisoned.", "They are drunk."]
SEATS = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kim", "Lee",
         "Max", "Ned", "Oli"]

ROLES = ["Washerwoman", "Librarian", "Investigator", "Chef", "Empath", "Fortune Teller",
         "Undertaker", "Monk", "Ravenkeeper", "Poisoner", "Spy", "Imp", "Noble", "Butler"]


class TimedBackend(MockOutputBackend):
    """Notes the time of the first write after each ``arm()``."""

    def __init__(self, names: list[str]) -> None:
        super().__init__(names)
        self.first_write: float | None = None
        self.arrived = threading.Event()

    def arm(self) -> None:
        self.first_write = None
        self.arrived.clear()

    def record(self, stream, data) -> None:  # type: ignore[override]
        if self.first_write is None:
            self.first_write = time.perf_counter()
            self.arrived.set()


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def measure(narration: SpeechQueue, backend: TimedBackend, text: str) -> float:
    backend.arm()
    due = time.perf_counter()
    narration.say("private", text)
    if not backend.arrived.wait(30):
        raise RuntimeError(f"no audio for {text!r}")
    latency = backend.first_write - due  # type: ignore[operator]
    narration.wait_idle(30)
    return latency


def game_lines(players: int = 15) -> list[tuple[str, str]]:
    """The static lines of a Trouble Brewing game with a bag draw (seed 1)."""
    from characters.scripts import load_script, registry_for
    from narrator.speech.prompts import static_lines
    from statemachine.game import Game, GameSetup

    script = load_script("Trouble Brewing")
    game = Game(GameSetup(script.name, script.ids, SEATS[:players], None, 1),
                registry_for(script))
    return static_lines(game)


def prepare_timing(cache: Path) -> dict[str, float]:
    """Seconds to prepare a game's static lines: empty cache, then the same cache again."""
    lines = game_lines()
    out: dict[str, float] = {}
    for run_name in ("first", "second"):
        backend = TimedBackend(["bench speaker", "bench earpiece"])
        settings = SpeechSettings(public_device="speaker", private_device="earpiece",
                                  cache_dir=cache)
        narration = open_narration(settings, io.StringIO(), backend=backend,
                                   synthesizer=Synthesizer())
        if not isinstance(narration, SpeechQueue):
            raise SystemExit(f"cannot benchmark: {narration.describe()}")
        started = time.perf_counter()
        job = narration.prepare(lines)
        if not job.wait(600) or job.error:
            raise RuntimeError(f"preparation failed: {job.error}")
        out[f"{run_name}_s"] = time.perf_counter() - started
        out[f"{run_name}_synthesized"] = job.synthesized
        out["sentences"] = job.total
        narration.close()
    return out


def run(count: int) -> dict[str, dict[str, float]]:
    with tempfile.TemporaryDirectory() as cache:
        backend = TimedBackend(["bench speaker", "bench earpiece"])
        settings = SpeechSettings(public_device="speaker", private_device="earpiece",
                                  cache_dir=Path(cache))
        narration = open_narration(settings, io.StringIO(), backend=backend,
                                   synthesizer=Synthesizer())
        if not isinstance(narration, SpeechQueue):
            raise SystemExit(f"cannot benchmark: {narration.describe()}")
        static = [f"Wake the {role}, seat {n + 1}, {SEATS[n]}."
                  for n, role in enumerate(ROLES)]
        if not narration.prepare(("private", line) for line in static + NOTES).wait(120):
            raise RuntimeError("preparation did not finish")
        measure(narration, backend, "Warm up.")
        results: dict[str, list[float]] = {"cached": [], "joined": [], "uncached": []}
        for n in range(count):
            results["cached"].append(measure(narration, backend, static[n % len(static)]))
            joined = f"{static[(n * 5) % len(static)]} {NOTES[n % len(NOTES)]}"
            results["joined"].append(measure(narration, backend, joined))
            dynamic = f"Show seats {n % 12 + 1}, {(n * 7) % 15 + 1} and {(n * 5) % 13 + 2}, round {n}."
            results["uncached"].append(measure(narration, backend, dynamic))
        narration.close()
    with tempfile.TemporaryDirectory() as cache:
        preparation = prepare_timing(Path(cache))
    summary: dict[str, dict[str, float]] = {
        kind: {"n": len(v), "p50_ms": 1000 * statistics.median(v),
               "p95_ms": 1000 * percentile(v, 95), "max_ms": 1000 * max(v)}
        for kind, v in results.items()
    }
    summary["ratio"] = {
        "p50": summary["uncached"]["p50_ms"] / summary["cached"]["p50_ms"],
        "p95": summary["uncached"]["p95_ms"] / summary["cached"]["p95_ms"],
    }
    summary["prepare"] = preparation
    return summary


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=40, help="prompts of each kind")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args()
    summary = run(args.count)
    print(f"{'prompt':<10}{'n':>5}{'p50 ms':>10}{'p95 ms':>10}{'max ms':>10}")
    for kind in ("cached", "joined", "uncached"):
        row = summary[kind]
        print(f"{kind:<10}{row['n']:>5}{row['p50_ms']:>10.2f}{row['p95_ms']:>10.2f}"
              f"{row['max_ms']:>10.2f}")
    ratio = summary["ratio"]
    print(f"uncached/cached: p50 x{ratio['p50']:.1f}, p95 x{ratio['p95']:.1f}")
    prep = summary["prepare"]
    print(f"game start: {prep['sentences']:.0f} sentences prepared in {prep['first_s']:.2f} s "
          f"({prep['first_synthesized']:.0f} synthesized); again: {prep['second_s']:.2f} s, "
          f"{prep['second_synthesized']:.0f} synthesized")
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
