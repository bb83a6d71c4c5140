"""Voice input for table mode: the seam between the table loop and narrator.voice.listener.

The table loop sees only this small interface (``NoVoice`` and ``ListenerVoice`` both have
it; a test passes its own fake):

* ``describe()``: one line for the start-up report (what is used, or why voice is off);
* ``start()`` / ``stop()``: the microphone and the thread that feeds the recognizer;
* ``attach(session)`` when a game starts (the grammar depends on its script and seats),
  ``detach()`` when it ends; ``attach_setup(language)`` while no game runs (the setup
  questions' phrases, narrator.language.setup_phrases);
* ``pause(on)`` / ``paused``: the listener's own pause (it listens for resume only); a
  spoken pause or resume is also handed on, as a Command, so the table pauses with it;
* ``set_expected(intents, most_seats)`` after every command (what the recognizer listens for);
* ``ptt(down)``: the push-to-talk button;
* ``pending`` / ``confirm(yes)``: a destructive voice command held for yes or no;
* ``listening``: whether audio reaches the recognizer now (the listening LED).

Accepted commands are handed to ``deliver(command)``, which puts them on the table's input
queue; the feeding thread never touches the game.
"""
from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable, Iterable
from typing import Any

from narrator.table.listening import resolved_backend, speaker_profile

log = logging.getLogger(__name__)

Deliver = Callable[[Any], None]
# Seconds the feeding thread waits for the table to carry out a command it handed on, so
# that the next utterance is heard with the grammar (and a question held) that command left:
# a recognizer behind the speaker hears queued audio faster than it was said.
HANDED_WAIT = 2.0

class NoVoice:
    """Voice input that is off, with the reason; every call does nothing."""

    def __init__(self, reason: str) -> None:
        self.reason = reason

    def describe(self) -> str:
        return f"voice: off ({self.reason}); buttons and keyboard only"

    def start(self) -> None: ...
    def stop(self) -> None: ...
    def attach(self, session: Any) -> None: ...
    def attach_setup(self, language: Any) -> None: ...
    def detach(self) -> None: ...
    def handled(self) -> None: ...
    def pause(self, on: bool) -> None: ...
    paused = False
    def set_expected(self, intents: Iterable[str], most_seats: int | None = None) -> None: ...
    def ptt(self, down: bool) -> None: ...

    @property
    def pending(self) -> bool:
        return False

    def confirm(self, yes: bool) -> Any:
        return None

    def ask(self, command: Any, question: str = "") -> bool:
        return False   # no voice to answer: the buttons or the keyboard will

    @property
    def listening(self) -> bool:
        return False


