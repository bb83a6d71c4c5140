"""Where a command's latency goes: end of speech to command, split into its parts.

    python -m benchmarks.latency_profile [--backend fused] [--per-family 2] [--step 1] [--snr DB]
        [--baseline [--without settle|alone|numbers|lean_ahead|near|runs|search|choice|settles|third|chunk]]

Each clean benchmark clip (text seed 3, as the main run's) is streamed as
:func:`benchmarks.recognition.stream` does, on its simulated real-time clock, with the
grammar of the state where its command is said. For the chunk whose ``accept()`` gave the
command, the latency (result out minus end of speech) is split into:

* *wait*: the audio the endpointers needed after the end of speech (the chunk's capture time
  minus the end of speech: pocketsphinx's endpointer, or its grammar-complete early end);
* *backlog*: earlier chunks' processing not yet done when the chunk arrived;
* the chunk's own processing: pocketsphinx (``source.accept``), moonshine's encoder, its
  greedy transcript, the candidate scoring (and how many phrases, in how many decoder
  runs), the phrase search, moonshine's own search of the grammar (*grammar*), and the rest
  (moonshine's own VAD, bookkeeping);
* the policy (``narrator.voice.policy``) and the parse, timed after.

Figures: the median and p95 of each part over the commands heard right, and of the total;
the eight slowest commands, and the five slowest split into their parts (where a p95 goes).
Processing is timed with ``time.process_time`` (CPU time: the machine is shared).
``--accuracy clean,15 dB`` runs the main benchmark's in-state accuracy and latency instead
(right first time, silent wrong, asked, rejected), to check a speed-up keeps the figures.
``--baseline`` measures both, in one process, also without the early end of a phrase that
can go on only to the same command (``hardware.phrase_end.PhraseEnds.settled``), or with
``--without alone`` without fused's sure pocketsphinx readings handed on as they are or with
only their numbers checked (``narrator.voice.policy.Policy.alone_reading``; ``--without
numbers``: only the numbers' check left out; ``--without lean_ahead``: all of moonshine
done ahead of a seat's result, not only its numbers check; ``--without near``: every phrase
within 10 nats of the best scored exactly, as before 5 Dec, not only as far down as the
policy reads; ``--without runs``: each transcript and scoring decodes its own prefixes, the
runs on an utterance not kept for the next; ``--without search``: no search of the grammar
by moonshine's own decoder, hardware/grammar_search.py; ``--without choice``: pocketsphinx not
made to choose among moonshine's phrases where the policy refuses, hardware/sphinx/choice.py;
``--without settles``: the third recognizer asked on a doubt pocketsphinx's choice settled;
``--without third``: no third recognizer, hardware/whisper_model.py; ``--without chunk``: the
audio in 0.1 s chunks, the microphone's before 6 Dec, not its 0.05):
in the profile each clip is streamed that way and then this way in turn, so both see the same
load. ``--wake``: each command said after the wake phrase ("storyteller seat six dies"), heard
as the wake-phrase Listener hears it; ``--baseline --without wake``: each command said without
it (open listening, the talk button) and then after it, in turn.
"""
from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import corpus, recognition as rec, verdicts  # noqa: E402
from narrator.voice.policy import Policy  # noqa: E402

PARTS = ("wait", "backlog", "pocketsphinx", "encode", "transcribe", "score", "search", "grammar", "other", "policy")


class Meter:
    """Seconds spent in wrapped callables since the last ``take()``, per part."""

    def __init__(self, timer=time.process_time) -> None:
        self.timer = timer
        self.spent: dict[str, float] = {}
        self.counts: dict[str, int] = {}

    def wrap(self, owner: Any, name: str, part: str, count=None) -> None:
        inner = getattr(owner, name)

        def timed(*args, **kwargs):
            started = self.timer()
            try:
                return inner(*args, **kwargs)
            finally:
                self.spent[part] = self.spent.get(part, 0.0) + self.timer() - started
                if count is not None:
                    self.counts[part] = self.counts.get(part, 0) + count(*args, **kwargs)
        setattr(owner, name, timed)

    def take(self) -> tuple[dict[str, float], dict[str, int]]:
        out = self.spent, self.counts
        self.spent, self.counts = {}, {}
        return out


