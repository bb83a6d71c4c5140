"""Playback of clips on an output device chosen by name, through sounddevice.

The seam is an *output backend* (as gpiozero has pin factories): it lists devices and opens
output streams. :class:`SoundDeviceBackend` is the real one; ``hardware.speakers_mock``
holds a fake that records samples, for tests and benchmarks.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Protocol

import numpy as np

from hardware.audio_clip import Clip

BLOCK_FRAMES = 1024


class AudioUnavailable(RuntimeError):
    """No audio output at all: PortAudio missing, or no output device."""


class NoOutputDevice(AudioUnavailable):
    """No output device matches the requested name."""


class DeviceLost(RuntimeError):
    """The stream failed while playing (device unplugged, driver error)."""


@dataclass(frozen=True)
class OutputDevice:
    """An output-capable device as the backend lists it."""

    index: int
    name: str
    channels: int
    default_rate: float = 48000.0


class OutputStreamLike(Protocol):
    """What :class:`Speaker` needs of a stream (a subset of ``sounddevice.OutputStream``)."""

    def start(self) -> None: ...
    def write(self, data: np.ndarray) -> Any: ...
    def stop(self) -> None: ...
    def abort(self) -> None: ...
    def close(self) -> None: ...


class OutputBackend(Protocol):
    """Lists output devices and opens int16 output streams on them."""

    name: str

    def output_devices(self) -> list[OutputDevice]: ...
    def default_output(self) -> int | None: ...
    def open_stream(self, device: int, rate: int, channels: int) -> OutputStreamLike: ...


def load_sounddevice() -> ModuleType:
    """Import sounddevice, turning a missing PortAudio (OSError) into AudioUnavailable."""
    try:
        import sounddevice
    except (ImportError, OSError) as exc:
        raise AudioUnavailable(f"sounddevice/PortAudio not usable: {exc}") from exc
    return sounddevice


class SoundDeviceBackend:
    """The real backend: PortAudio through sounddevice."""

    name = "sounddevice"

    def __init__(self) -> None:
        self._sd = load_sounddevice()

    def output_devices(self) -> list[OutputDevice]:
        try:
            found = self._sd.query_devices()
        except Exception as exc:  # PortAudioError when the host API is broken
            raise AudioUnavailable(f"cannot list audio devices: {exc}") from exc
        return [
            OutputDevice(i, d["name"], int(d["max_output_channels"]),
                         float(d["default_samplerate"]))
            for i, d in enumerate(found)
            if d["max_output_channels"] > 0
        ]

    def default_output(self) -> int | None:
        try:
            index = self._sd.default.device[1]
        except Exception:
            return None
        return index if isinstance(index, int) and index >= 0 else None

    def open_stream(self, device: int, rate: int, channels: int) -> OutputStreamLike:
        return self._sd.OutputStream(
            device=device, samplerate=rate, channels=channels, dtype="int16"
        )


def find_output_device(backend: OutputBackend, name: str | None) -> OutputDevice:
    """The first output device whose name contains ``name`` (case-insensitive).

    ``None`` or ``""`` means the system default output (or the first one if there is no
    default). Raises :class:`NoOutputDevice` when nothing fits.
    """
    devices = backend.output_devices()
    if not devices:
        raise NoOutputDevice("no audio output device found")
    if not name:
        default = backend.default_output()
        return next((d for d in devices if d.index == default), devices[0])
    wanted = name.casefold()
    for device in devices:
        if wanted in device.name.casefold():
            return device
    known = ", ".join(repr(d.name) for d in devices)
    raise NoOutputDevice(f"no output device matching {name!r} (have: {known})")


def resample(samples: np.ndarray, src: int, dst: int) -> np.ndarray:
    """Linear-interpolation resampling of int16 samples (good enough for speech prompts)."""
    if src == dst or len(samples) == 0:
        return samples
    count = max(1, int(round(len(samples) * dst / src)))
    positions = np.linspace(0, len(samples) - 1, count)
    return np.interp(positions, np.arange(len(samples)), samples).astype(np.int16)


class Speaker:
    """One output channel on one device. ``play`` blocks its caller (a worker thread).

    The stream is opened on first use and kept open between lines; after a failure it is
    dropped, so the next ``play`` tries the device afresh.
    """

    def __init__(self, backend: OutputBackend, device: OutputDevice,
                 block_frames: int = BLOCK_FRAMES) -> None:
        self.backend = backend
        self.device = device
        self.block_frames = block_frames
        self._stream: OutputStreamLike | None = None
        self._stream_rate = 0
        self._requested_rate = 0
        self._stream_channels = 1
        self._lock = threading.Lock()

    @property
    def label(self) -> str:
        return f"{self.device.name!r} (device {self.device.index})"

    def _open(self, rate: int) -> None:
        self._drop()
        attempts = [(rate, 1), (rate, min(2, max(1, self.device.channels)))]
        device_rate = int(self.device.default_rate)
        if device_rate and device_rate != rate:
            attempts += [(device_rate, 1), (device_rate, min(2, max(1, self.device.channels)))]
        last: Exception | None = None
        for try_rate, channels in dict.fromkeys(attempts):
            try:
                self._stream = self.backend.open_stream(self.device.index, try_rate, channels)
            except Exception as exc:
                last = exc
                continue
            self._stream_rate, self._stream_channels = try_rate, channels
            self._requested_rate = rate
            return
        raise DeviceLost(f"cannot open {self.label}: {last}") from last

    def _drop(self) -> None:
        stream, self._stream = self._stream, None
        if stream is not None:
            try:
                stream.close()
            except Exception:
                pass

    def play(self, clip: Clip, gain: float = 1.0, cancel: threading.Event | None = None) -> bool:
        """Play ``clip``; return True if it finished, False if ``cancel`` cut it short.

        Raises :class:`DeviceLost` if the device fails (the caller decides what next).
        """
        samples = clip.scaled(gain).samples
        with self._lock:
            try:
                if self._stream is None or self._requested_rate != clip.rate:
                    self._open(clip.rate)
                assert self._stream is not None
                samples = resample(samples, clip.rate, self._stream_rate)
                frames = samples.reshape(-1, 1)
                if self._stream_channels > 1:
                    frames = np.repeat(frames, self._stream_channels, axis=1)
                stream = self._stream
                stream.start()
                for start in range(0, len(frames), self.block_frames):
                    if cancel is not None and cancel.is_set():
                        stream.abort()
                        return False
                    stream.write(np.ascontiguousarray(frames[start : start + self.block_frames]))
                stream.stop()
                return True
            except DeviceLost:
                self._drop()
                raise
            except Exception as exc:
                self._drop()
                raise DeviceLost(f"{self.label} failed: {exc}") from exc

    def close(self) -> None:
        with self._lock:
            self._drop()
