"""Choices said outside a night step: a character's choice named for it ("the klutz chooses
seat 3") when no step waits for it, handed to the holders of that ability (the Klutz's public
choice on learning they died). Mixed into Game."""
from __future__ import annotations

from statemachine.waits import ChooseSeats


class ChoicesMixin:
    """Mixed into Game. Expects ``grim``, ``phase``, ``wait`` and ``command_sources``."""

    def _choice_outside_step(self, actor: str | None, seats: list[int]) -> bool:
        """A choice named for a character ("the klutz chooses seat 3") that no night step
        waits for: the holders of that ability may take it (Character.on_choice)."""
        if not actor or actor == "demon" or self.phase.state == "setup":
            return False
        w = self.wait if self.phase.at_night else None
        if isinstance(w, ChooseSeats) and w.actor == actor:
            return False
        for p in self.grim.players:
            if actor in self.command_sources(p) and self.unit(actor).on_choice(self, p, seats):
                return True
        return False
