"""Speech synthesis through the real pyttsx3 + espeak-ng."""
from __future__ import annotations

import threading
import wave

import numpy as np
import pytest

from hardware.audio_clip import read_wav
from hardware.tts import Synthesizer, TtsError, TtsUnavailable, espeak_ng_installed

pytestmark = pytest.mark.skipif(not espeak_ng_installed(), reason="espeak-ng is not installed")

LINE = "Wake the Noble, seat three. Show seats one, five and eight."


@pytest.fixture(scope="module")
def synth() -> Synthesizer:
    s = Synthesizer()
    s.check()
    return s


def test_renders_audible_speech_at_espeak_rate(synth):
    clip = synth.synthesize(LINE)
    assert clip.rate == 22050
    assert 1.5 < clip.duration < 10.0
    assert clip.rms() > 500  # speech, not silence


def test_writes_a_wav_file(synth, tmp_path):
    path = synth.synthesize_to_file("Dawn breaks.", tmp_path / "dawn.wav")
    with wave.open(str(path)) as wav:
        assert wav.getframerate() == 22050
        assert wav.getnchannels() == 1
        assert wav.getsampwidth() == 2
        assert wav.getnframes() > 0.3 * 22050
    assert read_wav(path).rms() > 500


def test_longer_text_gives_longer_audio(synth):
    short = synth.synthesize("Seat three.")
    long = synth.synthesize(LINE)
    assert long.duration > 2 * short.duration


def test_a_long_line_is_rendered_whole_every_time(synth):
    """pyttsx3's espeak driver returns from runAndWait while espeak-ng is still speaking and
    writes the WAV when it ends: a long line on a busy machine came back with no file (a
    40-word line failed most times with the cores loaded). Every rendering is whole."""
    line = ("The Snitch is in play: every Minion gets three bluffs. Wake seat 3, Cat and show "
            "them the Undertaker, the Soldier and the Slayer; wake seat 4, Dan and show them "
            "the Librarian, the Virgin and the Mayor. Then put them to sleep. Say next.")
    durations = [synth.synthesize(line).duration for _ in range(5)]
    assert min(durations) > 10.0
    assert max(durations) - min(durations) < 0.05 * max(durations)


def test_rate_and_volume_are_applied(synth):
    fast = synth.synthesize(LINE, rate=260)
    slow = synth.synthesize(LINE, rate=120)
    assert slow.duration > 1.5 * fast.duration
    loud = synth.synthesize(LINE, volume=1.0)
    quiet = synth.synthesize(LINE, volume=0.3)
    assert quiet.rms() < 0.6 * loud.rms()


def _crossings(clip) -> float:
    """Zero-crossing rate: a cheap stand-in for pitch."""
    signs = np.sign(clip.samples.astype(np.float64))
    return float(np.mean(np.abs(np.diff(signs)) > 0))


def test_voice_is_chosen_and_reset(synth):
    default_a = _crossings(synth.synthesize(LINE))
    female = _crossings(synth.synthesize(LINE, voice="en-us+f3"))
    default_b = _crossings(synth.synthesize(LINE))  # voice=None must not inherit en-us+f3
    assert female > 1.3 * default_a
    assert default_b == pytest.approx(default_a, rel=0.05)
    assert any(v.id == "gmw/en-us" for v in synth.voices())


def test_unknown_voice_is_an_error_not_a_silent_default(synth):
    with pytest.raises(TtsError, match="nonsense"):
        synth.synthesize(LINE, voice="nonsense")


def test_bad_arguments(synth):
    with pytest.raises(ValueError):
        synth.synthesize("   ")
    with pytest.raises(ValueError):
        synth.synthesize("hello", volume=1.5)


def test_counts_syntheses():
    s = Synthesizer()
    s.synthesize("one")
    s.synthesize("two")
    assert s.syntheses == 2


def test_pyttsx3_chatter_does_not_reach_stdout(synth, capfd):
    synth.synthesize("Quiet please.")
    assert "Audio saved" not in capfd.readouterr().out


def test_many_threads_share_the_one_engine(synth):
    texts = [f"Seat {n}." for n in range(1, 9)]
    results: dict[str, int] = {}

    def work(text: str) -> None:
        results[text] = len(synth.synthesize(text).samples)

    threads = [threading.Thread(target=work, args=(t,)) for t in texts]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert sorted(results) == sorted(texts)
    assert all(n > 0 for n in results.values())


def test_missing_engine_raises_a_catchable_error():
    broken = Synthesizer(driver="no_such_driver", timeout=10)
    with pytest.raises(TtsUnavailable, match="no_such_driver"):
        broken.check()
    with pytest.raises(TtsUnavailable):
        broken.synthesize("hello")


def test_doctor_listing_the_voices_leaves_the_speaking_engine_working(synth):
    """espeak-ng keeps one synthesis callback per process: doctor's voice probe once made an
    engine of its own and took it, and the next line spoken never ended."""
    from narrator.doctor_probes import Probes

    assert synth.synthesize("One.").rms() > 500
    assert Probes().pyttsx3_voices()
    assert synth.synthesize("Wake the Washerwoman, seat 1, Ann.").rms() > 500