def instrument(recognizer: Any, meter: Meter) -> None:
    import hardware.moonshine_ahead as ahead
    import hardware.moonshine_backend as mb

    if getattr(recognizer, "source", None) is not None:
        meter.wrap(recognizer.source, "accept", "pocketsphinx")
        meter.wrap(recognizer.source, "flush", "pocketsphinx")
    model = getattr(recognizer, "model", None)
    if hasattr(model, "encoder"):  # moonshine (pocketsphinx's ``model`` is its folder)
        meter.wrap(model, "encode", "encode")
        meter.wrap(model, "transcribe", "transcribe")
        meter.wrap(model, "score", "score", count=lambda states, texts, *a, **k: len(texts))
        meter.wrap(ahead if hasattr(ahead, "nearest") else mb, "nearest", "search")
        import hardware.grammar_search as grammar
        meter.wrap(grammar, "search", "grammar")   # its phrases' scoring after it is "score"
    else:
        meter.wrap(recognizer, "accept", "pocketsphinx")
    meter.wrap(recognizer, "accept", "total")


def early_end(recognizer: Any):
    """pocketsphinx's early end (hardware.phrase_end.EarlyEnd), alone or as fused's source."""
    return getattr(getattr(recognizer, "source", None) or recognizer, "_ends", None)


def _settle(recognizer: Any, on: bool) -> None:
    """Off: only a phrase that cannot go on ends early, one that can only to the same command
    ("undo" / "undo that") waits for the endpointer, as before that rule (the baseline)."""
    ends = early_end(recognizer)
    if ends is not None:
        ends.settle = on


# fused, ``--without near``: phrases scored exactly this far below the best, as before 5 Dec
WIDE_SCORING = 10.0
# ``--without chunk``: the microphone's chunk before 6 Dec (seconds)
OLD_CHUNK_SECONDS = 0.1


def _switch(recognizer: Any, without: str, on: bool, third: Any = None) -> None:
    """The recognizer's parts of a pass: all on (``on``), else all but ``without``'s (the
    settled-phrase early end; fused's lean work ahead of a seat's result, ``lean_ahead``;
    its phrases scored exactly only as far down as the policy reads, ``near``; its decoder
    runs kept for all of an utterance's scoring, ``runs``; its own search of the grammar,
    ``search``; pocketsphinx's choice among its phrases, ``choice``; the third recognizer,
    ``third``, the one the recognizer was made with)."""
    from hardware.grammar_search import SEARCH_RUNS
    from hardware.moonshine_ahead import SCORED_WITHIN_BEST

    _settle(recognizer, on or without != "settle")
    if hasattr(recognizer, "lean_ahead"):
        recognizer.lean_ahead = on or without != "lean_ahead"
    if hasattr(recognizer, "scored_within"):
        recognizer.scored_within = SCORED_WITHIN_BEST if on or without != "near" else WIDE_SCORING
    if hasattr(getattr(recognizer, "model", None), "keep_runs"):
        recognizer.model.keep_runs = on or without != "runs"
    if hasattr(recognizer, "search_runs"):
        recognizer.search_runs = SEARCH_RUNS if on or without != "search" else 0
    if hasattr(recognizer, "choosing"):
        recognizer.choosing = on or without != "choice"
    if hasattr(recognizer, "third"):
        recognizer.third = third if on or without != "third" else None


