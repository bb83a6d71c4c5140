"""A readings pickle's outcomes under the shipped policy: right first time, within one
answer and silent wrong in each condition, in all and per voice family, each record counted
as its Listener reads it (with the wake phrase where it was said).

    python -m benchmarks.reading_counts [--backend fused] [--split benchmark] [--wake | --tag TAG]
        [--misses CONDITION]

The readings come from ``python -m benchmarks.readings`` with the same options.
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import readings, verdicts  # noqa: E402
from benchmarks.policy_choice import count, floors_of, right_first  # noqa: E402
from narrator.voice.policy import Policy  # noqa: E402


def lines(language: Any, data: dict[str, list[dict[str, Any]]], backend: str) -> list[str]:
    """One line per condition: "all" and each family, right first / within one answer /
    silent wrong of n."""
    out = []
    for name, records in data.items():
        by = count(language, records, Policy(), backend)
        cells = []
        for key in ["all"] + sorted(k for k in by if k != "all"):
            c = by[key]
            first = right_first(c)
            cells.append(f"{key} {first}/{first + c['right_ask_unsure']}/{c['wrong_act']} of {c['n']}")
        out.append(f"{name:6s} " + "   ".join(cells))
    return out + ["(right first time / within one answer / silent wrong)"]


def misses(language: Any, records: list[dict[str, Any]], backend: str) -> list[str]:
    """One line per clip not right first time: what was said, by whom, what became of it, and
    each result's readings (the reading, its confidence, the grammar recognizer's, moonshine's
    transcript, the third recognizer's) with the policy's verdict and reason."""
    floors = floors_of(backend)
    out = []
    for index, record in enumerate(records):
        why: list[str] = []
        got = verdicts.outcome(floors, language, record["results"], record["expected"], record["intents"],
                               record.get("strip", ""), policy=Policy(), why=why)
        if got in ("right_act", "right_ask_destructive"):
            continue
        heard = []
        for result in record["results"]:
            second = result.second
            parts = [f"{result.text!r} {result.confidence:.2f}"]
            parts += [f"other {second.text!r} {second.confidence:.2f}"] if second is not None else []
            parts += [f"transcript {result.heard!r}"] if result.heard else []
            parts += [f"third {result.third!r}"] if result.third is not None else []
            heard.append(", ".join(parts))
        out.append(f"{index:4d} {got:22s} {record['voice']:26s} {record['text']!r}: " + "; ".join(heard)
                   + f" [{'; '.join(why)}]")
    return out


def main(argv: list[str] | None = None) -> int:
    from benchmarks.backends import build_language

    parser = argparse.ArgumentParser(prog="python -m benchmarks.reading_counts", description=__doc__.splitlines()[0])
    parser.add_argument("--backend", default="fused")
    parser.add_argument("--split", choices=sorted(readings.SPLITS), default="benchmark")
    parser.add_argument("--wake", action="store_true", help="the readings said after the wake phrase (tag: wake)")
    parser.add_argument("--tag", default="")
    parser.add_argument("--misses", default="", metavar="CONDITION",
                        help="also list each clip of this condition (clean, 20 dB...) not right first time")
    args = parser.parse_args(argv)
    tag = args.tag or ("wake" if args.wake else "")
    try:
        data = readings.load(args.backend, args.split, tag)
    except FileNotFoundError:
        wake = " --wake" if args.wake else f" --tag {tag}" if tag else ""
        print(f"no readings; decode them first: python -m benchmarks.readings --backend {args.backend} "
              f"--split {args.split}{wake}")
        return 1
    language = build_language()
    print("\n".join(lines(language, data, args.backend)))
    if args.misses:
        if args.misses not in data:
            print(f"no {args.misses!r} readings here: {', '.join(data)}")
            return 1
        print(f"not right first time, {args.misses}:")
        print("\n".join(misses(language, data[args.misses], args.backend)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
