"""Table mode (``narrator run``): one loop that plays games with the Storyteller at the table.

Everything that can say something to the narrator (the GPIO buttons, the voice listener, the
keyboard when stdin is a terminal) only puts an :class:`Input` on one ``queue.Queue``; one
thread, the loop in :meth:`Table.run`, takes them in order and is the only one that touches
the game, the speech queue's ``say`` and the LEDs. Button callbacks run on gpiozero's
threads and voice results on the feeding thread: both just ``put``.

Buttons: the seat dial (a rotary encoder, see :mod:`narrator.table.dial`) turns through
the seats, numbers or yes and no of the current question and a press picks; next ->
``next`` (``yes`` when a command that ends the game or kills, spoken, typed or a button's,
waits for confirmation) and cuts the current line short; yes -> ``yes``; no -> ``no``; no
held -> pause or resume; back ->
``repeat`` (the last private line again); back held -> ``undo``; push-to-talk -> the
listener.

LEDs: night while the phase is a night; attention while the engine waits for the
Storyteller (a night step, setup, a vote; blinking while a spoken command waits for yes or
no); error for a couple of seconds after a rejected command; listening while audio reaches
the recognizer.

Games: a ``--game-file``, else the most recent unfinished journal in ``<data_dir>/games``,
else (and after every game over) the setup questions (:mod:`narrator.table.evening`): "new
game" or "same players", by voice, buttons, the dial or the keyboard. A game file dropped in
as ``<data_dir>/new-game.toml`` (or ``.json``) is still picked up while waiting (checked once
a second); a bad one is reported once in the log and ignored until it changes. Nothing
spoken names a file. Every iteration pings the systemd watchdog while the journal is
writable.
Errors are said privately as what to do (``lines.py``), their detail printed (the service's
journal); a line with a path or a log reference (``statemachine.line_rules``) is never said.
"""
from __future__ import annotations

import logging
import os
import queue
import sys
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from narrator.config import Config
from narrator.console import Console, Outputs, confirmation, needs_yes
from narrator.language.commands import Command
from narrator.language.names import refused_join
from narrator.table.games import (GameFileError, read_game_file, resume_game, start_game,
                                  unfinished_games)
from hardware.rotary import DIAL_ACTIONS
from narrator.table import lines
from narrator.table.devices import DevicesMixin
from narrator.table.dial import SeatDial
from narrator.table.enrolling import LEARNED
from narrator.table.evening import PAUSED, EveningMixin
from narrator.table.typed import TypedMixin
from narrator.table.voice import NoVoice
from narrator.table.watchdog import Notifier, Watchdog
from statemachine.errors import Rejected
from statemachine.speech import PRIVATE, Speech
from statemachine.journal.store import JournalError, JournalLocked
from statemachine.journal.session import Held, Session

log = logging.getLogger(__name__)

BUTTON_ACTIONS = ("next", "yes", "no", "pause", "back", "undo", "ptt_down", "ptt_up")


@dataclass(frozen=True)
class Input:
    """One thing for the loop to handle: ``source`` is button, voice, keyboard or stop;
    ``value`` is a button action, a parsed voice Command, or a typed line."""

    source: str
    value: Any = None


