"""`narrator play` and `narrator resume`: typed games, interactive or from a command file."""
from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path

from characters.scripts import (ScriptError, game_meta, load_script, registry_for,
                                unknown_characters)
from narrator.cli import UsageError
from narrator.cli.files import fitting, shown, text_lines, writable_file
from narrator.own_files import append_private
from narrator.console import Console, Outputs, keyboard_lines
from statemachine.game import GameSetup
from statemachine.journal.store import JournalDamaged, JournalError, JournalExists
from statemachine.journal.session import Session
from statemachine.bag.draw import SetupError


def register(sub) -> None:
    p = sub.add_parser("play", help="start a new game with typed commands")
    p.add_argument("--script", help="bundled script name or JSON file (default: the config's "
                                     "game.default_script, Trouble Brewing)")
    p.add_argument("--players", required=True, help='names in seat order: "Ann,Ben,Cat,..."')
    p.add_argument("--travellers", default="", help='Traveller names, seated after the players')
    p.add_argument("--characters", default="",
                   help="character ids by seat (players, then Travellers); default: bag draw")
    p.add_argument("--seed", type=int, default=None, help="seed for the bag and proposals")
    _common(p)
    p.set_defaults(func=play)

    r = sub.add_parser("resume", help="continue a saved game")
    r.add_argument("--game", help="the game's .sqlite journal (default: the newest unfinished)")
    r.add_argument("--to-last-good", action="store_true",
                   help="a damaged journal: go on from the last event that replays, dropping "
                        "the rest (said first; a copy of the journal as it was is kept)")
    _common(r, game=False)
    r.set_defaults(func=resume)


def _common(p: argparse.ArgumentParser, game: bool = True) -> None:
    p.add_argument("--commands", help="run one command per line from FILE, then exit")
    p.add_argument("--log", help="write speech, events and the result as JSON lines")
    if game:
        p.add_argument("--game", help="where to keep the journal (default: the data dir)")
    p.add_argument("--speak", action="store_true",
                   help="also speak the narration through the configured speakers "
                        "([audio] and [voice] in the config)")
    p.add_argument("--config", metavar="PATH",
                   help="read this config file instead of searching (speech settings)")
    p.add_argument("--set", dest="overrides", action="append", default=[],
                   metavar="SECTION.KEY=VALUE", help="override one config value (repeatable)")


def _split(text: str) -> list[str]:
    return [t.strip() for t in text.split(",") if t.strip()]


LONGEST_NAME = 30   # characters: a name is said in every line about its seat


def _names(text: str, flag: str) -> list[str]:
    """The names of --players or --travellers, each one refused in a sentence where it is
    empty ("Ann,,Cat") or too long to be said."""
    if not text.strip():
        return []
    names = [t.strip() for t in text.split(",")]
    for n, name in enumerate(names, 1):
        if not name:
            raise UsageError(f"{flag}: name {n} is empty; put one comma between two names")
        if len(name) > LONGEST_NAME:
            raise UsageError(f"{flag}: {name[:20]}...: a name of at most {LONGEST_NAME} characters")
    return names


def _games_dir(config) -> Path:
    """The config's games folder (``game.data_dir``, with ``--config`` and ``--set``)."""
    return Path(config.game.data_dir) / "games"


def play(args) -> int:
    from narrator.cli.config import config_from_args
    config = config_from_args(args)   # refused at once if bad, as every command that reads it
    try:
        script = load_script(args.script or config.game.default_script)
    except ScriptError as exc:
        raise UsageError(str(exc)) from None
    registry = registry_for(script)
    characters = None
    if args.characters.strip():
        from characters.catalogue import normalise_id
        characters = [normalise_id(c) for c in _split(args.characters)]
        if not any(characters):
            raise UsageError(f"--characters {shown(args.characters)}: names no character; "
                             "leave it out to draw the bag")
        unknown = unknown_characters([shown(c or n) for c, n in
                                      zip(characters, _split(args.characters))], registry)
        if unknown:
            raise UsageError(unknown)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")
    from narrator.language.commands import CommandLanguage
    from narrator.language.names import first_refused
    players, travellers = _names(args.players, "--players"), _names(args.travellers, "--travellers")
    refused = first_refused(players + travellers, CommandLanguage(
        registry, script.ids, max(len(players) + len(travellers), 1)))
    if refused:
        raise UsageError(refused)
    setup = GameSetup(script.name, script.ids, players, characters, seed,
                      travellers, script.custom, game_meta(script))
    commands = _commands(args)
    _check_log(args)
    if args.game:
        path = writable_file(args.game, "--game", make_folder=True)
    else:
        from narrator.table.games import unique_journal_path
        path = unique_journal_path(_games_dir(config))
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    try:
        session = Session.create(path, setup, registry)
    except JournalExists as exc:
        raise UsageError(f"{exc}: nothing was changed. To go on with that game: "
                         f"narrator resume --game {path}. To start a new game, name a new "
                         "file (or leave out --game).") from None
    except (SetupError, ValueError) as exc:
        raise UsageError(str(exc)) from None
    except (OSError, JournalError) as exc:
        why = exc.strerror if isinstance(exc, OSError) else str(exc).rsplit("(", 1)[-1].rstrip(")")
        raise UsageError(f"--game {shown(path)}: cannot keep the game there ({why})") from None
    print(f"Game journal: {path} (seed {seed})", file=sys.stderr)
    return _run(session, args, session.opening, commands)


