"""Audio sources: resampling, WAV source chunking/pacing/pausing, microphone with a fake sounddevice."""
from __future__ import annotations

import queue
import sys
import threading
import types
import wave
from pathlib import Path

import numpy as np
import pytest

from hardware import microphone
from hardware.microphone import (
    MicrophoneSource,
    MicrophoneUnavailable,
    Resampler,
    WavSource,
    find_input_device,
    read_wav,
    resample,
)
from hardware.recognizer import iter_queue


def sine(rate: int, freq: float, seconds: float = 1.0, amplitude: float = 10000.0) -> np.ndarray:
    t = np.arange(int(rate * seconds)) / rate
    return np.round(amplitude * np.sin(2 * np.pi * freq * t)).astype(np.int16)


@pytest.mark.parametrize("rate_in", [8000, 11025, 22050, 44100, 48000])
def test_resample_keeps_a_tone_in_place(rate_in: int) -> None:
    out = resample(sine(rate_in, 1000), rate_in, 16000)
    assert len(out) == 16000
    expected = 10000 * np.sin(2 * np.pi * 1000 * np.arange(16000) / 16000)
    assert np.abs(out[300:-300] - expected[300:-300]).max() < 30  # about -50 dB


@pytest.mark.parametrize("rate_in", [22050, 44100, 48000])
def test_resample_removes_what_cannot_be_represented(rate_in: int) -> None:
    out = resample(sine(rate_in, 9500), rate_in, 16000)  # above the 8 kHz Nyquist limit
    assert np.abs(out[300:-300]).max() < 50


def test_streaming_equals_whole_signal() -> None:
    signal = sine(44100, 440) + sine(44100, 3000, amplitude=3000)
    whole = Resampler(44100, 16000).process(signal)
    streamed_resampler = Resampler(44100, 16000)
    rng = np.random.default_rng(3)
    parts, start = [], 0
    while start < len(signal):
        size = int(rng.integers(1, 2500))
        parts.append(streamed_resampler.process(signal[start:start + size]))
        start += size
    streamed = np.concatenate(parts)
    assert len(streamed) == len(whole)
    assert np.abs(streamed.astype(int) - whole.astype(int)).max() <= 1


def test_same_rate_is_a_pass_through() -> None:
    signal = sine(16000, 500)
    assert np.array_equal(Resampler(16000, 16000).process(signal), signal)


def write_wav(path: Path, samples: np.ndarray, rate: int, channels: int = 1) -> Path:
    with wave.open(str(path), "wb") as handle:
        handle.setnchannels(channels)
        handle.setsampwidth(2)
        handle.setframerate(rate)
        handle.writeframes(samples.astype("<i2").tobytes())
    return path


def test_read_wav_mixes_stereo_down(tmp_path: Path) -> None:
    stereo = np.stack([np.full(100, 1000), np.full(100, 3000)], axis=1).ravel()
    samples, rate = read_wav(write_wav(tmp_path / "s.wav", stereo, 22050, channels=2))
    assert rate == 22050 and len(samples) == 100 and set(samples.tolist()) == {2000}


def test_wav_source_chunks_and_end_marker(tmp_path: Path) -> None:
    path = write_wav(tmp_path / "a.wav", sine(48000, 440, seconds=1.03), 48000)
    source = WavSource(path, chunk_seconds=0.1, lead_in=0.5, tail=0.25)
    assert source.chunk_bytes == 3200
    with source:
        source.wait(30)
        chunks = list(iter_queue(source.queue, timeout=5))
    assert all(len(c) == 3200 for c in chunks)
    assert len(chunks) == 18  # 0.5 + 1.03 + 0.25 s at 16 kHz, rounded up to whole chunks
    assert chunks[0] == bytes(3200)  # the lead-in silence
    assert chunks == source.chunks()


def test_wav_source_realtime_pacing_uses_the_clock(tmp_path: Path) -> None:
    path = write_wav(tmp_path / "a.wav", sine(16000, 440, seconds=0.5), 16000)
    now = [100.0]
    waits: list[float] = []

    def sleep(seconds: float) -> None:
        waits.append(seconds)
        now[0] += seconds

    source = WavSource(path, realtime=True, chunk_seconds=0.1, sleep=sleep, clock=lambda: now[0])
    with source:
        source.wait(30)
    assert len(list(iter_queue(source.queue, timeout=5))) == 5
    assert waits == pytest.approx([0.1, 0.1, 0.1, 0.1])


