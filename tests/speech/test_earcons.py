"""Generated earcons: distinct, short, audible, click-free."""
from __future__ import annotations

import numpy as np
import pytest

from hardware.earcons import NAMES, earcon, tone


def _pitch(samples: np.ndarray, rate: int) -> float:
    spectrum = np.abs(np.fft.rfft(samples.astype(np.float64)))
    return float(np.fft.rfftfreq(len(samples), 1 / rate)[np.argmax(spectrum)])


@pytest.mark.parametrize("name", ["listening", "heard", "rejected", "night falls", "dawn"])
def test_each_earcon_is_short_and_audible(name):
    clip = earcon(name)
    assert name in NAMES
    assert clip.rate == 22050
    assert 0.05 < clip.duration < 1.5
    assert clip.rms() > 1000
    assert abs(int(clip.samples[0])) < 200 and abs(int(clip.samples[-1])) < 200  # faded


def test_earcons_differ():
    shapes = {name: earcon(name).samples.tobytes() for name in NAMES}
    assert len(set(shapes.values())) == len(NAMES)


def test_night_falls_descends_and_dawn_rises():
    rate = 22050
    night, dawn = earcon("night falls").samples, earcon("dawn").samples
    third = int(0.15 * rate)
    assert _pitch(night[:third], rate) > _pitch(night[-third:], rate)
    assert _pitch(dawn[:third], rate) < _pitch(dawn[-third:], rate)


def test_rate_and_level_are_parameters():
    assert earcon("heard", rate=48000).rate == 48000
    assert earcon("heard", level=0.1).rms() < earcon("heard", level=0.3).rms()
    assert np.max(np.abs(tone(440.0, 0.2))) <= 0.31


def test_unknown_earcon_names_the_known_ones():
    with pytest.raises(KeyError, match="dawn"):
        earcon("sunrise")
