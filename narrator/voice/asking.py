"""The Listener's pending question: a command held for an answer (yes or no, by voice, button
or keyboard; or one of two numbers, :mod:`narrator.voice.between`), released confirmed,
dropped on no or when it lapses, said again when what is said to the narrator does not answer
it; and the two ways the Listener speaks (an earcon, a private line). A mixin of
:class:`narrator.voice.listener.Listener`, whose state (``_pending``, ``_between``,
``_lock``...) and helpers it uses."""
from __future__ import annotations

import logging
from dataclasses import replace

from hardware.recognizer import RecognitionResult
from narrator.language.commands import Command
from narrator.voice.between import Between
from narrator.voice.confirm import confirmation_question, question as yes_or_no, read_back, spoken_text
from narrator.voice.verdict import ACT, ASK, Verdict
from narrator.voice.wake import command_confidence
from narrator.voice.yes_no import (answer_unheard, babble_yes_word, lone_yes_word, two_heard, unlike_yes_words,
                                   yes_among_talk)

log = logging.getLogger(__name__)

ASK_AGAIN = 2   # times a question is said again for something that did not answer it
TWO_HEARD = "two recognizers heard the answer"


class Asking:
    """Holding one command for an answer (see the module's docstring)."""

    @property
    def pending(self) -> Command | None:
        """A command waiting for its answer."""
        return self._pending

    @property
    def between(self) -> Between | None:
        """The two readings the pending question is between ("Seat eight or six?"), or None."""
        return self._between

    def confirm(self, yes: bool) -> Command | None:
        """Answer the pending question without voice; returns the command if confirmed."""
        with self._lock:
            return self._answer(yes, None)

    def ask(self, command: Command, rival: Command | None = None, question: str = "") -> None:
        """Hold ``command`` for a yes, handed back confirmed; the table says the question
        (``question``, its words, said again where an answer is not heard; by default the
        confirmation's). With ``rival`` (the same command with another number) the question
        is between the two."""
        with self._lock:
            self._await_answer(command, rival, question, destructive=True)

    def _await_answer(self, command: Command, rival: Command | None, question: str = "",
                      destructive: bool = False) -> None:
        """Hold ``command`` for its answer; ``question``: the words it is asked in (by default
        "Seat eight or six?" between two readings, else "Seat five dies. Confirm?" for a
        ``destructive`` one, else "Seat eight? Yes or no.")."""
        self._pending, self._pending_at = command, self._seconds
        self._between = Between.of(command, rival)
        self._question = question or (self._between.question() if self._between is not None
                                      else confirmation_question(command) if destructive
                                      else yes_or_no(spoken_text(command)))
        self._asked_again = 0
        self._apply_grammar()

    def _ask_again(self) -> None:
        """Something said to the narrator while a question waits, and not an answer ("what
        was that?", "storyteller repeat", the talk button pressed in silence): the question
        again, as the back button would say it. A yes-or-no question's grammar holds "repeat"
        for it; the two-way one's holds its answers only (a "repeat" there cost those answers,
        docs/performance.md). At most ``ASK_AGAIN`` times; each gives the Storyteller the whole
        ``confirm_timeout`` again."""
        if self._pending is None or self._asked_again >= ASK_AGAIN:
            return
        self._asked_again += 1
        self._pending_at = self._seconds
        self._speak(self._question)

    def cancel_pending(self) -> None:
        with self._lock:
            self._pending = None
            self._apply_grammar()

    def _expire(self, out: list[Command]) -> None:
        if self._pending is not None and self._seconds - self._pending_at > self.confirm_timeout:
            dropped = self._pending
            self._pending = None
            self._apply_grammar()
            self._speak(f"Not confirmed, so not done: {spoken_text(dropped)}.")

    def _picked(self, result: RecognitionResult, command: Command, addressed: bool) -> list[Command]:
        """The answer to a two-way question named one reading: carried out (a destructive one
        is asked about in its turn), if heard surely enough."""
        score = command_confidence(result, self.wake)
        if not result.accepted or score < self._confidence_floor(result):
            return self._reject(result, result.reason or "low confidence", addressed)
        second = result.second
        if second is not None and (not second.text.strip() or self._between.pick(second.text) != command):
            # fused: a seat only one recognizer heard is never acted on (moonshine heard Piper's
            # "seat twelve" as "T. twelve." and scored "two" best; pocketsphinx heard it right)
            return self._reject(result, "the two recognizers heard another answer", addressed)
        if self._between.tied(result, command, self.policy.alternative_margin, self.wake):
            return self._reject(result, "the other answer scored as well", addressed)
        self._pending = None
        self._apply_grammar()
        self._record(result, "confirmed", "picked", command.intent)
        if self.language.is_destructive(command.intent):
            return self._act(result, Verdict(ASK, command, "destructive"))
        floor = self.policy.audio_floor(result, command)
        if second is None and floor is not None and result.snr_db is not None and result.snr_db < floor:
            # one recognizer alone, in the audio where it asks every command: this one too ("Seat
            # nine? Yes or no."; pocketsphinx took the other seat for 21 of 360 answers at 15 dB)
            return self._act(result, Verdict(ASK, command, "poor audio"))
        self._earcon_play("heard")
        self._speak(read_back(spoken_text(command)))
        return [replace(command, confirmed=True)]

    def _heard_twice(self, result: RecognitionResult, command: Command | None, verdict: Verdict) -> Verdict:
        """A yes or a no refused, said to the narrator while its question waits: the answer,
        where two recognizers heard it word for word (:func:`two_heard`); else ``verdict``."""
        if command is not None and two_heard(result, command, self._how(result, command)["parse"]):
            return Verdict(ACT, command, TWO_HEARD)
        return verdict

    def _answered(self, result: RecognitionResult, verdict: Verdict) -> list[Command]:
        """A reading heard while the question waits, not refused by the policy: the answer it
        gives, if it gives one surely. "repeat" (in a yes-or-no question's grammar) and a yes
        in doubt, or one neither transcript holds (fused: :func:`answer_unheard`), answer
        nothing: the question is said again. A yes confirms a death or the end of the game."""
        command = verdict.command
        assert command is not None
        if command.intent not in ("yes", "no"):   # "repeat": the question again
            return self._reject(result, "not an answer", True)
        if command.intent == "yes" and verdict.action != ACT and verdict.reason != "poor audio":
            # in poor audio, where one recognizer doubts every command, only the word "yes"
            # answers (babble_yes_word, in _answer)
            return self._reject(result, f"a yes in doubt ({verdict.reason})", True)
        parse = self._how(result, command)["parse"]
        if answer_unheard(result, command, parse):
            return self._reject(result, "a yes neither transcript holds", True)
        if unlike_yes_words(result, command, parse):
            return self._reject(result, "two yes words unlike in sound", True)
        if yes_among_talk(result, command, parse):
            return self._reject(result, "a yes among other talk", True)
        if (self._between is not None and lone_yes_word(result, command)
                and not babble_yes_word(result, self.policy.audio_floor(result))):   # over talk: _answer says so
            return self._reject(result, "a yes word other than yes, one recognizer", True)
        released = self._answer(command.intent == "yes", result, verdict.reason)
        return [released] if released is not None else []

    def _answer(self, yes: bool, result: RecognitionResult | None, doubt: str = "") -> Command | None:
        command = self._pending
        if command is None:
            return None
        if yes and result is not None and babble_yes_word(result, self.policy.audio_floor(result)):
            # over table talk pocketsphinx alone hears other answers as "confirm": only "yes"
            # (or the yes button) answers there; the question stays, asked again
            self._record(result, "rejected", "a yes word other than yes, in poor audio", command.intent)
            self._earcon_play("rejected")
            self._speak((self._between.question() if self._between is not None else "Yes or no?")
                        + " Too much talk.")
            return None
        self._pending = None
        self._apply_grammar()
        if result is not None:
            self._record(result, "confirmed" if yes else "cancelled", doubt, command.intent)
        self._earcon_play("heard" if yes else "rejected")
        if not yes:
            self._speak("Cancelled.")
            return None
        return replace(command, confirmed=True)

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
