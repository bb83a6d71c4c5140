"""``narrator say``."""
from __future__ import annotations

import pytest

from hardware.audio_clip import read_wav
from hardware.tts import espeak_ng_installed
from narrator.cli import main

needs_espeak = pytest.mark.skipif(not espeak_ng_installed(), reason="espeak-ng is not installed")


@needs_espeak
def test_writes_the_line_to_a_wav_file(tmp_path, capsys):
    out = tmp_path / "line.wav"
    assert main(["say", "--out", str(out), "Wake", "the", "Noble,", "seat", "three."]) == 0
    clip = read_wav(out)
    assert clip.rate == 22050
    assert 1.0 < clip.duration < 6.0
    assert clip.rms() > 500
    assert str(out) in capsys.readouterr().out


@needs_espeak
def test_channel_settings_apply_to_the_file(tmp_path):
    slow, fast = tmp_path / "slow.wav", tmp_path / "fast.wav"
    assert main(["say", "--channel", "private", "--rate", "110", "--out", str(slow), "Dawn breaks."]) == 0
    assert main(["say", "--channel", "private", "--rate", "300", "--out", str(fast), "Dawn breaks."]) == 0
    assert read_wav(slow).duration > 1.5 * read_wav(fast).duration


def test_without_a_device_the_line_is_printed(capsys):
    assert main(["say", "--channel", "private", "--device", "no such device", "Hello", "there"]) == 0
    captured = capsys.readouterr()
    assert "[private] Hello there" in captured.out
    assert "printed narration" in captured.err


@pytest.mark.parametrize("argv", [
    ["say", "--rate", "5", "hi"],
    ["say", "--volume", "2", "hi"],
    ["say", "--out", "line.mp3", "hi"],
    ["say", "   "],
])
def test_bad_arguments_are_usage_errors(argv, capsys):
    assert main(argv) == 2
    assert capsys.readouterr().err.startswith("narrator: ")


@needs_espeak
def test_unknown_voice_fails_cleanly(tmp_path, capsys):
    assert main(["say", "--voice", "nonsense", "--out", str(tmp_path / "x.wav"), "hi"]) == 1
    assert "cannot synthesize" in capsys.readouterr().err
