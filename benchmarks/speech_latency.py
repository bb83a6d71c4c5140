"""Prompt latency: from ``say()`` to the first sample reaching the output stream, per engine.

Uses the real synthesizers (pyttsx3/espeak-ng, and Piper with the bundled English voice) and
the mock output backend (the device seam), so it runs without a sound card. For each engine,
three kinds of line, interleaved in one run:

- cached: a static line rendered by ``prepare()``;
- joined: a dynamic line made only of prepared sentences ("Wake the Monk, seat 8, Hal.
  They are poisoned."), played from the sentence cache with nothing synthesized;
- uncached: new text, synthesized on demand.

It also times ``prepare()`` of a 15-player Trouble Brewing game's static lines (the work
done in the background when a game starts), with an empty cache and again with the cache
from the first run (a second game start: nothing is synthesized), and the engine's
real-time factor: seconds of synthesis per second of speech, over the game's static lines.

    python benchmarks/speech_latency.py [--count 40] [--engines espeak,piper] [--json FILE]

Figures on the development machine (x86-64, --count 40, 2 cores shared with other work):

    espeak     prompt        n    p50 ms    p95 ms    max ms
    espeak     cached       40      0.15      0.31      5.03
    espeak     joined       40      0.27      0.48      3.01
    espeak     uncached     40     11.99     22.96     27.32
    espeak: uncached/cached p50 x78.2, p95 x74.1; real-time factor 0.0xx
    espeak: game start: 174 sentences prepared in 2.82 s (174 synthesized); again: 0.05 s

(the Piper rows: see docs/performance.md). A Raspberry Pi synthesizes several times slower;
the cached and joined rows do not depend on synthesis speed.
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
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hardware.speakers_mock import MockOutputBackend  # noqa: E402
from hardware.tts import Synthesizer  # noqa: E402
from narrator.speech.engines import ENGINES  # noqa: E402
from narrator.speech.queue import SpeechQueue, open_narration  # noqa: E402
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


def open_bench(backend: TimedBackend, cache: Path, engine: str) -> SpeechQueue:
    """A speech queue speaking both channels with ``engine``; SystemExit if it cannot."""
    settings = SpeechSettings(public_device="speaker", private_device="earpiece",
                              cache_dir=cache, public_engine=engine, private_engine=engine)
    out = io.StringIO()
    narration = open_narration(settings, out, backend=backend, synthesizer=Synthesizer())
    if not isinstance(narration, SpeechQueue):
        raise SystemExit(f"cannot benchmark {engine}: {narration.describe()}")
    if narration.settings.engine("private") != engine:
        narration.close()
        raise SystemExit(f"cannot benchmark {engine}: {out.getvalue().strip()}")
    return narration


def real_time_factor(narration: SpeechQueue, lines: list[tuple[str, str]]) -> dict[str, float]:
    """Synthesis seconds per second of audio, over whole lines rendered by the engine itself
    (not through the cache); the first line is left out (it may load the voice)."""
    spec = narration.settings.spec("private")
    synth = narration.cache.engines[spec.engine]
    synth.synthesize("Warm up.", spec.voice, spec.rate, spec.volume)
    spent = audio = 0.0
    for _channel, text in lines:
        started = time.perf_counter()
        clip = synth.synthesize(text, spec.voice, spec.rate, spec.volume)
        spent += time.perf_counter() - started
        audio += clip.duration
    return {"lines": len(lines), "synthesis_s": spent, "audio_s": audio, "rtf": spent / audio}


def prepare_timing(cache: Path, engine: str, players: int = 15,
                   limit: int | None = None) -> dict[str, float]:
    """Seconds to prepare a game's static lines (the first ``limit``): empty cache, then the
    same cache again."""
    lines = game_lines(players)[:limit]
    out: dict[str, float] = {}
    for run_name in ("first", "second"):
        backend = TimedBackend(["bench speaker", "bench earpiece"])
        narration = open_bench(backend, cache, engine)
        started = time.perf_counter()
        job = narration.prepare(lines)
        if not job.wait(600) or job.error:
            raise RuntimeError(f"preparation failed: {job.error}")
        out[f"{run_name}_s"] = time.perf_counter() - started
        out[f"{run_name}_synthesized"] = job.synthesized
        out["sentences"] = job.total
        narration.close()
    return out


def run(count: int, engine: str = "espeak", rtf_lines: int = 40, players: int = 15,
        prepare_lines: int | None = None) -> dict[str, dict[str, float]]:
    """The figures of one engine (``espeak`` or ``piper``); ``players`` sizes the game whose
    static lines are prepared (all, or the first ``prepare_lines``) and give the real-time
    factor (the first ``rtf_lines``)."""
    with tempfile.TemporaryDirectory() as cache:
        backend = TimedBackend(["bench speaker", "bench earpiece"])
        narration = open_bench(backend, Path(cache), engine)
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
        rtf = real_time_factor(narration, game_lines(players)[:rtf_lines])
        narration.close()
    with tempfile.TemporaryDirectory() as cache:
        preparation = prepare_timing(Path(cache), engine, players, prepare_lines)
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
    summary["rtf"] = rtf
    return summary


def section(quick: bool, table: Any, **sizes: int) -> dict[str, Any]:
    """``python -m benchmarks``' speech rows, per engine (espeak-ng, Piper): time to first
    sample, cached and not, and real-time factor. ``sizes`` (count, rtf_lines, players,
    prepare_lines) override the run's sizes (the smoke test's toy run)."""
    out: dict[str, Any] = {}
    for engine in ENGINES:
        try:
            summary = run(**{"count": 10 if quick else 40, "engine": engine,
                             "rtf_lines": 10 if quick else 40, **sizes})
        except (SystemExit, RuntimeError, OSError) as exc:
            table.add("speech", f"{engine}: skipped", str(exc))
            out[engine] = {"skipped": str(exc)}
            continue
        out[engine] = summary
        cached, uncached, rtf = summary["cached"], summary["uncached"], summary["rtf"]
        table.add("speech", f"{engine}: cached prompt -> first sample p50 (n={cached['n']})",
                  cached["p50_ms"], " ms")
        table.add("speech", f"{engine}: cached prompt -> first sample p95", cached["p95_ms"],
                  " ms", "<= 50 ms", cached["p95_ms"] <= 50)
        table.add("speech", f"{engine}: uncached prompt -> first sample p50 / p95",
                  f"{uncached['p50_ms']:.0f} / {uncached['p95_ms']:.0f} ms")
        table.add("speech", f"{engine}: real-time factor ({rtf['audio_s']:.0f} s of speech)",
                  rtf["rtf"], "", "< 1 (faster than speech)", rtf["rtf"] < 1)
        table.add("baseline", f"{engine}: uncached / cached, p50", summary["ratio"]["p50"], "x")
    return out


def report(engine: str, summary: dict[str, dict[str, float]]) -> None:
    print(f"{engine:<10} {'prompt':<10}{'n':>5}{'p50 ms':>10}{'p95 ms':>10}{'max ms':>10}")
    for kind in ("cached", "joined", "uncached"):
        row = summary[kind]
        print(f"{engine:<10} {kind:<10}{row['n']:>5}{row['p50_ms']:>10.2f}{row['p95_ms']:>10.2f}"
              f"{row['max_ms']:>10.2f}")
    ratio, rtf = summary["ratio"], summary["rtf"]
    print(f"{engine}: uncached/cached p50 x{ratio['p50']:.1f}, p95 x{ratio['p95']:.1f}; "
          f"real-time factor {rtf['rtf']:.3f} ({rtf['audio_s']:.0f} s of speech in "
          f"{rtf['synthesis_s']:.1f} s)")
    prep = summary["prepare"]
    print(f"{engine}: game start: {prep['sentences']:.0f} sentences prepared in "
          f"{prep['first_s']:.2f} s ({prep['first_synthesized']:.0f} synthesized); again: "
          f"{prep['second_s']:.2f} s, {prep['second_synthesized']:.0f} synthesized")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=40, help="prompts of each kind")
    parser.add_argument("--engines", default=",".join(ENGINES), help="comma-separated engines")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args()
    results: dict[str, object] = {}
    for engine in [e.strip() for e in args.engines.split(",") if e.strip()]:
        try:
            summary = run(args.count, engine)
        except SystemExit as exc:
            print(exc)
            results[engine] = {"skipped": str(exc)}
            continue
        report(engine, summary)
        results[engine] = summary
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
