"""Moonshine's phrase scoring: why batching moved the scores, what a decoder run costs, and
how many runs the prefix-tree search takes per utterance.

    python -m benchmarks.scoring [--step 4] [--within 4]

* *Shared scales*: the bundled decoder run on a whole token sequence, then with other tokens
  after the first ones, and on a batch of single tokens against the cache, with another row
  beside: the largest logit change of the first positions, and of the row. Its attention is
  causal and its rows independent, but each matrix product's input is quantized to int8 with
  one scale for the whole tensor, so both move (with the weights made float, an experiment
  of 5 Dec not shipped, both are 0 to the bit).
* *Stability*: each of a few phrases scored alone, with the others, and in reverse order by
  ``MoonshineModel.score``: the largest difference (0 is right).
* *Cost*: one decoder run of one token at batch 1 and at batch 8, and of 12 tokens at once,
  in CPU ms (the median of 20) and as ratios to the first.
* *Runs*: the fused recognizer on every ``step``-th clean benchmark clip (text seed 3), with
  the search stopped ``within`` nats below the best phrase and not stopped: decoder runs per
  clip, CPU seconds per clip, and the verdicts, which should be the same.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import corpus, recognition as rec, verdicts  # noqa: E402
from hardware.moonshine_ahead import SCORED_WITHIN_BEST  # noqa: E402

PHRASES = ["Seat 7 nominates seat 3.", "seat seven nominates seat three", "Next.", "Undo.",
           "Seat 8 nominates seat 13.", "The fortune teller chooses seats 2 and 9.", "Yes."]


def _decode(model, states, ids, cache=False, past=None):
    frames = states.shape[1]
    n = ids.shape[0]
    inputs = {"encoder_attention_mask": np.ones((n, frames), dtype=np.int64),
              "encoder_hidden_states": np.repeat(states, n, axis=0), "input_ids": ids,
              "use_cache_branch": np.array([cache]), **(past or model._empty_past(n, frames))}
    return model.decoder.run(["logits"], inputs)[0]


def shared_scales_and_cost(model, states) -> dict[str, float]:
    from hardware.moonshine_model import START, _KV

    seq = [START] + model.tokenizer.encode("Next.")
    base = _decode(model, states, np.array([seq]))
    later = _decode(model, states, np.array([seq + [500, 600]]))
    start = model._start(states)

    def past(n):
        out = {}
        for (layer, part), dec, enc in zip(_KV, start["decoder"], start["encoder"]):
            out[f"past_key_values.{layer}.decoder.{part}"] = np.repeat(dec, n, axis=0)
            out[f"past_key_values.{layer}.encoder.{part}"] = np.repeat(enc, n, axis=0)
        return out

    one = _decode(model, states, np.array([[100]]), True, past(1))
    two = _decode(model, states, np.array([[100], [5000]]), True, past(2))
    cost = {}
    for name, call in (("1 token, batch 1", lambda: _decode(model, states, np.array([[100]]), True, past(1))),
                       ("1 token, batch 8", lambda: _decode(model, states, np.full((8, 1), 100), True, past(8))),
                       ("12 tokens at once", lambda: _decode(model, states, np.full((1, 12), 100)))):
        times = []
        for _ in range(20):
            started = time.process_time()
            call()
            times.append(time.process_time() - started)
        cost[name] = 1000 * statistics.median(times)
    return {"time": float(np.abs(later[0, :len(seq)] - base[0]).max()),
            "rows": float(np.abs(two[0] - one[0]).max()), "cost": cost}


def stability(model, states) -> float:
    alone = [model.score(states, [p])[0] for p in PHRASES]
    together = model.score(states, PHRASES)
    backwards = model.score(states, PHRASES[::-1])[::-1]
    return max(abs(a - b) for a, b in zip(alone + alone, together + backwards))


def runs(step: int, within: float) -> dict[str, dict]:
    from benchmarks.backends import build_language, make_recognizer
    from hardware.moonshine_model import MoonshineModel
    from hardware.recognizer import GrammarSpec
    from narrator.language.pronunciations import load_pronunciations

    count = [0]
    inner = MoonshineModel._step

    def counted(self, *args):
        count[0] += 1
        return inner(self, *args)

    MoonshineModel._step = counted
    language, pronunciations = build_language(), load_pronunciations()
    clips = corpus.command_clips(language, corpus.OUT / "corpus", 2, None)[::step]
    recognizer = make_recognizer("fused")
    out = {}
    for name, value in ((f"stopped {within:g} nats below the best", within), ("not stopped", float("inf"))):
        recognizer.scored_within = value
        count[0], started, got = 0, time.process_time(), {}
        for clip in clips:
            _, intents = rec.expected_in_state((clip.expected or {}).get("intent", ""), language)
            recognizer.set_grammar(GrammarSpec.from_data(language.grammar(sorted(intents)), pronunciations))
            results = [r for r, _, _ in rec.stream(recognizer, clip).results]
            verdict = verdicts.outcome(recognizer, language, results, clip.expected, intents)
            got[verdict] = got.get(verdict, 0) + 1
        out[name] = {"clips": len(clips), "runs per clip": round(count[0] / len(clips), 1),
                     "CPU s per clip": round((time.process_time() - started) / len(clips), 3),
                     "verdicts": dict(sorted(got.items()))}
    MoonshineModel._step = inner
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.scoring", description=__doc__.splitlines()[0])
    parser.add_argument("--step", type=int, default=4, help="every step-th clean benchmark clip")
    parser.add_argument("--within", type=float, default=SCORED_WITHIN_BEST)
    parser.add_argument("--no-runs", action="store_true", help="the shared scales, stability and cost only")
    args = parser.parse_args(argv)
    from hardware.moonshine_model import MoonshineModel

    model = MoonshineModel()
    voice = corpus.command_voices()[0]
    speech = corpus.tts("seat seven nominates seat three", voice, corpus.OUT / "corpus")
    states = model.encode(np.clip(np.round(speech), -32768, 32767).astype("<i2"))
    found = shared_scales_and_cost(model, states)
    print(f"shared scales: first position's logits moved by {found['time']:.3f} with later tokens; "
          f"a row's by {found['rows']:.3f} with another row beside it")
    print(f"stability: largest difference alone / together / reversed {stability(model, states):.2e} nats")
    first = found["cost"]["1 token, batch 1"]
    print("cost: " + "; ".join(f"{k} {v:.1f} ms (x{v / first:.2f})" for k, v in found["cost"].items()))
    if not args.no_runs:
        for name, figures in runs(args.step, args.within).items():
            print(f"runs, {name}: {figures}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
