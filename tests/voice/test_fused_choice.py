"""Fused, on real audio through the real recognizers: where moonshine and pocketsphinx read an
utterance differently, pocketsphinx is made to choose among moonshine's best phrases (the
result's ``chosen``); where they read the same command, it is not (no work for nothing)."""
from __future__ import annotations

import numpy as np

from audio_helpers import ESPEAK_US, VOICES
from hardware.recognizer import said_alike
from narrator.voice.listener import Listener
from narrator.voice.verdict import CHOSEN
from test_fused_alone import CHUNK, DAY, pytestmark, setup  # noqa: F401 (the same recognizer and marks)
from test_sphinx_choice import in_babble


def chunks(recognizer, pcm: bytes):
    """The utterance with quiet around it, in the microphone's chunks, on a new stream."""
    samples = np.concatenate([np.zeros(8000, np.int16), np.frombuffer(pcm, np.int16), np.zeros(16000, np.int16)])
    recognizer.new_stream(b"")
    for start in range(0, len(samples) - CHUNK + 1, CHUNK):
        yield samples[start:start + CHUNK].tobytes()


def stream(recognizer, pcm: bytes) -> list:
    results = [r for chunk in chunks(recognizer, pcm) if (r := recognizer.accept(chunk)) is not None]
    while (r := recognizer.flush()) is not None:
        results.append(r)
    return results


def listen(listener, pcm: bytes) -> list:
    commands = [command for chunk in chunks(listener.recognizer, pcm) for command in listener.feed(chunk)]
    return commands + listener.finish()


def test_a_choice_is_made_where_the_two_differ_and_only_there(setup):
    """flite rms's "who is dead" in 15 dB babble: pocketsphinx read "what can", moonshine
    "who is dead"; made to choose among moonshine's phrases, pocketsphinx chose "who is dead".
    espeak's "exile seat three": both read the command (one "seats"): no choice made."""
    language, recognizer = setup
    recognizer.doubts = None   # no Listener's policy: wherever the two differ
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
    assert not listen(listener, in_babble("repeat", VOICES[5], 10.0)), "asked, not carried out"
    [asked] = [h for h in listener.heard if h.verdict == "confirm"]
    assert (asked.intent, asked.reason) == ("repeat", CHOSEN)


def test_with_a_listener_a_choice_is_made_only_where_its_policy_refuses(setup):
    """The same "who is dead": moonshine's reading alone is what the Listener's policy takes,
    so no choice is made (0.05-0.15 s saved); "repeat" at 10 dB it refuses, so one is."""
    language, recognizer = setup
    listener = Listener(recognizer, language, gating="open")
    listener.set_expected(DAY)
    assert recognizer.doubts is not None
    rescored, rescore = [], recognizer._rescore
    recognizer._rescore = lambda result, now=None: (out := rescore(result, now), rescored.append(out))[0]
    try:
        cases = (("who is dead", VOICES[4], 15.0, False), ("repeat", VOICES[5], 10.0, True))
        for phrase, voice, snr_db, chosen in cases:
            rescored.clear()
            listen(listener, in_babble(phrase, voice, snr_db))
            differ = [r for r in rescored if r.second is not None
                      and not said_alike(recognizer.grammar, r.text, r.second.text)]
            assert differ and any(r.chosen is not None for r in differ) == chosen, (phrase, differ)
    finally:
        recognizer._rescore = rescore
