"""Table mode's listening path without its clock: a recording's chunks fed one by one to
the Listener table mode builds (narrator.voice.opening.open_voice, the same recognizer,
gating and floors), each command it hands on carried out as table mode carries out a
spoken one (narrator.table.loop.Table.apply: held for a yes when it kills or ends the
game, the listener asking), and the grammar set after every command. Deterministic:
benchmarks.night_answers makes and checks a recording with it."""
from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from hardware.microphone import DEFAULT_CHUNK_SECONDS
from narrator.console import needs_yes
from narrator.language.commands import OVERRIDE_WORD, Command, CommandLanguage
from narrator.table.games import read_game_file, start_game
from statemachine.errors import Rejected
from statemachine.journal.session import Held

CHUNK_SECONDS = DEFAULT_CHUNK_SECONDS   # as the microphone hands the Listener its audio
# The Pi's recognizer (systemd/narrator.toml) with the wake phrase: a recording cannot
# press the talk button (docs/performance.md: fused with the wake phrase acted on no
# chatter line of 109). The floors are the configuration's own.
BACKEND, GATING, WAKE = "fused", "wake_phrase", "storyteller"


def recognizer_config():
    from narrator.config import RecognizerConfig
    return RecognizerConfig(backend=BACKEND, gating=GATING, wake_phrase=WAKE)


def hearing_factory(game_file: Path, lines: list):
    """A new Hearing of the game, with a recognizer of its own, for each pass."""
    from narrator.voice.recognizers import make_recognizer
    cfg = recognizer_config()
    return lambda: Hearing(game_file, lines, make_recognizer(BACKEND, cfg.model_path),
                           backend=BACKEND, gating=GATING, wake_phrase=WAKE,
                           min_confidence=cfg.confidence)


class Hearing:
    def __init__(self, game_file: Path, lines: list, recognizer: Any, *, backend: str,
                 gating: str, wake_phrase: str, min_confidence: float) -> None:
        from narrator.voice.opening import open_voice

        self.lines = lines
        self._dir = tempfile.TemporaryDirectory(prefix="night-hearing-")
        self.session = start_game(read_game_file(game_file), Path(self._dir.name))
        game = self.session.game
        self.language = CommandLanguage.for_game(game)
        setup = open_voice(self.language, backend=backend, gating=gating,
                           wake_phrase=wake_phrase, min_confidence=min_confidence,
                           say=self._said, source=object(), recognizer=recognizer)
        if setup.listener is None:
            raise RuntimeError(setup.message)
        self.listener = setup.listener
        self.listener.set_expected(self.session.expected_intents())
        self.seconds = 0.0
        self.acted_at: dict[int, float] = {}
        self.said: list[str] = []
        self.rejected: list[str] = []
        self._asked_destructive = False

    # --- what the making asks -------------------------------------------------------------
    def typed_command(self, text: str) -> Command | None:
        return self.language.parse(text)

    def spoken_form(self, spoken: str, typed: str) -> str:
        """What the Storyteller says for a typed line: ``spoken`` (the wake phrase and the
        line's words), with the override word after the wake phrase where the command is
        an override (spoken only after it)."""
        want = self.language.parse(typed)
        wake, _, words = spoken.partition(" ") if self.listener.wake else ("", "", spoken)
        for said in (words, f"{OVERRIDE_WORD} {words}"):
            heard = self.language.parse(said, spoken=True)
            if want is not None and heard is not None and heard.intent == want.intent \
                    and heard.slots == want.slots:
                return f"{wake} {said}".strip()
        return spoken

    def events(self) -> int:
        return len(self.session.journal)

    def last_event(self) -> Command | None:
        intent, slots, text = self.session.journal.events()[-1]
        return Command(intent, slots, text)

    def pending(self) -> Command | None:
        return self.listener.pending

    def picks(self):
        between = getattr(self.listener, "_between", None)
        if between is None:
            return None
        return (between.first, between.first_word), (between.second, between.second_word)

    def asked_destructive(self) -> bool:
        """The pending question is the confirmation of a command that kills or ends the
        game (asked of every such command), not a doubt about what was heard."""
        pending = self.listener.pending
        return pending is not None and (self._asked_destructive
                                        or self.language.is_destructive(pending.intent))

    def finished(self) -> bool:
        return self.session.finished

    # --- the table's part -----------------------------------------------------------------
    def feed(self, chunk: bytes) -> None:
        self.seconds += CHUNK_SECONDS
        for command in self.listener.feed(chunk):
            self._carry_out(command)

    def type(self, text: str, when: float) -> None:
        """The Storyteller types the line (and its yes, where the typed game holds it)."""
        if self.listener.pending is not None:
            self.listener.cancel_pending()
        command = self.language.parse(text)
        if command is None:
            self.rejected.append(text)
            return
        self._apply(command, hold=None, when=when)

    def press_yes(self) -> None:
        """The yes button, at a question the voice could not answer."""
        command = self.listener.confirm(True)
        if command is not None:
            self._carry_out(command)

    def undo_typed(self) -> None:
        self.session.undo()
        self.acted_at.pop(len(self.session.journal), None)

    def _carry_out(self, command: Command) -> None:
        if command.intent in ("repeat", "help", "status", "pause", "resume"):
            return
        hold = None if command.confirmed else (lambda outcome: needs_yes(outcome, False))
        self._asked_destructive = False
        try:
            self._apply(command, hold, self.seconds)
        except Held:
            self.listener.ask(command)
            self._asked_destructive = True

    def _apply(self, command: Command, hold, when: float) -> None:
        try:
            self.session.apply(command.intent, command.slots, command.text, hold)
        except Rejected as exc:
            self.rejected.append(str(exc))
            return
        self.acted_at[len(self.session.journal) - 1] = when
        if not self.session.finished:
            self.listener.set_expected(self.session.expected_intents())

    def _said(self, channel: str, text: str) -> None:
        self.said.append(text)

    def close(self) -> None:
        self.session.close()
        self._dir.cleanup()
