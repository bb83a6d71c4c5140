"""A level-adaptive speech gate and the endpointer that uses it (numpy only, no I/O).

Why: a VAD tells speech from noise, not the Storyteller from the table. With other people
talking the WebRTC-style VAD calls nearly every frame speech (measured: 75 % of the babble
frames at 20 dB SNR, all of them at 10 dB), so an utterance never ends while the table
talks and nothing bounds its length.

The Storyteller speaks nearer the microphone than the table, so his speech stands above
the level the room has most of the time. :class:`LevelGate` tracks that background level
as a low percentile of the frame levels of the last few seconds (the level of a frame is
the mean power of the last three, which steadies babble; the estimate may rise only
slowly, so a long command does not become the background) and counts a frame as speech
only when the VAD says speech *and* the frame is ``margin_db`` above the background
(``hold_db`` once an utterance is under way, so that the quieter parts of a command do
not split it).

The gate engages only when the background looks like a table talking: when the VAD calls
most of the frames near the background level speech, or when those frames spread over
more than ``spread_db`` (babble comes and goes; hiss and fans are steady). In a quiet room
neither holds, and the VAD's own verdicts pass unchanged, so endpointing there is what it
was without the gate (measured: the same utterances, to the frame, on all 216 clean
benchmark clips).

:class:`GatedEndpointer` is a frame-by-frame endpointer with the interface and the
decision rule of ``pocketsphinx.Endpointer`` (a window of frames; an utterance starts
when more than ``ratio`` of the window is speech and ends when less than ``1 - ratio``
is), on the gate's verdicts, with a maximum utterance length: at ``max_length`` seconds
the utterance ends (and is decoded) and no new one starts until the level has fallen
back. The VAD itself is any ``frame -> bool`` callable, so the module is backend-neutral.
"""
from __future__ import annotations

import bisect
import math
from collections import deque
from typing import Callable

import numpy as np

DEFAULT_HISTORY = 5.0        # seconds of frame levels the background is estimated from
DEFAULT_PERCENTILE = 10.0    # the background: this percentile of those levels ...
DEFAULT_RISE_DB = 3.0        # ... rising no faster than this many dB a second
DEFAULT_MARGIN_DB = 8.0      # a frame this far above the background may start an utterance
DEFAULT_HOLD_DB = 4.0        # ... and this far keeps one going
DEFAULT_ENGAGE = 0.5         # the gate acts when the VAD calls this share of background frames speech,
DEFAULT_SPREAD_DB = 1.5      # or when the background frames spread this much (p50 - p10): babble, not hiss
DEFAULT_SMOOTH = 3           # frames: a frame's level is the mean power of the last this many
VAD_WARMUP = 5               # frames a fresh VAD calls speech whatever they hold
DEFAULT_MAX_LENGTH = 6.0     # seconds: no command is longer (the benchmark's longest: 3.6 s)


# samples in a frame of frame_levels (30 ms at 16 kHz)
LEVEL_FRAME = 480


def frame_db(frame: bytes | np.ndarray) -> float:
    """Energy of a frame of 16-bit PCM in dB (mean square; 0 dB for digital silence)."""
    samples = np.frombuffer(frame, dtype="<i2") if isinstance(frame, (bytes, bytearray, memoryview)) else frame
    if len(samples) == 0:
        return 0.0
    power = float(np.mean(np.square(samples, dtype=np.float64)))
    return 10.0 * math.log10(power + 1.0)


def frame_levels(pcm: bytes, frame: int = LEVEL_FRAME) -> list[float]:
    """The dB level (``frame_db``) of each whole ``frame``-sample block of 16-bit PCM."""
    samples = np.frombuffer(pcm[: len(pcm) - len(pcm) % 2], dtype="<i2")
    whole = len(samples) // frame * frame
    return [frame_db(block) for block in samples[:whole].reshape(-1, frame)] if whole else []


