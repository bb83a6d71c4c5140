"""The voice layer on a voice no threshold was chosen on: the benchmark's own 110 command
phrases (same texts, same babble slices) said by hibari's "heart", a natural woman's voice
(``benchmarks.hibari_voice``), at three speeds, clean and at 20, 15 and 10 dB table babble;
and the common words ("next", "yes", "no", "undo", "repeat", seats 1-20) by the same voice.
Every confirmation threshold was chosen on espeak-ng, flite and Piper clips; this says
whether the figures hold on a voice the choices never heard.

    python -m benchmarks.held_out_voice [--backends fused,pocketsphinx] [--conditions clean,15 dB]

Writes ``benchmarks/out/held_out_voice.json``. Needs hibari-tts (the ``test`` extra).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import common_words, corpus, hibari_voice, readings, recognition as rec, verdicts  # noqa: E402

OUT = corpus.OUT / "held_out_voice.json"


def run(backends: tuple[str, ...], conditions: tuple[str, ...]) -> dict[str, Any]:
    """Per backend and condition: the verdict counts on the benchmark's phrases by the held-out
    voice; then the common words' figures."""
    from benchmarks.backends import build_language, make_recognizer
    from narrator.language.pronunciations import load_pronunciations

    language = build_language()
    pronunciations = load_pronunciations()
    split = readings.SPLITS["benchmark"]
    out: dict[str, Any] = {"voices": [str(v) for v in corpus.HELD_OUT_VOICES], "phrases": {}, "common_words": {}}
    for backend in backends:
        recognizer = make_recognizer(backend)
        rows = out["phrases"][backend] = {}
        for name, snr in readings.CONDITIONS:
            if name not in conditions:
                continue
            clips = corpus.command_clips(language, corpus.OUT / "corpus", split["per_family"], snr,
                                         seed=split["seed"], text_seed=split["text_seed"],
                                         voices=corpus.HELD_OUT_VOICES)
            started = time.perf_counter()
            result = rec.accuracy_in_state(recognizer, language, clips, pronunciations)
            rows[name] = verdicts.summary(result["verdicts"], result["n"]) | {
                "n": result["n"], "seconds": round(time.perf_counter() - started, 1)}
            print(f"{backend} {name}: {line(rows[name])}", flush=True)
    words = common_words.run(backends, corpus.HELD_OUT_VOICES)
    for backend, row in words["backends"].items():
        out["common_words"][backend] = row["families"].get("hibari", {})
    return out


def line(row: dict[str, Any]) -> str:
    n = row["n"]
    within = row["right_act"] + row["right_ask_destructive"] + row["right_ask_unsure"]
    return (f"right first time {100 * row['right_first_time']:.1f} %, right within one answer "
            f"{100 * within / n:.1f} %, silent wrong {row['wrong_act']}, wrong asked {row['wrong_ask']}, "
            f"rejected {row['rejected']} of {n}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.held_out_voice",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--backends", default="fused,pocketsphinx")
    parser.add_argument("--conditions", default=",".join(n for n, _ in readings.CONDITIONS))
    args = parser.parse_args(argv)
    if not hibari_voice.available():
        print("hibari-tts is not installed: pip install -e '.[test]'", file=sys.stderr)
        return 1
    result = run(tuple(b.strip() for b in args.backends.split(",") if b.strip()),
                 tuple(c.strip() for c in args.conditions.split(",")))
    for backend, figures in result["common_words"].items():
        print(f"{backend} common words: right first time {100 * (figures.get('right_first_time') or 0):.1f} % "
              f"of {figures.get('n', 0)}, asked {figures.get('asked', 0)}, silent wrong {figures.get('silent_wrong', 0)}")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
