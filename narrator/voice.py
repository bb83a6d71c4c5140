"""Voice commands: a gated, half-duplex listener between an audio source and the game.

The :class:`Listener` takes PCM chunks (from ``hardware.microphone``'s queue, or a WAV
file through the same queue), feeds the recognizer only while listening is allowed, checks
every result and hands back :class:`narrator.language.Command` objects the caller may
carry out at once.

Gating (a grammar is a hint, not a constraint: any sound comes out as *some* phrase):

* ``push_to_talk``: audio reaches the recognizer only between :meth:`Listener.ptt_down`
  and :meth:`Listener.ptt_up`; releasing the button ends the utterance.
* ``wake_phrase``: the grammar is ``<wake phrase> ( commands )``; a result must begin with
  the wake phrase, heard with confidence of its own, or it is dropped without a sound.
* ``open``: always listening (a headset, or tests); like wake_phrase without the prefix.

In every mode nothing is fed while the narration's ``speaking`` Event is set (half-duplex),
nor for a short echo guard after it clears.

Checks on each result: the backend accepted it, its confidence reaches ``min_confidence``,
and the text (wake phrase removed) parses with :meth:`CommandLanguage.parse` among the
intents the recognizer was listening for. Destructive commands (a death, an execution, an
alignment change, the end of the game...) are held and read back, "Seat five dies.
Confirm?"; only a following yes releases them, no (or a timeout) drops them.

Earcons: ``listening`` when push-to-talk opens, ``heard`` for an accepted command (or a
question asked), ``rejected`` when something was said to the narrator but not taken.

:func:`open_voice` builds the recognizer, the microphone source and the listener from the
configuration and says, in one line, what it is using; when anything is missing (no
microphone, no model, words the model cannot say) it returns no listener and a clear
message, and typed or button input carries on.
"""
from __future__ import annotations

import logging
import threading
from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator

from hardware.recognizer import GrammarSpec, RecognitionResult, Recognizer, RecognizerError
from narrator.language import OVERRIDE_WORD, Command, CommandLanguage

log = logging.getLogger(__name__)

GATINGS = ("push_to_talk", "wake_phrase", "open")
# Listened for in every state, whatever the game expects.
GLOBAL_INTENTS = ("repeat", "help", "status", "undo", "pause", "resume")
CONFIRM_INTENTS = ("yes", "no")
DEFAULT_MIN_CONFIDENCE = 0.3
DEFAULT_WAKE_CONFIDENCE = 0.42  # measured: chatter forced onto 'storyteller' scores <= 0.4
WAKE_MAX_EXTRA_PHONES = 2       # measured: false accepts on the benchmark chatter 5 -> 3 / 109
DEFAULT_ECHO_GUARD = 0.3        # seconds ignored after the narrator stops speaking
DEFAULT_CONFIRM_TIMEOUT = 20.0  # seconds of audio after which an unanswered question lapses

Earcon = Callable[[str], None]
Say = Callable[[str, str], None]


@dataclass(frozen=True)
class Heard:
    """One recognizer result and what the listener made of it (for logs and tests)."""

    text: str
    confidence: float
    verdict: str            # "accepted", "confirm", "confirmed", "cancelled", "ignored", "rejected"
    reason: str = ""
    intent: str | None = None
    at: float = 0.0          # seconds of audio seen when the result came

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "confidence": round(self.confidence, 3),
                "verdict": self.verdict, "reason": self.reason, "intent": self.intent,
                "at": round(self.at, 2)}


def spoken_text(command: Command) -> str:
    """The command's words as the narrator reads them back (without the override word)."""
    words = command.text.split()
    if words[:1] == [OVERRIDE_WORD] and len(words) > 1:
        words = words[1:]
    return " ".join(words) or command.intent.replace("_", " ")


