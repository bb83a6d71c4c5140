"""Choose the confirmation policy's thresholds per backend on the calibration readings, and
read them on the benchmark's own clips (which nothing was tuned on).

    python -m benchmarks.policy_choice [--backends pocketsphinx,moonshine,fused]

Needs the readings of both splits (``python -m benchmarks.readings``). For each backend, every
combination of its thresholds (``GRIDS``) is applied to the calibration readings; kept is the
combination with the most right first time (summed over the conditions) among those whose
silent wrong is at most ``WRONG_RATE`` in every condition and every voice family. The same
combination is then counted on the benchmark split, per condition and family.
"""
from __future__ import annotations

import argparse
import itertools
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import corpus, readings, verdicts  # noqa: E402
from narrator.voice.policy import Policy  # noqa: E402

WRONG_RATE = 0.01
SNRS = (None, 15.0, 20.0, 25.0, 30.0)
GRIDS: dict[str, dict[str, tuple]] = {
    "pocketsphinx": {"grammar_min_snr_db": SNRS, "slot_confidence": (0.35, 0.45, 0.55),
                     "grammar_ask_confidence": (None, 0.4, 0.5, 0.6)},
    "moonshine": {"min_snr_db": SNRS, "act_deficit": (0.5, 1.0, 2.0, 3.0, float("inf")),
                  "rival_gap": (0.0, 1.0, 2.0, 4.0)},
    "fused": {"min_snr_db": (None, 15.0, 20.0, 25.0), "act_deficit": (2.0, 4.0, float("inf")),
              "second_floor": (0.0, 0.3, 0.45), "lone_deficit": (None, 0.5, 1.5),
              "rival_gap": (0.0, 1.5), "agree_deficit": (None, 10.0, 14.0, float("inf"))},
}


class _Floors:
    """The one-word confidence floor pocketsphinx gives the Listener (verdicts.floor_of)."""

    def confidence_floor(self, words: int) -> float:
        from hardware.sphinx.confidence import DEFAULT_MIN_CONFIDENCE, DEFAULT_MIN_CONFIDENCE_ONE_WORD

        return min(DEFAULT_MIN_CONFIDENCE, DEFAULT_MIN_CONFIDENCE_ONE_WORD) if words == 1 else DEFAULT_MIN_CONFIDENCE


_PARSED: dict[tuple, Any] = {}
_parse_spoken = corpus.parse_spoken


def _cached_parse(language: Any, text: str, intents: Any = None) -> Any:
    """corpus.parse_spoken, remembered (the grid parses the same few texts again and again)."""
    key = (text, intents)
    if key not in _PARSED:
        _PARSED[key] = _parse_spoken(language, text, intents)
    return _PARSED[key]


def count(language: Any, records: list[dict[str, Any]], policy: Policy, backend: str) -> dict[str, dict[str, int]]:
    """Outcome counts per voice family and in all ("all")."""
    floors = _Floors() if backend == "pocketsphinx" else None
    out: dict[str, dict[str, int]] = {}
    for record in records:
        got = verdicts.outcome(floors, language, record["results"], record["expected"], record["intents"],
                               policy=policy)
        for key in ("all", corpus.family_of(record["voice"])):
            entry = out.setdefault(key, dict.fromkeys(verdicts.OUTCOMES, 0) | {"n": 0})
            entry[got] += 1
            entry["n"] += 1
    return out


def right_first(c: dict[str, int]) -> int:
    return c["right_act"] + c["right_ask_destructive"]


def safe(by_condition: dict[str, dict[str, dict[str, int]]], rate: float = WRONG_RATE) -> bool:
    return all(c["wrong_act"] <= rate * c["n"] for counts in by_condition.values() for c in counts.values())


def choose(language: Any, backend: str, records: dict[str, list]) -> tuple[dict[str, Any], dict]:
    grid = GRIDS[backend]
    best: tuple[int, dict[str, Any], dict] | None = None
    fallback: tuple[int, int, dict[str, Any], dict] | None = None
    for values in itertools.product(*grid.values()):
        params = dict(zip(grid, values))
        counts = {name: count(language, recs, Policy(**params), backend) for name, recs in records.items()}
        right = sum(right_first(c["all"]) for c in counts.values())
        wrong = sum(c["all"]["wrong_act"] for c in counts.values())
        if safe(counts) and (best is None or right > best[0]):
            best = (right, params, counts)
        if fallback is None or (-wrong, right) > (fallback[0], fallback[1]):
            fallback = (-wrong, right, params, counts)
    if best is None:  # nothing holds the target: the fewest silent wrongs
        assert fallback is not None
        return fallback[2], fallback[3]
    return best[1], best[2]


def main(argv: list[str] | None = None) -> int:
    from benchmarks.run import build_language

    parser = argparse.ArgumentParser(prog="python -m benchmarks.policy_choice", description=__doc__.splitlines()[0])
    parser.add_argument("--backends", default="pocketsphinx,moonshine,fused")
    args = parser.parse_args(argv)
    language = build_language()
    corpus.parse_spoken = _cached_parse  # verdicts.outcome looks it up at each call
    report: dict[str, Any] = {}
    for backend in args.backends.split(","):
        calibration = readings.load(backend, "calibration")
        params, counts = choose(language, backend, calibration)
        held = {name: count(language, recs, Policy(**params), backend)
                for name, recs in readings.load(backend, "benchmark").items()}
        default = {name: count(language, recs, Policy(), backend)
                   for name, recs in readings.load(backend, "benchmark").items()}
        report[backend] = {"params": params, "calibration": counts, "benchmark": held, "benchmark_default": default}
        print(f"{backend}: {params}")
        for split, data in (("calibration", counts), ("benchmark", held), ("benchmark, default policy", default)):
            for name, by in data.items():
                cells = "  ".join(f"{k} {right_first(c)}/{c['n']} w{c['wrong_act']} a{c['right_ask_unsure'] + c['wrong_ask']}"
                                  f" r{c['rejected']}" for k, c in sorted(by.items()))
                print(f"  {split:26s} {name:6s} {cells}")
    path = corpus.OUT / "policy_choice.json"
    path.write_text(json.dumps(report, indent=1, default=str) + "\n")
    print(f"in {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
