"""Run every benchmark, print one table of figures against their targets, write JSON.

    python -m benchmarks [--quick] [--vosk-model DIR] [--only recognition,enrollment,speech,memory,engine,journal,crash,picture,night]

Figures go to ``benchmarks/out/results.json``; synthesized audio is cached under
``benchmarks/out/corpus/`` so a rerun starts decoding at once. See docs/performance.md.
"""
from __future__ import annotations

import argparse
import json
import math
import platform
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks import corpus, engine  # noqa: E402
from benchmarks import crash as crash_bench  # noqa: E402
from benchmarks import journal as journal_bench  # noqa: E402
from benchmarks import recognition as rec  # noqa: E402
from benchmarks import verdicts  # noqa: E402
from benchmarks.backends import build_language, make_recognizer, sphinx  # noqa: E402

SECTIONS = ("recognition", "enrollment", "speech", "memory", "engine", "journal", "crash", "picture",
            "night")
CONDITIONS: tuple[tuple[str, float | None], ...] = (("clean", None), ("20 dB", 20.0), ("15 dB", 15.0),
                                                    ("10 dB", 10.0))


class Table:
    """Rows of (section, figure, value, target, verdict)."""

    def __init__(self) -> None:
        self.rows: list[dict[str, Any]] = []

    def add(self, section: str, figure: str, value: float | str | None, unit: str = "",
            target: str = "", passed: bool | None = None) -> None:
        if isinstance(value, float):
            shown = "n/a" if math.isnan(value) else (f"{value:.3g}" if abs(value) < 100 else f"{value:.0f}")
        else:
            shown = "n/a" if value is None else str(value)
        verdict = "" if passed is None else ("pass" if passed else "MISS")
        self.rows.append({"section": section, "figure": figure, "value": value, "shown": f"{shown}{unit}",
                          "target": target, "verdict": verdict})

    def print(self) -> None:
        widths = [max(len(r[k]) for r in self.rows + [{"section": "section", "figure": "figure",
                                                       "shown": "value", "target": "target",
                                                       "verdict": ""}])
                  for k in ("section", "figure", "shown", "target")]
        header = ("section", "figure", "value", "target")
        print("  ".join(h.ljust(w) for h, w in zip(header, widths)) + "  verdict")
        print("  ".join("-" * w for w in widths) + "  -------")
        for r in self.rows:
            cells = (r["section"], r["figure"], r["shown"], r["target"])
            print("  ".join(c.ljust(w) for c, w in zip(cells, widths)) + "  " + r["verdict"])


def pct(x: float) -> float:
    return 100.0 * x


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# --- sections ----------------------------------------------------------------------------------
def work(task: tuple) -> dict[str, Any]:
    """One run in a worker process: an accuracy run, a gating mode, or wake-phrase accuracy."""
    if task[0] == "gating":
        return gating_task(task[1], *task[2:])
    if task[0] == "wake accuracy":
        return wake_accuracy_task(task[1])
    return accuracy_task(task[1:])


