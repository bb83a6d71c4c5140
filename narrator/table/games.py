"""Which game table mode plays: a game file (TOML or JSON) to start, or the most recent
unfinished journal to resume.

A game file names the script, the players in seat order and, optionally, the characters by
seat, the Travellers and the seed::

    script = "Trouble Brewing"          # a bundled script, or a script JSON file
    players = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus"]
    characters = ["imp", "empath", ...]  # optional: by seat, players then Travellers
    travellers = ["Hal"]                 # optional
    seed = 7                             # optional: random when absent

``players``, ``characters`` and ``travellers`` may also be one comma-separated string.
Every problem is a :class:`GameFileError` whose message names the file (for the log) and
whose ``spoken`` sentence says what is wrong without it (for the earpiece).
"""
from __future__ import annotations

import json
import os
import re
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from characters.scripts import (ScriptError, game_meta, load_script, registry_for,
                                unknown_characters)
from statemachine.game import GameSetup
from statemachine.journal.store import Journal, JournalDamaged, JournalError
from statemachine.journal.session import Session, check_setup
from statemachine.bag.draw import SetupError

GAME_FILE_KEYS = ("script", "players", "characters", "travellers", "seed")
NEW_GAME_NAMES = ("new-game.toml", "new-game.json")


class GameFileError(Exception):
    """A game file that cannot be played; the message names the file and the problem, and
    ``spoken`` is a sentence about the problem with no path or file name in it."""

    def __init__(self, message: str, spoken: str) -> None:
        super().__init__(message)
        self.spoken = spoken


def _where_in(exc: Exception) -> str:
    """" on line 3" from a TOML or JSON parse error, or ""."""
    line = getattr(exc, "lineno", None)
    if line is None:
        found = re.search(r"\bline (\d+)", str(exc))
        line = int(found.group(1)) if found else None
    return f" on line {line}" if line else ""


@dataclass(frozen=True)
class GameSpec:
    script: str
    players: list[str]
    characters: list[str] | None = None
    travellers: list[str] = field(default_factory=list)
    seed: int | None = None
    source: str = ""


def _names(value, key: str, where: str) -> list[str]:
    if isinstance(value, str):
        return [t.strip() for t in value.split(",") if t.strip()]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return [v.strip() for v in value if v.strip()]
    raise GameFileError(f"{where}: '{key}' must be a list of names or one comma-separated string",
                        f"The {key} in the game file must be a list of names.")


