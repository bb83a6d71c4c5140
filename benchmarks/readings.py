"""Each clip's readings, decoded once and kept: what a recognizer heard in the grammar of the
state, per clip, so that the confirmation policy's thresholds can be chosen (and re-read)
offline without decoding again.

    python -m benchmarks.readings --backend fused --split calibration [--step 2]

``calibration`` is the split the thresholds are chosen on (other phrases and other noise
slices than the benchmark's: text seed 101, noise seed 211, as ``benchmarks.margin``);
``benchmark`` is the benchmark's own clips (text seed 3), which nothing is tuned on. The
readings go to ``benchmarks/out/readings/<backend>-<split>.pickle``. Fused readings are the
app's (a sure reading's numbers checked alone), but one the app hands on without moonshine is
decoded in full too: ``verdicts.outcome`` reads it as the app would.

``--wake``: each phrase said after the wake phrase ("storyteller seat six dies"), heard as the
wake-phrase Listener hears it (the grammar begins with the phrase, speech past the command's
words refused), to ``<backend>-<split>-wake.pickle``; each record keeps the phrase
(``strip``) so that it is counted as that Listener reads it. ``python -m
benchmarks.reading_counts`` counts a pickle's outcomes.
"""
from __future__ import annotations

import argparse
import dataclasses
import pickle
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import corpus, recognition as rec, verdicts  # noqa: E402
from narrator.voice.policy import ALONE  # noqa: E402

SPLITS = {"calibration": {"seed": 211, "text_seed": 101, "per_family": 4},
          "benchmark": {"seed": 11, "text_seed": 3, "per_family": 2}}
CONDITIONS = (("clean", None), ("20 dB", 20.0), ("15 dB", 15.0), ("10 dB", 10.0))


def path_of(backend: str, split: str, tag: str = "") -> Path:
    return corpus.OUT / "readings" / f"{backend}-{split}{'-' + tag if tag else ''}.pickle"


def collect(recognizer: Any, language: Any, clips: list, pronunciations: dict[str, str],
            wake: str = "") -> list[dict[str, Any]]:
    """Per clip: voice, text, expected command, the intents listened for, every result (and
    the wake phrase, ``strip``, where it was said first)."""
    from hardware.recognizer import GrammarSpec
    from narrator.voice.listener import listen_for_wake

    listen_for_wake(recognizer, wake)   # as the wake-phrase Listener sets it
    groups: dict[tuple[frozenset[str], int | None], list] = {}
    for clip in clips:
        groups.setdefault(rec.grammar_state(clip.expected, language), []).append(clip)
    out = []
    for (intents, most_seats), group in groups.items():
        grammar = language.grammar(sorted(intents), prefix=wake, most_seats=most_seats)
        recognizer.set_grammar(GrammarSpec.from_data(grammar, pronunciations))
        if hasattr(recognizer, "alone"):
            recognizer.alone = full_alone(verdicts.alone_hook(recognizer, language, intents, wake))
        if hasattr(recognizer, "doubts"):   # every choice where the two differ, every third's word
            recognizer.doubts = everything
        for clip in group:
            got = rec.stream(recognizer, clip)
            out.append({"voice": clip.voice, "text": clip.text, "expected": clip.expected, "intents": intents,
                        "results": [r for r, _, _ in got.results], "strip": wake})
    return out


def everything(result: Any) -> bool:
    """A fused recognizer's ``doubts`` hook that doubts every reading: the readings hold all the
    evidence the policy could ask for, and the policy reads only what it would have asked."""
    return True


def full_alone(hook: Any) -> Any:
    """Fused, the Listener's hook but for a reading it hands on alone: that one is decoded in
    full, so that both readings are kept (``verdicts.outcome`` reads it as the app would); a
    reading whose numbers alone are checked is kept as the app hears it."""
    if hook is None:
        return None

    def reading(result: Any) -> str:
        mode = hook(result)
        return "" if mode == ALONE else mode
    return reading


def load(backend: str, split: str, tag: str = "") -> dict[str, list[dict[str, Any]]]:
    if backend == "pocketsphinx" and not path_of(backend, split, tag).exists():
        return grammar_readings(pickle.loads(path_of("fused", split, tag).read_bytes()))
    data = pickle.loads(path_of(backend, split, tag).read_bytes())
    if backend == "fused":  # readings taken before the fused recognizer refused what it could not score
        from hardware.moonshine_backend import UNSCORED

        for records in data.values():
            for record in records:
                record["results"] = [r if r.second is not None or r.heard or not r.accepted
                                     else dataclasses.replace(r, accepted=False, reason=UNSCORED)
                                     for r in record["results"]]
    return data


def grammar_readings(fused: dict[str, list[dict[str, Any]]]) -> dict[str, list[dict[str, Any]]]:
    """pocketsphinx's own readings, taken from the fused ones (``second``: the same recognizer,
    settings, grammar and audio as pocketsphinx alone), where they were not decoded apart."""
    return {name: [record | {"results": [r.second if r.second is not None else r for r in record["results"]]}
                   for record in records]
            for name, records in fused.items()}


def main(argv: list[str] | None = None) -> int:
    from benchmarks.backends import build_language, make_recognizer
    from narrator.language.pronunciations import load_pronunciations

    parser = argparse.ArgumentParser(prog="python -m benchmarks.readings", description=__doc__.splitlines()[0])
    parser.add_argument("--backend", default="fused")
    parser.add_argument("--split", choices=sorted(SPLITS), default="calibration")
    parser.add_argument("--step", type=int, default=1, help="every step-th clip only")
    parser.add_argument("--conditions", default=",".join(n for n, _ in CONDITIONS))
    parser.add_argument("--within", type=float, default=None,
                        help="fused: nats below the best phrase scored exactly (the app's if not given; "
                             "a threshold on a wider gap to a runner-up needs readings as wide)")
    parser.add_argument("--tag", default="", help="written as <backend>-<split>-<tag>.pickle")
    parser.add_argument("--wake", action="store_true",
                        help=f"each phrase said after {rec.WAKE_PHRASE!r}, heard as the wake-phrase Listener "
                        "hears it (tag: wake)")
    args = parser.parse_args(argv)
    tag = args.tag or ("wake" if args.wake else "")
    language = build_language()
    pronunciations = load_pronunciations()
    split = SPLITS[args.split]
    recognizer = make_recognizer(args.backend)
    if args.within is not None and hasattr(recognizer, "scored_within"):
        recognizer.scored_within = args.within
    out: dict[str, list[dict[str, Any]]] = {}
    wanted = args.conditions.split(",")
    for name, snr in CONDITIONS:
        if name not in wanted:
            continue
        wake = rec.WAKE_PHRASE if args.wake else ""
        clips = corpus.command_clips(language, corpus.OUT / "corpus", split["per_family"], snr, prefix=wake,
                                     seed=split["seed"], text_seed=split["text_seed"])[:: args.step]
        started = time.perf_counter()
        out[name] = collect(recognizer, language, clips, pronunciations, wake)
        print(f"{args.backend} {args.split} {name}: {len(clips)} clips, {time.perf_counter() - started:.0f} s",
              flush=True)
        path = path_of(args.backend, args.split, tag)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pickle.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
