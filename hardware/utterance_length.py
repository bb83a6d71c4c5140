"""How long the speaker spoke in an utterance, against how long a phrase takes to say.

In table babble a recognizer may read a short command out of a long one ("next" out of
"execute seats five", "repeat" out of "seats ten shoots seat eleven"): the phrase is too short
for the speech. The speaker's own speech is measured as the loud audio: the 10 ms frames
within ``LOUD_DB`` of the utterance's loud level (its 95th percentile), which table talk well
below the speaker does not reach. A phrase's length is counted in syllables, roughly.
"""
from __future__ import annotations

import re
from typing import Callable, Sequence

import numpy as np

# how far below the utterance's loud level (dB) a frame still counts as the speaker's speech
LOUD_DB = 10.0


def loud_floor(levels: Sequence[float]) -> float:
    """The level (dB) a frame of the speaker's own voice reaches: ``LOUD_DB`` below the 95th
    percentile of the utterance's frame ``levels`` (inf: no frames)."""
    if not len(levels):
        return float("inf")
    return float(np.percentile(np.asarray(levels, dtype=np.float64), 95)) - LOUD_DB


def at_speaker_level(levels: Sequence[float], per_level: int) -> Callable[[float], bool]:
    """Whether a decoder frame (``per_level`` of them to each of ``levels``) is at the
    speaker's own level (``loud_floor``), not in the table talk around them."""
    floor = loud_floor(levels)
    return lambda frame: int(frame) // per_level < len(levels) and levels[int(frame) // per_level] >= floor


def loud_seconds_of(levels: Sequence[float], frame_seconds: float) -> float:
    """Seconds of frames (each ``frame_seconds`` long, at ``levels`` dB) at the speaker's own
    level (``loud_floor``)."""
    if not len(levels):
        return 0.0
    return float(np.sum(np.asarray(levels, dtype=np.float64) >= loud_floor(levels))) * frame_seconds


def loud_seconds(samples: np.ndarray, rate: int = 16000) -> float:
    """The loud seconds (``loud_seconds_of``) of 16-bit samples, in 10 ms frames (each frame's
    level as ``level_gate.frame_db`` works it out)."""
    frame = rate // 100
    audio = np.asarray(samples)
    whole = len(audio) // frame * frame
    if not whole:
        return 0.0
    blocks = audio[:whole].astype(np.float64).reshape(-1, frame)
    return loud_seconds_of(10.0 * np.log10(np.mean(np.square(blocks), axis=1) + 1.0), frame / rate)


def syllables(phrase: str) -> int:
    """A phrase's syllables, roughly: its vowel groups, a silent final e left out."""
    count = 0
    for word in phrase.split():
        groups = len(re.findall(r"[aeiouy]+", word))
        if groups > 1 and word.endswith("e") and not word.endswith(("le", "ee")):
            groups -= 1
        count += max(1, groups)
    return count
