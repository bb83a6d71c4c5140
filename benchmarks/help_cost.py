"""What `help` costs: the examples are each tried on the session (carried out, taken back),
so help takes some rebuilds of the game. Walks a drawn game of each size on Trouble
Brewing and times help at every step, with a rebuild of the game timed in the same
process as the baseline:

    python -m benchmarks.help_cost [--sizes 5,10,15] [--steps 60]
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="5,10,15")
    parser.add_argument("--steps", type=int, default=60)
    args = parser.parse_args(argv)
    for folder in ("tests", "tests/speech"):
        sys.path.insert(0, str(ROOT / folder))
    from characters.scripts import load_script, registry_for
    from engine_helpers import NAMES
    from line_walk import Heard, Walker, bag
    from narrator.language.commands import CommandLanguage
    from narrator.language.help import help_lines
    from statemachine.errors import Rejected
    from statemachine.game import GameSetup
    from statemachine.journal.session import Session

    script = load_script("Trouble Brewing")
    registry = registry_for(script)
    print("| players | help p50 ms | help max ms | rebuild p50 ms | help / rebuild |")
    print("|---|---|---|---|---|")
    for size in (int(s) for s in args.sizes.split(",")):
        folder = Path(tempfile.mkdtemp())
        setup = GameSetup(script.name, script.ids, NAMES[:size], bag(script.name, size, 1), 1)
        session = Session.create(folder / "g.sqlite", setup, registry)
        walker, rng = Walker(folder, Heard()), random.Random(1)
        helps, rebuilds = [], []
        for _ in range(args.steps):
            game = session.game
            if game.winner:
                break
            language = CommandLanguage(registry, script.ids, len(game.grim.players))
            started = time.perf_counter()
            help_lines(session, language, spoken=True)
            helps.append(time.perf_counter() - started)
            started = time.perf_counter()
            session.game = session._rebuild()
            rebuilds.append(time.perf_counter() - started)
            try:
                session.apply(*walker.pick(session.game, rng, language))
            except Rejected:
                pass
        h, r = statistics.median(helps) * 1000, statistics.median(rebuilds) * 1000
        print(f"| {size} | {h:.0f} | {max(helps) * 1000:.0f} | {r:.1f} | {h / r:.0f} |")
        session.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
