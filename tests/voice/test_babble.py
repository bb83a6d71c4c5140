"""The table babble a speaker profile is also adapted under (hardware.babble): real espeak-ng
talkers, kept once made, mixed at the level asked for."""
from __future__ import annotations

import random

import numpy as np
import pytest

from audio_helpers import have_tool, speech_samples
from hardware import babble as B

needs_espeak = pytest.mark.skipif(not have_tool("espeak-ng"), reason="needs espeak-ng")


@needs_espeak
def test_babble_is_several_talkers_for_its_length_and_kept_once_made(tmp_path):
    track = B.babble(tmp_path)
    assert track is not None and len(track) == int(B.SECONDS * B.RATE)
    kept = list(tmp_path.glob("babble-*.wav"))
    assert len(kept) == 1
    # talk all the way through: no second of it is silent
    seconds = track[: int(B.SECONDS) * B.RATE].reshape(int(B.SECONDS), B.RATE)
    assert (np.sqrt((seconds ** 2).mean(axis=1)) > 300).all()
    again = B.babble(tmp_path)          # read back, not made again
    assert np.allclose(again, np.round(track), atol=1.0)
    kept[0].write_bytes(b"not a wav")   # a damaged file is made again
    assert B.babble(tmp_path) is not None and len(B.babble(tmp_path)) == len(track)


def test_no_espeak_no_babble(tmp_path, monkeypatch):
    monkeypatch.setattr(B, "espeak_ng_installed", lambda: False)
    assert B.babble(tmp_path) is None
    assert not list(tmp_path.iterdir())


@needs_espeak
@pytest.mark.parametrize("snr", [20.0, 15.0, 5.0])
def test_mix_puts_the_babble_that_far_below_the_speech(snr):
    speech = speech_samples("seat seven nominates seat three", noise=0.0)
    noise = np.random.default_rng(3).normal(0.0, 1000.0, 5 * B.RATE)
    mixed = B.mix(speech, noise, snr, random.Random(2))
    assert mixed.dtype == np.int16 and len(mixed) == len(speech)
    added = mixed.astype(np.float64) - speech
    measured = 10 * np.log10(B.speech_power(speech) / np.mean(added ** 2))
    assert abs(measured - snr) < 0.3
    # a recording longer than the babble still gets babble all through
    long = np.tile(speech, 30)
    assert np.abs(B.mix(long, noise, snr, random.Random(2)).astype(np.float64) - long)[-B.RATE:].mean() > 10


def test_speech_power_counts_the_speech_not_the_silence_around_it():
    tone = (3000 * np.sin(np.arange(B.RATE) * 0.1)).astype(np.int16)
    padded = np.concatenate([np.zeros(2 * B.RATE, dtype=np.int16), tone, np.zeros(2 * B.RATE, dtype=np.int16)])
    assert B.speech_power(padded) == pytest.approx(B.speech_power(tone), rel=0.02)
    assert B.speech_power(np.zeros(0, dtype=np.int16)) == 0.0
