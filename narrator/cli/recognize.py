"""``narrator recognize FILE.wav ...``: run a recognizer on recordings, parse with the command language.

Prints one JSON line per file: {"file", "text", "intent", "slots", "confidence", "accepted"}.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from hardware.audio_clip import AudioFileError
from hardware.microphone import WavSource
from hardware.models import find_vosk_model
from hardware.recognizer import GrammarSpec, RecognitionResult, Recognizer, RecognizerError, recognize_stream
from narrator.cli import UsageError
from narrator.cli.commands import language_for
from narrator.language.commands import CommandLanguage
from narrator.language.pronunciations import load_pronunciations


def build_recognizer(backend: str, model: str | None, spec: GrammarSpec) -> Recognizer:
    if backend == "vosk":
        from hardware.vosk_backend import VoskRecognizer

        path = find_vosk_model(model or "en")
        if path is None:
            raise UsageError(f"no vosk model {model or 'en'!r} (run `narrator model download en` or pass --model)")
        recognizer = VoskRecognizer(path, spec)
        if recognizer.missing:
            print("narrator: not in the vosk model's vocabulary (ignored): " + ", ".join(recognizer.missing),
                  file=sys.stderr)
        return recognizer
    from hardware.sphinx import SphinxRecognizer

    return SphinxRecognizer(spec, model=model)


def recognize_file(recognizer: Recognizer, language: CommandLanguage, path: Path) -> dict[str, Any]:
    source = WavSource(path, sample_rate=recognizer.sample_rate, tail=0.5)
    results: list[RecognitionResult] = list(recognize_stream(recognizer, source.chunks()))
    parsed = [(r, language.parse(r.text)) for r in results if r.text]
    # the first utterance that is accepted and parses; else the first that parses; else the first
    ranked = sorted(parsed, key=lambda rc: (not (rc[0].accepted and rc[1] is not None), rc[1] is None))
    if not ranked:
        return {"file": str(path), "text": "", "intent": None, "slots": {}, "confidence": 0.0, "accepted": False}
    result, command = ranked[0]
    return {
        "file": str(path),
        "text": result.text,
        "intent": command.intent if command else None,
        "slots": command.slots if command else {},
        "confidence": round(result.confidence, 3),
        "accepted": bool(result.accepted and command is not None),
    }


def _recognize(args: argparse.Namespace) -> int:
    missing = [f for f in args.files if not Path(f).is_file()]
    if missing:
        raise UsageError("no such file: " + ", ".join(missing))
    language = language_for(args.script, args.seats)
    spec = GrammarSpec.from_data(language.grammar(), pronunciations=load_pronunciations())
    try:
        recognizer = build_recognizer(args.backend, args.model, spec)
    except RecognizerError as exc:
        print(f"narrator: {exc}", file=sys.stderr)
        return 1
    failed = 0
    for name in args.files:
        try:
            result = recognize_file(recognizer, language, Path(name))
        except AudioFileError as exc:
            print(f"narrator: {exc}", file=sys.stderr)
            failed += 1
            continue
        print(json.dumps(result, ensure_ascii=False, default=str), flush=True)
    return 1 if failed else 0


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("recognize", help="recognize commands in WAV recordings (one JSON line each)")
    parser.add_argument("files", nargs="+", metavar="FILE.wav")
    parser.add_argument("--backend", choices=["pocketsphinx", "vosk"], default="pocketsphinx",
                        help="recognizer (default pocketsphinx: works with no download)")
    parser.add_argument("--model", help="vosk: model directory or name (default: the installed 'en'); "
                                        "pocketsphinx: acoustic model directory")
    parser.add_argument("--script", help="script whose characters to name (default: all)")
    parser.add_argument("--seats", type=int, default=12)
    parser.set_defaults(func=_recognize)
