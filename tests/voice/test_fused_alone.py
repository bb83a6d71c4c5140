"""Fused, pocketsphinx's sure readings are handed on alone (narrator.voice.policy.Policy.acts_alone,
the recognizer's ``alone`` hook the Listener sets): on real audio through the real recognizers,
a command pocketsphinx is sure of, that names no seat and changes something, is carried out
with no moonshine work after the end of speech; a seat or a question is still heard by both;
with the policy's ``alone`` off, every command is."""
from __future__ import annotations

import numpy as np
import pytest

from audio_helpers import ESPEAK_US, read_samples, requires_tts, synthesize
from hardware.moonshine_model import bundled_model_dir
from hardware.recognizer import GrammarSpec
from narrator.cli.commands import language_for
from narrator.language.pronunciations import load_pronunciations
from narrator.voice.listener import Listener
from narrator.voice.policy import Policy

DAY = ["nominate", "exile", "execute", "end_day", "undo", "repeat", "help", "status", "pause", "resume",
       "ask_dead"]
CHUNK = 1600  # 0.1 s, as the microphone queues

pytestmark = [pytest.mark.skipif(bundled_model_dir() is None, reason="moonshine-voice 0.0.49 not installed"),
              requires_tts]


@pytest.fixture(scope="module")
def setup():
    pytest.importorskip("onnxruntime")
    from hardware.moonshine_backend import MoonshineRecognizer
    from hardware.sphinx import SphinxRecognizer

    language = language_for(None, 12)
    recognizer = MoonshineRecognizer(GrammarSpec.from_data(language.grammar(DAY), load_pronunciations()),
                                     source=SphinxRecognizer(vad_ratio=0.5))
    return language, recognizer


def hear(listener, recognizer, text, seed=1):
    """``text`` said once (espeak-ng, a little noise) into the listener: its commands, and the
    decisions moonshine made after pocketsphinx's result (not the work scored ahead)."""
    speech = read_samples(synthesize(text, ESPEAK_US))
    pcm = np.concatenate([np.zeros(8000, np.int16), speech, np.zeros(16000, np.int16)]).astype(np.float64)
    pcm = np.clip(pcm + np.random.default_rng(seed).normal(0, 30, len(pcm)), -32768, 32767).astype(np.int16)
    rescored, rescore = [], recognizer._rescore
    recognizer._rescore = lambda result: (out := rescore(result), rescored.append(out.second is not None))[0]
    recognizer.new_stream(b"")
    commands = []
    try:
        for start in range(0, len(pcm) - CHUNK + 1, CHUNK):
            commands += listener.feed(pcm[start:start + CHUNK].tobytes())
        commands += listener.finish()
    finally:
        recognizer._rescore = rescore
    return commands, rescored


def test_a_sure_command_with_no_seat_is_carried_out_on_pocketsphinx_alone(setup):
    language, recognizer = setup
    listener = Listener(recognizer, language, gating="open")
    listener.set_expected(DAY)
    assert recognizer.alone is not None
    _, rescored = hear(listener, recognizer, "pause")
    assert listener.paused and rescored == [False]
    assert listener.heard[-1].verdict == "accepted"


def test_a_seat_or_a_question_is_heard_by_both_recognizers(setup):
    language, recognizer = setup
    listener = Listener(recognizer, language, gating="open")
    listener.set_expected(DAY)
    [command], rescored = hear(listener, recognizer, "seat two nominates seat six")
    assert (command.intent, command.slots) == ("nominate", {"nominator": 2, "nominee": 6})
    assert rescored == [True]
    [command], rescored = hear(listener, recognizer, "status")
    assert command.intent == "status" and rescored == [True]


def test_with_the_policy_off_every_command_is_rescored(setup):
    language, recognizer = setup
    listener = Listener(recognizer, language, gating="open", policy=Policy(alone=False))
    listener.set_expected(DAY)
    _, rescored = hear(listener, recognizer, "pause")
    assert listener.paused and rescored == [True]
