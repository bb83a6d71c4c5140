"""A game bound to its journal: every accepted command is written before it is answered,
a rejected or failed command leaves the game exactly as the journal says, and undo or a
restart rebuilds the grimoire by replaying the journal.
"""
from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from statemachine.errors import Rejected
from statemachine.game import Game, GameSetup
from statemachine.speech import PRIVATE, Speech
from statemachine.journal import Journal, JournalError
from statemachine.registry import Registry, Win

log = logging.getLogger(__name__)

NOT_JOURNALED = ("repeat", "help", "status")


@dataclass
class Outcome:
    """What a command did: the caller decides from this whether to keep it (a command that
    ends the game or kills is confirmed first)."""

    intent: str
    winner: Win | None = None
    died: list[str] = field(default_factory=list)   # labels, "seat 3, Cat"
    answer: bool = False    # it answered the night step that waited (a Demon's kill...)


class Held(Exception):
    """A command carried out, found to need a yes, and taken back: nothing changed."""

    def __init__(self, outcome: Outcome) -> None:
        super().__init__(outcome.intent)
        self.outcome = outcome


class Session:
    def __init__(self, journal: Journal, registry: Registry) -> None:
        self.journal, self.registry = journal, registry
        data = journal.get_meta("setup")
        if data is None:
            raise JournalError(f"{journal.path}: no game setup recorded")
        self.setup = GameSetup.from_dict(data)
        self.opening: list[Speech] = []
        self.game = self._rebuild()
        if self.game.winner and journal.get_meta("winner") is None:
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
    def resume(cls, path: str | Path, registry: Registry) -> "Session":
        if not Path(path).exists():
            raise JournalError(f"{path}: no such game file")
        return cls(Journal(path), registry)

    def _rebuild(self) -> Game:
        game = Game(self.setup, self.registry)
        self.opening = game.start()
        for n, (intent, slots, text) in enumerate(self.journal.events(), start=1):
            try:
                game.handle(intent, slots)
            except Rejected as exc:
                raise JournalError(f"{self.journal.path}: event {n} ({intent}) no longer "
                                   f"replays: {exc}") from exc
        game.out = []
        return game

    # --- commands ----------------------------------------------------------------------------
    def apply(self, intent: str, slots: dict | None = None, text: str = "",
              hold: Callable[[Outcome], bool] | None = None) -> list[Speech]:
        """Carry the command out and journal it. ``hold`` is shown what it did first: if it
        says so, the command is taken back (the game rebuilt from the journal) and Held is
        raised, so a command that ends the game or kills can be asked about before it
        counts. The same command applied again later does the same."""
        slots = dict(slots or {})
        if intent == "undo":
            return self.undo()
        if intent in NOT_JOURNALED:
            return self.game.handle(intent, slots)
        game = self.game
        living = {id(p) for p in game.grim.players if p.alive}
        answer = bool(game.phase.at_night and game.wait and intent in game.wait.accepts())
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
        if hold is not None:
            outcome = Outcome(intent, game.winner, [p.label for p in game.grim.players
                                                    if id(p) in living and not p.alive], answer)
            if hold(outcome):
                self.game = self._rebuild()
                raise Held(outcome)
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
