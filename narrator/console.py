"""Typed play: read command phrases (from the keyboard or a file), act on them through the
session, and give each line of narration to the outputs (console, speech, JSON-lines log).
"""
from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from narrator.gamelog import export_game_log
from narrator.language.commands import MAX_SEATS, QUESTIONS_HELP, CommandLanguage
from narrator.picture.files import picture_path, write_picture
from statemachine.errors import Rejected
from statemachine.speech import PRIVATE, Speech
from statemachine.session import Session


@dataclass
class Outputs:
    """Where narration goes: printed lines, an optional speaker, an optional JSON-lines log."""

    out: TextIO = field(default_factory=lambda: sys.stdout)
    speak: Callable[[str, str], None] | None = None
    log: TextIO | None = None
    printed: bool = True
    rejected: int = field(default=0)

    def speech(self, items: Iterable[Speech]) -> None:
        for s in items:
            if self.printed:
                # A question's answer reads better on a screen as its table.
                shown = "\n" + s.table if s.table else s.text
                print(f"[{s.channel}] {shown}", file=self.out, flush=True)
            if self.speak:
                self.speak(s.channel, s.text)
            entry = {"type": "speech", "channel": s.channel, "text": s.text}
            if s.table:
                entry["table"] = s.table
            self.record(entry)

    def record(self, entry: dict) -> None:
        if self.log:
            self.log.write(json.dumps(entry) + "\n")
            self.log.flush()


class Console:
    def __init__(self, session: Session, outputs: Outputs) -> None:
        self.session, self.outputs = session, outputs
        self.language = self._language()

    def _language(self) -> CommandLanguage:
        game = self.session.game
        self.wide = CommandLanguage(game.registry, game.setup.script, MAX_SEATS)
        self.seats = len(game.grim.players)
        return CommandLanguage(game.registry, game.setup.script, len(game.grim.players))

    def help_lines(self) -> list[str]:
        intents = self.session.game.expected_intents() - {"pause", "resume"}
        examples = [f"'{self.language.example(f.intent)}'" for f in self.language.families
                    if f.intent in intents and not f.intent.startswith("ask_")]
        return [self.session.game.status_line(), "You can say: " + ", ".join(examples) + ".",
                QUESTIONS_HELP]

    def handle_line(self, line: str) -> bool:
        """Act on one typed line. Returns False once the game is over."""
        line = line.split("#", 1)[0].strip()
        if not line:
            return True
        # A seat beyond the table still parses (with every seat number), so the engine can
        # say "there is no seat 17" instead of "I did not understand".
        command = self.language.parse(line) or self.wide.parse(line)
        if command is None:
            self._reject(f"I did not understand '{line}'. Say help for what works now.")
            return True
        if command.intent == "help":
            self.outputs.speech(Speech(PRIVATE, t) for t in self.help_lines())
            return True
        if command.intent in ("pause", "resume"):
            self._reject("Pause and resume are for voice input.")
            return True
        try:
            said = self.session.apply(command.intent, command.slots, command.text)
        except Rejected as exc:
            self._reject(str(exc))
            return True
        self.outputs.record({"type": "event", "intent": command.intent,
                             "slots": command.slots, "text": command.text})
        self.outputs.speech(said)
        if command.intent == "undo" or self.seats != len(self.session.game.grim.players):
            self.language = self._language()     # the seats changed (a Traveller joined)
        return not self.finish_if_over()

    def _reject(self, message: str) -> None:
        self.outputs.rejected += 1
        self.outputs.record({"type": "rejected", "text": message})
        print(f"[private] {message}", file=self.outputs.out, flush=True)
        if self.outputs.speak:
            self.outputs.speak(PRIVATE, message)

    def finish_if_over(self) -> bool:
        game = self.session.game
        if not game.winner:
            return False
        log_path = Path(str(self.session.journal.path)).with_suffix(".log.json")
        log_path.write_text(json.dumps(export_game_log(self.session), indent=2))
        try:   # the picture of the game's end, beside the log (a failure loses nothing)
            write_picture(game, picture_path(self.session.journal.path))
        except OSError as exc:
            print(f"could not draw the grimoire: {exc}", file=self.outputs.out, flush=True)
        self.outputs.record({"type": "game_over", "winner": game.winner.winner,
                             "reason": game.winner.reason, "game_log": str(log_path)})
        print(f"Game log written to {log_path}", file=self.outputs.out, flush=True)
        return True

    def run(self, lines: Iterable[str], prompt: str = "") -> None:
        if self.finish_if_over():
            return
        for line in lines:
            if not self.handle_line(line):
                return


def keyboard_lines(prompt: str = "> ") -> Iterable[str]:
    """Lines typed at the keyboard; the prompt only when a person is typing."""
    if not sys.stdin.isatty():
        yield from (line.rstrip("\n") for line in sys.stdin)
        return
    while True:
        try:
            yield input(prompt)
        except EOFError:
            return