def confirmation_question(command: Command) -> str:
    """What the narrator asks before a destructive command: "Seat five dies. Confirm?"."""
    words = spoken_text(command)
    return f"{words[0].upper()}{words[1:]}. Confirm?"


class Listener:
    """Gated recognition of commands. Not thread-safe: one thread feeds it (see :meth:`run`);
    :meth:`ptt_down`/:meth:`ptt_up`/:meth:`confirm` may be called from another thread, they
    only take a lock."""

    def __init__(
        self,
        recognizer: Recognizer,
        language: CommandLanguage,
        *,
        gating: str = "push_to_talk",
        wake_phrase: str = "storyteller",
        min_confidence: float = DEFAULT_MIN_CONFIDENCE,
        wake_confidence: float = DEFAULT_WAKE_CONFIDENCE,
        speaking: threading.Event | None = None,
        earcon: Earcon | None = None,
        say: Say | None = None,
        pronunciations: dict[str, str] | None = None,
        expected: Iterable[str] | None = None,
        echo_guard: float = DEFAULT_ECHO_GUARD,
        confirm_timeout: float = DEFAULT_CONFIRM_TIMEOUT,
        history: int = 200,
    ) -> None:
        if gating not in GATINGS:
            raise ValueError(f"gating must be one of {', '.join(GATINGS)}, not {gating!r}")
        self.recognizer = recognizer
        self.language = language
        self.gating = gating
        self.wake = " ".join(wake_phrase.lower().split()) if gating == "wake_phrase" else ""
        if gating == "wake_phrase" and not self.wake:
            raise ValueError("wake_phrase gating needs a wake phrase")
        self.min_confidence = min_confidence
        self.wake_confidence = wake_confidence
        if self.wake and hasattr(recognizer, "max_extra_phones"):
            # chatter that names the Storyteller and runs on ("storyteller, do we have time
            # for...") is refused when speech goes on past the command's words
            recognizer.max_extra_phones = WAKE_MAX_EXTRA_PHONES
        self.speaking = speaking if speaking is not None else threading.Event()
        self._earcon = earcon
        self._say = say
        self.pronunciations = dict(pronunciations or {})
        self.echo_guard = echo_guard
        self.confirm_timeout = confirm_timeout
        self.heard: deque[Heard] = deque(maxlen=history)
        self._lock = threading.RLock()
        self._expected: frozenset[str] = frozenset(expected or ())
        self._listening_for: frozenset[str] = frozenset()
        self._grammars: dict[tuple[frozenset[str], str], GrammarSpec] = {}
        self._ptt = False
        self._paused = False
        self._pending: Command | None = None
        self._pending_at = 0.0
        self._seconds = 0.0          # audio seen so far (fed or dropped)
        self._guard_until = 0.0
        self._was_speaking = False
        self._in_utterance = False   # audio reached the recognizer since the last reset
        self._apply_grammar()

    # --- state the game loop sets ---------------------------------------------------------------
    def set_expected(self, intents: Iterable[str]) -> None:
        """The intents that make sense now (``game.expected_intents()``); cheap if unchanged."""
        with self._lock:
            wanted = frozenset(intents)
            if wanted == self._expected:
                return
            self._expected = wanted
            self._apply_grammar()

    @property
    def expected(self) -> frozenset[str]:
        return self._expected

    @property
    def listening_for(self) -> frozenset[str]:
        """The intents of the grammar the recognizer has now."""
        return self._listening_for

    @property
    def pending(self) -> Command | None:
        """A destructive command waiting for yes or no."""
        return self._pending

    @property
    def paused(self) -> bool:
        return self._paused

    @property
    def listening(self) -> bool:
        """Would audio reach the recognizer right now?"""
        if self.speaking.is_set() or self._seconds < self._guard_until:
            return False
        return self._ptt if self.gating == "push_to_talk" else True

    # --- push to talk ----------------------------------------------------------------------------
    def ptt_down(self) -> None:
        with self._lock:
            if self.gating != "push_to_talk" or self._ptt:
                return
            self.recognizer.reset()
            self._hold(True)
            self._in_utterance = False
            self._ptt = True
            self._earcon_play("listening")

    def ptt_up(self) -> list[Command]:
        """Release: the utterance ends here; returns what it carried."""
        with self._lock:
            if self.gating != "push_to_talk" or not self._ptt:
                return []
            self._ptt = False
            out = self._flush()
            self._hold(False)
            return out

    # --- confirmation by button or keyboard ------------------------------------------------------
    def confirm(self, yes: bool) -> Command | None:
        """Answer the pending question without voice; returns the command if confirmed."""
        with self._lock:
            return self._answer(yes, None)

    def resume(self) -> None:
        """Listen again after a spoken "pause" (a button or the keyboard may do this)."""
        with self._lock:
            if self._paused:
                self._paused = False
                self._apply_grammar()

    def cancel_pending(self) -> None:
        with self._lock:
            self._pending = None
            self._apply_grammar()

    # --- audio -----------------------------------------------------------------------------------
    def feed(self, pcm: bytes) -> list[Command]:
        """One chunk of 16-bit mono PCM at the recognizer's rate; returns accepted commands."""
        with self._lock:
            seconds = len(pcm) / 2 / self.recognizer.sample_rate
            out: list[Command] = []
            self._expire(out)
            now_speaking = self.speaking.is_set()
            if now_speaking:
                if self._in_utterance:
                    self.recognizer.reset()  # whatever was half-heard is the narrator's echo
                    self._in_utterance = False
                self._was_speaking = True
                self._seconds += seconds
                return out
            if self._was_speaking:
                self._was_speaking = False
                self._guard_until = self._seconds + self.echo_guard
            gate_open = self._ptt if self.gating == "push_to_talk" else True
            if not gate_open or self._seconds < self._guard_until:
                self._seconds += seconds
                return out
            self._seconds += seconds
            self._in_utterance = True
            result = self.recognizer.accept(pcm)
            if result is not None:
                self._in_utterance = False
                out += self._handle(result)
            return out

    def finish(self) -> list[Command]:
        """End of the stream: decode whatever utterance is still open."""
        with self._lock:
            return self._flush()

    def run(self, chunks: Iterable[bytes | None], on_command: Callable[[Command], Any]) -> None:
        """Feed chunks (e.g. ``iter_queue(source.queue)``) until they end or a ``None``;
        each accepted command goes to ``on_command`` before the next chunk is read."""
        for chunk in chunks:
            if chunk is None:
                break
            for command in self.feed(chunk):
                on_command(command)
        for command in self.finish():
            on_command(command)

    def commands(self, chunks: Iterable[bytes | None]) -> Iterator[Command]:
        """The same as :meth:`run`, as a generator."""
        for chunk in chunks:
            if chunk is None:
                break
            yield from self.feed(chunk)
        yield from self.finish()

    # --- internals ---------------------------------------------------------------------------
    def _hold(self, on: bool) -> None:
        """While the button is down the press is the utterance: a recognizer that can be told
        so (``hold``) ends it at the release only, not at a pause between words."""
        hold = getattr(self.recognizer, "hold", None)
        if callable(hold):
            hold(on)

    def _flush(self) -> list[Command]:
        out: list[Command] = []
        while (result := self.recognizer.flush()) is not None:
            out += self._handle(result)
        self._in_utterance = False
        return out

    def _expire(self, out: list[Command]) -> None:
        if self._pending is not None and self._seconds - self._pending_at > self.confirm_timeout:
            dropped = self._pending
            self._pending = None
            self._apply_grammar()
            self._speak(f"Not confirmed, so not done: {spoken_text(dropped)}.")

    def _current_intents(self) -> frozenset[str]:
        if self._pending is not None:
            return frozenset(CONFIRM_INTENTS)
        if self._paused:
            return frozenset({"resume"})
        return (self._expected | frozenset(GLOBAL_INTENTS)) & frozenset(self.language.by_intent)

    def _apply_grammar(self) -> None:
        intents = self._current_intents()
        key = (intents, self.wake)
        spec = self._grammars.get(key)
        if spec is None:
            data = self.language.grammar(sorted(intents), prefix=self.wake)
            spec = GrammarSpec.from_data(data, self.pronunciations)
            self._grammars[key] = spec
        self.recognizer.set_grammar(spec)
        self._in_utterance = False
        self._listening_for = intents

    def _record(self, result: RecognitionResult, verdict: str, reason: str = "",
                intent: str | None = None) -> None:
        entry = Heard(result.text, result.confidence, verdict, reason, intent, self._seconds)
        self.heard.append(entry)
        log.info("heard %r (%.2f): %s %s", result.text, result.confidence, verdict, reason)

    def _strip_wake(self, result: RecognitionResult) -> str | None:
        """The command words after the wake phrase, or None if it was not clearly said."""
        words = result.text.split()
        wake = self.wake.split()
        if words[: len(wake)] != wake:
            return None
        confidences = [w.confidence for w in result.words[: len(wake)] if w.confidence is not None]
        if confidences and min(confidences) < self.wake_confidence:
            return None
        return " ".join(words[len(wake):])

    def _confidence_floor(self, result: RecognitionResult) -> float:
        """``min_confidence``; in open and push-to-talk modes a one-word result may pass with
        the lower floor its recognizer gives one-word phrases (``confidence_floor``), since a
        short word's confidence is coarse. Not with the wake phrase: its chatter guard stays."""
        floor = getattr(self.recognizer, "confidence_floor", None)
        if self.wake or floor is None or len(result.text.split()) != 1:
            return self.min_confidence
        return min(self.min_confidence, floor(1))

    def _command_confidence(self, result: RecognitionResult) -> float:
        """The confidence of the command words alone (the wake phrase, said clearly, must
        not carry a mumbled command over the threshold)."""
        if not self.wake:
            return result.confidence
        rest = [w.confidence for w in result.words[len(self.wake.split()):]
                if w.confidence is not None]
        return min(result.confidence, sum(rest) / len(rest)) if rest else result.confidence

    def _handle(self, result: RecognitionResult) -> list[Command]:
        addressed = self.gating == "push_to_talk"   # was the narrator surely spoken to?
        text = result.text.strip()
        if self.wake and text:
            stripped = self._strip_wake(result)
            if stripped is None:
                self._record(result, "ignored", "no wake phrase")
                return []
            addressed, text = True, stripped
        if not text:
            return self._reject(result, result.reason or "nothing recognized", addressed)
        if not result.accepted:
            return self._reject(result, result.reason or "rejected by the recognizer", addressed)
        if self._command_confidence(result) < self._confidence_floor(result):
            return self._reject(result, "low confidence", addressed)
        command = self.language.parse(text, self._listening_for, spoken=True)
        if command is None:
            return self._reject(result, "not a command now", addressed)
        return self._act(result, command)

    def _reject(self, result: RecognitionResult, reason: str, addressed: bool) -> list[Command]:
        self._record(result, "rejected" if addressed else "ignored", reason)
        if addressed:
            self._earcon_play("rejected")
        return []

    def _act(self, result: RecognitionResult, command: Command) -> list[Command]:
        if self._pending is not None:
            released = self._answer(command.intent == "yes", result)
            return [released] if released is not None else []
        if command.intent == "pause":
            self._paused = True
            self._apply_grammar()
            self._record(result, "accepted", "paused", command.intent)
            self._earcon_play("heard")
            self._speak("Voice paused. Say resume to listen again."
                        if not self.wake else f"Voice paused. Say {self.wake} resume.")
            return []
        if command.intent == "resume":
            if self._paused:
                self._paused = False
                self._apply_grammar()
            self._record(result, "accepted", "resumed", command.intent)
            self._earcon_play("heard")
            return []
        if self.language.is_destructive(command.intent):
            self._pending = command
            self._pending_at = self._seconds
            self._apply_grammar()
            self._record(result, "confirm", "", command.intent)
            self._earcon_play("heard")
            self._speak(confirmation_question(command))
            return []
        self._record(result, "accepted", "", command.intent)
        self._earcon_play("heard")
        return [command]

    def _answer(self, yes: bool, result: RecognitionResult | None) -> Command | None:
        command = self._pending
        if command is None:
            return None
        self._pending = None
        self._apply_grammar()
        if result is not None:
            self._record(result, "confirmed" if yes else "cancelled", "", command.intent)
        self._earcon_play("heard" if yes else "rejected")
        if not yes:
            self._speak("Cancelled.")
            return None
        return command

    def _earcon_play(self, name: str) -> None:
        if self._earcon is None:
            return
        try:
            self._earcon(name)
        except Exception:  # a sound problem must never stop the game
            log.exception("earcon %s failed", name)

    def _speak(self, text: str) -> None:
        if self._say is None:
            return
        try:
            self._say("private", text)
        except Exception:
            log.exception("could not say %r", text)


