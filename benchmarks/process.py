"""A narrator process for the memory and start-up figures, run as a subprocess:

    python -m benchmarks.process --backend pocketsphinx [--model DIR] [--clip FILE.wav]
                                 [--public-engine espeak|piper]

It loads what a listening narrator holds: the command language of Trouble Brewing for 20
seats, the recognizer with the full grammar, and the speech queue (pyttsx3 synthesizer, and
Piper for the public channel with ``--public-engine piper``, as on the Pi; mock output
devices), then prints one JSON line ``{"ready_s": ...}`` (seconds since the
interpreter started), decodes the clip if given (so the decoder's working memory counts),
and prints a last JSON line with the peak RSS (``ru_maxrss`` and /proc VmHWM).
"""
from __future__ import annotations

import argparse
import io
import json
import resource
import sys
import time
from pathlib import Path

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


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--backend", choices=["pocketsphinx", "vosk"], default="pocketsphinx")
    parser.add_argument("--model", default="")
    parser.add_argument("--clip", default="")
    parser.add_argument("--no-speech", action="store_true", help="leave out the speech queue")
    parser.add_argument("--public-engine", choices=["espeak", "piper"], default="espeak")
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
    heard = []
    if args.clip:
        source = WavSource(args.clip, sample_rate=recognizer.sample_rate, tail=0.5)
        heard = [r.text for r in recognize_stream(recognizer, source.chunks())]
    if narration is not None:
        narration.say("private", "Wake the Empath.")
        narration.say("public", "Dawn. Everyone, open your eyes. Seat three, Cat, has died.")
        narration.wait_idle(30)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print(json.dumps({"ru_maxrss_kb": usage.ru_maxrss, "vm_hwm_kb": vm_hwm_kb(), "heard": heard,
                      "speech": narration.describe() if narration is not None else None}), flush=True)
    if narration is not None:
        narration.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
