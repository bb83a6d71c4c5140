"""Enrollment by voice: each prompt said in the earpiece, the Storyteller's answer cut out of
the microphone's stream by pocketsphinx's endpointer and kept as a WAV file. Used by
``narrator enroll`` (no ``--from``) and table mode's "learn my voice"; any stream of 16 kHz
PCM chunks will do (a WAV file's, in the tests).

While a prompt is being said (``speaking`` set) the microphone's chunks are dropped, as the
listener's half-duplex does. A prompt not answered within ``wait`` seconds is said once
more, then skipped; an answer is cut at ``max_length`` seconds."""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Callable, Iterable, Iterator, Sequence

import numpy as np

from hardware.audio_clip import Clip, write_wav
from narrator.voice.enroll import Recording, prompt_file_name

PREROLL = 0.25     # seconds kept before the speech start the endpointer reports
POSTROLL = 0.2     # ... and after its end
DEFAULT_WAIT = 8.0
MAX_LENGTH = 6.0


def prompt_line(text: str) -> str:
    """What the earpiece says for one prompt: "Say: seat six votes."."""
    return f"Say: {text}."


class _Cutter:
    """One utterance out of a chunk stream (pocketsphinx's Endpointer, frame by frame)."""

    def __init__(self, rate: int) -> None:
        import pocketsphinx

        self.endpointer = pocketsphinx.Endpointer(window=0.3, ratio=0.5, sample_rate=rate)
        self.rate = rate
        self.frame = self.endpointer.frame_bytes
        self.buffer = b""
        self.history: list[bytes] = []   # every frame so far (an answer is a few seconds)
        self.start: int | None = None    # frame index the speech starts at

    def feed(self, chunk: bytes) -> bytes | None:
        """The utterance once it has ended, else None."""
        self.buffer += chunk
        length = self.endpointer.frame_length
        while len(self.buffer) >= self.frame:
            frame, self.buffer = self.buffer[: self.frame], self.buffer[self.frame:]
            self.history.append(frame)
            self.endpointer.process(frame)
            if self.endpointer.in_speech and self.start is None:
                self.start = max(0, int((self.endpointer.speech_start - PREROLL) / length))
            too_long = self.start is not None and (len(self.history) - self.start) * length > MAX_LENGTH
            if self.start is not None and (not self.endpointer.in_speech or too_long):
                end = len(self.history) if too_long else min(
                    len(self.history), int((self.endpointer.speech_end + POSTROLL) / length) + 1)
                return b"".join(self.history[self.start:end])
        return None


def record_prompts(prompts: Sequence[str], chunks: Iterable[bytes | None], say: Callable[[str], None],
                   folder: Path, *, rate: int = 16000, speaking: threading.Event | None = None,
                   wait: float = DEFAULT_WAIT, chunk_seconds: float = 0.1,
                   heard: Callable[[int, str], None] | None = None) -> list[Recording]:
    """Say each prompt (``say``), record the answer into ``folder``; the recordings made. The
    stream ends with None (or runs out): the prompts left are not recorded."""
    stream: Iterator[bytes | None] = iter(chunks)
    out: list[Recording] = []
    ended = False
    for index, text in enumerate(prompts):
        if ended:
            break
        for attempt in range(2):
            say(prompt_line(text))
            cutter = _Cutter(rate)
            waited = 0.0
            speech = None
            for chunk in stream:
                if chunk is None:
                    ended = True
                    if cutter.start is not None:  # the stream ended inside the answer
                        speech = b"".join(cutter.history[cutter.start:])
                    break
                if speaking is not None and speaking.is_set():
                    continue  # our own prompt, not the Storyteller
                waited += len(chunk) / 2 / rate
                speech = cutter.feed(chunk)
                if speech is not None or (cutter.start is None and waited > wait):
                    break
            else:
                ended = True
            if speech is not None:
                samples = np.frombuffer(speech, dtype="<i2").copy()
                wav = write_wav(Path(folder) / prompt_file_name(index), Clip(samples, rate))
                out.append(Recording(text, wav))
                if heard is not None:
                    heard(index, text)
                break
            if ended:
                break
    return out