def _one_clip(recognizer: Any, meter: Meter, language, clip, intents, size: int, policy: Any = None,
              wake: str = ""):
    """The clip streamed on its simulated clock in chunks of ``size`` samples: its row, if its
    command was heard right and acted on at once (else None), and how many phrases were scored."""
    rec.fresh(recognizer, clip)
    clock, row, phrases = 0.0, None, 0
    for index, chunk in enumerate(clip.chunks(size)):
        available = (index + 1) * size / corpus.RATE
        start = max(clock, available)
        meter.take()
        result = recognizer.accept(chunk)
        spent, counts = meter.take()
        clock = start + spent["total"]
        if result is None:
            continue
        started = time.process_time()
        verdict = verdicts.outcome(recognizer, language, [result], clip.expected, intents, wake, policy)
        policy = time.process_time() - started
        if verdict == "right_act":  # heard right and acted on at once only
            known = sum(v for k, v in spent.items() if k != "total")
            row = {"wait": available - clip.speech_end / corpus.RATE, "backlog": start - available,
                   **{p: spent.get(p, 0.0) for p in ("pocketsphinx", "encode", "transcribe", "score", "search", "grammar")},
                   "other": spent["total"] - known, "policy": policy}
            row["total"] = row["wait"] + row["backlog"] + spent["total"] + policy
            row["said"] = clip.text
            phrases = counts.get("score", 0)
        break
    recognizer.flush()
    return row, phrases


def _summary(backend: str, clips: int, rows: list[dict], phrases: list[int]) -> dict[str, Any]:
    out: dict[str, Any] = {"backend": backend, "clips": clips, "heard_right_endpointed": len(rows),
                           "phrases_scored_median": statistics.median(phrases) if phrases else None}
    for part in PARTS + ("total",):
        values = [r[part] for r in rows]
        if values:
            out[part] = {"p50_ms": round(1000 * statistics.median(values), 1),
                         "p95_ms": round(1000 * rec.percentile(values, 95), 1),
                         "mean_ms": round(1000 * statistics.fmean(values), 1)}
    slowest = sorted(rows, key=lambda r: -r["total"])
    out["slowest"] = [(r["said"], round(1000 * r["total"]), round(1000 * r["wait"])) for r in slowest[:8]]
    out["slowest_parts"] = [{"said": r["said"], **{p: round(1000 * r[p]) for p in PARTS if r[p] >= 0.0005}}
                            for r in slowest[:5]]
    return out


def _policy(without: str, on: bool) -> Policy:
    """The policy of a pass: the default (``on``), else without ``without``'s part of it."""
    return Policy(alone=on or without != "alone", numbers_checked=on or without != "numbers",
                  third_act=on or without != "third")


def _alone(recognizer: Any, language, intents, policy: Policy, wake: str = "", settles: bool = True) -> None:
    """Fused: pocketsphinx's sure readings handed on with as little of moonshine as ``policy``
    says (the Listener's hook, ``narrator.voice.policy.Policy.alone_reading``). ``settles``
    False: the third recognizer asked on every doubt, even one pocketsphinx's choice settled
    (the ``doubts`` hook asked again with the choice hidden from it, as before 7 Dec)."""
    if hasattr(recognizer, "alone"):
        recognizer.alone = verdicts.alone_hook(recognizer, language, intents, wake, policy=policy)
        recognizer.doubts = verdicts.doubts_hook(recognizer, language, intents, wake, policy=policy, settles=settles)


