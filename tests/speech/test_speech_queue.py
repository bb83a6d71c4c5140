"""The speech queue: order, repeat, stop, half-duplex flag, routing, cache, printed fallback."""
from __future__ import annotations

import io
import threading

import numpy as np
import pytest

from hardware.audio_clip import Clip
from hardware.speakers_mock import MockOutputBackend
from hardware.tts import Synthesizer, TtsError, espeak_ng_installed
from narrator.speech.printed import PrintedNarration
from narrator.speech.queue import SpeechQueue, open_narration
from narrator.speech.settings import SpeechSettings
from speech_alsa_helpers import make_alsa_home, run_with_alsa_home

needs_espeak = pytest.mark.skipif(not espeak_ng_installed(), reason="espeak-ng is not installed")


class FakeSynth:
    """Each line becomes 0.2 s of a constant level that identifies it (its 1-based order)."""

    def __init__(self) -> None:
        self.syntheses = 0
        self.levels: dict[str, int] = {}

    def check(self) -> None:
        pass

    def describe(self) -> str:
        return "fake voice"

    def synthesize(self, text, voice=None, rate=None, volume=None) -> Clip:
        if "FAIL" in text:
            raise TtsError("cannot say that")
        self.syntheses += 1
        level = self.levels.setdefault(text, 1000 * (len(self.levels) + 1))
        return Clip(np.full(4410, level, dtype=np.int16), 22050)


def lines_heard(backend: MockOutputBackend, device: int) -> list[int]:
    """The sequence of constant levels written to a device (one entry per line)."""
    levels = [int(v) for v in backend.samples(device) if v >= 1000 and v % 1000 == 0]
    return [v for i, v in enumerate(levels) if i == 0 or levels[i - 1] != v]


def five_seconds_of(synth: FakeSynth, long_line: str) -> str:
    """``long_line`` becomes 5 s at level 7000 (long enough to be cut); the rest as before."""
    synth.synthesize = lambda text, *a, **k: Clip(np.full(22050 * 5, 7000, np.int16), 22050) \
        if text == long_line else FakeSynth.synthesize(synth, text)
    return long_line


@pytest.fixture
def rig():
    backend = MockOutputBackend(["Table speaker", "Storyteller earpiece"])
    synth = FakeSynth()
    out = io.StringIO()
    settings = SpeechSettings(public_device="table", private_device="earpiece")
    narration = open_narration(settings, out, backend=backend, synthesizer=synth)
    assert isinstance(narration, SpeechQueue)
    yield narration, backend, synth, out
    narration.close()


def test_say_returns_while_the_device_is_still_busy(rig):
    narration, backend, synth, _ = rig
    backend.gate = threading.Event()  # every write waits: the device never finishes
    narration.say("public", "Night falls.")
    assert backend.wrote.wait(5)
    for n in range(5):  # would hang here if say() waited for playback
        narration.say("private", f"Prompt {n}")
    assert narration.is_speaking and narration.speaking.is_set()
    assert not narration.wait_idle(0.05)
    backend.gate.set()
    assert narration.wait_idle(5)
    assert not narration.is_speaking


def test_lines_play_in_order_on_their_own_devices(rig):
    narration, backend, synth, _ = rig
    narration.say("public", "Night falls.")
    narration.say("private", "Wake the Noble, seat three.")
    narration.say("public", "Dawn.")
    narration.say("private", "Wake the Empath, seat five.")
    assert narration.wait_idle(5)
    assert lines_heard(backend, 0) == [1000, 3000]
    assert lines_heard(backend, 1) == [2000, 4000]
    devices = [d for d, _ in backend.writes]
    order = [d for i, d in enumerate(devices) if i == 0 or devices[i - 1] != d]
    assert order == [0, 1, 0, 1]


def test_repeat_replays_the_last_private_prompt(rig):
    narration, backend, synth, _ = rig
    assert narration.repeat() is False
    narration.say("private", "Show seats one, five and eight.")
    narration.say("public", "Good morning.")
    assert narration.repeat() is True
    assert narration.wait_idle(5)
    assert np.all(backend.samples(1) == 1000)
    assert len(backend.samples(1)) == 2 * 4410
    assert synth.syntheses == 2  # the repeat came from the cache


