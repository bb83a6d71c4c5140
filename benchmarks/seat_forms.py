"""Which spoken form of a seat number pocketsphinx hears right most often (issue 16, item 2).

Three forms, each decoded with a grammar that holds only that form and seats 1..15:

* ``seat``:   "seat seven", "seat twelve" (the command language's form today);
* ``number``: "number seven", "number twelve";
* ``digits``: "seat seven", two-digit seats digit by digit ("seat one two" for 12,
  "seat one zero" for 10).

Every seat is said by a few voices of each family (espeak-ng, flite, the Piper voice) from
the benchmark's corpus (:mod:`benchmarks.corpus`), clean and mixed with the benchmark's
table babble at 20 and 10 dB; the same clip of a seat gets the same slice of babble in every
form. Each clip is streamed through the real recognizer as the benchmark does
(:func:`benchmarks.recognition.stream`, fresh decoder state per clip). A clip is *right*
when every accepted result names its seat, *wrong* when one names another seat, and
*nothing* when no result was accepted (nothing decoded, low confidence, incomplete phrase).
Each accepted result also goes through the narrator's confirmation policy
(:class:`narrator.voice.policy.Policy`, its defaults for pocketsphinx, as
:mod:`benchmarks.verdicts` applies it): *silent wrong* counts the clips where another seat
would have been acted on without asking, *acted right* those whose seat would have been
acted on at once (the other right ones are asked back: in babble, below the policy's 25 dB,
every one).

    python -m benchmarks.seat_forms                 # three voices a family, about 3 minutes
    python -m benchmarks.seat_forms --voices 5 --seeds 2   # every voice, two babble slices
    python -m benchmarks.seat_forms --voices 1 --forms seat,digits --json out.json
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections import Counter
from typing import Any

import numpy as np

from benchmarks import corpus
from benchmarks.corpus import COMMAND_VOICES, OUT, Clip, Voice, family_of, make_clip, tts
from benchmarks.recognition import stream
from benchmarks.verdicts import floor_of
from hardware.recognizer import GrammarSpec
from narrator.language.commands import Command
from narrator.voice.policy import ACT, Policy

SEATS = range(1, 16)
FORMS = ("seat", "number", "digits")
CONDITIONS: tuple[tuple[str, float | None], ...] = (("clean", None), ("20 dB", 20.0), ("10 dB", 10.0))
DIGITS = "zero one two three four five six seven eight nine".split()
WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
         "fifteen").split()


def spoken(form: str, seat: int) -> str:
    """How ``seat`` is said in ``form``."""
    if form == "seat":
        return f"seat {WORDS[seat]}"
    if form == "number":
        return f"number {WORDS[seat]}"
    if form == "digits":
        return "seat " + " ".join(DIGITS[int(d)] for d in str(seat))
    raise ValueError(f"unknown form {form!r}")


PHRASES: dict[str, dict[str, int]] = {form: {spoken(form, s): s for s in SEATS} for form in FORMS}


def heard_seat(form: str, text: str) -> int | None:
    """The seat a recognizer's text names in ``form`` (None: not a phrase of the form)."""
    return PHRASES[form].get(" ".join(text.lower().split()))


def grammar(form: str) -> GrammarSpec:
    """A JSGF grammar of exactly the form's fifteen phrases."""
    alternatives = " | ".join(f"({p})" for p in PHRASES[form])
    jsgf = f"#JSGF V1.0;\ngrammar seat_{form};\npublic <seat> = {alternatives};\n"
    return GrammarSpec(jsgf=jsgf, phrases=list(PHRASES[form]))


def voices(per_family: int) -> list[Voice]:
    """The first ``per_family`` command voices of each family that can be synthesized here."""
    chosen: list[Voice] = []
    for family in ("espeak", "flite", "piper"):
        chosen += [v for v in corpus.command_voices() if v.engine == family][:per_family]
    return chosen


