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

from statemachine import handout
from statemachine.errors import Rejected
from statemachine.game import Game, GameSetup
from statemachine.speech import PRIVATE, PUBLIC, Speech
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
        # How far the hand-out at setup has got (statemachine.handout): journal meta, not
        # an event, so a restart lands on the same seat. It begins by itself where the bag
        # was drawn (the Storyteller does not know who is what); with characters assigned
        # it waits to be asked for ("hand out the tokens"): -1.
        start = 0 if not self.setup.characters else -1
        self.handout = int(journal.get_meta("handout", start))
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
        opening = game.start()
        for n, (intent, slots, text) in enumerate(self.journal.events(), start=1):
            try:
                game.handle(intent, slots)
            except Rejected as exc:
                raise JournalError(f"{self.journal.path}: event {n} ({intent}) no longer "
                                   f"replays: {exc}") from exc
        game.out = []
        if game.phase.state == "setup" and self.handout >= 0:
            # The table hears the welcome; the Storyteller hears the hand-out, seat by seat.
            opening = [s for s in opening if s.channel == PUBLIC]
            opening.append(Speech(PRIVATE, handout.step(game, self.handout)))
        elif game.phase.state == "setup":
            opening = opening[:-1] + [Speech(PRIVATE, handout.OFFER), *opening[-1:]]
        self.opening = opening
        return game

    # --- the hand-out at setup ---------------------------------------------------------------
    def in_handout(self) -> bool:
        """Setup, and the hand-out has begun but not yet reached its last step."""
        return (self.game.phase.state == "setup" and self.handout >= 0
                and not handout.finished(self.game, self.handout))

    def handout_next(self, position: int | None = None) -> list[Speech]:
        self.handout = self.handout + 1 if position is None else position
        self.journal.set_meta("handout", self.handout)
        return [Speech(PRIVATE, handout.step(self.game, self.handout))]

    def hand_out(self) -> list[Speech]:
        """'hand out the tokens': the hand-out from the first seat (again)."""
        if self.game.phase.state != "setup":
            raise Rejected("Not now: the tokens are handed out at setup.")
        return self.handout_next(0)

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
        if intent == "hand_out":
            return self.hand_out()
        if intent in ("next", "yes") and self.in_handout():
            return self.handout_next()
        if intent == "status" and self.in_handout():
            seats = len(self.game.grim.players)
            return [Speech(PRIVATE, f"Setup: handing out the tokens, seat {self.handout + 1} "
                                    f"of {seats}. Say next for the next seat.")]
        if intent == "begin_night" and self.in_handout():
            # The rest of the tokens skipped, but never the setup choices unheard.
            last = handout.steps(self.game)[-1].replace(handout.BEGIN, "").strip()
            choices = Speech(PRIVATE, last or "The first night begins.")
            return [choices, *self._apply(intent, slots, text, hold)]
        return self._apply(intent, slots, text, hold)

    def _apply(self, intent: str, slots: dict, text: str,
               hold: Callable[[Outcome], bool] | None = None) -> list[Speech]:
        if intent == "repeat" and self.game.phase.state == "setup" and self.handout >= 0:
            return [Speech(PRIVATE, handout.step(self.game, self.handout))]
        if intent in NOT_JOURNALED:
            return self.game.handle(intent, slots)
        if self.game.as_question(intent, slots):
            return self.ask(intent, slots)
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

    def ask(self, intent: str, slots: dict) -> list[Speech]:
        """A question: answered from the game as it is, never journaled, never a rebuild
        (nothing changed)."""
        try:
            return self.game.handle(intent, slots)
        except Rejected:
            raise
        except Exception:
            log.exception("question %s %s failed", intent, slots)
            raise Rejected("That question did not work. Please report this as a bug.") from None

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
        """What the Storyteller needs to hear to carry on from here: the step the game waits
        at (never a stale line from before: by day the status, not last night's prompt)."""
        game = self.game
        if game.phase.state == "setup" and self.handout >= 0:
            return [Speech(PRIVATE, handout.step(game, self.handout))]
        if game.winner:
            return [Speech(PRIVATE, f"The game is over. {game.winner.reason} "
                                    f"{game.winner.winner.capitalize()} won.")]
        if game.phase.at_night and game.wait is not None and game.wait.prompt:
            head = game.status_line().replace(game.wait.describe(), "").strip()
            return [Speech(PRIVATE, f"{head} {game.wait.prompt}")]
        return [Speech(PRIVATE, game.status_line())]

    @property
    def finished(self) -> bool:
        return self.game.winner is not None

    def close(self) -> None:
        self.journal.close()
