"""Peak RSS over a long session: a thousand commands in one stream, per backend.

    python -m benchmarks.session_memory [--commands 1000] [--backends pocketsphinx,fused] [--every 100]

The benchmark's commands (text seed 3, one per family) clean and in 15 dB babble are joined
into one recording, which a narrator process
(:mod:`benchmarks.process`: the full Trouble Brewing grammar for 20 seats, the speech queue
loaded) hears over and over until ``--commands`` utterances have been played. The process
reports its RSS after every ``--every`` results and its peak (VmHWM); pocketsphinx alone is
the baseline, in the same run. Memory is flat when the last points are no higher than the
first ones after the warm-up.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import corpus  # noqa: E402
from benchmarks.run import CONDITIONS, build_language, narrator_process, peak_kb  # noqa: E402


def session_clips() -> list:
    """One command per family, clean and at 15 dB babble, the recording kept short (a few MB):
    it is read whole into the process, and a long one would be the largest thing it holds."""
    language = build_language()
    return [clip for _, snr in CONDITIONS[::2] for clip in corpus.command_clips(language, corpus.OUT / "corpus", 1, snr)]


def run(commands: int, backends: list[str], every: int) -> dict[str, Any]:
    import numpy as np

    clips = session_clips()
    path = corpus.write_wav(corpus.OUT / "session-memory.wav", np.concatenate([c.samples for c in clips]))
    repeat = max(1, math.ceil(commands / len(clips)))
    out: dict[str, Any] = {"distinct_clips": len(clips), "commands": repeat * len(clips), "every": every}
    for backend in backends:
        started = time.perf_counter()
        data = narrator_process(backend, "", str(path), extra=["--repeat", str(repeat), "--every", str(every)])
        points = [round(kb / 1024) for kb in data.get("rss_kb_points") or [] if kb]
        out[backend] = {"peak_mb": round(peak_kb(data) / 1024), "rss_mb_points": points,
                        "results": data.get("heard"), "seconds": round(time.perf_counter() - started)}
        print(f"{backend}: peak {out[backend]['peak_mb']} MB over {out['commands']} commands "
              f"({data.get('heard')} results, {out[backend]['seconds']} s); RSS after every {every}th "
              f"result: {points}", flush=True)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.session_memory", description=__doc__.splitlines()[0])
    parser.add_argument("--commands", type=int, default=1000, help="utterances in the session (rounded up "
                        "to whole plays of the recording)")
    parser.add_argument("--backends", default="pocketsphinx,fused")
    parser.add_argument("--every", type=int, default=100)
    parser.add_argument("--json", default="")
    args = parser.parse_args(argv)
    out = run(args.commands, args.backends.split(","), args.every)
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
