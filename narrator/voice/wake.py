"""The wake phrase's checks on a result: was it clearly said, and how sure is the recognizer of
the command words after it."""
from __future__ import annotations

from hardware.recognizer import RecognitionResult

DEFAULT_WAKE_CONFIDENCE = 0.42  # measured: chatter forced onto 'storyteller' scores <= 0.4


def strip_wake(result: RecognitionResult, wake: str, wake_confidence: float) -> str | None:
    """The command words after the wake phrase, or None if it was not clearly said."""
    words = result.text.split()
    wake_words = wake.split()
    if words[: len(wake_words)] != wake_words:
        return None
    confidences = [w.confidence for w in result.words[: len(wake_words)] if w.confidence is not None]
    if confidences and min(confidences) < wake_confidence:
        return None
    return " ".join(words[len(wake_words):])


def command_confidence(result: RecognitionResult, wake: str) -> float:
    """The confidence of the command words alone (the wake phrase, said clearly, must not
    carry a mumbled command over the threshold). No wake phrase: the result's own."""
    if not wake:
        return result.confidence
    rest = [w.confidence for w in result.words[len(wake.split()):] if w.confidence is not None]
    return min(result.confidence, sum(rest) / len(rest)) if rest else result.confidence
