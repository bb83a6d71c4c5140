"""Fused, on real audio through the real recognizers: where moonshine and pocketsphinx read an
utterance differently, pocketsphinx is made to choose among moonshine's best phrases (the
result's ``chosen``); where they read the same command, it is not (no work for nothing)."""
from __future__ import annotations

import numpy as np
import pytest

from audio_helpers import ESPEAK_US, VOICES, requires_tts
from hardware.moonshine_model import bundled_model_dir
from hardware.recognizer import GrammarSpec, said_alike
from narrator.cli.commands import language_for
from narrator.language.pronunciations import load_pronunciations
from narrator.voice.listener import Listener
from narrator.voice.verdict import CHOSEN
from test_sphinx_choice import in_babble

DAY = ["nominate", "exile", "execute", "end_day", "undo", "redo", "repeat", "help", "status", "pause",
       "resume", "ask_dead"]
CHUNK = 1600

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


def stream(recognizer, pcm: bytes) -> list:
    samples = np.concatenate([np.zeros(8000, np.int16), np.frombuffer(pcm, np.int16), np.zeros(16000, np.int16)])
    recognizer.new_stream(b"")
    results = [r for s in range(0, len(samples) - CHUNK + 1, CHUNK)
               if (r := recognizer.accept(samples[s:s + CHUNK].tobytes())) is not None]
    while (r := recognizer.flush()) is not None:
        results.append(r)
    return results


def test_a_choice_is_made_where_the_two_differ_and_only_there(setup):
    """flite rms's "who is dead" in 15 dB babble: pocketsphinx read "what can", moonshine
    "who is dead"; made to choose among moonshine's phrases, pocketsphinx chose "who is dead".
    espeak's "exile seat three": both read the command (one "seats"): no choice made."""
    language, recognizer = setup
    recognizer.refuses = None   # no Listener's policy: wherever the two differ
    [differ] = [r for r in stream(recognizer, in_babble("who is dead", VOICES[4], 15.0)) if r.second is not None]
    assert not said_alike(recognizer.grammar, differ.text, differ.second.text)
    assert differ.chosen is not None and differ.chosen.text in {p for p, _ in differ.alternatives}
    assert differ.chosen.text == "who is dead"
    for result in stream(recognizer, in_babble("exile seat three", ESPEAK_US, 15.0)):
        if result.second is not None and said_alike(recognizer.grammar, result.text, result.second.text):
            assert result.chosen is None
    recognizer.choosing = False
    try:
        assert all(r.chosen is None for r in stream(recognizer, in_babble("who is dead", VOICES[4], 15.0)))
    finally:
        recognizer.choosing = True


def test_the_listener_asks_what_was_chosen(setup):
    """Through the Listener: flite awb's "repeat" in 10 dB babble, which the two first read
    differently and pocketsphinx then chose among moonshine's phrases, is asked, not carried
    out (refused before: "say that again")."""
    language, recognizer = setup
    listener = Listener(recognizer, language, gating="open")
    listener.set_expected(DAY)
    pcm = np.frombuffer(in_babble("repeat", VOICES[5], 10.0), np.int16)
    samples = np.concatenate([np.zeros(8000, np.int16), pcm, np.zeros(16000, np.int16)])
    recognizer.new_stream(b"")
    commands = []
    for start in range(0, len(samples) - CHUNK + 1, CHUNK):
        commands += listener.feed(samples[start:start + CHUNK].tobytes())
    commands += listener.finish()
    assert not commands, "asked, not carried out"
    [asked] = [h for h in listener.heard if h.verdict == "confirm"]
    assert (asked.intent, asked.reason) == ("repeat", CHOSEN)


def test_with_a_listener_a_choice_is_made_only_where_its_policy_refuses(setup):
    """The same "who is dead": moonshine's reading alone is what the Listener's policy takes,
    so no choice is made (0.05-0.15 s saved); "repeat" at 10 dB it refuses, so one is."""
    language, recognizer = setup
    listener = Listener(recognizer, language, gating="open")
    listener.set_expected(DAY)
    assert recognizer.refuses is not None
    rescored, rescore = [], recognizer._rescore
    recognizer._rescore = lambda result: (out := rescore(result), rescored.append(out))[0]
    try:
        cases = (("who is dead", VOICES[4], 15.0, False), ("repeat", VOICES[5], 10.0, True))
        for phrase, voice, snr_db, chosen in cases:
            rescored.clear()
            pcm = np.frombuffer(in_babble(phrase, voice, snr_db), np.int16)
            samples = np.concatenate([np.zeros(8000, np.int16), pcm, np.zeros(16000, np.int16)])
            recognizer.new_stream(b"")
            for start in range(0, len(samples) - CHUNK + 1, CHUNK):
                listener.feed(samples[start:start + CHUNK].tobytes())
            listener.finish()
            differ = [r for r in rescored if r.second is not None
                      and not said_alike(recognizer.grammar, r.text, r.second.text)]
            assert differ and any(r.chosen is not None for r in differ) == chosen, (phrase, differ)
    finally:
        recognizer._rescore = rescore
