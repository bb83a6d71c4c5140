"""Choose the confirmation policy's thresholds per backend on the calibration readings, and
read them on the benchmark's own clips (which nothing was tuned on).

    python -m benchmarks.policy_choice [--backends pocketsphinx,moonshine,fused]

Needs the readings of both splits (``python -m benchmarks.readings``). For each backend, every
combination of its thresholds (``GRIDS``) is applied to the calibration readings; kept is the
combination with the most right first time (summed over the conditions; then the most right
within one answer, then the fewest wrong commands asked) among those whose
silent wrong is at most ``WRONG_RATE`` in every condition, and in every voice family that
or one clip (``safe``; found by
coordinate ascent, ``choose``). The same combination is then counted on the benchmark split,
per condition and family.
"""
from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import corpus, readings, verdicts  # noqa: E402
from narrator.voice.policy import Policy  # noqa: E402

WRONG_RATE = 0.01
FULL_GRID = 1000  # combinations: more, and the search is coordinate ascent
SNRS = (None, 15.0, 20.0, 25.0, 30.0)
# pocketsphinx's floors finer: its babble wrongs sit between 25 and 27 dB estimated SNR, and its
# clean right commands between confidence 0.45 and 0.5. Two of its floors are held where they
# were set by hand, at least as cautious, on evidence the calibration readings do not hold: the
# audio floor at 27 dB (at 26 the benchmark's 20 dB babble gave 2 silent wrongs, at 25 3, where
# the calibration's gave none), and a seat asked below 0.5 (flite's "seat sixteen" heard as
# "seat thirteen" at 0.46 in benchmarks.common_words)
GRAMMAR_SNRS = (27.0, 28.0, 30.0)
GRIDS: dict[str, dict[str, tuple]] = {
    # each threshold's first value is the least cautious (where the ascent starts)
    "pocketsphinx": {"grammar_min_snr_db": GRAMMAR_SNRS, "slot_confidence": (0.35, 0.45, 0.55),
                     "grammar_ask_confidence": (None, 0.4, 0.45, 0.5, 0.6),
                     "grammar_number_ask_confidence": (0.5, 0.55),
                     "grammar_harmless_ask_confidence": (0.3, 0.35, 0.4, None)},
    "moonshine": {"min_snr_db": SNRS, "act_deficit": (float("inf"), 3.0, 2.0, 1.0, 0.5),
                  "rival_gap": (0.0, 1.0, 2.0, 4.0), "alternative_margin": (0.0, 0.15, 1.5, 3.0)},
    "fused": {"fused_min_snr_db": SNRS, "act_deficit": (float("inf"), 4.0, 2.0, 1.0),
              "second_floor": (0.0, 0.3, 0.45, 0.6), "lone_deficit": (None, 0.5, 1.5),
              "rival_gap": (0.0, 1.5, 3.0), "agree_deficit": (None, 10.0, 14.0, 20.0, float("inf")),
              "begun_deficit": (20.0, 14.0, 10.0), "agree_number_deficit": (None, 14.0, 10.0),
              "agree_per_word": (None, 2.0, 2.5, 3.0, 3.5, 4.0), "second_choice_gap": (None, 1.0, 2.0, 3.0),
              "alternative_margin": (0.0, 0.15, 1.5, 3.0), "lone_gap": (None, 8.0, 6.0, 5.0, 4.0, 3.0),
              "lone_act_deficit": (0.0, 1.0, 2.0, 4.0), "lone_ask_gap": (4.0, 6.0, 8.0, 10.0, None),
              "quiet_ask_gap": (1.0, 2.0, 2.5, 3.0, 4.0, None), "chosen_gap": (1.0, 2.0, 3.0, None)},
}


class _Floors:
    """The one-word confidence floor pocketsphinx gives the Listener (verdicts.floor_of)."""

    def confidence_floor(self, words: int) -> float:
        from hardware.sphinx.confidence import DEFAULT_MIN_CONFIDENCE, DEFAULT_MIN_CONFIDENCE_ONE_WORD

        return min(DEFAULT_MIN_CONFIDENCE, DEFAULT_MIN_CONFIDENCE_ONE_WORD) if words == 1 else DEFAULT_MIN_CONFIDENCE


def floors_of(backend: str) -> Any:
    """What ``verdicts.outcome`` is given as the recognizer, for a backend's readings: its
    confidence floors (pocketsphinx's), or None."""
    return _Floors() if backend == "pocketsphinx" else None


_PARSED: dict[tuple, Any] = {}
_parse_spoken = corpus.parse_spoken


def _cached_parse(language: Any, text: str, intents: Any = None) -> Any:
    """corpus.parse_spoken, remembered (the grid parses the same few texts again and again)."""
    key = (text, intents)
    if key not in _PARSED:
        _PARSED[key] = _parse_spoken(language, text, intents)
    return _PARSED[key]


def count(language: Any, records: list[dict[str, Any]], policy: Policy, backend: str) -> dict[str, dict[str, int]]:
    """Outcome counts per voice family and in all ("all"); of the silent wrongs, how many are
    the command said with another seat ("wrong_seat")."""
    floors = floors_of(backend)
    out: dict[str, dict[str, int]] = {}
    for record in records:
        acted: list = []
        got = verdicts.outcome(floors, language, record["results"], record["expected"], record["intents"],
                               record.get("strip", ""), policy=policy, acted=acted)
        seat = got == "wrong_act" and any(misheard_seat(language, c, record["expected"]) for c in acted)
        for key in ("all", corpus.family_of(record["voice"])):
            entry = out.setdefault(key, dict.fromkeys(verdicts.OUTCOMES, 0) | {"n": 0, "wrong_seat": 0})
            entry[got] += 1
            entry["n"] += 1
            entry["wrong_seat"] += seat
    return out