def utterance_snr(levels: list[float], background_db: float | None, loud: float = 90.0) -> float | None:
    """How far an utterance's loud frames (the ``loud``-th percentile of their levels) stand
    above the background level: the SNR the recognizer heard it at, roughly (clean about 45 dB
    here, the benchmark's 10 dB babble about 20)."""
    if not levels or background_db is None:
        return None
    return float(np.percentile(levels, loud)) - background_db


def percentile(ordered: list[float], p: float, count: int | None = None) -> float:
    """The ``p``-th percentile of the first ``count`` of ``ordered`` (sorted; all by default),
    as ``numpy.percentile`` works it out (linear between the two nearest ranks), to the bit."""
    n = len(ordered) if count is None else count
    at = p / 100 * (n - 1)
    low = math.floor(at)
    a, b = ordered[low], ordered[min(low + 1, n - 1)]
    t = at - low
    return b - (b - a) * (1 - t) if t >= 0.5 else a + (b - a) * t


class LevelGate:
    """Per-frame verdict: speech only if the VAD says so and the frame stands above the
    background level (when the background fools the VAD)."""

    def __init__(self, frame_length: float = 0.03, *, history: float = DEFAULT_HISTORY,
                 percentile: float = DEFAULT_PERCENTILE, margin_db: float = DEFAULT_MARGIN_DB,
                 hold_db: float = DEFAULT_HOLD_DB, engage: float = DEFAULT_ENGAGE,
                 smooth: int = DEFAULT_SMOOTH, rise_db: float | None = DEFAULT_RISE_DB,
                 spread_db: float | None = DEFAULT_SPREAD_DB) -> None:
        if frame_length <= 0 or history < frame_length:
            raise ValueError("the history must hold at least one frame")
        size = max(1, int(round(history / frame_length)))
        self.percentile = percentile
        self.margin_db = margin_db
        self.hold_db = hold_db
        self.engage = engage
        self.spread_db = spread_db
        self._rise = None if rise_db is None else rise_db * frame_length
        self._levels: deque[float] = deque(maxlen=size)
        self._sorted: list[float] = []   # the same levels, in order (the percentiles' window)
        self._powers: deque[float] = deque(maxlen=max(1, int(smooth)))
        self._vad: deque[int] = deque(maxlen=size)  # 1 speech, 0 not, -1 not counted
        self._seen = 0
        self.background_db: float | None = None
        self.engaged = False
        self.last_db: float | None = None

    def reset(self) -> None:
        self._levels.clear()
        self._sorted.clear()
        self._powers.clear()
        self._vad.clear()
        self._seen = 0
        self.background_db = None
        self.engaged = False
        self.last_db = None

    def is_speech(self, frame: bytes | np.ndarray, vad: bool, in_speech: bool = False) -> bool:
        """The verdict for one frame, given the VAD's; ``in_speech``: an utterance is open."""
        self._powers.append(10 ** (frame_db(frame) / 10))
        level = 10.0 * math.log10(sum(self._powers) / len(self._powers))
        self.last_db = level
        if len(self._levels) == self._levels.maxlen:   # the oldest leaves the sorted window too
            del self._sorted[bisect.bisect_left(self._sorted, self._levels[0])]
        self._levels.append(level)
        bisect.insort(self._sorted, level)
        # a fresh VAD calls its first frames speech whatever they are: not evidence
        self._seen += 1
        self._vad.append(int(bool(vad)) if self._seen > VAD_WARMUP else -1)
        background = percentile(self._sorted, self.percentile)
        if self._rise is not None and self.background_db is not None:
            background = min(background, self.background_db + self._rise)
        self.background_db = background
        bound = background + self.margin_db
        said = [v for lv, v in zip(self._levels, self._vad) if lv <= bound and v >= 0]
        self.engaged = bool(said) and sum(said) / len(said) >= self.engage
        near = bisect.bisect_right(self._sorted, bound)   # the levels near the background: a prefix
        if not self.engaged and self.spread_db is not None and near >= 10:
            low, mid = percentile(self._sorted, 10, near), percentile(self._sorted, 50, near)
            self.engaged = mid - low >= self.spread_db
        if not vad:
            return False
        if not self.engaged:
            return True
        return level > background + (self.hold_db if in_speech else self.margin_db)


