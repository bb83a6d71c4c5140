"""A mono 16-bit audio clip and WAV read/write helpers, shared by tts, earcons and speakers."""
from __future__ import annotations

import os
import tempfile
import wave
from dataclasses import dataclass
from pathlib import Path

import numpy as np


@dataclass(frozen=True, eq=False)
class Clip:
    """Mono int16 samples at a sample rate (Hz)."""

    samples: np.ndarray
    rate: int

    def __post_init__(self) -> None:
        data = np.asarray(self.samples)
        if data.ndim != 1 or data.dtype != np.int16:
            raise ValueError("a Clip holds a 1-D int16 array")
        if self.rate <= 0:
            raise ValueError("sample rate must be positive")
        object.__setattr__(self, "samples", data)

    @property
    def duration(self) -> float:
        """Length in seconds."""
        return len(self.samples) / self.rate

    def rms(self) -> float:
        """Root-mean-square level on the int16 scale (0 for silence)."""
        if len(self.samples) == 0:
            return 0.0
        return float(np.sqrt(np.mean(self.samples.astype(np.float64) ** 2)))

    def scaled(self, gain: float) -> Clip:
        """A copy with every sample multiplied by ``gain`` (clipped to int16)."""
        if gain == 1.0:
            return self
        data = np.clip(self.samples.astype(np.float32) * gain, -32768, 32767)
        return Clip(data.astype(np.int16), self.rate)

    def then(self, other: Clip, gap: float = 0.0) -> Clip:
        """This clip, ``gap`` seconds of silence, then ``other`` (same rate required)."""
        if other.rate != self.rate:
            raise ValueError(f"cannot join clips at {self.rate} Hz and {other.rate} Hz")
        silence = np.zeros(int(round(gap * self.rate)), dtype=np.int16)
        return Clip(np.concatenate([self.samples, silence, other.samples]), self.rate)


class AudioFileError(ValueError):
    """A file that is not audio this project can read: the message says what is wrong."""


def read_wav(path: str | os.PathLike[str]) -> Clip:
    """A WAV file as a mono 16-bit clip: 8, 16 or 32-bit PCM, any channel count (mixed down).
    AudioFileError for a file that is not one (empty, another format, no audio in it)."""
    try:
        with wave.open(os.fspath(path), "rb") as wav:
            channels, width, rate = wav.getnchannels(), wav.getsampwidth(), wav.getframerate()
            raw = wav.readframes(wav.getnframes())
    except (wave.Error, EOFError) as exc:
        why = str(exc) or "it is empty or ends too soon"
        raise AudioFileError(f"{path}: not a WAV file ({why})") from None
    except IsADirectoryError:
        raise AudioFileError(f"{path}: a folder, not a WAV file") from None
    frame = width * channels
    raw = raw[: len(raw) - len(raw) % frame] if frame else b""
    if not raw:
        raise AudioFileError(f"{path}: the WAV file holds no audio")
    if width == 1:
        data = (np.frombuffer(raw, dtype=np.uint8).astype(np.int32) - 128) * 256
    elif width == 2:
        data = np.frombuffer(raw, dtype="<i2").astype(np.int32)
    elif width == 4:
        data = np.frombuffer(raw, dtype="<i4").astype(np.int64) // 65536
    else:
        raise AudioFileError(f"{path}: unsupported sample width {width * 8} bits")
    if channels > 1:
        data = data.reshape(-1, channels).mean(axis=1)
    return Clip(np.clip(data, -32768, 32767).astype(np.int16), rate)


def write_wav(path: str | os.PathLike[str], clip: Clip) -> Path:
    """Write ``clip`` as a mono 16-bit WAV, atomically (temp file then rename)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", suffix=".wav", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle, wave.open(handle, "wb") as wav:
            wav.setnchannels(1)
            wav.setsampwidth(2)
            wav.setframerate(clip.rate)
            wav.writeframes(clip.samples.astype("<i2").tobytes())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target
