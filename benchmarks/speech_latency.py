"""Prompt latency: from ``say()`` to the first sample reaching the output stream.

Uses the real pyttsx3/espeak-ng synthesizer and the mock output backend (the device seam),
so it runs without a sound card. Cached prompts were rendered by ``prepare()``; uncached
ones are new text synthesized on demand. Both kinds are interleaved in one run.

    python benchmarks/speech_latency.py [--count 40] [--json results.json]
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
from narrator.speech import SpeechQueue, SpeechSettings, open_narration  # noqa: E402

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


def run(count: int) -> dict[str, dict[str, float]]:
    with tempfile.TemporaryDirectory() as cache:
        backend = TimedBackend(["bench speaker", "bench earpiece"])
        settings = SpeechSettings(public_device="speaker", private_device="earpiece",
                                  cache_dir=Path(cache))
        narration = open_narration(settings, io.StringIO(), backend=backend,
                                   synthesizer=Synthesizer())
        if not isinstance(narration, SpeechQueue):
            raise SystemExit(f"cannot benchmark: {narration.describe()}")
        static = [f"Wake the {role}. Give them their information." for role in ROLES]
        narration.prepare(("private", line) for line in static)
        measure(narration, backend, "Warm up.")
        results: dict[str, list[float]] = {"cached": [], "uncached": []}
        for n in range(count):
            results["cached"].append(measure(narration, backend, static[n % len(static)]))
            dynamic = f"Show seats {n % 12 + 1}, {(n * 7) % 15 + 1} and {(n * 5) % 13 + 2}, round {n}."
            results["uncached"].append(measure(narration, backend, dynamic))
        narration.close()
    summary = {
        kind: {"n": len(v), "p50_ms": 1000 * statistics.median(v),
               "p95_ms": 1000 * percentile(v, 95), "max_ms": 1000 * max(v)}
        for kind, v in results.items()
    }
    summary["ratio"] = {
        "p50": summary["uncached"]["p50_ms"] / summary["cached"]["p50_ms"],
        "p95": summary["uncached"]["p95_ms"] / summary["cached"]["p95_ms"],
    }
    return summary


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=40, help="prompts of each kind")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args()
    summary = run(args.count)
    print(f"{'prompt':<10}{'n':>5}{'p50 ms':>10}{'p95 ms':>10}{'max ms':>10}")
    for kind in ("cached", "uncached"):
        row = summary[kind]
        print(f"{kind:<10}{row['n']:>5}{row['p50_ms']:>10.2f}{row['p95_ms']:>10.2f}"
              f"{row['max_ms']:>10.2f}")
    ratio = summary["ratio"]
    print(f"uncached/cached: p50 x{ratio['p50']:.1f}, p95 x{ratio['p95']:.1f}")
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
