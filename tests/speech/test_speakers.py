"""Playback: device choice by name, interruption, a device vanishing, and real ALSA output."""
from __future__ import annotations

import importlib.abc
import sys
import threading

import numpy as np
import pytest

from hardware.audio_clip import Clip
from hardware.earcons import earcon
from hardware.speakers import (
    AudioUnavailable, DeviceLost, NoOutputDevice, Speaker, find_output_device, load_sounddevice,
)
from hardware.speakers_mock import MockOutputBackend
from speech_alsa_helpers import make_alsa_home, run_with_alsa_home


def ramp_clip(seconds: float = 1.0, rate: int = 22050) -> Clip:
    n = int(seconds * rate)
    return Clip((np.arange(n) % 2000 - 1000).astype(np.int16), rate)


def test_devices_are_found_by_case_insensitive_substring():
    backend = MockOutputBackend(["bcm2835 Headphones", "USB Audio Device"], default=0)
    assert find_output_device(backend, "usb").index == 1
    assert find_output_device(backend, "HEADPHONES").index == 0
    assert find_output_device(backend, None).index == 0
    backend.default = 1
    assert find_output_device(backend, "").index == 1
    with pytest.raises(NoOutputDevice, match="Headphones"):
        find_output_device(backend, "earpiece")
    with pytest.raises(NoOutputDevice):
        find_output_device(MockOutputBackend([]), None)


def test_play_writes_every_sample_in_order():
    backend = MockOutputBackend(["speaker"])
    speaker = Speaker(backend, find_output_device(backend, None), block_frames=512)
    clip = ramp_clip()
    assert speaker.play(clip) is True
    assert np.array_equal(backend.samples(0), clip.samples)
    assert backend.streams[0].rate == 22050
    assert speaker.play(clip) is True  # the stream stays open between lines
    assert len(backend.streams) == 1


def test_gain_scales_the_samples():
    backend = MockOutputBackend(["speaker"])
    speaker = Speaker(backend, find_output_device(backend, None))
    clip = ramp_clip(0.2)
    speaker.play(clip, gain=0.5)
    assert np.max(np.abs(backend.samples(0))) == pytest.approx(500, abs=1)


def test_cancel_cuts_the_line_short():
    backend = MockOutputBackend(["speaker"])
    backend.gate = threading.Event()
    speaker = Speaker(backend, find_output_device(backend, None), block_frames=1024)
    cancel = threading.Event()
    result: list[bool] = []
    player = threading.Thread(target=lambda: result.append(speaker.play(ramp_clip(), 1.0, cancel)))
    player.start()
    assert backend.wrote.wait(5)
    cancel.set()
    backend.gate.set()
    player.join(5)
    assert result == [False]
    assert 0 < len(backend.samples(0)) < len(ramp_clip().samples)
    assert backend.streams[0].aborted == 1


def test_a_vanished_device_is_reported_and_retried():
    backend = MockOutputBackend(["usb speaker"])
    speaker = Speaker(backend, find_output_device(backend, "usb"))
    speaker.play(ramp_clip(0.1))
    backend.failing.add(0)
    with pytest.raises(DeviceLost, match="usb speaker"):
        speaker.play(ramp_clip(0.1))
    assert backend.streams[0].closed
    backend.failing.clear()  # plugged back in
    assert speaker.play(ramp_clip(0.1)) is True
    assert len(backend.streams) == 2


def test_falls_back_to_stereo_and_the_device_rate():
    class PickyBackend(MockOutputBackend):
        def open_stream(self, device, rate, channels):
            if rate != 48000 or channels != 2:
                raise OSError("invalid sample rate or channel count")
            return super().open_stream(device, rate, channels)

    backend = PickyBackend(["hw speaker"], rate=48000.0)
    speaker = Speaker(backend, find_output_device(backend, None))
    assert speaker.play(ramp_clip(0.5)) is True
    stream = backend.streams[0]
    assert (stream.rate, stream.channels) == (48000, 2)
    assert abs(len(stream.samples()) - 24000) <= 1
    assert np.array_equal(stream.blocks[0][:, 0], stream.blocks[0][:, 1])


class _BrokenPortAudio(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "sounddevice":
            raise OSError("PortAudio library not found")
        return None


def test_missing_portaudio_is_a_clean_error(monkeypatch):
    monkeypatch.delitem(sys.modules, "sounddevice", raising=False)
    monkeypatch.setattr(sys, "meta_path", [_BrokenPortAudio(), *sys.meta_path])
    with pytest.raises(AudioUnavailable, match="PortAudio"):
        load_sounddevice()
    monkeypatch.setitem(sys.modules, "sounddevice", None)
    with pytest.raises(AudioUnavailable):
        load_sounddevice()


ALSA_PLAY = """
import numpy as np
from hardware.earcons import earcon
from hardware.speakers import SoundDeviceBackend, Speaker, find_output_device
backend = SoundDeviceBackend()
print([d.name for d in backend.output_devices()])
for name, sound in (("narrator_public", "dawn"), ("narrator_private", "heard")):
    speaker = Speaker(backend, find_output_device(backend, name))
    assert speaker.play(earcon(sound)) is True
    speaker.close()
"""


def test_real_alsa_file_devices_receive_the_samples(tmp_path):
    """Through real PortAudio/ALSA: each channel's samples land in its own device."""
    paths = make_alsa_home(tmp_path)
    done = run_with_alsa_home(paths["home"], ALSA_PLAY)
    if "narrator_public" not in done.stdout:
        pytest.skip(f"PortAudio does not list the test ALSA devices: {done.stderr[-300:]}")
    assert done.returncode == 0, done.stderr
    for channel, sound in (("public", "dawn"), ("private", "heard")):
        written = np.fromfile(paths[channel], dtype="<i2")
        expected = earcon(sound).samples
        assert np.array_equal(written[: len(expected)], expected), channel
        assert not written[len(expected):].any()  # at most silence after it