def resume(args) -> int:
    from narrator.table.games import resume_game, unfinished_games
    from narrator.cli.config import config_from_args
    folder = _games_dir(config_from_args(args))   # a bad file or value refused before anything
    if args.game:
        path = fitting(args.game, "--game")
    else:
        found = unfinished_games(folder)
        if not found:
            raise UsageError(f"no unfinished game in {folder}; name one with --game")
        path = found[0]
        print(f"Resuming {path}", file=sys.stderr)
    if path.is_dir():
        raise UsageError(f"--game {shown(path)}: that is a folder; name a game file in it")
    if not path.exists():
        raise UsageError(f"{shown(path)}: no such game file")
    commands = _commands(args)
    _check_log(args)
    try:
        session = resume_game(path, to_last_good=args.to_last_good)
    except JournalDamaged as exc:
        hint = ("" if "--to-last-good" in str(exc) else   # the damage's own words say how already
                f" To go on from the last event that replays: narrator resume --game {path} "
                "--to-last-good (it says what it drops and keeps a copy)."
                if exc.salvageable else " The game cannot be resumed.")
        if not args.game:   # the newest was damaged: an older one is never taken silently
            hint += " To resume another, name it with --game (narrator games lists them)."
        raise UsageError(f"{exc}.{hint}") from None
    except JournalError as exc:
        raise UsageError(str(exc)) from None
    for line in session.dropped:
        print(f"narrator: {line}", file=sys.stderr)
    return _run(session, args, session.current_prompt(), commands)


def _commands(args) -> list[str] | None:
    """The command file's lines, read (and checked) before any game file is touched."""
    return text_lines(args.commands, "--commands") if args.commands else None


def _check_log(args) -> None:
    if args.log:
        writable_file(args.log, "--log")
        if Path(args.log).is_symlink():
            raise UsageError(f"--log {shown(args.log)}: that is a symbolic link; the log holds "
                             "the grimoire, so it is never written through one")


def _run(session: Session, args, opening, commands: list[str] | None) -> int:
    with contextlib.ExitStack() as stack:
        # never through a symlink, and private: the log holds the grimoire
        log = stack.enter_context(append_private(args.log)) if args.log else None
        outputs = Outputs(log=log, speak=_speaker(args, stack, session))
        console = Console(session, outputs)
        outputs.speech(opening)
        if commands is not None:
            console.run(commands)
        else:
            print("Type commands (help lists what works now; Ctrl-D saves and quits).",
                  file=sys.stderr)
            console.run(keyboard_lines())
        session.close()
    return 0


def _speaker(args, stack, session: Session):
    """The real speech queue when asked for and a speaker exists; else None (printed only).
    The game's static prompts start rendering in the background at once."""
    if not args.speak:
        return None
    from narrator.cli.config import config_from_args
    from narrator.speech.prompts import static_lines
    from narrator.speech.printed import PrintedNarration
    from narrator.speech.queue import open_narration
    from narrator.speech.config import speech_settings

    narration = open_narration(speech_settings(config_from_args(args)), out=sys.stderr)
    print(narration.describe(), file=sys.stderr)
    if isinstance(narration, PrintedNarration):
        return None
    stack.callback(narration.close)
    stack.callback(lambda: narration.wait_idle(60))
    narration.prepare(static_lines(session.game))
    return narration.say