def test_stop_cuts_the_current_line_and_the_queue_goes_on(rig):
    narration, backend, synth, _ = rig
    long_line = five_seconds_of(synth, "A very long announcement")
    backend.gate = threading.Event()
    narration.say("public", long_line)
    narration.say("public", "Next line.")
    assert backend.wrote.wait(5)
    narration.stop()
    backend.gate.set()
    assert narration.wait_idle(5)
    heard = backend.samples(0)
    assert 0 < np.count_nonzero(heard == 7000) < 22050 * 5
    assert heard[-1] == 1000  # "Next line." still played, in full
    assert np.count_nonzero(heard == 1000) == 4410


def test_stop_with_clear_drops_queued_lines(rig):
    narration, backend, synth, _ = rig
    backend.gate = threading.Event()
    narration.say("public", "One.")
    narration.say("public", "Two.")
    narration.say("private", "Three.")
    assert backend.wrote.wait(5)
    narration.stop(clear=True)
    backend.gate.set()
    assert narration.wait_idle(5)
    assert lines_heard(backend, 0) == [1000]
    assert len(backend.samples(1)) == 0


def test_hush_drops_the_earpieces_lines_and_the_table_hears_its_own_in_full(rig):
    """A button press (next, a dial turn): the earpiece's queued lines are stale and go;
    the table's announcement, playing or queued, is never cut."""
    narration, backend, synth, _ = rig
    backend.gate = threading.Event()
    narration.say("public", "Welcome to the game.")
    narration.say("private", "Say next to begin the first night.")
    narration.say("public", "Night falls.")
    narration.say("private", "Minion info.")
    assert backend.wrote.wait(5)
    narration.hush()
    narration.say("private", "Wake the Poisoner.")
    backend.gate.set()
    assert narration.wait_idle(5)
    level = synth.levels
    assert lines_heard(backend, 0) == [level["Welcome to the game."], level["Night falls."]]
    assert np.count_nonzero(backend.samples(0) == level["Welcome to the game."]) == 4410
    assert lines_heard(backend, 1) == [level["Wake the Poisoner."]]   # only the new line


def test_hush_cuts_the_earpiece_line_playing(rig):
    narration, backend, synth, _ = rig
    long_line = five_seconds_of(synth, "A very long prompt")
    backend.gate = threading.Event()
    narration.say("private", long_line)
    assert backend.wrote.wait(5)
    narration.hush()
    narration.say("private", "Seat 3.")
    backend.gate.set()
    assert narration.wait_idle(5)
    heard = backend.samples(1)
    assert 0 < np.count_nonzero(heard == 7000) < 22050 * 5
    assert heard[-1] == 1000 and np.count_nonzero(heard == 1000) == 4410


def test_one_device_for_both_channels_makes_private_quieter_with_a_chime():
    backend = MockOutputBackend(["Only speaker"])
    narration = open_narration(SpeechSettings(), io.StringIO(), backend=backend,
                               synthesizer=FakeSynth())
    try:
        assert narration.shared
        assert "same device" in narration.describe()
        narration.say("public", "Public line.")
        narration.say("private", "Private line.")
        assert narration.wait_idle(5)
    finally:
        narration.close()
    heard = backend.samples(0)
    public, private = heard[:4410], heard[4410:]
    assert np.all(public == 1000)
    assert len(private) > 4410  # chime + gap + line
    assert np.all(private[-4410:] == 1000)  # line 2 rendered at 2000, played at half gain
    assert np.any(private[:-4410] != 0)  # the chime


def test_a_lost_device_is_reported_and_its_lines_printed(rig):
    narration, backend, synth, out = rig
    narration.say("private", "First prompt.")
    assert narration.wait_idle(5)
    backend.failing.add(1)  # the earpiece is unplugged
    narration.say("private", "Second prompt.")
    narration.say("public", "Still on the table.")
    narration.say("private", "Third prompt.")
    assert narration.wait_idle(5)
    text = out.getvalue()
    assert "private speaker lost" in text
    assert "[private] Second prompt." in text and "[private] Third prompt." in text
    assert lines_heard(backend, 0) == [3000]
    assert "private -> printed (device lost" in narration.describe()


def test_a_line_that_cannot_be_synthesized_is_printed(rig):
    narration, backend, synth, out = rig
    narration.say("public", "FAIL here")
    narration.say("public", "Fine.")
    assert narration.wait_idle(5)
    assert "[public] FAIL here" in out.getvalue()
    assert lines_heard(backend, 0) == [1000]


def test_earcons_play_and_set_the_speaking_flag(rig):
    narration, backend, synth, _ = rig
    backend.gate = threading.Event()
    narration.play_earcon("listening")
    assert backend.wrote.wait(5)
    assert narration.is_speaking
    backend.gate.set()
    assert narration.wait_idle(5)
    assert len(backend.samples(0)) > 0 and synth.syntheses == 0
    with pytest.raises(KeyError):
        narration.play_earcon("trumpet")


