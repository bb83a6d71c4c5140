"""Audio in: a microphone (sounddevice) or a WAV file, as a queue of fixed-size PCM chunks.

Both sources put ``bytes`` chunks of ``chunk_samples`` 16-bit mono samples at the
recognizer's rate into a ``queue.Queue``, and ``None`` when the stream ends. While paused
(or while the caller's ``mute`` Event is set) nothing is queued: the narrator is speaking
and must not hear itself (half-duplex).

sounddevice is imported lazily, so importing this module never fails on a machine without
PortAudio; opening a microphone there raises :class:`MicrophoneUnavailable`.
"""
from __future__ import annotations

import math
import queue
import threading
import time
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable

import numpy as np

from hardware.audio_clip import read_wav as read_clip

DEFAULT_RATE = 16000
DEFAULT_CHUNK_SECONDS = 0.05  # an utterance ends at a chunk's end: docs/performance.md, "Chunks of 0.05 s"


class MicrophoneUnavailable(RuntimeError):
    """No usable microphone: PortAudio missing, no input device, or none matching the name."""


class Resampler:
    """Streaming rational-ratio polyphase resampler for int16 mono audio.

    A Kaiser-windowed sinc low-pass (cut at 0.45 of the lower of the two rates) runs at the
    virtual up-sampled rate; only the output samples are computed. State is kept between
    calls, so chunk boundaries leave no clicks.
    """

    def __init__(self, rate_in: int, rate_out: int, taps_per_phase: int = 24) -> None:
        if rate_in <= 0 or rate_out <= 0:
            raise ValueError("sample rates must be positive")
        ratio = Fraction(rate_out, rate_in)
        self.up, self.down = ratio.numerator, ratio.denominator
        self.rate_in, self.rate_out = rate_in, rate_out
        self.delay = 0  # filter group delay in virtual (up-sampled) samples
        # a down-sampling filter must span more input samples to stay sharp
        taps_per_phase = int(math.ceil(taps_per_phase * max(1.0, rate_in / rate_out)))
        self._taps = taps_per_phase
        if self.up == self.down:
            self._bank = None
            return
        length = self.up * taps_per_phase
        cutoff = 0.45 * min(rate_in, rate_out) / (rate_in * self.up)  # cycles per virtual sample
        # centred on a whole virtual sample, so the delay is exactly ``self.delay`` samples
        self.delay = length // 2
        n = np.arange(length) - self.delay
        window = np.kaiser(2 * self.delay + 1, 8.0)[:length]
        prototype = 2 * cutoff * np.sinc(2 * cutoff * n) * window
        prototype *= self.up / prototype.sum() * 1.0
        # bank[p, k] = h[p + k*up]; reversed along k so a dot with a forward window works
        self._bank = prototype.reshape(taps_per_phase, self.up).T[:, ::-1].copy()
        self._history = np.zeros(taps_per_phase - 1)
        self._position = 0  # next output's position in virtual samples, from history's end

    def process(self, samples: np.ndarray) -> np.ndarray:
        """Resample the next piece of the stream (int16 or float array) to int16."""
        data = np.asarray(samples, dtype=np.float64).ravel()
        if self._bank is None:
            return np.clip(np.round(data), -32768, 32767).astype(np.int16)
        buffer = np.concatenate([self._history, data])
        available = len(data)  # input samples that can be the newest sample of a window
        first_index = self._position // self.up
        if first_index >= available:
            self._history = buffer[-(self._taps - 1):] if self._taps > 1 else np.zeros(0)
            self._position -= available * self.up
            return np.zeros(0, dtype=np.int16)
        count = (available * self.up - self._position + self.down - 1) // self.down
        positions = self._position + self.down * np.arange(count)
        indices = positions // self.up
        phases = positions % self.up
        windows = np.lib.stride_tricks.sliding_window_view(buffer, self._taps)
        out = np.einsum("ij,ij->i", windows[indices], self._bank[phases])
        next_position = self._position + self.down * count
        self._history = buffer[len(buffer) - (self._taps - 1):]
        self._position = next_position - available * self.up
        return np.clip(np.round(out), -32768, 32767).astype(np.int16)


def resample(samples: np.ndarray, rate_in: int, rate_out: int) -> np.ndarray:
    """Resample a whole int16 signal in one go, with the filter delay removed."""
    resampler = Resampler(rate_in, rate_out)
    if resampler.up == resampler.down:
        return np.asarray(samples, dtype=np.int16)
    # skip the filter's group delay: start the first output that far into the stream
    resampler._position = resampler.delay
    padding = np.zeros(resampler._taps)
    out = np.concatenate([resampler.process(samples), resampler.process(padding)])
    wanted = int(math.ceil(len(samples) * rate_out / rate_in))
    return out[:wanted]


