"""A kill waits for its yes ("Seat five dies. Confirm?"), and the Storyteller says something:
an answer (a yes word or a no word) or not one ("repeat that", "pardon", "hang on"). Through
the real Listener, push-to-talk, as at the table, every Storyteller voice of the corpus (and
the held-out one where installed), clean or in the table's babble at ``--snr`` dB.

Per answer: right (a yes confirmed, a no cancelled), said again (nothing taken; the question
is said again), or wrong. Per non-answer: kept (the question waits, said again), cancelled
(the kill dropped: a wrong, but nothing happens), or **confirmed**: a kill carried out on
something that was not a yes, the worst silent wrong the voice layer can make.

    python -m benchmarks.confirm_answers [--backends pocketsphinx,fused] [--snr 15] [--wake | --open]
        [--between] [--others]

``--others``: 15 other non-answers ("come again", "let me think", "eh"), which no rule was
chosen on, in place of the 12. ``--open``: open listening (no talk button; the endpointer
ends each utterance), not the talk button.
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

YES = ("yes", "yeah", "confirm", "correct")
NO = ("no", "cancel", "nope")
# what a Storyteller says to a question they did not catch, or are not ready to answer
NOT_ANSWERS = ("repeat", "repeat that", "say it again", "what", "pardon", "sorry what was that",
               "hang on", "wait", "one moment please", "which seat", "hold on a second",
               "what did you say")
# ...and others no rule was chosen on (``--others``: these instead; 7 Dec)
OTHER_NOT_ANSWERS = ("come again", "sorry", "one sec", "excuse me", "huh", "what was that", "give me a moment",
                     "let me think", "again please", "can you say that again", "i missed that", "hmm",
                     "just a minute", "what was the question", "eh")
CHUNK = 1600   # 0.1 s, as the microphone's


def voices() -> tuple[corpus.Voice, ...]:
    return corpus.command_voices() + (corpus.HELD_OUT_VOICES if hibari_voice.available() else ())


def outcome(said: str, out: list, pending: Any) -> str:
    """What the Listener did with ``said``: see the module's docstring."""
    confirmed = bool(out)
    if said in YES:
        return "right" if confirmed else "again" if pending is not None else "wrong"
    if said in NO:
        return "wrong" if confirmed else "again" if pending is not None else "right"
    return "confirmed" if confirmed else "kept" if pending is not None else "cancelled"


def run(backend: str, cache: Path | None = None, speakers: tuple[corpus.Voice, ...] | None = None,
        snr_db: float | None = None, wake: bool = False, between: bool = False,
        others: bool = False, open_: bool = False) -> dict[str, Any]:
    from benchmarks.backends import build_language
    from narrator.language.pronunciations import load_pronunciations
    from narrator.voice.listener import Listener
    from narrator.voice.recognizers import make_recognizer
    from statemachine.game import OVERRIDES

    language = build_language()
    gating = "wake_phrase" if wake else "open" if open_ else "push_to_talk"
    listener = Listener(make_recognizer(backend), language, gating=gating,
                        pronunciations=load_pronunciations(), expected={"choose", "next", "yes"} | set(OVERRIDES),
                        say=lambda channel, text: None)
    kill = language.parse("seat five dies", spoken=True)
    asked = (language.parse("seat eight", spoken=True), language.parse("seat six", spoken=True)) if between else (kill,)
    rng = np.random.default_rng(5)
    cache = cache or corpus.OUT / "corpus"
    noise = corpus.babble(cache) if snr_db is not None else None
    tally = {kind: {} for kind in ("yes", "no", "not an answer")}
    wrongs: list[str] = []
    started = time.perf_counter()
    for voice in speakers or voices():
        missed = OTHER_NOT_ANSWERS if others else NOT_ANSWERS
        for said in missed if between else YES + NO + missed:
            listener.ask(*asked)
            text = f"storyteller {said}" if wake else said
            samples, _, _ = corpus.make_clip(corpus.tts(text, voice, cache), noise, snr_db, rng)
            listener.ptt_down()
            out = []
            for chunk in corpus.Clip(text, str(voice), samples, 0, 0).chunks(CHUNK):
                out += listener.feed(chunk)
            out += listener.finish() if wake or open_ else listener.ptt_up()
            got = outcome(said, out, listener.pending)
            kind = "yes" if said in YES else "no" if said in NO else "not an answer"
            tally[kind][got] = tally[kind].get(got, 0) + 1
            if got in ("wrong", "confirmed", "cancelled"):
                heard = listener.heard[-1] if listener.heard else None
                wrongs.append(f"{got}: {voice} said {said!r}, heard {heard.text if heard else ''!r} "
                              f"({heard.confidence if heard else 0:.2f} {heard.verdict if heard else ''} "
                              f"{heard.reason if heard else ''})")
            listener.cancel_pending()
    return {"backend": backend, "seconds": round(time.perf_counter() - started, 1), "answers": tally,
            "wrong": wrongs}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.confirm_answers", description=__doc__.splitlines()[0])
    parser.add_argument("--backends", default="pocketsphinx,fused")
    parser.add_argument("--snr", type=float, default=None, help="table babble this many dB below the answers")
    parser.add_argument("--wake", action="store_true", help="each said after the wake phrase, no talk button")
    parser.add_argument("--between", action="store_true", help='the question "Seat eight or six?", not a kill')
    parser.add_argument("--others", action="store_true", help="other non-answers, no rule chosen on them")
    parser.add_argument("--open", action="store_true", help="open listening: no talk button, the endpointer ends each")
    args = parser.parse_args(argv)
    for backend in (b.strip() for b in args.backends.split(",") if b.strip()):
        result = run(backend, snr_db=args.snr, wake=args.wake, between=args.between, others=args.others,
                     open_=args.open)
        print(f"{backend}{', wake phrase' if args.wake else ', open listening' if args.open else ''}"
              f"{', seat eight or six' if args.between else ''}, "
              f"{'clean' if args.snr is None else f'{args.snr:g} dB babble'} ({result['seconds']} s):")
        for kind, counts in ((k, c) for k, c in result["answers"].items() if c):
            print(f"  {kind:14} {sum(counts.values()):4}: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
        for line in result["wrong"]:
            print("   ", line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
