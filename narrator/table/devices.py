"""The devices table mode drives: narration, GPIO buttons, the seat dial and LEDs, voice
input and the keyboard; opened at start, closed at shutdown, lines spoken (each checked
first), the dial's turns answered and the lights kept in step with the game. Mixed into
:class:`narrator.table.loop.Table`."""
from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Iterable

from statemachine.line_rules import unfit_to_say
from narrator.table import lines
from narrator.picture.files import draw_beside_journal as _draw
from narrator.table.voice import NoVoice, open_table_voice
from statemachine.speech import PRIVATE, Speech, shown

log = logging.getLogger(__name__)


class DevicesMixin:
    """Expects the Table's ``config``, ``narration``, ``voice``, ``buttons``, ``leds``,
    ``session``, ``held`` and its ``put``/``_print``."""

    # --- devices ------------------------------------------------------------------------------
    def load_lexicon(self) -> None:
        """The group's names as they should sound (data folder's names-said.txt)."""
        from narrator.speech.respell import read_lexicon
        if hasattr(self.narration, "lexicon"):
            self.narration.lexicon = read_lexicon(self.data_dir)

    def open_devices(self) -> None:
        from narrator.table.gpio import open_panel, open_seat_dial
        from narrator.speech.printed import PrintedNarration
        from narrator.speech.queue import open_narration
        from narrator.speech.config import speech_settings

        self.games_dir.mkdir(parents=True, exist_ok=True)
        if self.narration is None:
            self.narration = open_narration(speech_settings(self.config), out=self.out)
        self._echo = not isinstance(self.narration, PrintedNarration)
        self._print(self.narration.describe())
        self.load_lexicon()
        self.buttons, self.leds = open_panel(self.config.gpio, self.button, log=self._print)
        if self.buttons is not None:
            g = self.config.gpio
            self._print(f"buttons: next GPIO{g.pin_next}, yes GPIO{g.pin_yes}, no GPIO{g.pin_no}, "
                        f"back GPIO{g.pin_back} (hold {g.hold_seconds:g} s: undo), "
                        f"talk GPIO{g.pin_ptt}")
        self.dial_device = open_seat_dial(self.config.gpio, self.button, log=self._print)
        if self.dial_device is not None:
            g = self.config.gpio
            self._print(f"seat dial: GPIO{g.pin_dial_a} and GPIO{g.pin_dial_b}, "
                        f"press GPIO{g.pin_dial_button} (hold: clear)")
        from hardware.leds import NullLeds
        if not isinstance(self.leds, NullLeds):
            g = self.config.gpio
            self._print(f"LEDs: listening GPIO{g.pin_led_listening}, night GPIO{g.pin_led_night}, "
                        f"attention GPIO{g.pin_led_attention}, error GPIO{g.pin_led_error}")
        deliver = lambda command: self.put("voice", command)  # noqa: E731
        if self._voice_factory is not None:
            self.voice = self._voice_factory(deliver, self.narration)
        else:
            self.voice = open_table_voice(self.config.recognizer, self.config.audio.microphone,
                                          deliver, self.narration, log_line=self._print,
                                          data_dir=self.config.game.data_dir)
        try:
            self.voice.start()
        except Exception as exc:  # the microphone would not open
            self.voice = NoVoice(f"could not start: {exc}")
            self.say_line(lines.VOICE_OFF)
        self._print(self.voice.describe())
        self.open_live_grimoire()
        if self.keyboard:
            self._print("keyboard: type commands (help lists what works now)")
            threading.Thread(target=self._read_keyboard, name="keyboard", daemon=True).start()
        else:   # under systemd, or lines piped in: they are not read
            self._print("keyboard: off (standard input is not a terminal)")
        self._print(f"games: {self.games_dir}")

    def _read_keyboard(self) -> None:
        for line in sys.stdin:
            self.put("keyboard", line.rstrip("\n"))

    def shutdown(self) -> None:
        self.notifier.stopping()
        for step in (self.voice.stop,
                     self.live.stop if self.live is not None else None,
                     self.buttons.close if self.buttons is not None else None,
                     self.dial_device.close if self.dial_device is not None else None,
                     self.leds.off if self.leds is not None else None,
                     self.leds.close if self.leds is not None else None,
                     self.session.close if self.session is not None else None,
                     self.narration.close if self.narration is not None else None,
                     self.notifier.close):
            if step is None:
                continue
            try:
                step()
            except Exception:
                log.exception("closing %s failed", step)
        self.session = None

    # --- output: every line checked before it is said -----------------------------------------
    def speak(self, items: Iterable[Speech]) -> None:
        for s in items:
            why = unfit_to_say(s.text)
            if why:  # a bug: the line is logged, and the Storyteller told, never the room
                self._print(f"not said ({why}): [{s.channel}] {s.text}")
                s = Speech(PRIVATE, lines.SOMETHING_WENT_WRONG)
            if self._echo:
                self._print(shown(s.channel, s.text))
            self.narration.say(s.channel, s.text)

    def say_line(self, text: str) -> None:
        self.speak([Speech(PRIVATE, text)])

    def _print(self, text: str) -> None:
        print(text, file=self.out, flush=True)

    # --- the picture and the prompts ----------------------------------------------------
    def draw(self) -> None:
        """The town square beside the journal, and on the live page when it is served."""
        if self.session is not None:
            svg = _draw(self.session, self._print)
            if svg is not None and self.live is not None:
                self.live.publish(svg)

    def open_live_grimoire(self) -> None:
        """[grimoire] serve = true: the live page, its address and pairing code said in the
        earpiece only. Off (the default): nothing is imported, no socket opened."""
        if not self.config.grimoire.serve:
            return
        from narrator.picture.live import LiveError, LiveGrimoire
        g = self.config.grimoire
        try:
            live = LiveGrimoire(g.address, g.port, on_new_code=lambda code: self.put(
                "say", lines.grimoire_paired(code)))
            live.start()
        except LiveError as exc:
            self._print(f"grimoire page: {exc} (on the Pi, run script/install-pi again after "
                        "setting serve = true: it opens the service to the local network)")
            self.say_line(lines.GRIMOIRE_NOT_SERVED)
            return
        self.live = live
        self._print(f"grimoire page: {live.url} (the pairing code is said in the earpiece)")
        self.say_line(lines.grimoire_served(live.address, live.port, live.pairing.code))

    def prepare_prompts(self) -> None:
        """Start rendering this game's static prompts in the background (never blocks)."""
        from narrator.speech.prompts import static_lines

        prepare = getattr(self.narration, "prepare", None)
        if prepare is None or self.session is None:
            return
        try:
            self.preparation = prepare(static_lines(self.session.game))
        except Exception as exc:  # prompts are only an optimisation: play on without them
            self._print(f"speech: could not prepare this game's prompts: {exc}")

    # --- the seat dial ----------------------------------------------------------------------
    def on_dial(self, action: str) -> None:
        """The seat dial: a turn says where it stands, a press picks (see table/dial.py)."""
        game = self.session.game if self.session is not None else None
        if action == "dial_hold":
            self.say_line(self.dial.clear())
            return
        if action in ("dial_up", "dial_down"):
            self.narration.hush()  # the seat turned to is heard at once
            self.say_line(self.dial.turn(game, 1 if action == "dial_up" else -1))
            return
        line, phrase = self.dial.press(game)
        if line:
            self.say_line(line)
        if phrase:
            self.on_line(phrase)

    # --- lights ---------------------------------------------------------------------------
    def _flash_error(self) -> None:
        self._error_until = self._clock() + self.error_seconds
        self.refresh_lights()

    def refresh_lights(self) -> None:
        if self.leds is None:
            return
        game = self.session.game if self.session is not None else None
        waiting = bool(game is not None and not game.winner and (
            game.wait is not None or game.phase.state in ("setup", "vote")))
        asking = game is None and getattr(self, "setup_q", None) is not None
        blink = self.voice.pending or getattr(self, "paused", False)
        wanted = {
            "night": bool(game is not None and game.phase.at_night),
            "attention": "blink" if blink or self.held is not None else (waiting or asking),
            "listening": bool(self.voice.listening),
            "error": self._error_until is not None,
        }
        for name, state in wanted.items():
            if self._lit.get(name) == state:
                continue
            self._lit[name] = state
            if name == "night":
                self.leds.set_phase(state)
            elif name == "attention":
                self.leds.attention(bool(state), blink=state == "blink")
            elif name == "listening":
                self.leds.listening(state)
            else:
                self.leds.error(state)
