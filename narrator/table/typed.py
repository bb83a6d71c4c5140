"""Typed lines at the table (the keyboard, when stdin is a terminal): parsed as the
console parses them, and a command that ends the game or kills held for a yes (typed, or
the yes or next button), as in typed play. Mixed into Table."""
from __future__ import annotations

from typing import Callable

from narrator.console import needs_yes
from narrator.language.commands import no_such_seat, typed_line
from narrator.table import lines
from statemachine.journal.session import Outcome


class TypedMixin:
    """Expects the Table's ``console``, ``held``, ``reject``, ``say_line``, ``apply`` and
    ``setup_line``; ``on_command``."""

    def on_line(self, line: str) -> None:
        line, refused = typed_line(line)
        if refused:
            self.reject(refused)
            return
        if not line:
            return
        if self.console is None:  # no game: the setup questions (narrator.table.evening)
            self.setup_line(line)
            return
        command = self.console.language.parse(line) or self.console.wide.parse(line)
        if self.held is not None:
            if command is not None and command.intent in ("yes", "no", "undo"):
                self.answer_held(command.intent == "yes")   # undo drops the held alone
                return
            held, self.held = self.held, None
            self.reject(f"Not done: {held.text}. It needed a yes.")
        if command is None:
            self.reject(no_such_seat(line, len(self.console.session.game.grim.players)) or lines.not_understood(line))
            return
        if command.intent == "quit":
            self.reject("Quit is for typed play. The table plays on until it is stopped.")
            return
        self.on_command(command, typed=True)

    def answer_held(self, yes: bool) -> None:
        held, self.held = self.held, None
        if yes:
            self.apply(held.intent, held.slots, held.text, confirmed=True)
        else:
            self.say_line(f"Cancelled: {held.text}.")

    def hold_for(self, intent: str) -> Callable[[Outcome], bool] | None:
        """What decides whether a typed command waits for a yes."""
        if self.console is None:
            return None
        destructive = self.console.language.is_destructive(intent)
        return lambda outcome: needs_yes(outcome, destructive)
