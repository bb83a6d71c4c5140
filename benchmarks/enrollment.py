"""Enrollment: what a speaker profile (``narrator enroll``) does for the voice it was made from.

Per voice family (espeak-ng, flite, Piper's natural voice, hibari's): one voice of the family says the
thirty enrollment prompts (narrator.language.enrollment) clean, a profile is built from them
exactly as ``narrator enroll --from DIR`` builds one (narrator.voice.enroll.build_profile),
and the same voice then says *other* phrases (the benchmark's seeded sample of every phrase
family, less any phrase that is a prompt) in every condition: clean, 20, 15 and 10 dB table
babble. Each clip is decoded with the grammar of a game state where its command is expected
(benchmarks.recognition.accuracy_in_state), by each backend with and without the profile, on
the same clips in the same run; the profile's thresholds are the policy's where it sets any.

Errors = wrong + asked + rejected: every clip not acted on at once as the right command
(a destructive command asked counts as right: it is always asked). The issue's target:
errors at least 30 % fewer with the profile in every condition.

    python -m benchmarks.enrollment [--quick] [--backends pocketsphinx,fused] [--jobs 2]
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import corpus  # noqa: E402
from benchmarks import recognition as rec  # noqa: E402
from benchmarks.corpus import Clip, Voice  # noqa: E402

CONDITIONS: tuple[tuple[str, float | None], ...] = (("clean", None), ("20 dB", 20.0), ("15 dB", 15.0),
                                                    ("10 dB", 10.0))
# One voice per family: enrolled on, and tested on (the profile is that speaker's).
FAMILY_VOICES: tuple[Voice, ...] = (Voice("espeak", "en-us", 150), Voice("flite", "slt"), Voice("piper", "joe", 100),
                                    Voice("hibari", "heart", 100))
TARGET = 0.30   # errors at least this much fewer with the profile
TEXT_SEED = 42  # the held-out phrases: another sample than the benchmark's (seed 3) and the prompts


def log(message: str) -> None:
    print(f"[enrollment {time.strftime('%H:%M:%S')}] {message}", file=sys.stderr, flush=True)


def voices(families: tuple[str, ...] = ()) -> list[Voice]:
    from benchmarks import hibari_voice

    return [v for v in FAMILY_VOICES if (v.engine != "piper" or corpus.piper_available())
            and (v.engine != "hibari" or hibari_voice.available()) and (not families or v.engine in families)]


def enroll(voice: Voice, cache: Path, out: Path) -> Any:
    """The profile ``narrator enroll --from`` would build from this voice's clean prompts."""
    from narrator.language.enrollment import PROMPTS
    from narrator.voice.enroll import Recording, build_profile

    rng = np.random.default_rng(1)
    folder = out / f"prompts-{voice.engine}-{voice.name}"
    recordings = []
    for index, prompt in enumerate(PROMPTS):
        samples, _, _ = corpus.make_clip(corpus.tts(prompt, voice, cache), None, None, rng)
        recordings.append(Recording(prompt, corpus.write_wav(folder / f"{index + 1:02d}.wav", samples)))
    return build_profile(recordings, out=out / f"profile-{voice.engine}-{voice.name}", cache=out / "base-model")


def held_out(language: Any, voice: Voice, cache: Path, snr: float | None, per_family: int, step: int) -> list[Clip]:
    from narrator.language.enrollment import PROMPTS

    noise = corpus.babble(cache) if snr is not None else None
    rng = np.random.default_rng(7 + int(snr or 0))
    clips = []
    texts = [t for t in corpus.command_texts(language, per_family, TEXT_SEED) if t[1] not in PROMPTS][::step]
    for family, text, expected in texts:
        samples, start, end = corpus.make_clip(corpus.tts(text, voice, cache), noise, snr, rng)
        clips.append(Clip(text, str(voice), samples, start, end, expected, family))
    return clips


def make(backend: str, profile: Any) -> Any:
    from benchmarks.backends import make_recognizer, sphinx

    if backend == "pocketsphinx":
        return sphinx(**(profile.recognizer_options() if profile is not None else {}))
    from hardware.moonshine_backend import MoonshineRecognizer

    source = sphinx(**(profile.recognizer_options() if profile is not None else {}))
    return MoonshineRecognizer(source=source) if backend == "fused" else make_recognizer(backend)


