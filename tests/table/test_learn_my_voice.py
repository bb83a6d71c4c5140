"""Table mode's "learn my voice": offered at first start, asked for by voice, the prompts said
in the earpiece and answered from the microphone, a real profile built and used at once."""
from __future__ import annotations

import io
import queue
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from audio_helpers import ESPEAK_US, have_tool, speech_samples
from gpio_helpers import factory  # noqa: F401 (fixture)
from hardware.sphinx import SphinxRecognizer
from hardware.sphinx.adapt import missing_tools
from narrator.config import Config, GameConfig, GpioConfig, RecognizerConfig
from narrator.language.enrollment import PROMPTS
from statemachine.line_rules import unfit_to_say
from narrator.speech.printed import PrintedNarration
from narrator.table import lines
from narrator.table.loop import Table
from narrator.table.voice import ListenerVoice
from narrator.table.watchdog import Notifier, Watchdog
from narrator.voice.profile import find_profile

pytestmark = pytest.mark.skipif(bool(missing_tools()) or not have_tool("espeak-ng"),
                                reason="needs sphinxtrain, sphinxbase-utils, pocketsphinx and espeak-ng")
TIMEOUT = 240.0
CHUNK = 1600


class QueueSource:
    """A microphone the test speaks into: chunks put on its queue."""

    name = "test microphone"

    def __init__(self) -> None:
        self.queue: queue.Queue = queue.Queue()

    def start(self) -> None: ...

    def stop(self) -> None:
        self.queue.put(None)

    def speak(self, samples: np.ndarray) -> None:
        data = samples.astype("<i2").tobytes()
        for i in range(0, len(data), 2 * CHUNK):
            self.queue.put(data[i:i + 2 * CHUNK].ljust(2 * CHUNK, b"\0"))


def wait_until(condition, what: str, timeout: float = TIMEOUT) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}")


def start_table(tmp_path: Path, source: QueueSource, profile=None) -> tuple[Table, threading.Thread, io.StringIO,
                                                                      io.StringIO, list[ListenerVoice]]:
    """Table mode on a pocketsphinx voice listening to ``source`` (with ``profile``, if any),
    running on a thread; what it says and prints, and the voice it made."""
    config = Config(gpio=GpioConfig(hold_seconds=0.2), game=GameConfig(data_dir=str(tmp_path / "data")),
                    recognizer=RecognizerConfig(backend="pocketsphinx", gating="open"))
    voices: list[ListenerVoice] = []
    options = profile.recognizer_options() if profile is not None else {}

    def make(deliver, narration):
        voices.append(ListenerVoice(SphinxRecognizer(vad_ratio=0.5, **options), source, deliver,
                                    backend="pocketsphinx", gating="open", wake_phrase="storyteller",
                                    min_confidence=0.3, narration=narration, log_line=lambda _: None,
                                    profile=profile))
        return voices[0]

    said, out = io.StringIO(), io.StringIO()
    notifier = Notifier(str(tmp_path / "notify"))
    table = Table(config, out=out, narration=PrintedNarration(said), notifier=notifier,
                  watchdog=Watchdog(notifier, env={}), voice_factory=make, keyboard=False,
                  poll_seconds=0.1, error_seconds=0.3)
    thread = threading.Thread(target=table.run, daemon=True)
    thread.start()
    return table, thread, said, out, voices


def test_learn_my_voice_by_voice_at_the_table(factory, tmp_path):  # noqa: F811
    data = tmp_path / "data"
    source = QueueSource()
    table, thread, said, out, voices = start_table(tmp_path, source)
    try:
        wait_until(lambda: lines.OFFER_ENROLL in said.getvalue(), "the offer at first start")
        assert "no speaker profile" in out.getvalue()
        source.speak(speech_samples("learn my voice", ESPEAK_US, lead=0.5, tail=1.0))
        wait_until(lambda: lines.ENROLL_START in said.getvalue(), "enrollment to start")
        wait_until(lambda: "Say: next." in said.getvalue(), "the first prompt in the earpiece")
        # the Storyteller says each prompt back, a pause between them
        for n, prompt in enumerate(PROMPTS):
            source.speak(speech_samples(prompt, ESPEAK_US, lead=0.4, tail=1.2, seed=n))
        wait_until(lambda: lines.ENROLL_DONE in said.getvalue() or lines.ENROLL_FAILED in said.getvalue(),
                   "the profile")
        assert lines.ENROLL_DONE in said.getvalue(), out.getvalue()
        for prompt in PROMPTS:
            assert f"Say: {prompt}." in said.getvalue()
        profile = find_profile("", data)
        assert profile is not None and profile.recordings == len(PROMPTS)
        assert voices[0].profile is not None and voices[0].profile.path == profile.path
        assert voices[0].recognizer.model == profile.model  # heard with the adapted model from now on
        assert "voice: learned, profile 'storyteller' (MAP, 30 recordings" in out.getvalue()
        unfit = [line for line in said.getvalue().splitlines() if unfit_to_say(line)]
        assert not unfit
    finally:
        table.request_stop()
        thread.join(10)


@pytest.mark.parametrize("under_babble", [False, True])
def test_a_voice_learned_in_quiet_only_is_offered_learning_again(factory, tmp_path, under_babble):  # noqa: F811
    """A profile made before the babble copies (or without espeak-ng) is told at first start
    that learning again hears it better over the table's talk; one learned under babble is not."""
    import json
    import shutil

    from audio_helpers import synthesize
    from narrator.voice.enroll import Recording, build_profile
    from narrator.voice.profile import load_profile

    made = build_profile([Recording(p, synthesize(p, ESPEAK_US)) for p in PROMPTS], out=tmp_path / "quiet",
                         cache=tmp_path / "base", noisy=())
    if under_babble:
        shutil.copytree(made.path, tmp_path / "babble")
        meta = json.loads((tmp_path / "babble" / "profile.json").read_text())
        meta["calibration"]["babble_copies_db"] = [20.0, 15.0]
        (tmp_path / "babble" / "profile.json").write_text(json.dumps(meta))
    profile = load_profile(tmp_path / ("babble" if under_babble else "quiet"))
    assert profile.under_babble == under_babble
    table, thread, said, out, _ = start_table(tmp_path, QueueSource(), profile)
    try:
        wait_until(lambda: "new game" in said.getvalue(), "the first setup question", timeout=60.0)
        assert (lines.OFFER_RELEARN in said.getvalue()) == (not under_babble), said.getvalue()
        assert lines.OFFER_ENROLL not in said.getvalue()
    finally:
        table.request_stop()
        thread.join(10)
