"""The session's side of the hand-out at setup (statemachine.view.handout): where it has got
to, kept in the journal's meta, and the commands that move it.

"undo" during the hand-out goes back one seat when the last thing done was a step on
("next" once too often), or when the journal has no decision to take back: a seat read out
is not a game event, so the journal's own undo cannot reach it. A decision made since the
last step (a character changed at setup) is what undo takes back first, as anywhere else.
"redo" then goes forward again, a seat for each seat gone back, until a "next" or a
decision.
"""
from __future__ import annotations

from typing import Any

from statemachine.errors import Rejected
from statemachine.line_rules import paced
from statemachine.speech import PRIVATE, Speech
from statemachine.view import handout

BACK = "Back one seat."
FORWARD = "Forward one seat."


class HandoutSteps:
    """Mixed into the Session: needs ``game``, ``journal`` and ``handout`` (the position)."""

    game: Any
    journal: Any
    handout: int
    # the journal's length when the hand-out last stepped on (None: not since this start)
    _stepped_at: int | None = None
    # seats gone back since the last step on: what "redo" can step forward again
    _backs: int = 0

    def status_line(self) -> str:
        """Where the game is: the hand-out's seat while the tokens are handed out, else the
        game's own status."""
        return handout.status(self.game, self.handout) if self.in_handout() else self.game.status_line()

    def in_handout(self) -> bool:
        """Setup, and the hand-out has begun but not yet reached its last step."""
        return (self.game.phase.state == "setup" and self.handout >= 0
                and not handout.finished(self.game, self.handout))

    def handout_next(self, position: int | None = None) -> list[Speech]:
        self.handout = self.handout + 1 if position is None else position
        self.journal.set_meta("handout", self.handout)
        self._stepped_at = len(self.journal)
        return [Speech(PRIVATE, handout.step(self.game, self.handout))]

    def hand_out(self) -> list[Speech]:
        """'hand out the tokens': the hand-out from the first seat (again)."""
        if self.game.phase.state != "setup":
            raise Rejected("Not now: the tokens are handed out at setup.")
        self._backs = 0
        return self.handout_next(0)

    def handout_goes_back(self) -> bool:
        """Whether undo now goes back one seat of the hand-out (the module's rule)."""
        return (self.game.phase.state == "setup" and self.handout >= 1
                and (self._stepped_at == len(self.journal) or len(self.journal) == 0))

    def handout_back(self) -> list[Speech] | None:
        """'undo' during the hand-out: the seat before, where undo is meant for it; None:
        undo as anywhere else."""
        if not self.handout_goes_back():
            if self.game.phase.state == "setup" and self.handout == 0 and len(self.journal) == 0:
                raise Rejected("Nothing to undo: this is the first seat.")
            return None
        self.handout -= 1
        self.journal.set_meta("handout", self.handout)
        self._stepped_at, self._backs = len(self.journal), self._backs + 1
        seat = self.game.grim.players[self.handout].seat
        return [Speech(PRIVATE, BACK), Speech(PRIVATE, paced(handout.token_line(self.game, seat)))]

    def handout_forward(self) -> list[Speech] | None:
        """'redo' after the hand-out went back: the seat after, again (None: redo as anywhere
        else, where nothing was gone back or a decision was made since)."""
        if not self.redo_steps_on():
            return None
        self._backs -= 1
        return [Speech(PRIVATE, FORWARD), *self.handout_next()]

    def redo_steps_on(self) -> bool:
        """Whether "redo" now steps the hand-out forward (the module's rule)."""
        return (self._backs > 0 and self.game.phase.state == "setup"
                and self._stepped_at == len(self.journal))

    def handout_command(self, intent: str) -> list[Speech] | None:
        """What a command does to the hand-out, where it is one of its own (None: it is not)."""
        if intent == "hand_out":
            return self.hand_out()
        if intent == "undo":
            return self.handout_back()
        if intent in ("next", "yes") and self.in_handout():
            self._backs = 0   # a step on: nothing gone back to step forward to
            return self.handout_next()
        if intent == "status" and self.in_handout():
            return [Speech(PRIVATE, self.status_line())]
        if intent == "begin_night" and self.in_handout():
            # The rest of the tokens skipped, but never the setup choices unheard.
            last = handout.steps(self.game)[-1].replace(handout.BEGIN, "").strip()
            return [Speech(PRIVATE, paced(last) if last else "The first night begins.")]   # as the step is
        return None