class Table(EveningMixin, DevicesMixin, TypedMixin):
    def __init__(
        self, config: Config, *,
        game_file: str | Path | None = None,
        out: TextIO = sys.stdout,
        narration: Any = None,
        notifier: Notifier | None = None,
        watchdog: Watchdog | None = None,
        voice_factory: Callable[[Callable[[Any], None], Any], Any] | None = None,
        keyboard: bool | None = None,
        poll_seconds: float = 1.0,
        error_seconds: float = 2.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.config = config
        self.data_dir = Path(config.game.data_dir)
        self.games_dir = self.data_dir / "games"
        self.game_file = Path(game_file) if game_file else None
        self.out = out
        self.narration = narration
        self.notifier = notifier if notifier is not None else Notifier.from_env()
        self.watchdog = watchdog if watchdog is not None else Watchdog(self.notifier)
        self._voice_factory = voice_factory
        self.keyboard = sys.stdin.isatty() if keyboard is None else keyboard
        self.poll_seconds, self.error_seconds = poll_seconds, error_seconds
        self._clock = clock

        self.inputs: queue.Queue[Input] = queue.Queue()
        self.session: Session | None = None
        self.console: Console | None = None
        self.voice: Any = NoVoice("not opened yet")
        self.buttons: Any = None
        self.dial_device: Any = None
        self.dial = SeatDial()
        self.leds: Any = None
        self.live: Any = None              # the live grimoire page, when served
        self.started = threading.Event()   # set once ready() was sent (tests wait on it)
        self.games_started = 0
        self.preparation: Any = None       # the speech cache's work for this game's prompts
        self.rejections: list[str] = []
        self.held: Any = None    # a typed command that ends the game or kills, until yes
        self._stop_requested = False
        self._echo = False                 # print lines that the narration does not print
        self._next_poll = 0.0
        self._error_until: float | None = None
        self._bad_files: dict[Path, tuple[int, int]] = {}
        self._lit: dict[str, Any] = {}

    # --- from other threads -------------------------------------------------------------------
    def put(self, source: str, value: Any = None) -> None:
        """Thread-safe: queue one input for the loop."""
        self.inputs.put(Input(source, value))

    def button(self, action: str) -> None:
        """The buttons' ``emit`` (runs on gpiozero's threads)."""
        self.put("button", action)

    def request_stop(self) -> None:
        """Finish the current command, then shut down (from another thread)."""
        self._stop_requested = True
        self.put("stop")

    def request_stop_from_signal(self, *_: Any) -> None:
        """For a signal handler: a flag (the queue's lock could deadlock), seen within a timeout."""
        self._stop_requested = True

    # --- the loop -----------------------------------------------------------------------------
    def run(self) -> int:
        try:
            self.open_devices()
            try:
                self.choose_first_game()
            except JournalLocked as exc:
                # The newest unfinished game is being played elsewhere (narrator resume over
                # ssh): never play an older one behind its back, nor the same one twice.
                self._print(f"cannot resume: {exc}")
                self.say_line(lines.GAME_OPEN_ELSEWHERE)
                self.narration.wait_idle(30)
                self.notifier.status(f"stopped: {exc}")
                return 1
            self.notifier.ready(self.status_text())
            self.started.set()
            while not self._stop_requested:
                self.watchdog.tick(self.healthy())
                try:
                    item = self.inputs.get(timeout=self._timeout())
                except queue.Empty:
                    item = None
                if item is not None:
                    if item.source == "stop":
                        break
                    self._safely(self.handle, item)
                self._safely(self.housekeeping)
        finally:
            self.shutdown()
        return 0

    def _safely(self, fn: Callable[..., Any], *args: Any) -> None:
        """A bug in handling one input is logged and flashed, never the end of the loop."""
        try:
            fn(*args)
        except Exception:
            self._print("".join(traceback.format_exc()).rstrip())
            self.say_line(lines.SOMETHING_WENT_WRONG)
            self._flash_error()

    def _timeout(self) -> float:
        timeout = 1.0
        if self._error_until is not None:
            timeout = min(timeout, max(0.05, self._error_until - self._clock()))
        if self.session is None:
            timeout = min(timeout, max(0.05, self._next_poll - self._clock()))
        return timeout

    def housekeeping(self) -> None:
        now = self._clock()
        if self._error_until is not None and now >= self._error_until:
            self._error_until = None
        if self.session is None and now >= self._next_poll:
            self._next_poll = now + self.poll_seconds
            self.poll_new_game()
        self.refresh_lights()

    def healthy(self) -> bool:
        """The loop is alive (it is calling this) and the journal can be written."""
        if not os.access(self.games_dir, os.W_OK):
            return False
        return self.session is None or os.access(self.session.journal.path, os.W_OK)

    # --- games --------------------------------------------------------------------------------
    def choose_first_game(self) -> None:
        if self.game_file is not None:
            try:
                spec = read_game_file(self.game_file, self.config.game.default_script)
                self.begin(start_game(spec, self.games_dir), new=True)
                return
            except GameFileError as exc:
                self.report_bad_file(exc)
        for path in unfinished_games(self.games_dir):
            try:
                session = resume_game(path)
            except JournalLocked:
                raise
            except (JournalError, Exception) as exc:  # noqa: BLE001 - any damage: skip it
                self._print(f"cannot resume {path}: {exc}")
                self.say_line(lines.RESUME_FAILED)
                continue
            self.begin(session, new=False)
            return
        self.wait_for_game()

    def wait_for_game(self, after_game: bool = False) -> None:
        self.ask_for_game(after_game)
        self.notifier.status(self.status_text())
        self._next_poll = self._clock()

    def begin(self, session: Session, *, new: bool) -> None:
        self.session, self.setup_q = session, None
        self.console = Console(session, Outputs(out=self.out, printed=False))
        self.held = None
        self.games_started += 1
        game = session.game
        what = (f"{session.journal.path.name}: {game.setup.script_name}, "
                f"{len(game.grim.players)} players")
        self._print(("new game " if new else "resuming ") + what)
        self.prepare_prompts()
        if new:
            self.speak(session.opening)
        else:
            for line in lines.resumed(session.status_line(), [s.text for s in session.current_prompt()]):
                self.say_line(line)
        try:
            self.voice.attach(session)
        except Exception as exc:
            self._print(f"voice: could not follow this game: {exc}")
            self.say_line(lines.VOICE_LOST_GAME)
        self.notifier.status(self.status_text())
        self.draw()
        self.refresh_lights()

    def game_over(self) -> None:
        assert self.session is not None and self.console is not None
        self.console.finish_if_over()      # writes <journal>.log.json
        self.voice.detach()
        self.session.close()
        self.session = self.console = None
        self.wait_for_game(after_game=True)

    def status_text(self) -> str:
        if self.session is None:
            return "waiting for a game (new game by voice, buttons or keyboard)"
        return f"{self.session.journal.path.name}: {self.session.status_line()}"

    # --- inputs -------------------------------------------------------------------------------
    def handle(self, item: Input) -> None:
        if item.source == "button":
            self.on_button(item.value)
        elif item.source == "voice":
            try:
                self.on_command(item.value)
            finally:   # the feeding thread hears on with what the command left
                getattr(self.voice, "handled", lambda: None)()
        elif item.source == "keyboard":
            self.on_line(item.value)
        elif item.source == "say":         # a line from another thread (the live page's)
            self.say_line(item.value)
        self.refresh_lights()

    def on_button(self, action: str) -> None:
        if action in ("ptt_down", "ptt_up"):
            if isinstance(self.voice, NoVoice) and action == "ptt_down":  # talk, and nobody hears
                self.say_line(lines.TALK_WITHOUT_VOICE)
            self.voice.ptt(action == "ptt_down")
            return
        if action == "pause":
            self.set_paused(not self.paused)
            return
        if action == "back":
            self.replay()
            return
        if self.paused:
            self.say_line(PAUSED)
            return
        if action in DIAL_ACTIONS:
            self.on_dial(action) if self.session is not None else self.setup_dial(action)
            return
        if action in ("next", "yes", "no") and self.voice.pending:
            command = self.voice.confirm(action != "no")
            if command is not None:
                self.on_command(command)
            return
        if action == "undo" and self.voice.pending:
            self.voice.confirm(False)       # undo at a question drops the held alone
            return
        if action in ("next", "yes", "no", "undo") and self.held is not None:
            self.answer_held(action in ("next", "yes"))
            return
        if action not in BUTTON_ACTIONS:
            return
        if self.session is None:
            self.setup_button(action)
            return
        self.apply(action, {}, action)

    def on_command(self, command: Any, typed: bool = False) -> None:
        intent = command.intent
        if intent == LEARNED:  # "learn my voice" has finished (narrator.table.enrolling)
            self.voice_learned(command)
        elif intent in ("pause", "resume"):
            self.set_paused(intent == "pause")
        elif intent == "status":
            self.say_line(self.where_are_we())
        elif self.paused and intent != "repeat":
            self.say_line(PAUSED)
        elif self.session is None:
            self.setup_command(command)
        elif intent == "repeat":
            self.replay()
        elif intent == "help":
            assert self.console is not None
            self.speak(Speech(PRIVATE, t) for t in self.console.help_lines())
        elif self.held is not None and intent == "undo":
            self.answer_held(False)         # the held command alone is taken back
        elif self.held is not None and not typed and intent in ("yes", "no"):
            self.answer_held(intent == "yes")
        else:
            self.apply(intent, command.slots, command.text, command if typed else None,
                       confirmed=command.confirmed, spoken=None if typed else command)

    def apply(self, intent: str, slots: dict, text: str, typed: Any = None, *,
              confirmed: bool = False, spoken: Any = None) -> None:
        """Carry out a command. One that ends the game or kills is held for a yes first: ``typed``,
        as the console holds it (its family too); a spoken one or a button's, by its outcome alone
        (the listener asked a destructive family already) unless ``confirmed``, by voice."""
        assert self.session is not None
        if self.console is not None:
            refused = refused_join(Command(intent, slots, text), self.console.language)
            if refused:
                self.reject(refused)
                return
        if intent == "next":
            self.narration.hush()
        if typed is not None:
            hold = self.hold_for(intent)
        else:
            hold = None if confirmed else (lambda outcome: needs_yes(outcome, False))
        try:
            said = self.session.apply(intent, slots, text, hold)
        except Held as held:
            line = confirmation(text, held.outcome)
            if typed is not None:
                self.held = typed
            elif spoken is None or not self.voice.ask(spoken, line):   # said again if not heard
                self.held = Command(intent, slots, text)
            self.say_line(line)
            return
        except Rejected as exc:
            self.reject(str(exc))
            return
        self.speak(said)
        self.draw()
        if self.session.finished:
            self.game_over()
            return
        self.voice.set_expected(self.session.expected_intents(), self.session.most_seats())
        self.notifier.status(self.status_text())

    def replay(self) -> None:
        """The last private line again; after a refusal, the step's prompt after it."""
        self.narration.hush()
        if self.narration.repeat() and self.narration.last_private not in self.rejections[-1:]:
            return
        if self.session is not None:
            self.speak(self.session.current_prompt())
        elif self.setup_q is not None:
            self.say_line(self.setup_q.question())

    def reject(self, message: str) -> None:
        self.rejections.append(message)
        self.say_line(message)
        self._flash_error()
