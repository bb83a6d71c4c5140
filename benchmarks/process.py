"""A narrator process for the memory and start-up figures, run as a subprocess:

    python -m benchmarks.process --backend pocketsphinx|vosk|moonshine|fused [--model DIR] [--clip FILE.wav]
                                 [--public-engine espeak|piper]

It loads what a listening narrator holds: the command language of Trouble Brewing for 20
seats, the recognizer with the full grammar, and the speech queue (pyttsx3 synthesizer, and
Piper for the public channel with ``--public-engine piper``, as on the Pi; mock output
devices), then prints one JSON line ``{"ready_s": ...}`` (seconds since the
interpreter started), decodes the clip if given (so the decoder's working memory counts),
and prints a last JSON line with the peak RSS (``ru_maxrss`` and /proc VmHWM). A long clip
(hundreds of commands one after the other) is a long session: the RSS after each 50 results
is printed too (``rss_kb_points``, ``--every N`` samples every N results instead), so growth from call to
call shows; ``--repeat K`` plays the clip K times over in one stream (a 1,000-command session
from a shorter recording: benchmarks/session_memory.py).
"""
from __future__ import annotations

import argparse
import io
import json
import resource
import sys
import time
from pathlib import Path

import numpy as np

STARTED = time.perf_counter()
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def vm_hwm_kb() -> int | None:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    except OSError:
        pass
    return None


def vm_rss_kb() -> int | None:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    except OSError:
        pass
    return None


def played(source, times: int):
    """The source's chunks, ``times`` over, made as they are played (a list of them all would
    be the largest thing in a long session's memory)."""
    size = source.chunk_samples
    samples = source.samples
    for _ in range(max(1, times)):
        for start in range(0, len(samples), size):
            chunk = samples[start:start + size]
            if len(chunk) < size:
                chunk = np.concatenate([chunk, np.zeros(size - len(chunk), dtype=np.int16)])
            yield chunk.tobytes()


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--backend", choices=["pocketsphinx", "vosk", "moonshine", "fused"], default="pocketsphinx")
    parser.add_argument("--model", default="")
    parser.add_argument("--clip", default="")
    parser.add_argument("--no-speech", action="store_true", help="leave out the speech queue")
    parser.add_argument("--public-engine", choices=["espeak", "piper"], default="espeak")
    parser.add_argument("--repeat", type=int, default=1, help="play the clip this many times over, one stream")
    parser.add_argument("--every", type=int, default=50, help="RSS after every this many results")
    args = parser.parse_args()

    from characters.scripts import load_script, registry_for
    from hardware.microphone import WavSource
    from hardware.recognizer import GrammarSpec, recognize_stream
    from narrator.language.commands import CommandLanguage
    from narrator.language.pronunciations import load_pronunciations

    script = load_script("Trouble Brewing")
    language = CommandLanguage(registry_for(script), script.ids, 20)
    spec = GrammarSpec.from_data(language.grammar(), pronunciations=load_pronunciations())
    if args.backend == "vosk":
        from hardware.vosk_backend import VoskRecognizer
        recognizer = VoskRecognizer(args.model, spec, require_phrase=False)
    elif args.backend in ("moonshine", "fused"):
        from hardware.moonshine_backend import MoonshineRecognizer
        from hardware.sphinx import SphinxRecognizer
        from hardware.whisper_model import third_recognizer
        source = None
        # fused: its third first, as the app makes it (its load's transient peak while little else is)
        third = third_recognizer() if args.backend == "fused" else None
        if args.backend == "fused":
            if args.model:
                from hardware.vosk_backend import VoskRecognizer
                source = VoskRecognizer(args.model, require_phrase=False)
            else:
                source = SphinxRecognizer(vad_ratio=0.5)
        recognizer = MoonshineRecognizer(spec, source=source)
        recognizer.third = third
    else:
        from hardware.sphinx import SphinxRecognizer
        recognizer = SphinxRecognizer(spec, **({"model": args.model} if args.model else {}))
    narration = None
    if not args.no_speech:
        from hardware.speakers_mock import MockOutputBackend
        from hardware.tts import Synthesizer
        from narrator.speech.queue import open_narration
        from narrator.speech.settings import SpeechSettings
        import tempfile
        settings = SpeechSettings(public_device="speaker", private_device="earpiece",
                                  cache_dir=Path(tempfile.mkdtemp(prefix="narrator-bench-")),
                                  public_engine=args.public_engine)
        narration = open_narration(settings, io.StringIO(), backend=MockOutputBackend(["speaker", "earpiece"]),
                                   synthesizer=Synthesizer())
    print(json.dumps({"ready_s": time.perf_counter() - STARTED}), flush=True)
    heard: list[str] = []
    checkpoints: list[int | None] = []
    if args.clip:
        source = WavSource(args.clip, sample_rate=recognizer.sample_rate, tail=0.5)
        checkpoints = []
        for result in recognize_stream(recognizer, played(source, args.repeat)):
            heard.append(result.text)
            if len(heard) % args.every == 0:
                checkpoints.append(vm_rss_kb())
    if narration is not None:
        narration.say("private", "Wake the Empath.")
        narration.say("public", "Dawn. Everyone, open your eyes. Seat three, Cat, has died.")
        narration.wait_idle(30)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print(json.dumps({"ru_maxrss_kb": usage.ru_maxrss, "vm_hwm_kb": vm_hwm_kb(),
                      "heard": heard if len(heard) <= 5 else len(heard), "rss_kb_points": checkpoints,
                      "rss_every": args.every, "peak_rss_after": vm_hwm_kb(),
                      "speech": narration.describe() if narration is not None else None}), flush=True)
    if narration is not None:
        narration.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