def gating_task(mode: str, backend: str = "pocketsphinx", vosk_model: str = "", step: int = 1) -> dict[str, Any]:
    """False accepts on the chatter clips (every ``step``-th): through the app's Listener when
    it exists."""
    from narrator.language.pronunciations import load_pronunciations

    language = build_language()
    pronunciations = load_pronunciations()
    chatter = corpus.chatter_clips(corpus.OUT / "corpus")[::step]
    spec = rec.grammar_spec(language, pronunciations)
    log(f"gating: {backend} {mode} (n={len(chatter)})")
    if mode == "ungated":
        return rec.false_accepts_direct(make_recognizer(backend, spec, vosk_model=vosk_model), language, chatter,
                                        mode).to_dict()
    Listener = rec.listener_class()
    if backend != "pocketsphinx":
        if Listener is None:
            return {"mode": mode, "via": "none", "n": 0, "false_accepts": 0, "held_for_confirmation": 0}
        intents = list(rec.all_intents(language))
        listener = lambda: Listener(make_recognizer(backend, vosk_model=vosk_model), language,  # noqa: E731
                                    gating=mode, wake_phrase=rec.WAKE_PHRASE, pronunciations=pronunciations,
                                    expected=intents)
        return rec.false_accepts_listener(listener, chatter, mode).to_dict()
    if Listener is not None:
        intents = list(rec.all_intents(language))

        def make_listener():
            return Listener(sphinx(), language, gating=mode, wake_phrase=rec.WAKE_PHRASE,
                            pronunciations=pronunciations, expected=intents)
        try:
            return rec.false_accepts_listener(make_listener, chatter, mode).to_dict()
        except Exception as exc:  # the Listener changed under us: fall back, and say so
            log(f"gating: the Listener failed ({exc!r}); measuring with the grammar directly")
    if mode == "wake_phrase":
        wake_spec = rec.grammar_spec(language, pronunciations, prefix=rec.WAKE_PHRASE)
        return rec.false_accepts_direct(sphinx(wake_spec), language, chatter, mode,
                                        wake=rec.WAKE_PHRASE).to_dict()
    # one press per chatter utterance: the same decode as ungated, release = flush
    return rec.false_accepts_direct(sphinx(spec), language, chatter, mode).to_dict()


def wake_accuracy_task(per_family: int) -> dict[str, Any]:
    """Clean commands said after the wake phrase (the prefix must not cost accuracy)."""
    from narrator.language.pronunciations import load_pronunciations

    language = build_language()
    clips = corpus.command_clips(language, corpus.OUT / "corpus", per_family, None, prefix=rec.WAKE_PHRASE)
    wake_spec = rec.grammar_spec(language, load_pronunciations(), prefix=rec.WAKE_PHRASE)
    log(f"recognition: wake-phrase commands, clean (n={len(clips)})")
    return rec.accuracy(sphinx(wake_spec), language, clips, strip=rec.WAKE_PHRASE)


def accuracy_task(task: tuple) -> dict[str, Any]:
    """One (backend, mode, condition) accuracy run."""
    from narrator.language.pronunciations import load_pronunciations

    backend, mode, name, snr, per_family, step, vosk_model = task
    language = build_language()
    clips = corpus.command_clips(language, corpus.OUT / "corpus", per_family, snr)[::step]
    spec = None if mode == "free-form" else rec.grammar_spec(language, load_pronunciations())
    if mode == "in state":  # the grammar the Listener has where the command is expected
        log(f"recognition: {backend} {mode} {name} (n={len(clips)})")
        started = time.perf_counter()
        result = rec.accuracy_in_state(make_recognizer(backend, vosk_model=vosk_model), language, clips,
                                       load_pronunciations())
        result["seconds"] = round(time.perf_counter() - started, 1)
        return result
    if backend == "vosk":
        from hardware.vosk_backend import VoskRecognizer
        recognizer = VoskRecognizer(vosk_model, spec, require_phrase=False)
    else:
        recognizer = sphinx(spec)
    log(f"recognition: {backend} {mode} {name} (n={len(clips)})")
    started = time.perf_counter()
    result = rec.accuracy(recognizer, language, clips, use_confidence=mode != "free-form")
    result["seconds"] = round(time.perf_counter() - started, 1)
    return result


def moonshine_available() -> bool:
    from hardware.moonshine_model import bundled_model_dir

    try:
        import onnxruntime  # noqa: F401
    except ImportError:
        return False
    return bundled_model_dir() is not None


