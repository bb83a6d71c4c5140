"""Fused, with the wake phrase: a reading refused as far from what moonshine heard is decided
again on the audio after the wake phrase's last word (hardware/moonshine_wake.py), in clear
audio only. On real audio through the real recognizers, and the cut's arithmetic alone."""
from __future__ import annotations

import numpy as np
import pytest

import hardware.moonshine_wake as after
from audio_helpers import Voice, read_samples, requires_tts, synthesize
from hardware.moonshine_ahead import Heard
from hardware.moonshine_model import bundled_model_dir
from hardware.moonshine_text import styled
from hardware.moonshine_wake import AfterWake, wake_end
from hardware.recognizer import GrammarSpec, RecognitionResult, WordResult
from narrator.cli.commands import language_for
from narrator.language.pronunciations import load_pronunciations
from narrator.voice.listener import listen_for_wake
from voice_helpers import fused_recognizer, streamed

RATE = 16000
INTENTS = ["slay", "next", "undo", "repeat", "help", "status", "pause", "resume", "nominate", "execute", "end_day"]
# espeak-ng's en-gb: moonshine writes the whole "Storyteller must lay a slain seat, too.", far
# from every phrase; the command alone it reads near "the slayer slays seat two"
SAID, VOICE = "storyteller the slayer slays seat two", Voice("espeak", "en-gb", 140)

needs_moonshine = pytest.mark.skipif(bundled_model_dir() is None, reason="moonshine-voice 0.0.49 not installed")


def reading(*words):
    """A grammar recognizer's result: (word, start, end) each."""
    return RecognitionResult(" ".join(w for w, _, _ in words), 0.6,
                             tuple(WordResult(w, 0.6, start, end) for w, start, end in words))


def test_the_wake_phrase_ends_where_the_grammar_recognizer_timed_its_last_word():
    said = reading(("storyteller", 0.5, 1.1), ("next", 1.1, 1.4))
    # the stream has taken in 3 s (96000 bytes); the utterance's audio begins at byte 8000
    # (0.25 s): the wake phrase ends 1.9 s before now, 0.85 s into the audio
    assert wake_end(said, "storyteller", 3.0, 96000, 8000, RATE) == int(0.85 * RATE)
    # a wake phrase of two words ends at its second
    two = reading(("hey", 0.2, 0.4), ("storyteller", 0.4, 1.0), ("next", 1.0, 1.3))
    assert wake_end(two, "hey storyteller", 2.0, 64000, 0, RATE) == RATE
    # nothing to cut: no wake phrase, nothing after it, another first word, no times, no clock
    assert wake_end(said, "", 3.0, 96000, 8000, RATE) is None
    assert wake_end(reading(("storyteller", 0.5, 1.1)), "storyteller", 3.0, 96000, 8000, RATE) is None
    assert wake_end(reading(("next", 0.5, 1.1), ("undo", 1.1, 1.4)), "storyteller", 3.0, 96000, 8000, RATE) is None
    assert wake_end(reading(("storyteller", None, None), ("next", None, None)), "storyteller", 3.0, 96000, 8000,
                    RATE) is None
    assert wake_end(said, "storyteller", None, 96000, 8000, RATE) is None


def test_pocketsphinx_counts_the_seconds_of_its_stream_on_its_word_times_clock():
    from hardware.sphinx import SphinxRecognizer

    source = SphinxRecognizer()
    source.new_stream(b"")
    quiet = np.random.default_rng(2).normal(0, 30, RATE // 2 + 100).astype(np.int16)   # 0.5 s and a part frame
    source.accept(quiet.tobytes())
    assert source.stream_seconds == pytest.approx(len(quiet) / RATE)
    source.flush()    # the next stream's clock starts again
    assert source.stream_seconds == 0.0


def test_only_a_refusal_far_from_what_was_heard_in_clear_audio_after_the_wake_phrase_is_heard_again():
    class Done:   # only what after_wake reads before it cuts: did moonshine's transcript begin so
        begin, begun = "storyteller", True
    samples = np.zeros(2 * RATE, np.int16)
    far = RecognitionResult("storyteller next", 0.1, (), False, "far from what was heard ('Stormy.')")
    for done, rest, reading_, snr in (
            (Done(), RATE, RecognitionResult("storyteller next", 0.9), 40.0),       # accepted
            (Done(), RATE, RecognitionResult("storyteller next", 0.1, (), False, "low confidence"), 40.0),
            (Done(), RATE, far, 20.0),                                               # babble
            (Done(), RATE, far, None),
            (type("Talk", (), {"begin": "storyteller", "begun": False})(), RATE, far, 40.0),  # never began so
            (Done(), None, far, 40.0), (Done(), 0, far, 40.0),
            (Done(), 2 * RATE - RATE // 10, far, 40.0),                              # no command's worth left
            (Done(), RATE, None, 40.0)):
        assert after.after_wake(done, samples, RATE, rest, reading_, snr) is None


@pytest.fixture(scope="module")
def setup():
    pytest.importorskip("onnxruntime")
    language = language_for(None, 12)
    recognizer = fused_recognizer(language, INTENTS)
    return language, recognizer


@needs_moonshine
@requires_tts
def test_after_the_wake_phrase_each_phrase_is_scored_as_the_command_alone(setup):
    _, recognizer = setup
    samples = read_samples(synthesize("storyteller next", Voice("espeak", "en-us", 150)))
    whole = Heard(recognizer.model, samples, RATE, styled, begin="storyteller")
    rest = samples[int(0.8 * RATE):]
    cut = AfterWake(whole, rest, RATE, "storyteller")
    alone = Heard(recognizer.model, rest, RATE, styled)
    assert list(cut.score(["storyteller next", "storyteller undo"]).values()) == \
        list(alone.score(["next", "undo"]).values())
    assert cut.free.logprob == alone.free.logprob
    assert cut.free.text == "Storyteller " + alone.free.text   # heard as a reading is written
    assert cut.loud == whole.loud    # the length check counts the wake phrase's syllables too


def heard(recognizer, language):
    """``SAID`` streamed into the fused recognizer as the wake-phrase Listener sets it: its readings."""
    listen_for_wake(recognizer, "storyteller")
    recognizer.set_grammar(GrammarSpec.from_data(language.grammar(INTENTS, prefix="storyteller"),
                                                 load_pronunciations()))
    return streamed(recognizer, read_samples(synthesize(SAID, VOICE)))


@needs_moonshine
@requires_tts
def test_a_command_refused_whole_is_heard_after_the_wake_phrase_in_clear_audio(setup, monkeypatch):
    language, recognizer = setup
    try:
        again = heard(recognizer, language)
        monkeypatch.setattr(after, "AFTER_WAKE_MIN_SNR_DB", float("inf"))   # as in babble: not again
        whole = heard(recognizer, language)
    finally:
        listen_for_wake(recognizer, "")
    assert [r.second.text for r in again] == ["storyteller the slayer slays seats two"]   # pocketsphinx's
    assert whole[0].snr_db > 30   # clear audio
    assert (whole[0].accepted, whole[0].reason.startswith(after.FAR)) == (False, True)
    assert (again[0].text, again[0].accepted) == (SAID, True)
    assert again[0].heard.startswith("Storyteller ")