# --- start-up -------------------------------------------------------------------------------------


@dataclass
class VoiceSetup:
    """What :func:`open_voice` found: a listener and its source, or neither and why."""

    listener: Listener | None
    source: Any = None
    message: str = ""
    problems: list[str] = field(default_factory=list)

    @property
    def available(self) -> bool:
        return self.listener is not None

    def close(self) -> None:
        if self.source is not None:
            try:
                self.source.stop()
            except Exception:  # pragma: no cover - a device going away while stopping
                log.exception("stopping the audio source failed")


def vocabulary_gap(recognizer: Recognizer, language: CommandLanguage, wake_phrase: str = "",
                   pronunciations: dict[str, str] | None = None) -> list[str]:
    """Words of the whole command language (and the wake phrase) the recognizer cannot say."""
    full = language.grammar(prefix=wake_phrase)
    try:
        recognizer.set_grammar(GrammarSpec.from_data(full, pronunciations or {}))
    except RecognizerError as exc:
        text = str(exc)
        if "no pronunciation for:" in text:
            return sorted(w.strip() for w in text.split(":", 1)[1].split(","))
        raise
    return recognizer.missing_words(full.words)


def make_recognizer(backend: str, model_path: str = "", *,
                    min_confidence: float | None = None, vad_window: float = 0.3,
                    vad_ratio: float = 0.5) -> Recognizer:
    """The configured backend; raises RecognizerError (with a plain message) if it cannot."""
    if backend == "pocketsphinx":
        try:
            from hardware.sphinx import SphinxRecognizer
        except ImportError as exc:  # pragma: no cover - depends on the install
            raise RecognizerError(f"pocketsphinx is not installed ({exc})") from exc
        # vad_ratio 0.5: the endpointer's default (0.9) starts an utterance late when there
        # is background noise and clips the first word ("seat four..." heard as "four...").
        kwargs: dict[str, Any] = {"vad_ratio": vad_ratio, "vad_window": vad_window}
        if model_path:
            kwargs["model"] = model_path
        if min_confidence is not None:
            kwargs["min_confidence"] = min_confidence
        return SphinxRecognizer(**kwargs)
    if backend == "vosk":
        from hardware.vosk_backend import VoskRecognizer
        path = model_path
        if not path:
            from hardware.models import find_vosk_model
            found = find_vosk_model()
            if found is None:
                raise RecognizerError("no vosk model installed (run: narrator model download)")
            path = str(found)
        # the listener checks every result against the full language, so vosk need not
        # insist on its (sampled) phrase list
        kwargs = {"require_phrase": False}
        if min_confidence is not None:
            kwargs["min_confidence"] = min_confidence
        return VoskRecognizer(path, **kwargs)
    raise RecognizerError(f"unknown recognizer backend {backend!r}")