def misheard_seat(language: Any, command: Any, expected: dict[str, Any] | None) -> bool:
    """``command`` is the one said, with another seat in it (a nomination, a kill, a choice
    of another player: issue 27's "never a silent wrong on what matters")."""
    if not expected or command.intent != expected["intent"]:
        return False
    return any(command.slots.get(name) != expected["slots"].get(name) for name in seat_slots(language, command.intent))


_SEAT_SLOTS: dict[tuple[int, str], frozenset[str]] = {}


def seat_slots(language: Any, intent: str) -> frozenset[str]:
    """The slots of ``intent``'s templates that hold seats ({seat:nominee}, {seat}...)."""
    from narrator.language.seat_count import SEAT_LIST, slots_of

    key = (id(language), intent)
    if key not in _SEAT_SLOTS:
        _SEAT_SLOTS[key] = frozenset(s.name for c in language.spoken if c.intent == intent
                                     for s in slots_of(c.tree) if s.list_name == SEAT_LIST)
    return _SEAT_SLOTS[key]


def right_first(c: dict[str, int]) -> int:
    return c["right_act"] + c["right_ask_destructive"]


def safe(by_condition: dict[str, dict[str, dict[str, int]]], rate: float = WRONG_RATE) -> bool:
    """Silent wrong at most ``rate`` in every condition, and in every voice family at most
    that or one clip, whichever is more: a family's cell (54-94 calibration clips) cannot
    tell 1 % from 0, so a strict 1 % there would allow none at all. None of them a seat
    misheard (``misheard_seat``): that is never allowed."""
    return all(c["wrong_act"] <= (rate * c["n"] if family == "all" else max(1, rate * c["n"]))
               and not c.get("wrong_seat", 0)
               for counts in by_condition.values() for family, c in counts.items())


def merit(counts: dict[str, dict[str, dict[str, int]]]) -> tuple:
    """What the choice maximises: first no silent wrong over ``WRONG_RATE`` anywhere and none
    a seat misheard (else the fewest silent wrongs), then the most right first time, the
    fewest silent wrongs, the most right within one answer less the wrong commands asked (a
    right command asked costs a word where refused it costs saying it all again; a wrong one
    asked costs a "no" and then saying it all again: as much more), and the fewest wrong
    commands asked."""
    wrong = sum(c["all"]["wrong_act"] for c in counts.values())
    right = sum(right_first(c["all"]) for c in counts.values())
    within = sum(c["all"]["right_ask_unsure"] for c in counts.values())
    wrong_asks = sum(c["all"]["wrong_ask"] for c in counts.values())
    return (safe(counts), -wrong if not safe(counts) else 0, right, -wrong, within - wrong_asks, -wrong_asks)


def choose(language: Any, backend: str, records: dict[str, list], rounds: int = 3) -> tuple[dict[str, Any], dict]:
    """The best thresholds by ``merit``: every combination of a small grid; for a large one
    (the fused thresholds: hundreds of thousands) coordinate ascent, each threshold in turn
    set to its best value with the others held, until nothing improves, from each value of
    the first threshold (``fused_min_snr_db``) in turn and, first, from the shipped policy
    (so that the choice is never worse than it by ``merit``, and kept where another is only
    as good)."""
    grid = with_defaults(GRIDS[backend])

    def evaluate(p: dict[str, Any]) -> dict:
        return {name: count(language, recs, Policy(**p), backend) for name, recs in records.items()}

    if math.prod(len(values) for values in grid.values()) <= FULL_GRID:
        tried = [(params, evaluate(params)) for params in
                 (dict(zip(grid, values)) for values in itertools.product(*grid.values()))]
        return max(tried, key=lambda pc: merit(pc[1]))
    best: tuple[dict[str, Any], dict] | None = None
    first = next(iter(grid))
    starts = [{name: values[0] for name, values in grid.items()} | {first: value} for value in grid[first]]
    for params in [defaults(grid)] + starts:   # the shipped policy first: kept unless bettered
        counts = evaluate(params)
        for _ in range(rounds):
            moved = False
            for name, values in grid.items():
                for value in values:
                    if value == params[name]:
                        continue
                    trial = params | {name: value}
                    got = evaluate(trial)
                    if merit(got) > merit(counts):
                        params, counts, moved = trial, got, True
            if not moved:
                break
        if best is None or merit(counts) > merit(best[1]):
            best = (params, counts)
    assert best is not None
    return best


def defaults(grid: dict[str, tuple]) -> dict[str, Any]:
    """The shipped policy's value (``Policy()``'s) of each threshold in ``grid``."""
    shipped = Policy()
    return {name: getattr(shipped, name) for name in grid}


def with_defaults(grid: dict[str, tuple]) -> dict[str, tuple]:
    """``grid`` with each threshold's shipped value among its values (last, if it was not)."""
    return {name: values if value in values else values + (value,)
            for (name, values), value in zip(grid.items(), defaults(grid).values())}


def main(argv: list[str] | None = None) -> int:
    from benchmarks.backends import build_language

    parser = argparse.ArgumentParser(prog="python -m benchmarks.policy_choice", description=__doc__.splitlines()[0])
    parser.add_argument("--backends", default="pocketsphinx,moonshine,fused")
    args = parser.parse_args(argv)
    language = build_language()
    corpus.parse_spoken = _cached_parse  # verdicts.outcome looks it up at each call
    report: dict[str, Any] = {}
    for backend in args.backends.split(","):
        try:
            calibration = readings.load(backend, "calibration")
            readings.load(backend, "benchmark")
        except FileNotFoundError:
            print(f"{backend}: no readings; decode them first: python -m benchmarks.readings "
                  f"--backend {backend} --split calibration (and --split benchmark)")
            continue
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