def scorer_rows(table: Table, c: dict[str, Any], backends: list[str], conditions: list[str]) -> None:
    """Per backend and condition, grammar of the state, what the narrator would do (the
    confirmation policy's verdicts): right and acted on first time, silent wrong (another
    command acted on without asking), asked, rejected; latency and real-time factor; every
    voice family apart, and the voices the thresholds were not chosen on (held out)."""
    for backend in backends:
        for name in conditions:
            r = c.get(f"{backend} in state {name}")
            if r is None:
                continue
            n, v = r["n"], r["verdicts"]
            right_target = {"clean": 0.95, "10 dB": 0.75}.get(name)
            table.add("voice", f"{backend} {name}: right first / silent wrong / asked / rejected (n={n})",
                      f"{pct(v['right_first_time']):.1f} / {pct(v['silent_wrong']):.1f} / {pct(v['asked'] / n):.1f}"
                      f" / {pct(v['rejected'] / n):.1f} %", "",
                      (f">= {pct(right_target):.0f} / <= 1 %" if right_target else "<= 1 % wrong"),
                      v["silent_wrong"] <= 0.01 and (right_target is None or v["right_first_time"] >= right_target))
            families = rec.by_family(r.get("by_voice", {}))
            held = rec.by_family(r.get("by_voice", {}), [voice for voice in r.get("by_voice", {})
                                                         if voice not in corpus.CALIBRATION_VOICES])
            for family, t in sorted(families.items()):
                h = held.get(family, {"n": 0})
                table.add("voice", f"  {family}: right first / silent wrong / asked of {t['n']} "
                          f"(held-out voices: of {h['n']})", f"{first(t)} / {t.get('wrong_act', 0)} / {asked(t)} "
                          f"({first(h)} / {h.get('wrong_act', 0)} / {asked(h)})", "", "<= 1 % wrong",
                          t.get("wrong_act", 0) <= 0.01 * t["n"])
            lat = r["latency"]
            if lat.get("n"):
                table.add("voice", "  end of speech -> command p50 / p95, RTF (cores shared)",
                          f"{lat['p50_ms']:.0f} / {lat['p95_ms']:.0f} ms, {r['rtf']:.3f}", "",
                          "p95 <= 300 ms" if name == "clean" else "",
                          lat["p95_ms"] <= 300 if name == "clean" else None)


def first(t: dict[str, int]) -> int:
    return t.get("right_act", 0) + t.get("right_ask_destructive", 0)


def asked(t: dict[str, int]) -> int:
    return t.get("right_ask_unsure", 0) + t.get("right_ask_destructive", 0) + t.get("wrong_ask", 0)


