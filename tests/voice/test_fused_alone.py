"""Fused, pocketsphinx's sure readings are handed on alone (narrator.voice.policy.Policy.acts_alone,
the recognizer's ``alone`` hook the Listener sets): on real audio through the real recognizers,
a command pocketsphinx is sure of, that names no seat and changes something, is carried out
with no moonshine work after the end of speech; one with a seat has only its number checked by
moonshine (asked between the two where moonshine hears another); a question is heard by both;
with the policy's ``alone`` off, every command is."""
from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from audio_helpers import ESPEAK_US, read_samples, requires_tts, synthesize
from hardware.moonshine_model import bundled_model_dir
from narrator.cli.commands import language_for
from narrator.voice.listener import Listener
from narrator.voice.policy import Policy
from voice_helpers import fused_recognizer

DAY = ["nominate", "exile", "execute", "end_day", "undo", "repeat", "help", "status", "pause", "resume",
       "ask_dead"]
CHUNK = 1600  # 0.1 s, as the microphone queues

pytestmark = [pytest.mark.skipif(bundled_model_dir() is None, reason="moonshine-voice 0.0.49 not installed"),
              requires_tts]


@pytest.fixture(scope="module")
def setup():
    pytest.importorskip("onnxruntime")
    language = language_for(None, 12)
    return language, fused_recognizer(language, DAY)


def hear(listener, recognizer, text, seed=1):
    """``text`` said once (espeak-ng, a little noise) into the listener: its commands, and how
    much of moonshine each of pocketsphinx's results had: "alone" (none), "numbers" (its
    numbers checked) or "all" (its own reading too)."""
    speech = read_samples(synthesize(text, ESPEAK_US))
    pcm = np.concatenate([np.zeros(8000, np.int16), speech, np.zeros(16000, np.int16)]).astype(np.float64)
    pcm = np.clip(pcm + np.random.default_rng(seed).normal(0, 30, len(pcm)), -32768, 32767).astype(np.int16)
    rescored, rescore = [], recognizer._rescore
    recognizer._rescore = lambda result, now=None: (out := rescore(result, now), rescored.append(
        "alone" if out.second is None else "all" if out.heard else "numbers"))[0]
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
    assert listener.paused and rescored == ["alone"]
    assert listener.heard[-1].verdict == "accepted"


def test_a_sure_seat_has_its_number_checked_and_a_question_is_heard_by_both(setup):
    language, recognizer = setup
    listener = Listener(recognizer, language, gating="open")
    listener.set_expected(DAY)
    [command], rescored = hear(listener, recognizer, "exile seat three")
    assert (command.intent, command.slots, rescored) == ("exile", {"seat": 3}, ["numbers"])
    [command], rescored = hear(listener, recognizer, "status")
    assert command.intent == "status" and rescored == ["all"]


def test_a_number_moonshine_hears_otherwise_is_asked_between_the_two(setup):
    # pocketsphinx is made sure of "exile seat four" on audio that says "exile seat three"
    language, recognizer = setup
    lines = []
    listener = Listener(recognizer, language, gating="open", say=lambda channel, text: lines.append(text))
    listener.set_expected(DAY)
    source_accept = recognizer.source.accept

    def misheard(pcm):
        result = source_accept(pcm)
        if result is None or result.text != "exile seat three":
            return result
        return dataclasses.replace(result, text="exile seat four", words=tuple(
            dataclasses.replace(w, word="four") if w.word == "three" else w for w in result.words))
    recognizer.source.accept = misheard
    try:
        commands, rescored = hear(listener, recognizer, "exile seat three")
    finally:
        recognizer.source.accept = source_accept
    assert commands == [] and rescored == ["numbers"]
    assert lines[-1] in ("Exile seat three or four?", "Exile seat four or three?")


def test_with_the_policy_off_every_command_is_rescored(setup):
    language, recognizer = setup
    listener = Listener(recognizer, language, gating="open", policy=Policy(alone=False))
    listener.set_expected(DAY)
    _, rescored = hear(listener, recognizer, "pause")
    assert listener.paused and rescored == ["all"]


def deaf(recognizer):
    """pocketsphinx made to hear nothing whole, on whatever audio (as it heard espeak's "no")."""
    source_accept = recognizer.source.accept

    def nothing(pcm):
        result = source_accept(pcm)
        if result is None:
            return None
        return dataclasses.replace(result, text="", words=(), accepted=False, reason="nothing in the grammar matched")
    recognizer.source.accept = nothing
    return lambda: setattr(recognizer.source, "accept", source_accept)


def test_a_command_only_moonshine_heard_is_acted_on_when_it_leads_another_command(setup):
    """Real audio, pocketsphinx hearing nothing: moonshine alone, sure and far ahead of any
    other command, is carried out; one with seats in it is asked, its numbers in doubt (a seat
    only one recognizer heard is never acted on)."""
    language, recognizer = setup
    lines = []
    listener = Listener(recognizer, language, gating="open", say=lambda channel, text: lines.append(text))
    listener.set_expected(DAY)
    undo = deaf(recognizer)
    try:
        commands, rescored = hear(listener, recognizer, "end the day")
        assert [c.intent for c in commands] == ["end_day"] and rescored == ["all"]
        reading = listener.heard[-1]
        assert reading.verdict == "accepted", reading
        commands, _ = hear(listener, recognizer, "seat two nominates seat six")
        assert commands == [] and lines[-1] == "Seat two nominates seat six? Yes or no.", lines
        assert listener.heard[-1].reason == "unsure of two and six"
    finally:
        undo()