class GatedEndpointer:
    """Cuts a stream of fixed-size frames into utterances; the interface of
    ``pocketsphinx.Endpointer`` (``process``, ``end_stream``, ``in_speech``,
    ``speech_start``, ``speech_end``, ``frame_bytes``, ``frame_length``), times in seconds
    from the first frame."""

    def __init__(self, vad: Callable[[bytes], bool], frame_bytes: int, frame_length: float, *,
                 window: float = 0.3, ratio: float = 0.5, gate: LevelGate | None = None,
                 max_length: float | None = DEFAULT_MAX_LENGTH, sample_rate: int = 16000) -> None:
        self._classify = vad
        self.frame_bytes = int(frame_bytes)
        self.frame_length = float(frame_length)
        self.sample_rate = int(sample_rate)
        self.window_frames = int(window / self.frame_length + 0.5)
        self.start_frames = int(ratio * self.window_frames)
        self.end_frames = int((1.0 - ratio) * self.window_frames + 0.5)
        if not (0 < self.start_frames < self.window_frames and 0 < self.end_frames < self.window_frames):
            raise ValueError(f"ratio {ratio} of a {window} s window cannot start and end an utterance")
        self.gate = gate
        self.max_length = max_length
        self._queue: deque[tuple[bytes, bool]] = deque()
        self._speech_count = 0
        self._queue_start = 0.0     # time of the oldest queued frame
        self.in_speech = False
        self.speech_start = 0.0
        self.speech_end = 0.0
        self.cut = False            # the last utterance ended at max_length
        self._wait_for_quiet = False

    def process(self, frame: bytes) -> bytes | None:
        """One frame in; a frame of the current utterance out (``window`` later), or None."""
        if len(frame) != self.frame_bytes:
            raise ValueError(f"a frame is {self.frame_bytes} bytes, not {len(frame)}")
        said = bool(self._classify(frame))
        speech = self.gate.is_speech(frame, said, self.in_speech) if self.gate is not None else said
        self._push(frame, speech)
        if self.in_speech:
            too_long = (self.max_length is not None
                        and self._queue_start + len(self._queue) * self.frame_length
                        - self.speech_start >= self.max_length)
            quiet = self._speech_count < self.end_frames
            if quiet or too_long:
                out = self._pop()
                self.speech_end = self._queue_start
                self.in_speech = False
                self.cut = not quiet
                self._wait_for_quiet = self.cut
                return out
            return self._pop()
        if self._wait_for_quiet:
            if self._speech_count >= self.end_frames:
                return None
            self._wait_for_quiet = False
        if self._speech_count > self.start_frames:
            self.speech_start = self._queue_start
            self.speech_end = 0.0
            self.in_speech = True
            self.cut = False
            return self._pop()
        return None

    def end_stream(self, frame: bytes = b"") -> bytes | None:
        """End of the stream: the rest of an open utterance (its queued speech frames up to
        the first non-speech one, plus ``frame``, a last partial frame, if all were speech)."""
        if not self.in_speech:
            return None
        self.in_speech = False
        self.speech_end = self._queue_start
        out = bytearray()
        while self._queue:
            queued, speech = self._pop_flagged()
            if not speech:
                break
            out += queued
            self.speech_end = self._queue_start
        else:
            if self.speech_end == self._queue_start and frame:
                out += frame
                self.speech_end += len(frame) / 2 / self.sample_rate
        self._queue.clear()
        self._speech_count = 0
        return bytes(out)

    # -- internals ------------------------------------------------------------------------
    def _push(self, frame: bytes, speech: bool) -> None:
        self._queue.append((frame, speech))
        self._speech_count += speech
        if len(self._queue) > self.window_frames:
            _, dropped = self._queue.popleft()
            self._speech_count -= dropped
            self._queue_start += self.frame_length

    def _pop_flagged(self) -> tuple[bytes, bool]:
        frame, speech = self._queue.popleft()
        self._speech_count -= speech
        self._queue_start += self.frame_length
        return frame, speech

    def _pop(self) -> bytes:
        return self._pop_flagged()[0]