def recognition(args: argparse.Namespace, table: Table) -> dict[str, Any]:
    from narrator.language.pronunciations import load_pronunciations

    missing = corpus.tools_missing()
    if missing:
        table.add("recognition", "skipped", "needs " + ", ".join(missing))
        return {"skipped": "missing " + ", ".join(missing)}
    cache = corpus.OUT / "corpus"
    language = build_language()
    pronunciations = load_pronunciations()
    per_family = 2 if args.quick else 6
    out: dict[str, Any] = {"script": engine.SCRIPT, "seats": 15, "families": len(language.families),
                           "per_family": per_family, "conditions": {}}
    backends = ["pocketsphinx"] + (["vosk"] if args.vosk_model else [])
    spec = rec.grammar_spec(language, pronunciations)
    clips_by_condition = {}
    for name, snr in CONDITIONS:
        log(f"corpus: commands, {name}")
        clips_by_condition[name] = corpus.command_clips(language, cache, per_family, snr)
    out["utterances"] = len(clips_by_condition["clean"])
    # the baseline: free-form decoding (the model's own n-gram LM), matched by text afterwards;
    # on half the utterances clean, a sixth of them at 10 dB (it decodes slower than real time)
    baseline_conditions = ("clean", "10 dB")
    tasks: list[tuple] = [("accuracy", "pocketsphinx", "in state", name, snr, per_family, 1, "")
                          for name, snr in CONDITIONS]
    # the neural recognizer alone and fused with pocketsphinx (or vosk), same clips, same run
    scorers = ("moonshine", "fused") if moonshine_available() else ()
    scorer_conditions = list(CONDITIONS)
    tasks += [("accuracy", backend, "in state", name, snr, per_family, 1, args.vosk_model)
              for backend in scorers for name, snr in scorer_conditions]
    tasks += [("accuracy", backend, "grammar", name, snr, per_family, 1, args.vosk_model)
              for backend in backends for name, snr in CONDITIONS]
    # (--quick too: at 72 clips each the free-form runs took a third of a quick run's time)
    tasks += [("accuracy", "pocketsphinx", "free-form", name, dict(CONDITIONS)[name], per_family,
               2 if name == "clean" else 6, "") for name in baseline_conditions]
    # false accepts on table chatter, per gating mode; wake-phrase accuracy on clean commands
    corpus.chatter_clips(cache)
    corpus.command_clips(language, cache, 1 if args.quick else 2, None, prefix=rec.WAKE_PHRASE)
    tasks += [("gating", mode) for mode in ("ungated", "wake_phrase", "push_to_talk")]
    tasks += [("gating", mode, backend, args.vosk_model, 1) for backend in scorers
              for mode in ("wake_phrase", "push_to_talk")]
    tasks += [("wake accuracy", 1 if args.quick else 2)]
    log(f"recognition: {len(tasks)} runs on {args.jobs} process(es)")
    gating: dict[str, Any] = {}
    with ProcessPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for task, result in zip(tasks, pool.map(work, tasks)):
            if task[0] == "accuracy":
                out["conditions"][f"{task[1]} {task[2]} {task[3]}"] = result
            elif task[0] == "gating":
                gating[task[1] if len(task) == 2 else f"{task[2]} {task[1]}"] = result
            else:
                out["conditions"]["pocketsphinx wake-phrase clean"] = result
    out["chatter"] = gating["ungated"]["n"]
    out["gating"] = gating
    # latency on a quiet machine: the accuracy runs above share the cores with each other,
    # which would count as processing time; this one runs alone, clean, grammar mode
    log("latency: clean commands, one process")
    latency_run = rec.accuracy(sphinx(spec), language, clips_by_condition["clean"][:: 1 if args.quick else 2])
    out["latency"] = {"n": latency_run["n"], "latency": latency_run["latency"], "rtf": latency_run["rtf"],
                      "ended_by_flush": latency_run["ended_by_flush"]}

    c = out["conditions"]
    for name, _snr in CONDITIONS:
        r = c[f"pocketsphinx in state {name}"]
        target = {"clean": 0.97, "10 dB": 0.90}.get(name)
        table.add("recognition", f"accuracy {name}, grammar of the state (n={r['n']})", pct(r["accuracy"]), "%",
                  f">= {pct(target):.0f}%" if target else "", None if target is None else r["accuracy"] >= target)
        table.add("recognition", f"  wrong command / rejected, {name}", f"{r['wrong']} / {r['rejected']}")
        table.add("recognition", f"  ended by the endpointer itself, {name}", pct(r["self_ended"] / r["n"]), "%")
        if name != "clean" and r["latency"].get("n"):  # clean latency: the row of its own below
            lat = r["latency"]
            table.add("latency", f"  end of speech -> command p50 / p95, {name} (n={lat['n']}, cores shared)",
                      f"{lat['p50_ms']:.0f} / {lat['p95_ms']:.0f} ms")
    for name, _snr in CONDITIONS:  # act / ask / reject (narrator.voice.policy), the baseline backend
        verdicts.add_rows(table, "pocketsphinx", name, c[f"pocketsphinx in state {name}"])
    for name, _snr in CONDITIONS:
        r = c[f"pocketsphinx grammar {name}"]
        table.add("recognition", f"accuracy {name}, whole grammar (n={r['n']})", pct(r["accuracy"]), "%")
        table.add("recognition", f"  wrong command / rejected, {name}", f"{r['wrong']} / {r['rejected']}")
    for backend in backends[1:]:
        for name, _snr in CONDITIONS:
            r = c[f"{backend} grammar {name}"]
            table.add("recognition", f"{backend} accuracy {name}", pct(r["accuracy"]), "%")
    for name in baseline_conditions:
        base, grammar = c[f"pocketsphinx free-form {name}"], c[f"pocketsphinx grammar {name}"]
        table.add("baseline", f"free-form accuracy {name} (n={base['n']})", pct(base["accuracy"]), "%")
        ratio = grammar["accuracy"] / base["accuracy"] if base["accuracy"] else float("inf")
        table.add("baseline", f"grammar / free-form accuracy, {name}", ratio, "x")
    scorer_rows(table, c, ["pocketsphinx"] + list(scorers), [n for n, _ in scorer_conditions])
    w = c["pocketsphinx wake-phrase clean"]
    table.add("recognition", f"wake-phrase accuracy clean (n={w['n']})", pct(w["accuracy"]), "%")
    for mode, g in gating.items():
        if not g.get("n"):
            continue
        limit = 1 if mode.endswith("wake_phrase") else (5 if " " in mode else None)  # per 100 lines
        table.add("gating", f"chatter acted on, {mode} ({g['via']})", f"{g['false_accepts']} / {g['n']}"
                  + (f" (+{g['held_for_confirmation']} asked)" if g["held_for_confirmation"] else ""), "",
                  f"<= {limit} / 100" if limit else "",
                  (100 * g["false_accepts"] / g["n"] <= limit) if limit else None)
    clean = c["pocketsphinx grammar clean"]
    lat = out["latency"]["latency"]
    table.add("latency", f"end of speech -> command p50 (n={lat.get('n', 0)})", lat.get("p50_ms"), " ms")
    table.add("latency", "end of speech -> command p95", lat.get("p95_ms"), " ms", "<= 300 ms",
              lat.get("p95_ms", float("inf")) <= 300)
    table.add("latency", "real-time factor, clean / 10 dB", f"{out['latency']['rtf']:.2f} / {c['pocketsphinx grammar 10 dB']['rtf']:.2f}")
    base_lat = c["pocketsphinx free-form clean"]["latency"]
    table.add("baseline", "free-form latency p95 / RTF", f"{base_lat.get('p95_ms')} ms / "
              f"{c['pocketsphinx free-form clean']['rtf']:.2f}")
    for result in c.values():
        result.pop("latency_values", None)
        result["misses"] = result["misses"][:40]
    if scorers:  # peak RSS over a long session, per backend, the baseline in the same run
        long_session(args, table, out)
    return out


