"""``narrator recognize FILE.wav ...``: run a recognizer on recordings, parse with the command language.

Prints one JSON line per file: {"file", "text", "intent", "slots", "confidence", "accepted",
"action"}; ``action`` is what the narrator would do (act, ask or reject, see
narrator.voice.policy). ``--game FILE`` listens as that game's current step would (the grammar
of what it expects, its seats and script); ``--script`` names only that script's characters.
Each file is a recording of its own: the recognizer forgets what the files before it taught it.
The moonshine and fused backends add the scored ``alternatives`` ([phrase, nats relative to
the free transcript], best first) and the free transcript ``heard``.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, Iterable

from hardware.audio_clip import AudioFileError
from hardware.microphone import WavSource
from hardware.models import find_vosk_model
from hardware.recognizer import GrammarSpec, RecognitionResult, Recognizer, RecognizerError, recognize_stream
from narrator.cli import UsageError, seat_count
from narrator.cli.commands import language_for
from narrator.language.commands import Command, CommandLanguage
from narrator.language.pronunciations import load_pronunciations
from narrator.voice.decoys import decoys, is_decoy
from narrator.voice.listener import GLOBAL_INTENTS
from narrator.voice.hooks import alone_hook
from narrator.voice.policy import REJECT, Policy, Verdict


def build_recognizer(backend: str, model: str | None, spec: GrammarSpec, profile: Any = None) -> Recognizer:
    if backend in ("moonshine", "fused"):
        from narrator.voice.recognizers import make_recognizer

        if backend == "fused" and model and find_vosk_model(model) is not None:
            model = str(find_vosk_model(model))
        recognizer = make_recognizer(backend, model or "", profile=profile)
        recognizer.set_grammar(spec)
        return recognizer
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

    options = profile.recognizer_options() if profile is not None else {}
    if model and "model" in options:
        raise UsageError("--model and a MAP profile both name the acoustic model; give one")
    return SphinxRecognizer(spec, **{"model": model, **options}, vad_ratio=0.5)  # as the app makes it


def recognize_file(recognizer: Recognizer, language: CommandLanguage, path: Path,
                   intents: Iterable[str] | None = None, policy: Policy | None = None, *,
                   expected: frozenset[str] | None = None) -> dict[str, Any]:
    """The file's best result, parsed by the spoken forms among ``intents`` (default all),
    with the policy's verdict (a decoy that ``expected`` lacks is refused, as the listener
    refuses it)."""
    policy = policy or Policy()
    wanted = None if intents is None else frozenset(intents)
    new_stream = getattr(recognizer, "new_stream", None)
    if callable(new_stream):
        new_stream()

    def parse(text: str) -> Command | None:
        return language.parse(text, wanted, spoken=True)

    fused = hasattr(recognizer, "alone")
    if fused:   # as the Listener hears: a sure grammar reading needs little of the neural one
        recognizer.alone = alone_hook(policy, language, parse,
                                      refused=lambda command: expected is not None and is_decoy(command, expected))
    source = WavSource(path, sample_rate=recognizer.sample_rate, tail=0.5)
    results: list[RecognitionResult] = list(recognize_stream(recognizer, source.chunks()))

    parsed = [(r, parse(r.text)) for r in results if r.text]
    # the first utterance that is accepted and parses; else the first that parses; else the first
    ranked = sorted(parsed, key=lambda rc: (not (rc[0].accepted and rc[1] is not None), rc[1] is None))
    if not ranked:
        return {"file": str(path), "text": "", "intent": None, "slots": {}, "confidence": 0.0,
                "accepted": False, "action": REJECT, "reason": "nothing recognized"}
    result, command = ranked[0]
    floor = getattr(recognizer, "confidence_floor", None)
    verdict = policy.decide(result, command, parse=parse, **language.weighed(command),
                            floor=floor(len(result.text.split())) if callable(floor) else None)
    if expected is not None and verdict.action != REJECT and is_decoy(command, expected):
        verdict = Verdict(REJECT, None, "not expected now")
    return {
        "file": str(path),
        "text": result.text,
        "intent": command.intent if command else None,
        "slots": command.slots if command else {},
        "confidence": round(result.confidence, 3),
        "accepted": bool(result.accepted and command is not None),
        "action": verdict.action,
        "reason": verdict.reason,
        **({"alternatives": [[t, v] for t, v in result.alternatives], "heard": result.heard}
           if result.heard else {}),
        **({"snr_db": round(result.snr_db, 1)} if result.snr_db is not None else {}),
        # fused: how much of moonshine the reading had (none, a check of its numbers, all)
        **({"moonshine": "none" if result.second is None else "all" if result.heard else "numbers"}
           if fused else {}),
        **({"second": {"text": result.second.text, "accepted": result.second.accepted,
                       "confidence": round(result.second.confidence, 3)}} if result.second is not None else {}),
    }


def game_language(path: str) -> tuple[CommandLanguage, frozenset[str], frozenset[str], int | None]:
    """The language of a saved game (its script and seats), what the listener hears at its
    current step, what that step expects (the decoys heard are refused where it does not),
    and the most seats it takes (a choice heard with no more)."""
    from narrator.table.games import resume_game
    from statemachine.journal.store import JournalError

    if not Path(path).is_file():
        raise UsageError(f"{path}: no such game file")
    try:
        session = resume_game(Path(path))
    except JournalError as exc:
        raise UsageError(str(exc)) from None
    try:
        game = session.game
        language = CommandLanguage.for_game(game)
        expected = frozenset(game.expected_intents())
        intents = ((expected | frozenset(GLOBAL_INTENTS) | decoys(expected))
                   & frozenset(language.by_intent))
        most_seats = session.most_seats()
    finally:
        session.close()
    return language, intents, expected, most_seats


def _recognize(args: argparse.Namespace) -> int:
    named, args.files = args.files, [str(f) for name in args.files for f in (  # a folder: its WAVs
        sorted(Path(name).glob("*.wav")) if Path(name).is_dir() else [Path(name)])]
    if not args.files:
        raise UsageError("no WAV files in " + ", ".join(named))
    missing = [f for f in args.files if not Path(f).is_file()]
    if missing:
        raise UsageError("no such file: " + ", ".join(missing))
    intents: frozenset[str] | None = None
    expected: frozenset[str] | None = None
    most_seats = None
    if args.game:
        if args.script:
            raise UsageError("--game listens with that game's script; leave out --script")
        language, intents, expected, most_seats = game_language(args.game)
    else:
        language = language_for(args.script, args.seats)
    grammar = language.grammar(None if intents is None else sorted(intents), most_seats=most_seats)
    spec = GrammarSpec.from_data(grammar, pronunciations=load_pronunciations())
    profile = _profile(args)
    if profile is not None and args.backend not in ("pocketsphinx", "fused"):
        raise UsageError(f"a speaker profile adapts pocketsphinx; the {args.backend} backend cannot use it")
    try:
        recognizer = build_recognizer(args.backend, args.model, spec, profile)
    except RecognizerError as exc:
        print(f"narrator: {exc}", file=sys.stderr)
        return 1
    if profile is not None:
        print(f"narrator: {profile.describe()}", file=sys.stderr)
    policy = Policy(**profile.policy_options()) if profile is not None else None
    failed = 0
    for name in args.files:
        try:
            result = recognize_file(recognizer, language, Path(name), intents, policy,
                                    expected=expected)
        except AudioFileError as exc:
            print(f"narrator: {exc}", file=sys.stderr)
            failed += 1
            continue
        print(json.dumps(result, ensure_ascii=False, default=str), flush=True)
    return 1 if failed else 0


def _profile(args: argparse.Namespace) -> Any:
    """The speaker profile ``--profile`` names (a name in the data folder, or a directory;
    "none" or absent: none)."""
    if not args.profile or args.profile == "none":
        return None
    from narrator.config import ConfigError, load_config
    from narrator.voice.profile import ProfileError, find_profile

    try:
        data_dir = load_config().game.data_dir
    except ConfigError:
        from narrator.config import GameConfig
        data_dir = GameConfig().data_dir
    try:
        return find_profile(args.profile, data_dir)
    except ProfileError as exc:
        raise UsageError(str(exc)) from None


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser("recognize", help="recognize commands in WAV recordings (one JSON line each)")
    parser.add_argument("files", nargs="+", metavar="FILE.wav",
                        help="a recording, or a folder: each WAV file in it, in name order")
    parser.add_argument("--backend", choices=["pocketsphinx", "vosk", "moonshine", "fused"], default="pocketsphinx",
                        help="recognizer (default pocketsphinx: works with no download); moonshine: the "
                             "neural model scores the grammar's phrases; fused: pocketsphinx (or vosk with "
                             "--model) proposes, moonshine scores")
    parser.add_argument("--model", help="vosk: model directory or name (default: the installed 'en'); "
                                        "pocketsphinx: acoustic model directory; fused: a vosk model to "
                                        "propose candidates instead of pocketsphinx")
    parser.add_argument("--game", metavar="FILE.sqlite",
                        help="listen as this saved game's current step would (its grammar, seats and script)")
    parser.add_argument("--script", help="script whose characters to name (default: all)")
    parser.add_argument("--seats", type=seat_count, default=12,
                        help="seats at the table, players and Travellers, 5 to 20 (default 12)")
    parser.add_argument("--profile", metavar="NAME|DIR",
                        help="a speaker profile (`narrator enroll`): its name in the data folder or its "
                             "directory; pocketsphinx (alone or fused) hears with the adapted model")
    parser.set_defaults(func=_recognize)
