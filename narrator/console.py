"""Typed play: read command phrases (from the keyboard or a file), act on them through the
session, and give each line of narration to the outputs (console, speech, JSON-lines log).
"""
from __future__ import annotations

import json
import logging
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from narrator.gamelog import export_game_log
from narrator.language.commands import (MAX_SEATS, Command, CommandLanguage, no_such_seat,
                                        typed_line)
from narrator.language.names import refused_join
from narrator import own_files
from narrator.own_files import remove_ours
from narrator.picture.files import picture_beside
from narrator.language.help import help_lines, not_understood
from statemachine.errors import Rejected
from statemachine.line_rules import checked
from statemachine.speech import PRIVATE, Speech, shown
from statemachine.wording import as_heard
from statemachine.journal.session import Held, Outcome, Session

log = logging.getLogger("narrator.lines")


def _unreported(message: str) -> None:
    """The speaker's narration reports the line itself."""


GAME_OVER_HELP = "Say undo to take back the last command and play on, or quit."


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
                # The line rules run on every line (a speaker's narration runs them itself:
                # reported once); a question's answer reads better on a screen as its table.
                channel, text = checked(s.channel, s.text,
                                        log.warning if self.speak is None else _unreported)
                print(f"[{channel}]\n{s.table}" if s.table else shown(channel, text),
                      file=self.out, flush=True)
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


def needs_yes(outcome: Outcome, destructive: bool) -> bool:
    """A typed command is confirmed, as a spoken one is, when it ends the game or kills (a
    kill that answers the night's step, the Demon's choice, is the night's business), or
    when its family is destructive."""
    return bool(outcome.winner or destructive or (outcome.died and not outcome.answer))


def confirmation(text: str, outcome: Outcome) -> str:
    """'End the day: seat 5, Eve dies, and that ends the game. Good wins. Confirm? Say yes
    or no.'"""
    what = as_heard(text)
    what = what[:1].upper() + what[1:]
    parts = []
    if outcome.died:
        names = " and ".join(outcome.died)
        parts.append(f"{names} {'dies' if len(outcome.died) == 1 else 'die'}")
    if outcome.winner:
        parts.append("that ends the game")
    line = f"{what}: {', and '.join(parts)}." if parts else f"{what}."
    if outcome.winner:
        line += f" {outcome.winner.winner.capitalize()} wins."
    return line + " Confirm? Say yes or no."


AT_GAME_OVER = ("undo", "redo", "help", "status", "repeat", "quit")


class Console:
    def __init__(self, session: Session, outputs: Outputs) -> None:
        self.session, self.outputs = session, outputs
        self.language = self._language()
        self.pending: Command | None = None     # a command waiting for yes or no

    def _language(self) -> CommandLanguage:
        game = self.session.game
        self.wide = CommandLanguage.for_game(game, MAX_SEATS, zero_seat=True)
        self.seats = len(game.grim.players)
        return CommandLanguage.for_game(game)

    def help_lines(self) -> list[str]:
        if self.session.finished:
            return [self.session.game.status_line(), GAME_OVER_HELP]
        return help_lines(self.session, self.language, spoken=False)

    def handle_line(self, line: str) -> bool:
        """Act on one typed line. Returns False when the Storyteller quits."""
        line, refused = typed_line(line)
        if refused:
            self._drop_pending()
            self._reject(refused)
            return True
        if not line:
            return True
        # A seat beyond the table still parses (with every seat number), so the engine can
        # say "there is no seat 17" instead of "I did not understand".
        command = self.language.parse(line) or self.wide.parse(line)
        if self.pending is not None:
            if command is not None and command.intent in ("yes", "no", "undo"):
                held, self.pending = self.pending, None
                if command.intent != "yes":   # undo takes back the held command alone
                    self.outputs.speech([Speech(PRIVATE, f"Cancelled: {held.text}.")])
                    return True
                return self._apply(held, confirmed=True)
            self._drop_pending()
        if command is None:
            self._reject(no_such_seat(line, len(self.session.game.grim.players)) or not_understood(line))
            return True
        if command.intent == "quit":
            return False
        if command.intent == "help":
            self.outputs.speech(Speech(PRIVATE, t) for t in self.help_lines())
            return True
        if command.intent in ("pause", "resume"):
            self._reject("Pause and resume are for voice input.")
            return True
        if self.session.finished and command.intent not in AT_GAME_OVER:
            self._reject(f"{self.session.game.status_line()} {GAME_OVER_HELP}")
            return True
        return self._apply(command)

    def _apply(self, command: Command, confirmed: bool = False) -> bool:
        refused = refused_join(command, self.language)
        if refused:
            self._reject(refused)
            return True
        reopened = command.intent == "undo" and self.session.finished
        destructive = self.language.is_destructive(command.intent)
        hold = None if confirmed else (lambda outcome: needs_yes(outcome, destructive))
        try:
            said = self.session.apply(command.intent, command.slots, command.text, hold)
        except Held as held:
            self.pending = command
            self.outputs.record({"type": "confirm", "intent": command.intent,
                                 "slots": command.slots, "text": command.text})
            self.outputs.speech([Speech(PRIVATE, confirmation(command.text, held.outcome))])
            return True
        except Rejected as exc:
            self._reject(str(exc))
            return True
        self.outputs.record({"type": "event", "intent": command.intent,
                             "slots": command.slots, "text": command.text})
        self.outputs.speech(said)
        if reopened:   # the log of this game's end (never a file it did not make)
            remove_ours(self._log_path(), self.session.journal.game_id)
            self.outputs.record({"type": "game_reopened"})
        if command.intent in ("undo", "redo") or self.seats != len(self.session.game.grim.players):
            self.language = self._language()     # the seats changed (a Traveller joined)
        self.finish_if_over()
        return True

    def _drop_pending(self) -> None:
        """Anything but yes or no after a question: the held command is not carried out."""
        if self.pending is not None:
            held, self.pending = self.pending, None
            self._reject(f"Not done: {held.text}. It needed a yes.")

    def _reject(self, message: str) -> None:
        self.outputs.rejected += 1
        self.outputs.record({"type": "rejected", "text": message})
        print(f"[private] {message}", file=self.outputs.out, flush=True)
        if self.outputs.speak:
            self.outputs.speak(PRIVATE, message)

    def _log_path(self) -> Path:
        return Path(str(self.session.journal.path)).with_suffix(".log.json")

    def finish_if_over(self) -> bool:
        game = self.session.game
        if not game.winner:
            return False
        game_id = self.session.journal.game_id
        record = {"narrator_game": own_files.mark(game_id), **export_game_log(self.session)}
        # Beside the journal, as narrator.own_files writes: never over a file this game did
        # not make (then g-2.log.json), never through a link.
        log_path = own_files.beside(self._log_path(),
                                    json.dumps(record, indent=2).encode("utf-8"), game_id)
        try:   # the picture of the game's end, beside the log (a failure loses nothing)
            picture_beside(self.session)
        except OSError as exc:
            print(f"could not draw the grimoire: {exc}", file=self.outputs.out, flush=True)
        self.outputs.record({"type": "game_over", "winner": game.winner.winner,
                             "reason": game.winner.reason, "game_log": str(log_path)})
        print(f"Game log written to {log_path}", file=self.outputs.out, flush=True)
        return True

    def run(self, lines: Iterable[str], prompt: str = "") -> None:
        """Every line in turn, until they end or the Storyteller quits; at game over only
        undo (which reopens the game), help, status and repeat are taken."""
        self.finish_if_over()
        for line in lines:
            if not self.handle_line(line):
                break
        self._drop_pending()


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