def speech(args: argparse.Namespace, table: Table, **sizes: int) -> dict[str, Any]:
    """Both engines' rows (benchmarks/speech_latency.py); ``sizes`` as its ``section``'s."""
    from benchmarks import speech_latency

    return speech_latency.section(args.quick, table, **sizes)


def narrator_process(backend: str, model: str, clip: str, speech_queue: bool = True,
                     public_engine: str = "espeak", extra: list[str] | None = None) -> dict[str, Any]:
    command = [sys.executable, "-m", "benchmarks.process", "--backend", backend,
               "--public-engine", public_engine, *(extra or [])]
    if model:
        command += ["--model", model]
    if clip:
        command += ["--clip", clip]
    if not speech_queue:
        command.append("--no-speech")
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    first = process.stdout.readline()
    ready_wall = time.perf_counter() - started
    rest, errors = process.communicate(timeout=1800)
    if process.returncode != 0 or not first.strip():
        raise RuntimeError(f"{backend} process failed: {errors.strip()[-500:]}")
    data = {**json.loads(first), **json.loads(rest.strip().splitlines()[-1])}
    data["ready_wall_s"] = ready_wall
    return data


def peak_kb(data: dict[str, Any]) -> int:
    """The process's own peak RSS. VmHWM where /proc has it: Linux carries ru_maxrss over
    fork and exec, so a child of this (large) benchmark process would report the parent's
    peak (283 MB where the narrator's own was 150 MB)."""
    return data.get("vm_hwm_kb") or data["ru_maxrss_kb"]


