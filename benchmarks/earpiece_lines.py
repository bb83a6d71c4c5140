"""What the earpiece says, measured: every line of the line walk (tests/speech/line_walk.py: seeded
random games on every bundled script, every character heard, every other game on seat
numbers alone) and of the scenario games (tests/games/*.txt, played through `narrator
play`), counted against issue 26's targets: no earpiece line over 40 words before a pause,
no first sentence over 20; and the line rules (statemachine/line_rules.py) on every line.

    python -m benchmarks.earpiece_lines [--seeds N]

Prints one table; figures are counts of distinct lines, so they do not depend on the
machine's speed.
"""
from __future__ import annotations

import argparse
import json
import shlex
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for path in (ROOT, ROOT / "tests", ROOT / "tests" / "speech"):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from statemachine.line_rules import (BEFORE_PAUSE_WORDS, LEAD_WORDS, lead,  # noqa: E402
                                     said_problems, sentences, words)
from statemachine.speech import PAUSE  # noqa: E402


def walked(folder: Path, seeds: int) -> list[list[tuple[str, bool, str]]]:
    from line_walk import walk_everything
    return walk_everything(folder, seeds).games


def scenario_games(folder: Path) -> list[list[tuple[str, bool, str]]]:
    """Each tests/games file played as its test plays it; (text, False, channel) lines."""
    from narrator.cli import main
    import contextlib
    import io
    games = []
    for n, path in enumerate(sorted((ROOT / "tests" / "games").glob("*.txt"))):
        args = next((shlex.split(line[len("# args:"):]) for line in path.read_text().splitlines()
                     if line.startswith("# args:")), [])
        log = folder / f"game{n}.jsonl"
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            main(["play", *args, "--game", str(folder / f"game{n}.sqlite"), "--commands",
                  str(path), "--log", str(log)])
        entries = [json.loads(x) for x in log.read_text().splitlines()]
        games.append([(e["text"], False, e["channel"]) for e in entries
                      if e["type"] == "speech"])
    return games


def figures(games: list[list[tuple[str, bool, str]]]) -> dict[str, int]:
    lines = {(text, channel) for game in games for text, _, channel in game}
    private = [text for text, channel in lines if channel == "private"]
    first = [words(sentences(t)[0]) if sentences(t) else 0 for t in private]
    before = [words(lead(t)) for t in private]
    return {
        "distinct lines": len(lines),
        "earpiece lines": len(private),
        f"earpiece over {BEFORE_PAUSE_WORDS} words before a pause":
            sum(b > BEFORE_PAUSE_WORDS for b in before),
        f"earpiece first sentence over {LEAD_WORDS} words": sum(f > LEAD_WORDS for f in first),
        "most words before a pause": max(before, default=0),
        "most words in a first sentence": max(first, default=0),
        f"earpiece over {BEFORE_PAUSE_WORDS} words in all": sum(words(t) > BEFORE_PAUSE_WORDS
                                                                for t in private),
        "earpiece lines with a pause": sum(PAUSE in t for t in private),
        "line rule problems": len(dict.fromkeys(p for game in games
                                                for p in said_problems(game))),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2, help="random games per script (2)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="earpiece-") as tmp:
        folder = Path(tmp)
        runs = {"line walk": figures(walked(folder, args.seeds)),
                "scenario games": figures(scenario_games(folder))}
    names = list(next(iter(runs.values())))
    width = max(map(len, names))
    print(" " * width + "".join(f"  {k:>15}" for k in runs))
    for name in names:
        print(name.ljust(width) + "".join(f"  {r[name]:>15}" for r in runs.values()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
