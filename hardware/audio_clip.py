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
    """A WAV file as a mono 16-bit clip: 8, 16 or 32-bit PCM or 32 or 64-bit float (Audacity's
    default export), any channel count (mixed down). AudioFileError for a file that is not one
    (empty, another format, no audio in it)."""
    try:
        with wave.open(os.fspath(path), "rb") as wav:
            channels, width, rate = wav.getnchannels(), wav.getsampwidth(), wav.getframerate()
            raw = wav.readframes(wav.getnframes())
    except wave.Error as exc:
        floats = _float_wav(path) if "unknown format: 3" in str(exc) else None
        if floats is None:
            raise AudioFileError(f"{path}: not a WAV file ({exc})") from None
        return floats
    except EOFError as exc:
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


def _float_wav(path: str | os.PathLike[str]) -> Clip | None:
    """A WAV file of IEEE float samples (format 3, which the wave module refuses), or None."""
    data = Path(path).read_bytes()
    if data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        return None
    fmt, samples, at = None, None, 12
    while at + 8 <= len(data):
        name, size = data[at:at + 4], int.from_bytes(data[at + 4:at + 8], "little")
        body = data[at + 8:at + 8 + size]
        if name == b"fmt " and len(body) >= 16:
            fmt = (int.from_bytes(body[0:2], "little"), int.from_bytes(body[2:4], "little"),
                   int.from_bytes(body[4:8], "little"), int.from_bytes(body[14:16], "little"))
        elif name == b"data":
            samples = body
        at += 8 + size + size % 2
    if fmt is None or samples is None or fmt[0] != 3 or fmt[3] not in (32, 64) or not fmt[1]:
        return None
    values = np.frombuffer(samples[: len(samples) - len(samples) % (fmt[3] // 8 * fmt[1])],
                           dtype="<f4" if fmt[3] == 32 else "<f8")
    if not values.size:
        raise AudioFileError(f"{path}: the WAV file holds no audio")
    mono = values.reshape(-1, fmt[1]).mean(axis=1) * 32767.0
    return Clip(np.clip(np.nan_to_num(mono), -32768, 32767).astype(np.int16), fmt[2])


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