def clips(form: str, snr_db: float | None, chosen: list[Voice], seeds: int = 1,
          cache=OUT / "corpus") -> list[Clip]:
    """Every seat said in ``form`` by every chosen voice, ``seeds`` times (each with another
    slice of babble and hiss); a clip's babble and hiss depend on the seat, the voice, the
    condition and the seed, not on the form (so seats 1..9, said alike in ``seat`` and
    ``digits``, are the same audio in both: there only the grammar differs)."""
    noise = corpus.babble(cache) if snr_db is not None else None
    out = []
    for voice in chosen:
        for seat in SEATS:
            text = spoken(form, seat)
            speech = tts(text, voice, cache)
            for seed in range(seeds if snr_db is not None else 1):
                rng = np.random.default_rng([seat, COMMAND_VOICES.index(voice), int(snr_db or 0), seed])
                samples, start, end = make_clip(speech, noise, snr_db, rng)
                out.append(Clip(text, str(voice), samples, start, end, {"seat": seat, "seed": seed},
                                family_of(voice)))
    return out


def outcome(form: str, seat: int, texts: list[str]) -> tuple[str, int | None]:
    """("right" | "wrong" | "nothing", the wrong seat heard) from the accepted results' texts."""
    heard = [heard_seat(form, t) for t in texts]
    wrong = [h for h in heard if h != seat]
    if wrong:
        return "wrong", wrong[0]
    return ("right", None) if heard else ("nothing", None)


POLICY = Policy()


def verdict(form: str, result, recognizer) -> str:
    """What the narrator would do with an accepted result: "act", "ask" or "reject"."""
    seat = heard_seat(form, result.text)
    command = Command("choose", {"seat": seat}, " ".join(result.text.lower().split())) if seat else None
    return POLICY.decide(result, command, destructive=False,
                         floor=floor_of(recognizer, result, POLICY.min_confidence)).action


def measure(form: str, condition: str, snr_db: float | None, chosen: list[Voice],
            recognizer, seeds: int = 1) -> list[dict[str, Any]]:
    """One row per clip: family, seat, outcome, the seat heard when wrong, the texts."""
    recognizer.set_grammar(grammar(form))
    rows = []
    for clip in clips(form, snr_db, chosen, seeds):
        results = stream(recognizer, clip).results
        accepted = [r for r, _, _ in results if r.accepted and r.text]
        refused = [r.text for r, _, _ in results if not r.accepted and r.text]
        seat = clip.expected["seat"]
        said, confused = outcome(form, seat, [r.text for r in accepted])
        actions = [(heard_seat(form, r.text), verdict(form, r, recognizer)) for r in accepted]
        rows.append({"form": form, "condition": condition, "family": clip.family, "voice": clip.voice,
                     "seat": seat, "seed": clip.expected["seed"], "outcome": said, "heard": confused,
                     "silent_wrong": any(h != seat and a == ACT for h, a in actions),
                     "acted_right": said == "right" and all(a == ACT for _, a in actions),
                     "accepted": [r.text for r in accepted], "actions": [a for _, a in actions],
                     "refused": refused})
    return rows


def summarize(rows: list[dict[str, Any]]) -> dict[tuple[str, str, str], dict[str, Any]]:
    """(form, condition, family or "all") -> counts and the confusions ("7>2": said 7, heard 2)."""
    table: dict[tuple[str, str, str], dict[str, Any]] = {}
    for row in rows:
        for family in (row["family"], "all"):
            entry = table.setdefault((row["form"], row["condition"], family),
                                     {"n": 0, "right": 0, "wrong": 0, "nothing": 0, "acted_right": 0,
                                      "silent_wrong": 0, "confusions": Counter()})
            entry["n"] += 1
            entry[row["outcome"]] += 1
            entry["acted_right"] += bool(row.get("acted_right"))
            entry["silent_wrong"] += bool(row.get("silent_wrong"))
            if row["outcome"] == "wrong":
                entry["confusions"][f"{row['seat']}>{row['heard']}"] += 1
    return table


