"""A game bound to its journal: every accepted command is written before it is answered,
a rejected or failed command leaves the game exactly as the journal says, and undo or a
restart rebuilds the grimoire by replaying the journal.
"""
from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

from statemachine.errors import Rejected
from statemachine.game import Game, GameSetup
from statemachine.speech import PRIVATE, Speech
from statemachine.journal import Journal, JournalDamaged, JournalError
from statemachine.registry import Registry
from statemachine.setup import SetupError

log = logging.getLogger(__name__)

NOT_JOURNALED = ("repeat", "help", "status")


def check_setup(journal: Journal, registry: Registry) -> GameSetup:
    """The journal's setup record as a GameSetup that can start a game, or JournalDamaged
    saying what is wrong with it (JournalError when there is none at all)."""
    data = journal.get_meta("setup")
    where = f"{journal.path}: the setup record"
    if data is None:
        raise JournalError(f"{journal.path}: no game setup recorded")
    if not isinstance(data, dict):
        raise JournalDamaged(f"{where} is not a JSON object", salvageable=False)
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise JournalDamaged(f"{where} has no list of players", salvageable=False)
    try:
        setup = GameSetup.from_dict(data)
        Game(setup, registry)
    except KeyError as exc:
        raise JournalDamaged(f"{where} names an unknown character ({exc})",
                             salvageable=False) from None
    except SetupError as exc:
        raise JournalDamaged(f"{where} cannot start a game: {exc}", salvageable=False) from None
    except Exception as exc:  # missing or unknown keys, wrong types
        raise JournalDamaged(f"{where} cannot start a game ({type(exc).__name__}: {exc})",
                             salvageable=False) from None
    return setup


class Session:
    """``to_last_good``: a journal that does not replay to its end is cut back to the last
    event that does (a copy of it as it was is kept first); ``dropped`` says what went."""

    def __init__(self, journal: Journal, registry: Registry, *,
                 to_last_good: bool = False) -> None:
        self.journal, self.registry = journal, registry
        self.setup = check_setup(journal, registry)
        self.opening: list[Speech] = []
        self.dropped: list[str] = [journal.damage] if journal.damage else []
        self.game = self._rebuild(to_last_good)
        if self.game.winner and journal.writable and journal.get_meta("winner") is None:
            # A journal from before the winner shared the event's transaction, killed in
            # between: the game is over, so say so (or it stays "unfinished" for good).
            journal.set_meta("winner", self._winner_record())

    @classmethod
    def create(cls, path: str | Path, setup: GameSetup, registry: Registry) -> "Session":
        """Start a new game in a new file. The setup is checked (SetupError) before any file
        is written; a file already at ``path`` is never touched (JournalError)."""
        Game(setup, registry)
        journal = Journal.create(path)
        journal.set_meta("setup", setup.to_dict())
        return cls(journal, registry)

    @classmethod
    def resume(cls, path: str | Path, registry: Registry, *,
               to_last_good: bool = False) -> "Session":
        if not Path(path).exists():
            raise JournalError(f"{path}: no such game file")
        journal = Journal(path, salvage=to_last_good)
        try:
            return cls(journal, registry, to_last_good=to_last_good)
        except BaseException:
            journal.close()
            raise

    def _rebuild(self, to_last_good: bool = False) -> Game:
        game = Game(self.setup, self.registry)
        self.opening = game.start()
        events, problem = self.journal.read_events()
        good = len(events)
        for n, (intent, slots, _text) in enumerate(events, start=1):
            try:
                game.handle(intent, slots)
            except Rejected as exc:
                problem, good = f"event {n} ({intent}) no longer replays: {exc}", n - 1
                break
            except Exception as exc:  # slots of the wrong shape, or a bug
                problem, good = (f"event {n} ({intent}) fails to replay "
                                 f"({type(exc).__name__}: {exc})"), n - 1
                break
        if problem and not to_last_good:
            raise JournalDamaged(f"{self.journal.path}: {problem}")
        if problem:
            self._cut_back(good, problem)
            return self._rebuild()
        game.out = []
        return game

    def _cut_back(self, good: int, problem: str) -> None:
        dropped = self.journal.describe_events(good)
        path = self.journal.path
        names = (f"{path.name}.damaged" + (f"-{n}" if n > 1 else "") for n in range(1, 10**6))
        copy = next(path.with_name(name) for name in names if not path.with_name(name).exists())
        self.journal.copy_to(copy)
        self.journal.keep_first(good, meta={"winner": None})
        self.dropped += [problem,
                         f"going on after event {good}; dropped {len(dropped)} event(s): "
                         + "; ".join(dropped),
                         f"the journal as it was is kept in {copy}"]

    # --- commands ----------------------------------------------------------------------------
    def apply(self, intent: str, slots: dict | None = None, text: str = "") -> list[Speech]:
        slots = dict(slots or {})
        if intent == "undo":
            return self.undo()
        if intent in NOT_JOURNALED:
            return self.game.handle(intent, slots)
        try:
            out = self.game.handle(intent, slots)
        except Rejected:
            self.game = self._rebuild()
            raise
        except Exception:
            log.exception("command %s %s failed; the game is rebuilt from the journal",
                          intent, slots)
            self.game = self._rebuild()
            raise Rejected("That did not work, and nothing changed. "
                           "Please report this as a bug.") from None
        meta = {"winner": self._winner_record()} if self.game.winner else None
        try:
            self.journal.append(intent, slots, text, meta)
        except sqlite3.Error as exc:
            log.exception("journal write failed for %s %s", intent, slots)
            self.game = self._rebuild()
            raise Rejected(f"The game could not be saved ({exc}), so that did not happen. "
                           "Check the storage, then say it again.") from None
        return out

    def _winner_record(self) -> dict:
        return {"winner": self.game.winner.winner, "reason": self.game.winner.reason}

    def undo(self) -> list[Speech]:
        last = self.journal.pop(meta={"winner": None})
        if last is None:
            raise Rejected("Nothing to undo.")
        self.game = self._rebuild()
        what = last[2] or last[0].replace("_", " ")
        return [Speech(PRIVATE, f"Undone: {what}."), *self.current_prompt()]

    def current_prompt(self) -> list[Speech]:
        """What the Storyteller needs to hear to carry on from here."""
        if self.game.last_private:
            return [Speech(PRIVATE, self.game.last_private)]
        return [Speech(PRIVATE, self.game.status_line())]

    @property
    def finished(self) -> bool:
        return self.game.winner is not None

    def close(self) -> None:
        self.journal.close()
