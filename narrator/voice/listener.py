"""Voice commands: a gated, half-duplex listener between an audio source and the game.

The :class:`Listener` takes PCM chunks (from ``hardware.microphone``'s queue, or a WAV
file through the same queue), feeds the recognizer only while listening is allowed, checks
every result and hands back :class:`narrator.language.commands.Command` objects the caller may
carry out at once.

Gating (a grammar is a hint, not a constraint: any sound comes out as *some* phrase):

* ``push_to_talk``: audio reaches the recognizer only between :meth:`Listener.ptt_down`
  and :meth:`Listener.ptt_up`; releasing the button ends the utterance.
* ``wake_phrase``: the grammar is ``<wake phrase> ( commands )``; a result must begin with
  the wake phrase, heard with confidence of its own, or it is dropped without a sound.
* ``open``: always listening (a headset, or tests); like wake_phrase without the prefix.

In every mode nothing is fed while the narration's ``speaking`` Event is set (half-duplex),
nor for a short echo guard after it clears.

Each result (wake phrase removed) goes to the confirmation policy (:mod:`narrator.voice.policy`):
rejected unless the backend accepted it, its confidence reaches ``min_confidence`` and it
parses among the intents the recognizer was listening for; acted on and read back at once
("Seat seven."); or asked back first: a destructive command (a death, an execution, the end
of the game...) "Seat five dies. Confirm?", one whose seat number the recognizer is unsure
of "Seat seven? Yes or no.". Only a following yes (voice or button) releases an asked
command; no, or a timeout, drops it; anything else said to the narrator asks it again. A doubt between two readings that differ in one number
is asked between them, "Seat eight or six?" (:mod:`narrator.voice.between`), and one word
answers it. A decoy (:mod:`narrator.voice.decoys`: "next", where the game does not expect it)
is heard as itself and refused.

Earcons: ``listening`` when push-to-talk opens, ``heard`` for an accepted command (or a
question asked), ``rejected`` when something was said to the narrator but not taken.
(:func:`narrator.voice.opening.open_voice` builds a listener from the configuration.)
"""
from __future__ import annotations

import logging
import threading
from collections import deque
from typing import Any, Callable, Iterable, Iterator

from hardware.recognizer import GrammarSpec, RecognitionResult, Recognizer
from narrator.language.commands import Command, CommandLanguage
from narrator.voice.again import said_again
from narrator.voice.asking import Asking
from narrator.voice.between import Between
from narrator.voice.confirm import read_back, spoken_text
from narrator.voice.decoys import decoys, is_decoy, not_now
from narrator.voice.hesitations import with_hesitations
from narrator.voice.heard import Heard
from narrator.voice.hooks import FusedHooks
from narrator.voice.policy import Policy
from narrator.voice.thresholds import DEFAULT_MIN_CONFIDENCE, QUESTION_MAX_EXTRA_PHONES
from narrator.voice.verdict import ASK, REJECT, Verdict
from narrator.voice.wake import DEFAULT_WAKE_CONFIDENCE, command_confidence, strip_wake

log = logging.getLogger(__name__)

GATINGS = ("push_to_talk", "wake_phrase", "open")
# Listened for in every state, whatever the game expects.
GLOBAL_INTENTS = ("repeat", "help", "status", "undo", "pause", "resume")
CONFIRM_INTENTS = ("yes", "no")
WAKE_MAX_EXTRA_PHONES = 2       # measured: false accepts on the benchmark chatter 5 -> 3 / 109
DEFAULT_ECHO_GUARD = 0.3        # seconds ignored after the narrator stops speaking
DEFAULT_CONFIRM_TIMEOUT = 20.0  # seconds of audio after which an unanswered question lapses
AGAIN_WITHIN = 10.0             # seconds of audio in which a refused command said again counts twice

Earcon = Callable[[str], None]
Say = Callable[[str, str], None]