def format_table(table: dict[tuple[str, str, str], dict[str, Any]]) -> str:
    families = [f for f in ("espeak", "flite", "piper", "all") if any(k[2] == f for k in table)]
    lines = [f"{'form':7} {'condition':9} {'family':7} {'n':>4} {'right':>11} {'wrong':>10} {'nothing':>10}"
             f" {'acted right':>11} {'silent wrong':>12}  confusions (said>heard x count)"]
    for form in [f for f in FORMS if any(k[0] == f for k in table)]:
        for condition, _ in CONDITIONS:
            for family in families:
                entry = table.get((form, condition, family))
                if entry is None:
                    continue
                n = entry["n"]
                cells = [f"{entry[k]:3d} {100 * entry[k] / n:5.1f}%"
                         for k in ("right", "wrong", "nothing", "acted_right", "silent_wrong")]
                confusions = " ".join(f"{c}x{k}" if k > 1 else c
                                      for c, k in sorted(entry["confusions"].items(), key=lambda x: (-x[1], x[0])))
                lines.append(f"{form:7} {condition:9} {family:7} {n:4d} {cells[0]:>11} {cells[1]:>10} "
                             f"{cells[2]:>10} {cells[3]:>11} {cells[4]:>12}  {confusions}")
        lines.append("")
    return "\n".join(lines)


def by_range(rows: list[dict[str, Any]]) -> str:
    """Right / wrong / nothing per form and condition, seats 1..9 apart from 10..15."""
    lines = ["seats 1..9 and 10..15 apart (right/wrong/nothing, all families):"]
    for condition, _ in CONDITIONS:
        cells = []
        for form in FORMS:
            for low, high in ((1, 9), (10, 15)):
                counts = Counter(r["outcome"] for r in rows if r["form"] == form
                                 and r["condition"] == condition and low <= r["seat"] <= high)
                if counts:
                    cells.append(f"{form} {low}-{high} {counts['right']}/{counts['wrong']}/{counts['nothing']}")
        if cells:
            lines.append(f"  {condition:6} " + "  ".join(cells))
    return "\n".join(lines)


def paired(rows: list[dict[str, Any]], base: str = "seat") -> str:
    """Each form against ``base`` on the same clips (voice, seat, condition, babble slice): how
    many clips only one of the two heard right, and only one heard wrong, with the exact
    two-sided sign-test p of that split (small p: the difference is not chance)."""
    def key(r):
        return r["condition"], r["voice"], r["seat"], r.get("seed", 0)

    outcomes = {form: {key(r): r["outcome"] for r in rows if r["form"] == form} for form in FORMS}
    lines = [f"paired against '{base}' (clips only {base} / only the other form had so; sign-test p):"]
    for form in FORMS:
        if form == base or not outcomes[form] or not outcomes[base]:
            continue
        for condition, _ in CONDITIONS:
            keys = [k for k in outcomes[base] if k[0] == condition and k in outcomes[form]]
            cells = []
            for what in ("right", "wrong"):
                a = sum(outcomes[base][k] == what != outcomes[form][k] for k in keys)
                b = sum(outcomes[form][k] == what != outcomes[base][k] for k in keys)
                cells.append(f"{what} {a}/{b} p={sign_p(a, b):.3f}")
            lines.append(f"  {form:7} {condition:6} " + "   ".join(cells))
    return "\n".join(lines)


def sign_p(a: int, b: int) -> float:
    """Exact two-sided binomial (p = 1/2) probability of a split at least as uneven as a:b."""
    n = a + b
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(a, b) + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.seat_forms", description=__doc__.split("\n")[0])
    parser.add_argument("--voices", type=int, default=3, help="voices per family (default 3)")
    parser.add_argument("--seeds", type=int, default=1, help="babble slices per noisy clip (default 1)")
    parser.add_argument("--forms", default=",".join(FORMS), help="forms to measure, comma-separated")
    parser.add_argument("--json", help="also write every clip's row to this file")
    args = parser.parse_args(argv)
    missing = corpus.tools_missing()
    if missing:
        print("missing tools: " + ", ".join(missing), file=sys.stderr)
        return 2
    chosen = voices(args.voices)
    from benchmarks.backends import sphinx

    recognizer = sphinx()
    started = time.perf_counter()
    rows: list[dict[str, Any]] = []
    for form in args.forms.split(","):
        for condition, snr_db in CONDITIONS:
            rows += measure(form, condition, snr_db, chosen, recognizer, args.seeds)
            print(f"  {form} {condition}: done ({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    print(f"pocketsphinx, one grammar per form (seats 1..15); voices: {', '.join(map(str, chosen))}")
    print(format_table(summarize(rows)))
    print(by_range(rows))
    print(paired(rows))
    print(f"{len(rows)} clips in {time.perf_counter() - started:.0f} s")
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(rows, handle, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
