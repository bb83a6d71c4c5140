"""The two-way question answered by voice: "Seat eight or six?" (narrator.voice.between) asked
for four pairs of seats (eight or six, two or twelve, five or nine, three or seven), and
answered by every Storyteller voice of the corpus and the held-out one, six ways: each
number alone, each after "seat", "yes" (the first) and "no" (neither). Through the real
Listener, push-to-talk, as at the table; per answer: right, asked ("Seat six? Yes or no.",
one yes away; or the other seat asked, one no), said again (nothing taken), or wrong (the
other seat taken, or a seat where "no" was said). Clean, or with the table's babble at
``--snr`` dB.

    python -m benchmarks.two_way_answers [--backends pocketsphinx,fused] [--snr 15] [--open]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import corpus, hibari_voice  # noqa: E402

PAIRS = (("eight", "six"), ("two", "twelve"), ("five", "nine"), ("three", "seven"))
CHUNK = 1600   # 0.1 s, as the microphone's


def answers(first: str, second: str) -> list[tuple[str, str | None]]:
    """(said, the number it picks; None for no)."""
    return [(first, first), (second, second), (f"seat {first}", first), (f"seat {second}", second),
            ("yes", first), ("no", None)]


def voices() -> tuple[corpus.Voice, ...]:
    return corpus.command_voices() + (corpus.HELD_OUT_VOICES if hibari_voice.available() else ())


def run(backend: str, cache: Path | None = None, speakers: tuple[corpus.Voice, ...] | None = None,
        snr_db: float | None = None, open_: bool = False) -> dict[str, Any]:
    from benchmarks.backends import build_language
    from narrator.language.pronunciations import load_pronunciations
    from narrator.voice.listener import Listener
    from narrator.voice.recognizers import make_recognizer
    from statemachine.game import OVERRIDES

    language = build_language()
    listener = Listener(make_recognizer(backend), language, gating="open" if open_ else "push_to_talk",
                        pronunciations=load_pronunciations(), expected={"choose", "next", "yes"} | set(OVERRIDES),
                        say=lambda channel, text: None)
    rng = np.random.default_rng(5)
    cache = cache or corpus.OUT / "corpus"
    noise = corpus.babble(cache) if snr_db is not None else None
    tally = {kind: {"right": 0, "asked": 0, "asked wrong": 0, "again": 0, "wrong": 0}
             for kind in ("number", "seat number", "yes or no")}
    wrongs: list[str] = []
    started = time.perf_counter()
    for voice in speakers or voices():
        for first, second in PAIRS:
            readings = {w: language.parse(f"seat {w}", spoken=True) for w in (first, second)}
            for said, picks in answers(first, second):
                listener.ask(readings[first], readings[second])
                samples, _, _ = corpus.make_clip(corpus.tts(said, voice, cache), noise, snr_db, rng)
                listener.ptt_down()
                out = []
                for chunk in corpus.Clip(said, str(voice), samples, 0, 0).chunks(CHUNK):
                    out += listener.feed(chunk)
                out += listener.finish() if open_ else listener.ptt_up()
                got = [c.slots.get("seats") for c in out]
                if got:
                    outcome = "right" if picks is not None and got == [readings[picks].slots["seats"]] else "wrong"
                elif picks is None and listener.pending is None:
                    outcome = "right"    # a "no" dropped the question
                elif listener.pending is None or listener.between is not None:
                    outcome = "again"    # nothing taken, the two-way question still asked
                else:   # the pick asked as a yes-or-no question: one yes away, or one no
                    right_seat = picks is not None and listener.pending.slots.get("seats") == readings[picks].slots["seats"]
                    outcome = "asked" if right_seat else "asked wrong"
                kind = ("yes or no" if said in ("yes", "no") else "seat number" if said.startswith("seat")
                        else "number")
                tally[kind][outcome] += 1
                if outcome == "wrong":
                    heard = listener.heard[-1] if listener.heard else None
                    wrongs.append(f"{voice} said {said!r} (seat {first} or {second}?): took {got}, heard "
                                  f"{heard.text if heard else ''!r} ({heard.reason if heard else ''})")
                listener.cancel_pending()
    return {"backend": backend, "seconds": round(time.perf_counter() - started, 1), "answers": tally,
            "wrong": wrongs}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.two_way_answers", description=__doc__.splitlines()[0])
    parser.add_argument("--backends", default="pocketsphinx,fused")
    parser.add_argument("--snr", type=float, default=None, help="table babble this many dB below the answers")
    parser.add_argument("--open", action="store_true", help="open listening: no talk button, the endpointer ends each")
    args = parser.parse_args(argv)
    for backend in (b.strip() for b in args.backends.split(",") if b.strip()):
        result = run(backend, snr_db=args.snr, open_=args.open)
        print(f"{backend}{', open listening' if args.open else ''}, {'clean' if args.snr is None else f'{args.snr:g} dB babble'} ({result['seconds']} s):")
        for kind, counts in result["answers"].items():
            n = sum(counts.values())
            print(f"  {kind:12} {n:4} answers: right {counts['right']}, asked {counts['asked']} (one yes away), "
                  f"the other seat asked {counts['asked wrong']}, said again {counts['again']}, wrong {counts['wrong']}")
        for line in result["wrong"]:
            print("   wrong:", line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