def listen_for_wake(recognizer: Recognizer, wake: str, asking: bool = False) -> None:
    """Set a recognizer to hear commands said after ``wake`` (""): chatter that names the
    Storyteller and runs on ("storyteller, do we have time for...") is refused when speech goes
    on past the command's words; a neural recognizer's transcript begins with the phrase where
    the grammar recognizer heard it. Without a wake phrase, speech may run on (open listening),
    except past the answer to a question (``asking``) heard by one recognizer alone."""
    if hasattr(recognizer, "max_extra_phones"):
        alone = getattr(recognizer, "source", None) is None   # fused: its grammar recognizer
        recognizer.max_extra_phones = (WAKE_MAX_EXTRA_PHONES if wake else
                                       QUESTION_MAX_EXTRA_PHONES if asking and alone else None)
    if hasattr(recognizer, "wake_phrase"):
        recognizer.wake_phrase = wake


class Listener(Asking, FusedHooks):
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
        policy: Policy | None = None,
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
        # act, ask or reject: narrator.voice.policy (the floor is worked out here, per mode)
        self.policy = policy if policy is not None else Policy(min_confidence)
        self.wake_confidence = wake_confidence
        listen_for_wake(recognizer, self.wake)
        self.speaking = speaking if speaking is not None else threading.Event()
        self._earcon = earcon
        self._say = say
        self.pronunciations = dict(pronunciations or {})
        self.echo_guard = echo_guard
        self.confirm_timeout = confirm_timeout
        self.heard: deque[Heard] = deque(maxlen=history)
        self._lock = threading.RLock()
        self._expected: frozenset[str] = frozenset(expected or ())
        self._most_seats: int | None = None   # the most seats the step takes (set_expected)
        self._listening_for: frozenset[str] = frozenset()
        self._grammars: dict[tuple[frozenset[str], str, int | None], GrammarSpec] = {}
        self._ptt = False
        self._paused = False
        self._pending: Command | None = None
        self._between: Between | None = None   # the pending question is between two readings
        self._question, self._asked_again = "", 0   # its words, and how often said again
        # the last attempt refused: what it read, when, and in which turn (a press of the talk
        # button; each utterance in the other modes)
        self._refused: tuple[Command, float, int] | None = None
        self._turn = 0
        self._pending_at = 0.0
        self._seconds = 0.0          # audio seen so far (fed or dropped)
        self._guard_until = 0.0
        self._was_speaking = False
        self._in_utterance = False   # audio reached the recognizer since the last reset
        self._hook_fused(recognizer)   # fused: narrator.voice.hooks
        self._apply_grammar()

    # --- state the game loop sets ---------------------------------------------------------------
    def set_expected(self, intents: Iterable[str], most_seats: int | None = None) -> None:
        """The intents that make sense now (``game.expected_intents()``), and the most seats
        the step takes (``Session.most_seats``: a choice heard with no more); cheap if unchanged."""
        with self._lock:
            wanted = frozenset(intents)
            if (wanted, most_seats) != (self._expected, self._most_seats):
                self._expected, self._most_seats = wanted, most_seats
                self._apply_grammar()

    @property
    def expected(self) -> frozenset[str]:
        return self._expected

    @property
    def listening_for(self) -> frozenset[str]:
        """The intents of the grammar the recognizer has now."""
        return self._listening_for

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
            self._turn += 1
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
    def pause(self, on: bool = True) -> None:
        """Listen for resume only, or (False) again: a button's or the keyboard's pause."""
        with self._lock:
            self._paused, self._pending = on, None if on else self._pending
            self._apply_grammar()

    def resume(self) -> None:
        self.pause(False)

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
        for command in self.commands(chunks):
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

    def _current_intents(self) -> frozenset[str]:
        if self._pending is not None:   # the answers; to a yes or no, "repeat" as well (asked again)
            return frozenset(CONFIRM_INTENTS + (() if self._between is not None else ("repeat",)))
        if self._paused:
            return frozenset({"resume"})
        return ((self._expected | frozenset(GLOBAL_INTENTS) | decoys(self._expected))
                & frozenset(self.language.by_intent))

    def _apply_grammar(self) -> None:
        intents = self._current_intents()
        listen_for_wake(self.recognizer, self.wake, asking=self._pending is not None)
        if self._pending is None:
            self._between = None
        elif self._between is not None:   # yes, no, or one of the two numbers
            answers = with_hesitations(self.language.grammar(sorted(intents), prefix=self.wake), self.wake)
            self.recognizer.set_grammar(self._between.grammar(answers, self.pronunciations, self.wake))
            self._in_utterance = False
            self._listening_for = intents
            return
        key = (intents, self.wake, self._most_seats)
        spec = self._grammars.get(key)
        if spec is None:
            data = self.language.grammar(sorted(intents), prefix=self.wake, most_seats=self._most_seats)
            data = with_hesitations(data, self.wake) if self._pending is not None else data
            spec = self._grammars[key] = GrammarSpec.from_data(data, self.pronunciations)
        self.recognizer.set_grammar(spec)
        self._in_utterance = False
        self._listening_for = intents

    def _record(self, result: RecognitionResult, verdict: str, reason: str = "",
                intent: str | None = None) -> None:
        entry = Heard(result.text, result.confidence, verdict, reason, intent, self._seconds)
        self.heard.append(entry)
        log.info("heard %r (%.2f): %s %s", result.text, result.confidence, verdict, reason)

    def _confidence_floor(self, result: RecognitionResult) -> float:
        """``min_confidence``; in open and push-to-talk modes a one-word result may pass with
        the lower floor its recognizer gives one-word phrases (``confidence_floor``), since a
        short word's confidence is coarse. Not with the wake phrase: its chatter guard stays."""
        floor = getattr(self.recognizer, "confidence_floor", None)
        if self.wake or floor is None or len(result.text.split()) != 1:
            return self.min_confidence
        return min(self.min_confidence, floor(1))

    def _handle(self, result: RecognitionResult) -> list[Command]:
        addressed = self.gating == "push_to_talk"   # was the narrator surely spoken to?
        text = result.text.strip()
        if self.wake and text:
            stripped = strip_wake(result, self.wake, self.wake_confidence)
            if stripped is None:
                self._record(result, "ignored", "no wake phrase")
                return []
            addressed, text = True, stripped
        if self._between is not None and self._between.pick(text) is not None:
            return self._picked(result, self._between.pick(text), addressed)
        command = self._parse(text) if text else None
        verdict = self.policy.decide(result, command, **self._how(result, command))
        if self.gating != "push_to_talk":
            self._turn += 1
        if self._pending is None and not self._paused:
            earlier, self._refused = self._refused, None
            if (earlier is not None and earlier[2] != self._turn
                    and self._seconds - earlier[1] <= AGAIN_WITHIN):
                verdict = said_again(verdict, command, earlier[0])
            if verdict.action == REJECT and command is not None and addressed:
                self._refused = (command, self._seconds, self._turn)
        if verdict.action == REJECT and self._pending is not None and addressed:
            verdict = self._heard_twice(result, command, verdict)   # narrator.voice.asking
        if verdict.action == REJECT:
            return self._reject(result, verdict.reason, addressed)
        if self._pending is None and not self._paused and is_decoy(verdict.command, self._expected):
            self._reject(result, "not expected now", addressed)
            if addressed:
                self._speak(not_now(verdict.command, self._expected))
            return []
        return self._act(result, verdict)

    def _how(self, result: RecognitionResult, command: Command | None) -> dict[str, Any]:
        """What the policy weighs besides the result (:meth:`Policy.decide`'s keywords)."""
        return {"floor": self._confidence_floor(result), "confidence": command_confidence(result, self.wake),
                "parse": lambda heard: self._parse(" ".join(heard.split()[len(self.wake.split()):])),
                **self.language.weighed(command)}

    def _parse(self, text: str) -> Command | None:
        return self.language.parse(text, self._listening_for, spoken=True)

    def _reject(self, result: RecognitionResult, reason: str, addressed: bool) -> list[Command]:
        self._record(result, "rejected" if addressed else "ignored", reason)
        if addressed:
            self._earcon_play("rejected")
            self._ask_again()      # while a question waits (narrator.voice.asking)
        return []

    def _act(self, result: RecognitionResult, verdict: Verdict) -> list[Command]:
        command = verdict.command
        assert command is not None
        if self._pending is not None:
            return self._answered(result, verdict)     # narrator.voice.asking
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
        if verdict.action == ASK:
            self._await_answer(command, verdict.rival, destructive=verdict.reason == "destructive")
            self._record(result, "confirm", verdict.reason, command.intent)
            self._earcon_play("heard")
            self._speak(self._question)
            return []
        self._record(result, "accepted", "", command.intent)
        self._earcon_play("heard")
        self._speak(read_back(spoken_text(command)))
        return [command]
