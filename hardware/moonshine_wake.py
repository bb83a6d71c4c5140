"""Fused, with the wake phrase: the command heard again alone, after the wake phrase's last word.

Moonshine reads some commands worse after "storyteller" than alone. espeak-ng's fast
"storyteller the slayer slays seats one" is transcribed "Storyteller must say, or say, Zeed,
one.", and the command is 16.5 nats below that; from the end of pocketsphinx's "storyteller"
on, the same audio puts it within the margin of what moonshine hears.

So where the reading of the whole utterance was refused as far from what moonshine heard, in
clear audio (``AFTER_WAKE_MIN_SNR_DB``), and moonshine's own transcript of the whole began
with the wake phrase (its check of the wake phrase, ``moonshine_ahead.BEGIN_COST``, passed:
table talk that only sounded like it does not get this far), the audio after the wake
phrase's last word (the grammar recognizer's word time) is decided again, each phrase scored
without the wake phrase (:class:`AfterWake`). That reading is taken where it is accepted;
else the refusal stands.

Only in clear audio: in table babble the second reading lost more commands than it saved
(docs/performance.md, "Fused, with the wake phrase: the command heard again alone"). The
clear audio is as the level gate measures it, which it can only do once it has heard the
room: a stream that begins with speech reads clean at first.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from hardware.moonshine_ahead import SCORED_WITHIN_BEST, Heard, begun, opening
from hardware.moonshine_model import Transcript
from hardware.recognizer import FAR, RecognitionResult

# dB: the utterance at least this far above the room (``level_gate.utterance_snr``). The same
# line as pocketsphinx's early end (clean speech is heard at 37-47 dB here, the benchmark's
# babble at 14-27 dB: hardware/sphinx/settings.py)
AFTER_WAKE_MIN_SNR_DB = 30.0


def wake_end(result: RecognitionResult, wake: str, now: float | None, taken: int, speech_at: int,
             rate: int) -> int | None:
    """Where the wake phrase ends in an utterance's audio, in samples from its start, by the
    grammar recognizer's word times (``result``, with ``now`` its stream's seconds taken in so
    far); ``taken`` the stream's bytes taken in, ``speech_at`` the byte the audio begins at, on
    the same count. None where the result does not begin with the wake phrase and go on, or
    its times are unknown."""
    words, said = wake.split(), result.words
    if not begun(wake, " ".join(w.word for w in said)) or now is None or len(said) <= len(words):
        return None
    end = said[len(words) - 1].end
    return None if end is None else int(round((end - now) * rate)) + (taken - speech_at) // 2


class AfterWake(Heard):
    """Moonshine's work on the audio after the wake phrase (``samples``, cut from ``whole``'s
    audio): each phrase scored without the wake phrase, the free transcript written with it
    first (as a reading's ``heard``), the loud audio the whole utterance's (the policy's length
    check counts the wake phrase's syllables too)."""

    def __init__(self, whole: Heard, samples: np.ndarray, sample_rate: int, wake: str) -> None:
        super().__init__(whole.model, samples, sample_rate, whole.styled)
        self.whole, self.wake = whole, wake + " "
        rest = self.free
        self.free = Transcript(opening(self.styled, wake) + " " + rest.text, rest.tokens, rest.logprob)

    @property
    def loud(self) -> float:   # type: ignore[override]
        return self.whole.loud

    def score(self, phrases: Any, within: float = SCORED_WITHIN_BEST) -> dict[str, float]:
        alone = {p: p[len(self.wake):] if p.startswith(self.wake) else p for p in phrases}
        scored = super().score(list(dict.fromkeys(alone.values())), within)
        return {p: scored[alone[p]] for p in phrases}


def after_wake(done: Heard, samples: np.ndarray, sample_rate: int, rest: int | None,
               reading: RecognitionResult | None, snr_db: float | None) -> AfterWake | None:
    """The command's audio to decide again (:class:`AfterWake`), where ``reading`` (decided on
    ``done``, the whole of ``samples``) was refused as far from what was heard, the audio is
    clear, ``done``'s transcript began with the wake phrase, and ``rest`` (where it ends:
    :func:`wake_end`) leaves a command's worth of audio; else None."""
    if (rest is None or reading is None or reading.accepted or not reading.reason.startswith(FAR)
            or snr_db is None or snr_db < AFTER_WAKE_MIN_SNR_DB or not done.begun
            or not 0 < rest < len(samples) - sample_rate // 5):
        return None
    return AfterWake(done, samples[rest:], sample_rate, done.begin)