def read_game_file(path: str | Path, default_script: str = "Trouble Brewing") -> GameSpec:
    """Parse and check the shape of a game file (not yet whether the game can be set up)."""
    path = Path(path)
    where = str(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise GameFileError(f"{where}: cannot read ({exc.strerror})",
                            "The game file cannot be read.") from None
    try:
        if path.suffix.lower() == ".json":
            data = json.loads(raw.decode("utf-8"))
        else:
            data = tomllib.loads(raw.decode("utf-8"))
    except (ValueError, UnicodeDecodeError) as exc:  # JSONDecodeError, TOMLDecodeError
        kind = "JSON" if path.suffix.lower() == ".json" else "TOML"
        raise GameFileError(f"{where}: not valid {kind}: {exc}",
                            f"The game file has a mistake{_where_in(exc)}.") from None
    if not isinstance(data, dict):
        raise GameFileError(f"{where}: expected a table of keys ({', '.join(GAME_FILE_KEYS)})",
                            "The game file holds no settings.")
    unknown = sorted(set(data) - set(GAME_FILE_KEYS))
    if unknown:
        words = [k for k in unknown if re.fullmatch(r"[A-Za-z_ ]{1,30}", k)]
        raise GameFileError(f"{where}: unknown key {', '.join(map(repr, unknown))} "
                            f"(known: {', '.join(GAME_FILE_KEYS)})",
                            "The game file has a setting the narrator does not know"
                            + (f": {', '.join(words)}." if words else "."))
    if "players" not in data:
        raise GameFileError(f"{where}: 'players' is missing (names in seat order)",
                            "The game file names no players.")
    script = data.get("script", default_script)
    if not isinstance(script, str) or not script.strip():
        raise GameFileError(f"{where}: 'script' must be a script name or a file",
                            "The script in the game file must be a script's name.")
    relative = path.parent / script
    if not Path(script).is_absolute() and script.lower().endswith(".json") and relative.is_file():
        script = str(relative)
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise GameFileError(f"{where}: 'seed' must be a whole number",
                            "The seed in the game file must be a whole number.")
    characters = _names(data["characters"], "characters", where) if "characters" in data else None
    return GameSpec(script=script, players=_names(data["players"], "players", where),
                    characters=characters or None,
                    travellers=_names(data.get("travellers", []), "travellers", where),
                    seed=seed, source=where)


def unique_journal_path(games_dir: Path) -> Path:
    """A new journal name in ``games_dir`` that no existing file has."""
    stem = time.strftime("game-%Y%m%d-%H%M%S")
    path, n = games_dir / f"{stem}.sqlite", 1
    while path.exists():
        n += 1
        path = games_dir / f"{stem}-{n}.sqlite"
    return path


def start_game(spec: GameSpec, games_dir: Path) -> Session:
    """Create the game's journal in ``games_dir``; GameFileError if it cannot be set up."""
    from characters.catalogue import normalise_id

    where = spec.source or "game file"
    no_script = "The script in the game file cannot be found or loaded."
    try:
        script = load_script(spec.script)
    except ScriptError as exc:
        raise GameFileError(f"{where}: {exc}", no_script) from None
    except Exception as exc:  # an unreadable or odd script file
        raise GameFileError(f"{where}: cannot load the script ({type(exc).__name__}: "
                            f"{exc})", no_script) from exc
    registry = registry_for(script)
    characters = None
    if spec.characters:
        characters = [normalise_id(c) for c in spec.characters]
        unknown = unknown_characters(characters, registry)
        if unknown:
            raise GameFileError(f"{where}: {unknown}", f"The game file names {unknown}.")
    from narrator.language.commands import CommandLanguage
    from narrator.language.names import first_refused
    names = list(spec.players) + list(spec.travellers)
    refused = first_refused(names, CommandLanguage(registry, script.ids, max(len(names), 1)))
    if refused:
        raise GameFileError(f"{where}: {refused}", refused)
    seed = spec.seed if spec.seed is not None else int.from_bytes(os.urandom(4), "big")
    setup = GameSetup(script.name, script.ids, list(spec.players), characters, seed,
                      list(spec.travellers), script.custom, game_meta(script))
    games_dir.mkdir(parents=True, exist_ok=True)
    try:
        return Session.create(unique_journal_path(games_dir), setup, registry)
    except (SetupError, ValueError) as exc:
        raise GameFileError(f"{where}: {exc}", f"This game cannot be set up: {exc}.") from None
    except Exception as exc:  # a bug in setting up must not stop the table from waiting
        raise GameFileError(f"{where}: this game could not be set up "
                            f"({type(exc).__name__}: {exc})",
                            "This game could not be set up.") from exc


def registry_of(path: Path):
    """The registry a journal's script needs (its homebrew characters), read without the
    lock; JournalError (JournalDamaged) if the setup cannot be read or loaded."""
    journal = Journal(path, write=False)
    try:
        return _registry_for_setup(path, journal.get_meta("setup"))
    finally:
        journal.close()


def _registry_for_setup(path: Path, setup):
    setup = setup if isinstance(setup, dict) else {}
    custom, meta = setup.get("custom", []), setup.get("meta", {})
    try:
        return registry_for(custom=custom if isinstance(custom, list) else [],
                            meta=meta if isinstance(meta, dict) else {})
    except Exception as exc:  # a homebrew character that no longer loads
        raise JournalDamaged(f"{path}: the setup record's homebrew characters cannot be "
                             f"loaded ({type(exc).__name__}: {exc})", salvageable=False) from None


def resume_game(path: Path, to_last_good: bool = False) -> Session:
    """Open a journal again, with the registry its script needs (JournalError if not).
    ``to_last_good`` opens it to write at once, with salvage: a broken -wal an older
    narrator left is kept aside before anything reads it (issue 23)."""
    if not to_last_good:
        return Session.resume(path, registry_of(path))
    if not Path(path).exists():
        raise JournalError(f"{path}: no such game file")
    journal = Journal(path, salvage=True)
    try:
        registry = _registry_for_setup(path, journal.get_meta("setup"))
        return Session(journal, registry, to_last_good=True)
    except BaseException:
        journal.close()
        raise


def journal_problem(path: Path, replay: bool = True) -> str | None:
    """What is wrong with a journal (None if nothing): its setup and rows, and with
    ``replay`` whether every event still replays. Reads only; takes no lock."""
    try:
        registry = registry_of(path)
        journal = Journal(path, write=False)
    except JournalError as exc:
        return str(exc)
    try:
        if replay:
            Session(journal, registry)
        else:
            check_setup(journal, registry)
            problem = journal.read_events()[1]
            if problem:
                return f"{path}: {problem}"
    except JournalError as exc:
        return str(exc)
    finally:
        journal.close()
    return None


def game_problem(path: Path) -> str | None:
    """What is wrong with a game journal: an unfinished game is replayed to its end, a
    finished one has its rows read. None for a sound one, or a file that is no journal."""
    try:
        journal = Journal(path, write=False)
    except JournalDamaged as exc:
        return str(exc)
    except JournalError:
        return None      # another SQLite file (a cache): its integrity was checked above
    try:
        unfinished = journal.get_meta("winner") is None
    except JournalError as exc:
        return str(exc)
    finally:
        journal.close()
    return journal_problem(path, replay=unfinished)


def unfinished_games(games_dir: Path) -> list[Path]:
    """Journals with a setup and no winner, and damaged ones that may be (tried, and warned
    of, before an older game is resumed), the most recently changed first."""
    found: list[tuple[float, Path]] = []
    for path in games_dir.glob("*.sqlite"):
        changed = _changed(path)  # before opening: opening creates a fresh -wal file
        try:
            journal = Journal(path, write=False)
        except JournalDamaged:
            found.append((changed, path))   # maybe an unfinished game: tried, and warned of
            continue
        except JournalError:
            continue
        try:
            if journal.get_meta("setup") is not None and journal.get_meta("winner") is None:
                found.append((changed, path))
        except Exception:  # a damaged file is not a game to resume
            continue
        finally:
            journal.close()
    return [p for _, p in sorted(found, key=lambda t: (t[0], t[1].name), reverse=True)]


def _changed(path: Path) -> float:
    """Last change of a journal: its WAL holds the latest writes until a checkpoint."""
    times = [path.stat().st_mtime]
    wal = path.with_name(path.name + "-wal")
    if wal.exists():
        times.append(wal.stat().st_mtime)
    return max(times)


def find_new_game_file(data_dir: Path) -> Path | None:
    for name in NEW_GAME_NAMES:
        path = data_dir / name
        if path.is_file():
            return path
    return None


def mark_started(path: Path) -> Path:
    """Rename a picked-up game file to ``<name>.started`` (replacing an older one)."""
    done = path.with_name(path.name + ".started")
    os.replace(path, done)
    return done
