"""The common words first: "next", "yes", "no", "undo", "repeat" and the seat numbers 1-20
("seat seven", where a seat is chosen), each said by every Storyteller voice of the corpus,
clean, and decoded with the grammar of the state where the word is said. Per voice family,
what the narrator would do with it (narrator.voice.policy): right first time (acted on), asked,
silent wrong, rejected.

    python -m benchmarks.common_words [--backends pocketsphinx,fused] [--voices N] [--misses]

The target (issue 27, item 5): right first time at least 99 % on every voice family.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import corpus, verdicts  # noqa: E402
from benchmarks import recognition as rec  # noqa: E402
from hardware.recognizer import GrammarSpec  # noqa: E402

WORDS = ("next", "yes", "no", "undo", "repeat")
TARGET = 0.99
SEATS = 20


def texts() -> list[tuple[str, dict[str, Any]]]:
    """(what is said, the command expected) for every common word and seat."""
    from narrator.language import templates as T

    out = [(word, {"intent": word, "slots": {}}) for word in WORDS]
    numbers = dict((n, w) for w, n in T.number_words(0, SEATS))
    out += [(f"seat {numbers[n]}", {"intent": "choose", "slots": {"seats": [n]}}) for n in range(1, SEATS + 1)]
    return out


def clips(language: Any, cache: Path, voices: tuple[corpus.Voice, ...], seed: int = 21) -> list[corpus.Clip]:
    rng = np.random.default_rng(seed)
    out = []
    for voice in voices:
        for text, expected in texts():
            samples, start, end = corpus.make_clip(corpus.tts(text, voice, cache), None, None, rng)
            out.append(corpus.Clip(text, str(voice), samples, start, end, expected, expected["intent"]))
    return out


def run(backends: tuple[str, ...] = ("pocketsphinx",), voices: tuple[corpus.Voice, ...] | None = None,
        seats: int = SEATS, cache: Path | None = None) -> dict[str, Any]:
    """Per backend: the verdict counts per voice family, and every clip not right first time
    (the speech cached in ``cache``, the benchmark's by default)."""
    from benchmarks.run import build_language, make_recognizer
    from narrator.language.pronunciations import load_pronunciations

    language = build_language(seats)
    voices = voices or corpus.command_voices()
    all_clips = clips(language, cache or corpus.OUT / "corpus", voices)
    out: dict[str, Any] = {"n": len(all_clips), "voices": [str(v) for v in voices], "backends": {}}
    for backend in backends:
        started = time.perf_counter()
        recognizer = make_recognizer(backend)
        families: dict[str, dict[str, int]] = {}
        not_first: list[dict[str, Any]] = []
        latencies: list[float] = []   # end of speech to result, where the endpointer cut it
        for (intents, most_seats), group in by_state(language, all_clips).items():
            grammar = language.grammar(sorted(intents), most_seats=most_seats)
            recognizer.set_grammar(GrammarSpec.from_data(grammar, load_pronunciations()))
            if hasattr(recognizer, "alone"):   # fused: as the Listener sets it
                recognizer.alone = verdicts.alone_hook(recognizer, language, intents,
                                                       refused=rec.refused_in_state(group[0].expected["intent"]))
                recognizer.doubts = verdicts.doubts_hook(recognizer, language, intents)
            for clip in group:
                streamed = rec.stream(recognizer, clip).results
                results = [r for r, _, _ in streamed]
                latencies += [at - clip.speech_end / corpus.RATE for _, at, cut in streamed[:1] if cut]
                why: list[str] = []
                verdict = verdicts.outcome(recognizer, language, results, clip.expected, intents,
                                           refused=rec.refused_in_state(clip.expected["intent"]), why=why)
                tally = families.setdefault(corpus.family_of(clip.voice), {"n": 0})
                tally["n"] += 1
                tally[verdict] = tally.get(verdict, 0) + 1
                if verdict not in ("right_act", "right_ask_destructive"):
                    reasons = tally.setdefault("why", {})
                    for reason in why or ["reject: nothing heard"]:
                        reasons[reason] = reasons.get(reason, 0) + 1
                    not_first.append({"said": clip.text, "voice": clip.voice, "outcome": verdict, "why": why,
                                      "heard": [(r.text, round(r.confidence, 2), r.accepted, r.reason)
                                                + ((r.second.text, round(r.second.confidence, 2))
                                                   if r.second is not None else ())
                                                + ((f"third: {r.third}",) if r.third else ()) for r in results]})
        out["backends"][backend] = {
            "seconds": round(time.perf_counter() - started, 1),
            "families": {name: first_time(t) for name, t in sorted(families.items())},
            "latency": rec.summarize_ms(latencies),
            "not_first_time": not_first,
        }
    return out


def by_state(language: Any, all_clips: list[corpus.Clip]) -> dict[tuple[frozenset[str], int | None], list[corpus.Clip]]:
    """The clips grouped by the intents listened for where each is said, and the most seats
    the step takes (a seat said alone is a one-seat choice)."""
    groups: dict[tuple[frozenset[str], int | None], list[corpus.Clip]] = {}
    for clip in all_clips:
        groups.setdefault(rec.grammar_state(clip.expected, language), []).append(clip)
    return groups


def first_time(tally: dict[str, int]) -> dict[str, Any]:
    n = tally.get("n", 0)
    right = tally.get("right_act", 0) + tally.get("right_ask_destructive", 0)
    return {"n": n, "right_first_time": round(right / n, 4) if n else None, "why": tally.get("why", {}),
            "asked": tally.get("right_ask_unsure", 0) + tally.get("wrong_ask", 0),
            "silent_wrong": tally.get("wrong_act", 0), "rejected": tally.get("rejected", 0)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.common_words", description=__doc__.splitlines()[0])
    parser.add_argument("--backends", default="pocketsphinx", help="comma-separated: pocketsphinx, moonshine, fused")
    parser.add_argument("--voices", type=int, default=0, help="only every N-th voice (a quicker run)")
    parser.add_argument("--misses", action="store_true", help="print every clip not right first time")
    args = parser.parse_args(argv)
    voices = corpus.command_voices()[:: args.voices] if args.voices else None
    result = run(tuple(b.strip() for b in args.backends.split(",") if b.strip()), voices)
    for backend, row in result["backends"].items():
        print(f"{backend} ({row['seconds']} s; end of speech to result: {row['latency']}):")
        for family, figures in row["families"].items():
            mark = "pass" if (figures["right_first_time"] or 0) >= TARGET else "MISS"
            print(f"  {family:8} right first time {100 * figures['right_first_time']:.1f}% of {figures['n']}"
                  f"  asked {figures['asked']}  silent wrong {figures['silent_wrong']}"
                  f"  rejected {figures['rejected']}  {mark}")
            print("           not first time, why: " + "; ".join(
                f"{reason} {count}" for reason, count in sorted(figures["why"].items(), key=lambda kv: -kv[1])))
        if args.misses:
            for miss in row["not_first_time"]:
                print("   miss:", json.dumps(miss))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