def test_pause_drops_audio_and_resume_restores_it(tmp_path: Path) -> None:
    path = write_wav(tmp_path / "a.wav", sine(16000, 440, seconds=1.0), 16000)
    gate = threading.Event()
    played = []

    def sleep(seconds: float) -> None:
        played.append(seconds)
        if len(played) == 3:
            source.pause()
        if len(played) == 6:
            source.resume()

    source = WavSource(path, realtime=True, chunk_seconds=0.1, sleep=sleep, clock=lambda: 0.0, mute=gate)
    assert source.mute is gate
    with source:
        source.wait(30)
    chunks = list(iter_queue(source.queue, timeout=5))
    assert len(chunks) == 7  # ten chunks, three of them muted
    assert not source.paused


# -- microphone with a fake sounddevice -----------------------------------------------------
class FakeStream:
    def __init__(self, *, samplerate, blocksize, device, channels, dtype, callback):
        self.samplerate, self.blocksize, self.device, self.callback = samplerate, blocksize, device, callback
        self.started = self.closed = False
        FakeSoundDevice.streams.append(self)

    def start(self):
        self.started = True

    def stop(self):
        self.started = False

    def close(self):
        self.closed = True

    def feed(self, samples: np.ndarray) -> None:
        for start in range(0, len(samples), self.blocksize):
            self.callback(samples[start:start + self.blocksize].astype("<i2").tobytes(), 0, None, None)


class FakeSoundDevice(types.ModuleType):
    streams: list[FakeStream] = []

    def __init__(self, devices):
        super().__init__("sounddevice")
        self._devices = devices
        self.default = types.SimpleNamespace(device=(1, 0))
        self.RawInputStream = FakeStream
        FakeSoundDevice.streams = []

    def query_devices(self):
        return self._devices


DEVICES = [
    {"name": "HDMI output", "max_input_channels": 0, "default_samplerate": 48000.0},
    {"name": "USB PnP Sound Device: Audio (hw:1,0)", "max_input_channels": 1, "default_samplerate": 44100.0},
    {"name": "ReSpeaker 2-Mics", "max_input_channels": 2, "default_samplerate": 48000.0},
]


@pytest.fixture
def fake_sd(monkeypatch):
    fake = FakeSoundDevice(DEVICES)
    monkeypatch.setitem(sys.modules, "sounddevice", fake)
    return fake


def test_device_lookup_by_name(fake_sd) -> None:
    assert find_input_device("respeaker")["index"] == 2
    assert find_input_device(None)["name"].startswith("USB PnP")
    assert find_input_device(1)["sample_rate"] == 44100
    with pytest.raises(MicrophoneUnavailable, match="no input device matching 'blue yeti'"):
        find_input_device("blue yeti")
    with pytest.raises(MicrophoneUnavailable):
        find_input_device("HDMI")  # an output-only device is not a microphone


def test_no_input_devices(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "sounddevice", FakeSoundDevice(DEVICES[:1]))
    with pytest.raises(MicrophoneUnavailable, match="no audio input device"):
        MicrophoneSource("usb")


def test_portaudio_missing_is_a_clear_error(monkeypatch) -> None:
    monkeypatch.delitem(sys.modules, "sounddevice", raising=False)
    real_import = __import__

    def failing_import(name, *args, **kwargs):
        if name == "sounddevice":
            raise OSError("PortAudio library not found")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr("builtins.__import__", failing_import)
    with pytest.raises(MicrophoneUnavailable, match="PortAudio"):
        MicrophoneSource("usb")


def test_microphone_resamples_its_own_rate_into_chunks(fake_sd) -> None:
    out: queue.Queue = queue.Queue()
    mic = MicrophoneSource("USB PnP", output=out, chunk_seconds=0.1)
    assert mic.device_rate == 44100 and mic.name.startswith("USB PnP")
    mic.start()
    stream = FakeSoundDevice.streams[-1]
    assert stream.started and stream.samplerate == 44100 and stream.device == 1
    stream.feed(sine(44100, 1000, seconds=1.0))
    chunks = [out.get(timeout=10) for _ in range(9)]
    mic.pause()
    stream.feed(sine(44100, 1000, seconds=1.0))  # dropped: the narrator is speaking
    mic.stop()
    rest = list(iter_queue(out, timeout=5))
    assert stream.closed
    assert all(len(c) == 3200 for c in chunks + rest)
    assert len(chunks) + len(rest) in (9, 10)  # one second of audio; the last partial chunk is held back
    samples = np.frombuffer(b"".join(chunks), dtype="<i2")
    peak = np.abs(samples[400:]).max()
    assert 9500 < peak < 10500  # a full-scale 1 kHz tone survives 44.1 -> 16 kHz


def test_import_never_needs_sounddevice() -> None:
    assert hasattr(microphone, "MicrophoneSource")
    assert "sounddevice" not in microphone.__dict__