def open_voice(
    language: CommandLanguage,
    *,
    backend: str = "pocketsphinx",
    model_path: str = "",
    microphone: str | None = "",
    gating: str = "push_to_talk",
    wake_phrase: str = "storyteller",
    min_confidence: float = DEFAULT_MIN_CONFIDENCE,
    speaking: threading.Event | None = None,
    earcon: Earcon | None = None,
    say: Say | None = None,
    source: Any = None,
    recognizer: Recognizer | None = None,
) -> VoiceSetup:
    """Everything voice input needs, or a clear reason it is off. Never raises for a missing
    device, model or word. ``source``/``recognizer`` may be given (tests, WAV input);
    otherwise the microphone named ``microphone`` ("" = default, "none" = off) is opened."""
    if backend == "none":
        return VoiceSetup(None, None, "Voice commands: off (recognizer backend 'none'); "
                                      "typed and button input only.")
    from narrator.pronunciations import load_pronunciations

    pronunciations = load_pronunciations()
    problems: list[str] = []
    if recognizer is None:
        try:
            recognizer = make_recognizer(backend, model_path)
        except RecognizerError as exc:
            problems.append(f"recognizer: {exc}")
    if recognizer is not None:
        try:
            gap = vocabulary_gap(recognizer, language,
                                 wake_phrase if gating == "wake_phrase" else "", pronunciations)
        except RecognizerError as exc:
            problems.append(f"recognizer: {exc}")
        else:
            if gap:
                problems.append("the recognizer's model cannot hear these command words: "
                                + ", ".join(gap[:12]) + (" ..." if len(gap) > 12 else ""))
    if source is None and not problems:
        if microphone == "none":
            problems.append("microphone: turned off in the configuration")
        else:
            try:
                from hardware.microphone import MicrophoneSource, MicrophoneUnavailable
                try:
                    source = MicrophoneSource(microphone or None,
                                              sample_rate=recognizer.sample_rate)
                except MicrophoneUnavailable as exc:
                    problems.append(f"microphone: {exc}")
            except ImportError as exc:  # numpy or the module itself missing
                problems.append(f"microphone: {exc}")
    if problems:
        return VoiceSetup(None, None, "Voice commands: off (" + "; ".join(problems)
                          + "). Typed and button input still work.", problems)
    try:
        listener = Listener(recognizer, language, gating=gating, wake_phrase=wake_phrase,
                            min_confidence=min_confidence, speaking=speaking, earcon=earcon,
                            say=say, pronunciations=pronunciations)
    except (RecognizerError, ValueError) as exc:
        return VoiceSetup(None, None, f"Voice commands: off ({exc}). Typed and button input "
                                      "still work.", [str(exc)])
    how = {"push_to_talk": "hold the talk button",
           "wake_phrase": f"say '{wake_phrase}' first",
           "open": "always listening"}[gating]
    where = getattr(source, "name", None) or type(source).__name__
    return VoiceSetup(listener, source,
                      f"Voice commands: {backend} on {where}; {how}.")


# --- the game side ----------------------------------------------------------------------------


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
        self.listener.set_expected(self.session.game.expected_intents())

    def __call__(self, command: Command) -> None:
        self.handle(command)

    def handle(self, command: Command) -> bool:
        """Carry out one command; False if the engine rejected it."""
        from statemachine.errors import Rejected
        from statemachine.speech import PRIVATE, Speech

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
        game, language = self.session.game, self.listener.language
        intents = game.expected_intents()
        examples = [f"'{language.example(f.intent, spoken=True)}'" for f in language.families
                    if f.intent in intents and f.spoken_templates()]
        return [game.status_line(), "You can say: " + ", ".join(examples) + "."]
