"""``narrator say [--channel public|private] [--out FILE.wav] TEXT``: speak or render one line.

A new line in TEXT is a pause (``statemachine.speech.PAUSE``), rendered as table mode's
speech queue renders an earpiece line's: the part before it, a silence, the rest.

The engine, voice, rate, volume and device come from the configuration ([audio], [voice]),
like table mode; the command's flags override them for the chosen channel. A Piper voice
the configuration asks for but this machine lacks falls back to espeak-ng (with a warning);
one asked for here with ``--engine piper`` is an error instead.
"""
from __future__ import annotations

import argparse
import sys
from dataclasses import replace

from hardware.piper_tts import piper_unavailable_reason
from narrator.cli import UsageError
from narrator.cli.config import add_config_arguments, config_from_args
from narrator.speech.cache import DEFAULT_ENGINE, PromptCache
from narrator.speech.config import speech_settings
from narrator.speech.engines import ENGINES, PIPER, choose_engines
from narrator.speech.queue import open_narration
from narrator.speech.settings import SpeechSettings
from statemachine.speech import PAUSE


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "say", help="speak a line (or write it to a WAV file)",
        description="Speak TEXT on a channel, or render it to a WAV file with --out.",
    )
    parser.add_argument("text", nargs="+", metavar="TEXT", help="the words to say")
    parser.add_argument("--channel", choices=("public", "private"), default="public",
                        help="which output and voice settings to use (default: public)")
    parser.add_argument("--out", metavar="FILE.wav", help="write the audio here instead of playing")
    parser.add_argument("--device", help="output device name (substring) for the channel")
    parser.add_argument("--engine", choices=ENGINES,
                        help="speech engine: espeak (espeak-ng) or piper (a neural voice)")
    parser.add_argument("--voice", help="espeak-ng voice, e.g. en-us or gmw/en-gb-x-rp; with "
                                        "the piper engine, a Piper .onnx voice file")
    parser.add_argument("--rate", type=int, help="words per minute")
    parser.add_argument("--volume", type=float, help="0.0 to 1.0")
    add_config_arguments(parser)
    parser.set_defaults(func=run)


def settings_for(args: argparse.Namespace) -> SpeechSettings:
    """The configured speech settings with this command's overrides for the chosen channel."""
    if args.rate is not None and not 40 <= args.rate <= 600:
        raise UsageError(f"--rate must be between 40 and 600 words per minute, not {args.rate}")
    if args.volume is not None and not 0.0 <= args.volume <= 1.0:
        raise UsageError(f"--volume must be between 0.0 and 1.0, not {args.volume}")
    ch = args.channel
    settings = speech_settings(config_from_args(args))
    changes = {f"{ch}_{key}": value for key, value in
               (("device", args.device), ("engine", args.engine), ("rate", args.rate),
                ("volume", args.volume)) if value is not None}
    if args.voice is not None:
        engine = args.engine or settings.engine(ch)
        changes["piper_voice" if engine == PIPER else f"{ch}_voice"] = args.voice
    if args.device is not None:
        changes["enabled"] = True  # a device named here wins over "none" in the config
    settings = replace(settings, **changes)
    if args.engine == PIPER:
        why = piper_unavailable_reason(settings.piper_voice)
        if why:
            raise UsageError(f"cannot speak with piper: {why}")
    return settings


def run(args: argparse.Namespace) -> int:
    text = " ".join(args.text).strip()
    if not text:
        raise UsageError("nothing to say")
    settings = settings_for(args)
    if args.out:
        if not args.out.lower().endswith(".wav"):
            raise UsageError("--out must name a .wav file")
        return _render(text, args.out, settings, args.channel)
    narration = open_narration(settings, sys.stdout)
    print(narration.describe(), file=sys.stderr)
    try:
        narration.say(args.channel, text)
        narration.wait_idle(120)
    finally:
        narration.close()
    return 0


def _render(text: str, out: str, settings: SpeechSettings, channel: str) -> int:
    from hardware.tts import Synthesizer, TtsError

    other = "private" if channel == "public" else "public"
    # Only this channel's engine matters here: the other one is not started.
    settings = replace(settings, **{f"{other}_engine": DEFAULT_ENGINE})
    engines = choose_engines(settings, Synthesizer())
    for warning in engines.warnings:
        print(f"narrator: {warning}", file=sys.stderr)
    spec = engines.settings.spec(channel)  # type: ignore[arg-type]
    synthesizer = engines.synthesizers[spec.engine]
    try:
        if PAUSE in text:   # a line with pauses, rendered as the speech queue renders it
            from hardware.audio_clip import write_wav
            clip = PromptCache(synthesizer, engines=engines.synthesizers).get(text, spec)
            path = write_wav(out, clip)
        else:
            path = synthesizer.synthesize_to_file(text, out, voice=spec.voice, rate=spec.rate,
                                                  volume=spec.volume)
    except TtsError as exc:
        print(f"narrator: cannot synthesize speech: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        raise UsageError(f"cannot write {out}: {exc}") from None
    print(f"wrote {path} ({synthesizer.describe()})")
    return 0
