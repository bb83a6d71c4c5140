"""Fused, a reading refused: the grammar recognizer made to choose among the neural one's best
phrases (``result.chosen``, hardware/sphinx/choice.py) chose its best command. Two recognizers
that read the utterance differently at first now point at the same command, so it is asked
rather than "say that again"; never acted on, as the choice was forced."""
from __future__ import annotations

from typing import Callable

from hardware.recognizer import RecognitionResult
from narrator.language.commands import Command
from narrator.voice.verdict import ASK, CHOSEN, Verdict
from narrator.voice.yes_no import YES_NO


class ChosenReading:
    """:class:`narrator.voice.policy.Policy`'s part for the grammar recognizer's choice (its
    thresholds: ``chosen_gap``, ``chosen_deficit``)."""

    def chosen_question(self, result: RecognitionResult,
                        parse: Callable[[str], Command | None] | None) -> Verdict | None:
        """The neural recognizer's best command (its best phrase that is a command now and not
        a yes or a no), within ``chosen_gap`` nats of its best phrase and ``chosen_deficit`` of
        its free transcript, where the grammar recognizer, made to choose among those phrases,
        chose that command and was sure of it: asked. Else None."""
        chosen = result.chosen
        if (self.chosen_gap is None or parse is None or chosen is None or not chosen.accepted
                or chosen.reason or not result.heard or not result.alternatives):
            return None
        first = next(((text, score, command) for text, score in result.alternatives
                      if (command := parse(text)) is not None and command.intent not in YES_NO), None)
        picked = parse(chosen.text) if chosen.text.strip() else None
        if first is None or picked is None:
            return None
        _, score, command = first
        if (picked.intent, picked.slots) != (command.intent, command.slots):
            return None
        if result.alternatives[0][1] - score > self.chosen_gap or -score > self.chosen_deficit:
            return None
        return Verdict(ASK, command, CHOSEN)