def memory(args: argparse.Namespace, table: Table) -> dict[str, Any]:
    clip = ""
    if not corpus.tools_missing():
        clip_data = corpus.command_clips(build_language(), corpus.OUT / "corpus", 1, None)[30]
        clip = str(corpus.write_wav(corpus.OUT / "process-clip.wav", clip_data.samples))
    out: dict[str, Any] = {}
    runs = [("pocketsphinx", "")] + ([("vosk", args.vosk_model)] if args.vosk_model else [])
    for backend, model in runs:
        log(f"memory: {backend}")
        try:  # the peak varies from run to run (allocator, grammar compile): keep the worst of 3
            runs3 = [narrator_process(backend, model, clip) for _ in range(3)]
            data = max(runs3, key=peak_kb)
            data["peak_kb_runs"] = [peak_kb(d) for d in runs3]
            data["ready_wall_s"] = sorted(d["ready_wall_s"] for d in runs3)[1]
            bare = narrator_process(backend, model, clip, speech_queue=False)
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            table.add("memory", f"{backend}: failed", str(exc)[:80])
            continue
        out[backend] = {"with_speech": data, "recognizer_only": bare}
        mb = peak_kb(data) / 1024
        table.add("memory", f"peak RSS, {backend} + speech queue (worst of 3)", mb, " MB",
                  "<= 200 MB" if backend == "pocketsphinx" else "",
                  mb <= 200 if backend == "pocketsphinx" else None)
        table.add("memory", f"peak RSS, {backend} alone", peak_kb(bare) / 1024, " MB")
        if backend == "pocketsphinx":
            try:
                piper = narrator_process(backend, model, clip, public_engine="piper")
            except (RuntimeError, subprocess.TimeoutExpired) as exc:
                table.add("memory", "with Piper: failed", str(exc)[:80])
            else:
                out[backend]["with_piper"] = piper
                if "piper" not in (piper.get("speech") or ""):
                    table.add("memory", "with Piper", f"not measured: {piper.get('speech')}")
                else:
                        table.add("memory", f"peak RSS, {backend} + speech queue, Piper for the table",
                              peak_kb(piper) / 1024, " MB")
        table.add("start-up", f"start -> ready to listen, {backend} (median of 3)", data["ready_wall_s"], " s")
    if not args.vosk_model:
        table.add("memory", "vosk", "not measured (no English model here; pass --vosk-model DIR)")
    if not corpus.tools_missing() and moonshine_available() and "recognition" not in args.only.split(","):
        long_session(args, table, out)  # (else the recognition section measured it)
    return out


def long_session(args: argparse.Namespace, table: Table, out: dict[str, Any]) -> None:
    """Peak RSS over a long session: hundreds of commands (clean and in babble) in one stream,
    whole grammar, the speech queue loaded, per backend (the baseline in the same run)."""
    language = build_language()
    conditions = CONDITIONS[::3] if args.quick else CONDITIONS
    clips = [clip for _, snr in conditions
             for clip in corpus.command_clips(language, corpus.OUT / "corpus", 1 if args.quick else 2, snr)]
    stream = np.concatenate([clip.samples for clip in clips])
    path = corpus.write_wav(corpus.OUT / "long-session.wav", stream)
    for backend in ("pocketsphinx", "moonshine", "fused"):
        log(f"memory: {backend}, a session of {len(clips)} commands ({len(stream) / corpus.RATE:.0f} s)")
        try:
            data = narrator_process(backend, "", str(path))
        except (RuntimeError, subprocess.TimeoutExpired) as exc:
            table.add("memory", f"{backend} long session: failed", str(exc)[:80])
            continue
        out.setdefault("long_session", {})[backend] = data
        points = [round(kb / 1024) for kb in data.get("rss_kb_points") or [] if kb]
        table.add("memory", f"peak RSS, {backend} + speech queue, {len(clips)} commands in one session",
                  peak_kb(data) / 1024, " MB", "<= 500 MB (a 2 GB Pi)", peak_kb(data) / 1024 <= 500)
        if points:
            table.add("memory", f"  {backend} RSS after each 50 results (first / last)",
                      f"{points[0]} / {points[-1]} MB")


