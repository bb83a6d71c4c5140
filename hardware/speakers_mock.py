"""A fake output backend that records what would have been played (tests, benchmarks)."""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field

import numpy as np

from hardware.speakers import OutputDevice


@dataclass
class FakeStream:
    """Records samples; can be told to fail (device unplugged) or to hold each write."""

    backend: MockOutputBackend
    device: int
    rate: int
    channels: int
    blocks: list[np.ndarray] = field(default_factory=list)
    first_sample_at: float | None = None
    started: bool = False
    aborted: int = 0
    closed: bool = False

    def start(self) -> None:
        self.started = True

    def write(self, data: np.ndarray) -> None:
        backend = self.backend
        if self.device in backend.failing:
            raise OSError(f"device {self.device} disappeared")
        if self.first_sample_at is None:
            self.first_sample_at = time.perf_counter()
        self.blocks.append(np.array(data, copy=True))
        backend.record(self, data)
        if backend.gate is not None:
            backend.gate.wait(5.0)

    def stop(self) -> None:
        self.started = False

    def abort(self) -> None:
        self.aborted += 1
        self.started = False

    def close(self) -> None:
        self.closed = True

    def samples(self) -> np.ndarray:
        """Everything written, first channel only."""
        if not self.blocks:
            return np.zeros(0, dtype=np.int16)
        return np.concatenate([b[:, 0] for b in self.blocks])


class MockOutputBackend:
    """Devices by name; every write is recorded per device index.

    ``gate``: if an Event, each write waits on it (lets a test stop a line mid-way).
    ``failing``: device indices whose streams raise on write (a vanished device).
    """

    name = "mock"

    def __init__(self, names: list[str] | None = None, default: int | None = 0,
                 rate: float = 48000.0) -> None:
        self.devices = [OutputDevice(i, n, 2, rate) for i, n in enumerate(names or [])]
        self.default = default
        self.streams: list[FakeStream] = []
        self.writes: list[tuple[int, int]] = []  # (device index, frames) in order
        self.gate: threading.Event | None = None
        self.failing: set[int] = set()
        self.wrote = threading.Event()
        self._lock = threading.Lock()

    def output_devices(self) -> list[OutputDevice]:
        return list(self.devices)

    def default_output(self) -> int | None:
        return self.default

    def open_stream(self, device: int, rate: int, channels: int) -> FakeStream:
        if device in self.failing:
            raise OSError(f"device {device} is gone")
        stream = FakeStream(self, device, rate, channels)
        with self._lock:
            self.streams.append(stream)
        return stream

    def record(self, stream: FakeStream, data: np.ndarray) -> None:
        with self._lock:
            self.writes.append((stream.device, len(data)))
        self.wrote.set()

    def samples(self, device: int) -> np.ndarray:
        """All samples written to ``device`` over every stream, in order."""
        parts = [s.samples() for s in self.streams if s.device == device]
        return np.concatenate(parts) if parts else np.zeros(0, dtype=np.int16)