def profile(backend: str, per_family: int, step: int, snr: float | None,
            baseline: bool = False, without: str = "settle", wake: bool = False) -> dict[str, Any]:
    """The profile; with ``baseline``, each clip is streamed twice in turn, first without
    ``without`` (``settle``: the settled-phrase early end, ``_settle``; ``alone``, ``numbers``:
    fused's sure readings handed on alone or their numbers checked, ``_alone``; ``wake``: the
    same command said without the wake phrase), then with it: {"baseline": ..., "now": ...}.
    ``wake``: every command said after the wake phrase."""
    from benchmarks.backends import build_language, make_recognizer
    from hardware.recognizer import GrammarSpec
    from narrator.language.pronunciations import load_pronunciations
    from narrator.voice.listener import listen_for_wake

    language = build_language()
    pronunciations = load_pronunciations()
    said = rec.WAKE_PHRASE if wake or without == "wake" else ""
    modes = {"baseline": False, "now": True} if baseline else {"now": True}
    wakes = {mode: "" if mode == "baseline" and without == "wake" else said for mode in modes}
    clips = {w: corpus.command_clips(language, corpus.OUT / "corpus", per_family, snr, prefix=w)[::step]
             for w in set(wakes.values())}
    recognizer = make_recognizer(backend)
    third = getattr(recognizer, "third", None)
    meter = Meter()
    instrument(recognizer, meter)
    size = int(round(rec.CHUNK_SECONDS * corpus.RATE))
    sizes = {"baseline": int(round(OLD_CHUNK_SECONDS * corpus.RATE)) if without == "chunk" else size, "now": size}
    rows: dict[str, list[dict[str, float]]] = {mode: [] for mode in modes}
    phrases: dict[str, list[int]] = {mode: [] for mode in modes}
    groups: dict[tuple[frozenset[str], int | None], list[int]] = {}
    for index, clip in enumerate(clips[said]):   # the same commands, with the wake phrase or not
        groups.setdefault(rec.grammar_state(clip.expected, language), []).append(index)
    for (intents, most_seats), group in groups.items():
        grammars = {w: GrammarSpec.from_data(language.grammar(sorted(intents), prefix=w, most_seats=most_seats),
                                             pronunciations) for w in clips}
        heard = None
        for index in group:
            for mode, on in modes.items():
                if heard != wakes[mode]:
                    heard = wakes[mode]
                    listen_for_wake(recognizer, heard)   # as its Listener sets it
                    recognizer.set_grammar(grammars[heard])
                _switch(recognizer, without, on, third)
                policy = _policy(without, on)
                _alone(recognizer, language, intents, policy, heard, on or without != "settles")
                row, scored = _one_clip(recognizer, meter, language, clips[heard][index], intents, sizes[mode],
                                        policy, heard)
                if row is not None:
                    rows[mode].append(row)
                    phrases[mode].append(scored)
    _switch(recognizer, without, True, third)
    total = len(clips[said])
    out = {mode: _summary(backend, total, rows[mode], phrases[mode]) for mode in modes}
    return out if baseline else out["now"]


def accuracy(backend: str, per_family: int, step: int, conditions: list[str],
             baseline: bool = False, without: str = "settle") -> dict[str, Any]:
    """The main run's in-state accuracy and latency (``recognition.accuracy_in_state``) on the
    same clips, CPU-timed (the machine is shared): right first time, silent wrong, asked,
    rejected, p50 / p95 end of speech to command. ``baseline``: each condition also without
    ``without`` first (as :func:`profile`)."""
    from benchmarks.backends import build_language, make_recognizer
    from narrator.language.pronunciations import load_pronunciations

    language = build_language()
    pronunciations = load_pronunciations()
    recognizer = make_recognizer(backend)
    third = getattr(recognizer, "third", None)
    out: dict[str, Any] = {}
    for name in conditions:
        for mode in ("baseline", "now") if baseline else ("now",):
            _switch(recognizer, without, mode == "now", third)
            key = f"{name}, {mode}" if baseline else name
            policy = _policy(without, mode == "now")
            out[key] = _accuracy_row(recognizer, language, pronunciations, backend, key, name, per_family, step,
                                     policy)
    _switch(recognizer, without, True, third)
    return out


def _accuracy_row(recognizer, language, pronunciations, backend: str, key: str, name: str,
                  per_family: int, step: int, policy: Any = None) -> dict[str, Any]:
    snr = None if name == "clean" else float(name.split()[0])
    clips = corpus.command_clips(language, corpus.OUT / "corpus", per_family, snr)[::step]
    r = rec.accuracy_in_state(recognizer, language, clips, pronunciations, timer=time.process_time, policy=policy)
    v = r["verdicts"]
    row = {"n": r["n"], "right_first": v["right_first_time"], "silent_wrong": v["wrong_act"],
           "asked": v["asked"], "rejected": v["rejected"], **r["latency"], "rtf": r["rtf"]}
    print(f"{backend} {key} (n={r['n']}): right first {100 * v['right_first_time']:.1f} %, silent wrong "
          f"{v['wrong_act']}, asked {v['asked']}, rejected {v['rejected']}; p50 / p95 "
          f"{r['latency'].get('p50_ms')} / {r['latency'].get('p95_ms')} ms (n={r['latency'].get('n')}), "
          f"RTF {r['rtf']:.2f}", flush=True)
    return row


