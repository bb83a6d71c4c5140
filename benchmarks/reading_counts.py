"""A readings pickle's outcomes under the shipped policy: right first time, within one
answer and silent wrong in each condition, in all and per voice family, each record counted
as its Listener reads it (with the wake phrase where it was said).

    python -m benchmarks.reading_counts [--backend fused] [--split benchmark] [--wake | --tag TAG]

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

from benchmarks import readings  # noqa: E402
from benchmarks.policy_choice import count, right_first  # noqa: E402
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


def main(argv: list[str] | None = None) -> int:
    from benchmarks.backends import build_language

    parser = argparse.ArgumentParser(prog="python -m benchmarks.reading_counts", description=__doc__.splitlines()[0])
    parser.add_argument("--backend", default="fused")
    parser.add_argument("--split", choices=sorted(readings.SPLITS), default="benchmark")
    parser.add_argument("--wake", action="store_true", help="the readings said after the wake phrase (tag: wake)")
    parser.add_argument("--tag", default="")
    args = parser.parse_args(argv)
    tag = args.tag or ("wake" if args.wake else "")
    try:
        data = readings.load(args.backend, args.split, tag)
    except FileNotFoundError:
        wake = " --wake" if args.wake else f" --tag {tag}" if tag else ""
        print(f"no readings; decode them first: python -m benchmarks.readings --backend {args.backend} "
              f"--split {args.split}{wake}")
        return 1
    print("\n".join(lines(build_language(), data, args.backend)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
