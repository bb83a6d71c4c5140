"""pocketsphinx made to choose among a few phrases (hardware/sphinx/choice.py), on real speech:
the fused recognizer's second opinion where the two recognizers read an utterance differently."""
from __future__ import annotations

import numpy as np
import pytest

from audio_helpers import PIPER, VOICES, requires_tts, speech_samples, table_babble
from hardware.recognizer import GrammarSpec

pytest.importorskip("pocketsphinx")
from hardware.sphinx import SphinxRecognizer  # noqa: E402

pytestmark = requires_tts

JSGF = """#JSGF V1.0;
grammar test;
<seat> = one | two | three | four | five | six | seven | eight | nine | ten;
public <command> = seat <seat> nominates seat <seat> | who is poisoned | redo that | undo that
                 | repeat | next | yes | no;
"""
CHOICES = ["seat two nominates seat eight", "seat two nominates seat six", "undo that", "redo that",
           "who is poisoned", "repeat"]


@pytest.fixture(scope="module")
def recognizer() -> SphinxRecognizer:
    return SphinxRecognizer(GrammarSpec(jsgf=JSGF))


def in_babble(phrase, voice, snr_db):
    speech = speech_samples(phrase, voice, lead=0.3, tail=0.4, noise=0.0).astype(np.float64)
    noise = np.resize(table_babble(len(speech) / 16000 + 0.01), len(speech))
    loud = speech[np.abs(speech) > 0]
    gain = np.sqrt(np.mean(loud ** 2) / np.mean(noise ** 2) / 10 ** (snr_db / 10))
    mixed = speech + noise * gain + np.random.default_rng(5).normal(0.0, 20.0, len(speech))
    return np.clip(np.round(mixed), -32768, 32767).astype(np.int16).tobytes()


@pytest.mark.parametrize("phrase", ["seat two nominates seat six", "redo that", "who is poisoned"])
def test_it_chooses_the_phrase_said_among_near_ones(recognizer, phrase):
    """Clean and in 20 dB babble, on two voices: the phrase said, among phrases a word apart
    ("seat eight" for "six", "undo" for "redo"), and accepted as a result is."""
    for voice in (VOICES[0], PIPER):
        for snr_db in (None, 20.0):
            pcm = (speech_samples(phrase, voice).astype("<i2").tobytes() if snr_db is None
                   else in_babble(phrase, voice, snr_db))
            chosen = recognizer.choose(pcm, CHOICES)
            assert chosen is not None and chosen.text == phrase, (str(voice), snr_db, chosen)
            assert chosen.accepted, (str(voice), snr_db, chosen)


def test_it_leaves_the_stream_as_it_found_it(recognizer):
    """The choice is made by decoders of its own: the stream's next utterance decodes exactly
    as if no choice had been made (setting the cepstral mean back would not do: its running
    sum is lost, and "who is poisoned" in babble after "redo that" scored 0.56 for 0.58)."""
    def next_reading(choose):
        recognizer.new_stream()
        first = in_babble("redo that", VOICES[0], 15.0)
        recognizer.transcribe(first)
        if choose:
            chosen = recognizer.choose(first, ["repeat", "next"])   # neither was said: forced
            assert chosen is not None and chosen.text in ("repeat", "next", "")
        return recognizer.transcribe(in_babble("who is poisoned", VOICES[0], 15.0))

    alone, after = next_reading(False), next_reading(True)
    assert (after.text, after.confidence, after.words) == (alone.text, alone.confidence, alone.words)
    assert recognizer.grammar is not None and recognizer.transcribe(
        speech_samples("seat two nominates seat six", VOICES[3]).astype("<i2").tobytes()).text == \
        "seat two nominates seat six"   # its own grammar still


def test_nothing_to_choose_from_or_words_it_does_not_know(recognizer):
    pcm = speech_samples("repeat", VOICES[0]).astype("<i2").tobytes()
    assert recognizer.choose(pcm, []) is None
    assert recognizer.choose(pcm, ["  "]) is None
    assert recognizer.choose(pcm, ["repeat", "frobnicate the wug"]) is None


def test_not_inside_an_utterance_of_its_own(recognizer):
    """Mid-utterance (the stream's decoders busy) it declines rather than disturb them."""
    recognizer.new_stream()
    speech = speech_samples("seat two nominates seat six", VOICES[0], lead=0.5, tail=0.0)
    recognizer.accept(speech[: len(speech) * 3 // 4].astype("<i2").tobytes())
    assert recognizer._in_utterance
    assert recognizer.choose(speech.astype("<i2").tobytes(), CHOICES) is None
    recognizer.reset()


def test_words_the_grammar_taught_it_are_known_to_the_chooser():
    """A character's name the bundled dictionary lacks comes with the grammar's pronunciations;
    the chooser learns them too (and a new grammar's, when it changes)."""
    jsgf = "#JSGF V1.0;\ngrammar t;\npublic <c> = mezepheles word heard by seat four | seat four | repeat;\n"
    spec = GrammarSpec(jsgf=jsgf, pronunciations={"mezepheles": "M EH Z EH F AH L IY Z"})
    recognizer = SphinxRecognizer(spec)
    pcm = speech_samples("mezepheles word heard by seat four", VOICES[0]).astype("<i2").tobytes()
    chosen = recognizer.choose(pcm, ["mezepheles word heard by seat four", "seat four", "repeat"])
    assert chosen is not None and chosen.text == "mezepheles word heard by seat four"
    recognizer.set_grammar(GrammarSpec(jsgf=jsgf.replace("mezepheles", "zombuul"),
                                       pronunciations={"zombuul": "Z AA M B UW L"}))
    pcm = speech_samples("zombuul word heard by seat four", VOICES[0]).astype("<i2").tobytes()
    chosen = recognizer.choose(pcm, ["zombuul word heard by seat four", "repeat"])
    assert chosen is not None and chosen.text == "zombuul word heard by seat four"
