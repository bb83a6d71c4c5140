"""The Storyteller's answers to an Info wait instead of its proposal ("answer 3", "answer
seats 2 and 5", "answer the tinker and the klutz"): each checked by the wait's own check,
then given. Mixed into Game through CommandsMixin."""
from __future__ import annotations

from typing import Any

from statemachine.errors import Rejected
from statemachine.waits import Info


class AnswersMixin:
    """Expects ``_need_wait``, ``answer``, ``player``, ``registry`` and ``wait``."""

    def _answer(self, kind: str, value: Any) -> None:
        w = self._need_wait(f"answer_{kind}")
        assert isinstance(w, Info)
        if w.check:
            problem = w.check(value)
            if problem:
                raise Rejected(problem)
        self.answer(value)

    def _cmd_answer_number(self, slots: dict) -> None:
        self._answer("number", int(slots["number"]))

    def _cmd_answer_yesno(self, slots: dict) -> None:
        self._answer("yesno", bool(slots["value"]))

    def _cmd_answer_seats(self, slots: dict) -> None:
        self._answer("seats", [self.player(s).seat for s in slots["seats"]])

    def _cmd_answer_character(self, slots: dict) -> None:
        if slots["character"] not in self.registry:
            raise Rejected("Unknown character.")
        if isinstance(self.wait, Info) and self.wait.kind == "characters":
            return self._answer("characters", [slots["character"]])
        self._answer("character", slots["character"])

    def _cmd_answer_characters(self, slots: dict) -> None:
        ids = sorted({slots["character"], slots["other"]})
        if len(ids) < 2 or any(c not in self.registry for c in ids):
            raise Rejected("Two different characters, please.")
        self._answer("characters", ids)