def test_bad_channel_is_rejected(rig):
    narration = rig[0]
    with pytest.raises(ValueError):
        narration.say("everyone", "hi")


def test_printed_fallback_without_any_device():
    out = io.StringIO()
    narration = open_narration(SpeechSettings(), out, backend=MockOutputBackend([]),
                               synthesizer=FakeSynth())
    assert isinstance(narration, PrintedNarration)
    assert "printed narration" in narration.describe()
    assert "no audio output device" in narration.describe()
    narration.say("public", "Night falls.")
    narration.say("private", "Wake the Noble.")
    assert narration.repeat()
    assert narration.wait_idle(1) and not narration.is_speaking
    assert out.getvalue().splitlines() == [
        "[public] Night falls.", "[private] Wake the Noble.", "[private] Wake the Noble.",
    ]


def test_printed_fallback_without_espeak():
    narration = open_narration(SpeechSettings(), io.StringIO(),
                               backend=MockOutputBackend(["speaker"]),
                               synthesizer=Synthesizer(driver="no_such_driver", timeout=10))
    assert isinstance(narration, PrintedNarration)
    assert "no speech synthesis" in narration.describe()


def test_this_machine_without_a_sound_card_falls_back_without_raising():
    narration = open_narration(SpeechSettings(public_device="nothing like this"), io.StringIO())
    try:
        assert "printed" in narration.describe()
    finally:
        narration.close()


def test_disabled_speech_is_printed():
    narration = open_narration(SpeechSettings(enabled=False), io.StringIO())
    assert isinstance(narration, PrintedNarration)


STATIC = [("public", "Night falls. Everybody close your eyes."),
          ("private", "Wake the Poisoner."), ("private", "Wake the Fortune Teller.")]


@needs_espeak
def test_second_game_start_synthesizes_nothing(tmp_path):
    settings = SpeechSettings(cache_dir=tmp_path / "cache", private_rate=200)
    backend = MockOutputBackend(["speaker", "earpiece"])
    first_synth = Synthesizer()
    with open_narration(settings, io.StringIO(), backend=backend,
                        synthesizer=first_synth) as first:
        job = first.prepare(STATIC)
        assert job.wait(30) and job.error is None
        assert (job.total, job.synthesized) == (4, 4)  # four sentences
    assert len(list((tmp_path / "cache").glob("*.wav"))) == 4

    second_synth = Synthesizer()
    with open_narration(settings, io.StringIO(), backend=backend,
                        synthesizer=second_synth) as second:
        job = second.prepare(STATIC)
        assert job.wait(30) and (job.done, job.synthesized) == (4, 0)
        second.say("private", "Wake the Poisoner.")
        assert second.wait_idle(10)
        assert second_synth.syntheses == 0
        second.say("private", "Show seats one, five and eight.")  # dynamic: on demand
        assert second.wait_idle(10)
        assert second_synth.syntheses == 1
    # another voice setting is another cache entry
    with open_narration(SpeechSettings(cache_dir=tmp_path / "cache", private_rate=150),
                        io.StringIO(), backend=backend, synthesizer=Synthesizer()) as third:
        job = third.prepare(STATIC)
        assert job.wait(30) and job.synthesized == 2  # the private sentences


ALSA_NARRATE = """
import sys
from narrator.speech.queue import open_narration
from narrator.speech.settings import SpeechSettings
settings = SpeechSettings(public_device="narrator_public", private_device="narrator_private")
narration = open_narration(settings, sys.stdout)
print(narration.describe())
narration.say("public", "Night falls. Everybody close your eyes.")
narration.say("private", "Wake the Noble, seat three.")
assert narration.wait_idle(30)
narration.close()
"""


@needs_espeak
def test_real_speech_reaches_the_configured_alsa_devices(tmp_path):
    paths = make_alsa_home(tmp_path)
    done = run_with_alsa_home(paths["home"], ALSA_NARRATE)
    if "printed narration" in done.stdout:
        pytest.skip(f"PortAudio does not list the test ALSA devices: {done.stdout[-300:]}")
    assert done.returncode == 0, done.stderr
    assert "narrator_public" in done.stdout and "narrator_private" in done.stdout
    for channel, low, high in (("public", 1.5, 8.0), ("private", 1.0, 6.0)):
        written = np.fromfile(paths[channel], dtype="<i2")
        assert low < len(written) / 22050 < high, channel
        assert np.sqrt(np.mean(written.astype(float) ** 2)) > 500, channel
