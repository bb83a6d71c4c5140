"""The confirmation policy: one place decides, from a recognition result's scores and the
command's risk, whether the narrator acts on what it heard, asks it back, or asks for it again.

* ``act``: the command is carried out at once and read back briefly ("Seat seven.").
* ``ask``: it is asked back first ("Seat seven? Yes or no."), answered by voice or the yes/no
  buttons. A destructive command (a death, an execution, the end of the game...) is always
  asked ("Seat five dies. Confirm?"); so is one whose slots the recognizer is unsure of: a
  number word with low confidence of its own, or an alternative reading of the utterance,
  scored nearly as well, that would give the same command with another number.
* ``reject``: nothing is done ("Say that again." where the narrator was surely spoken to).

The scores are the backend's: the utterance's confidence, each word's confidence, and its
``alternatives`` (other readings of the same audio with their scores). Any backend (or a
fused pair) that fills those in gets the same policy.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from hardware.recognizer import RecognitionResult
from narrator.language import templates as T
from narrator.language.commands import Command

ACT, ASK, REJECT = "act", "ask", "reject"
ACTIONS = (ACT, ASK, REJECT)
NUMBER_WORDS = frozenset(word for word, _ in T.number_words(0, 20))
# A number word below this confidence of its own is asked back. Measured with pocketsphinx on
# the benchmark's commands in state (216 clips; clean / 20 dB babble): commands acted on with a
# wrong slot or intent 7 -> 4 / 15 -> 11, right ones asked 5 / 4 (0.3: 4 / 14 wrong, 3 / 1
# asked; 0.45: 3 / 11 wrong, 14 / 12 asked). docs/performance.md, "seat numbers".
DEFAULT_SLOT_CONFIDENCE = 0.35
# An alternative reading whose score is within this of the best one counts as a rival (a
# backend that scores alternatives on its own scale passes its own margin). pocketsphinx gives
# none: its lattice's n-best over a grammar repeats the best words (13 of 13 seat commands).
DEFAULT_ALTERNATIVE_MARGIN = 0.0


@dataclass(frozen=True)
class Verdict:
    """What the narrator does with one result: ``action`` (act, ask or reject), the command
    (None when rejected), why, and the number words it is unsure of."""

    action: str
    command: Command | None
    reason: str = ""
    unsure: tuple[str, ...] = ()


@dataclass(frozen=True)
class Policy:
    """The thresholds. ``min_confidence`` is the utterance's floor (the Listener passes the
    floor it has worked out for the gating mode); ``slot_confidence`` a number word's own;
    ``alternative_margin`` how close a rival reading's score must be to the best to count."""

    min_confidence: float = 0.3
    slot_confidence: float = DEFAULT_SLOT_CONFIDENCE
    alternative_margin: float = DEFAULT_ALTERNATIVE_MARGIN

    def decide(self, result: RecognitionResult, command: Command | None, *, destructive: bool,
               floor: float | None = None, confidence: float | None = None,
               parse: Callable[[str], Command | None] | None = None) -> Verdict:
        """The verdict on ``result``, parsed as ``command`` (None: not a command now).
        ``confidence``: the score to hold against the floor (default the result's own; the
        wake-phrase mode passes the command words' alone). ``parse`` reads an alternative's
        text as a command, to see whether it differs only in a number."""
        if not result.text.strip():
            return Verdict(REJECT, None, result.reason or "nothing recognized")
        if not result.accepted:
            return Verdict(REJECT, None, result.reason or "rejected by the recognizer")
        score = result.confidence if confidence is None else confidence
        if score < (self.min_confidence if floor is None else floor):
            return Verdict(REJECT, None, "low confidence")
        if command is None:
            return Verdict(REJECT, None, "not a command now")
        unsure = self.unsure_numbers(result, command, parse)
        if unsure:
            return Verdict(ASK, command, "unsure of " + " and ".join(unsure), unsure)
        if destructive:
            return Verdict(ASK, command, "destructive")
        return Verdict(ACT, command)

    def unsure_numbers(self, result: RecognitionResult, command: Command,
                       parse: Callable[[str], Command | None] | None = None) -> tuple[str, ...]:
        """The command's number words the recognizer is unsure of: low confidence of their
        own, or a rival reading that is the same command with another number."""
        words = command.text.split()
        numbers = [w for w in result.words[len(result.words) - len(words):]
                   if w.word in NUMBER_WORDS] if len(result.words) >= len(words) else []
        unsure = [w.word for w in numbers
                  if w.confidence is not None and w.confidence < self.slot_confidence]
        if parse is not None and result.alternatives:
            best = max(score for _, score in result.alternatives)
            for text, score in result.alternatives:
                if score < best - self.alternative_margin or T.normalise(text) == command.text:
                    continue
                rival = parse(text)
                if rival is not None and rival.intent == command.intent and rival.slots != command.slots:
                    unsure += [w for w in words if w in NUMBER_WORDS and w not in text.split()]
        return tuple(dict.fromkeys(unsure))


def read_back(words: str) -> str:
    """What the earpiece says at once for a command acted on: its words ("Seat seven.")."""
    return f"{words[:1].upper()}{words[1:]}."


def question(words: str) -> str:
    """The question for a command the recognizer is unsure of: "Seat seven? Yes or no."."""
    return f"{words[:1].upper()}{words[1:]}? Yes or no."