def task(job: tuple) -> dict[str, Any]:
    """One (voice, condition, backend) run: the same clips without and with the profile."""
    from benchmarks.backends import build_language
    from narrator.language.pronunciations import load_pronunciations
    from narrator.voice.policy import Policy
    from narrator.voice.profile import load_profile

    voice_text, condition, snr, backend, profile_dir, per_family, step = job
    voice = next(v for v in FAMILY_VOICES if str(v) == voice_text)
    language = build_language()
    cache = corpus.OUT / "corpus"
    clips = held_out(language, voice, cache, snr, per_family, step)
    profile = load_profile(profile_dir)
    out: dict[str, Any] = {"voice": voice_text, "condition": condition, "backend": backend, "n": len(clips)}
    for label, used in (("without", None), ("with", profile)):
        log(f"{backend} {voice_text} {condition} {label} the profile (n={len(clips)})")
        policy = Policy(**used.policy_options()) if used is not None and used.policy_options() else None
        result = rec.accuracy_in_state(make(backend, used), language, clips, load_pronunciations(), policy=policy)
        v = result["verdicts"]
        out[label] = {k: v[k] for k in ("right_act", "right_ask_destructive", "right_ask_unsure", "wrong_act",
                                        "wrong_ask", "rejected")}
        out[label]["errors"] = len(clips) - v["right_act"] - v["right_ask_destructive"]
        out[label]["within_one_answer"] = v["right_act"] + v["right_ask_destructive"] + v["right_ask_unsure"]
    return out


def reduction(row: dict[str, Any]) -> float:
    before, after = row["without"]["errors"], row["with"]["errors"]
    return (before - after) / before if before else 0.0


def run(quick: bool = False, backends: tuple[str, ...] = ("pocketsphinx",), jobs: int = 2,
        work: Path | None = None, partial: Path | None = None, families: tuple[str, ...] = ()) -> dict[str, Any]:
    """Every row, and the profiles' build times (written to ``partial`` as each row comes)."""
    cache = corpus.OUT / "corpus"
    per_family, step = (2, 6) if quick else (2, 2)
    work = work or Path(tempfile.mkdtemp(prefix="enrollment-", dir=corpus.OUT if corpus.OUT.is_dir() else None))
    profiles, built = {}, {}
    for voice in voices(families):
        started = time.perf_counter()
        profiles[str(voice)] = enroll(voice, cache, work)
        built[str(voice)] = round(time.perf_counter() - started, 1)
        log(f"profile for {voice}: {built[str(voice)]} s")
    language = None
    for voice in voices(families):  # synthesize every clip once, before the workers share the cache
        from benchmarks.backends import build_language
        language = language or build_language()
        for _, snr in CONDITIONS:
            held_out(language, voice, cache, snr, per_family, step)
    jobs_list = [(str(v), name, snr, backend, str(profiles[str(v)].path), per_family, step)
                 for v in voices(families) for name, snr in CONDITIONS for backend in backends]
    figures: dict[str, Any] = {"rows": [], "build_seconds": built, "per_family": per_family, "step": step}
    with ProcessPoolExecutor(max_workers=max(1, jobs)) as pool:
        for row in pool.map(task, jobs_list):
            figures["rows"].append(row)
            if partial is not None:
                partial.write_text(json.dumps(figures, indent=2, default=str) + "\n")
    return figures


def add_rows(table: Any, figures: dict[str, Any]) -> None:
    """The benchmark table's rows: per backend, family and condition, errors without -> with."""
    for row in figures["rows"]:
        family = corpus.family_of(row["voice"])
        cut = reduction(row)
        table.add("enrollment", f"{row['backend']} {family} {row['condition']}: errors without -> with the "
                  f"profile (n={row['n']})",
                  f"{row['without']['errors']} -> {row['with']['errors']} ({100 * cut:.0f}% fewer)",
                  "", f">= {100 * TARGET:.0f}% fewer", cut >= TARGET)
        table.add("enrollment", "  silent wrong without / with; right within one answer without / with",
                  f"{row['without']['wrong_act']} / {row['with']['wrong_act']}; "
                  f"{row['without']['within_one_answer']} / {row['with']['within_one_answer']}")


class Rows:
    """Prints the rows ``add_rows`` gives (python -m benchmarks puts them in its own table)."""

    def add(self, section: str, figure: str, value: Any, unit: str = "", target: str = "",
            passed: bool | None = None) -> None:
        verdict = "" if passed is None else ("  pass" if passed else "  MISS")
        print(f"{figure:<72} {value}{unit}  {target}{verdict}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.enrollment", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="half the held-out phrases")
    parser.add_argument("--backends", default="pocketsphinx", help="comma-separated: pocketsphinx, fused")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--families", default="", help="comma-separated voice families (default all): "
                                                       "espeak, flite, piper")
    parser.add_argument("--json", default=str(corpus.OUT / "enrollment.json"))
    args = parser.parse_args(argv)
    missing = corpus.tools_missing()
    if missing:
        print("needs " + ", ".join(missing), file=sys.stderr)
        return 1
    started = time.perf_counter()
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    figures = run(args.quick, tuple(b.strip() for b in args.backends.split(",") if b.strip()), args.jobs,
                  partial=Path(args.json), families=tuple(f for f in args.families.split(",") if f))
    figures["seconds"] = round(time.perf_counter() - started, 1)
    table = Rows()
    add_rows(table, figures)
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    Path(args.json).write_text(json.dumps(figures, indent=2, default=str) + "\n")
    print(f"\n{figures['seconds']:.0f} s; figures in {args.json}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