def read_wav(path: str | Path) -> tuple[np.ndarray, int]:
    """A WAV file as (mono int16 samples, sample rate); see :func:`hardware.audio_clip.read_wav`."""
    clip = read_clip(path)
    return clip.samples, clip.rate


class _Chunker:
    """Cuts a stream of int16 samples into fixed-size byte chunks."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._pending = np.zeros(0, dtype=np.int16)

    def push(self, samples: np.ndarray) -> list[bytes]:
        self._pending = np.concatenate([self._pending, samples.astype(np.int16)])
        whole = len(self._pending) // self.size * self.size
        chunks = [self._pending[i: i + self.size].tobytes() for i in range(0, whole, self.size)]
        self._pending = self._pending[whole:]
        return chunks

    def tail(self) -> bytes | None:
        """The last partial chunk, zero-padded to full size, or None."""
        if len(self._pending) == 0:
            return None
        padded = np.zeros(self.size, dtype=np.int16)
        padded[: len(self._pending)] = self._pending
        self._pending = np.zeros(0, dtype=np.int16)
        return padded.tobytes()

    def clear(self) -> None:
        self._pending = np.zeros(0, dtype=np.int16)


class AudioSource:
    """Shared behaviour: the output queue, chunk size, pause/resume, start/stop."""

    def __init__(
        self,
        *,
        sample_rate: int = DEFAULT_RATE,
        chunk_seconds: float = DEFAULT_CHUNK_SECONDS,
        output: "queue.Queue[bytes | None] | None" = None,
        mute: threading.Event | None = None,
    ) -> None:
        self.sample_rate = int(sample_rate)
        self.chunk_samples = max(1, int(round(chunk_seconds * self.sample_rate)))
        self.queue: "queue.Queue[bytes | None]" = output if output is not None else queue.Queue()
        self.mute = mute if mute is not None else threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def chunk_bytes(self) -> int:
        return self.chunk_samples * 2

    @property
    def paused(self) -> bool:
        return self.mute.is_set()

    def pause(self) -> None:
        """Stop feeding the queue (the narrator is about to speak)."""
        self.mute.set()

    def resume(self) -> None:
        self.mute.clear()

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> "AudioSource":
        if self.running:
            return self
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name=type(self).__name__, daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float | None = 2.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def wait(self, timeout: float | None = None) -> None:
        """Block until the source has finished (a WAV file reaches its end)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def __enter__(self) -> "AudioSource":
        return self.start()

    def __exit__(self, *exc: Any) -> None:
        self.stop()

    def _run(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


class WavSource(AudioSource):
    """Plays a WAV file into the queue, chunk by chunk; optionally at real-time pace.

    Silence can be added before and after (``lead_in``/``tail`` seconds), which lets an
    endpointer see the end of the last utterance. The queue ends with ``None``.
    """

    def __init__(
        self,
        path: str | Path,
        *,
        realtime: bool = False,
        lead_in: float = 0.0,
        tail: float = 0.0,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self.path = Path(path)
        samples, rate = read_wav(self.path)
        converted = resample(samples, rate, self.sample_rate)
        silence_before = np.zeros(int(lead_in * self.sample_rate), dtype=np.int16)
        silence_after = np.zeros(int(tail * self.sample_rate), dtype=np.int16)
        self.samples = np.concatenate([silence_before, converted, silence_after])
        self.realtime = realtime
        self._sleep = sleep
        self._clock = clock

    def chunks(self) -> list[bytes]:
        """Every chunk the source would queue (the last one zero-padded)."""
        chunker = _Chunker(self.chunk_samples)
        chunks = chunker.push(self.samples)
        tail = chunker.tail()
        return chunks + ([tail] if tail is not None else [])

    def _run(self) -> None:
        period = self.chunk_samples / self.sample_rate
        started = self._clock()
        for index, chunk in enumerate(self.chunks()):
            if self._stop.is_set():
                break
            if self.realtime:
                delay = started + index * period - self._clock()
                if delay > 0:
                    self._sleep(delay)
            if not self.mute.is_set():
                self.queue.put(chunk)
        self.queue.put(None)


def list_input_devices() -> list[dict[str, Any]]:
    """Input devices as sounddevice describes them (index, name, rate, channels)."""
    sd = _sounddevice()
    try:
        devices = sd.query_devices()
    except Exception as exc:  # PortAudioError and friends
        raise MicrophoneUnavailable(f"cannot list audio devices: {exc}") from exc
    return [
        {
            "index": index,
            "name": info["name"],
            "sample_rate": int(info["default_samplerate"]),
            "channels": int(info["max_input_channels"]),
        }
        for index, info in enumerate(devices)
        if int(info.get("max_input_channels", 0)) > 0
    ]


def find_input_device(name: str | int | None) -> dict[str, Any]:
    """The input device whose name contains ``name`` (case-insensitive); None = default."""
    devices = list_input_devices()
    if not devices:
        raise MicrophoneUnavailable("no audio input device found")
    if name is None:
        sd = _sounddevice()
        try:
            default = sd.default.device[0]
        except Exception:  # pragma: no cover - odd PortAudio setups
            default = -1
        for device in devices:
            if device["index"] == default:
                return device
        return devices[0]
    if isinstance(name, int):
        for device in devices:
            if device["index"] == name:
                return device
        raise MicrophoneUnavailable(f"no input device with index {name}")
    matches = [d for d in devices if str(name).lower() in d["name"].lower()]
    if not matches:
        known = ", ".join(repr(d["name"]) for d in devices)
        raise MicrophoneUnavailable(f"no input device matching {name!r} (have: {known})")
    return matches[0]


def _sounddevice() -> Any:
    try:
        import sounddevice
    except OSError as exc:  # PortAudio library missing
        raise MicrophoneUnavailable(f"PortAudio is not available: {exc}") from exc
    except ImportError as exc:
        raise MicrophoneUnavailable(f"sounddevice is not installed: {exc}") from exc
    return sounddevice


class MicrophoneSource(AudioSource):
    """A microphone chosen by name substring, opened at its own rate, resampled in a thread.

    The PortAudio callback only copies blocks into an internal queue; a worker thread
    resamples them to ``sample_rate`` and cuts chunks for ``self.queue``.
    """

    def __init__(self, device: str | int | None = None, *, block_seconds: float = 0.05, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.device = find_input_device(device)
        self.device_rate = self.device["sample_rate"]
        self._block = max(1, int(self.device_rate * block_seconds))
        self._raw: "queue.Queue[bytes]" = queue.Queue()
        self._stream: Any = None
        self.overflows = 0

    @property
    def name(self) -> str:
        return str(self.device["name"])

    def start(self) -> "MicrophoneSource":
        if self.running:
            return self
        sd = _sounddevice()
        try:
            self._stream = sd.RawInputStream(
                samplerate=self.device_rate,
                blocksize=self._block,
                device=self.device["index"],
                channels=1,
                dtype="int16",
                callback=self._callback,
            )
            self._stream.start()
        except Exception as exc:
            self._stream = None
            raise MicrophoneUnavailable(f"cannot open {self.name!r}: {exc}") from exc
        super().start()
        return self

    def stop(self, timeout: float | None = 2.0) -> None:
        if self._stream is not None:
            try:
                self._stream.stop()
                self._stream.close()
            finally:
                self._stream = None
        super().stop(timeout)
        self.queue.put(None)

    def _callback(self, indata: Any, frames: int, time_info: Any, status: Any) -> None:
        if status:
            self.overflows += 1
        if not self.mute.is_set():
            self._raw.put(bytes(indata))

    def _run(self) -> None:
        resampler = Resampler(self.device_rate, self.sample_rate)
        chunker = _Chunker(self.chunk_samples)
        was_muted = False
        while not self._stop.is_set():
            try:
                block = self._raw.get(timeout=0.1)
            except queue.Empty:
                continue
            if self.mute.is_set():
                was_muted = True
                continue
            if was_muted:  # start clean after the narrator spoke
                chunker.clear()
                was_muted = False
            samples = np.frombuffer(block, dtype="<i2")
            for chunk in chunker.push(resampler.process(samples)):
                self.queue.put(chunk)


RECORDING = "file:"   # a microphone named "file:NIGHT.wav" is that recording, at real time


def open_source(name: str | None, sample_rate: int = DEFAULT_RATE) -> AudioSource:
    """The microphone ``name`` ("" or None: the default), or for ``file:PATH`` the WAV file
    played at real-time pace as one (then silence, so the last utterance ends)."""
    if name and name.startswith(RECORDING):
        path = Path(name[len(RECORDING):]).expanduser()
        if not path.is_file():
            raise MicrophoneUnavailable(f"no recording at {path}")
        try:
            return WavSource(path, realtime=True, lead_in=0.5, tail=3.0, sample_rate=sample_rate)
        except Exception as exc:  # not a WAV file, or one that cannot be read
            raise MicrophoneUnavailable(f"{path}: not a readable WAV file: {exc}") from None
    return MicrophoneSource(name or None, sample_rate=sample_rate)