def _print_profile(out: dict[str, Any], mode: str = "") -> None:
    print(f"{out['backend']}{' (' + mode + ')' if mode else ''}: {out['heard_right_endpointed']} of "
          f"{out['clips']} clips heard right and endpointed; phrases scored per command, median "
          f"{out['phrases_scored_median']}")
    print(f"{'part':14} {'p50 ms':>8} {'p95 ms':>8} {'mean ms':>8}")
    for part in PARTS + ("total",):
        if part in out:
            f = out[part]
            print(f"{part:14} {f['p50_ms']:8.1f} {f['p95_ms']:8.1f} {f['mean_ms']:8.1f}")
    print("slowest (said, total ms, wait ms):", out["slowest"])
    for parts in out.get("slowest_parts", []):
        print("  " + parts["said"] + ": " + ", ".join(f"{k} {v}" for k, v in parts.items() if k != "said"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.latency_profile",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--backend", default="fused")
    parser.add_argument("--per-family", type=int, default=2)
    parser.add_argument("--step", type=int, default=1, help="every step-th clip only")
    parser.add_argument("--snr", type=float, default=None, help="babble at this SNR (default clean)")
    parser.add_argument("--json", default="")
    parser.add_argument("--baseline", action="store_true", help="also without --without (each clip in turn, one "
                        "process): the figures before it, and the ratios")
    parser.add_argument("--wake", action="store_true", help=f"each command said after {rec.WAKE_PHRASE!r}")
    parser.add_argument("--without", choices=("settle", "alone", "numbers", "lean_ahead", "near", "runs", "search",
                                              "choice", "settles", "third", "chunk", "wake"),
                        default="settle", help="what the baseline lacks: the settled-phrase early end, fused's "
                        "sure pocketsphinx readings handed on alone, only a seat's numbers checked ahead, or "
                        f"phrases scored exactly only as far down as the policy reads (else {WIDE_SCORING:g} nats), "
                        "or the decoder's runs on an utterance kept for all its scoring, or moonshine's own "
                        "search of the grammar, or pocketsphinx's choice, or its choice settling a doubt "
                        "without the third recognizer, or the third recognizer, or the "
                        f"audio in chunks of {OLD_CHUNK_SECONDS:g} s, not the microphone's, or the wake "
                        "phrase (each command said without it, then after it)")
    parser.add_argument("--accuracy", default="", help="instead: the in-state accuracy and latency in these "
                        "conditions (comma-separated: clean, 20 dB, 15 dB, 10 dB)")
    args = parser.parse_args(argv)
    if args.accuracy and (args.wake or args.baseline and args.without in ("chunk", "wake")):
        parser.error("the wake phrase and --without chunk are for the profile only (benchmarks.readings "
                     "decodes the verdicts: --wake)")
    if args.accuracy:
        out = accuracy(args.backend, args.per_family, args.step, args.accuracy.split(","), args.baseline,
                       args.without)
        if args.json:
            Path(args.json).write_text(json.dumps(out, indent=1))
        return 0
    out = profile(args.backend, args.per_family, args.step, args.snr, args.baseline, args.without, args.wake)
    for mode, figures in (out.items() if args.baseline else [("", out)]):
        _print_profile(figures, mode)
    if args.baseline:
        for part in ("wait", "total"):
            before, now = out["baseline"].get(part), out["now"].get(part)
            if before and now:
                print(f"{part}: now / baseline, p50 {now['p50_ms'] / before['p50_ms']:.2f}, "
                      f"p95 {now['p95_ms'] / before['p95_ms']:.2f}")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