def engine_section(args: argparse.Namespace, table: Table) -> dict[str, Any]:
    out = engine.run(quick=args.quick)
    nq = out["night_queue"]
    table.add("engine", f"night queue, {nq['players']} players + {nq['travellers']} Travellers, median",
              nq["first_night"]["median_ms"], " ms")
    j = out["journal"]
    table.add("engine", f"rebuild from a {j['events']}-event journal", j["rebuild_s"], " s", "< 0.5 s",
              j["rebuild_s"] < 0.5)
    table.add("engine", "journal append (synchronous=FULL) per event", j["append_per_event_ms"], " ms")
    g = out["full_game"]
    commands = "/".join(str(r["commands"]) for r in g["games"])
    table.add("engine", f"full scripted game, {g['players']} players ({commands} commands)", g["median_s"], " s")
    return out


def journal_section(args: argparse.Namespace, table: Table) -> dict[str, Any]:
    out = journal_bench.run(quick=args.quick)
    for label, row in out["modes"].items():
        table.add("journal", f"write per command, {label}", row["per_command_ms"], " ms",
                  f"x{row['ratio_to_wal']} of WAL")
    target = 1000 * journal_bench.TARGET_S
    sizes = list(out["growth"])
    for events, row in out["growth"].items():
        now, before = row["snapshots"], row.get("replay_all")
        made = row["made"]["played"]
        how = (f"{made.get('refused', 0)} refused, {made.get('questions', 0)} questions, "
               f"{made.get('undos', 0)} undos in the first {row['made']['played'].get('accepted', 0)}")
        full = f"; from the start {before['resume_ms']:.0f} ms" if before else ""
        table.add("journal", f"resume at {now['rows']} events ({now['replayed_on_resume']} "
                  f"replayed; {how}{full})", now["resume_ms"], " ms", f"<= {target:.0f} ms",
                  now["resume_ms"] <= target)
        table.add("journal", f"rejected command at {now['rows']} events", now["rejected_ms"],
                  " ms", f"<= {target:.0f} ms", now["rejected_ms"] <= target)
        walk = row.get("cycle_walk")
        if walk:
            table.add("journal", f"  the worst of {walk['points']} points round one cycle (the "
                      f"faster of 2 tries at each; slowest single try {walk['resume_ms'].get('worst_single', 0):.0f} ms): resume "
                      f"(at most {walk['most_replayed_on_resume']} replayed; journal grown in "
                      f"{row['made'].get('build_s', 0):.0f} s)", walk["resume_ms"]["worst"], " ms",
                      f"<= {target:.0f} ms", walk["resume_ms"]["worst"] <= target)
            table.add("journal", f"  the worst of {walk['points']}: a rejected command (at most "
                      f"{walk['most_replayed_on_rejected']} replayed)", walk["rejected_ms"]["worst"],
                      " ms", f"<= {target:.0f} ms", walk["rejected_ms"]["worst"] <= target)
    if len(sizes) > 1:
        small, large = (out["growth"][k]["snapshots"]["snapshot_store_ms"] for k in
                        (sizes[0], sizes[-1]))
        table.add("journal", f"a snapshot stored at {sizes[-1]} events / at {sizes[0]}",
                  round(large / max(small, 1e-6), 2), "x", "about 1x (independent of length)",
                  large <= 2 * small)
    return out


