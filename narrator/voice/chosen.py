"""Fused, the grammar recognizer made to choose among the neural one's best phrases
(``result.chosen``, hardware/sphinx/choice.py). Where the policy refused the reading and the
choice fell on the neural recognizer's best command, two recognizers that read the utterance
differently at first now point at the same command: it is asked rather than "say that again",
never acted on, as the choice was forced. Where the policy only asked the neural reading, for
a doubt the choice speaks to (one recognizer's word), and the choice fell on that very command,
it is acted on: no seat in it, not a yes or a no, nothing destructive."""
from __future__ import annotations

from typing import Callable

from hardware.recognizer import RecognitionResult
from narrator.language.commands import Command
from narrator.voice.numbers import numbers_in
from narrator.voice.verdict import ACT, ASK, CHOSEN, QUIET, REJECT, Verdict, same_command
from narrator.voice.yes_no import YES_NO

# the doubts a reading is asked for that the grammar recognizer's choice settles: each says only
# one recognizer read the command whole (narrator.voice.lone, .agreement, .policy). Not two
# readings of another name in a slot: there the grammar recognizer read another command whole
SETTLED_BY_CHOICE = frozenset({
    "only one recognizer heard it", QUIET, "only the neural recognizer's search found it",
    "the other recognizer heard only part of it", "the other recognizer's reading, scored nearly as well"})
CHOSEN_TOO = "the other recognizer chose it too"


class ChosenReading:
    """:class:`narrator.voice.policy.Policy`'s part for the grammar recognizer's choice (its
    thresholds: ``chosen_gap``, ``chosen_deficit``, ``chosen_act``)."""

    def settled_by_choice(self, verdict: Verdict) -> bool:
        """A question a choice would turn into the command, acted on (:meth:`chosen_act_on`)."""
        command = verdict.command
        return (self.chosen_act and verdict.action == ASK and verdict.reason in SETTLED_BY_CHOICE
                and command is not None and not verdict.unsure and verdict.rival is None
                and command.intent not in YES_NO and not numbers_in(command))

    def wants_choice(self, verdict: Verdict) -> bool:
        """The grammar recognizer's choice may change this verdict: a refusal, or such a question."""
        return verdict.action == REJECT or self.settled_by_choice(verdict)

    def chosen_act_on(self, result: RecognitionResult, verdict: Verdict,
                      parse: Callable[[str], Command | None] | None) -> Verdict | None:
        """Such a question's command acted on, where the grammar recognizer chose that very
        command, sure of it; else None."""
        if not self.settled_by_choice(verdict) or not chose(result, verdict.command, parse):
            return None
        return Verdict(ACT, verdict.command, CHOSEN_TOO)

    def chosen_question(self, result: RecognitionResult,
                        parse: Callable[[str], Command | None] | None) -> Verdict | None:
        """The neural recognizer's best command (its best phrase that is a command now and not
        a yes or a no), within ``chosen_gap`` nats of its best phrase and ``chosen_deficit`` of
        its free transcript, where the grammar recognizer, made to choose among those phrases,
        chose that command and was sure of it: asked. Else None."""
        if self.chosen_gap is None or parse is None or not result.heard or not result.alternatives:
            return None
        first = next(((score, command) for text, score in result.alternatives
                      if (command := parse(text)) is not None and command.intent not in YES_NO), None)
        if first is None or not chose(result, first[1], parse):
            return None
        score, command = first
        if result.alternatives[0][1] - score > self.chosen_gap or -score > self.chosen_deficit:
            return None
        return Verdict(ASK, command, CHOSEN)


def chose(result: RecognitionResult, command: Command, parse: Callable[[str], Command | None] | None) -> bool:
    """The grammar recognizer, made to choose (``result.chosen``), chose ``command`` and was
    sure of it."""
    chosen = result.chosen
    if parse is None or chosen is None or not chosen.accepted or chosen.reason or not chosen.text.strip():
        return False
    picked = parse(chosen.text)
    return same_command(picked, command)
