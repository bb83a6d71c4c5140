"""``narrator enroll``: learn the Storyteller's voice (a speaker profile, narrator.voice.profile).

* ``narrator enroll``: the earpiece says thirty short prompts, one at a time; say each once
  into the microphone you will play with. The profile is built when the last is said.
* ``narrator enroll --from DIR``: the same from recordings (``DIR/prompts.txt`` naming each
  WAV and the words said in it; see narrator.voice.enroll).
* ``narrator enroll --prompts DIR``: write ``DIR/prompts.txt`` (the prompts and the file names
  to record them as), for recording with any tool and ``--from DIR`` afterwards.
* ``narrator enroll --list``: the profiles there are.

The profile goes to ``<data_dir>/profiles/<name>`` (``--name``, default ``storyteller``: the
one used unless ``[recognizer] profile`` names another) or to ``--out DIR``.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from narrator.cli import UsageError
from narrator.cli.config import add_config_arguments, config_from_args
from narrator.language.enrollment import PROMPTS
from narrator.voice.profile import DEFAULT_NAME, ProfileError, find_profile, list_profiles, load_profile


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("enroll", help="learn the Storyteller's voice (a speaker profile)",
                                   description=__doc__.split("\n\n")[0])
    parser.add_argument("--from", dest="source", metavar="DIR",
                        help="build the profile from recordings in DIR (prompts.txt and one WAV each)")
    parser.add_argument("--prompts", metavar="DIR", help="write DIR/prompts.txt to record the prompts by, and stop")
    parser.add_argument("--name", default=DEFAULT_NAME, help=f"the profile's name (default {DEFAULT_NAME})")
    parser.add_argument("--out", metavar="DIR", help="write the profile to DIR instead of the data folder")
    parser.add_argument("--method", choices=("mllr", "map", "mllr+map"), default="map",
                        help="how the model is adapted: map (the default) re-estimates the means the "
                             "prompts reach; mllr, one transform of every mean (docs/enroll.md)")
    parser.add_argument("--list", action="store_true", help="list the profiles and stop")
    add_config_arguments(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from narrator.voice.enroll import build_profile, read_folder, write_prompt_list

    config = config_from_args(args)
    data_dir = config.game.data_dir
    if args.list:
        return _list(data_dir, config.recognizer.profile)
    if args.prompts:
        path = write_prompt_list(Path(args.prompts))
        print(f"wrote {path}: record each line's words into its file, then run "
              f"`narrator enroll --from {args.prompts}`")
        return 0
    if args.source:
        try:
            recordings = read_folder(Path(args.source))
        except ProfileError as exc:
            raise UsageError(str(exc)) from None
    else:
        recordings = _record(config)
    print(f"narrator: adapting the model to {len(recordings)} recordings ...", file=sys.stderr)
    started = time.monotonic()
    try:
        profile = build_profile(recordings, name=args.name, data_dir=data_dir,
                                out=Path(args.out) if args.out else None, method=args.method)
    except ProfileError as exc:
        print(f"narrator: no profile made: {exc}", file=sys.stderr)
        return 1
    print(f"made {profile.describe()} in {time.monotonic() - started:.1f} s: {profile.path}")
    level = profile.calibration
    if level:
        print(f"  your voice at this microphone: {level.get('speech_db')} dB, the room {level.get('room_db')} dB "
              f"({level.get('snr_db')} dB apart)")
    copies = level.get("babble_copies_db")
    if copies:
        print(f"  also learned under table talk: each recording with babble {' and '.join(f'{c:g}' for c in copies)} dB "
              "below your voice")
    elif copies == []:
        print("  learned in quiet only: table babble needs espeak-ng (apt install espeak-ng), then enroll again")
    return 0


def _list(data_dir: str, configured: str) -> int:
    try:
        used = find_profile(configured, data_dir)
    except ProfileError as exc:
        used = None
        print(f"narrator: [recognizer] profile: {exc}", file=sys.stderr)
    paths = list_profiles(data_dir)
    if not paths:
        print("no speaker profiles (run `narrator enroll`)")
    for path in paths:
        try:
            profile = load_profile(path)
        except ProfileError as exc:
            print(f"  {path.name}: {exc}")
            continue
        mark = "*" if used is not None and used.path == profile.path else " "
        print(f"{mark} {profile.describe()}")
    return 0


def _record(config: Any) -> list:
    """The prompts said in the earpiece, each answer recorded from the microphone."""
    import tempfile

    from narrator.speech.config import speech_settings
    from narrator.speech.queue import open_narration
    from narrator.voice.enroll_live import record_prompts

    try:
        from hardware.microphone import MicrophoneSource, MicrophoneUnavailable
    except ImportError as exc:
        raise UsageError(f"no microphone ({exc}); record the prompts with `--prompts DIR` and use `--from DIR`")
    try:
        source = MicrophoneSource(config.audio.microphone or None, sample_rate=16000)
    except (MicrophoneUnavailable, OSError) as exc:
        raise UsageError(f"no microphone ({exc}); record the prompts with `--prompts DIR` "
                         "and use `--from DIR`") from None
    narration = open_narration(speech_settings(config), sys.stdout)
    folder = Path(tempfile.mkdtemp(prefix="narrator-enroll-"))

    def say(line: str) -> None:
        print(line, flush=True)
        narration.say("private", line)
        narration.wait_idle(10.0)

    def chunks():
        while True:
            yield source.queue.get()

    try:
        source.start()
        say(f"{len(PROMPTS)} short phrases. Say each once, as you would at the table.")
        recordings = record_prompts(PROMPTS, chunks(), say, folder, speaking=narration.speaking)
        say("Thank you. Learning your voice now.")
    finally:
        source.stop()
        narration.close()
    if len(recordings) < len(PROMPTS) // 2:
        raise UsageError(f"only {len(recordings)} of {len(PROMPTS)} prompts were heard; check the microphone")
    return recordings
