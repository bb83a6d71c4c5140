"""Fused, with the wake phrase: where pocketsphinx heard "storyteller", moonshine's free
transcript is made to begin with it (hardware/moonshine_ahead.py, ``Heard``'s ``begin``).

Every phrase of a wake-phrase grammar begins with the wake phrase, and moonshine writes it as
it hears it ("Stormy Taylor next."): every phrase then scored far from the transcript for the
wake phrase's sake alone. Table talk the model finds far less likely so keeps its own
transcript. On real audio through the real recognizers."""
from __future__ import annotations

import pytest

from audio_helpers import ESPEAK_US, read_samples, requires_tts, synthesize
from hardware.moonshine_ahead import BEGIN_COST, Heard, begun
from hardware.moonshine_model import END, bundled_model_dir
from hardware.moonshine_text import styled, words_of
from hardware.recognizer import GrammarSpec
from narrator.cli.commands import language_for
from narrator.language.pronunciations import load_pronunciations
from narrator.voice.listener import Listener, WAKE_MAX_EXTRA_PHONES
from voice_helpers import fused_recognizer, streamed

DAY = ["nominate", "exile", "execute", "end_day", "undo", "repeat", "help", "status", "pause", "resume",
       "ask_dead", "next"]
CHUNK = 800  # 0.05 s, as the microphone queues
SAID = "storyteller next"   # moonshine writes espeak-ng's "storyteller" as "Stormy Taylor"

needs_moonshine = pytest.mark.skipif(bundled_model_dir() is None, reason="moonshine-voice 0.0.49 not installed")


def test_the_wake_phrase_begins_a_reading_only_where_it_was_heard_first():
    assert begun("storyteller", "storyteller seat six") == "storyteller"
    assert begun("hey storyteller", "hey storyteller next") == "hey storyteller"
    assert begun("storyteller", "seat six") == ""
    assert begun("storyteller", "next storyteller") == ""
    assert begun("hey storyteller", "hey next") == ""
    assert begun("", "storyteller next") == ""


@pytest.fixture(scope="module")
def setup():
    pytest.importorskip("onnxruntime")
    language = language_for(None, 12)
    return language, fused_recognizer(language, DAY)


@needs_moonshine
@requires_tts
def test_the_wake_listener_tells_the_recognizer_its_phrase(setup):
    language, recognizer = setup
    Listener(recognizer, language, gating="wake_phrase", wake_phrase="Storyteller ")
    assert recognizer.wake_phrase == "storyteller"
    assert recognizer.max_extra_phones == WAKE_MAX_EXTRA_PHONES
    Listener(recognizer, language, gating="open")   # the same recognizer, listening openly again
    assert recognizer.wake_phrase == "" and recognizer.max_extra_phones is None


@needs_moonshine
@requires_tts
def test_a_transcript_made_to_begin_scores_as_its_own_tokens_do(setup):
    _, recognizer = setup
    model = recognizer.model
    samples = read_samples(synthesize(SAID, ESPEAK_US))
    free = Heard(model, samples, 16000, styled).free
    forced = Heard(model, samples, 16000, styled, begin="storyteller").free
    assert not free.text.startswith("Storyteller")
    assert forced.text.startswith("Storyteller")
    assert list(forced.tokens[:3]) == model.tokenizer.encode("Storyteller")
    states = model.encode(samples)
    assert model.score_tokens(states, [list(forced.tokens) + [END]])[0] == pytest.approx(forced.logprob, abs=1e-6)


@needs_moonshine
@requires_tts
@pytest.mark.parametrize("chatter", ["i think seat three is the demon", "who wants to be nominated next"])
def test_chatter_that_never_said_the_wake_phrase_keeps_its_own_transcript(setup, chatter):
    """Made to begin with "Storyteller", table talk costs the model far more than
    ``BEGIN_COST``: its free transcript stays, and every command phrase far from it."""
    _, recognizer = setup
    model = recognizer.model
    samples = read_samples(synthesize(chatter, ESPEAK_US))
    free = Heard(model, samples, 16000, styled).free
    forced = model.transcribe(model.encode(samples), len(samples) / 16000, model.tokenizer.encode("Storyteller"))
    assert forced.logprob < free.logprob - BEGIN_COST
    assert Heard(model, samples, 16000, styled, begin="storyteller").free == free


def heard(recognizer, language, wake):
    """``SAID`` (espeak-ng, a little noise) streamed into the fused recognizer listening for
    the wake-phrase grammar, with ``wake`` as its wake phrase: moonshine's readings."""
    spec = GrammarSpec.from_data(language.grammar(DAY, prefix="storyteller"), load_pronunciations())
    recognizer.wake_phrase = wake
    recognizer.max_extra_phones = WAKE_MAX_EXTRA_PHONES
    recognizer.set_grammar(spec)
    return [r for r in streamed(recognizer, read_samples(synthesize(SAID, ESPEAK_US)), CHUNK) if r.second is not None]


@needs_moonshine
@requires_tts
def test_where_pocketsphinx_heard_the_wake_phrase_moonshine_reads_the_command_as_said(setup):
    language, recognizer = setup
    try:
        before = heard(recognizer, language, "")
        after = heard(recognizer, language, "storyteller")
    finally:
        recognizer.wake_phrase = ""
        recognizer.max_extra_phones = None
        recognizer.set_grammar(GrammarSpec.from_data(language.grammar(DAY), load_pronunciations()))
    assert [r.second.text for r in after] == [SAID]
    assert [r.text for r in after] == [SAID]
    assert words_of(after[0].heard) == SAID.split()   # its very words: nothing scored far for the wake phrase
    assert after[0].alternatives[0][1] == pytest.approx(0.0, abs=0.5)
    assert before and words_of(before[0].heard) != SAID.split()
    assert before[0].alternatives[0][1] < after[0].alternatives[0][1]


def test_a_free_transcript_too_unlikely_to_be_kept_is_not_decoded_to_its_end(setup):
    """Made to begin with the wake phrase first, the free transcript is decoded only until it
    is too unlikely to be kept (``BEGIN_COST`` under the made one), off the made one's path:
    the same transcript is kept, in fewer decoder runs than both decoded whole."""
    _, recognizer = setup
    model = recognizer.model
    samples = read_samples(synthesize(SAID, ESPEAK_US))
    seconds = len(samples) / 16000
    states = model.encode(samples)
    whole = model.transcribe(states, seconds)
    forced = model.transcribe(states, seconds, model.tokenizer.encode("Storyteller"))
    assert forced.logprob >= whole.logprob - BEGIN_COST and not whole.text.startswith("Storyteller")
    # on the made transcript's own path it is never cut short; off it, cut once under the floor
    assert model.transcribe(states, seconds, below=(0.0, whole.tokens + (END,))) == whole
    cut = model.transcribe(states, seconds, below=(forced.logprob + BEGIN_COST, forced.tokens + (END,)))
    assert cut.logprob == float("-inf") and len(cut.tokens) < len(whole.tokens)
    assert whole.tokens[:len(cut.tokens)] == cut.tokens

    runs = []
    step = model._step
    model._step = lambda *args: runs.append(1) or step(*args)
    try:
        kept = Heard(model, samples, 16000, styled, begin="storyteller").free
    finally:
        del model._step
    assert kept == forced
    assert len(runs) < len(whole.tokens) + len(forced.tokens)   # both whole: 5 + 5 runs; now 5
