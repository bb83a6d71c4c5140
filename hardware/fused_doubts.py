"""Fused: more evidence, gathered only where the policy doubts the reading as it stands (the
recognizer's ``doubts`` hook; with none set, wherever the two recognizers read it differently).

* Where the two differ, the grammar recognizer is made to choose among the neural one's best
  phrases (``chosen``, hardware/sphinx/choice.py).
* A third recognizer, where one is given, transcribes the utterance freely (``third``,
  hardware/whisper_model.py) and says how well the neural reading's phrase fits it
  (``third_fit``), unless the choice has settled the doubt (the ``doubts`` hook, asked again
  with the choice: the reading is acted on whatever the third would write).

What the policy makes of either: narrator.voice.chosen and narrator.voice.third.
"""
from __future__ import annotations

import dataclasses
import logging
from typing import Any

from hardware.recognizer import GrammarSpec, RecognitionResult, said_alike

log = logging.getLogger(__name__)


def doubted(recognizer: Any, grammar: GrammarSpec | None, mine: RecognitionResult, theirs: RecognitionResult,
            audio: bytes) -> RecognitionResult:
    """``mine`` (the neural reading, ``theirs`` the grammar recognizer's, both on ``grammar``)
    with the evidence the doubt calls for."""
    differ = not said_alike(grammar, mine.text, theirs.text)
    choose = getattr(recognizer.source, "choose", None)
    choosing = callable(choose) and recognizer.choosing and differ
    third = getattr(recognizer, "third", None)
    if not (choosing or third is not None):
        return mine
    if not (differ if recognizer.doubts is None else recognizer.doubts(mine)):
        return mine
    if choosing:
        answers = grammar.answers if grammar is not None else frozenset()   # no yes or no to choose
        mine = dataclasses.replace(mine, chosen=choose(audio, [p for p, _ in mine.alternatives if p not in answers]))
        if mine.chosen is not None and recognizer.doubts is not None and not recognizer.doubts(mine):
            return mine   # the choice settled it: no transcript changes what is done with it
    if third is not None:
        try:
            heard, fit = third.opinion(audio, mine.text)
            mine = dataclasses.replace(mine, third=heard, third_fit=fit)
        except Exception as exc:   # the third is extra evidence: without it the reading stands
            log.warning("the third recognizer failed: %s", exc)
    return mine