def crash_section(args: argparse.Namespace, table: Table) -> dict[str, Any]:
    out = crash_bench.run(quick=args.quick)
    table.add("journal", "SIGKILL at random moments, resumed: runs equal to the unkilled one",
              f"{out['passed']} / {out['kills']}", "", "all", out["passed"] == out["kills"])
    table.add("journal", "  of them killed between a held command and its yes",
              out["killed_held"], "", "some", out["killed_held"] > 0)
    table.add("journal", f"  killed while the new game file is linked into place "
              f"({out['after_the_link']} after the link)", out["killed_at_link"], "", "some",
              out["killed_at_link"] > 0)
    for problem in out["problems"]:
        log(f"crash harness: {problem}")
    return out


def picture_section(args: argparse.Namespace, table: Table) -> dict[str, Any]:
    from benchmarks import picture as picture_bench
    out = picture_bench.run(quick=args.quick)
    table.add("picture", f"town square drawn, {out['seats']} seats", out["draw_ms"], " ms",
              f"x{out['draw_per_apply']} of one command")
    table.add("picture", "grimoire --serve redraw (journal copy rebuilt, drawn)",
              out["serve_redraw_ms"], " ms")
    if out["live_max_ms"] is not None:
        table.add("picture", f"live page: command to picture, worst of {out['live_commands']}",
                  out["live_max_ms"], " ms", "< 1000 ms", out["live_max_ms"] < 1000)
    return out


def enrollment_section(args: argparse.Namespace, table: Table) -> dict[str, Any]:
    """A speaker profile per voice family, held-out phrases with and without it (benchmarks.enrollment)."""
    from benchmarks import enrollment
    from hardware.sphinx.adapt import missing_tools

    missing = corpus.tools_missing() + missing_tools()
    if missing:
        table.add("enrollment", "skipped", "needs " + ", ".join(missing))
        return {"skipped": "missing " + ", ".join(missing)}
    backends = ("pocketsphinx",) + (("fused",) if moonshine_available() else ())
    figures = enrollment.run(args.quick, backends, args.jobs)
    enrollment.add_rows(table, figures)
    return figures


def night_section(args: argparse.Namespace, table: Table) -> dict[str, Any]:
    """A whole night by voice through table mode (benchmarks.night_by_voice)."""
    from benchmarks import night_by_voice
    return night_by_voice.section(args, table, log)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (fewer utterances and repeats)")
    parser.add_argument("--vosk-model", default="", help="also measure vosk with this model directory")
    parser.add_argument("--jobs", type=int, default=2,
                        help="processes for the accuracy runs (default 2: the Pi and the test machine "
                             "have two or more cores)")
    parser.add_argument("--only", default=",".join(SECTIONS), help="comma-separated sections to run")
    parser.add_argument("--json", default=str(corpus.OUT / "results.json"), help="where to write the figures")
    args = parser.parse_args(argv)
    wanted = [s.strip() for s in args.only.split(",") if s.strip()]
    unknown = sorted(set(wanted) - set(SECTIONS))
    if unknown:
        parser.error("unknown section(s): " + ", ".join(unknown))
    table = Table()
    results: dict[str, Any] = {"machine": {"python": platform.python_version(), "platform": platform.platform(),
                                           "cpus": __import__("os").cpu_count()},
                               "quick": args.quick, "listener": rec.listener_class() is not None}
    started = time.perf_counter()
    runners = {"recognition": recognition, "enrollment": enrollment_section, "speech": speech,
               "memory": memory, "engine": engine_section, "journal": journal_section,
               "crash": crash_section, "picture": picture_section, "night": night_section}
    for section in SECTIONS:
        if section in wanted:
            began = time.perf_counter()
            results[section] = runners[section](args, table)
            results.setdefault("seconds", {})[section] = round(time.perf_counter() - began, 1)
    results["total_seconds"] = round(time.perf_counter() - started, 1)
    results["table"] = [{k: v for k, v in row.items() if k != "shown"} | {"value": row["shown"]}
                        for row in table.rows]
    table.print()
    print(f"\n{results['total_seconds']:.0f} s in all; figures in {args.json}")
    path = Path(args.json)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(results, indent=2, default=str) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