class ListenerVoice:
    """narrator.voice.listener's Listener, rebuilt for each game, fed from one microphone source."""

    def __init__(self, recognizer: Any, source: Any, deliver: Deliver, *, backend: str,
                 gating: str, wake_phrase: str, min_confidence: float, narration: Any,
                 log_line: Callable[[str], None] = print, profile: Any = None) -> None:
        self.recognizer, self.source, self._deliver = recognizer, source, deliver
        self.profile = profile  # the speaker profile the recognizer was made with (or None)
        self.backend, self.gating, self.wake_phrase = backend, gating, wake_phrase
        self.min_confidence = min_confidence
        self.narration = narration
        self._log = log_line
        self._lock = threading.Lock()
        self._listener: Any = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._tap: queue.Queue | None = None
        self._names: Any = None         # narrator.voice.names.NameHearer, made when needed
        self._naming = False
        self._handled = threading.Event()   # the table has carried out what was handed on

    def describe(self) -> str:
        where = getattr(self.source, "name", None) or type(self.source).__name__
        how = "hold the talk button" if self.gating == "push_to_talk" else \
            f"say '{self.wake_phrase}' first"
        heard = f", {self.profile.describe()}" if self.profile is not None else ", no speaker profile"
        return f"voice: {self.backend} on {where}{heard}; {how}"

    # --- lifetime ---------------------------------------------------------------------------
    def start(self) -> None:
        # A recording (a "file:" microphone) plays from when the narrator first listens,
        # not while the models load: nothing of it is lost before anyone could hear it.
        self._recording = bool(getattr(self.source, "realtime", False))
        if not self._recording:
            self.source.start()
        self._stop.clear()
        self._thread = threading.Thread(target=self._feed, name="voice-feed", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        try:
            self.source.stop()
        except Exception:  # a device going away while stopping
            log.exception("stopping the microphone failed")
        if self._thread is not None:
            self._thread.join(3.0)
            self._thread = None

    def attach(self, session: Any) -> None:
        from narrator.language.commands import CommandLanguage

        game = session.game
        language = CommandLanguage.for_game(game)
        self._listen(language, game.expected_intents(), session.most_seats())

    def attach_setup(self, language: Any) -> None:
        """Listen for the setup questions' phrases (no game runs). A script or roster name
        the recognizer's model cannot say is left out of what it hears (said in the log),
        rather than voice being off for the whole setup."""
        from narrator.language.pronunciations import load_pronunciations
        from narrator.language.setup_phrases import without_words
        from narrator.voice.recognizers import vocabulary_gap

        try:
            wake = self.wake_phrase if self.gating == "wake_phrase" else ""
            gap = vocabulary_gap(self.recognizer, language, wake, load_pronunciations())
        except Exception as exc:  # the listener's own checks say what is wrong
            log.warning("could not check the setup words: %s", exc)
            gap = []
        if gap:
            language, dropped = without_words(language, gap)
            if dropped:
                self._log("voice: names the recognizer cannot say, offered by the dial and "
                          f"keys only: {', '.join(dropped)}")
        self._listen(language, [f.intent for f in language.families])

    def _listen(self, language: Any, expected: Iterable[str], most_seats: int | None = None) -> None:
        from narrator.voice.opening import open_voice

        setup = open_voice(language, backend=self.backend, gating=self.gating,
                           wake_phrase=self.wake_phrase, min_confidence=self.min_confidence,
                           speaking=self.narration.speaking,
                           earcon=self._earcon, say=self.narration.say,
                           source=self.source, recognizer=self.recognizer,
                           policy_options=self.profile.policy_options() if self.profile is not None else None)
        if setup.listener is not None:
            setup.listener.set_expected(expected, most_seats)
        with self._lock:
            self._listener = setup.listener
        self._log(setup.message)
        if getattr(self, "_recording", False) and setup.listener is not None:
            self._recording = False
            self.source.start()

    # --- learning the voice (narrator.table.enrolling) ----------------------------------------
    def tap(self) -> queue.Queue:
        """The microphone's chunks go to this queue, not the listener, until :meth:`untap`."""
        with self._lock:
            self._tap = queue.Queue()
            return self._tap

    def untap(self) -> None:
        with self._lock:
            self._tap = None

    def use_profile(self, profile: Any, recognizer: Any) -> None:
        """Hear with ``recognizer`` (made with ``profile``) from the next listener on."""
        with self._lock:
            self.profile, self.recognizer = profile, recognizer
        self._log(self.describe())

    def detach(self) -> None:
        with self._lock:
            self._listener = None

    # --- from the table loop ----------------------------------------------------------------
    def set_expected(self, intents: Iterable[str], most_seats: int | None = None) -> None:
        listener = self._listener
        if listener is not None:
            listener.set_expected(intents, most_seats)

    def ptt(self, down: bool) -> None:
        listener = self._listener
        if listener is None:
            return
        if down:
            listener.ptt_down()
        else:
            was = listener.paused
            self._hand_on(listener, listener.ptt_up(), was)

    def pause(self, on: bool) -> None:
        listener = self._listener
        if listener is not None:
            listener.pause() if on else listener.resume()

    @property
    def paused(self) -> bool:
        listener = self._listener
        return bool(listener is not None and listener.paused)

    def handled(self) -> None:
        """From the table: the command handed on is carried out."""
        self._handled.set()

    def _hand_on(self, listener: Any, commands: list, was_paused: bool,
                 wait: bool = False) -> None:
        """Accepted commands to the table, and a pause or resume the listener took itself;
        ``wait`` (the feeding thread): until the table has carried each out."""
        from narrator.language.commands import Command

        if listener.paused != was_paused:
            intent = "pause" if listener.paused else "resume"
            commands = [Command(intent, {}, intent), *commands]
        for command in commands:
            self._handled.clear()
            self._deliver(command)
            if wait:
                self._handled.wait(HANDED_WAIT)

    @property
    def pending(self) -> bool:
        listener = self._listener
        return listener is not None and listener.pending is not None

    def confirm(self, yes: bool) -> Any:
        listener = self._listener
        return listener.confirm(yes) if listener is not None else None

    def ask(self, command: Any, question: str = "") -> bool:
        """Hold a spoken command that kills or ends the game for a spoken yes or no (the
        buttons answer it too; ``question``: the words the table asks it in, said again where
        what follows does not answer it); False when there is no listener to hear the answer."""
        listener = self._listener
        if listener is None:
            return False
        listener.ask(command, question=question)
        return True

    @property
    def listening(self) -> bool:
        listener = self._listener
        return bool(listener is not None and listener.listening)

    # --- a new name, heard freely -----------------------------------------------------------
    @property
    def name_hearer_missing(self) -> str:
        """Why a new name cannot be heard here ("" if it can: Moonshine is installed)."""
        from narrator.voice.names import MISSING
        if getattr(self.recognizer, "model", None) is not None:
            return ""
        from hardware.moonshine_model import bundled_model_dir
        return "" if bundled_model_dir() is not None else MISSING

    def expect_name(self, on: bool) -> None:
        """On: the next utterance is a name, transcribed freely and handed on as a
        heard_name command (the grammar's listener does not hear it)."""
        if on and self._names is None:
            from narrator.voice.names import NameHearer
            self._names = NameHearer(getattr(self.recognizer, "model", None),
                                     sample_rate=self.recognizer.sample_rate)
        if on and not self._naming:
            self._names.reset()
        self._naming = on and not self._names.missing

    def _hear_name(self, chunk: bytes) -> None:
        from narrator.language.commands import Command
        speaking = getattr(self.narration, "speaking", None)
        if speaking is not None and speaking.is_set():
            self._names.reset()          # the narrator's own voice is no name
            return
        name = self._names.feed(chunk)
        if name is None:
            return
        self._log(f"voice: a name heard as {self._names.heard!r}")
        self._naming = False
        self._deliver(Command("heard_name", {"name": name}, self._names.heard))

    # --- the feeding thread -----------------------------------------------------------------
    def _earcon(self, name: str) -> None:
        self.narration.play_earcon(name, "private")

    def _feed(self) -> None:
        while not self._stop.is_set():
            try:
                chunk = self.source.queue.get(timeout=0.5)
            except queue.Empty:
                continue
            if chunk is None:
                return
            if self._naming:
                try:
                    self._hear_name(chunk)
                except Exception:  # spelling and the keyboard still work
                    log.exception("hearing a name failed")
                    self._naming = False
                continue
            with self._lock:
                listener, tap = self._listener, self._tap
            if tap is not None:  # learning the voice: the audio goes to the recorder
                tap.put(chunk)
                continue
            if listener is None:
                continue
            was = listener.paused
            try:
                commands = listener.feed(chunk)
            except Exception:  # a recognizer failure must not end voice input for good
                log.exception("the recognizer failed on a chunk")
                continue
            self._hand_on(listener, commands, was, wait=True)


def open_table_voice(recognizer_cfg: Any, microphone: str, deliver: Deliver, narration: Any,
                     log_line: Callable[[str], None] = print, data_dir: str = "") -> NoVoice | ListenerVoice:
    """Voice input from the [recognizer] and [audio] config, or NoVoice saying why not.
    Never raises for a missing module, model or microphone. The speaker profile
    ([recognizer] profile, in ``data_dir``) is used when there is one; a broken one is said in
    the log and voice goes on without it."""
    backend = recognizer_cfg.backend
    if backend == "none":
        return NoVoice("recognizer backend 'none' in the config")
    if microphone == "none":
        return NoVoice("microphone 'none' in the config")
    try:
        from hardware.recognizer import RecognizerError
        from narrator.voice.recognizers import make_recognizer
    except ImportError as exc:
        return NoVoice(f"the voice listener is not available: {exc}")
    backend = resolved_backend(backend, recognizer_cfg.model_path, log_line)
    profile = speaker_profile(recognizer_cfg, backend, data_dir, log_line)
    try:
        recognizer = make_recognizer(backend, recognizer_cfg.model_path, profile=profile)
    except RecognizerError as exc:
        if profile is None:
            return NoVoice(f"recognizer: {exc}")
        log_line(f"voice: {exc}; listening without it")
        profile = None
        try:
            recognizer = make_recognizer(backend, recognizer_cfg.model_path)
        except RecognizerError as again:
            return NoVoice(f"recognizer: {again}")
    except Exception as exc:  # a broken model or library: voice off, the game goes on
        return NoVoice(f"recognizer: {type(exc).__name__}: {exc}")
    try:
        from hardware.microphone import MicrophoneUnavailable, open_source
    except ImportError as exc:
        return NoVoice(f"microphone: {exc}")
    try:
        source = open_source(microphone, sample_rate=recognizer.sample_rate)
    except MicrophoneUnavailable as exc:
        return NoVoice(f"microphone: {exc}")
    except Exception as exc:  # PortAudio missing or failing
        return NoVoice(f"microphone: {type(exc).__name__}: {exc}")
    return ListenerVoice(recognizer, source, deliver, backend=backend,
                         gating=recognizer_cfg.gating, wake_phrase=recognizer_cfg.wake_phrase,
                         min_confidence=recognizer_cfg.confidence, narration=narration,
                         log_line=log_line, profile=profile)
