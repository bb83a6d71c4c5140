"""The game side of voice input: accepted commands carried out on a session, as typed lines
are."""
from __future__ import annotations

from typing import Any, Callable

from narrator.language.commands import Command
from narrator.language.help import help_lines
from narrator.voice.listener import Earcon, Listener
from statemachine.errors import Rejected
from statemachine.speech import PRIVATE, Speech


class VoiceTable:
    """Carries accepted voice commands out on a session, the way typed lines are: help is
    answered here, everything else goes to ``session.apply``; a rejection is spoken on the
    private channel. After each command the listener hears what the game expects next."""

    def __init__(self, session: Any, listener: Listener, speak: Callable[[Any], None],
                 earcon: Earcon | None = None) -> None:
        self.session, self.listener, self._speak = session, listener, speak
        self._earcon = earcon
        self.applied: list[Command] = []
        self.rejections: list[str] = []
        self.refresh()

    def refresh(self) -> None:
        self.listener.set_expected(self.session.expected_intents(), self.session.most_seats())

    def __call__(self, command: Command) -> None:
        self.handle(command)

    def handle(self, command: Command) -> bool:
        """Carry out one command; False if the engine rejected it."""
        try:
            if command.intent == "help":
                said = [Speech(PRIVATE, line) for line in self.help_lines()]
            else:
                said = self.session.apply(command.intent, command.slots, command.text)
        except Rejected as exc:
            self.rejections.append(str(exc))
            if self._earcon:
                self._earcon("rejected")
            self._speak([Speech(PRIVATE, str(exc))])
            self.refresh()
            return False
        self.applied.append(command)
        self._speak(said)
        self.refresh()
        return True

    def help_lines(self) -> list[str]:
        return help_lines(self.session, self.listener.language, spoken=True)
